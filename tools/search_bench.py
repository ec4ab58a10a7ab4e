"""Search as a reader uses it, on the built site in Chromium.

    python -m tools.search_bench SITE QUERIES.json [--misses] [--typed N]

Ranking: each query goes to Material's own search worker, created in an
open page of the site, so the site's query cleaning
(docs/javascripts/search-query.js, which wraps the worker's postMessage)
and the built index are the ones a reader gets. The answer counts when
its entry is among the results a reader sees first: Material's grouping
is applied as its result list does (a page's best matches are shown,
the rest folded under "N more on this page"). Prints hit@1 and hit@3;
--misses lists the queries whose answer is not in the top three (only
for the tuning part: the held-back parts are reported as numbers only).

Latency (--typed N): the first N queries of each file are typed into the
search box, the last character as a real keystroke, and timed until the
result list stops changing (no change for 300 ms); typing also checks
that the box shows what the worker ranked.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import parse_qs, urljoin, urlsplit

from tools.browser import chromium, serve

QUIET_MS = 300  # the list has settled when it has not changed for this long
# The benchmark's parts (tests/search/<part>.json). The held-back parts were
# never used to tune; heldout2, heldout3 and heldout4 were collected later,
# from other threads (heldout4 in the same batch as the last queries added
# to tune, split from them by a hash of the thread's address).
HELD_BACK = ("heldout", "heldout2", "heldout3", "heldout4")
PARTS = (*HELD_BACK, "tune", "curated")
WATCH = """() => {
  window.__lastChange = 0;
  const list = document.querySelector(".md-search-result");
  new MutationObserver(() => { window.__lastChange = performance.now(); })
    .observe(list, {childList: true, subtree: true, characterData: true});
  document.querySelector("input.md-search__input").addEventListener(
    "keydown", () => { window.__keyDown = performance.now(); }, true);
}"""
SETTLED = """async (quiet) => {
  for (;;) {
    await new Promise(resolve => setTimeout(resolve, 25));
    const last = window.__lastChange, now = performance.now();
    if (last > window.__keyDown && now - last > quiet)
      return last - window.__keyDown;
    if (now - window.__keyDown > 5000)  // nothing changed: no results
      return -1;
  }
}"""
VISIBLE_LINKS = """els => els.filter(e => !e.closest('details:not([open])'))
                          .map(e => e.getAttribute('href'))"""
# Material's search worker, driven as its search box drives it: SETUP (0)
# with the index, READY (1), then one QUERY (2) per query, each answered
# by a RESULT (3) whose items are the result groups, best first. What the
# list shows of a group follows Material's renderer: the page's own
# document, then its sections that score as high as the group's best.
WORKER_RANKS = """async queries => {
  const config = JSON.parse(document.getElementById("__config").textContent);
  const base = new URL(config.base + "/", location.href);
  const index = await (await fetch(new URL("search/search_index.json", base)))
    .json();
  const worker = new Worker(new URL(config.search, location.href));
  const replies = [];
  let wake = null;
  worker.onmessage = event => { replies.push(event.data); if (wake) wake(); };
  const next = async type => {
    for (;;) {
      const at = replies.findIndex(message => message.type === type);
      if (at >= 0) return replies.splice(at, 1)[0];
      await new Promise(resolve => { wake = resolve; });
    }
  };
  worker.postMessage({type: 0, data: {config: index.config, docs: index.docs,
                                      options: {suggest: false}}});
  await next(1);
  const ranked = [];
  for (const query of queries) {
    worker.postMessage({type: 2, data: query});
    const groups = (await next(3)).data.items;
    const hrefs = [];
    for (const group of groups) {
      const best = group[0].score, rest = [...group];
      const at = rest.findIndex(
        doc => !`${new URL(doc.location, base)}`.includes("#"));
      const [page] = rest.splice(at, 1);
      let shown = rest.findIndex(doc => doc.score < best);
      if (shown === -1) shown = rest.length;
      for (const doc of [page, ...rest.slice(0, shown)])
        hrefs.push(`${new URL(doc.location, base)}`);
    }
    ranked.push(hrefs);
  }
  worker.terminate();
  return ranked;
}"""


def entry_of(href: str, base: str) -> str | None:
    """'stage/#anchor' of a result link ('stage/?e=anchor&h=..' or
    'stage/index.html#anchor'), None for a page."""
    url = urlsplit(urljoin(base, href))
    root = urlsplit(base).path.rsplit("/", 1)[0] + "/"
    page = url.path.removeprefix(root).removesuffix("index.html")
    if page.endswith(".html"):  # the offline build: data.html, not data/
        page = page.removesuffix(".html") + "/"
    anchor = parse_qs(url.query).get("e", [url.fragment])[0]
    return f"{page}#{anchor}" if anchor else None


def rank(browser, url: str, queries: list[str]) -> list[list[str]]:
    """The visible result entries ('stage/#anchor', in order) of each query,
    from Material's search worker in a page of the site at ``url``."""
    page = browser.new_page()
    try:
        page.goto(url, wait_until="networkidle")
        hrefs = page.evaluate(WORKER_RANKS, queries)
    finally:
        page.close()
    return [ordered_entries(found, url) for found in hrefs]


