"""Shared fixtures: the verified record and the built site under test.

`make test` verifies and builds first, then runs pytest with
BUILT_SITE=site, so the checks read the very build CI publishes. Run
alone, pytest verifies what is stale and builds into a temporary folder.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine import entry as entries
from engine import verify as verifier

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def verified() -> None:
    """Every snippet has a fresh record: run the stale ones (none, after
    `make verify`)."""
    selected = []
    for path in entries.snippet_files():
        try:
            selected.append(entries.load(path))
        except entries.EntryError:
            pass  # the snippet's own test reports it
    verifier.prune({item.rel for item in selected})
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
