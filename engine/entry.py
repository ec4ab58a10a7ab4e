"""Parse one snippet file into an entry, without running or importing it.

A snippet's module docstring holds the entry's title (first line), its prose
parts and its metadata lines; ``# --8<-- [start:NAME]`` / ``[end:NAME]``
markers delimit the code shown on the page. Every rule a snippet must
follow is checked here, and every fault names the file.
"""

from __future__ import annotations

import ast
import re
import sys
import textwrap
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SNIPPETS = ROOT / "snippets"
FIGURES = ROOT / "docs" / "figures"  # charts drawn by verified runs
CONFIG = ROOT / "mkdocs.yml"

MAX_SHOWN_LINE = 72  # characters; longer lines do not print in columns
MAX_TITLE = 80  # characters
MAX_PITFALL_WORDS = 40  # the pitfall is what the printed sheet keeps
MAX_PROSE_WORDS = 150  # when + what + pitfall, the prose before the code
MAX_ALIASES = 10
MAX_ALIAS = 160  # characters
SEVERITIES = ("crash", "silent", "perf", "tip")
# Prose parts, in the order the page shows them: (label, key, required).
# "Checked:" says what the run proves and what it does not; the page shows
# it as a footnote under the output, and it is not counted as prose.
PARTS = (
    ("When you hit it:", "when", True),
    ("What is going on:", "what", True),
    ("Pitfall:", "pitfall", True),
    ("Checked:", "checked", False),
)
METADATA_KEYS = (
    "severity",
    "topics",
    "requires",
    "volatile",
    "figure",
    "aliases",
    "formerly",
)
FORMERLY_RE = re.compile(r"^[a-z-]+/[a-z0-9-]+$")  # stage/anchor
MARKER_RE = re.compile(r"^\s*# --8<-- \[(start|end):([A-Za-z0-9_-]+)\]\s*$")
METADATA_RE = re.compile(rf"^({'|'.join(METADATA_KEYS)}):")
ALIAS_RE = re.compile(r"^\s*- (.+)$")


class EntryError(Exception):
    """An authoring fault in a snippet file; the message names the file."""


@dataclass(frozen=True)
class Entry:
    path: Path  # absolute path of the snippet file
    title: str
    prose: dict[str, str]  # key from PARTS -> Markdown text
    sections: dict[str, str]  # section name -> shown code, in file order
    severity: str
    topics: tuple[str, ...]
    requires_gpu: bool
    volatile: str | None  # why the output changes from run to run
    figure: str | None  # alt text of the charts the run draws
    aliases: tuple[str, ...]  # how readers phrase it, for search
    formerly: tuple[str, ...]  # 'stage/anchor' of cards merged into it
    # The file as read (its cache key and the claims check read this, not
    # the file again).
    source: bytes = field(default=b"", repr=False, compare=False)

    @property
    def rel(self) -> str:
        """The snippet's path relative to snippets/, e.g. data/cache.py."""
        return self.path.relative_to(self.path.parent.parent).as_posix()

    @property
    def stage(self) -> str:
        return self.path.parent.name

    @property
    def anchor(self) -> str:
        """Stable anchor: the file name, so retitling keeps old links."""
        return self.path.stem.replace("_", "-")

    @property
    def figures_dir(self) -> str:
        return figures_dir(self.rel)


def figures_dir(rel: str) -> str:
    """Where the charts of a snippet's run are kept, under FIGURES:
    data/x.py -> data/x."""
    return rel.removesuffix(".py")


def snippet_files(root: Path = SNIPPETS) -> list[Path]:
    """Every snippet under snippets/<stage>/, sorted."""
    return sorted(root.glob("*/*.py"))


