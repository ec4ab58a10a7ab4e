"""Parse one snippet file into an entry, without running or importing it.

A snippet's module docstring holds the entry's title (first line), its prose
parts and its metadata lines; ``# --8<-- [start:NAME]`` / ``[end:NAME]``
markers (pymdownx.snippets syntax) delimit the code shown on the page.
"""

from __future__ import annotations

import ast
import re
import textwrap
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SNIPPETS = ROOT / "snippets"

MAX_SHOWN_LINE = 72
SEVERITIES = ("crash", "silent", "perf", "tip")
# Prose parts, in the order the page shows them: (label in the docstring, key).
PARTS = (
    ("When you hit it:", "when"),
    ("What is going on:", "what"),
    ("Pitfall:", "pitfall"),
)
METADATA_KEYS = (
    "severity", "topics", "requires", "volatile", "figure", "since", "changed",
)
TOPIC_RE = re.compile(r"^[SGDMTLPEF]\d{1,2}$")
MARKER_RE = re.compile(r"^\s*# --8<-- \[(start|end):([A-Za-z0-9_-]+)\]\s*$")


class EntryError(Exception):
    """An authoring fault in a snippet file; the message names the file."""


@dataclass
class Entry:
    path: Path  # absolute path of the snippet file
    title: str
    prose: dict[str, str]  # key from PARTS -> Markdown text
    meta: dict[str, str]
    sections: dict[str, str] = field(default_factory=dict)  # name -> code

    @property
    def rel(self) -> str:
        """The snippet's path relative to snippets/, e.g. data/cache.py."""
        return self.path.relative_to(SNIPPETS).as_posix()

    @property
    def stage(self) -> str:
        return self.path.parent.name

    @property
    def anchor(self) -> str:
        """Stable anchor: the file name, so retitling keeps old links."""
        return self.path.stem.replace("_", "-")

    @property
    def severity(self) -> str:
        return self.meta["severity"]

    @property
    def topics(self) -> list[str]:
        return [t.strip() for t in self.meta["topics"].split(",")]

    @property
    def requires_gpu(self) -> bool:
        return self.meta.get("requires", "") == "gpu"


def snippet_files() -> list[Path]:
    """Every snippet under snippets/<stage>/, sorted; _private.py excluded."""
    return sorted(
        p for p in SNIPPETS.glob("*/*.py") if not p.name.startswith("_")
    )


def _fail(path: Path, message: str) -> EntryError:
    try:
        shown = path.relative_to(ROOT)
    except ValueError:
        shown = path
    return EntryError(f"{shown}: {message}")


def parse_docstring(path: Path, doc: str):
    blocks = [b.strip("\n") for b in re.split(r"\n\s*\n", doc.strip())]
    title = blocks[0].strip()
    if "\n" in title or not title:
        raise _fail(path, "the docstring's first line (the title) must be "
                          "one line followed by a blank line")
    prose: dict[str, list[str]] = {}
    meta: dict[str, str] = {}
    current = None
    for block in blocks[1:]:
        lines = block.splitlines()
        if all(re.match(rf"^({'|'.join(METADATA_KEYS)}):", ln) for ln in lines):
            for ln in lines:
                key, _, value = ln.partition(":")
                meta[key] = value.strip()
            continue
        for label, key in PARTS:
            if block.startswith(label):
                current = key
                prose[key] = [block[len(label):].strip()]
                break
        else:
            if current is None:
                raise _fail(path, "prose must start with 'When you hit it:', "
                                  "'What is going on:' or 'Pitfall:'; found "
                                  f"{lines[0][:40]!r}")
            prose[current].append(block)
    missing = [label for label, key in PARTS if key not in prose]
    if missing:
        raise _fail(path, f"docstring lacks the part(s) {', '.join(missing)}")
    if meta.get("severity") not in SEVERITIES:
        raise _fail(path, f"'severity:' must be one of {', '.join(SEVERITIES)}"
                          f" (got {meta.get('severity')!r})")
    topics = [t.strip() for t in meta.get("topics", "").split(",") if t.strip()]
    if not topics or not all(TOPIC_RE.match(t) for t in topics):
        raise _fail(path, "'topics:' must list CONTENT-MAP IDs such as "
                          f"'D5, D10' (got {meta.get('topics')!r})")
    if meta.get("requires", "gpu") != "gpu":
        raise _fail(path, "'requires:' may only be 'gpu'")
    if "volatile" in meta and not meta["volatile"]:
        raise _fail(path, "'volatile:' needs a reason")
    return title, {k: "\n\n".join(v) for k, v in prose.items()}, meta


