"""The record of the last verification: one run per snippet.

A ``Run`` holds the snippet's cache key, its status, what it printed, the
charts it drew, how long it took and the date of the run that recorded
them (a rerun that reproduces a run keeps it, date included).
The site is built from the record only, so this module never imports
TensorFlow: the pinned version is read from the lock file.
"""

from __future__ import annotations

import ast
import functools
import hashlib
import json
import os
import re
import sys
from pathlib import Path
from typing import TypedDict

from engine.entry import ROOT, Entry

RECORD = ROOT / "record.json"
LOCK = ROOT / "requirements.txt"
# Committed data a snippet may read (the PyPI snapshot that the install
# cards assert against). A snippet whose file names it depends on its
# content as on the lock: `make registry` then reruns those cards.
DATA = (ROOT / "registry" / "pypi.json",)
PASSING = ("passed", "skipped")  # skipped: a GPU entry on a machine without a GPU


def exception_class(name: str, *kinds: str) -> str:
    """A pattern for the name of an exception or warning class as Python
    prints it (ValueError, tf.errors.NotFoundError, SystemExit): dotted
    parts, then ``name`` (what may come before the kind), then one of
    ``kinds``."""
    return rf"(?:\w+\.)*{name}(?:{'|'.join(kinds)})\b"


# A line that mentions an error or a warning anywhere (a bare "Error"
# too); a line that starts with the class a run raised (a named class;
# SystemExit counts, a warning does not).
QUOTED_ERROR = re.compile(
    exception_class(r"\w*", "Error", "Exception", "Warning") + r"|\bWARNING\b"
)
RAISED = re.compile("^" + exception_class(r"\w+", "Error", "Exception", "Exit"))


class Run(TypedDict, total=False):
    """One snippet's last run, as record.json keeps it (JSON, so a typed
    dict rather than a class: the file is the format)."""

    key: str  # cache_key() of the snippet, lock and Python it ran with
    status: str  # passed, failed, skipped (needs a GPU) or timeout
    reason: str  # why it did not pass ("" when it did)
    output: str  # its stdout, shown on the card
    figures: list[str]  # files it wrote (charts, tables), kept by a pass
    duration: float  # seconds inside its fork
    date: str  # ISO day of the run that recorded this
    tensorflow: str  # the version that ran it
    build: str  # "cpu", "cuda" or "rocm"
    python: str  # major.minor
    stderr_tail: str  # the end of stderr, kept when it did not pass
    reference: str  # the output a rerun must repeat, after a differing run


def python_version() -> str:
    """Python major.minor: a patch release does not change a snippet."""
    return f"{sys.version_info.major}.{sys.version_info.minor}"


PINNED = re.compile(
    r"^(?:tensorflow|tensorflow-cpu|tf-nightly(?:-cpu)?)==(\S+?)(?:\s|;|$)",
    re.MULTILINE,
)


class LockFile:
    """What the engine needs of a lock file, read once: its digest (in
    every cache key) and the TensorFlow release it pins. A build reads
    each lock file once and asks for a key per card and release. The
    ``DATA`` files' digests are read with it: a key depends on them too."""

    def __init__(self, path: Path):
        data = Path(path).read_bytes()
        self.path = Path(path)
        self.digest = hashlib.sha256(data).digest()
        found = PINNED.search(data.decode("utf-8"))
        self.tensorflow = found[1] if found else None
        self.data = {
            file.name.encode(): hashlib.sha256(file.read_bytes()).digest()
            for file in DATA
            if file.exists()
        }


def pinned_tensorflow(lock: Path | LockFile = LOCK) -> str:
    """The TensorFlow release the lock file pins (tensorflow or -cpu)."""
    read = lock if isinstance(lock, LockFile) else LockFile(lock)
    if read.tensorflow is None:
        raise ValueError(f"{read.path.name}: pins no tensorflow release")
    return read.tensorflow


# Docstring lines that change how the engine runs a snippet.
RUN_METADATA = re.compile(r"^(requires|volatile):.*$", re.MULTILINE)


def executed(source: bytes) -> bytes:
    """What a run depends on: the snippet's code without its docstring,
    comments or layout (the syntax tree, without line numbers), and the
    metadata lines that change how it is run. Editing a card's prose or a
    comment in its code does not change this, so nothing reruns. A file
    that does not parse, or whose code reads its own ``__doc__``, counts
    whole."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return source
    doc = ast.get_docstring(tree, clean=False)
    reads_doc = b"__doc__" in source and any(
        isinstance(node, ast.Name) and node.id == "__doc__" for node in ast.walk(tree)
    )
    if doc is None or reads_doc:
        return source
    tree.body = tree.body[1:]
    settings = "\n".join(m[0].strip() for m in RUN_METADATA.finditer(doc))
    return (ast.dump(tree, include_attributes=False) + "\n" + settings).encode()


def cache_key(snippet: Path | Entry, lock: Path | LockFile = LOCK) -> str:
    """Changes when the code a snippet runs (``executed``), the lock file,
    a ``DATA`` file the snippet names, or Python major.minor do; not when
    its prose or comments do. Of an entry, the file as it was parsed."""
    if isinstance(snippet, Entry):
        source = snippet.source or snippet.path.read_bytes()
    else:
        source = Path(snippet).read_bytes()
    read = lock if isinstance(lock, LockFile) else LockFile(lock)
    digest = hashlib.sha256()
    for part in (
        code_digest(source),
        read.digest,
        hashlib.sha256(python_version().encode()).digest(),
        *(read.data[name] for name in sorted(read.data) if name in source),
    ):
        digest.update(part)
    return digest.hexdigest()[:24]


@functools.lru_cache(maxsize=4096)
def code_digest(source: bytes) -> bytes:
    """sha256 of what runs, parsed once per distinct file content (a build
    asks for each card's key on every release)."""
    return hashlib.sha256(executed(source)).digest()


def load(path: Path = RECORD) -> dict[str, Run]:
    if not path.exists():
        return {}
    return json.loads(path.read_text(encoding="utf-8"))


def save(record: dict, path: Path = RECORD) -> None:
    """Write atomically, sorted, so the committed diff stays readable."""
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(
        json.dumps(record, indent=1, sort_keys=True, ensure_ascii=False) + "\n",
        encoding="utf-8",
    )
    os.replace(tmp, path)


def problem(
    entry: Entry, record: dict[str, Run], lock: Path | LockFile = LOCK
) -> str | None:
    """Why this entry's record cannot be shown, or None when it can."""
    run = record.get(entry.rel)
    if run is None:
        return "has no record; run `make verify`"
    if run["key"] != cache_key(entry, lock):
        return (
            "has a stale record (the snippet, the lock file, the PyPI "
            "snapshot it reads or the Python version changed since it "
            "was verified); run `make verify`"
        )
    if run["status"] not in PASSING:
        return f"failed its last verification ({run['status']})"
    return None


def quoted_errors(output: str) -> list[str]:
    """The lines of a run's output that quote an error or a warning (a
    snippet prints the message it caught)."""
    return [ln.strip() for ln in output.splitlines() if QUOTED_ERROR.search(ln)]


def raised(run: Run) -> str:
    """The exception a failed run ended with: the last line of its stderr
    that starts with an exception class (not a warning); else its reason."""
    found = [
        line
        for line in map(str.strip, run.get("stderr_tail", "").splitlines())
        if RAISED.match(line)
    ]
    return found[-1] if found else run.get("reason", "")