def stages(config: Path = CONFIG) -> list[str]:
    """The stages, in the site's order: the pages of the mkdocs.yml nav
    that are named after a snippets/ folder. Every folder needs one."""
    import yaml  # only the build and the tests need this, not the runs

    class Loader(yaml.SafeLoader):
        pass

    # Tags such as !ENV do not matter for the nav.
    Loader.add_multi_constructor("!", lambda loader, suffix, node: None)
    nav = yaml.load(config.read_text(encoding="utf-8"), Loader)["nav"]
    # A stage page sits at the top of docs/ (guide/setup.md is not one).
    files = [next(iter(item.values())) for item in nav if isinstance(item, dict)]
    pages = [Path(file).stem for file in files if "/" not in str(file)]
    folders = {
        p.name
        for p in (config.parent / "snippets").iterdir()
        if p.is_dir() and not p.name.startswith((".", "_"))
    }
    missing = sorted(folders - set(pages))
    if missing:
        raise EntryError(
            f"{config.name}: snippets/{missing[0]}/ has no page "
            f"{missing[0]}.md in the nav"
        )
    return [page for page in pages if page in folders]


def known_topics(topic_map: Path) -> frozenset[str]:
    """The topic IDs listed in snippets/topics.md ('- S1: ...'), read
    afresh each time: `make serve` rebuilds in one process."""
    text = topic_map.read_text(encoding="utf-8")
    return frozenset(re.findall(r"^- ([A-Z]\d{1,2}):", text, re.MULTILINE))


def _fail(path: Path, message: str) -> EntryError:
    try:
        shown = path.relative_to(ROOT)
    except ValueError:
        shown = path
    return EntryError(f"{shown}: {message}")


def count_words(text: str) -> int:
    """Words a reader reads: tokens with a letter or digit (not table
    rules or lone punctuation)."""
    return sum(1 for token in text.split() if re.search(r"\w", token))


def parse_metadata(path: Path, lines: list[str]) -> dict[str, object]:
    meta: dict[str, object] = {}
    key = None
    for line in lines:
        alias = ALIAS_RE.match(line)
        if alias and key == "aliases":
            meta["aliases"].append(alias[1].strip())
            continue
        if alias:
            raise _fail(path, f"'  - {alias[1].strip()[:40]}' is not under 'aliases:'")
        key, _, value = line.partition(":")
        if key in meta:
            raise _fail(path, f"metadata '{key}:' appears twice")
        meta[key] = [] if key == "aliases" else value.strip()
        if key == "aliases" and value.strip():
            raise _fail(
                path, "'aliases:' takes one '  - phrase' line per alias, below it"
            )
    return meta


def check_metadata(path: Path, meta: dict, topics: frozenset[str] | None) -> None:
    if meta.get("severity") not in SEVERITIES:
        raise _fail(
            path,
            f"'severity:' must be one of {', '.join(SEVERITIES)}"
            f" (got {meta.get('severity')!r})",
        )
    check_topics(path, meta, topics)
    if meta.get("requires", "gpu") != "gpu":
        raise _fail(path, "'requires:' may only be 'gpu'")
    for key in ("volatile", "figure"):
        if key in meta and not meta[key]:
            raise _fail(
                path,
                f"'{key}:' needs a value (volatile: the reason "
                "the output changes; figure: alt text)",
            )
    check_aliases(path, meta)
    check_formerly(path, meta)


def check_topics(path: Path, meta: dict, known: frozenset[str] | None) -> None:
    """Topics come from snippets/topics.md, next to the snippet's stage
    folder, so a throwaway project checks against its own map (``known``:
    that map's IDs, when the caller read it already)."""
    topics = [t.strip() for t in meta.get("topics", "").split(",")]
    if known is None:
        topic_map = path.parent.parent / "topics.md"
        if not topic_map.is_file():
            raise _fail(topic_map, "the topic map does not exist")
        known = known_topics(topic_map)
    unknown = [t for t in topics if t not in known]
    if not meta.get("topics") or unknown:
        raise _fail(
            path,
            "'topics:' must list IDs from snippets/topics.md "
            f"such as 'D5, D10' (got {meta.get('topics')!r})",
        )


