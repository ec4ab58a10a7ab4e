"""The built site in a real Chromium: clean loads, accessibility, phone
width, printed sheets, search, and the offline variant from file://."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import ROOT, mkdocs_build

from engine.entry import load as entries_load
from engine.entry import snippet_files, stages
from tools.browser import chromium, serve
from tools.search_bench import (
    HELD_BACK,
    PARTS,
    Score,
    SearchPage,
    answers,
    evaluate,
    load,
)
from tools.sheets import (
    PAPERS,
    build_sheets,
    page_count,
    print_stage,
    print_width_px,
    sheet_file,
)

STAGES = stages()
BENCHMARK = ROOT / "tests" / "search"
# Floors for the held-back parts together, below what they measured when
# the ranking and aliases last changed (hit@1 217/286, hit@3 254/286), with
# room for ties that order differently from run to run.
HIT1_FLOOR = 0.72
HIT3_FLOOR = 0.87
PAGES = ["", "verification/"] + [f"{stage}/" for stage in STAGES]
# Where a build with SITE_URL says it is published (any public address).
PUBLISHED = "https://example.org/tf-cheatsheet/"
LOOPBACK = ("127.0.0.1", "localhost")


@pytest.fixture(scope="module")
def site(built_site):
    with serve(built_site) as base, chromium() as browser:
        yield base, browser


def open_page(browser, url, **context):
    """Open a page and collect what would make it unclean."""
    page = browser.new_page(**context)
    problems: list[str] = []
    page.on(
        "console",
        lambda msg: (
            msg.type == "error" and problems.append(f"console error: {msg.text}")
        ),
    )
    page.on("pageerror", lambda err: problems.append(f"page error: {err}"))
    page.on("requestfailed", lambda req: problems.append(f"request failed: {req.url}"))

    def check_request(request):
        if not re.match(r"(https?://127\.0\.0\.1[:/]|data:|blob:|file:)", request.url):
            problems.append(f"request left the local server: {request.url}")

    page.on("request", check_request)
    page.goto(url, wait_until="networkidle")
    return page, problems


@pytest.mark.parametrize("path", PAGES)
def test_page_loads_cleanly_and_accessibly(site, path):
    from axe_playwright_python.sync_playwright import Axe

    base, browser = site
    for scheme in ("light", "dark"):
        page, problems = open_page(browser, base + path, color_scheme=scheme)
        results = Axe().run(page)
        serious = [
            f"{v['id']} ({v['impact']}): {v['help']} -> "
            f"{[n['target'] for n in v['nodes']][:3]}"
            for v in results.response["violations"]
            if v["impact"] in ("serious", "critical")
        ]
        page.close()
        assert not problems, f"/{path} ({scheme}): {problems}"
        assert not serious, f"/{path} ({scheme}) axe: {serious}"


@pytest.mark.parametrize("stage", STAGES)
def test_stage_page_fits_a_phone(site, stage):
    base, browser = site
    page, problems = open_page(
        browser, f"{base}{stage}/", viewport={"width": 390, "height": 844}
    )
    width = page.evaluate("document.documentElement.scrollWidth")
    page.close()
    assert width <= 390, f"/{stage}/ scrolls sideways at 390 px ({width})"


@pytest.mark.parametrize("stage", STAGES)
def test_stage_prints_on_two_pages_without_clipping(site, stage):
    base, browser = site
    for paper in PAPERS:
        pdf = print_stage(browser, f"{base}{stage}/", paper)
        print(f"/{stage}/: {page_count(pdf)} {paper} landscape page(s)")
        assert page_count(pdf) <= 2, (
            f"/{stage}/ prints on {page_count(pdf)} {paper} pages (budget 2)"
        )
        # Laid out at the printed width of this paper, nothing may overflow.
        page = browser.new_page(
            viewport={"width": print_width_px(paper), "height": 800}
        )
        page.goto(f"{base}{stage}/", wait_until="networkidle")
        page.emulate_media(media="print")
        clipped = page.evaluate("""() => [...document.querySelectorAll(
            'article pre, article code, article table, article img')]
            .filter(el => el.offsetParent !== null
                    && el.scrollWidth > el.clientWidth + 1)
            .map(el => el.tagName + ': ' + el.textContent.slice(0, 60))""")
        # Every card on the sheet keeps its pitfall; a card left off the
        # sheet is named in the sheet's "not on this sheet" line.
        hidden = page.evaluate(
            """() => [...document.querySelectorAll('.entry-pitfall')]
            .filter(el => el.offsetParent === null
                    && !el.closest('.entry--screen-only')).length"""
        )
        omitted = page.evaluate(
            """() => [...document.querySelectorAll('.entry--screen-only h3')]
            .map(h => h.textContent.replace('¶', '').replace(/\\s+/g, ' ').trim())"""
        )
        listed = page.evaluate(
            """() => (document.querySelector('.sheet-omitted') || {})
            .innerText || ''"""
        )
        page.close()
        assert not clipped, f"/{stage}/ clips in print on {paper}: {clipped}"
        assert hidden == 0, f"/{stage}/ hides {hidden} pitfall(s) in print"
        for title in omitted:
            assert title in " ".join(listed.split()), (
                f"/{stage}/: {title!r} is off the sheet but not listed"
            )


def pdf_text(pdf: Path) -> str:
    from pypdf import PdfReader

    return " ".join(page.extract_text() for page in PdfReader(pdf).pages)


def check_sheets(site: Path, address_of) -> None:
    """Every stage's A4 and Letter PDF, as built: at most 2 pages, naming
    the address ``address_of(stage)`` and never a loopback address."""
    for stage in STAGES:
        for paper in PAPERS:
            pdf = site / sheet_file(stage, paper)
            assert pdf.is_file(), f"{pdf} was not built"
            pages = page_count(pdf.read_bytes())
            print(f"{pdf.relative_to(site)}: {pages} page(s)")
            assert pages <= 2, f"{pdf.name}: {pages} pages (budget 2)"
            text = " ".join(pdf_text(pdf).split())
            for loopback in LOOPBACK:
                assert loopback not in text, f"{pdf.name} prints {loopback}"
            # Header and every page's footer name it.
            assert text.count(address_of(stage)) >= 1 + pages, (
                f"{pdf.name} does not name {address_of(stage)!r} in its "
                f"header and on each page"
            )


def test_local_build_sheets_say_local_build(built_site):
    """The build under test has no SITE_URL: its sheets say so instead of
    printing the address of the server they were printed from."""
    check_sheets(built_site, lambda stage: "local build")


@pytest.fixture(scope="module")
def published_site(site, tmp_path_factory):
    """The site built as CI publishes it (SITE_URL set), with its PDFs."""
    _base, browser = site
    site = tmp_path_factory.mktemp("published")
    result = mkdocs_build(ROOT / "mkdocs.yml", site, env={"SITE_URL": PUBLISHED})
    assert result.returncode == 0, result.stderr
    build_sheets(site, browser)
    return site


def test_published_sheets_point_to_the_published_stage(published_site):
    """With the QR code in the header, every sheet still fits 2 pages, and
    header and footers give the stage's published address."""
    check_sheets(published_site, lambda stage: f"{PUBLISHED}{stage}/")