def parse_sections(path: Path, source: str) -> dict[str, str]:
    sections: dict[str, list[str]] = {}
    open_name = None
    start_line = 0
    for number, line in enumerate(source.splitlines(), start=1):
        match = MARKER_RE.match(line)
        if not match:
            if "--8<--" in line:
                raise _fail(path, f"line {number}: malformed section marker "
                                  f"{line.strip()!r}; expected "
                                  "'# --8<-- [start:name]' or '[end:name]'")
            if open_name is not None:
                sections[open_name].append(line)
            continue
        kind, name = match.groups()
        if kind == "start":
            if open_name is not None:
                raise _fail(path, f"line {number}: section '{name}' starts "
                                  f"inside section '{open_name}'")
            if name in sections:
                raise _fail(path, f"line {number}: section '{name}' "
                                  "appears twice")
            open_name, start_line = name, number
            sections[name] = []
        else:
            if name != open_name:
                raise _fail(path, f"line {number}: '[end:{name}]' does not "
                                  f"close an open section (open: {open_name})")
            open_name = None
    if open_name is not None:
        raise _fail(path, f"section '{open_name}' opened on line "
                          f"{start_line} is never closed")
    result = {}
    for name, lines in sections.items():
        code = textwrap.dedent("\n".join(lines)).strip("\n")
        if not code.strip():
            raise _fail(path, f"section '{name}' is empty")
        for offset, line in enumerate(code.splitlines()):
            if len(line) > MAX_SHOWN_LINE:
                raise _fail(path, f"section '{name}': shown line "
                                  f"{offset + 1} is {len(line)} characters "
                                  f"(at most {MAX_SHOWN_LINE} print in "
                                  "columns)")
        result[name] = code
    return result


def load(path: Path) -> Entry:
    """Parse a snippet file; raise EntryError naming the file on any fault."""
    path = Path(path).resolve()
    if not path.is_file():
        raise _fail(path, "snippet file does not exist")
    source = path.read_text(encoding="utf-8")
    try:
        module = ast.parse(source, filename=str(path))
    except SyntaxError as err:
        raise _fail(path, f"syntax error on line {err.lineno}: {err.msg}") from None
    doc = ast.get_docstring(module, clean=True)
    if not doc:
        raise _fail(path, "no module docstring (title, prose, metadata)")
    title, prose, meta = parse_docstring(path, doc)
    sections = parse_sections(path, source)
    if not sections:
        raise _fail(path, "no shown section; mark the code the page shows "
                          "with '# --8<-- [start:show]' ... "
                          "'# --8<-- [end:show]'")
    if ("wrong" in sections) != ("right" in sections):
        raise _fail(path, "a 'wrong' section needs a 'right' section "
                          "(and the other way round)")
    return Entry(path, title, prose, meta, sections)


def main(argv: list[str]) -> int:
    """python -m engine.entry FILE...: check the format of snippet files."""
    status = 0
    for name in argv or [str(p) for p in snippet_files()]:
        try:
            entry = load(Path(name))
        except EntryError as err:
            print(f"FAIL {err}")
            status = 1
        else:
            print(f"ok   {entry.rel}: {entry.title} "
                  f"[{entry.severity}; {', '.join(entry.topics)}; "
                  f"sections: {', '.join(entry.sections)}]")
    return status


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))
