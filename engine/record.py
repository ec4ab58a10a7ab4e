"""The record of the last verification: one committed JSON file.

For every snippet it keeps the cache key the run was made under, the
status, the captured output, the duration and the date. The site build
reads only this file, so it never imports TensorFlow.
"""

from __future__ import annotations

import hashlib
import json
import os
import platform
from functools import cache
from importlib import metadata
from pathlib import Path

from engine.entry import ROOT

RECORD = ROOT / "record.json"
REQUIREMENTS = ROOT / "requirements.txt"
FIGURES = ROOT / "docs" / "figures"


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@cache
def tensorflow_version() -> str:
    """The installed TensorFlow, read from package metadata (no import)."""
    for name in ("tensorflow-cpu", "tensorflow"):
        try:
            return metadata.version(name)
        except metadata.PackageNotFoundError:
            continue
    return "not installed"


@cache
def environment() -> dict[str, str]:
    return {
        "tensorflow": tensorflow_version(),
        "python": platform.python_version(),
        "requirements": _sha256(REQUIREMENTS.read_bytes())[:16],
    }


def cache_key(snippet: Path) -> str:
    """Changes when the snippet, requirements.txt, TF or Python change."""
    env = environment()
    parts = [
        _sha256(Path(snippet).read_bytes()),
        env["requirements"],
        env["tensorflow"],
        env["python"],
    ]
    return _sha256("\n".join(parts).encode())[:24]


def load(path: Path = RECORD) -> dict[str, dict]:
    if not path.exists():
        return {}
    return json.loads(path.read_text(encoding="utf-8"))


def save(record: dict[str, dict], path: Path = RECORD) -> None:
    """Write atomically, sorted, so the committed diff stays readable."""
    tmp = path.with_suffix(".json.tmp")
    tmp.write_text(
        json.dumps(record, indent=1, sort_keys=True, ensure_ascii=False)
        + "\n",
        encoding="utf-8",
    )
    os.replace(tmp, path)


def problem(rel: str, snippet: Path, record: dict[str, dict]) -> str | None:
    """Why this snippet's record cannot be shown, or None when it can."""
    item = record.get(rel)
    if item is None:
        return "has no record; run `make verify`"
    if item["key"] != cache_key(snippet):
        return ("has a stale record (the snippet, requirements.txt, "
                "TensorFlow or Python changed since it was verified); "
                "run `make verify`")
    if item["status"] not in ("passed", "skipped"):
        return f"failed its last verification ({item['status']})"
    return None
