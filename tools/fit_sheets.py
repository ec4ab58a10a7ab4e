"""Decide which cards each printed sheet carries, so it fits two pages.

    python -m tools.fit_sheets SITE [--write]

A sheet keeps a stage's cards in page order, in type a reader can read
from the chair; when they do not fit two pages of A4 and of Letter, cards
go online-only in this order: tips, then perf, then silent, then crash,
and within each kind the later ones on the page first (the first card of
a section is the one a reader meets first). The budget is measured by
printing the built page in Chromium with the cards hidden, as the print
stylesheet hides an `entry(..., sheet=False)` card. With --write, the
stage pages in docs/ get `sheet=False` on exactly the cards chosen (and
lose it on the others). The build and the tests then check the result on
the real PDFs.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from engine.entry import ROOT, stages
from tools.browser import chromium, serve
from tools.sheets import PAPERS, page_count, pdf_of

PAGES = 2
DROP_ORDER = ("tip", "perf", "silent", "crash")
# Hide cards as sheet=False does, and list them at the end as the build
# does ("On the site, not on this sheet: ...").
HIDE = """ids => {
  document.querySelectorAll('.entry--screen-only')
    .forEach(card => card.classList.remove('entry--screen-only'));
  const titles = [];
  for (const id of ids) {
    const card = document.getElementById(id).closest('.entry');
    card.classList.add('entry--screen-only');
    titles.push(card.querySelector('h3').textContent.replace('¶', '').trim());
  }
  let list = document.querySelector('.sheet-omitted');
  if (!list) {
    list = document.createElement('p');
    list.className = 'print-only sheet-omitted';
    document.querySelector('article').appendChild(list);
  }
  list.textContent = titles.length
    ? 'On the site, not on this sheet: ' + titles.join(' · ') : '';
}"""
CARDS = """() => [...document.querySelectorAll('article .entry')].map(card => ({
  id: card.querySelector('h3').id,
  severity: [...card.classList].find(c => c.startsWith('entry--')
    && c !== 'entry--screen-only').slice(7),
  offSheet: card.classList.contains('entry--screen-only'),
}))"""


def pages_with(browser, url: str, hidden: list[str]) -> int:
    """The most pages the stage prints on any paper, with ``hidden`` off
    the sheet (and every card the page already keeps off it shown)."""
    page = browser.new_page()
    try:
        page.goto(url, wait_until="networkidle")
        page.evaluate(HIDE, hidden)
        page.emulate_media(media="print")
        return max(page_count(pdf_of(page, paper)) for paper in PAPERS)
    finally:
        page.close()


def choose(browser, url: str) -> list[str]:
    """The anchors of the fewest cards to leave off, in DROP_ORDER."""
    page = browser.new_page()
    page.goto(url, wait_until="networkidle")
    cards = page.evaluate(CARDS)
    page.close()
    order = [
        card["id"]
        for severity in DROP_ORDER
        for card in reversed(cards)
        if card["severity"] == severity
    ]
    hidden: list[str] = []
    while pages_with(browser, url, hidden) > PAGES:
        if len(hidden) == len(order):
            raise SystemExit(f"{url}: even with every card off, over {PAGES} pages")
        hidden.append(order[len(hidden)])
    # Put back any card that still fits (a long one may have freed room).
    for anchor in list(reversed(hidden)):
        trial = [a for a in hidden if a != anchor]
        if pages_with(browser, url, trial) <= PAGES:
            hidden = trial
    return hidden


ENTRY = re.compile(r'\{\{ entry\("([^"]+)"(?:, sheet=False)?\) \}\}')


def write(stage: str, hidden: list[str]) -> None:
    page = ROOT / "docs" / f"{stage}.md"

    def mark(match: re.Match) -> str:
        rel = match[1]
        anchor = Path(rel).stem.replace("_", "-")
        off = ", sheet=False" if anchor in hidden else ""
        return f'{{{{ entry("{rel}"{off}) }}}}'

    page.write_text(ENTRY.sub(mark, page.read_text()))


def main(argv: list[str]) -> int:
    site = Path(argv[0])
    with serve(site) as base, chromium() as browser:
        for stage in stages():
            hidden = choose(browser, f"{base}{stage}/")
            print(f"{stage}: {len(hidden)} off the sheet: {', '.join(hidden)}")
            if "--write" in argv:
                write(stage, hidden)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
