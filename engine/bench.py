"""make bench: how fast verification and the build are, on this machine.

In one run: a cold verification of every snippet with the fork server,
the same snippets the naive way (a fresh Python per snippet, same number
of parallel jobs), a warm verification (nothing changed; TensorFlow must
not be imported), and a strict `mkdocs build`. The record is not touched
by the cold and naive runs. The last line has a fixed form.
"""

from __future__ import annotations

import os
import platform
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from engine import entry as entries
from engine.entry import ROOT, Entry
from engine.forkserver import TIMEOUT, child_env, default_jobs
from engine.verify import verify


def timed(action):
    start = time.monotonic()
    result = action()
    return time.monotonic() - start, result


def cold(selected, jobs):
    """Every snippet through verify(), forced, into a scratch record (the
    real record and charts are left alone)."""

    def action():
        with tempfile.TemporaryDirectory() as scratch:
            results = verify(
                selected,
                force=True,
                jobs=jobs,
                record_path=Path(scratch) / "record.json",
                figures_root=None,
            )
            return results

    return timed(action)


def run_naive(selected: list[Entry], jobs: int) -> list[dict]:
    """The naive way: a fresh Python process per snippet."""

    def one(entry: Entry) -> dict:
        start = time.monotonic()
        with tempfile.TemporaryDirectory() as workdir:
            proc = subprocess.run(
                [sys.executable, str(entry.path)],
                cwd=workdir,
                env=child_env(),
                capture_output=True,
                timeout=TIMEOUT,
            )
        return {
            "id": entry.rel,
            "status": "passed" if proc.returncode == 0 else "failed",
            "duration": time.monotonic() - start,
        }

    with ThreadPoolExecutor(jobs) as pool:
        return list(pool.map(one, selected))


def no_tensorflow_env(folder: Path) -> dict[str, str]:
    (folder / "tensorflow").mkdir()
    (folder / "tensorflow" / "__init__.py").write_text(
        "raise ImportError('TensorFlow imported during a warm run')\n"
    )
    return {**os.environ, "PYTHONPATH": str(folder), "NO_MKDOCS_2_WARNING": "1"}


def main() -> int:
    jobs = default_jobs()
    selected = [entries.load(p) for p in entries.snippet_files()]
    runnable = [e for e in selected if not e.requires_gpu]
    print(
        f"machine: {os.cpu_count()} cores, {platform.machine()}, "
        f"Python {platform.python_version()}; {len(runnable)} snippets "
        f"({len(selected) - len(runnable)} GPU-only left out), "
        f"{jobs} parallel jobs",
        flush=True,
    )

    # Bring the record up to date first, so the warm run has nothing to do.
    subprocess.run(
        [sys.executable, "-m", "engine.verify"],
        cwd=ROOT,
        check=True,
        stdout=subprocess.DEVNULL,
    )

    cold_s, results = cold(runnable, jobs)
    failed = [rel for rel, r in results.items() if r["status"] != "passed"]
    print(
        f"cold (fork server): {cold_s:.1f}s"
        + (f"; not passing: {failed}" if failed else ""),
        flush=True,
    )

    naive_s, naive_results = timed(lambda: run_naive(runnable, jobs))
    failed = [r["id"] for r in naive_results if r["status"] != "passed"]
    print(
        f"naive (fresh Python per snippet): {naive_s:.1f}s"
        + (f"; not passing: {failed}" if failed else ""),
        flush=True,
    )
    # Time a snippet's own work: its duration inside a fork. Overhead is the
    # rest of the wall time, per snippet (startup included).
    work = sum(r["duration"] for r in results.values())
    naive_each = sum(r["duration"] for r in naive_results) / len(runnable)
    print(
        f"per-snippet overhead: engine "
        f"{(cold_s * jobs - work) / len(runnable):.2f}s, naive "
        f"{naive_each - work / len(runnable):.2f}s",
        flush=True,
    )

    with tempfile.TemporaryDirectory() as scratch:
        env = no_tensorflow_env(Path(scratch))
        warm_s, warm = timed(
            lambda: subprocess.run(
                [sys.executable, "-m", "engine.verify"],
                cwd=ROOT,
                env=env,
                capture_output=True,
                text=True,
            )
        )
        if warm.returncode != 0 or "0 run" not in warm.stdout:
            print(warm.stdout, warm.stderr, file=sys.stderr)
            raise SystemExit("warm verification ran something or failed")
        site = Path(scratch) / "site"
        build_s, built = timed(
            lambda: subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "mkdocs",
                    "build",
                    "--strict",
                    "-q",
                    "-d",
                    str(site),
                ],
                cwd=ROOT,
                env=env,
                capture_output=True,
                text=True,
            )
        )
        if built.returncode != 0:
            print(built.stdout, built.stderr, file=sys.stderr)
            raise SystemExit("mkdocs build failed")
        weights = page_weight(site)
    print(f"warm verification: {warm_s:.1f}s (TensorFlow not imported)")
    print(f"page weight of /data/ (bytes): {weights}")
    ratio = naive_s / cold_s
    print(
        f"bench: cold {cold_s:.1f}s, naive {naive_s:.1f}s ({ratio:.1f}x), "
        f"warm {warm_s:.1f}s, build {build_s:.1f}s"
    )
    return 0


def page_weight(site: Path) -> str:
    """HTML, CSS, JS and search index a first visit to /data/ loads."""
    import re

    page = site / "data" / "index.html"
    html = page.read_text(encoding="utf-8")
    sizes = {"html": page.stat().st_size, "css": 0, "js": 0}
    for ref in re.findall(r'(?:href|src)="([^"]+\.(?:css|js))"', html):
        target = (page.parent / ref).resolve()
        if target.exists():
            sizes["css" if ref.endswith(".css") else "js"] += target.stat().st_size
    index = site / "search" / "search_index.json"
    sizes["search index"] = index.stat().st_size
    return ", ".join(f"{k} {v:,}" for k, v in sizes.items())


if __name__ == "__main__":
    sys.exit(main())
