"""The code is linted and formatted, and the GitHub workflows are valid
and audited (zizmor, with every action pinned to a commit SHA)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from conftest import ROOT

from tools import registry, search_bench, workflow

BIN = Path(sys.executable).parent
WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.yml"))
ZIZMOR = [
    str(BIN / "zizmor"),
    "--offline",
    "--persona=auditor",
    "--no-progress",
    "--config",
    str(ROOT / ".github" / "zizmor.yml"),
]


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=300)


def test_ruff_is_clean():
    result = run(str(BIN / "ruff"), "check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_code_is_ruff_formatted():
    result = run(str(BIN / "ruff"), "format", "--check", ".")
    assert result.returncode == 0, (
        "run `.venv/bin/ruff format .`\n" + result.stdout + result.stderr
    )


def test_workflows_match_the_github_schema():
    assert WORKFLOWS, "no workflow in .github/workflows"
    result = run(
        str(BIN / "check-jsonschema"),
        "--builtin-schema",
        "vendor.github-workflows",
        *map(str, WORKFLOWS),
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_workflows_have_no_zizmor_findings():
    result = run(*ZIZMOR, str(ROOT / ".github" / "workflows"))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "No findings" in result.stdout + result.stderr


def test_zizmor_rejects_an_action_pinned_by_tag(tmp_path):
    """The audit above can fail: a tag instead of a SHA is a finding."""
    workflow = WORKFLOWS[0].read_text()
    tagged = re.sub(r"(uses: actions/checkout)@[0-9a-f]{40}", r"\1@v4", workflow)
    assert tagged != workflow
    copy = tmp_path / WORKFLOWS[0].name
    copy.write_text(tagged)
    result = run(*ZIZMOR, str(copy))
    assert result.returncode != 0
    assert "not pinned to a hash" in result.stdout + result.stderr


def test_search_bench_never_lists_held_back_misses(capsys):
    """The held-back parts are reported as numbers only."""
    held_back = ROOT / "tests" / "search" / f"{search_bench.HELD_BACK[0]}.json"
    with pytest.raises(SystemExit):
        search_bench.main([str(ROOT / "site"), str(held_back), "--misses"])
    assert "would show the held-back part" in capsys.readouterr().err


def test_ci_runs_the_suite_as_the_publish_workflow_does():
    """One source for the job's environment: .ci/run takes it from
    publish.yml (SITE_URL included) and runs the job's one command."""
    assert workflow.run_steps() == ["make test FORCE=1"], workflow.run_steps()
    env = workflow.job_env()
    assert env["SITE_URL"] == "https://owner.github.io/tf-cheatsheet/", env
    script = (ROOT / ".ci" / "run").read_text()
    commands = [ln.strip() for ln in script.splitlines() if not ln.startswith("#")]
    assert 'eval "$(.venv/bin/python -m tools.workflow env)"' in commands
    assert commands.index("make test FORCE=1") > commands.index(
        'eval "$(.venv/bin/python -m tools.workflow env)"'
    )


def test_workflow_env_refuses_an_expression_it_cannot_stand_in_for(tmp_path):
    copy = tmp_path / "publish.yml"
    copy.write_text(
        workflow.PUBLISH.read_text().replace(
            "github.repository_owner", "secrets.TOKEN", 1
        )
    )
    with pytest.raises(ValueError, match="secrets.TOKEN"):
        workflow.job_env(copy)


def test_a_passed_check_is_skipped_only_on_the_same_inputs(tmp_path, monkeypatch):
    """The cache behind `passed_on` / `skip_if_passed`: a pass is kept
    only for a passing call; a changed input or FORCE=1 runs it again."""
    import conftest

    monkeypatch.setattr(conftest, "PASSED", tmp_path / "passed")
    monkeypatch.delenv("FORCE", raising=False)
    page = tmp_path / "site" / "page.html"
    page.parent.mkdir()
    page.write_text("<p>a</p>")

    def item():
        return SimpleNamespace(nodeid="tests/x.py::test_page", stash={})

    def runs(inputs):
        """check_passed must let the test run (a skip here is a failure)."""
        try:
            conftest.check_passed(item(), inputs)
        except pytest.skip.Exception as skipped:
            raise AssertionError(f"expected it to run: {skipped}") from None

    def report_of(first, passed):
        hook = conftest.pytest_runtest_makereport(first, None)
        next(hook)
        report = SimpleNamespace(when="call", passed=passed)
        with pytest.raises(StopIteration):
            hook.send(report)

    failing = item()
    conftest.check_passed(failing, [page.parent])
    report_of(failing, passed=False)
    runs([page.parent])  # a failure keeps nothing
    passing = item()
    conftest.check_passed(passing, [page.parent])
    report_of(passing, passed=True)
    with pytest.raises(pytest.skip.Exception, match="unchanged since it passed"):
        conftest.check_passed(item(), [page.parent])
    page.write_text("<p>b</p>")
    runs([page.parent])  # an input changed
    page.write_text("<p>a</p>")
    with pytest.raises(pytest.skip.Exception):
        conftest.check_passed(item(), [page.parent])
    monkeypatch.setenv("FORCE", "1")
    runs([page.parent])  # FORCE=1


def test_registry_keeps_every_old_file_it_cannot_use():
    """The TensorFlow 1 card asserts no old release has a source archive
    or a yanked file; the snapshot must keep any it finds, of any kind."""
    names = {
        "tensorflow-1.15.5-cp37-cp37m-manylinux2010_x86_64.whl": False,
        "tensorflow-1.15.5.tar.bz2": False,
        "tensorflow_gpu-1.15.5.zip": False,  # another project's name: unparsed
        "tensorflow-1.15.1-cp37-cp37m-win_amd64.whl": True,
        "tensorflow-2.2.0rc1-cp38-cp38-win_amd64.whl": False,
        "tensorflow-2.10.1-cp310-cp310-win_amd64.whl": False,
        "tensorflow-weird.zip": False,
    }
    files = [
        {"filename": n, "upload-time": "2020-01-01T00:00", "yanked": y}
        for n, y in names.items()
    ]
    kept = registry.legacy_releases("tensorflow", files, "2.10")
    assert kept["1.15.5"]["wheels"] == ["cp37-cp37m-manylinux2010_x86_64"]
    assert kept["1.15.5"]["other_files"] == ["tensorflow-1.15.5.tar.bz2"]
    assert kept["1.15.1"] == {
        "uploaded": "2020-01-01",
        "wheels": [],
        "other_files": [],
        "yanked_files": ["tensorflow-1.15.1-cp37-cp37m-win_amd64.whl"],
    }
    assert "2.2.0rc1" in kept and "2.10.1" not in kept
    assert kept["unparsed"] == {
        "files": ["tensorflow-weird.zip", "tensorflow_gpu-1.15.5.zip"]
    }
