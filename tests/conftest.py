"""Shared fixtures: one background verification of every snippet, and one
strict build of the site from the record it leaves."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import entry as entries  # noqa: E402
from engine import verify as verifier  # noqa: E402


class Verification:
    """Runs the stale snippets (all of them under CI=true) in parallel in a
    background thread; each test item waits for its own snippet."""

    def __init__(self):
        self.done: dict[str, dict] = {}
        self.events = {p.relative_to(entries.SNIPPETS).as_posix():
                       threading.Event() for p in entries.snippet_files()}
        self.error: BaseException | None = None
        self.finished = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self):
        try:
            loaded = []
            for path in entries.snippet_files():
                try:
                    loaded.append(entries.load(path))
                except entries.EntryError:
                    pass  # the format test of that snippet reports it
            verifier.prune({p.relative_to(entries.SNIPPETS).as_posix()
                            for p in entries.snippet_files()})
            verifier.verify(loaded, on_result=self._record)
        except BaseException as err:  # surfaced by every waiting test
            self.error = err
        finally:
            self.finished.set()
            for event in self.events.values():
                event.set()

    def _record(self, rel, item):
        self.done[rel] = item
        self.events[rel].set()

    def wait(self, rel: str) -> dict | None:
        """The new record item, or None when the record was already fresh."""
        self.events[rel].wait()
        if self.error:
            raise self.error
        return self.done.get(rel)

    def wait_all(self):
        self.finished.wait()
        if self.error:
            raise self.error


@pytest.fixture(scope="session")
def verification():
    return Verification()


def mkdocs_build(config: Path, site_dir: Path, env=None):
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict",
         "-f", str(config), "-d", str(site_dir)],
        cwd=config.parent,
        capture_output=True,
        text=True,
        env={**os.environ, **(env or {}), "NO_MKDOCS_2_WARNING": "1"},
        timeout=600,
    )


@pytest.fixture(scope="session")
def built_site(verification, tmp_path_factory):
    """The site built (strict) from the record the verification left."""
    verification.wait_all()
    site = tmp_path_factory.mktemp("site")
    # A stand-in `tensorflow` that refuses to import proves the build never
    # imports TensorFlow.
    guard = tmp_path_factory.mktemp("no-tf")
    (guard / "tensorflow").mkdir()
    (guard / "tensorflow" / "__init__.py").write_text(
        "raise ImportError('the site build must not import TensorFlow')\n")
    result = mkdocs_build(ROOT / "mkdocs.yml", site,
                          env={"PYTHONPATH": str(guard)})
    assert result.returncode == 0, (
        f"mkdocs build --strict failed:\n{result.stdout}\n{result.stderr}")
    from macros.sheets import build_sheets

    build_sheets(site)  # the PDFs the stage pages link to
    return site