def ordered_entries(hrefs: list[str], base: str) -> list[str]:
    ranked: list[str] = []
    for href in hrefs:
        entry = entry_of(href, base)
        if entry and entry not in ranked:
            ranked.append(entry)
    return ranked


def load(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))


def answers(query: dict) -> tuple[str, ...]:
    wanted = query["answer"]
    return tuple(wanted) if isinstance(wanted, list) else (wanted,)


class SearchPage:
    """Material's search on one open page of the site."""

    def __init__(self, browser, url: str):
        self.base = url
        self.page = browser.new_page()
        self.page.goto(url, wait_until="networkidle")
        self.box = self.page.locator("input.md-search__input")
        self.box.click()
        # A first query waits for the index to load, so the timed queries
        # measure searching, not loading.
        self.box.press_sequentially("tensor")
        self.page.wait_for_selector(".md-search-result__item", timeout=30000)
        self.page.evaluate(WATCH)

    def search(self, query: str) -> tuple[list[str], float]:
        """The visible result anchors ('stage/#anchor', in order) and the
        milliseconds from the last keystroke to a settled list."""
        self.box.fill("")
        self.page.wait_for_selector(".md-search-result__item", state="detached")
        self.page.wait_for_timeout(50)
        # All but the last character at once, then one real keystroke.
        self.box.fill(query[:-1])
        if query[-1].isascii():
            self.box.press(query[-1])
        else:  # no key for it ("】"): insert it as an input method would
            self.page.evaluate("window.__keyDown = performance.now()")
            self.page.keyboard.insert_text(query[-1])
        elapsed = self.page.evaluate(SETTLED, QUIET_MS)
        hrefs = self.page.eval_on_selector_all(".md-search-result__link", VISIBLE_LINKS)
        return ordered_entries(hrefs, self.base), elapsed

    def close(self) -> None:
        self.page.close()


@dataclass
class Score:
    total: int = 0
    hit1: int = 0
    hit3: int = 0
    times_ms: list[float] = field(default_factory=list)
    misses: list[str] = field(default_factory=list)

    def __add__(self, other: Score) -> Score:
        return Score(
            self.total + other.total,
            self.hit1 + other.hit1,
            self.hit3 + other.hit3,
            self.times_ms + other.times_ms,
            self.misses + other.misses,
        )

    @property
    def median_ms(self) -> float:
        return statistics.median(self.times_ms) if self.times_ms else 0.0

    def line(self, name: str) -> str:
        text = (
            f"{name}: {self.total} queries, hit@1 {self.hit1}/{self.total} "
            f"({100 * self.hit1 / max(self.total, 1):.0f}%), hit@3 "
            f"{self.hit3}/{self.total} "
            f"({100 * self.hit3 / max(self.total, 1):.0f}%)"
        )
        if self.times_ms:
            text += f", median {self.median_ms:.0f} ms, max {max(self.times_ms):.0f} ms"
        return text


def score(queries: list[dict], ranked: list[list[str]]) -> Score:
    """hit@1 and hit@3 of each query's ranked entries."""
    result = Score()
    for query, found in zip(queries, ranked, strict=True):
        wanted = answers(query)
        result.total += 1
        result.hit1 += bool(found) and found[0] in wanted
        if any(anchor in wanted for anchor in found[:3]):
            result.hit3 += 1
        else:
            result.misses.append(
                f"{query['query'][:90]!r}: want {wanted}, got {found[:3]}"
            )
    return result


def evaluate(browser, url: str, queries: list[dict]) -> Score:
    """Score a benchmark part through Material's search worker."""
    return score(queries, rank(browser, url, [q["query"] for q in queries]))


def typed(page: SearchPage, queries: list[dict]) -> Score:
    """Type each query into the search box: the ranking a reader sees and
    the time until the list settles."""
    found, times = [], []
    for query in queries:
        ranked, elapsed = page.search(query["query"])
        found.append(ranked)
        if elapsed >= 0:  # -1: the list did not change after the keystroke
            times.append(elapsed)
    result = score(queries, found)
    result.times_ms = times
    return result


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("site", type=Path)
    parser.add_argument("queries", type=Path, nargs="+")
    parser.add_argument("--misses", action="store_true")
    parser.add_argument(
        "--typed", type=int, default=0, metavar="N", help="type N queries of each"
    )
    args = parser.parse_args(argv)
    held_back = [p.name for p in args.queries if p.stem in HELD_BACK]
    if args.misses and held_back:
        parser.error(f"--misses would show the held-back part {held_back[0]}")
    with serve(args.site) as base, chromium() as browser:
        for path in args.queries:
            result = evaluate(browser, base, load(path))
            print(result.line(path.stem))
            if args.misses:
                print(*(f"  missed {m}" for m in result.misses), sep="\n")
            if args.typed:
                page = SearchPage(browser, base)
                sample = typed(page, load(path)[: args.typed])
                page.close()
                print(sample.line(f"{path.stem}, typed"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
