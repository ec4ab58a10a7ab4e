"""Search as a reader uses it: queries typed into the built site in Chromium.

    python -m tools.search_bench SITE QUERIES.json [--misses]

Each query is typed into Material's search box; the answer counts when its
entry is among the results a reader sees first (each page group's best
matches, not those folded under "N more on this page"). The time is from
the last keystroke until the result list stops changing (no change for
300 ms). Prints hit@1, hit@3 and the median time; --misses lists the
queries whose answer is not in the top three (only for the tuning part:
the held-back parts are reported as numbers only).
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
        ranked: list[str] = []
        for href in hrefs:
            entry = entry_of(href, self.base)
            if entry and entry not in ranked:
                ranked.append(entry)
        return ranked, elapsed

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
        return (
            f"{name}: {self.total} queries, hit@1 {self.hit1}/{self.total} "
            f"({100 * self.hit1 / max(self.total, 1):.0f}%), hit@3 "
            f"{self.hit3}/{self.total} "
            f"({100 * self.hit3 / max(self.total, 1):.0f}%), median "
            f"{self.median_ms:.0f} ms, max "
            f"{max(self.times_ms, default=0):.0f} ms"
        )


def evaluate(page: SearchPage, queries: list[dict]) -> Score:
    score = Score()
    for query in queries:
        wanted = answers(query)
        ranked, elapsed = page.search(query["query"])
        score.total += 1
        if elapsed >= 0:  # -1: the list did not change after the keystroke
            score.times_ms.append(elapsed)
        score.hit1 += bool(ranked) and ranked[0] in wanted
        if any(anchor in wanted for anchor in ranked[:3]):
            score.hit3 += 1
        else:
            score.misses.append(
                f"{query['query'][:90]!r}: want {wanted}, got {ranked[:3]}"
            )
    return score


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("site", type=Path)
    parser.add_argument("queries", type=Path, nargs="+")
    parser.add_argument("--misses", action="store_true")
    args = parser.parse_args(argv)
    held_back = [p.name for p in args.queries if p.stem in HELD_BACK]
    if args.misses and held_back:
        parser.error(f"--misses would show the held-back part {held_back[0]}")
    with serve(args.site) as base, chromium() as browser:
        page = SearchPage(browser, base)
        for path in args.queries:
            score = evaluate(page, load(path))
            print(score.line(path.stem))
            if args.misses:
                print(*(f"  missed {m}" for m in score.misses), sep="\n")
        page.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
