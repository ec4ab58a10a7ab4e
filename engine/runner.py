"""Client of the fork server, and the naive runner used by the benchmark."""

from __future__ import annotations

import json
import os
import select
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
    """The environment of a snippet run. TensorFlow's log level is left as
    it is in a plain `python snippet.py` run: its logs go to stderr, which
    the record does not show, and a snippet may assert on them."""
    env = dict(os.environ)
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
        "exclusive": "volatile" in entry.meta,
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
            bufsize=0,
        )
        self.pending = b""
        ready = self.readline(timeout=600)
        if not ready.startswith('{"ready"'):
            raise RuntimeError(f"fork server did not start: {ready!r}")

    def readline(self, timeout: float) -> str:
        """One line from the server; fail if it stays silent for timeout s."""
        while b"\n" not in self.pending:
            ready, _, _ = select.select([self.process.stdout], [], [], timeout)
            if not ready:
                self.process.kill()
                raise RuntimeError(f"fork server silent for {timeout:.0f} s")
            chunk = os.read(self.process.stdout.fileno(), 1 << 16)
            if not chunk:
                raise RuntimeError("fork server died")
            self.pending += chunk
        line, _, self.pending = self.pending.partition(b"\n")
        return line.decode()

    def run(self, requests: Iterable[dict]) -> Iterator[dict]:
        """Submit every request at once; yield results as they finish.
        Exclusive ones (timings) go last and run one at a time."""
        count = 0
        for item in sorted(requests, key=lambda r: bool(r.get("exclusive"))):
            self.process.stdin.write((json.dumps(item) + "\n").encode())
            count += 1
        self.process.stdin.flush()
        for _ in range(count):
            # Each child is killed at its time limit, so a silence much longer
            # than that means the server itself is stuck: fail, do not hang.
            yield json.loads(self.readline(timeout=TIMEOUT + 120))

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
