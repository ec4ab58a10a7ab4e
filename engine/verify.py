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
from engine.catalogue import Catalogue
from engine.entry import Entry
from engine.forkserver import ForkServer, request
from engine.record import Run

# What a rerun may change without it counting as a change: a forced run
# that reproduces the record keeps the old run, so the committed diff
# shows only what really changed.
RUN_DETAILS = ("date", "duration")


DIFFERS = (
    "output differs from the last run with the same key; "
    "make it deterministic or mark it 'volatile: reason'"
)


def reference_output(entry: Entry, previous: Run | None, key: str) -> str | None:
    """The output a rerun must reproduce: the last passing run's, kept by a
    run that failed for differing, so that running again does not pass.
    None for a volatile entry, or when the code, lock or Python changed."""
    if not previous or previous.get("key") != key or entry.volatile:
        return None
    if previous["status"] == "passed":
        return previous.get("output")
    return previous.get("reference")


def keep_figures(produced: list[Path], target: Path) -> None:
    """A passing run's files replace those its last pass left."""
    shutil.rmtree(target, ignore_errors=True)
    if produced:
        target.mkdir(parents=True)
        for path in produced:
            shutil.copy(path, target / path.name)


def repeated(previous: Run | None, new: Run) -> bool:
    """The new run says what the previous one said, date and time aside."""
    return bool(previous) and all(
        previous.get(k) == v for k, v in new.items() if k not in RUN_DETAILS
    )


def record_run(
    entry: Entry,
    result: dict,
    previous: Run | None,
    *,
    key: str,
    artifacts: Path,
    server: ForkServer,
    figures_root: Path | None,
) -> Run:
    """The record's new run of ``entry`` from the fork server's ``result``
    (the previous run when this one repeats it)."""
    status, reason = result["status"], result["reason"]
    reference = reference_output(entry, previous, key)
    if status == "passed" and reference not in (None, result["stdout"]):
        status, reason = "failed", DIFFERS
    produced = sorted(p for p in artifacts.iterdir() if p.is_file())
    if status == "passed" and figures_root is not None:
        keep_figures(produced, figures_root / entry.figures_dir)
    new = Run(
        key=key,
        status=status,
        reason=reason,
        output=result["stdout"],
        figures=[p.name for p in produced] if status == "passed" else [],
        duration=result["duration"],
        date=datetime.date.today().isoformat(),
        tensorflow=server.tensorflow,
        build=server.build,
        python=records.python_version(),
        # kept for diagnosis in test failures; not shown on the site
        stderr_tail=result["stderr"][-4000:] if status != "passed" else "",
    )
    if status != "passed" and reference is not None:
        new["reference"] = reference
    return previous if repeated(previous, new) else new


def same_release(running: str, pinned: str) -> bool:
    """2.23.0-dev20261026 (tf.__version__) is 2.23.0.dev20261026 (pip)."""
    from packaging.version import Version

    return Version(running) == Version(pinned)


def verify(
    selected: list[Entry],
    *,
    force: bool = False,
    jobs: int | None = None,
    record_path: Path = records.RECORD,
    lock: Path = records.LOCK,
    python: str = sys.executable,
    figures_root: Path | None = entries.FIGURES,
    on_result: Callable[[str, Run], None] | None = None,
    server: ForkServer | None = None,
) -> dict[str, Run]:
    """Run the stale entries (all of them when forced) in the environment
    of ``python``, pinned by ``lock``; return their new runs. The record
    is saved after each run, so an interruption loses little. A caller
    that runs several verifications may pass its own ``server`` (of that
    environment), which is left running."""
    record = records.load(record_path)
    todo = {
        e.rel: e
        for e in selected
        if force or records.problem(e, record, lock) is not None
    }
    runs: dict[str, Run] = {}
    if not todo:
        return runs
    with (
        tempfile.TemporaryDirectory(prefix="artifacts-") as scratch,
        nullcontext(server) if server else ForkServer(jobs, python) as server,
    ):
        check_release(server, python, lock)
        folders = {rel: Path(scratch) / rel.replace("/", "__") for rel in todo}
        for folder in folders.values():
            folder.mkdir()
        for result in server.run(request(e, folders[e.rel]) for e in todo.values()):
            entry = todo[result["id"]]
            run = record_run(
                entry,
                result,
                record.get(entry.rel),
                key=records.cache_key(entry, lock),
                artifacts=folders[entry.rel],
                server=server,
                figures_root=figures_root,
            )
            record[entry.rel] = runs[entry.rel] = run
            records.save(record, record_path)
            if on_result:
                on_result(entry.rel, run)
    return runs


def check_release(server: ForkServer, python: str, lock: Path) -> None:
    """The environment runs the release its lock pins."""
    pinned = records.pinned_tensorflow(lock)
    if not same_release(server.tensorflow, pinned):
        raise RuntimeError(
            f"{python} runs TensorFlow {server.tensorflow}, but "
            f"{lock.name} pins {pinned}: reinstall the environment "
            f"from {lock.name}"
        )


def prune(
    known: set[str],
    record_path: Path = records.RECORD,
    figures_root: Path | None = entries.FIGURES,
) -> list[str]:
    """Drop the runs (and charts) of snippets that no longer exist."""
    record = records.load(record_path)
    gone = [rel for rel in record if rel not in known]
    for rel in gone:
        del record[rel]
        if figures_root is not None:
            shutil.rmtree(figures_root / entries.figures_dir(rel), ignore_errors=True)
    if gone:
        records.save(record, record_path)
    return gone


def show(rel: str, run: Run) -> None:
    line = f"{run['status']:7} {run['duration']:6.1f}s  {rel}"
    if run["reason"]:
        line += f"  ({run['reason']})"
    print(line, flush=True)


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
        if args.paths:
            selected = [entries.load(Path(p)) for p in args.paths]
        else:
            selected = Catalogue.read().all()
    except entries.EntryError as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    if not args.paths:
        prune({e.rel for e in selected}, args.record, entries.FIGURES if own else None)
    runs = verify(
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
        f"verify: {len(runs)} run, {len(selected) - len(runs)} "
        f"unchanged, {len(bad)} failed"
    )
    for entry in bad:
        run = record.get(entry.rel, {})
        print(
            f"FAILED snippets/{entry.rel}: {run.get('reason', '')}\n"
            f"{run.get('stderr_tail', '')}",
            file=sys.stderr,
        )
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
