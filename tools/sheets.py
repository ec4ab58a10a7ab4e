"""Print each stage page of a built site to a PDF: the printable sheets.

    python -m tools.sheets site/

writes site/pdf/<stage>-a4.pdf and <stage>-letter.pdf with headless
Chromium, landscape, through the site's print stylesheet; the footer names
the page's published address (or "local build"), never the local server
the PDF is printed from. The page geometry has one source: the ``@page``
rule of docs/stylesheets/extra.css, which Chromium applies to its own PDFs
as to a reader's print; ``print_width_px`` reads it for the checks.

A sheet is a function of its page and what the page loads, so a PDF is
kept in .cache/sheets/ under a hash of those files (and the browser's
version): a build in which one card changed prints one stage again, not
all of them.
"""

from __future__ import annotations

import hashlib
import html
import io
import re
import shutil
import sys
from contextlib import nullcontext
from pathlib import Path

from engine.entry import ROOT, stages
from macros.printed import PAPERS, sheet_file
from tools.browser import chromium, serve

STYLESHEET = ROOT / "docs" / "stylesheets" / "extra.css"
CACHE = ROOT / ".cache" / "sheets"
# What a page loads that can change its print (not links to other pages).
LOADED = re.compile(r'(?:href|src)="([^"#?]+\.(?:css|js|png|svg|jpg|woff2?))"')
FOOTER = (
    '<div style="font-size:7.5pt;width:100%;padding:0 6mm;'
    'display:flex;justify-content:space-between;font-family:sans-serif">'
    "<span>{address}</span>"
    '<span><span class="pageNumber"></span>/<span class="totalPages">'
    "</span></span></div>"
)


def page_margins_mm(stylesheet: Path = STYLESHEET) -> tuple[float, ...]:
    """(top, right, bottom, left) of the stylesheet's @page margin."""
    rule = re.search(r"@page\s*{([^}]*)}", stylesheet.read_text())
    if not rule:
        raise ValueError(f"{stylesheet.name}: no @page rule")
    found = re.search(r"margin:\s*([^;]+);", rule[1])
    values = found[1].split() if found else []
    if not 1 <= len(values) <= 4 or not all(
        re.fullmatch(r"\d+(\.\d+)?mm", value) for value in values
    ):
        raise ValueError(f"{stylesheet.name}: @page needs a margin of 1-4 mm values")
    v = [float(value.removesuffix("mm")) for value in values]
    # CSS shorthand: 1, 2, 3 or 4 values.
    return {
        1: (v[0],) * 4,
        2: (v[0], v[1], v[0], v[1]),
        3: (v[0], v[1], v[2], v[1]),
        4: tuple(v),
    }[len(v)]


def print_width_px(paper: str) -> int:
    """The width the printed columns are laid out in, in CSS pixels."""
    _top, right, _bottom, left = page_margins_mm()
    long_side = max(PAPERS[paper])
    return round((long_side - left - right) / 25.4 * 96)


# The share of a sheet's words set in type a reader can read from the
# chair: words of rendered text nodes in print layout, by font size.
LEGIBLE_PT = 7.0
WORD_SIZES = """() => {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const sizes = {};
  while (walker.nextNode()) {
    const element = walker.currentNode.parentElement;
    if (!element || !element.getClientRects().length) continue;
    const style = getComputedStyle(element);
    if (style.visibility === "hidden") continue;
    const words = walker.currentNode.textContent.split(/\\s+/)
      .filter(word => /\\w/.test(word)).length;
    if (!words) continue;
    const points = (parseFloat(style.fontSize) * 0.75).toFixed(1);
    sizes[points] = (sizes[points] || 0) + words;
  }
  return sizes;
}"""


def word_sizes(page) -> dict[float, int]:
    """Words per font size (pt) of a page laid out for print."""
    return {float(k): v for k, v in page.evaluate(WORD_SIZES).items()}


def legible_share(sizes: dict[float, int]) -> float:
    total = sum(sizes.values())
    return sum(n for pt, n in sizes.items() if pt >= LEGIBLE_PT) / max(total, 1)


def print_stage(browser, url: str, paper: str = "A4") -> bytes:
    return print_papers(browser, url, [paper])[paper]


def print_papers(browser, url: str, papers) -> dict[str, bytes]:
    """One load of the page, printed on each paper."""
    page = browser.new_page()
    try:
        page.goto(url, wait_until="networkidle")
        page.emulate_media(media="print")
        return {paper: pdf_of(page, paper) for paper in papers}
    finally:
        page.close()


def pdf_of(page, paper: str) -> bytes:
    """A loaded stage page (print media) as the sheet's PDF: landscape,
    with the footer naming the page's published address."""
    address = page.text_content(".sheet-url") or "local build"
    return page.pdf(
        format=paper,
        landscape=True,
        print_background=True,
        display_header_footer=True,
        header_template="<span></span>",
        footer_template=FOOTER.format(address=html.escape(address.strip())),
    )


def page_digest(site: Path, stage: str, browser_version: str) -> str:
    """A hash of what a stage's sheet is printed from: its HTML, the local
    files it loads (styles, scripts, charts), the footer and the browser."""
    page = site / stage / "index.html"
    digest = hashlib.sha256()
    for part in (browser_version, FOOTER, str(PAPERS)):
        digest.update(part.encode())
    html_bytes = page.read_bytes()
    digest.update(html_bytes)
    for ref in sorted(set(LOADED.findall(html_bytes.decode("utf-8")))):
        target = (page.parent / ref).resolve()
        if target.is_file() and site.resolve() in target.parents:
            digest.update(ref.encode())
            digest.update(target.read_bytes())
    return digest.hexdigest()[:32]


def page_count(pdf: bytes) -> int:
    from pypdf import PdfReader

    return len(PdfReader(io.BytesIO(pdf)).pages)


def build_sheets(site: Path, browser=None) -> dict[str, int]:
    """Write the PDFs; return the page count of each. A caller that already
    drives Chromium passes its browser (Playwright runs one at a time)."""
    with nullcontext(browser) if browser else chromium() as browser:
        return print_sheets(site, browser)


def print_sheets(site: Path, browser) -> dict[str, int]:
    out = site / "pdf"
    out.mkdir(exist_ok=True)
    CACHE.mkdir(parents=True, exist_ok=True)
    counts = {}
    with serve(site) as base:
        for stage in stages():
            digest = page_digest(site, stage, browser.version)
            kept = {paper: CACHE / f"{digest}-{paper}.pdf" for paper in PAPERS}
            if not all(path.is_file() for path in kept.values()):
                printed = print_papers(browser, f"{base}{stage}/", PAPERS)
                for paper, pdf in printed.items():
                    kept[paper].write_bytes(pdf)
            for paper, path in kept.items():
                shutil.copy(path, site / sheet_file(stage, paper))
                counts[sheet_file(stage, paper)] = page_count(path.read_bytes())
    return counts


def main(argv: list[str]) -> int:
    site = Path(argv[0] if argv else "site")
    for name, count in build_sheets(site).items():
        print(f"{site}/{name}: {count} page(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