def check_aliases(path: Path, meta: dict) -> None:
    """Aliases feed search: a few, short, each once."""
    aliases = meta.get("aliases", [])
    if "aliases" in meta and not aliases:
        raise _fail(path, "'aliases:' lists no alias")
    if len(aliases) > MAX_ALIASES:
        raise _fail(path, f"{len(aliases)} aliases (at most {MAX_ALIASES})")
    for alias in aliases:
        if len(alias) > MAX_ALIAS:
            raise _fail(
                path,
                f"alias {alias[:40]!r}... is {len(alias)} "
                f"characters (at most {MAX_ALIAS})",
            )
    if len({a.lower() for a in aliases}) != len(aliases):
        raise _fail(path, "an alias is listed twice")


def check_formerly(path: Path, meta: dict) -> None:
    """'formerly:' keeps old links to merged cards working, so each item
    must be a 'stage/anchor'."""
    for old in meta.get("formerly", "").split(","):
        if old.strip() and not FORMERLY_RE.match(old.strip()):
            raise _fail(
                path,
                "'formerly:' lists the 'stage/anchor' of "
                f"merged cards (got {old.strip()!r})",
            )


def check_lengths(path: Path, title: str, prose: dict[str, str]) -> None:
    if len(title) > MAX_TITLE:
        raise _fail(path, f"the title is {len(title)} characters (at most {MAX_TITLE})")
    pitfall = count_words(prose["pitfall"])
    if pitfall > MAX_PITFALL_WORDS:
        raise _fail(
            path,
            f"the pitfall is {pitfall} words (at most "
            f"{MAX_PITFALL_WORDS}; it is what the sheet prints)",
        )
    words = sum(count_words(prose[key]) for key in ("when", "what", "pitfall"))
    if words > MAX_PROSE_WORDS:
        raise _fail(
            path,
            f"the prose before the code is {words} words (at "
            f"most {MAX_PROSE_WORDS}); move what the run checks "
            "into a 'Checked:' part",
        )


def parse_docstring(path: Path, doc: str, topics: frozenset[str] | None = None):
    blocks = [b.strip("\n") for b in re.split(r"\n\s*\n", doc.strip())]
    title = blocks[0].strip()
    if "\n" in title or not title:
        raise _fail(
            path,
            "the docstring's first line (the title) must be "
            "one line followed by a blank line",
        )
    prose: dict[str, list[str]] = {}
    meta_lines: list[str] = []
    current = None
    for block in blocks[1:]:
        lines = block.splitlines()
        if METADATA_RE.match(lines[0]) and all(
            METADATA_RE.match(ln) or ALIAS_RE.match(ln) for ln in lines
        ):
            meta_lines += lines
            continue
        for label, key, _required in PARTS:
            if block.startswith(label):
                if key in prose:
                    raise _fail(path, f"'{label}' appears twice")
                current = key
                prose[key] = [block[len(label) :].strip()]
                break
        else:
            if current is None:
                labels = ", ".join(f"'{label}'" for label, _, _ in PARTS)
                raise _fail(
                    path,
                    f"prose must start with one of {labels}; found {lines[0][:40]!r}",
                )
            prose[current].append(block)
    missing = [label for label, key, required in PARTS if required and key not in prose]
    if missing:
        raise _fail(path, f"docstring lacks the part(s) {', '.join(missing)}")
    joined = {k: "\n\n".join(v) for k, v in prose.items()}
    meta = parse_metadata(path, meta_lines)
    check_metadata(path, meta, topics)
    check_lengths(path, title, joined)
    return title, joined, meta


def parse_sections(path: Path, source: str) -> dict[str, str]:
    """The code each section shows, by name, in file order; a marker
    fault names its line, since a file may hold many markers."""
    sections: dict[str, list[str]] = {}
    open_name = None
    start_line = 0
    for number, line in enumerate(source.splitlines(), start=1):
        match = MARKER_RE.match(line)
        if match:
            opened = marker_step(path, number, match, open_name, sections)
            if opened is not None:
                start_line = number
            open_name = opened
            continue
        if "--8<--" in line:
            raise _fail(
                path,
                f"line {number}: malformed section marker "
                f"{line.strip()!r}; expected "
                "'# --8<-- [start:name]' or '[end:name]'",
            )
        if open_name is not None:
            sections[open_name].append(line)
    if open_name is not None:
        raise _fail(
            path, f"section '{open_name}' opened on line {start_line} is never closed"
        )
    return {
        name: check_section_code(path, name, lines) for name, lines in sections.items()
    }


