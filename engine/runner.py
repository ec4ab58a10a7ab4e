"""Client of the fork server, and the naive runner used by the benchmark."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from engine.entry import ROOT, Entry

TIMEOUT = int(os.environ.get("SNIPPET_TIMEOUT", "180"))


def default_jobs() -> int:
    return int(os.environ.get("SNIPPET_JOBS", os.cpu_count() or 1))


def child_env() -> dict[str, str]:
    env = dict(os.environ)
    env["TF_CPP_MIN_LOG_LEVEL"] = "2"
    env["PYTHONHASHSEED"] = "0"
    env["PYTHONPATH"] = str(ROOT)
    env["MPLBACKEND"] = "Agg"
    return env


def request(entry: Entry, artifacts: Path | None) -> dict:
    return {
        "id": entry.rel,
        "path": str(entry.path),
        "timeout": TIMEOUT,
        "requires_gpu": entry.requires_gpu,
        "artifacts": str(artifacts) if artifacts else "",
    }


class ForkServer:
    """One process imports TensorFlow once; each snippet runs in a fork."""

    def __init__(self, jobs: int | None = None):
        self.jobs = jobs or default_jobs()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "engine.forkserver", str(self.jobs)],
            cwd=ROOT,
            env=child_env(),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        ready = self.process.stdout.readline()
        if not ready.startswith('{"ready"'):
            raise RuntimeError(f"fork server did not start: {ready!r}")

    def run(self, requests: Iterable[dict]) -> Iterator[dict]:
        """Submit every request at once; yield results as they finish."""
        count = 0
        for item in requests:
            self.process.stdin.write(json.dumps(item) + "\n")
            count += 1
        self.process.stdin.flush()
        for _ in range(count):
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError("fork server died")
            yield json.loads(line)

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.stdin.close()
            self.process.wait(timeout=60)


def run_naive(entries: list[Entry], jobs: int | None = None) -> list[dict]:
    """The naive way: a fresh Python process per snippet (for the bench)."""

    def one(entry: Entry) -> dict:
        start = time.monotonic()
        proc = subprocess.run(
            [sys.executable, str(entry.path)],
            cwd=os.environ.get("TMPDIR", "/tmp"),
            env=child_env(),
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
        )
        return {
            "id": entry.rel,
            "status": "passed" if proc.returncode == 0 else "failed",
            "duration": time.monotonic() - start,
        }

    with ThreadPoolExecutor(jobs or default_jobs()) as pool:
        return list(pool.map(one, entries))
