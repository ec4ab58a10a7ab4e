"""The contributor's loop, timed on this machine (`make bench`).

    python -m tools.loop [--growth FACTOR]

Loop: a fresh clone of the committed tree (HEAD) runs `CI=true bash
.ci/run` as CI does; then `make test` once (the contributor's own,
local variant of the site: .ci/run builds the published one); then one
word is added to a card's prose and `make test` runs again, as a
contributor would run it. Each run is cut
into phases at the commands make echoes (virtual environment, verify,
build, sheets, pytest), and pytest's time is split per test file (from
its JUnit XML). Budgets: the fresh `.ci/run` within 6 minutes, `make
test` after a prose edit within 90 seconds, pytest within 150 seconds.

Growth (--growth 3): a copy of the working tree with every card copied
FACTOR - 1 times under new anchors, next to a plain copy; each goes
through verify (every snippet), the build, the sheets and pytest, and
the table gives each phase's time on both and the ratio.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUDGETS = {"fresh .ci/run": 360, "make test after a prose edit": 90, "pytest": 150}
# The command make echoes when each phase starts.
PHASES = (
    ("virtual environment", re.compile(r"-m venv ")),
    ("verify", re.compile(r"-m engine\.verify")),
    ("build", re.compile(r"-m mkdocs build")),
    ("sheets", re.compile(r"-m tools\.sheets")),
    ("pytest", re.compile(r"-m pytest")),
)
PROSE_EDIT = ("snippets/data/batch_drop_remainder.py", "What is going on:")


def timed_phases(command: list[str], cwd: Path, env: dict) -> dict[str, float]:
    """Run a command; return the seconds of each phase, and "total"."""
    start = time.monotonic()
    marks: list[tuple[str, float]] = []
    log = []
    with subprocess.Popen(
        command,
        cwd=cwd,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    ) as process:
        for line in process.stdout:
            log.append(line)
            for name, pattern in PHASES:
                if pattern.search(line) and name not in dict(marks):
                    marks.append((name, time.monotonic() - start))
    total = time.monotonic() - start
    if process.returncode != 0:
        sys.stderr.write("".join(log[-60:]))
        raise SystemExit(f"{' '.join(command)} failed in {cwd}")
    phases = {}
    for (name, at), following in zip(marks, [*marks[1:], ("end", total)], strict=True):
        phases[name] = following[1] - at
    phases["total"] = total
    return phases


def per_file(junit: Path) -> dict[str, float]:
    """Seconds of each test file, from pytest's JUnit XML."""
    seconds: Counter[str] = Counter()
    for case in ET.parse(junit).iter("testcase"):
        name = case.get("classname", "").split(".")[-1] or "?"
        seconds[f"{name}.py"] += float(case.get("time", 0))
    return dict(seconds.most_common())


def clean_env(extra: dict | None = None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("SITE_URL", "FORCE")}
    return {**env, **(extra or {})}


def measured(title: str, command: list[str], clone: Path, extra: dict) -> dict:
    """Run ``command`` in the clone, timed by phase, and print the phases
    with pytest's time per test file."""
    junit = clone.parent / (re.sub(r"\W+", "-", title) + ".xml")
    phases = timed_phases(
        command, clone, clean_env({**extra, "PYTEST_ADDOPTS": f"--junitxml={junit}"})
    )
    report(title, phases, per_file(junit))
    return phases


def loop() -> int:
    with tempfile.TemporaryDirectory(prefix="loop-") as scratch:
        clone = Path(scratch) / "clone"
        subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
        ci = measured("fresh .ci/run", ["bash", ".ci/run"], clone, {"CI": "true"})
        # A contributor's own build: .ci/run built the published variant
        # (SITE_URL), which `make test` does not; every page differs.
        title = "make test, nothing changed (the local variant)"
        measured(title, ["make", "test"], clone, {})
        path, label = PROSE_EDIT
        card = clone / path
        card.write_text(card.read_text().replace(label, f"{label} In short,", 1))
        edit = measured("make test after a prose edit", ["make", "test"], clone, {})
    over = [
        f"{name} {seconds:.0f}s (budget {BUDGETS[name]}s)"
        for name, seconds in (
            ("fresh .ci/run", ci["total"]),
            ("make test after a prose edit", edit["total"]),
            ("pytest", ci.get("pytest", 0)),
        )
        if seconds > BUDGETS[name]
    ]
    print(
        f"loop: fresh .ci/run {ci['total']:.0f}s, make test after a prose edit "
        f"{edit['total']:.0f}s, pytest {ci.get('pytest', 0):.0f}s"
        + (f"; over budget: {over}" if over else "")
    )
    return 1 if over else 0


