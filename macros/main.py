"""mkdocs-macros module: render entries from snippets and the record.

``{{ entry("data/cache_before_augment.py") }}`` in a page becomes the
entry's card. Everything shown comes from the snippet file (title, prose,
code) and from record.json (output, date, TensorFlow version); nothing here
imports TensorFlow. Any authoring fault raises, naming the page and the
file, and mkdocs-macros is configured to make that fatal.
"""

from __future__ import annotations

import html
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine import entry as entries  # noqa: E402
from engine import record as records  # noqa: E402

SEVERITY_TITLES = {
    "crash": "It raises: you must change code to go on",
    "silent": "It runs, but the result is wrong or surprising",
    "perf": "Correct, but slow or wasteful",
    "tip": "A habit that saves time",
}
STAGES = ["setup", "graphs", "data", "model", "training", "save-load",
          "deploy", "debugging", "performance"]
SECTION_TITLES = {"wrong": "Wrong", "right": "Right", "show": "Code"}


class EntryRenderError(Exception):
    pass


def fence(text: str, info: str) -> str:
    """A code fence longer than any backtick run inside the text."""
    longest = max((len(m) for m in re.findall(r"`+", text)), default=0)
    ticks = "`" * max(3, longest + 1)
    return f"{ticks}{info}\n{text.rstrip()}\n{ticks}"


def indent(text: str) -> str:
    return "\n".join(("    " + ln) if ln.strip() else "" for ln in
                     text.splitlines())


def render_code(item: entries.Entry) -> str:
    if len(item.sections) == 1:
        (code,) = item.sections.values()
        return fence(code, "python")
    tabs = []
    for name, code in item.sections.items():
        title = SECTION_TITLES.get(name) or re.sub(
            r"(?<=[a-z])(?=\d)", " ", name.replace("_", " ")).capitalize()
        # The block's own title names it on paper, where tabs are unfolded;
        # the sheet keeps the right code and leaves the wrong one out.
        hide = " .print-hide" if name == "wrong" else ""
        block = fence(code, f'{{.python{hide} title="{title}"}}')
        tabs.append(f'=== "{title}"\n\n{indent(block)}')
    return "\n\n".join(tabs)


def render(item: entries.Entry, result: dict) -> str:
    severity = item.severity
    topics = ", ".join(item.topics)
    parts = [
        f'<div class="entry entry--{severity}" markdown>',
        f"### {item.title} {{ #{item.anchor} }}",
        f'<p class="entry-meta"><span class="badge badge--{severity}" '
        f'title="{SEVERITY_TITLES[severity]}">{severity}'
        f'</span> <span class="entry-topics">{topics}</span></p>',
        '<div class="entry-long" markdown>',
        f"**When you hit it:** {item.prose['when']}",
        f"**What is going on:** {item.prose['what']}",
        "</div>",
        '<div class="entry-pitfall" markdown>',
        f"**Pitfall:** {item.prose['pitfall']}",
        "</div>",
        render_code(item),
    ]
    source = f"snippets/{item.rel}"
    if result["status"] == "skipped":
        parts.append(
            '<p class="verified verified--no" markdown>**Not yet verified '
            f"on GPU.** This entry needs a GPU; its last run "
            f"({result['date']}, TensorFlow {result['tensorflow']}) was on a "
            f"machine without one. Source: `{source}`</p>"
        )
    else:
        if result["output"].strip():
            # On paper only a crash's output (the error message) is kept.
            hide = "" if severity == "crash" else " .print-hide"
            parts.append(fence(result["output"],
                               f'{{.text{hide} title="Output"}}'))
        alt = item.meta.get("figure", item.title)
        for name in result.get("figures", []):
            src = f"figures/{item.stage}/{item.path.stem}/{name}"
            parts.append(f"![{alt}]({src}){{ .entry-figure }}")
        parts.append(
            f'<p class="verified">Verified with TensorFlow '
            f"{result['tensorflow']} on {result['date']} · "
            f"<code>{html.escape(source)}</code></p>"
        )
    parts.append("</div>")
    return "\n\n".join(parts) + "\n"


def define_env(env):
    """Called by mkdocs-macros at the start of each build."""
    anchors_by_page: dict[str, dict[str, str]] = {}
    used: dict[str, str] = {}
    env.variables["tf_version"] = records.tensorflow_version()
    # For the theme override (print header, PDF link).
    record = records.load()
    env.conf["extra"]["tf_version"] = records.tensorflow_version()
    env.conf["extra"]["verified_on"] = max(
        (item["date"] for item in record.values()), default="never")
    env.conf["extra"]["stages"] = STAGES
    env.variables["used_snippets"] = used

    @env.macro
    def entry(rel: str) -> str:
        page = env.page.file.src_uri if env.page else "?"
        where = f"{page}: entry({rel!r})"
        path = entries.SNIPPETS / rel
        if not path.is_file():
            raise EntryRenderError(f"{where}: snippet file snippets/{rel} "
                                   "does not exist")
        try:
            item = entries.load(path)
        except entries.EntryError as err:
            raise EntryRenderError(f"{where}: {err}") from None
        if rel in used:
            raise EntryRenderError(f"{where}: snippets/{rel} is already "
                                   f"shown on {used[rel]}; an entry "
                                   "appears on one page only")
        anchors = anchors_by_page.setdefault(page, {})
        if item.anchor in anchors:
            raise EntryRenderError(
                f"{where}: duplicate anchor #{item.anchor}: snippets/{rel} "
                f"and snippets/{anchors[item.anchor]}")
        problem = records.problem(rel, path, record)
        if problem:
            raise EntryRenderError(f"{where}: snippets/{rel} {problem}")
        anchors[item.anchor] = rel
        used[rel] = page
        return render(item, record[rel])

    @env.macro
    def entry_count() -> int:
        return len(entries.snippet_files())


def on_post_build(env):
    """Fail the build when a snippet is on no page (an orphan)."""
    used = env.variables.get("used_snippets", {})
    orphans = [p for p in entries.snippet_files()
               if p.relative_to(entries.SNIPPETS).as_posix() not in used]
    if orphans:
        names = ", ".join(f"snippets/{p.relative_to(entries.SNIPPETS)}"
                          for p in orphans)
        raise EntryRenderError(f"snippet(s) shown on no page: {names}; "
                               "add an entry() call or delete the file")
