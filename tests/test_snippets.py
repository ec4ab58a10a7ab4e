"""Every snippet is a test item: its format parses and its run passes."""

from __future__ import annotations

import pytest

from engine import entry as entries
from engine import record as records

SNIPPETS = entries.snippet_files()
IDS = [p.relative_to(entries.SNIPPETS).as_posix() for p in SNIPPETS]


@pytest.mark.parametrize("path", SNIPPETS, ids=IDS)
def test_snippet(path, verification):
    rel = path.relative_to(entries.SNIPPETS).as_posix()
    item = entries.load(path)  # raises EntryError naming the file
    verification.wait(rel)
    result = records.load().get(rel)
    assert result is not None, f"snippets/{rel}: no record after the run"
    if result["status"] == "skipped":
        pytest.skip(f"snippets/{rel}: {result['reason']}")
    assert result["status"] == "passed", (
        f"snippets/{rel} {result['status']}: {result['reason']}\n"
        f"--- output ---\n{result['output']}\n"
        f"--- stderr (tail) ---\n{result['stderr_tail']}"
    )
    assert result["key"] == records.cache_key(path), (
        f"snippets/{rel}: record key does not match the file")
    assert item.requires_gpu or result["output"].strip(), (
        f"snippets/{rel}: prints nothing; print what proves the claim")
