"""Shared fixtures: the verified record and the built site under test.

`make test` verifies and builds first, then runs pytest with
BUILT_SITE=site, so the checks read the very build CI publishes. Run
alone, pytest verifies what is stale and builds into a temporary folder.

Unchanged since it passed: a slow check whose every input is known (a
page's axe scan: the page and the site's assets; the fault tests: the
code they copy) names those inputs with `skip_if_passed`; when a run with
the same inputs passed it before, it is skipped, and says so. FORCE=1
(`make test FORCE=1`, as `.ci/run` runs it) and a fresh clone run all.
"""

from __future__ import annotations

import functools
import hashlib
import os
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

import pytest

from engine import verify as verifier
from engine.catalogue import Catalogue

ROOT = Path(__file__).resolve().parent.parent
PASSED = ROOT / ".cache" / "passed"
PASS_KEY = pytest.StashKey[str]()


@functools.cache
def catalogue() -> Catalogue:
    """The entries, parsed once per test session."""
    return Catalogue.read(ROOT)


def digest_of(paths: Iterable[Path], *extra: str) -> str:
    """sha256 over the files (folders: every file under them, by path)
    and the extra strings."""
    digest = hashlib.sha256("\0".join(extra).encode())
    for path in paths:
        files = (
            sorted(p for p in path.rglob("*") if p.is_file())
            if path.is_dir()
            else [path]
        )
        for file in files:
            if "__pycache__" in file.parts:
                continue
            digest.update(str(file.relative_to(path.parent)).encode() + b"\0")
            digest.update(file.read_bytes())
    return digest.hexdigest()[:24]


def skip_if_passed(request, inputs: Iterable[Path], *extra: str) -> None:
    """Skip this test when it passed before on exactly these inputs (not
    with FORCE=1); otherwise note the key, written when it passes."""
    check_passed(request.node, inputs, *extra)


def check_passed(item, inputs: Iterable[Path], *extra: str) -> None:
    key = digest_of(inputs, item.nodeid, *extra)
    if not os.environ.get("FORCE") and (PASSED / key).exists():
        pytest.skip(f"unchanged since it passed ({key}); FORCE=1 runs it")
    item.stash[PASS_KEY] = key


def pytest_configure(config):
    config.addinivalue_line(
        "markers",
        "passed_on(inputs): skip when it passed before on these inputs",
    )


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    """A module's `passed_on` mark: decided before its fixtures start
    (a fork server, a throwaway project)."""
    mark = item.get_closest_marker("passed_on")
    if mark:
        check_passed(item, mark.args[0])


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    key = item.stash.get(PASS_KEY, None)
    if key and report.when == "call" and report.passed:
        PASSED.mkdir(parents=True, exist_ok=True)
        (PASSED / key).touch()
    return report


@pytest.fixture(scope="session")
def verified() -> None:
    """Every snippet has a fresh record: run the stale ones (none, after
    `make verify`)."""
    selected = list(catalogue().entries.values())  # a fault: its own test says
    verifier.prune(set(catalogue().names))
    verifier.verify(selected)


def mkdocs_build(config: Path, site_dir: Path, env=None):
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "mkdocs",
            "build",
            "--strict",
            "-f",
            str(config),
            "-d",
            str(site_dir),
        ],
        cwd=config.parent,
        capture_output=True,
        text=True,
        env={**os.environ, **(env or {}), "NO_MKDOCS_2_WARNING": "1"},
        timeout=600,
    )


@pytest.fixture(scope="session")
def built_site(request, tmp_path_factory) -> Path:
    """The site built (strict) from the current record, with its PDFs."""
    given = os.environ.get("BUILT_SITE")
    if given:
        site = Path(given).resolve()
        assert (site / "index.html").is_file(), f"{site} holds no built site"
        return site
    request.getfixturevalue("verified")
    site = tmp_path_factory.mktemp("site")
    result = mkdocs_build(ROOT / "mkdocs.yml", site)
    assert result.returncode == 0, (
        f"mkdocs build --strict failed:\n{result.stdout}\n{result.stderr}"
    )
    from tools.sheets import build_sheets

    build_sheets(site)  # the PDFs the stage pages link to
    return site
