"""Print each stage page of a built site to a PDF: the printable sheets.

    python -m macros.sheets site/

writes site/pdf/<stage>.pdf with headless Chromium (A4 landscape, the
site's print stylesheet, the page URL and page number in the footer).
"""

from __future__ import annotations

import sys
from pathlib import Path

from macros.browser import chromium, serve
from macros.main import STAGES

FOOTER = (
    '<div style="font-size:7px;width:100%;padding:0 6mm;'
    'display:flex;justify-content:space-between;font-family:sans-serif">'
    '<span class="url"></span>'
    '<span><span class="pageNumber"></span>/<span class="totalPages">'
    "</span></span></div>"
)


def print_stage(browser, url: str, paper: str = "A4") -> bytes:
    page = browser.new_page()
    try:
        page.goto(url, wait_until="networkidle")
        page.emulate_media(media="print")
        return page.pdf(
            format=paper,
            landscape=True,
            print_background=True,
            display_header_footer=True,
            header_template="<span></span>",
            footer_template=FOOTER,
            margin={"top": "6mm", "bottom": "8mm", "left": "6mm",
                    "right": "6mm"},
        )
    finally:
        page.close()


def page_count(pdf: bytes) -> int:
    import re

    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


def build_sheets(site: Path) -> dict[str, int]:
    """Write the PDFs; return the page count of each."""
    out = site / "pdf"
    out.mkdir(exist_ok=True)
    counts = {}
    with serve(site) as base, chromium() as browser:
        for stage in STAGES:
            pdf = print_stage(browser, f"{base}{stage}/")
            (out / f"{stage}.pdf").write_bytes(pdf)
            counts[stage] = page_count(pdf)
    return counts


def main(argv: list[str]) -> int:
    site = Path(argv[0] if argv else "site")
    for stage, count in build_sheets(site).items():
        print(f"{site}/pdf/{stage}.pdf: {count} page(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
