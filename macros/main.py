"""mkdocs-macros module: the page macros, over one ``Build``.

``{{ entry("data/cache_before_augment.py") }}`` in a page becomes the
entry's card. Everything shown comes from the snippet file (title, prose,
code), record.json (output, charts, TensorFlow version) and matrix.json
(the releases it holds on); nothing here imports TensorFlow. Every fault
stops the build with a message naming the page and the file
(``macros.build.FAULTS``; mkdocs-macros makes it fatal).
"""

from __future__ import annotations

import sys
from pathlib import Path

# `mkdocs` started as a console script does not put the project on
# sys.path; the engine package lives next to this folder.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from macros import build as builds  # noqa: E402
from macros.build import FAULTS  # noqa: E402
from macros.search import inline_code  # noqa: E402


def page_of(env) -> str:
    return env.page.file.src_uri if env.page else "?"


def define_env(env):
    """Called by mkdocs-macros at the start of each build."""
    build = builds.start(Path(env.conf["config_file_path"]).resolve().parent)
    env.variables["tf_version"] = build.tf_version
    env.conf["extra"].update(build.theme_extra(env.conf.get("site_url")))

    @env.macro
    def entry(rel: str, sheet: bool = True) -> str:
        """A card; sheet=False leaves it off the printed sheet (a stage
        whose sheet would run past two pages decides what prints)."""
        return build.entry_card(page_of(env), rel, sheet)

    @env.macro
    def names_table(rel: str, file: str) -> str:
        """The table of names a card's verified run wrote (file, among its
        run's files), one anchored row per name."""
        return build.names_table(page_of(env), rel, file)

    @env.macro
    def entry_count() -> int:
        return len(build.catalogue.names)

    @env.macro
    def release_changes() -> str:
        """Per release, the entries that behave differently from the
        release before it, from the version matrix."""
        return build.release_changes()

    @env.macro
    def build_faults() -> str:
        return "\n".join(f"- {fault}" for fault in FAULTS.values())


def on_post_page_macros(env):
    """Append the notes for cards that moved away from this page, and the
    printed sheet's list of the cards it leaves off."""
    build = builds.current
    stage = Path(env.page.file.src_uri).stem
    notes = build.moved_notes(stage)
    if notes:
        env.markdown += "\n\n" + notes + "\n"
    off_sheet = build.off_sheet.get(env.page.file.src_uri)
    if off_sheet:
        titles = " · ".join(inline_code(title) for title in off_sheet)
        env.markdown += (
            '\n\n<p class="print-only sheet-omitted">On the site, not on '
            f"this sheet: {titles}</p>\n"
        )
