"""The printed sheets as the pages name them: one PDF per stage and paper,
and the published address (with its QR code) a sheet carries. The PDFs
themselves are printed after the build, from the built pages
(``tools/sheets.py``)."""

from __future__ import annotations

from urllib.parse import urlsplit

PAPERS = {"A4": (297.0, 210.0), "Letter": (279.4, 215.9)}  # mm, landscape w x h


def sheet_file(stage: str, paper: str) -> str:
    """Where a stage's sheet for a paper size lives in the built site."""
    return f"pdf/{stage}-{paper.lower()}.pdf"


def published_address(site_url: str | None) -> str:
    """The site's public address, or "" for a build with none (a loopback
    address is where a local server ran, not where readers go)."""
    host = urlsplit(site_url or "").hostname
    if not host or host in ("localhost", "::1") or host.startswith("127."):
        return ""
    return site_url.rstrip("/") + "/"


def printed_sheets(site_url: str | None, stages: list[str]) -> dict:
    """Per stage: its published address, a QR code to it (an SVG data URI
    made here, at build time), and its PDF files."""
    import segno

    published = published_address(site_url)
    sheets = {}
    for stage in stages:
        url = f"{published}{stage}/" if published else ""
        qr = segno.make(url, error="m").svg_data_uri(border=1) if url else ""
        files = [(paper, sheet_file(stage, paper)) for paper in PAPERS]
        sheets[stage] = {"url": url, "qr": qr, "files": files}
    return sheets
