"""What the engine can check of a card's prose against its own run.

Two rules of the truth method (snippets/README.md) are mechanical:

- A message quoted in the prose (an error or a warning, in backticks or
  in double quotes) was printed by the recorded run or is a string that
  one of the snippet's asserts checks. Quoted from memory, it would read
  true and be wrong.
- A statement in the `Checked:` part about the build the recorded run
  used (a CUDA build, a CPU-only build) agrees with the record.

A third applies to `requires: gpu` cards, whose code has not run where
the site is built: their `Checked:` part says so and cites the source
they rest on (a path under the installed `tensorflow/` or `keras/`).

``problems(entry, run)`` lists what breaks these rules; the build stops
on the first, naming the file.
"""

from __future__ import annotations

import argparse
import ast
import re
from pathlib import Path

from engine import entry as entries
from engine import record as records
from engine.catalogue import Catalogue
from engine.entry import Entry
from engine.record import Run

# A Markdown code span: a run of backticks, closed by a run as long.
CODE_SPAN = re.compile(r"(?<!`)(`+)(?!`)(.+?)(?<!`)\1(?!`)", re.DOTALL)
# Straight or typographic double quotes around at least three words.
DOUBLE_QUOTED = re.compile(r"[\"\u201c]([^\"\u201c\u201d`]+?)[\"\u201d]")
EXCEPTION = re.compile(r"\b[A-Z]\w*(Error|Exception|Warning)\b")
ELLIPSIS = re.compile(r"\s*(?:…|\.\.\.)\s*")
# A source citation: a path inside the installed packages.
SOURCE = re.compile(r"\b(tensorflow|keras|tf_keras)/[\w/]+\.(py|cc|h)\b")
NOT_RUN = re.compile(r"\bnot (been )?run\b|\bwas not run\b|\bnever ran\b")
RUN_WORDS = re.compile(r"\b(recorded run|this run|the run|here|this machine)\b", re.I)
# Build statements: (pattern, the build it claims).
BUILD_CLAIMS = (
    (re.compile(r"(?<!not a )(?<!non-)\bCUDA build\b"), "cuda"),
    (re.compile(r"\bCPU-only build\b|\btensorflow-cpu build\b"), "cpu"),
)


def normalise(text: str) -> str:
    """Whitespace as one space, and no backticks: a message that marks
    `tf.Tensor` as code is quoted the same with or without the marks."""
    return " ".join(text.replace("`", "").split())


def is_code(span: str) -> bool:
    """A code span that is Python (an expression or a statement), a
    name, a path or a command, not a message."""
    code = span.strip().replace("...", "_")
    for attempt in (code, code + " pass", code + ": pass"):
        try:
            ast.parse(attempt)
        except SyntaxError:
            continue
        return True
    words = re.findall(r"[A-Za-z]{2,}", span)
    message_like = len(span.split()) >= 4 or EXCEPTION.search(span)
    return not (message_like and len(words) >= 3)


def quoted_messages(entry: Entry) -> list[str]:
    """Messages the title and prose quote: code spans that are not code,
    and double-quoted phrases of three words or more."""
    text = "\n\n".join([entry.title, *entry.prose.values()])
    found = [span for _, span in CODE_SPAN.findall(text) if not is_code(span)]
    without_code = CODE_SPAN.sub(" ", text)
    found += [
        phrase
        for phrase in DOUBLE_QUOTED.findall(without_code)
        if len(phrase.split()) >= 3
    ]
    return [normalise(message) for message in found]


def caught_names(tree: ast.Module) -> set[str]:
    """Exception classes the code names in an `except` clause: a quoted
    `ValueError: ...` is proven when the code catches ValueError and
    checks the rest."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ExceptHandler) and node.type is not None:
            for sub in ast.walk(node.type):
                if isinstance(sub, ast.Name):
                    names.add(sub.id)
                elif isinstance(sub, ast.Attribute):
                    names.add(sub.attr)
    return names


LEADING_CLASS = re.compile(r"^(\w+(?:Error|Exception|Warning)):\s*")


def asserted_strings(tree: ast.Module) -> list[str]:
    """String constants inside the test of an `assert` (not its message):
    what the run checked a message against."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Assert):
            found += [
                sub.value
                for sub in ast.walk(node.test)
                if isinstance(sub, ast.Constant) and isinstance(sub.value, str)
            ]
    return found


