"""The record of the last verification: one item per snippet.

An item holds the snippet's cache key, its status, what it printed, the
charts it drew, how long it took and the date of the run that recorded
them (a rerun that reproduces an item keeps it, date included).
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

from engine.entry import ROOT, Entry

RECORD = ROOT / "record.json"
LOCK = ROOT / "requirements.txt"
PASSING = ("passed", "skipped")  # skipped: a GPU entry on a machine without a GPU
ERROR_LINE = re.compile(r"\w*(Error|Exception|Warning)\b|\bWARNING\b")


def python_version() -> str:
    """Python major.minor: a patch release does not change a snippet."""
    return f"{sys.version_info.major}.{sys.version_info.minor}"


def pinned_tensorflow(lock: Path = LOCK) -> str:
    """The TensorFlow release the lock file pins (tensorflow or -cpu)."""
    text = lock.read_text(encoding="utf-8")
    found = re.search(
        r"^(?:tensorflow|tensorflow-cpu|tf-nightly(?:-cpu)?)"
        r"==(\S+?)(?:\s|;|$)",
        text,
        re.MULTILINE,
    )
    if not found:
        raise ValueError(f"{lock.name}: pins no tensorflow release")
    return found[1]


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
    reads_doc = any(
        isinstance(node, ast.Name) and node.id == "__doc__" for node in ast.walk(tree)
    )
    if doc is None or reads_doc:
        return source
    tree.body = tree.body[1:]
    settings = "\n".join(m[0].strip() for m in RUN_METADATA.finditer(doc))
    return (ast.dump(tree, include_attributes=False) + "\n" + settings).encode()


def cache_key(snippet: Path, lock: Path = LOCK) -> str:
    """Changes when the code a snippet runs (``executed``), the lock file
    or Python major.minor do; not when its prose or comments do."""
    digest = hashlib.sha256()
    for part in (
        code_digest(Path(snippet).read_bytes()),
        hashlib.sha256(Path(lock).read_bytes()).digest(),
        hashlib.sha256(python_version().encode()).digest(),
    ):
        digest.update(part)
    return digest.hexdigest()[:24]


@functools.lru_cache(maxsize=4096)
def code_digest(source: bytes) -> bytes:
    """sha256 of what runs, parsed once per distinct file content (a build
    asks for each card's key on every release)."""
    return hashlib.sha256(executed(source)).digest()


def load(path: Path = RECORD) -> dict[str, dict]:
    if not path.exists():
        return {}
    return json.loads(path.read_text(encoding="utf-8"))


def save(record: dict[str, dict], path: Path = RECORD) -> None:
    """Write atomically, sorted, so the committed diff stays readable."""
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(
        json.dumps(record, indent=1, sort_keys=True, ensure_ascii=False) + "\n",
        encoding="utf-8",
    )
    os.replace(tmp, path)


def problem(entry: Entry, record: dict[str, dict], lock: Path = LOCK) -> str | None:
    """Why this entry's record cannot be shown, or None when it can."""
    item = record.get(entry.rel)
    if item is None:
        return "has no record; run `make verify`"
    if item["key"] != cache_key(entry.path, lock):
        return (
            "has a stale record (the snippet, the lock file or the "
            "Python version changed since it was verified); run "
            "`make verify`"
        )
    if item["status"] not in PASSING:
        return f"failed its last verification ({item['status']})"
    return None


def error_lines(output: str) -> list[str]:
    """The lines of a run's output that quote an error or a warning."""
    return [ln.strip() for ln in output.splitlines() if ERROR_LINE.search(ln)]