def marker_step(
    path: Path, number: int, match: re.Match, open_name: str | None, sections: dict
) -> str | None:
    """Apply one start or end marker; return the section open after it.
    Sections do not nest, and each name appears once."""
    kind, name = match.groups()
    if kind == "end":
        if name != open_name:
            raise _fail(
                path,
                f"line {number}: '[end:{name}]' does not "
                f"close an open section (open: {open_name})",
            )
        return None
    if open_name is not None:
        raise _fail(
            path,
            f"line {number}: section '{name}' starts inside section '{open_name}'",
        )
    if name in sections:
        raise _fail(path, f"line {number}: section '{name}' appears twice")
    sections[name] = []
    return name


def check_section_code(path: Path, name: str, lines: list[str]) -> str:
    """The code a section shows, dedented; it must show something, and
    every line must fit the printed sheet's columns."""
    code = textwrap.dedent("\n".join(lines)).strip("\n")
    if not code.strip():
        raise _fail(path, f"section '{name}' is empty")
    for offset, line in enumerate(code.splitlines()):
        if len(line) > MAX_SHOWN_LINE:
            raise _fail(
                path,
                f"section '{name}': shown line "
                f"{offset + 1} is {len(line)} characters "
                f"(at most {MAX_SHOWN_LINE} print in "
                "columns)",
            )
    return code


def load(path: Path, topics: frozenset[str] | None = None) -> Entry:
    """Parse a snippet file; raise EntryError naming the file on any fault.
    ``topics``: the IDs of snippets/topics.md, for a caller that loads
    many entries (read from the file otherwise)."""
    path = Path(path).resolve()
    if not path.is_file():
        raise _fail(path, "snippet file does not exist")
    raw = path.read_bytes()
    # As read_text() reads it: universal newlines.
    source = raw.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")
    try:
        module = ast.parse(source, filename=str(path))
    except SyntaxError as err:
        raise _fail(path, f"syntax error on line {err.lineno}: {err.msg}") from None
    doc = ast.get_docstring(module, clean=True)
    if not doc:
        raise _fail(path, "no module docstring (title, prose, metadata)")
    title, prose, meta = parse_docstring(path, doc, topics)
    sections = parse_sections(path, source)
    if not sections:
        raise _fail(
            path,
            "no shown section; mark the code the page shows "
            "with '# --8<-- [start:show]' ... "
            "'# --8<-- [end:show]'",
        )
    if ("wrong" in sections) != ("right" in sections):
        raise _fail(
            path, "a 'wrong' section needs a 'right' section (and the other way round)"
        )
    return Entry(
        path=path,
        title=title,
        prose=prose,
        sections=sections,
        severity=meta["severity"],
        topics=tuple(t.strip() for t in meta["topics"].split(",")),
        requires_gpu=meta.get("requires") == "gpu",
        volatile=meta.get("volatile"),
        figure=meta.get("figure"),
        aliases=tuple(meta.get("aliases", ())),
        formerly=tuple(
            o.strip() for o in meta.get("formerly", "").split(",") if o.strip()
        ),
        source=raw,
    )


def main(argv: list[str]) -> int:
    """python -m engine.entry [FILE...]: check the format of snippet files."""
    status = 0
    for name in argv or [str(p) for p in snippet_files()]:
        try:
            entry = load(Path(name))
        except EntryError as err:
            print(f"FAIL {err}")
            status = 1
        else:
            print(
                f"ok   {entry.rel}: {entry.title} "
                f"[{entry.severity}; {', '.join(entry.topics)}; "
                f"sections: {', '.join(entry.sections)}]"
            )
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