def unquoted(message: str, evidence: str) -> bool:
    """True when some part of the message (split at an ellipsis) is in
    neither the output nor an asserted string."""
    parts = [p.strip(" .,:;") for p in ELLIPSIS.split(message)]
    return any(part and part not in evidence for part in parts)


def message_problems(entry: Entry, run: Run) -> list[str]:
    if run.get("status") == "skipped":
        return []  # a GPU card: the source it cites is checked instead
    printed = normalise(run.get("output", ""))
    # Most messages are in the output: the code is read for the rest only.
    pending = [m for m in quoted_messages(entry) if unquoted(m, printed)]
    if not pending:
        return []
    tree = ast.parse(entry.source or entry.path.read_bytes())
    evidence = normalise("\n".join([run.get("output", ""), *asserted_strings(tree)]))
    caught = caught_names(tree)
    found = []
    for message in pending:
        leading = LEADING_CLASS.match(message)
        rest = message[leading.end() :] if leading else message
        if not unquoted(message, evidence):
            continue
        if leading and leading[1] in caught and not unquoted(rest, evidence):
            continue
        found.append(
            f"quotes {message[:70]!r}, which its run did not print and no "
            "assert checks; copy the message from the output"
        )
    return found


def build_problems(entry: Entry, run: Run) -> list[str]:
    build = run.get("build")
    if not build or "checked" not in entry.prose:
        return []
    found = []
    for sentence in re.split(r"(?<=[.;])\s+", normalise(entry.prose["checked"])):
        if not RUN_WORDS.search(sentence):
            continue
        for pattern, claimed in BUILD_CLAIMS:
            if pattern.search(sentence) and claimed != build:
                found.append(
                    f"'Checked:' says the run used a {claimed.upper()} build, "
                    f"but the record says {build.upper()}: {sentence[:80]!r}"
                )
    return found


def gpu_problems(entry: Entry) -> list[str]:
    if not entry.requires_gpu:
        return []
    checked = entry.prose.get("checked", "")
    found = []
    if not NOT_RUN.search(checked):
        found.append(
            "a 'requires: gpu' card's 'Checked:' part must say its code was "
            "not run here"
        )
    if not SOURCE.search(" ".join(entry.prose.values())):
        found.append(
            "a 'requires: gpu' card must cite the source its claims rest on "
            "(e.g. keras/src/layers/rnn/lstm.py)"
        )
    return found


def problems(entry: Entry, run: Run) -> list[str]:
    """What breaks the checkable rules, each naming what to fix."""
    return [
        *message_problems(entry, run),
        *build_problems(entry, run),
        *gpu_problems(entry),
    ]


def main(argv: list[str] | None = None) -> int:
    """python -m engine.claims [FILE ...] [--record PATH]: check cards'
    prose against their recorded runs, as the build does."""
    parser = argparse.ArgumentParser(description=main.__doc__.split("\n")[0])
    parser.add_argument("paths", nargs="*", type=Path)
    parser.add_argument("--record", type=Path, default=records.RECORD)
    args = parser.parse_args(argv)
    record = records.load(args.record)
    status = 0
    selected = (
        [entries.load(path) for path in args.paths]
        if args.paths
        else Catalogue.read().all()
    )
    for entry in selected:
        run = record.get(entry.rel)
        found = (
            ["has no record; verify it first"] if run is None else problems(entry, run)
        )
        for problem in found:
            print(f"snippets/{entry.rel}: {problem}")
            status = 1
    return status


if __name__ == "__main__":
    raise SystemExit(main())