@pytest.mark.parametrize("stage", ["data", "debugging"])
def test_sheet_qr_code_decodes_to_the_stage_page(published_site, stage):
    import pypdfium2
    import zxingcpp

    for paper in PAPERS:
        pdf = pypdfium2.PdfDocument(published_site / sheet_file(stage, paper))
        image = pdf[0].render(scale=3).to_pil()  # 216 dpi
        pdf.close()
        decoded = [code.text for code in zxingcpp.read_barcodes(image)]
        assert decoded == [f"{PUBLISHED}{stage}/"], (stage, paper, decoded)


def test_print_of_a_stage_page_shows_no_local_address(site):
    """What the browser's own print shows (print media) of a stage page."""
    base, browser = site
    page = browser.new_page()
    page.goto(f"{base}data/", wait_until="networkidle")
    page.emulate_media(media="print")
    shown = page.inner_text("body")
    header = page.inner_text(".print-header")
    page.close()
    assert "local build" in header, header
    for loopback in LOOPBACK:
        assert loopback not in shown, f"printed page shows {loopback}"


def test_search_finds_the_entry_for_real_queries(site, record_property):
    """The benchmark (tests/search/): queries taken from real issue threads
    and questions, split into a part the ranking was tuned on and three
    held-back parts it never was; plus curated API names. Thresholds are
    asserted on the held-back parts; time is reported (`make bench`)."""
    base, browser = site
    page = SearchPage(browser, base)
    scores = {name: evaluate(page, load(BENCHMARK / f"{name}.json")) for name in PARTS}
    page.close()
    held_back = sum((scores[name] for name in HELD_BACK), Score())
    for name, score in [*scores.items(), ("held back, all", held_back)]:
        print(score.line(name))
        record_property(f"search {name}", score.line(name))
    # The held-back parts are reported as numbers only: their misses stay
    # unseen.
    print(
        *(
            f"  missed ({name}) {m}"
            for name in ("tune", "curated")
            for m in scores[name].misses
        ),
        sep="\n",
    )
    # The floors catch a regression. The goal is hit@1 80% and hit@3 95%;
    # not reached yet.
    assert held_back.hit1 >= HIT1_FLOOR * held_back.total, held_back.line("held back")
    assert held_back.hit3 >= HIT3_FLOOR * held_back.total, held_back.line("held back")
    assert not scores["curated"].misses, scores["curated"].misses