def report(title: str, phases: dict[str, float], files: dict[str, float]) -> None:
    print(f"{title}: {phases['total']:.0f}s")
    for name, seconds in phases.items():
        if name != "total":
            print(f"  {name:20} {seconds:6.1f}s")
    for name, seconds in files.items():
        print(f"    {name:28} {seconds:6.1f}s")


# Growth: the same phases on FACTOR times the cards.

ENTRY_CALL = re.compile(r"""(\{\{\s*entry\(\s*["']([^"']+)\.py["']([^)]*)\)\s*\}\})""")
COPIED = (
    "engine",
    "macros",
    "tools",
    "tests",
    "docs",
    "snippets",
    "overrides",
    "matrix",
    "registry",
    ".ci",
)


def copy_tree(target: Path) -> None:
    for name in COPIED:
        shutil.copytree(
            ROOT / name, target / name, ignore=shutil.ignore_patterns("__pycache__")
        )
    for name in ROOT.iterdir():
        if name.is_file():
            shutil.copy(name, target / name.name)
    (target / ".venv").symlink_to(ROOT / ".venv")
    shutil.copytree(ROOT / ".github", target / ".github")


def multiply(tree: Path, factor: int) -> int:
    """Copy every card factor - 1 times (file name and anchor _copyN),
    next to the original on its page; return the number of cards."""
    for snippet in sorted((tree / "snippets").glob("*/*.py")):
        text = snippet.read_text()
        # An old anchor may be kept by one card only.
        text = re.sub(r"^formerly:.*\n", "", text, flags=re.MULTILINE)
        for copy in range(2, factor + 1):
            snippet.with_name(f"{snippet.stem}_copy{copy}.py").write_text(text)
    for page in (tree / "docs").glob("*.md"):

        def copies(match: re.Match) -> str:
            call, rel, rest = match.groups()
            more = [
                f'{{{{ entry("{rel}_copy{n}.py"{rest}) }}}}'
                for n in range(2, factor + 1)
            ]
            return "\n\n".join([call, *more])

        page.write_text(ENTRY_CALL.sub(copies, page.read_text()))
    return len(list((tree / "snippets").glob("*/*.py")))


def growth(factor: int) -> int:
    rows = {}
    for label, times in (("1x", 1), (f"{factor}x", factor)):
        with tempfile.TemporaryDirectory(prefix="growth-") as scratch:
            tree = Path(scratch)
            copy_tree(tree)
            cards = multiply(tree, times)
            py = str(tree / ".venv" / "bin" / "python")
            env = clean_env({"NO_MKDOCS_2_WARNING": "1"})
            phases = {"cards": cards}
            for name, command in (
                ("verify", [py, "-m", "engine.verify", "--force"]),
                ("build", [py, "-m", "mkdocs", "build", "--strict", "-q"]),
                ("sheets", [py, "-m", "tools.sheets", "site"]),
            ):
                started = time.monotonic()
                subprocess.run(command, cwd=tree, env=env, capture_output=True)
                phases[name] = time.monotonic() - started
            started = time.monotonic()
            done = subprocess.run(
                [py, "-m", "pytest", "-q", "-p", "no:cacheprovider"],
                cwd=tree,
                env={**env, "BUILT_SITE": "site"},
                capture_output=True,
                text=True,
            )
            phases["pytest"] = time.monotonic() - started
            phases["pytest result"] = done.stdout.strip().splitlines()[-1]
            rows[label] = phases
            print(label, phases, flush=True)
    small, big = rows["1x"], rows[f"{factor}x"]
    print(
        f"| phase | 1x ({small['cards']} cards) | {factor}x ({big['cards']}) | ratio |"
    )
    print("|---|---|---|---|")
    for name in ("verify", "build", "sheets", "pytest"):
        print(
            f"| {name} | {small[name]:.1f}s | {big[name]:.1f}s | "
            f"{big[name] / small[name]:.2f} |"
        )
    print(
        f"pytest outcome: 1x {small['pytest result']}; {factor}x {big['pytest result']}"
    )
    # A copy the suite fails on times nothing worth reporting.
    broken = [
        label
        for label, phases in rows.items()
        if re.search(r"\d+ (failed|errors?)\b", phases["pytest result"])
    ]
    if broken:
        print(f"growth: pytest failed on the {', '.join(broken)} copy")
        return 1
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--growth", type=int, metavar="FACTOR")
    args = parser.parse_args(argv)
    return growth(args.growth) if args.growth else loop()


if __name__ == "__main__":
    sys.exit(main())
