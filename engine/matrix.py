"""The version matrix: every snippet on each TensorFlow release it may meet.

    python -m engine.matrix lock [RELEASE ...]   # write matrix/locks/*.txt
    python -m engine.matrix run [RELEASE ...] [--force] [--part FILE]
    python -m engine.matrix merge PART ...       # CI: the jobs' parts
    python -m engine.matrix report nightly       # what nightly breaks
    python -m engine.matrix check                # covers every snippet?

Each release other than the pinned one has a lock, ``matrix/locks/R.txt``
(hashed, every package pinned), and an environment made from it on first
use, ``.matrix/R/`` (kept, so a release is installed once). The lock of a
release is the environment a fresh install of its newest patch gave on the
day that patch came out (`uv pip compile --exclude-newer`), so a 2.18 card
meets the Keras a 2.18 reader had. The pinned release is the project's own
environment and record: its column is record.json, not a second install.

The snippets run through the same ``verify`` as always (same fork server,
same sandbox); each release keeps its full record in ``.matrix/R/``. The
committed summary, ``matrix.json``, holds per snippet and release: the
cache key (snippet, that release's lock, Python), the status, the first
line that differs from the pinned release (or the error), a hash of the
output, and the date. Only the pinned release gates the build.
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import itertools
import json
import os
import re
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

from engine import entry as entries
from engine import record as records
from engine.verify import verify

MATRIX = entries.ROOT / "matrix.json"
LOCKS = entries.ROOT / "matrix" / "locks"
# Where the release environments live (the bench points it elsewhere to
# time a cold run).
ENVS = Path(os.environ.get("MATRIX_ENVS") or entries.ROOT / ".matrix")
OLDEST = (2, 16)  # Keras 3 became tf.keras in 2.16
NIGHTLY = "nightly"
# What every release environment holds besides TensorFlow: what snippets
# import. ai-edge-litert is left out where it did not exist yet.
EXTRAS = ("matplotlib", "tensorboard", "ai-edge-litert")
# ai-edge-litert's dependency: 1.3.x says Python < 3.11 and pip refuses it.
CONSTRAINTS = "backports-strenum==1.2.8\n"
# tf-keras asks for `tensorflow`; tensorflow-cpu already provides it.
OVERRIDES = 'tensorflow ; sys_platform == "never"\n'
# A failure that means "this API is not in that release", not "the claim
# is false there".
UNAVAILABLE = re.compile(
    r"^ModuleNotFoundError\b|^ImportError: cannot import name|"
    r"^AttributeError: module '(tensorflow|keras|tf_keras|ai_edge_litert)[\w.']* "
    r"has no attribute"
)


def pinned() -> str:
    """The pinned release, as major.minor (from requirements.txt)."""
    return ".".join(records.pinned_tensorflow().split(".")[:2])


def releases() -> list[str]:
    """2.16 up to the pinned release, then nightly."""
    major, minor = map(int, pinned().split("."))
    return [f"{major}.{m}" for m in range(OLDEST[1], minor + 1)] + [NIGHTLY]


def lock_path(release: str) -> Path:
    return records.LOCK if release == pinned() else LOCKS / f"{release}.txt"


def python_of(release: str) -> Path:
    if release == pinned():
        return Path(sys.executable)
    return ENVS / release / "bin" / "python"


def record_path(release: str) -> Path:
    if release == pinned():
        return records.RECORD
    return ENVS / release / "record.json"


# Locks: the environment a fresh install gave when each release was newest.


def pypi_files(package: str) -> list[dict]:
    request = urllib.request.Request(
        f"https://pypi.org/simple/{package}/",
        headers={"Accept": "application/vnd.pypi.simple.v1+json"},
    )
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.load(response)["files"]


def newest_patch(release: str) -> tuple[str, str]:
    """(version, upload date) of the release's newest patch for CPython 3.11
    on Linux x86-64; for nightly, the newest nightly that installs here."""
    package = "tf-nightly" if release == NIGHTLY else "tensorflow-cpu"
    prefix = "" if release == NIGHTLY else re.escape(release) + r"\.\d+"
    pattern = re.compile(
        rf"^{package.replace('-', '_')}-({prefix or '[^-]+'})-cp311-cp311-"
        r"manylinux[^-]*_x86_64\.whl$"
    )
    found = []
    for item in pypi_files(package):
        match = pattern.match(item["filename"])
        if match and not item.get("yanked"):
            found.append((item["upload-time"], match[1]))
    if not found:
        raise SystemExit(f"no {package} wheel for {release} on PyPI")
    upload, version = max(found)
    return version, upload[:10]


def lock(release: str) -> Path:
    if release == pinned():
        raise SystemExit(
            f"{release} is pinned by requirements.txt: use make lock, not this"
        )
    version, uploaded = newest_patch(release)
    package = "tf-nightly" if release == NIGHTLY else "tensorflow-cpu"
    target = lock_path(release)
    target.parent.mkdir(parents=True, exist_ok=True)
    day_after = datetime.date.fromisoformat(uploaded) + datetime.timedelta(days=1)
    constraints, overrides = ENVS / "constraints.txt", ENVS / "overrides.txt"
    constraints.parent.mkdir(exist_ok=True)
    constraints.write_text(CONSTRAINTS)
    overrides.write_text(OVERRIDES)
    # Keras 2 (tf_keras) of the same release: some entries compare with it.
    legacy = "tf-keras-nightly" if release == NIGHTLY else f"tf-keras=={release}.*"
    for extras in (EXTRAS, EXTRAS[:-1]):
        wanted = "\n".join([f"{package}=={version}", legacy, *extras]) + "\n"
        command = [
            str(Path(sys.executable).parent / "uv"),
            "pip",
            "compile",
            "-",
            "--python-version",
            "3.11",
            "--python-platform",
            "x86_64-manylinux_2_28",
            "--generate-hashes",
            "--no-header",
            "-c",
            str(constraints),
            "--override",
            str(overrides),
            "-o",
            str(target),
        ]
        if release == NIGHTLY:
            command += ["--prerelease", "allow"]
        else:
            # The newest tf-keras patch of the release: 2.20.0 was yanked.
            command += [
                "--exclude-newer",
                day_after.isoformat(),
                "--exclude-newer-package",
                f"tf-keras={datetime.date.today().isoformat()}",
            ]
        done = subprocess.run(command, input=wanted, text=True, capture_output=True)
        if done.returncode == 0:
            note = (
                f"# {package}=={version}; resolved as of {day_after} "
                "(python -m engine.matrix lock)\n"
            )
            if release == NIGHTLY:
                note = f"# {package}=={version} (python -m engine.matrix lock)\n"
            target.write_text(note + target.read_text())
            return target
    raise SystemExit(f"cannot lock {release}:\n{done.stderr}")


def ensure_env(release: str) -> Path:
    """Create the release's environment from its lock, once per lock."""
    python = python_of(release)
    if release == pinned():
        return python
    lock_file = lock_path(release)
    if not lock_file.is_file():
        raise SystemExit(f"no lock for {release} ({lock_file}): run make matrix-lock")
    stamp = ENVS / release / ".lock-sha256"
    digest = hashlib.sha256(lock_file.read_bytes()).hexdigest()
    if python.exists() and stamp.exists() and stamp.read_text() == digest:
        return python
    base = getattr(sys, "_base_executable", sys.executable)
    subprocess.run([base, "-m", "venv", "--clear", str(ENVS / release)], check=True)
    subprocess.run(
        [
            str(python),
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
            "--no-deps",
            "--require-hashes",
            "-r",
            str(lock_file),
        ],
        check=True,
    )
    stamp.write_text(digest)
    return python


