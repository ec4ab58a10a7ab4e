"""The version matrix: every snippet on each TensorFlow release it may meet.

    python -m engine.matrix lock [RELEASE ...]   # write matrix/locks/*.txt
    python -m engine.matrix run [RELEASE ...] [--force] [--part FILE]
    python -m engine.matrix merge PART ...       # CI: the jobs' parts
    python -m engine.matrix report nightly       # what nightly breaks
    python -m engine.matrix check                # covers every snippet?

The releases and their environments are ``engine.environments``. The
snippets run through the same ``verify`` as always (same fork server,
same sandbox); each release keeps its full record in ``.matrix/R/``. The
committed summary, ``matrix.json``, holds per snippet and release a cell:
the cache key (snippet, that release's lock, Python), the status, the
first line that differs from the pinned release (or the error), a hash
of the output, and the date. Only the pinned release gates the build;
what a card says of its cells is the site's business
(``macros/releases.py``).
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import itertools
import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import TypedDict

from engine import environments as envs
from engine import record as records
from engine.catalogue import Catalogue
from engine.entry import ROOT, Entry
from engine.environments import NIGHTLY, lock_path, pinned, releases
from engine.record import Run
from engine.verify import verify

MATRIX = ROOT / "matrix.json"
# A failure that means "this API is not in that release", not "the claim
# is false there".
UNAVAILABLE = re.compile(
    r"^ModuleNotFoundError\b|^ImportError: cannot import name|"
    r"^AttributeError: module '(tensorflow|keras|tf_keras|ai_edge_litert)[\w.']* "
    r"has no attribute"
)


class Cell(TypedDict, total=False):
    """What one release says of one snippet (matrix.json)."""

    key: str  # the cache key of the run it summarises
    date: str
    output: str  # a hash of the output, paths of the environment left out
    # holds, fails, unavailable or skipped; "unchecked" where no run of
    # the current code is known
    status: str
    detail: str  # the first line that differs, or the exception raised


def without_paths(text: str) -> str:
    """Each release's packages live in its own environment: its path says
    nothing to a reader and differs from release to release."""
    return re.sub(r"/\S*/site-packages/", "site-packages/", text)


def first_difference(output: str, reference: str) -> str:
    mine, theirs = output.splitlines(), reference.splitlines()
    for index in range(max(len(mine), len(theirs))):
        got = mine[index] if index < len(mine) else "(no line)"
        want = theirs[index] if index < len(theirs) else "(no line)"
        if got != want:
            return f"line {index + 1}: {got[:160]}"
    return ""


def summarise(run: Run, reference: Run | None) -> Cell:
    """One cell of the matrix from a release's run of a snippet."""
    output = without_paths(run.get("output", ""))
    cell = {
        "key": run["key"],
        "date": run["date"],
        "output": hashlib.sha256(output.encode()).hexdigest()[:12],
    }
    if run["status"] == "skipped":
        return {**cell, "status": "skipped", "detail": "needs a GPU"}
    if run["status"] == "timeout":
        return {**cell, "status": "fails", "detail": run["reason"]}
    if run["status"] != "passed":
        line = without_paths(records.raised(run))[:200]
        status = "unavailable" if UNAVAILABLE.match(line) else "fails"
        return {**cell, "status": status, "detail": line}
    difference = first_difference(
        output, without_paths((reference or {}).get("output", ""))
    )
    if reference is None or not difference:
        return {**cell, "status": "holds", "detail": ""}
    return {**cell, "status": "holds", "detail": f"output differs, {difference}"}


def run(release: str, selected: list[Entry], force: bool) -> dict:
    """Verify on one release; return its part of the matrix."""
    python = envs.ensure_env(release)
    lock_file = lock_path(release)
    if release == pinned():
        verify(selected, force=force)
    else:
        verify(
            selected,
            force=force,
            python=str(python),
            lock=lock_file,
            record_path=envs.record_path(release),
            figures_root=None,
        )
    # The record holds every run, made now or before.
    mine = records.load(envs.record_path(release))
    reference = records.load(records.RECORD)
    cells = {}
    for entry in selected:
        done = mine.get(entry.rel)
        if done and done["key"] == records.cache_key(entry, lock_file):
            cells[entry.rel] = summarise(done, reference.get(entry.rel))
    return {"release": release, **envs.versions_in(python), "cells": cells}


def merge(parts: list[dict], known: list[str], matrix: dict | None = None) -> dict:
    """The matrix with each release's part written in; snippets not in
    ``known`` (deleted since) are dropped."""
    matrix = matrix or {"releases": {}, "entries": {}}
    for part in parts:
        release = part["release"]
        matrix["releases"][release] = {
            "tensorflow": part["tensorflow"],
            "keras": part["keras"],
        }
        for rel, cell in part["cells"].items():
            matrix["entries"].setdefault(rel, {})[release] = cell
    kept = set(known)
    matrix["entries"] = {
        rel: cells for rel, cells in sorted(matrix["entries"].items()) if rel in kept
    }
    matrix["releases"] = dict(
        sorted(matrix["releases"].items(), key=lambda kv: envs.order(kv[0]))
    )
    return matrix


def load(path: Path = MATRIX) -> dict:
    if not path.exists():
        return {"releases": {}, "entries": {}}
    return json.loads(path.read_text(encoding="utf-8"))


def save(matrix: dict, path: Path = MATRIX) -> None:
    records.save(matrix, path)


