"""The gone-and-moved names table: one anchored row per old name, from
the table a card's verified run wrote (each row its own search result)."""

from __future__ import annotations

import html
import re

# What the names table says of a new path, by the state the run found.
NEW_PATH_NOTES = {
    "yes": "",
    "no": " (not in this release either)",
    "stub": " (a Keras 3 stub: raises ImportError when used)",
}


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
    rows = []
    for line in table.splitlines()[1:]:
        old, error, new, exists = line.split("\t")
        rows.append({"old": old, "error": error, "new": new, "exists": exists})
    return rows


def render_names(rows: list[dict], anchors: list[str]) -> str:
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
