"""Every entry of the site, parsed once.

The verifier, the matrix, the claims check, the build, the benchmark and
the tests read entries from a ``Catalogue``: the snippet files under
``snippets/<stage>/``, each parsed once into an ``Entry``, or the fault
that stops it parsing (an ``EntryError`` naming the file). A build reads
one catalogue when it starts (``make serve`` reads a new one for each
rebuild); a test session reads one.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from engine.entry import (
    ROOT,
    Entry,
    EntryError,
    known_topics,
    load,
    snippet_files,
    stages,
)


@dataclass(frozen=True)
class Catalogue:
    root: Path  # the project: snippets/ and mkdocs.yml are under it
    entries: dict[str, Entry]  # 'stage/file.py' -> its entry, sorted
    faults: dict[str, EntryError]  # 'stage/file.py' -> why it does not parse

    @classmethod
    def read(cls, root: Path = ROOT) -> Catalogue:
        parsed, faults = {}, {}
        topic_map = root / "snippets" / "topics.md"
        topics = known_topics(topic_map) if topic_map.is_file() else None
        for path in snippet_files(root / "snippets"):
            rel = path.relative_to(root / "snippets").as_posix()
            try:
                parsed[rel] = load(path, topics)
            except EntryError as err:
                faults[rel] = err
        return cls(root, parsed, faults)

    @property
    def names(self) -> list[str]:
        """Every snippet's 'stage/file.py', parsed or not, sorted."""
        return sorted([*self.entries, *self.faults])

    def entry(self, rel: str) -> Entry:
        """The entry of snippets/<rel>; its fault when it does not parse."""
        if rel in self.faults:
            raise self.faults[rel]
        if rel not in self.entries:
            raise EntryError(f"snippets/{rel}: snippet file does not exist")
        return self.entries[rel]

    def all(self) -> list[Entry]:
        """Every entry; the first fault when one does not parse."""
        for fault in self.faults.values():
            raise fault
        return list(self.entries.values())

    @cached_property
    def stages(self) -> list[str]:
        """The stages in the site's order (the mkdocs.yml nav)."""
        return stages(self.root / "mkdocs.yml")
