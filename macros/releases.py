"""What the site says of the version matrix: the releases sentence of a
card (and the few characters its printed sheet keeps), and the tables of
the release-changes page. The cells come from ``engine.matrix``."""

from __future__ import annotations

from itertools import groupby

from engine.entry import Entry
from engine.environments import NIGHTLY, order
from engine.matrix import Cell
from macros.search import inline_code

SAYS = {
    "fails": "fails on",
    "unavailable": "not in",
    "unchecked": "not yet run on",
    "skipped": "not run (GPU) on",
}


def spans(cells: dict[str, Cell]) -> list[tuple[str, str, str, str]]:
    """Runs of consecutive releases (nightly left out) with the same
    status: (first, last, status, detail of the first)."""
    ordered = sorted((r for r in cells if r != NIGHTLY), key=order)
    found = []
    for status, group in groupby(ordered, key=lambda r: cells[r]["status"]):
        run = list(group)
        found.append((run[0], run[-1], status, cells[run[0]]["detail"]))
    return found


def span_name(first: str, last: str) -> str:
    return first if first == last else f"{first}–{last}"


def span_words(first: str, last: str, status: str, detail: str) -> str:
    if status == "holds":
        return f"holds on {span_name(first, last)}"
    said = f"{SAYS[status]} {span_name(first, last)}"
    if detail and status in ("fails", "unavailable"):
        said += f" (`{detail[:120].replace('`', chr(39))}`)"
    return said


def nightly_words(cells: dict[str, Cell]) -> tuple[str, str]:
    """What the sentence and the sheet's range add for nightly."""
    night = cells.get(NIGHTLY, {"status": "unchecked"})
    if night["status"] in ("fails", "unavailable"):
        detail = night["detail"][:120].replace("`", "'")
        return f" **Breaks on nightly:** `{detail}`.", " · nightly ✗"
    if night["status"] == "holds":
        return " Nightly: holds.", ""
    return "", ""


def card_line(cells: dict[str, Cell]) -> tuple[str, str]:
    """What a card says of the releases: a sentence in Markdown, and the
    few characters the printed sheet keeps (the range it holds on)."""
    runs = spans(cells)
    if all(status == "skipped" for _, _, status, _ in runs):
        return "Not run on any release yet: it needs a GPU.", "GPU only"
    first, last, status, _ = runs[-1]
    short = f"TF {span_name(first, last)}" if status == "holds" else ""
    if len(runs) == 1 and status == "holds":
        sentence = f"Holds on every release checked: TF {short[3:]}."
    else:
        words = "; ".join(span_words(*run) for run in runs)
        sentence = f"TensorFlow releases: {words}."
    night_sentence, night_short = nightly_words(cells)
    return sentence + night_sentence, short + night_short


def describe(cell: Cell) -> str:
    """A matrix cell in a table: status and its first line of detail."""
    detail = cell.get("detail", "").replace("|", "\\|").replace("`", "'")
    return f"{cell['status']}: `{detail[:100]}`" if detail else cell["status"]


def changes_page(
    found: list[tuple[str, list[tuple[Entry, Cell, Cell]]]],
    versions: dict[str, str],
) -> str:
    """The release-changes page: per release, a table of the entries that
    behave differently from the release before (``engine.matrix.changes``);
    ``versions`` names each release's TensorFlow version."""
    out = []
    for release, changed in found:
        out.append(f"## {release} ({versions.get(release, release)})")
        if not changed:
            out.append("No entry behaves differently from the release before.")
            continue
        out.append("| Entry | Before | Now |\n|---|---|---|")
        for entry, old, new in changed:
            link = f"[{inline_code(entry.title)}]({entry.stage}.md#{entry.anchor})"
            out.append(f"| {link} | {describe(old)} | {describe(new)} |")
    return "\n\n".join(out)