def test_benchmark_is_built_as_promised():
    """At least 80 real queries, half of them pasted errors, each with its
    source and an answer that is an entry on the site; no thread gives
    queries to two parts, so a held-back query never shares its thread with
    a tuned one."""
    known = {f"{e.stage}/#{e.anchor}" for e in map(entries_load, snippet_files())}
    queries = [
        q for name in (*HELD_BACK, "tune") for q in load(BENCHMARK / f"{name}.json")
    ]
    assert len(queries) >= 80
    assert sum(q["kind"] == "error" for q in queries) >= len(queries) / 2
    for query in queries:
        assert query["source"].startswith("https://"), query["query"][:40]
        assert set(answers(query)) <= known, answers(query)
    parts = [*HELD_BACK, "tune", "gaps"]
    sources = {
        name: {q["source"] for q in load(BENCHMARK / f"{name}.json")} for name in parts
    }
    for i, first in enumerate(parts):
        for second in parts[i + 1 :]:
            shared = sources[first] & sources[second]
            assert not shared, f"{first} and {second} share sources: {shared}"


def test_a_search_result_opens_its_entry(site):
    base, browser = site
    page, problems = open_page(browser, f"{base}data/?e=prefetch-last&h=prefetch")
    page.wait_for_function("location.hash === '#prefetch-last'")
    url = page.evaluate("location.href")
    top = page.evaluate(
        "document.getElementById('prefetch-last').getBoundingClientRect().top"
    )
    page.close()
    assert "e=" not in url and "h=prefetch" in url, url
    assert 0 <= top < 400, f"#prefetch-last is {top} px from the top"
    assert not problems, problems


CLEANED = """async query => {
  const echo = new Worker(URL.createObjectURL(new Blob(
    ["onmessage = event => postMessage(event.data)"])));
  const sent = new Promise(resolve => { echo.onmessage = e => resolve(e.data); });
  echo.postMessage({type: 2, data: query});  // 2: Material's QUERY message
  const message = await sent;
  echo.terminate();
  return message.data;
}"""


@pytest.mark.parametrize(
    ("query", "cleaned"),
    [
        # filler words go; each word is sent cut to its stem and whole
        ("how do I fix NaN losses", "fix fix^2 NaN NaN^2 loss losses^2"),
        # typographic quotes are quotes; a doubled consonant left by the
        # cut goes ("runn*" would find nothing)
        ("\u2018Val_loss\u2019 running", "Val_loss Val_loss^2 run running^2"),
        # two words joined by a slash are two words; a path stays whole
        ("CPU/GPU on /usr/lib", "CPU CPU^2 GPU GPU^2 /usr/lib /usr/lib^2"),
        # a word whose stem is filler goes ("getting" -> "get")
        ("getting dense_30 shapes", "dense dense^2 shape shapes^2"),
    ],
)
def test_query_is_cleaned_before_the_search_worker(site, query, cleaned):
    """docs/javascripts/search-query.js rewrites what Material posts to its
    search worker; an echoing worker shows what it receives."""
    base, browser = site
    page, problems = open_page(browser, base)
    received = page.evaluate(CLEANED, query)
    page.close()
    assert received == cleaned
    assert not problems, problems


def test_offline_variant_searches_from_file_url(site, tmp_path):
    """The offline build, opened from disk: search runs (through the bundled
    iframe-worker shim, not a CDN), and a result opens its entry."""
    _base, browser = site
    result = mkdocs_build(
        ROOT / "mkdocs.yml", tmp_path / "offline", env={"OFFLINE": "true"}
    )
    assert result.returncode == 0, result.stderr
    index = tmp_path / "offline" / "index.html"
    assert "unpkg.com" not in index.read_text()
    page = SearchPage(browser, index.as_uri())
    ranked, _elapsed = page.search("prefetch")
    page.page.locator(".md-search-result__link").first.click()
    page.page.wait_for_function("location.hash === '#prefetch-last'")
    landed = page.page.evaluate("location.pathname")
    page.close()
    assert ranked[:1] == ["data/#prefetch-last"], ranked
    assert landed.endswith("/data.html"), landed
