"""The built site: every stage page, every entry, no broken link, nothing
fetched from elsewhere, error messages in the search index."""

from __future__ import annotations

import html
import json
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from conftest import ROOT, catalogue

from engine import record as records
from engine.entry import SNIPPETS
from macros.build import FAULTS

STAGES = catalogue().stages
# {{ entry("stage/file.py") }}, with or without arguments after the path.
ENTRY_CALL = re.compile(r"""\{\{\s*entry\(\s*["']([^"']+)["'][^)]*\)\s*\}\}""")


def entries_by_page() -> dict[str, list[str]]:
    pages = {}
    for page in sorted((ROOT / "docs").glob("*.md")):
        pages[page.stem] = ENTRY_CALL.findall(page.read_text())
    return pages


def test_every_snippet_is_on_exactly_one_page():
    shown: dict[str, list[str]] = {}
    for page, rels in entries_by_page().items():
        for rel in rels:
            shown.setdefault(rel, []).append(page)
    for rel in catalogue().names:
        assert rel in shown, f"snippets/{rel} is on no page (an orphan)"
        assert len(shown[rel]) == 1, f"snippets/{rel} is on {shown[rel]}"


def test_every_stage_has_its_own_snippets():
    for page, rels in entries_by_page().items():
        if page in STAGES:
            assert rels, f"docs/{page}.md shows no entry"
            for rel in rels:
                assert rel.startswith(f"{page}/"), (
                    f"docs/{page}.md shows snippets/{rel} of another stage"
                )


