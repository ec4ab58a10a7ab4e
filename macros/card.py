"""An entry's card, rendered from the Jinja partial
``overrides/partials/entry-card.html``: what this module adds is the data
the partial shows (which code block the sheet prints, the figures' paths,
the error line of a crash) and the fences around code and output."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import jinja2

from engine import record as records
from engine.entry import FIGURES, ROOT, Entry
from engine.record import Run

PARTIAL = "partials/entry-card.html"
SEVERITY_TITLES = {
    "crash": "It raises: you must change code to go on",
    "silent": "It runs, but the result is wrong or surprising",
    "perf": "Correct, but slow or wasteful",
    "tip": "A habit that saves time",
}
SECTION_TITLES = {"wrong": "Wrong", "right": "Right", "show": "Code"}


def fence(text: str, info: str) -> str:
    """A code fence longer than any backtick run inside the text."""
    longest = max((len(m) for m in re.findall(r"`+", text)), default=0)
    ticks = "`" * max(3, longest + 1)
    return f"{ticks}{info}\n{text.rstrip()}\n{ticks}"


@cache
def templates(folder: Path = ROOT / "overrides") -> jinja2.Environment:
    environment = jinja2.Environment(
        loader=jinja2.FileSystemLoader(folder),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        auto_reload=True,  # `make serve` picks up an edited partial
    )
    environment.filters["fence"] = fence
    return environment


def sheet_section(entry: Entry) -> str | None:
    """The one code block the printed sheet keeps: none for a tip or a
    perf card (its title and pitfall carry it), else `right`, else the
    last block (the fix that follows the steps)."""
    if entry.severity in ("tip", "perf"):
        return None
    return "right" if "right" in entry.sections else list(entry.sections)[-1]


def section_title(name: str) -> str:
    """'wrong' -> 'Wrong', 'step_2' -> 'Step 2'."""
    spaced = re.sub(r"(?<=[a-z])(?=\d)", " ", name.replace("_", " "))
    return SECTION_TITLES.get(name) or spaced.capitalize()


def sections(entry: Entry) -> list[dict]:
    """The shown code blocks; on paper, where tabs are unfolded, each
    block's own title names it, and all but one are hidden."""
    printed = sheet_section(entry)
    return [
        {
            "title": section_title(name),
            "code": code,
            "hide": "" if name == printed else " .print-hide",
        }
        for name, code in entry.sections.items()
    ]


def figures(entry: Entry, run: Run) -> list[str]:
    """The images a run drew, as paths from a page (a run may also write
    a table, such as a names index: only images show)."""
    folder = FIGURES.relative_to(ROOT / "docs").as_posix()
    return [
        f"{folder}/{entry.figures_dir}/{name}"
        for name in run.get("figures", [])
        if name.endswith((".png", ".svg"))
    ]


def render(
    entry: Entry, run: Run, releases: tuple[str, str], on_sheet: bool = True
) -> str:
    """The card's Markdown. ``releases``: the sentence on the releases it
    holds on, and the few characters the sheet keeps."""
    errors = records.quoted_errors(run["output"])
    source = f"snippets/{entry.rel}"
    return (
        templates()
        .get_template(PARTIAL)
        .render(
            entry=entry,
            run=run,
            on_sheet=on_sheet,
            severity_title=SEVERITY_TITLES[entry.severity],
            sections=sections(entry),
            error=errors[0] if entry.severity == "crash" and errors else "",
            figures=figures(entry, run),
            # The whole file, asserts included, ships with the site (hooks.py).
            proof=f"[Proof: `{source}`]({source})",
            releases_sentence=releases[0],
            releases_short=releases[1],
        )
    )
