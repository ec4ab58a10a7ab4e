"""Search documents made for finding an entry.

Material's search plugin indexes every heading of a page with the text
under it: for an entry, its code, outputs and prose. That buries the words
a reader types (an API name, the line of a traceback) under the rest, and
a result shows a page of text. After the plugin writes its index, the
entries' sections are replaced by one document per entry, whose fields
(declared with their boosts in mkdocs.yml) are:

- ``title``: the entry's title; ``text``: one line shown under it (the
  error a crash raises, else the pitfall's first sentence); ``tags``: the
  severity, shown as a chip;
- ``api``: the API names its shown code and prose use, whole and by their
  last parts (``tf.data.Dataset.prefetch``, ``Dataset.prefetch``,
  ``prefetch``), keyword arguments included;
- ``errors``: the error and warning lines its verified run printed;
- ``aliases``: how readers phrase the problem (the snippet's ``aliases:``);
- ``body``: the rest of its prose.

Each entry document is its own result: its location is the page with
``?e=<anchor>`` instead of ``#<anchor>`` (Material groups the results of a
page under it and folds all but the best, so a second good entry on the
same page would be hidden), and docs/javascripts/search-query.js turns
``?e=`` back into the anchor when the page opens. Stage pages keep a
document of their own, only their first paragraph, with a low boost;
other sections of stage pages are dropped. Pages that are not stages keep
their sections, with the same low boost, so a passing mention on the home
page does not outrank the entry itself.
"""

from __future__ import annotations

import ast
import html
import json
import re
from pathlib import Path

from engine import record as records
from engine.entry import Entry
from engine.record import Run

PAGE_BOOST = 0.1  # pages and their sections, against 1 for an entry
# A row of the names table against 1 for an entry: a pasted name still
# lands on its row (its title is the name), but where a card answers the
# same words the card ranks first (tune part: hit@1 343 -> 345 of 415).
NAME_BOOST = 0.5
NAME = re.compile(r"\b[A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)+|\b[a-z]+_[\w]+\b")
CODE_SPAN = re.compile(r"`([^`]+)`")


def plain(markdown: str) -> str:
    """Markdown prose as plain text: links, emphasis and code marks go;
    code spans keep their text as written (``from_tensor_slices``)."""
    text = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", markdown)
    parts = re.split(r"`([^`]+)`", text)  # odd parts: code span contents
    for i in range(0, len(parts), 2):
        parts[i] = re.sub(
            r"(?<!\w)[*_]{1,2}(?=\S)|(?<=\S)[*_]{1,2}(?!\w)", "", parts[i]
        )
    return "".join(parts)


def shorten(line: str, limit: int = 160) -> str:
    """A result's one line: cut at a word, with an ellipsis."""
    if len(line) <= limit:
        return line
    return line[: limit - 1].rsplit(" ", 1)[0] + "…"


def dotted_parts(name: str) -> list[str]:
    """tf.data.Dataset.prefetch -> itself and each shorter tail."""
    parts = name.split(".")
    return [".".join(parts[i:]) for i in range(len(parts))]


