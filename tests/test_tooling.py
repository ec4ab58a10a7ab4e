"""The code is linted, and the GitHub workflow is valid and audited."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from conftest import ROOT

BIN = Path(sys.executable).parent
WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.yml"))


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(args, cwd=ROOT, capture_output=True, text=True,
                          timeout=300)


def test_ruff_is_clean():
    result = run(str(BIN / "ruff"), "check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_workflow_matches_the_github_schema():
    assert WORKFLOWS, "no workflow in .github/workflows"
    result = run(str(BIN / "check-jsonschema"), "--builtin-schema",
                 "vendor.github-workflows", *map(str, WORKFLOWS))
    assert result.returncode == 0, result.stdout + result.stderr


def test_workflow_has_no_zizmor_findings():
    result = run(str(BIN / "zizmor"), "--offline", "--persona=auditor",
                 "--no-progress", str(ROOT / ".github" / "workflows"))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "No findings" in result.stdout + result.stderr


def test_actions_are_pinned_to_commit_shas():
    import re

    for workflow in WORKFLOWS:
        for ref in re.findall(r"uses:\s*(\S+)", workflow.read_text()):
            assert re.search(r"@[0-9a-f]{40}$", ref), (
                f"{workflow.name}: {ref} is not pinned to a commit SHA")
