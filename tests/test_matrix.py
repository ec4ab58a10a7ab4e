"""The version matrix: the committed record covers every snippet on every
release, and a card reads its cells right. The matrix itself is not run
here (`make matrix`); only what it left in matrix.json is checked."""

from __future__ import annotations

import dataclasses
import re

import pytest
from conftest import catalogue

from engine import entry as entries
from engine import matrix
from engine import record as records
from macros import releases as lines

GOOD = '''"""A card

When you hit it: always.

What is going on: nothing.

Pitfall: none.

severity: tip
topics: S1
"""

# --8<-- [start:show]
print("hello")  # a comment
# --8<-- [end:show]
'''


def cell(status: str, detail: str = "", output: str = "o") -> dict:
    return {"status": status, "detail": detail, "output": output}


def test_a_card_never_claims_a_release_that_did_not_run_its_code(tmp_path):
    """The matrix is filled in by its own workflow, not by `make test`: a
    snippet whose code changed since a release ran it reads 'not yet run
    on' that release; a prose edit changes nothing."""
    stage = tmp_path / "snippets" / "setup"
    stage.mkdir(parents=True)
    (tmp_path / "snippets" / "topics.md").write_text("- S1: pin\n")
    path = stage / "card.py"
    path.write_text(GOOD)
    card = entries.load(path)
    ran = {"releases": {}, "entries": {card.rel: {}}}
    for release in matrix.releases():
        key = records.cache_key(path, matrix.lock_path(release))
        ran["entries"][card.rel][release] = {**cell("holds"), "key": key}
    sentence, short = lines.card_line(matrix.fresh_cells(ran, card))
    assert sentence.startswith("Holds on every release checked"), sentence
    path.write_text(GOOD.replace("Pitfall: none.", "Pitfall: none at all."))
    prose_edit = lines.card_line(matrix.fresh_cells(ran, entries.load(path)))
    assert prose_edit == (sentence, short), "a prose edit must keep the cells"
    path.write_text(GOOD.replace('print("hello")', 'print("hello!")'))
    sentence, short = lines.card_line(matrix.fresh_cells(ran, entries.load(path)))
    assert "holds" not in sentence and short == "", sentence
    assert sentence.startswith("TensorFlow releases: not yet run on 2.16"), sentence


def test_matrix_names_the_releases_it_ran():
    ran = matrix.load()["releases"]
    for release in matrix.releases():
        assert release in ran, f"matrix.json has no run on {release}"
        version = ran[release]["tensorflow"]
        if release != matrix.NIGHTLY:
            assert version.startswith(release + "."), (release, version)


def test_matrix_runs_an_unavailable_api_as_such():
    """An API that a release lacks is 'not in', not a failed claim."""
    run = {
        "key": "k",
        "date": "d",
        "status": "failed",
        "stderr_tail": "Traceback ...\nModuleNotFoundError: No module named "
        "'ai_edge_litert'\n",
    }
    assert matrix.summarise(run, None)["status"] == "unavailable"
    run["stderr_tail"] = "AssertionError: expected the old wording\n"
    failed = matrix.summarise(run, None)
    assert failed["status"] == "fails"
    assert failed["detail"] == "AssertionError: expected the old wording"
    run["stderr_tail"] = (
        "FileNotFoundError: unable to open file: name = "
        "'best.weights.h5' in "
        "/work/x/.matrix/2.16/lib/python3.11/site-packages/keras/a.py\n"
    )
    assert matrix.summarise(run, None)["detail"] == (
        "FileNotFoundError: unable to open file: name = "
        "'best.weights.h5' in site-packages/keras/a.py"
    )


def releases_of(*statuses: str) -> dict[str, dict]:
    names = ["2.16", "2.17", "2.18", "2.19", "2.20", "2.21"]
    return dict(zip(names, statuses, strict=True))


def test_card_says_the_range_it_holds_on():
    cells = {r: cell(s) for r, s in releases_of(*["holds"] * 6).items()}
    cells[matrix.NIGHTLY] = cell("holds")
    sentence, short = lines.card_line(cells)
    assert short == "TF 2.16–2.21"
    assert sentence == "Holds on every release checked: TF 2.16–2.21. Nightly: holds."


def test_card_says_where_a_claim_changed_and_nightly_breaks():
    statuses = ["fails", "fails", "holds", "holds", "holds", "holds"]
    cells = {r: cell(s) for r, s in releases_of(*statuses).items()}
    cells["2.16"]["detail"] = cells["2.17"]["detail"] = "ValueError: old"
    cells[matrix.NIGHTLY] = cell("fails", "TypeError: new")
    sentence, short = lines.card_line(cells)
    assert short == "TF 2.18–2.21 · nightly ✗"
    assert "fails on 2.16–2.17 (`ValueError: old`)" in sentence
    assert "holds on 2.18–2.21" in sentence
    assert "**Breaks on nightly:** `TypeError: new`" in sentence


def test_card_says_an_api_is_not_in_older_releases():
    statuses = ["unavailable", "holds", "holds", "holds", "holds", "holds"]
    cells = {r: cell(s) for r, s in releases_of(*statuses).items()}
    sentence, _short = lines.card_line(cells)
    assert sentence.startswith("TensorFlow releases: not in 2.16; holds on 2.17")


@pytest.mark.parametrize("volatile", [False, True])
def test_release_changes_list_what_differs_from_the_release_before(
    volatile, monkeypatch
):
    entry = catalogue().all()[0]
    if volatile:
        entry = dataclasses.replace(entry, volatile="its output is a timing")
    cells = {r: cell(s) for r, s in releases_of(*["holds"] * 6).items()}
    cells["2.19"] = cell("holds", output="different")
    cells["2.17"] = cell("fails", "AssertionError: x")
    monkeypatch.setattr(matrix, "releases", lambda: list(cells))
    changed = {
        release: [entry.rel for entry, _old, _new in found]
        for release, found in matrix.changes({entry.rel: cells}, [entry])
    }
    expected = {"2.17", "2.18"} | (set() if volatile else {"2.19", "2.20"})
    assert {r for r, rels in changed.items() if rels} == expected


def test_every_card_carries_its_release_line(built_site):
    """On the site, each entry has its releases sentence and, on the sheet,
    its range in a few characters."""
    selected = catalogue().all()
    for stage in catalogue().stages:
        page = (built_site / stage / "index.html").read_text(encoding="utf-8")
        mine = [entry for entry in selected if entry.stage == stage]
        assert page.count('class="tf-versions"') == len(mine), stage
        ranges = re.findall(r'<span class="tf-range">([^<]*)</span>', page)
        assert len(ranges) == len(mine), stage
        assert all(
            re.fullmatch(r"(TF 2\.\d+(–2\.\d+)?)?( · nightly ✗)?|GPU only", r)
            for r in ranges
        ), ranges


def test_commands_refuse_what_would_overwrite_the_wrong_file(tmp_path):
    """`lock` of the pinned release would replace requirements.txt, and a
    part file holds one release: both refuse before doing anything."""
    with pytest.raises(SystemExit, match="pinned by requirements.txt"):
        matrix.main(["lock", matrix.pinned()])
    part = tmp_path / "part.json"
    with pytest.raises(SystemExit, match="name one release"):
        matrix.main(["run", *matrix.releases()[:2], "--part", str(part)])
    assert not part.exists()
