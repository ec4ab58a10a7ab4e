"""Every snippet is a test item: its format parses and its run passed
with the record's key matching the file (verified once per session)."""

from __future__ import annotations

import pytest

from engine import entry as entries
from engine import record as records

SNIPPETS = entries.snippet_files()
IDS = [p.relative_to(entries.SNIPPETS).as_posix() for p in SNIPPETS]


@pytest.mark.parametrize("path", SNIPPETS, ids=IDS)
def test_snippet(path, verified):
    item = entries.load(path)  # raises EntryError naming the file
    result = records.load().get(item.rel)
    assert result is not None, f"snippets/{item.rel}: no record after the run"
    if result["status"] == "skipped":
        pytest.skip(f"snippets/{item.rel}: {result['reason']}")
    assert result["status"] == "passed", (
        f"snippets/{item.rel} {result['status']}: {result['reason']}\n"
        f"--- output ---\n{result['output']}\n"
        f"--- stderr (tail) ---\n{result['stderr_tail']}"
    )
    assert records.problem(item, records.load()) is None, (
        f"snippets/{item.rel}: record key does not match the file"
    )
    assert item.requires_gpu or result["output"].strip(), (
        f"snippets/{item.rel}: prints nothing; print what proves the claim"
    )
