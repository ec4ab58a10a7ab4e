"""Verify snippets and update the record.

    python -m engine.verify            # run what changed since the record
    python -m engine.verify --force    # run everything
    python -m engine.verify snippets/data/cache_before_augment.py

A snippet whose record is fresh (same cache key, last run passed) is not
run again unless forced. ``verify`` is the one way snippets are run: the
command line, the tests and the benchmark all call it.
"""

from __future__ import annotations

import argparse
import datetime
import shutil
import sys
import tempfile
from collections.abc import Callable
from contextlib import nullcontext
from pathlib import Path

from engine import entry as entries
from engine import record as records
from engine.forkserver import ForkServer, request

# What a rerun may change without it counting as a change: a forced run
# that reproduces the record keeps the old item, so the committed diff
# shows only what really changed.
RUN_DETAILS = ("date", "duration")


def outcome(
    item: entries.Entry,
    result: dict,
    previous: dict | None,
    key: str,
    artifacts: Path,
    tensorflow: str,
    figures_root: Path | None,
    build: str = "",
) -> dict:
    """Turn a run's result into the record item, with its own checks."""
    status, reason = result["status"], result["reason"]
    output = result["stdout"]
    same_key = bool(previous) and previous.get("key") == key
    # The output a rerun must reproduce: the last passing run's, kept by a
    # run that failed for differing, so that running again does not pass.
    reference = None
    if same_key and not item.volatile:
        reference = (
            previous.get("output")
            if previous["status"] == "passed"
            else previous.get("reference")
        )
    if status == "passed" and reference is not None and reference != output:
        status = "failed"
        reason = (
            "output differs from the last run with the same key; "
            "make it deterministic or mark it 'volatile: reason'"
        )
    produced = sorted(p for p in artifacts.iterdir() if p.is_file())
    if status == "passed" and figures_root is not None:
        target = figures_root / item.figures_dir
        shutil.rmtree(target, ignore_errors=True)
        if produced:
            target.mkdir(parents=True)
            for path in produced:
                shutil.copy(path, target / path.name)
    new = {
        "key": key,
        "status": status,
        "reason": reason,
        "output": output,
        "figures": [p.name for p in produced] if status == "passed" else [],
        "duration": result["duration"],
        "date": datetime.date.today().isoformat(),
        "tensorflow": tensorflow,
        "build": build,
        "python": records.python_version(),
        # kept for diagnosis in test failures; not shown on the site
        "stderr_tail": result["stderr"][-4000:] if status != "passed" else "",
    }
    if status != "passed" and reference is not None:
        new["reference"] = reference
    if same_key and all(
        previous.get(k) == v for k, v in new.items() if k not in RUN_DETAILS
    ):
        return previous
    return new


def same_release(running: str, pinned: str) -> bool:
    """2.23.0-dev20261026 (tf.__version__) is 2.23.0.dev20261026 (pip)."""
    from packaging.version import Version

    return Version(running) == Version(pinned)


def verify(
    selected: list[entries.Entry],
    *,
    force: bool = False,
    jobs: int | None = None,
    record_path: Path = records.RECORD,
    lock: Path = records.LOCK,
    python: str = sys.executable,
    figures_root: Path | None = entries.FIGURES,
    on_result: Callable[[str, dict], None] | None = None,
    server: ForkServer | None = None,
) -> dict[str, dict]:
    """Run the stale entries (all of them when forced) in the environment
    of ``python``, pinned by ``lock``; return their new record items. The
    record is saved after each result, so an interruption loses little.
    A caller that runs several verifications may pass its own ``server``
    (of that environment), which is left running."""
    record = records.load(record_path)
    todo = [
        e for e in selected if force or records.problem(e, record, lock) is not None
    ]
    results: dict[str, dict] = {}
    if not todo:
        return results
    pinned = records.pinned_tensorflow(lock)
    with tempfile.TemporaryDirectory(prefix="artifacts-") as scratch:
        folders = {}
        for item in todo:
            folders[item.rel] = Path(scratch) / item.rel.replace("/", "__")
            folders[item.rel].mkdir()
        by_rel = {e.rel: e for e in todo}
        running = nullcontext(server) if server else ForkServer(jobs, python)
        with running as server:
            if not same_release(server.tensorflow, pinned):
                raise RuntimeError(
                    f"{python} runs TensorFlow {server.tensorflow}, but "
                    f"{lock.name} pins {pinned}: reinstall the environment "
                    f"from {lock.name}"
                )
            for result in server.run(request(e, folders[e.rel]) for e in todo):
                item = by_rel[result["id"]]
                new = outcome(
                    item,
                    result,
                    record.get(item.rel),
                    records.cache_key(item.path, lock),
                    folders[item.rel],
                    server.tensorflow,
                    figures_root,
                    server.build,
                )
                record[item.rel] = new
                records.save(record, record_path)
                results[item.rel] = new
                if on_result:
                    on_result(item.rel, new)
    return results


def prune(
    known: set[str],
    record_path: Path = records.RECORD,
    figures_root: Path | None = entries.FIGURES,
) -> list[str]:
    """Drop record items (and charts) of snippets that no longer exist."""
    record = records.load(record_path)
    gone = [rel for rel in record if rel not in known]
    for rel in gone:
        del record[rel]
        if figures_root is not None:
            shutil.rmtree(figures_root / entries.figures_dir(rel), ignore_errors=True)
    if gone:
        records.save(record, record_path)
    return gone


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("paths", nargs="*", help="snippet files (default: all)")
    parser.add_argument(
        "--force", action="store_true", help="run even snippets whose record is fresh"
    )
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument(
        "--record",
        type=Path,
        default=records.RECORD,
        help="a record file other than record.json (no charts are kept)",
    )
    args = parser.parse_args(argv)
    own = args.record.resolve() == records.RECORD
    try:
        paths = [Path(p) for p in args.paths] or entries.snippet_files()
        selected = [entries.load(p) for p in paths]
    except entries.EntryError as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    if not args.paths:
        prune({e.rel for e in selected}, args.record, entries.FIGURES if own else None)

    def show(rel: str, item: dict) -> None:
        line = f"{item['status']:7} {item['duration']:6.1f}s  {rel}"
        if item["reason"]:
            line += f"  ({item['reason']})"
        print(line, flush=True)

    results = verify(
        selected,
        force=args.force,
        jobs=args.jobs,
        on_result=show,
        record_path=args.record,
        figures_root=entries.FIGURES if own else None,
    )
    record = records.load(args.record)
    bad = [e for e in selected if records.problem(e, record) is not None]
    print(
        f"verify: {len(results)} run, {len(selected) - len(results)} "
        f"unchanged, {len(bad)} failed"
    )
    for item in bad:
        result = record.get(item.rel, {})
        print(
            f"FAILED snippets/{item.rel}: {result.get('reason', '')}\n"
            f"{result.get('stderr_tail', '')}",
            file=sys.stderr,
        )
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
