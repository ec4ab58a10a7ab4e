"""mkdocs-macros module: render entries from snippets and the record.

``{{ entry("data/cache_before_augment.py") }}`` in a page becomes the
entry's card. Everything shown comes from the snippet file (title, prose,
code) and from record.json (output, charts, TensorFlow version); nothing
here imports TensorFlow. Every fault in BUILD_FAULTS stops the build with a
message naming the page and the file (mkdocs-macros makes it fatal).
"""

from __future__ import annotations

import html
import re
import sys
from pathlib import Path
from urllib.parse import urlsplit

# `mkdocs` started as a console script does not put the project on
# sys.path; the engine package lives next to this folder.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import claims  # noqa: E402
from engine import entry as entries  # noqa: E402
from engine import matrix as matrices  # noqa: E402
from engine import record as records  # noqa: E402
from macros import search  # noqa: E402
from tools.sheets import PAPERS, sheet_file  # noqa: E402

# The faults that stop the build; docs/verification.md lists them from here.
BUILD_FAULTS = (
    "a page names a snippet file that does not exist",
    "a snippet breaks the entry format (docstring parts, metadata, "
    "lengths, section markers, a `wrong` without a `right`)",
    "a snippet has no record, a stale record (the snippet, the lock file "
    "or the Python version changed since its run) or a failed one",
    "an entry is shown twice, or two entries on a page share an anchor",
    "a snippet is on no page",
    "a card quotes a message that its run did not print and no assert "
    "checks, or says its run used a build (CUDA, CPU-only) that its "
    "record contradicts",
    "a GPU-only card does not say that its code was not run, or cites no "
    "TensorFlow or Keras source file for its claims",
)
SEVERITY_TITLES = {
    "crash": "It raises: you must change code to go on",
    "silent": "It runs, but the result is wrong or surprising",
    "perf": "Correct, but slow or wasteful",
    "tip": "A habit that saves time",
}
SECTION_TITLES = {"wrong": "Wrong", "right": "Right", "show": "Code"}


class EntryRenderError(Exception):
    pass


def fence(text: str, info: str) -> str:
    """A code fence longer than any backtick run inside the text."""
    longest = max((len(m) for m in re.findall(r"`+", text)), default=0)
    ticks = "`" * max(3, longest + 1)
    return f"{ticks}{info}\n{text.rstrip()}\n{ticks}"


def indent(text: str) -> str:
    return "\n".join(("    " + ln) if ln.strip() else "" for ln in text.splitlines())


def sheet_section(item: entries.Entry) -> str | None:
    """The one code block the printed sheet keeps: none for a tip or a
    perf card (its title and pitfall carry it), else `right`, else the
    last block (the fix that follows the steps)."""
    if item.severity in ("tip", "perf"):
        return None
    return "right" if "right" in item.sections else list(item.sections)[-1]


def render_code(item: entries.Entry) -> str:
    printed = sheet_section(item)
    if len(item.sections) == 1:
        ((name, code),) = item.sections.items()
        hide = "" if name == printed else " .print-hide"
        return fence(code, f"{{.python{hide}}}")
    tabs = []
    for name, code in item.sections.items():
        title = (
            SECTION_TITLES.get(name)
            or re.sub(r"(?<=[a-z])(?=\d)", " ", name.replace("_", " ")).capitalize()
        )
        # On paper, where tabs are unfolded, the block's own title names it.
        hide = "" if name == printed else " .print-hide"
        block = fence(code, f'{{.python{hide} title="{title}"}}')
        tabs.append(f'=== "{title}"\n\n{indent(block)}')
    return "\n\n".join(tabs)


