"""Verify snippets and update the record.

    python -m engine.verify            # run what changed since the record
    python -m engine.verify --force    # run everything
    python -m engine.verify snippets/data/cache_before_augment.py

Unchanged snippets (same cache key, last run passed) are not run again,
except when forced or under CI=true, where every snippet runs.
"""

from __future__ import annotations

import argparse
import datetime
import os
import shutil
import sys
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path

from engine import entry as entries
from engine import record as records
from engine.runner import ForkServer, request


def force_all() -> bool:
    """Under CI=true every snippet runs, fresh record or not."""
    return os.environ.get("CI", "").lower() == "true"


def needs_run(item: entries.Entry, record: dict, force: bool) -> bool:
    if force:
        return True
    return records.problem(item.rel, item.path, record) is not None


def figures_dir(item: entries.Entry) -> Path:
    return records.FIGURES / item.stage / item.path.stem


def outcome(item: entries.Entry, result: dict, previous: dict | None,
            key: str, artifacts: Path) -> dict:
    """Turn a run's result into the record item, with its own checks."""
    status, reason = result["status"], result["reason"]
    output = result["stdout"]
    if (
        status == "passed"
        and previous
        and previous.get("key") == key
        and previous.get("status") == "passed"
        and previous.get("output") != output
        and "volatile" not in item.meta
    ):
        status = "failed"
        reason = ("output differs from the last run with the same key; "
                  "make it deterministic or mark it 'volatile: reason'")
    figures = []
    if status == "passed":
        target = figures_dir(item)
        shutil.rmtree(target, ignore_errors=True)
        produced = sorted(p for p in artifacts.iterdir() if p.is_file())
        if produced:
            target.mkdir(parents=True)
            for path in produced:
                shutil.copy(path, target / path.name)
                figures.append(path.name)
    env = records.environment()
    return {
        "key": key,
        "status": status,
        "reason": reason,
        "output": output,
        "figures": figures,
        "duration": result["duration"],
        "date": datetime.date.today().isoformat(),
        "tensorflow": env["tensorflow"],
        "python": env["python"],
        # kept for diagnosis in test failures; not shown on the site
        "stderr_tail": result["stderr"][-4000:] if status != "passed" else "",
    }


def verify(
    selected: list[entries.Entry],
    force: bool = False,
    jobs: int | None = None,
    on_result: Callable[[str, dict], None] | None = None,
) -> dict[str, dict]:
    """Run the stale (or all, when forced) entries; return their new record
    items, saving the record after each so an interruption loses little."""
    record = records.load()
    todo = [e for e in selected if needs_run(e, record, force or force_all())]
    results: dict[str, dict] = {}
    if not todo:
        return results
    lock = threading.Lock()
    with tempfile.TemporaryDirectory(prefix="artifacts-") as scratch:
        dirs = {}
        for item in todo:
            dirs[item.rel] = Path(scratch) / item.rel.replace("/", "__")
            dirs[item.rel].mkdir()
        server = ForkServer(jobs)
        by_rel = {e.rel: e for e in todo}
        try:
            reqs = [request(e, dirs[e.rel]) for e in todo]
            for result in server.run(reqs):
                item = by_rel[result["id"]]
                with lock:
                    record = records.load()
                    new = outcome(item, result, record.get(item.rel),
                                  records.cache_key(item.path),
                                  dirs[item.rel])
                    record[item.rel] = new
                    records.save(record)
                results[item.rel] = new
                if on_result:
                    on_result(item.rel, new)
        finally:
            server.close()
    return results


def prune(known: set[str]) -> None:
    """Drop record items (and figures) of snippets that no longer exist."""
    record = records.load()
    gone = [rel for rel in record if rel not in known]
    for rel in gone:
        del record[rel]
        stage, name = rel.split("/", 1)
        shutil.rmtree(records.FIGURES / stage / Path(name).stem,
                      ignore_errors=True)
    if gone:
        records.save(record)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("paths", nargs="*", help="snippet files (default: all)")
    parser.add_argument("--force", action="store_true",
                        help="run even snippets whose record is fresh")
    parser.add_argument("--jobs", type=int, default=None)
    args = parser.parse_args(argv)
    try:
        paths = [Path(p) for p in args.paths] or entries.snippet_files()
        selected = [entries.load(p) for p in paths]
    except entries.EntryError as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    if not args.paths:
        prune({e.rel for e in selected})

    def show(rel: str, item: dict) -> None:
        line = f"{item['status']:7} {item['duration']:6.1f}s  {rel}"
        if item["reason"]:
            line += f"  ({item['reason']})"
        print(line, flush=True)

    results = verify(selected, args.force, args.jobs, show)
    record = records.load()
    bad = [e.rel for e in selected
           if records.problem(e.rel, e.path, record) is not None]
    fresh = len(selected) - len(results)
    print(f"verify: {len(results)} run, {fresh} unchanged, {len(bad)} failed")
    for rel in bad:
        item = record.get(rel, {})
        print(f"FAILED snippets/{rel}: {item.get('reason', '')}\n"
              f"{item.get('stderr_tail', '')}", file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