def problems(matrix: dict, selected: list[Entry]) -> list[str]:
    """Snippets the matrix does not cover, or covers with a stale key."""
    found = []
    for release, lock in envs.release_locks().files.items():
        if lock is None:
            found.append(
                f"{release}: no lock {lock_path(release).name}; run "
                f"`python -m engine.matrix lock {release}`"
            )
            continue
        for entry in selected:
            cell = matrix["entries"].get(entry.rel, {}).get(release)
            if cell is None:
                found.append(f"snippets/{entry.rel}: not run on {release}")
            elif cell["key"] != records.cache_key(entry, lock):
                found.append(f"snippets/{entry.rel}: stale on {release}")
    return found


def fresh_cells(
    matrix: dict,
    entry: Entry,
    record: dict[str, Run] | None = None,
    locks: envs.ReleaseLocks | None = None,
) -> dict[str, Cell]:
    """The entry's cells whose key matches the code it runs and that
    release's lock today; a stale or missing release reads 'unchecked'.
    The pinned release's cell comes from ``record`` when given: the record
    that gates the build always ran the code the card shows. ``locks``:
    each release's lock (``release_locks()``), read once by a caller that
    asks for many entries."""
    locks = envs.release_locks() if locks is None else locks
    cells = {}
    for release, lock in locks.files.items():
        cell = matrix["entries"].get(entry.rel, {}).get(release)
        if record is not None and release == locks.pinned and entry.rel in record:
            cell = summarise(record[entry.rel], record[entry.rel])
        if cell and lock and cell["key"] == records.cache_key(entry, lock):
            cells[release] = cell
        else:
            cells[release] = {"status": "unchecked", "detail": ""}
    return cells


def changes(
    cells_of: dict[str, dict[str, Cell]], selected: list[Entry]
) -> list[tuple[str, list[tuple[Entry, Cell, Cell]]]]:
    """Per release, the entries that behave differently from the release
    before it: (release, [(entry, before cell, after cell)]). ``cells_of``
    holds each entry's fresh cells. A different output counts only for an
    entry whose output is not volatile (a timing differs on every run)."""
    found = []
    for before, after in itertools.pairwise(releases()):
        changed = []
        for entry in selected:
            old, new = cells_of[entry.rel][before], cells_of[entry.rel][after]
            if "unchecked" in (old["status"], new["status"]):
                continue
            differs = old["status"] != new["status"] or (
                not entry.volatile and old.get("output") != new.get("output")
            )
            if differs:
                changed.append((entry, old, new))
        found.append((after, changed))
    return found


def report_nightly(matrix: dict) -> str:
    broken = []
    for rel, cells in matrix["entries"].items():
        night, here = cells.get(NIGHTLY), cells.get(pinned())
        if night and here and night["status"] != here["status"]:
            broken.append(
                f"- `snippets/{rel}`: {night['status']} on nightly "
                f"({night['detail'] or 'no detail'})"
            )
    version = matrix["releases"].get(NIGHTLY, {}).get("tensorflow", "?")
    if not broken:
        return f"Nightly {version}: every entry behaves as on {pinned()}.\n"
    return (
        f"Nightly {version} changes {len(broken)} entries against "
        f"{pinned()}:\n\n" + "\n".join(broken) + "\n"
    )


# The commands: one function each.


def command_releases(_args) -> int:
    print(json.dumps(releases()))
    return 0


def command_check(_args) -> int:
    found = [
        problem
        for problem in problems(load(), Catalogue.read().all())
        if not problem.endswith(f" on {NIGHTLY}")
    ]
    print(*found, sep="\n")
    return 1 if found else 0


def command_lock(args) -> int:
    for release in args.releases or [r for r in releases() if r != pinned()]:
        print(f"{release}: {envs.lock(release).relative_to(ROOT)}")
    return 0


def command_report(_args) -> int:
    print(report_nightly(load()), end="")
    return 0


def command_merge(args) -> int:
    parts = [json.loads(p.read_text()) for p in args.parts]
    save(merge(parts, Catalogue.read().names, load()))
    return 0


def command_run(args) -> int:
    catalogue = Catalogue.read()
    wanted = args.releases or releases()
    if args.part and len(wanted) != 1:
        raise SystemExit("--part writes one release's results: name one release")
    parts = []
    for release in wanted:
        start = datetime.datetime.now()
        part = run(release, catalogue.all(), args.force)
        seconds = (datetime.datetime.now() - start).total_seconds()
        counts = dict(Counter(cell["status"] for cell in part["cells"].values()))
        print(
            f"{release} (TensorFlow {part['tensorflow']}, Keras "
            f"{part['keras']}): {counts} in {seconds:.0f}s",
            flush=True,
        )
        parts.append(part)
        if args.part:
            args.part.write_text(json.dumps(part, indent=1) + "\n")
    if not args.part:
        save(merge(parts, catalogue.names, load()))
    return 0


def parser() -> argparse.ArgumentParser:
    commands = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = commands.add_subparsers(dest="command", required=True)
    sub.add_parser("lock").add_argument("releases", nargs="*")
    run_command = sub.add_parser("run")
    run_command.add_argument("releases", nargs="*")
    run_command.add_argument("--force", action="store_true")
    run_command.add_argument(
        "--part", type=Path, help="write this release's part here (CI)"
    )
    sub.add_parser("merge").add_argument("parts", nargs="+", type=Path)
    sub.add_parser("report").add_argument("what", choices=[NIGHTLY])
    sub.add_parser("releases", help="the releases, as JSON (for CI)")
    sub.add_parser("check", help="does matrix.json cover every snippet?")
    return commands


COMMANDS = {
    "releases": command_releases,
    "check": command_check,
    "lock": command_lock,
    "report": command_report,
    "merge": command_merge,
    "run": command_run,
}


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    return COMMANDS[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