class Collector(HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.resources: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.add(attrs["id"])
        if tag == "a" and attrs.get("href"):
            self.links.append(attrs["href"])
        # What the browser fetches: not canonical/alternate <link>s.
        loaded = tag in ("script", "img", "iframe", "source") or (
            tag == "link"
            and set((attrs.get("rel") or "").split())
            & {"stylesheet", "icon", "preload", "modulepreload", "manifest"}
        )
        for name in ("src", "href"):
            if loaded and attrs.get(name):
                self.resources.append(attrs[name])


def parse(path: Path) -> Collector:
    collector = Collector()
    collector.feed(path.read_text(encoding="utf-8"))
    return collector


@pytest.fixture(scope="module")
def pages(built_site):
    return {p: parse(p) for p in built_site.rglob("*.html")}


@pytest.mark.parametrize("stage", STAGES)
def test_stage_page_shows_each_entry_with_its_record(stage, built_site, pages):
    page = built_site / stage / "index.html"
    assert page.exists(), f"/{stage}/ was not built"
    html = page.read_text(encoding="utf-8")
    record = records.load()
    version = records.pinned_tensorflow()
    for rel in entries_by_page()[stage]:
        entry = catalogue().entry(rel)
        assert entry.anchor in pages[page].ids, f"#{entry.anchor} missing"
        assert f"snippets/{rel}" in html
        if record[rel]["status"] == "skipped":
            assert "Not yet verified on GPU" in html
        else:
            assert record[rel]["tensorflow"] == version, (
                f"snippets/{rel} was verified on {record[rel]['tensorflow']}"
            )
            first = record[rel]["output"].strip().splitlines()[0]
            escaped = (
                first.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            )
            assert escaped[:40] in html or first[:40] in html, (
                f"output of snippets/{rel} is not on /{stage}/"
            )


def site_path(site: Path) -> str:
    """The path the build is published under ("/tf-cheatsheet/" when
    site_url has one; "/" for a local build): MkDocs writes absolute
    links with it into 404.html."""
    home = (site / "index.html").read_text(encoding="utf-8")
    found = re.search(r'<link rel="canonical" href="([^"]+)"', home)
    return urlsplit(found[1]).path if found else "/"


def link_target(built_site: Path, prefix: str, page: Path, path: str) -> Path:
    """The file a link's path names on a page: the page itself for a bare
    fragment, a folder's index.html for a folder. prefix: site_path."""
    if not path:
        target = page
    elif path.startswith(prefix):  # absolute, under site_url
        target = built_site / unquote(path)[len(prefix) :]
    elif path.startswith("/"):  # outside the published site
        target = built_site / "absolute path outside the site"
    else:
        target = (page.parent / unquote(path)).resolve()
    return target / "index.html" if target.is_dir() else target


def test_internal_links_and_anchors_resolve(built_site, pages):
    broken = []
    prefix = site_path(built_site)
    for page, collector in pages.items():
        for href in collector.links:
            parts = urlsplit(href)
            if parts.scheme or parts.netloc or href.startswith("mailto:"):
                continue
            target = link_target(built_site, prefix, page, parts.path)
            if not target.exists():
                broken.append(f"{page.relative_to(built_site)}: {href}")
            elif parts.fragment and target.suffix == ".html":
                ids = pages[target].ids if target in pages else set()
                if unquote(parts.fragment) not in ids:
                    broken.append(f"{page.relative_to(built_site)}: {href}")
    assert not broken, "broken links:\n" + "\n".join(broken)


def test_nothing_is_loaded_from_another_host(pages):
    external = [
        f"{page.name}: {url}"
        for page, c in pages.items()
        for url in c.resources
        if urlsplit(url).scheme in ("http", "https") or url.startswith("//")
    ]
    assert not external, "\n".join(external)


def test_search_index_has_one_document_per_entry(built_site):
    """Each shown entry is one search document with the fields search
    ranks on; the separator keeps API names whole where it should."""
    index = json.loads((built_site / "search" / "search_index.json").read_text())
    docs = {doc["location"]: doc for doc in index["docs"]}
    for stage, rels in entries_by_page().items():
        for rel in rels:
            entry = catalogue().entry(rel)
            doc = docs.get(f"{stage}/?e={entry.anchor}")
            assert doc, f"snippets/{rel} has no search document"
            assert doc["tags"] == [entry.severity]
            assert set(entry.aliases) <= set(doc["aliases"].split("\n"))
            for field in ("api", "errors", "aliases", "body"):
                assert field in index["config"]["fields"], field
    tape = docs["graphs/?e=tape-used-twice"]
    assert "non-persistent GradientTape" in tape["errors"]
    assert {"tf.GradientTape", "gradient"} <= set(tape["api"].split())
    assert not any(
        "#" in loc and loc.split("#")[0].rstrip("/") in STAGES for loc in docs
    ), "stage page sections left in the index"
    separator = index["config"]["separator"]
    assert re.split(separator, "tf.data.Dataset.prefetch")[-1] == "prefetch"
    assert "from_logits" in re.split(separator, "from_logits")
    assert "Signature" in re.split(separator, "SignatureDef")
    assert "GPUs" in re.split(separator, "Choose GPUs")  # not "GP" + "Us"
    # Prose keeps code spans as written; a result's line ends at a word.
    assert "from_tensor_slices" in docs["data/?e=from-tensor-slices-tuple"]["body"]
    # A word repeated across a run's error lines counts once for ranking.
    for loc, doc in docs.items():
        if "?e=" not in loc or loc.split("/")[0] not in STAGES:
            continue  # a page's own document, or a names row
        words = [w.lower() for w in re.split(separator, doc["errors"]) if w]
        assert len(words) == len(set(words)), doc["location"]
    crash = docs["model/?e=predict-one-example-batch-axis"]["errors"]
    assert "ValueError: Input 0 with name 'image'" in crash
    for doc in (d for loc, d in docs.items() if "?e=" in loc):
        line = html.unescape(doc["text"])
        assert len(line) <= 160, doc["location"]
        assert len(line) < 159 or line.endswith(("…", ".")), doc["location"]


def test_pages_name_the_pinned_tensorflow(built_site):
    """Every card says the release it was verified with, or that it is a
    GPU card not yet verified."""
    version = records.pinned_tensorflow()
    for stage, rels in entries_by_page().items():
        if stage not in STAGES:
            continue
        html = (built_site / stage / "index.html").read_text()
        marks = html.count(f"Verified with TensorFlow {version},")
        marks += html.count("Not yet verified on GPU")
        assert marks == len(rels), f"/{stage}/: {marks} marks, {len(rels)} cards"


def test_verification_page_shows_the_section_markers(built_site):
    html = (built_site / "verification" / "index.html").read_text()
    assert "# --8&lt;-- [start:NAME]" in html or "# --8<-- [start:NAME]" in html
    for fault in FAULTS.values():
        assert fault.split("`")[0][:30] in html, f"fault not listed: {fault}"


def test_merged_cards_keep_their_old_anchors(built_site, pages):
    moved = [(old, entry) for entry in catalogue().all() for old in entry.formerly]
    for old, entry in moved:
        stage, anchor = old.split("/")
        page = built_site / stage / "index.html"
        assert anchor in pages[page].ids, (
            f"#{anchor} (merged into snippets/{entry.rel}) is gone from /{stage}/"
        )


def test_every_card_links_to_its_whole_snippet(built_site, pages):
    """The proof one click away: each card links to its snippet file,
    which ships with the site as it is in the repository."""
    for stage, rels in entries_by_page().items():
        if stage not in STAGES:
            continue
        page = built_site / stage / "index.html"
        for rel in rels:
            assert f"../snippets/{rel}" in pages[page].links, (
                f"/{stage}/ has no link to snippets/{rel}"
            )
            shipped = built_site / "snippets" / rel
            assert shipped.read_bytes() == (SNIPPETS / rel).read_bytes()


def test_keys_render_as_keys(built_site):
    """`++slash++` in a page is a key, not literal text."""
    html = (built_site / "index.html").read_text(encoding="utf-8")
    assert "++slash++" not in html and "++s++" not in html
    assert 'class="key-slash"' in html, "no <kbd> for the slash key"