def render(
    item: entries.Entry, result: dict, versions: tuple[str, str], on_sheet: bool = True
) -> str:
    """An entry's card. The printed sheet keeps its title, severity,
    pitfall, one code block and, for a crash, the error line; a card
    that is not on the sheet (on_sheet=False) is left off paper."""
    severity = item.severity
    screen_only = "" if on_sheet else " entry--screen-only"
    parts = [
        f'<div class="entry entry--{severity}{screen_only}" markdown>',
        f"### {item.title} {{ #{item.anchor} }}",
        f'<p class="entry-meta"><span class="badge badge--{severity}" '
        f'title="{SEVERITY_TITLES[severity]}">{severity}'
        f'</span> <span class="entry-topics">{", ".join(item.topics)}'
        f'</span> <span class="tf-range">{versions[1]}</span></p>',
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
    # The whole file, asserts included, ships with the site (hooks.py).
    proof = f"[Proof: `{source}`]({source})"
    if result["status"] == "skipped":
        parts.append(
            '<p class="verified verified--no" markdown>**Not yet verified '
            f"on GPU.** This entry needs a GPU; its last run "
            f"({result['date']}, TensorFlow {result['tensorflow']}) was on a "
            f"machine without one. {proof}</p>"
        )
    else:
        if result["output"].strip():
            parts.append(fence(result["output"], '{.text .print-hide title="Output"}'))
        errors = records.error_lines(result["output"])
        if severity == "crash" and errors:
            parts.append(fence(errors[0], '{.text .print-only title="Error"}'))
        folder = entries.FIGURES.relative_to(entries.ROOT / "docs")
        # A run may also write a table (a names index): only images show.
        for name in result.get("figures", []):
            if not name.endswith((".png", ".svg")):
                continue
            src = f"{folder.as_posix()}/{item.figures_dir}/{name}"
            parts.append(f"![{item.figure or item.title}]({src}){{ .entry-figure }}")
    if "checked" in item.prose:
        parts.append(
            '<div class="entry-checked" markdown>\n\n'
            f"**Checked:** {item.prose['checked']}\n\n</div>"
        )
    if result["status"] != "skipped":
        parts.append(
            f'<p class="verified" markdown>Verified with TensorFlow '
            f"{result['tensorflow']}, output recorded {result['date']} · "
            f"{proof}</p>"
        )
    parts.append(f'<p class="tf-versions" markdown>{versions[0]}</p>')
    parts.append("</div>")
    return "\n\n".join(parts) + "\n"


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


def describe(cell: dict) -> str:
    """A matrix cell in a table: status and its first line of detail."""
    detail = cell.get("detail", "").replace("|", "\\|").replace("`", "'")
    return f"{cell['status']}: `{detail[:100]}`" if detail else cell["status"]


def moved_notes(stage: str, items: list[entries.Entry]) -> str:
    """Anchors of cards merged into others keep working: a short note on
    their old page, with their old anchor, links to where they went."""
    notes = []
    for item in items:
        for old in item.formerly:
            old_stage, old_anchor = old.split("/")
            if old_stage == stage:
                notes.append(
                    f'<p class="moved" id="{old_anchor}" markdown>'
                    f"Moved: [{item.title}]({item.stage}.md#{item.anchor})"
                    "</p>"
                )
    return "\n\n".join(notes)


def row_anchor(name: str, taken: set[str]) -> str:
    """'tf.train.AdamOptimizer' -> 'tf-train-adamoptimizer', unique on
    its page."""
    anchor = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    unique, count = anchor, 1
    while unique in taken:
        count += 1
        unique = f"{anchor}-{count}"
    taken.add(unique)
    return unique


def names_rows(table: str) -> list[dict]:
    """The rows of a names table a run wrote: old name, the error it
    raises here (empty when it still resolves), its new path, and whether
    that path exists here."""
    lines = table.splitlines()
    rows = []
    for line in lines[1:]:
        old, error, new, exists = line.split("\t")
        rows.append({"old": old, "error": error, "new": new, "exists": exists})
    return rows


# What the names table says of a new path, by the state the run found.
NEW_PATH_NOTES = {
    "yes": "",
    "no": " (not in this release either)",
    "stub": " (a Keras 3 stub: raises ImportError when used)",
}


def render_names(rows: list[dict], anchors: list[str], card: entries.Entry) -> str:
    """An HTML table, one row per name, each with its own anchor (search
    lands on it)."""
    out = [
        '<table class="names-table">',
        "<thead><tr><th>Name</th><th>Here</th><th>New path</th></tr></thead>",
        "<tbody>",
    ]
    for row, anchor in zip(rows, anchors, strict=True):
        here = (
            f"<code>{html.escape(row['error'])}</code>"
            if row["error"]
            else "still resolves"
        )
        new = f"<code>{html.escape(row['new'])}</code>"
        new += NEW_PATH_NOTES.get(row["exists"], "")
        out.append(
            f'<tr id="{anchor}"><td><code>{html.escape(row["old"])}</code></td>'
            f"<td>{here}</td><td>{new}</td></tr>"
        )
    out += ["</tbody>", "</table>"]
    return "\n".join(out)


def define_env(env):
    """Called by mkdocs-macros at the start of each build."""
    root = Path(env.conf["config_file_path"]).resolve().parent
    snippets = root / "snippets"
    lock = root / "requirements.txt"
    record = records.load(root / "record.json")
    matrix = matrices.load(root / "matrix.json")
    env.variables.pop("all_entries", None)  # from an earlier build (serve)
    stages = entries.stages(root / "mkdocs.yml")
    used: dict[str, str] = {}
    anchors_by_page: dict[str, dict[str, str]] = {}
    env.variables["used_snippets"] = used
    env.variables["shown_entries"] = shown = {}
    env.variables["shown_names"] = names_shown = {}
    env.variables["off_sheet"] = off_sheet = {}
    # The sheet's header counts them (overrides/main.html); the page's
    # entry() calls fill this before its template renders.
    env.conf["extra"]["off_sheet"] = off_sheet
    env.variables["stages"] = stages
    env.variables["snippets_root"] = snippets
    env.variables["tf_version"] = records.pinned_tensorflow(lock)
    # For the theme override (print header, PDF link).
    env.conf["extra"]["tf_version"] = env.variables["tf_version"]
    env.conf["extra"]["verified_on"] = max(
        (item["date"] for item in record.values()), default="never"
    )
    env.conf["extra"]["stages"] = stages
    env.conf["extra"]["sheets"] = printed_sheets(env.conf.get("site_url"), stages)

    @env.macro
    def entry(rel: str, sheet: bool = True) -> str:
        """A card; sheet=False leaves it off the printed sheet (a stage
        whose sheet would run past two pages decides what prints)."""
        page = env.page.file.src_uri if env.page else "?"
        where = f"{page}: entry({rel!r})"
        path = snippets / rel
        if not path.is_file():
            raise EntryRenderError(
                f"{where}: snippet file snippets/{rel} does not exist"
            )
        try:
            item = entries.load(path)
        except entries.EntryError as err:
            raise EntryRenderError(f"{where}: {err}") from None
        if rel != item.rel:
            raise EntryRenderError(
                f"{where}: write the snippet as entry({item.rel!r}), not {rel!r}"
            )
        if rel in used:
            raise EntryRenderError(
                f"{where}: snippets/{rel} is already "
                f"shown on {used[rel]}; an entry "
                "appears on one page only"
            )
        anchors = anchors_by_page.setdefault(page, {})
        if item.anchor in anchors:
            raise EntryRenderError(
                f"{where}: duplicate anchor #{item.anchor}: snippets/{rel} "
                f"and snippets/{anchors[item.anchor]}"
            )
        problem = records.problem(item, record, lock)
        if problem:
            raise EntryRenderError(f"{where}: snippets/{rel} {problem}")
        unproven = claims.problems(item, record[rel])
        if unproven:
            raise EntryRenderError(f"{where}: snippets/{rel}: {unproven[0]}")
        anchors[item.anchor] = rel
        used[rel] = page
        shown[f"{Path(page).stem}/{item.anchor}"] = (item, record[rel])
        if not sheet:
            off_sheet.setdefault(page, []).append(item.title)
        versions = matrices.card_line(matrices.fresh_cells(matrix, item, record))
        return render(item, record[rel], versions, on_sheet=sheet)

    @env.macro
    def names_table(rel: str, file: str) -> str:
        """The table of names a card's verified run wrote (file, among its
        run's files), one anchored row per name."""
        page = env.page.file.src_uri if env.page else "?"
        where = f"{page}: names_table({rel!r})"
        path = snippets / rel
        if not path.is_file():
            raise EntryRenderError(
                f"{where}: snippet file snippets/{rel} does not exist"
            )
        try:
            item = entries.load(path)
        except entries.EntryError as err:
            raise EntryRenderError(f"{where}: {err}") from None
        problem = records.problem(item, record, lock)
        if problem:
            raise EntryRenderError(f"{where}: snippets/{rel} {problem}")
        table = root / "docs" / "figures" / item.figures_dir / file
        if file not in record[rel].get("figures", []) or not table.is_file():
            raise EntryRenderError(
                f"{where}: the recorded run of snippets/{rel} wrote no {file}"
            )
        rows = names_rows(table.read_text(encoding="utf-8"))
        taken = set(anchors_by_page.setdefault(page, {}))
        anchors = [row_anchor(row["old"], taken) for row in rows]
        for anchor in anchors:
            anchors_by_page[page][anchor] = rel
        for row, anchor in zip(rows, anchors, strict=True):
            names_shown[f"{Path(page).stem}/{anchor}"] = (row, item)
        return render_names(rows, anchors, item)

    @env.macro
    def entry_count() -> int:
        return len(entries.snippet_files(snippets))

    @env.macro
    def release_changes() -> str:
        """Per release, the entries that behave differently from the
        release before it, from the version matrix."""
        items = [entries.load(p) for p in entries.snippet_files(snippets)]
        steady = {item.rel for item in items if not item.volatile}
        names = {r: info["tensorflow"] for r, info in matrix["releases"].items()}
        out = []
        for release, changed in matrices.changes(matrix, items, steady, record):
            name = names.get(release, release)
            out.append(f"## {release} ({name})")
            if not changed:
                out.append("No entry behaves differently from the release before.")
                continue
            out.append("| Entry | Before | Now |\n|---|---|---|")
            for item, old, new in changed:
                link = (
                    f"[{search.inline_code(item.title)}]({item.stage}.md#{item.anchor})"
                )
                out.append(f"| {link} | {describe(old)} | {describe(new)} |")
        return "\n\n".join(out)

    @env.macro
    def build_faults() -> str:
        return "\n".join(f"- {fault}" for fault in BUILD_FAULTS)


def on_post_page_macros(env):
    """Append the notes for cards that moved away from this page."""
    if "all_entries" not in env.variables:  # parsed once per build
        items = []
        for path in entries.snippet_files(env.variables["snippets_root"]):
            try:
                items.append(entries.load(path))
            except entries.EntryError:
                pass  # its entry() call stops the build, naming the page
        env.variables["all_entries"] = items
    stage = Path(env.page.file.src_uri).stem
    notes = moved_notes(stage, env.variables["all_entries"])
    if notes:
        env.markdown += "\n\n" + notes + "\n"
    off_sheet = env.variables["off_sheet"].get(env.page.file.src_uri)
    if off_sheet:
        titles = " · ".join(search.inline_code(title) for title in off_sheet)
        env.markdown += (
            '\n\n<p class="print-only sheet-omitted">On the site, not on '
            f"this sheet: {titles}</p>\n"
        )


def on_post_build(env):
    """Fail the build when a snippet is on no page (an orphan); then give
    each entry its own search document."""
    used = env.variables.get("used_snippets", {})
    snippets = env.variables["snippets_root"]
    orphans = [
        p
        for p in entries.snippet_files(snippets)
        if p.relative_to(snippets).as_posix() not in used
    ]
    if orphans:
        names = ", ".join(f"snippets/{p.relative_to(snippets)}" for p in orphans)
        raise EntryRenderError(
            f"snippet(s) shown on no page: {names}; "
            "add an entry() call or delete the file"
        )
    search.rewrite_index(
        Path(env.conf["site_dir"]),
        env.variables["stages"],
        env.variables["shown_entries"],
        env.variables.get("shown_names", {}),
    )