def code_names(code: str) -> list[str]:
    """Attribute chains, called names and keyword arguments of one block
    of shown code (its names by pattern, where it does not parse)."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return NAME.findall(code)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            found.append(ast.unparse(node))
        elif isinstance(node, ast.keyword) and node.arg:
            found.append(node.arg)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            found.append(node.func.id)
    return found


def api_names(entry: Entry) -> list[str]:
    """The names a reader would type: attribute chains, called names and
    keyword arguments of the shown code, and code spans of the prose."""
    found = [name for code in entry.sections.values() for name in code_names(code)]
    for span in CODE_SPAN.findall(" ".join(entry.prose.values()) + entry.title):
        found += NAME.findall(span) or [span.strip("()")]
    names: list[str] = []
    for name in found:
        name = re.sub(r"\(.*", "", name)  # a call's arguments are not a name
        for part in dotted_parts(name):
            if part and part not in names and not part.isdigit():
                names.append(part)
    return names


def first_sentence(text: str) -> str:
    sentence = re.split(r"(?<=[.!?])\s", plain(text).strip(), maxsplit=1)[0]
    return sentence.replace("\n", " ")


def inline_code(text: str) -> str:
    """Markdown code spans as HTML, for text placed inside HTML (a result
    title, a list of titles)."""
    escaped = html.escape(text, quote=False)
    return re.sub(r"`([^`]+)`", r"<code>\1</code>", escaped)


def entry_document(location: str, entry: Entry, run: Run) -> dict:
    errors = records.quoted_errors(run.get("output", ""))
    line = (
        errors[0]
        if entry.severity == "crash" and errors
        else (first_sentence(entry.prose["pitfall"]))
    )
    return {
        "location": location,
        "title": inline_code(entry.title),
        "text": html.escape(shorten(line), quote=False),
        "tags": [entry.severity],
        "api": " ".join(api_names(entry)),
        "errors": "\n".join(errors),
        "aliases": "\n".join(entry.aliases),
        "body": plain(
            "\n".join(entry.prose[key] for key in ("when", "what", "pitfall"))
        ),
    }


IMPORT = re.compile(r"from\s+([\w.]+)\s+import\s+(\w+)|import\s+([\w.]+)")


def name_of(code: str) -> str:
    """The dotted name a row's code stands for: `from a.b import C` is
    a.b.C, `x.f(1)` is x.f. As a result's title it carries the name's
    own words, without "from", "import" and the arguments, which every
    row would share."""
    code = code.split(";")[0].strip()
    found = IMPORT.match(code)
    if found:
        return found[3] or f"{found[1]}.{found[2]}"
    return re.sub(r"\(.*", "", code)


def name_document(location: str, row: dict) -> dict:
    """One row of a names table (an old name) as its own result. A pasted
    AttributeError finds it by the name it quotes, which the title holds
    (title words weigh most); the line under it gives the new path. Kept
    small: a table has a thousand rows."""
    verdict = "gone" if row["error"] else "still resolves"
    name = name_of(row["old"])
    return {
        "location": location,
        "title": html.escape(name, quote=False),
        "text": html.escape(f"{verdict} · new path: {row['new']}", quote=False),
        # The separator keeps "tf.placeholder" whole, so the error's own
        # words carry the name: "has no attribute 'placeholder'" (the
        # module part, the same on most rows, is left out).
        "errors": row["error"].split(" has ", 1)[-1] if row["error"] else "",
        # "tf.x" is one word to the index, where "tf.a.x" gives "x" too:
        # the name field, weighed like the title, holds the bare "x".
        "name": name.split(".", 1)[1] if name.count(".") == 1 else "",
        "boost": NAME_BOOST,
    }


def words_once(text: str, separator: re.Pattern) -> str:
    """``text`` with each word (as the index splits words, any case) kept
    at its first occurrence only, separators kept. A run's error lines
    repeat one message for each case it shows; lunr counts every
    repetition, which lifted an entry quoting a message four times over
    the entry that explains it (tune part: hit@1 345 -> 352 of 415,
    with the aliases boost of mkdocs.yml raised from 1000 to 2000)."""
    kept, seen, start = [], set(), 0
    for found in [*separator.finditer(text), None]:
        end = found.start() if found else len(text)
        word = text[start:end]
        if word.lower() not in seen:
            seen.add(word.lower())
            kept.append(word)
        if found:
            kept.append(found.group())
            start = found.end()
    return "".join(kept)


def top_folder(location: str) -> str:
    """The first folder of a page's address: 'data' for data/#x or
    data.html (the offline build); the stage of a stage page."""
    return location.split("/")[0].split("#")[0].removesuffix(".html")


def rewrite_index(
    site_dir: Path,
    itemised: set[str],
    shown: dict[str, tuple[Entry, Run]],
    names: dict[str, tuple[dict, Entry]] | None = None,
) -> None:
    """Rewrite the built search index: pages keep their sections, with a
    low boost; a page in ``itemised`` keeps only its intro, followed by a
    document per entry it shows. ``shown`` maps 'stage/anchor' to the
    entry and its recorded run, in page order; ``names`` maps
    'page/anchor' to a row of a names table."""
    path = site_dir / "search" / "search_index.json"
    index = json.loads(path.read_text(encoding="utf-8"))
    separator = re.compile(index["config"]["separator"])
    on_page: dict[str, list[tuple[str, Entry, Run]]] = {}
    for key, (entry, run) in shown.items():
        stage, anchor = key.split("/")
        on_page.setdefault(stage, []).append((anchor, entry, run))
    docs = []
    suffix = "/"
    for doc in index["docs"]:
        page, _, anchor = doc["location"].partition("#")
        stage = top_folder(page)
        suffix = ".html" if page.endswith(".html") else suffix
        if stage not in itemised:
            docs.append({**doc, "boost": PAGE_BOOST})
        elif not anchor:
            intro = doc["text"].split("</p>")[0] + "</p>"
            docs.append({**doc, "text": intro, "boost": PAGE_BOOST})
            for anchor, entry, run in on_page.get(stage, []):
                found = entry_document(f"{page}?e={anchor}", entry, run)
                found["errors"] = words_once(found["errors"], separator)
                docs.append(found)
    for key, (row, _card) in (names or {}).items():
        page, anchor = key.split("/")
        docs.append(name_document(f"{page}{suffix}?e={anchor}", row))
    index["docs"] = docs
    path.write_text(json.dumps(index, separators=(",", ":")), encoding="utf-8")
