"""MkDocs hooks (mkdocs.yml `hooks:`): the snippet files shipped with the
site, and the checks and rewrites that need every page written.

Each card links to its whole snippet file, asserts included, so a reader
who doubts a claim can read the proof and run it (`python file.py`).
The files are added to the build as they are, under `snippets/`, so the
link works on the published site and in the offline build alike, and
MkDocs checks it like any other link.

Material's search plugin indexes every section of a page (its
on_page_context, priority 0). Of a page whose items get search documents
of their own (a stage page, the names page), the index keeps only the
intro, so the plugin is handed the intro only: on_page_content
(priority -100, after every other plugin) cuts the page at its first
subheading, and on_page_context (priority -50, after the search plugin)
puts the whole page back before the theme renders it. Most of the
plugin's time went to the sections it would have indexed for nothing.

After the build: a snippet on no page stops it, and the search index gets
one document per entry (macros/search.py). Its order is declared: after
the search plugin writes search_index.json (priority 0) and before the
offline plugin copies that file into search_index.js (priority -100).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from mkdocs.plugins import event_priority
from mkdocs.structure.files import File

# MkDocs loads this file by its path; the project's packages are next to it.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from macros import build as builds  # noqa: E402
from macros import search  # noqa: E402


def on_files(files, config):
    build = builds.current  # define_env started it (on_config)
    for rel in build.catalogue.names:
        path = build.root / "snippets" / rel
        files.append(File.generated(config, f"snippets/{rel}", abs_src_path=str(path)))
    return files


# Where a page's intro ends: the search plugin starts a section at each
# heading that has an id; the first is the page's title.
SECTION = re.compile(r"<h[1-6]\b[^>]*\sid=")
# What the search plugin removes from a page it indexed (its own pattern).
SEARCH_ATTRIBUTE = re.compile(r"\s?data-search-\w+=\"[^\"]+\"")


@event_priority(-100)
def on_page_content(html, page, config, files):
    if search.top_folder(page.url) not in builds.current.itemised_pages():
        return html
    if SEARCH_ATTRIBUTE.search(html):
        # The whole page put back after indexing would keep the attribute.
        raise builds.BuildFault(
            "search",
            f"{page.file.src_uri}: a data-search- attribute on a page of cards",
        )
    page.whole_content = html
    sections = [found.start() for found in SECTION.finditer(html)]
    return html[: sections[1]] if len(sections) > 1 else html


@event_priority(-50)
def on_page_context(context, page, config, nav):
    if hasattr(page, "whole_content"):
        page.content = page.whole_content
        del page.whole_content
    return context


@event_priority(-50)
def on_post_build(config):
    """Fail the build when a snippet is on no page (an orphan); then give
    each entry its own search document."""
    build = builds.current
    build.check_no_orphans()
    search.rewrite_index(
        Path(config["site_dir"]), build.itemised_pages(), build.shown, build.shown_names
    )