# Results: what each release says of each snippet.


def error_line(item: dict) -> str:
    """The exception line that ended a failed run."""
    lines = [
        ln.strip()
        for ln in item.get("stderr_tail", "").splitlines()
        if re.match(r"^\w+(\.\w+)*(Error|Exception|Exit)\b", ln.strip())
    ]
    return without_paths(lines[-1] if lines else item.get("reason", ""))[:200]


def without_paths(text: str) -> str:
    """Paths of this machine say nothing to a reader and change every run
    (each snippet runs in a fresh temporary directory)."""
    text = re.sub(r"/\S*/site-packages/", "site-packages/", text)
    # engine/forkserver.py runs each snippet in mkdtemp(prefix="snippet-")
    # under the temporary directory of the machine ($TMPDIR or /tmp).
    temp = re.escape(tempfile.gettempdir().rstrip("/"))
    return re.sub(rf"(?:/tmp|{temp})/snippet-\w+/(tmp\w+/)?", "", text)


def first_difference(output: str, reference: str) -> str:
    mine, theirs = output.splitlines(), reference.splitlines()
    for index in range(max(len(mine), len(theirs))):
        got = mine[index] if index < len(mine) else "(no line)"
        want = theirs[index] if index < len(theirs) else "(no line)"
        if got != want:
            return f"line {index + 1}: {got[:160]}"
    return ""


def summarise(item: dict, reference: dict | None) -> dict:
    """One cell of the matrix from a release's record item."""
    output = without_paths(item.get("output", ""))
    cell = {
        "key": item["key"],
        "date": item["date"],
        "output": hashlib.sha256(output.encode()).hexdigest()[:12],
    }
    if item["status"] == "skipped":
        return {**cell, "status": "skipped", "detail": "needs a GPU"}
    if item["status"] == "timeout":
        return {**cell, "status": "fails", "detail": item["reason"]}
    if item["status"] != "passed":
        line = error_line(item)
        status = "unavailable" if UNAVAILABLE.match(line) else "fails"
        return {**cell, "status": status, "detail": line}
    difference = first_difference(
        output, without_paths((reference or {}).get("output", ""))
    )
    if reference is None or not difference:
        return {**cell, "status": "holds", "detail": ""}
    return {**cell, "status": "holds", "detail": f"output differs, {difference}"}


