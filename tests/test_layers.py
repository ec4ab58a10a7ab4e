"""Each layer does one job, in one direction: snippet -> entry (engine/)
-> verified record -> rendered page, search document (macros/) -> PDF,
benchmarks and browser drivers (tools/). What the build reads, it reads
once, and `make serve` watches all of it."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
import yaml
from conftest import ROOT, catalogue

from macros.build import FAULTS

# A layer may import the layers before it, never one after it.
LAYERS = ("engine", "macros", "tools")


def imported(path: Path) -> set[str]:
    """The project packages a module imports (at any depth of its code)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
        elif isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
    return found & set(LAYERS)


@pytest.mark.parametrize("layer", LAYERS)
def test_no_import_runs_against_the_direction(layer):
    later = set(LAYERS[LAYERS.index(layer) + 1 :])
    for path in sorted((ROOT / layer).glob("*.py")):
        wrong = imported(path) & later
        assert not wrong, f"{path.relative_to(ROOT)} imports {sorted(wrong)}"


def test_the_direction_check_catches_a_backward_import(tmp_path):
    module = tmp_path / "m.py"
    module.write_text("def f():\n    from tools.sheets import PAPERS\n")
    assert imported(module) == {"tools"}


def raised_kinds() -> Counter:
    """The kind of every BuildFault(...) raised in macros/."""
    kinds = Counter()
    for path in sorted((ROOT / "macros").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "attr", getattr(node.func, "id", ""))
                == "BuildFault"
            ):
                first = node.args[0]
                assert isinstance(first, ast.Constant), (
                    f"{path.name}:{node.lineno}: name the fault's kind as a string"
                )
                kinds[first.value] += 1
    return kinds


def test_the_fault_list_is_what_the_build_raises():
    """docs/verification.md lists FAULTS: every kind the build raises is
    listed, and every kind listed is raised somewhere."""
    raised = raised_kinds()
    assert set(raised) == set(FAULTS), (
        f"raised, not listed: {sorted(set(raised) - set(FAULTS))}; "
        f"listed, never raised: {sorted(set(FAULTS) - set(raised))}"
    )


# Runs `mkdocs build` with an audit hook that notes every file opened.
AUDITED_BUILD = """
import json, sys
opened = []
sys.addaudithook(
    lambda event, args: opened.append(args[0])
    if event == "open" and isinstance(args[0], str) else None
)
from mkdocs.__main__ import cli
try:
    cli(["build", "--strict", "-q", "-d", sys.argv[1]])
except SystemExit as done:
    if done.code:
        raise
with open(sys.argv[2], "w") as out:
    json.dump(opened, out)
"""


@pytest.fixture(scope="module")
def opened(tmp_path_factory) -> Counter:
    """The project's files a strict build opens, and how often."""
    folder = tmp_path_factory.mktemp("audited")
    result = subprocess.run(
        [
            sys.executable,
            "-c",
            AUDITED_BUILD,
            str(folder / "site"),
            str(folder / "opened.json"),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        env={"PATH": "/usr/bin:/bin", "NO_MKDOCS_2_WARNING": "1"},
    )
    assert result.returncode == 0, result.stderr[-3000:]
    counts = Counter()
    for name in json.loads((folder / "opened.json").read_text()):
        if name.startswith("<"):  # "<unknown>": code compiled from a string
            continue
        path = Path(name).resolve()
        if not path.is_relative_to(ROOT) or path.is_relative_to(ROOT / ".venv"):
            continue
        if "__pycache__" not in path.parts:
            counts[path.relative_to(ROOT).as_posix()] += 1
    return counts


def watched() -> list[str]:
    """What `mkdocs serve` watches: the config, the docs, the theme
    override folder and mkdocs.yml's `watch:` list."""

    class Loader(yaml.SafeLoader):
        pass

    Loader.add_multi_constructor("!", lambda loader, suffix, node: None)
    config = yaml.load((ROOT / "mkdocs.yml").read_text(), Loader)
    return [
        "mkdocs.yml",
        config.get("docs_dir", "docs"),
        config["theme"]["custom_dir"],
        *config["watch"],
    ]


def test_serve_watches_every_file_the_build_reads(opened):
    """`make serve` rebuilds when any input changes: after `make matrix`
    (matrix.json, matrix/locks/), `make verify` (record.json, charts),
    `make lock` (requirements.txt) or an edit of the code."""
    roots = watched()
    unwatched = [
        name
        for name in opened
        if not any(name == root or name.startswith(root + "/") for root in roots)
    ]
    assert not unwatched, f"read by the build, not watched: {unwatched}"
    assert "matrix.json" in opened and "record.json" in opened


def test_the_build_reads_each_input_once(opened):
    """One catalogue: each snippet is parsed once (then copied into the
    site as its proof); the topic map, the record and the matrix are read
    once, the lock file a handful of times per build, never per card."""
    snippets = {name: n for name, n in opened.items() if name.startswith("snippets/")}
    assert set(snippets) >= {f"snippets/{rel}" for rel in catalogue().names}
    too_often = {name: n for name, n in snippets.items() if n > 2}
    assert not too_often, f"read more than parsed and copied: {too_often}"
    assert opened["requirements.txt"] <= 5, opened["requirements.txt"]
    assert opened["snippets/topics.md"] == 1, opened["snippets/topics.md"]
    assert opened["record.json"] == 1 and opened["matrix.json"] == 1
    # read with each lock file (a key depends on it), not per card
    assert opened["registry/pypi.json"] <= opened["requirements.txt"] + len(
        list((ROOT / "matrix" / "locks").glob("*.txt"))
    ), opened["registry/pypi.json"]
