"""Every snippet is a test item: its format parses and its run passed
with the record's key matching the file (verified once per session)."""

from __future__ import annotations

import pytest
from conftest import catalogue

from engine import record as records


@pytest.mark.parametrize("rel", catalogue().names)
def test_snippet(rel, verified):
    entry = catalogue().entry(rel)  # raises EntryError naming the file
    run = records.load().get(rel)
    assert run is not None, f"snippets/{rel}: no record after the run"
    if run["status"] == "skipped":
        pytest.skip(f"snippets/{rel}: {run['reason']}")
    assert run["status"] == "passed", (
        f"snippets/{rel} {run['status']}: {run['reason']}\n"
        f"--- output ---\n{run['output']}\n"
        f"--- stderr (tail) ---\n{run['stderr_tail']}"
    )
    assert records.problem(entry, records.load()) is None, (
        f"snippets/{rel}: record key does not match the file"
    )
    assert entry.requires_gpu or run["output"].strip(), (
        f"snippets/{rel}: prints nothing; print what proves the claim"
    )
