"""MkDocs hooks (mkdocs.yml `hooks:`): ship every snippet with the site.

Each card links to its whole snippet file, asserts included, so a reader
who doubts a claim can read the proof and run it (`python file.py`).
The files are added to the build as they are, under `snippets/`, so the
link works on the published site and in the offline build alike, and
MkDocs checks it like any other link.
"""

from __future__ import annotations

from pathlib import Path

from mkdocs.structure.files import File


def on_files(files, config):
    root = Path(config["config_file_path"]).resolve().parent
    snippets = root / "snippets"
    for path in sorted(snippets.glob("*/*.py")):
        rel = path.relative_to(root).as_posix()
        files.append(File.generated(config, rel, abs_src_path=str(path)))
    return files
