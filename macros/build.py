"""One site build: what it reads once, what its pages have shown so far,
and every check that stops it.

``define_env`` (macros/main.py) starts a ``Build`` when mkdocs-macros
starts a build (each rebuild of `make serve` starts a new one); the page
macros call its methods, and the hooks (macros/hooks.py) read it after the
pages are written. Every fault that stops the build is a ``BuildFault`` of
one kind of ``FAULTS``, and names the page and the file; the verification
page lists ``FAULTS``, and a test checks that every kind raised is listed
and every kind listed is raised.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from engine import claims
from engine import environments as envs
from engine import matrix as matrices
from engine import record as records
from engine.catalogue import Catalogue
from engine.entry import Entry, EntryError
from engine.record import Run
from macros import card, names, printed, releases

FAULTS = {
    "missing": "a page names a snippet file that does not exist",
    "path": "a page writes a snippet's path other than as `stage/file.py`",
    "format": "a snippet breaks the entry format (docstring parts, metadata, "
    "lengths, section markers, a `wrong` without a `right`)",
    "stage": "a folder under `snippets/` has no page of its name in the nav",
    "record": "a snippet has no record, a stale record (the snippet, the lock "
    "file or the Python version changed since its run) or a failed one",
    "twice": "an entry is shown twice, or two entries on a page share an anchor",
    "orphan": "a snippet is on no page",
    "claims": "a card quotes a message that its run did not print and no "
    "assert checks, or says its run used a build (CUDA, CPU-only) that its "
    "record contradicts; or a GPU-only card does not say that its code was "
    "not run, or cites no TensorFlow or Keras source file for its claims",
    "names": "a names table asks for a file that its card's recorded run did not write",
    "search": "a page of cards carries a `data-search-` attribute (the search "
    "index keeps only its intro and its cards)",
}


class BuildFault(Exception):
    """A fault that stops the build (mkdocs-macros makes it fatal)."""

    def __init__(self, kind: str, message: str):
        if kind not in FAULTS:
            raise ValueError(f"{kind!r} is not a kind of FAULTS")
        super().__init__(message)
        self.kind = kind


@dataclass
class Build:
    root: Path
    catalogue: Catalogue
    record: dict[str, Run]
    matrix: dict
    lock: records.LockFile  # the project's requirements.txt
    locks: envs.ReleaseLocks  # each release's, for the matrix
    # What the pages have shown so far:
    used: dict[str, str] = field(default_factory=dict)  # rel -> page
    anchors: dict[str, dict[str, str]] = field(default_factory=dict)  # page ->
    shown: dict[str, tuple[Entry, Run]] = field(default_factory=dict)
    shown_names: dict[str, tuple[dict, Entry]] = field(default_factory=dict)
    off_sheet: dict[str, list[str]] = field(default_factory=dict)  # page -> titles
    cells: dict[str, dict] = field(default_factory=dict)  # rel -> fresh cells

    @classmethod
    def start(cls, root: Path) -> Build:
        catalogue = Catalogue.read(root)
        try:
            catalogue.stages  # noqa: B018 (read now: a fault stops the build)
        except EntryError as err:
            raise BuildFault("stage", str(err)) from None
        return cls(
            root,
            catalogue,
            records.load(root / "record.json"),
            matrices.load(root / "matrix.json"),
            records.LockFile(root / "requirements.txt"),
            envs.release_locks(),
        )

    @property
    def tf_version(self) -> str:
        return records.pinned_tensorflow(self.lock)

    def verified_on(self) -> str:
        return max((run["date"] for run in self.record.values()), default="never")

    def shown_entry(self, where: str, rel: str) -> Entry:
        """The entry a page names, with a record it can show."""
        snippets = self.root / "snippets"
        if not (snippets / rel).is_file():
            raise BuildFault(
                "missing", f"{where}: snippet file snippets/{rel} does not exist"
            )
        resolved = (snippets / rel).resolve()
        if not resolved.is_relative_to(snippets.resolve()):
            raise BuildFault(
                "path", f"{where}: snippets/{rel} is not a file under snippets/"
            )
        name = resolved.relative_to(snippets.resolve()).as_posix()
        if name != rel:
            raise BuildFault(
                "path", f"{where}: write the snippet as entry({name!r}), not {rel!r}"
            )
        try:
            entry = self.catalogue.entry(rel)
        except EntryError as err:
            raise BuildFault("format", f"{where}: {err}") from None
        problem = records.problem(entry, self.record, self.lock)
        if problem:
            raise BuildFault("record", f"{where}: snippets/{rel} {problem}")
        return entry

    def check_once(self, where: str, page: str, entry: Entry) -> None:
        if entry.rel in self.used:
            raise BuildFault(
                "twice",
                f"{where}: snippets/{entry.rel} is already shown on "
                f"{self.used[entry.rel]}; an entry appears on one page only",
            )
        taken = self.anchors.setdefault(page, {})
        if entry.anchor in taken:
            raise BuildFault(
                "twice",
                f"{where}: duplicate anchor #{entry.anchor}: snippets/{entry.rel} "
                f"and snippets/{taken[entry.anchor]}",
            )

    def check_claims(self, where: str, entry: Entry) -> None:
        unproven = claims.problems(entry, self.record[entry.rel])
        if unproven:
            raise BuildFault("claims", f"{where}: snippets/{entry.rel}: {unproven[0]}")

    def fresh_cells(self, entry: Entry) -> dict:
        """The entry's matrix cells, worked out once a build."""
        if entry.rel not in self.cells:
            self.cells[entry.rel] = matrices.fresh_cells(
                self.matrix, entry, self.record, self.locks
            )
        return self.cells[entry.rel]

    def entry_card(self, page: str, rel: str, sheet: bool) -> str:
        where = f"{page}: entry({rel!r})"
        entry = self.shown_entry(where, rel)
        self.check_once(where, page, entry)
        self.check_claims(where, entry)
        self.anchors[page][entry.anchor] = rel
        self.used[rel] = page
        run = self.record[rel]
        self.shown[f"{Path(page).stem}/{entry.anchor}"] = (entry, run)
        if not sheet:
            self.off_sheet.setdefault(page, []).append(entry.title)
        line = releases.card_line(self.fresh_cells(entry))
        return card.render(entry, run, line, on_sheet=sheet)

    def names_table(self, page: str, rel: str, file: str) -> str:
        where = f"{page}: names_table({rel!r})"
        entry = self.shown_entry(where, rel)
        table = self.root / "docs" / "figures" / entry.figures_dir / file
        if file not in self.record[rel].get("figures", []) or not table.is_file():
            raise BuildFault(
                "names", f"{where}: the recorded run of snippets/{rel} wrote no {file}"
            )
        rows = names.names_rows(table.read_text(encoding="utf-8"))
        taken = self.anchors.setdefault(page, {})
        anchors = self.unique_anchors(rows, taken)
        for row, anchor in zip(rows, anchors, strict=True):
            taken[anchor] = rel
            self.shown_names[f"{Path(page).stem}/{anchor}"] = (row, entry)
        return names.render_names(rows, anchors)

    @staticmethod
    def unique_anchors(rows: list[dict], taken: dict[str, str]) -> list[str]:
        """One anchor per row, unique among the page's anchors so far."""
        seen = set(taken)
        return [names.row_anchor(row["old"], seen) for row in rows]

    def itemised_pages(self) -> set[str]:
        """Pages whose items have search documents of their own (the
        stages, and a page with a names table): the index keeps only their
        intro."""
        return set(self.catalogue.stages) | {
            key.split("/")[0] for key in self.shown_names
        }

    def release_changes(self) -> str:
        selected = self.catalogue.all()
        cells_of = {entry.rel: self.fresh_cells(entry) for entry in selected}
        ran = self.matrix["releases"]
        versions = {release: info["tensorflow"] for release, info in ran.items()}
        return releases.changes_page(matrices.changes(cells_of, selected), versions)

    def moved_notes(self, stage: str) -> str:
        """Anchors of cards merged into others keep working: a short note
        on their old page, with their old anchor, links to where they went."""
        notes = []
        for entry in self.catalogue.entries.values():
            for old in entry.formerly:
                old_stage, old_anchor = old.split("/")
                if old_stage == stage:
                    notes.append(
                        f'<p class="moved" id="{old_anchor}" markdown>'
                        f"Moved: [{entry.title}]({entry.stage}.md#{entry.anchor})"
                        "</p>"
                    )
        return "\n\n".join(notes)

    def check_no_orphans(self) -> None:
        orphans = [rel for rel in self.catalogue.names if rel not in self.used]
        if orphans:
            names_ = ", ".join(f"snippets/{rel}" for rel in orphans)
            raise BuildFault(
                "orphan",
                f"snippet(s) shown on no page: {names_}; "
                "add an entry() call or delete the file",
            )

    def theme_extra(self, site_url: str | None) -> dict:
        """What the theme override (overrides/main.html) shows: the print
        header, the PDF links and how many cards each sheet leaves off (the
        page's entry() calls fill ``off_sheet`` before its template renders)."""
        stages = self.catalogue.stages
        return {
            "off_sheet": self.off_sheet,
            "tf_version": self.tf_version,
            "verified_on": self.verified_on(),
            "stages": stages,
            "sheets": printed.printed_sheets(site_url, stages),
        }


# The build under way: started by define_env, read by the hooks.
current: Build | None = None


def start(root: Path) -> Build:
    global current
    current = Build.start(root)
    return current