def environment_of(python: Path) -> dict:
    code = (
        "import json, keras, tensorflow as tf; print(json.dumps("
        "{'tensorflow': tf.__version__, 'keras': keras.__version__}))"
    )
    done = subprocess.run(
        [str(python), "-c", code], capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def run(release: str, selected: list[entries.Entry], force: bool) -> dict:
    """Verify on one release; return its part of the matrix."""
    python = ensure_env(release)
    lock_file = lock_path(release)
    if release == pinned():
        results = verify(selected, force=force)
    else:
        results = verify(
            selected,
            force=force,
            python=str(python),
            lock=lock_file,
            record_path=record_path(release),
            figures_root=None,
        )
    del results  # the record holds every item, run now or before
    mine = records.load(record_path(release))
    reference = records.load(records.RECORD)
    cells = {}
    for entry in selected:
        item = mine.get(entry.rel)
        if item and item["key"] == records.cache_key(entry.path, lock_file):
            cells[entry.rel] = summarise(item, reference.get(entry.rel))
    return {"release": release, **environment_of(python), "cells": cells}


def merge(parts: list[dict], matrix: dict | None = None) -> dict:
    matrix = matrix or {"releases": {}, "entries": {}}
    for part in parts:
        release = part["release"]
        matrix["releases"][release] = {
            "tensorflow": part["tensorflow"],
            "keras": part["keras"],
        }
        for rel, cell in part["cells"].items():
            matrix["entries"].setdefault(rel, {})[release] = cell
    known = {
        p.relative_to(entries.SNIPPETS).as_posix() for p in entries.snippet_files()
    }
    matrix["entries"] = {
        rel: cells for rel, cells in sorted(matrix["entries"].items()) if rel in known
    }
    matrix["releases"] = dict(
        sorted(matrix["releases"].items(), key=lambda kv: order(kv[0]))
    )
    return matrix


def order(release: str) -> tuple:
    return (1, 0) if release == NIGHTLY else (0, int(release.split(".")[1]))


def load(path: Path = MATRIX) -> dict:
    if not path.exists():
        return {"releases": {}, "entries": {}}
    return json.loads(path.read_text(encoding="utf-8"))


def save(matrix: dict, path: Path = MATRIX) -> None:
    records.save(matrix, path)


def problems(matrix: dict, selected: list[entries.Entry]) -> list[str]:
    """Snippets the matrix does not cover, or covers with a stale key."""
    found = []
    for release in releases():
        lock_file = lock_path(release)
        if not lock_file.exists():
            found.append(
                f"{release}: no lock {lock_file.name}; run "
                f"`python -m engine.matrix lock {release}`"
            )
            continue
        for entry in selected:
            cell = matrix["entries"].get(entry.rel, {}).get(release)
            if cell is None:
                found.append(f"snippets/{entry.rel}: not run on {release}")
            elif cell["key"] != records.cache_key(entry.path, lock_file):
                found.append(f"snippets/{entry.rel}: stale on {release}")
    return found


# What a card says: the releases it holds on.


def fresh_cells(
    matrix: dict, entry: entries.Entry, record: dict | None = None
) -> dict[str, dict]:
    """The entry's cells whose key matches the code it runs and that
    release's lock today; a stale or missing release reads 'unchecked'.
    The pinned release's cell comes from ``record`` when given: the record
    that gates the build always ran the code the card shows."""
    cells = {}
    for release in releases():
        cell = matrix["entries"].get(entry.rel, {}).get(release)
        if record is not None and release == pinned() and entry.rel in record:
            cell = summarise(record[entry.rel], record[entry.rel])
        lock_file = lock_path(release)
        if (
            cell
            and lock_file.exists()
            and cell["key"] == records.cache_key(entry.path, lock_file)
        ):
            cells[release] = cell
        else:
            cells[release] = {"status": "unchecked", "detail": ""}
    return cells


def spans(cells: dict) -> list[tuple[str, str, str, str]]:
    """Runs of consecutive releases (nightly left out) with the same
    status: (first, last, status, detail of the first)."""
    runs: list[list] = []
    for release in sorted((r for r in cells if r != NIGHTLY), key=order):
        cell = cells[release]
        if runs and runs[-1][2] == cell["status"]:
            runs[-1][1] = release
        else:
            runs.append([release, release, cell["status"], cell["detail"]])
    return [tuple(run) for run in runs]


def span_name(first: str, last: str) -> str:
    return first if first == last else f"{first}–{last}"


SAYS = {
    "fails": "fails on",
    "unavailable": "not in",
    "unchecked": "not yet run on",
    "skipped": "not run (GPU) on",
}


def card_line(cells: dict[str, dict]) -> tuple[str, str]:
    """What a card says of the releases: a sentence in Markdown, and the
    few characters the printed sheet keeps (the range it holds on)."""
    runs = spans(cells)
    if all(status == "skipped" for _, _, status, _ in runs):
        return "Not run on any release yet: it needs a GPU.", "GPU only"
    first, last, status, _ = runs[-1]
    short = f"TF {span_name(first, last)}" if status == "holds" else ""
    parts = []
    for first, last, status, detail in runs:
        if status == "holds":
            parts.append(f"holds on {span_name(first, last)}")
        else:
            said = f"{SAYS[status]} {span_name(first, last)}"
            if detail and status in ("fails", "unavailable"):
                said += f" (`{detail[:120].replace('`', chr(39))}`)"
            parts.append(said)
    sentence = "TensorFlow releases: " + "; ".join(parts) + "."
    if len(runs) == 1 and runs[0][2] == "holds":
        sentence = f"Holds on every release checked: TF {short[3:]}."
    night = cells.get(NIGHTLY, {"status": "unchecked"})
    if night["status"] in ("fails", "unavailable"):
        detail = night["detail"][:120].replace("`", "'")
        sentence += f" **Breaks on nightly:** `{detail}`."
        short += " · nightly ✗"
    elif night["status"] == "holds":
        sentence += " Nightly: holds."
    return sentence, short


def changes(
    matrix: dict,
    selected: list[entries.Entry],
    steady: set[str],
    record: dict | None = None,
) -> list[tuple[str, list]]:
    """Per release, the entries that behave differently from the release
    before it: (release, [(entry, before cell, after cell)]). An output
    that differs counts only for entries in ``steady`` (not timings)."""
    ordered = releases()
    cells_of = {entry.rel: fresh_cells(matrix, entry, record) for entry in selected}
    found = []
    for before, after in itertools.pairwise(ordered):
        changed = []
        for entry in selected:
            cells = cells_of[entry.rel]
            old, new = cells[before], cells[after]
            if "unchecked" in (old["status"], new["status"]):
                continue
            differs = old["status"] != new["status"] or (
                entry.rel in steady and old.get("output") != new.get("output")
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    lock_cmd = sub.add_parser("lock")
    lock_cmd.add_argument("releases", nargs="*")
    run_cmd = sub.add_parser("run")
    run_cmd.add_argument("releases", nargs="*")
    run_cmd.add_argument("--force", action="store_true")
    run_cmd.add_argument(
        "--part", type=Path, help="write this release's part here (CI)"
    )
    merge_cmd = sub.add_parser("merge")
    merge_cmd.add_argument("parts", nargs="+", type=Path)
    report_cmd = sub.add_parser("report")
    report_cmd.add_argument("what", choices=[NIGHTLY])
    sub.add_parser("releases", help="the releases, as JSON (for CI)")
    sub.add_parser("check", help="does matrix.json cover every snippet?")
    args = parser.parse_args(argv)

    if args.command == "releases":
        print(json.dumps(releases()))
        return 0
    if args.command == "check":
        selected = [entries.load(p) for p in entries.snippet_files()]
        found = [
            f for f in problems(load(), selected) if not f.endswith(f" on {NIGHTLY}")
        ]
        print(*found, sep="\n")
        return 1 if found else 0

    if args.command == "lock":
        for release in args.releases or [r for r in releases() if r != pinned()]:
            print(f"{release}: {lock(release).relative_to(entries.ROOT)}")
        return 0
    if args.command == "report":
        print(report_nightly(load()), end="")
        return 0
    if args.command == "merge":
        parts = [json.loads(p.read_text()) for p in args.parts]
        save(merge(parts, load()))
        return 0
    selected = [entries.load(p) for p in entries.snippet_files()]
    wanted = args.releases or releases()
    if args.part and len(wanted) != 1:
        raise SystemExit("--part writes one release's results: name one release")
    parts = []
    for release in wanted:
        start = datetime.datetime.now()
        part = run(release, selected, args.force)
        seconds = (datetime.datetime.now() - start).total_seconds()
        counts: dict[str, int] = {}
        for cell in part["cells"].values():
            counts[cell["status"]] = counts.get(cell["status"], 0) + 1
        print(
            f"{release} (TensorFlow {part['tensorflow']}, Keras "
            f"{part['keras']}): {counts} in {seconds:.0f}s",
            flush=True,
        )
        parts.append(part)
        if args.part:
            args.part.write_text(json.dumps(part, indent=1) + "\n")
    if not args.part:
        save(merge(parts, load()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
