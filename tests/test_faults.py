"""Each authoring fault fails with a message that names the file.

The build faults run on a small throwaway project: the engine, macros and
theme files copied, a config that inherits the real mkdocs.yml
(`INHERIT:`), and the faulty content. That a fault raised by a macro
stops a real `mkdocs build --strict` is shown once, with real builds; the
other faults call the same macros as the build does, without starting
MkDocs. The format faults load a snippet; the run faults go through the
real fork server and the real `verify`.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from types import SimpleNamespace

import pytest
from conftest import ROOT, mkdocs_build

from engine import claims, matrix
from engine import entry as entries
from engine import record as records
from engine import verify as verifier
from engine.forkserver import ForkServer

# What every test here reads: the code and theme it copies or calls, the
# config it inherits, the packages. A card's text is not among them.
INPUTS = [
    *(ROOT / name for name in ("engine", "macros", "tools", "overrides")),
    *(ROOT / "docs" / name for name in ("stylesheets", "javascripts", "assets")),
    ROOT / "mkdocs.yml",
    ROOT / "requirements.txt",
    ROOT / "snippets" / "topics.md",
    ROOT / "tests" / "conftest.py",
    Path(__file__),
]

pytestmark = pytest.mark.passed_on(INPUTS)


GOOD = '''"""A good entry

When you hit it: always.

What is going on: nothing.

Pitfall: none.

severity: tip
topics: S1
"""

# --8<-- [start:show]
print("hello")
# --8<-- [end:show]
'''


def make_project(
    tmp: Path,
    snippets: dict[str, str],
    pages: dict[str, str],
    record_status: str = "passed",
    stale: tuple = (),
) -> Path:
    """A project with only the given snippets and pages, and a record that
    says each snippet passed (the build's checks are under test here, not
    the runs). Each page is a stage; the nav lists them."""
    for name in (
        "engine",
        "macros",
        "tools",
        "overrides",
        "docs/stylesheets",
        "docs/javascripts",
        "docs/assets",
    ):
        shutil.copytree(
            ROOT / name, tmp / name, ignore=shutil.ignore_patterns("__pycache__")
        )
    shutil.copy(ROOT / "requirements.txt", tmp / "requirements.txt")
    matrix.save({"releases": {}, "entries": {}}, tmp / "matrix.json")
    (tmp / "matrix" / "locks").mkdir(parents=True)  # watched: it must exist
    (tmp / "registry").mkdir()  # watched too
    (tmp / "snippets").mkdir()
    shutil.copy(ROOT / "snippets" / "topics.md", tmp / "snippets")
    nav = "".join(f"  - {Path(rel).stem}: {rel}\n" for rel in pages)
    (tmp / "mkdocs.yml").write_text(f"INHERIT: {ROOT / 'mkdocs.yml'}\nnav:\n{nav}")
    for rel, text in pages.items():
        (tmp / "docs" / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp / "docs" / rel).write_text(text)
    record = {}
    for rel, text in snippets.items():
        path = tmp / "snippets" / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        record[rel] = {
            "key": "0" * 24
            if rel in stale
            else records.cache_key(path, tmp / "requirements.txt"),
            "status": record_status,
            "reason": "",
            "output": "hello\n",
            "figures": [],
            "duration": 0.1,
            "date": "2026-01-01",
            "tensorflow": "2.21.0",
            "python": "3.11",
            "stderr_tail": "",
        }
    records.save(record, tmp / "record.json")
    return tmp


def build_fails(project: Path, *expected: str) -> str:
    """A real `mkdocs build --strict` of the project fails, saying each of
    ``expected``."""
    result = mkdocs_build(project / "mkdocs.yml", project / "site")
    output = result.stdout + result.stderr
    assert result.returncode != 0, f"build should fail:\n{output}"
    for text in expected:
        assert text in output, f"expected {text!r} in:\n{output}"
    return output


class MacroEnv:
    """What mkdocs-macros hands the module's define_env, enough to render
    the pages' entry() calls as a build does."""

    def __init__(self, project: Path):
        self.conf = {"config_file_path": str(project / "mkdocs.yml"), "extra": {}}
        self.variables: dict = {}
        self.macros: dict = {}
        self.page = None

    def macro(self, function):
        self.macros[function.__name__] = function
        return function


ENTRY_CALL = re.compile(r"""\{\{\s*entry\(\s*["']([^"']+)["']""")


def render_fails(project: Path, *expected: str) -> str:
    """Rendering the project's pages with the build's own macros raises,
    saying each of ``expected`` (the page, the file, what is wrong)."""
    from macros.build import BuildFault
    from macros.main import define_env

    env = MacroEnv(project)
    with pytest.raises(BuildFault) as raised:
        define_env(env)
        for page in sorted((project / "docs").glob("*.md")):
            env.page = SimpleNamespace(file=SimpleNamespace(src_uri=page.name))
            for rel in ENTRY_CALL.findall(page.read_text()):
                env.macros["entry"](rel)
    message = str(raised.value)
    for text in expected:
        assert text in message, f"expected {text!r} in:\n{message}"
    return message


def one_page(snippet: str = GOOD) -> tuple[dict, dict]:
    return ({"setup/good.py": snippet}, {"setup.md": '{{ entry("setup/good.py") }}\n'})


def test_a_good_project_builds_without_tensorflow(tmp_path):
    project = make_project(tmp_path, *one_page())
    # A stand-in `tensorflow` that refuses to import proves the build never
    # imports TensorFlow.
    guard = tmp_path / "no-tf"
    (guard / "tensorflow").mkdir(parents=True)
    (guard / "tensorflow" / "__init__.py").write_text(
        "raise ImportError('the site build must not import TensorFlow')\n"
    )
    result = mkdocs_build(
        project / "mkdocs.yml", project / "site", env={"PYTHONPATH": str(guard)}
    )
    assert result.returncode == 0, result.stderr
    page = (project / "site" / "setup" / "index.html").read_text()
    assert 'id="good"' in page and "hello" in page


def test_missing_snippet_file(tmp_path):
    snippets, pages = one_page()
    pages["setup.md"] += '{{ entry("setup/nowhere.py") }}\n'
    project = make_project(tmp_path, snippets, pages)
    build_fails(project, "setup.md", "snippets/setup/nowhere.py", "does not exist")


def test_missing_section(tmp_path):
    no_section = GOOD.replace("# --8<-- [start:show]\n", "").replace(
        "# --8<-- [end:show]\n", ""
    )
    project = make_project(tmp_path, *one_page(no_section))
    render_fails(project, "setup.md", "snippets/setup/good.py", "no shown section")


def test_broken_section_marker(tmp_path):
    broken = GOOD.replace("# --8<-- [end:show]", "# --8<-- [end:shwo]")
    project = make_project(tmp_path, *one_page(broken))
    render_fails(project, "snippets/setup/good.py", "[end:shwo]")


def test_failed_record(tmp_path):
    project = make_project(tmp_path, *one_page(), record_status="failed")
    render_fails(
        project, "setup.md", "snippets/setup/good.py", "failed its last verification"
    )


def test_stale_record(tmp_path):
    project = make_project(tmp_path, *one_page(), stale=("setup/good.py",))
    render_fails(project, "setup.md", "snippets/setup/good.py", "stale")


def test_missing_record(tmp_path):
    project = make_project(tmp_path, *one_page())
    records.save({}, project / "record.json")
    render_fails(project, "snippets/setup/good.py", "has no record")


def test_orphan_snippet(tmp_path):
    snippets, pages = one_page()
    snippets["setup/lonely.py"] = GOOD
    project = make_project(tmp_path, snippets, pages)
    build_fails(project, "snippets/setup/lonely.py", "shown on no page")


def test_entry_shown_twice(tmp_path):
    snippets, pages = one_page()
    pages["data.md"] = '{{ entry("setup/good.py") }}\n'
    snippets["data/other.py"] = GOOD
    pages["data.md"] += '{{ entry("data/other.py") }}\n'
    project = make_project(tmp_path, snippets, pages)
    output = render_fails(project, "snippets/setup/good.py", "is already shown on")
    assert "data.md" in output and "setup.md" in output


def test_entry_path_written_another_way(tmp_path):
    snippets, pages = one_page()
    pages["setup.md"] = '{{ entry("./setup/good.py") }}\n'
    project = make_project(tmp_path, snippets, pages)
    render_fails(project, "setup.md", "write the snippet as entry('setup/good.py')")


def test_duplicate_anchor(tmp_path):
    project = make_project(
        tmp_path,
        {"setup/good.py": GOOD, "data/good.py": GOOD},
        {
            "setup.md": '{{ entry("setup/good.py") }}\n\n{{ entry("data/good.py") }}\n',
            "data.md": "No entries.\n",
        },
    )
    render_fails(
        project,
        "duplicate anchor #good",
        "snippets/setup/good.py",
        "snippets/data/good.py",
    )


def test_snippet_folder_without_a_page(tmp_path):
    snippets, pages = one_page()
    snippets["data/other.py"] = GOOD
    project = make_project(tmp_path, snippets, pages)
    render_fails(project, "snippets/data/", "no page data.md in the nav")


def test_merged_card_keeps_its_old_anchor(tmp_path):
    merged = GOOD.replace("topics: S1", "topics: S1\nformerly: data/old-card")
    snippets, pages = one_page(merged)
    pages["data.md"] = "The data page.\n"
    project = make_project(tmp_path, snippets, pages)
    result = mkdocs_build(project / "mkdocs.yml", project / "site")
    assert result.returncode == 0, result.stderr
    page = (project / "site" / "data" / "index.html").read_text()
    assert 'id="old-card"' in page and "../setup/#good" in page


def search_docs(project: Path) -> dict[str, dict]:
    index = json.loads((project / "site" / "search" / "search_index.json").read_text())
    return {doc["location"]: doc for doc in index["docs"]}


def test_search_indexes_a_page_of_cards_as_its_plugin_would(tmp_path):
    """Material's search plugin is handed only the intro of a stage page:
    its first section runs to the next heading with an id (a raw heading
    without one does not end it). Another page keeps its sections, and a
    card may name Material's search attributes in its prose."""
    names_it = GOOD.replace(
        "Pitfall: none.", "Pitfall: none, `data-search-exclude` aside."
    )
    snippets, pages = one_page(names_it)
    pages["setup.md"] = (
        "# Setup\n\n<h2>Raw heading</h2>\n\nIntro paragraph.\n\n## Cards\n\n"
        + pages["setup.md"]
    )
    # A page in a folder, named like a stage: not a page of cards.
    pages["guide/setup.md"] = "# Notes\n\nFirst.\n\n## Later part\n\nSecond.\n"
    project = make_project(tmp_path, snippets, pages)
    result = mkdocs_build(project / "mkdocs.yml", project / "site")
    assert result.returncode == 0, result.stderr
    docs = search_docs(project)
    assert "Intro paragraph." in docs["setup/"]["text"], docs["setup/"]
    assert "guide/setup/#later-part" in docs, sorted(docs)
    assert "setup/?e=good" in docs, sorted(docs)
    page = (project / "site" / "setup" / "index.html").read_text()
    assert "Raw heading" in page and 'id="good"' in page, "the page was cut"


def test_a_search_attribute_on_a_page_of_cards_stops_the_build(tmp_path):
    snippets, pages = one_page()
    pages["setup.md"] = (
        '<p data-search-exclude="yes">Hidden.</p>\n\n' + (pages["setup.md"])
    )
    project = make_project(tmp_path, snippets, pages)
    build_fails(project, "setup.md", "data-search- attribute")


# What the engine checks of the prose against the run (engine/claims.py).

QUOTES_A_MESSAGE = GOOD.replace(
    "What is going on: nothing.",
    "What is going on: it raises `ValueError: the shapes do not match`.",
)


def test_a_quoted_message_the_run_did_not_print_stops_the_build(tmp_path):
    project = make_project(tmp_path, *one_page(QUOTES_A_MESSAGE))
    build_fails(
        project, "snippets/setup/good.py", "quotes 'ValueError: the shapes do not"
    )


def check(folder: Path, snippet: str, output="hello\n", build="cpu", **run):
    """claims.problems of a snippet, with a recorded run."""
    (folder / "snippets" / "setup").mkdir(parents=True, exist_ok=True)
    shutil.copy(ROOT / "snippets" / "topics.md", folder / "snippets")
    case = folder / "snippets" / "setup" / "case.py"
    case.write_text(snippet)
    record = {"status": "passed", "output": output, "build": build, **run}
    return claims.problems(entries.load(case), record)


@pytest.mark.parametrize(
    ("prose", "output", "asserted", "fails"),
    [
        # printed by the run: fine, with or without the code marks
        (
            "`ValueError: the shapes do not match`",
            "ValueError: the shapes do not `match`\n",
            "",
            False,
        ),
        # checked by an assert, not printed: fine
        ("`ValueError: the shapes do not match`", "", "the shapes do not match", False),
        # in neither: the check fails
        ("`ValueError: the shapes do not match`", "ValueError: other\n", "", True),
        # in double quotes: the same rule
        ('"the shapes do not match"', "", "", True),
        # shortened with an ellipsis: each part must match
        ("`the shapes … match`", "the shapes do not match", "", False),
        ("`the shapes … agree`", "the shapes do not match", "", True),
        # code is not a message
        ('`tf.config.list_physical_devices("GPU")`', "", "", False),
        ("`if x > 0:`", "", "", False),
        # an assert's own failure message proves nothing
        ("`the shapes do not match`", "", "", True),
    ],
)
def test_quoted_messages_come_from_the_run(tmp_path, prose, output, asserted, fails):
    snippet = GOOD.replace("What is going on: nothing.", f"What is going on: {prose}.")
    if asserted:
        snippet += (
            f"try:\n    raise ValueError({asserted!r})\n"
            f"except ValueError as err:\n"
            f'    assert {asserted!r} in str(err), "seen"\n'
        )
    else:
        snippet += 'assert True, "the shapes do not match"\n'
    found = check(tmp_path, snippet, output)
    assert bool(found) == fails, found


def test_checked_part_agrees_with_the_records_build(tmp_path):
    says_cuda = GOOD.replace(
        "severity: tip",
        "Checked: the recorded run is a CUDA build with no GPU.\n\nseverity: tip",
    )
    assert check(tmp_path, says_cuda, build="cuda") == []
    found = check(tmp_path, says_cuda, build="cpu")
    assert found and "the record says CPU" in found[0], found
    says_cpu = says_cuda.replace("a CUDA build", "a CPU-only build")
    assert check(tmp_path, says_cpu, build="cpu") == []
    assert check(tmp_path, says_cpu, build="cuda")
    # a sentence that is not about this run is not a statement of its build
    general = says_cuda.replace("the recorded run is", "users need")
    assert check(tmp_path, general, build="cpu") == []


def test_gpu_only_card_says_it_was_not_run_and_cites_its_source(tmp_path):
    gpu = GOOD.replace("severity: tip", "requires: gpu\nseverity: tip")
    found = check(tmp_path, gpu, status="skipped")
    assert any("not run" in f for f in found) and any("cite" in f for f in found)
    cited = gpu.replace(
        "requires: gpu",
        "Checked: its code was not run here; it rests on "
        "`keras/src/layers/rnn/lstm.py` (`LSTM.__init__`).\n\nrequires: gpu",
    )
    assert check(tmp_path, cited, status="skipped") == []


# Format faults: each names the file and what is wrong.

FORMAT_FAULTS = {
    "bad severity": (
        GOOD.replace("severity: tip", "severity: fatal"),
        "'severity:' must be one of",
    ),
    "unknown topic": (
        GOOD.replace("topics: S1", "topics: S1, Z9"),
        "'topics:' must list IDs from snippets/topics.md",
    ),
    "no topics": (GOOD.replace("topics: S1\n", ""), "'topics:'"),
    "long shown line": (
        GOOD.replace('print("hello")', 'print("' + "x" * 70 + '")'),
        "shown line 1 is 79 characters",
    ),
    "wrong without right": (
        GOOD.replace("[start:show]", "[start:wrong]").replace(
            "[end:show]", "[end:wrong]"
        ),
        "a 'wrong' section needs a 'right' section",
    ),
    "long title": (
        GOOD.replace("A good entry", "A" * 81),
        "the title is 81 characters",
    ),
    "long pitfall": (
        GOOD.replace("Pitfall: none.", "Pitfall: " + "word " * 41),
        "the pitfall is 41 words",
    ),
    "long prose": (
        GOOD.replace(
            "What is going on: nothing.", "What is going on: " + "word " * 150
        ),
        "the prose before the code is 152 words",
    ),
    "missing part": (
        GOOD.replace("Pitfall: none.\n\n", ""),
        "lacks the part(s) Pitfall:",
    ),
    "empty alias list": (
        GOOD.replace("topics: S1", "topics: S1\naliases:"),
        "'aliases:' lists no alias",
    ),
    "duplicate alias": (
        GOOD.replace(
            "topics: S1", "topics: S1\naliases:\n  - Same words\n  - same words"
        ),
        "an alias is listed twice",
    ),
    "alias outside aliases": (
        GOOD.replace("topics: S1", "topics: S1\n  - a stray alias"),
        "'  - a stray alias' is not under 'aliases:'",
    ),
    "bad formerly": (
        GOOD.replace("topics: S1", "topics: S1\nformerly: Old Card"),
        "'formerly:' lists the 'stage/anchor'",
    ),
    "volatile without reason": (
        GOOD.replace("topics: S1", "topics: S1\nvolatile:"),
        "'volatile:' needs a value",
    ),
    "unclosed section": (
        GOOD.replace("# --8<-- [end:show]\n", ""),
        "section 'show' opened on line 13 is never closed",
    ),
}


@pytest.mark.parametrize("fault", FORMAT_FAULTS)
def test_format_fault_names_the_file(fault, tmp_path):
    text, expected = FORMAT_FAULTS[fault]
    (tmp_path / "snippets" / "setup").mkdir(parents=True)
    shutil.copy(ROOT / "snippets" / "topics.md", tmp_path / "snippets")
    path = tmp_path / "snippets" / "setup" / "bad.py"
    path.write_text(text)
    with pytest.raises(entries.EntryError) as raised:
        entries.load(path)
    assert "bad.py" in str(raised.value)
    assert expected in str(raised.value)


def test_aliases_are_parsed_and_not_counted_as_prose(tmp_path):
    text = GOOD.replace(
        "topics: S1",
        "topics: S1\naliases:\n  - Unknown layer: 'Foo'\n  - how do I load it",
    )
    (tmp_path / "snippets" / "setup").mkdir(parents=True)
    shutil.copy(ROOT / "snippets" / "topics.md", tmp_path / "snippets")
    path = tmp_path / "snippets" / "setup" / "ok.py"
    path.write_text(text)
    item = entries.load(path)
    assert item.aliases == ("Unknown layer: 'Foo'", "how do I load it")


# The record: keys, and what a rerun may and may not change.


def test_cache_key_follows_snippet_and_lock_not_patch_release(tmp_path, monkeypatch):
    snippet, lock = tmp_path / "a.py", tmp_path / "lock.txt"
    snippet.write_text("print(1)\n")
    lock.write_text("tensorflow-cpu==2.21.0\n")
    key = records.cache_key(snippet, lock)
    lock.write_text("tensorflow-cpu==2.20.0\n")
    assert records.cache_key(snippet, lock) != key
    lock.write_text("tensorflow-cpu==2.21.0\n")
    snippet.write_text("print(2)\n")
    assert records.cache_key(snippet, lock) != key
    snippet.write_text("print(1)\n")
    assert records.cache_key(snippet, lock) == key
    assert records.pinned_tensorflow(lock) == "2.21.0"
    # Python: major.minor counts, the patch release does not.
    for micro, same in ((0, True), (99, True)):
        version = SimpleNamespace(major=3, minor=11, micro=micro)
        monkeypatch.setattr(records.sys, "version_info", version)
        assert (records.cache_key(snippet, lock) == key) is same
    monkeypatch.setattr(
        records.sys, "version_info", SimpleNamespace(major=3, minor=11, micro=7)
    )
    eleven = records.cache_key(snippet, lock)
    monkeypatch.setattr(
        records.sys, "version_info", SimpleNamespace(major=3, minor=12, micro=7)
    )
    assert records.cache_key(snippet, lock) != eleven


def test_cache_key_follows_the_snapshot_a_snippet_reads(tmp_path, monkeypatch):
    """A refreshed PyPI snapshot reruns the cards whose code names it, and
    only those."""
    snapshot, lock = tmp_path / "pypi.json", tmp_path / "lock.txt"
    snapshot.write_text('{"fetched": "2026-12-01"}\n')
    lock.write_text("tensorflow-cpu==2.21.0\n")
    monkeypatch.setattr(records, "DATA", (snapshot,))
    reader, other = tmp_path / "reader.py", tmp_path / "other.py"
    reader.write_text('print(open("pypi.json").read())\n')
    other.write_text("print(1)\n")
    keys = {p: records.cache_key(p, lock) for p in (reader, other)}
    assert records.cache_key(reader, records.LockFile(lock)) == keys[reader]
    snapshot.write_text('{"fetched": "2026-12-02"}\n')
    assert records.cache_key(reader, lock) != keys[reader]
    assert records.cache_key(other, lock) == keys[other]


def test_cache_key_follows_the_code_not_the_prose(tmp_path):
    """A prose edit, a comment or a reformat reruns nothing; the code and
    the metadata that change how a snippet runs do."""
    lock = tmp_path / "lock.txt"
    lock.write_text("tensorflow-cpu==2.21.0\n")
    path = tmp_path / "card.py"

    def key_of(text: str) -> str:
        path.write_text(text)
        return records.cache_key(path, lock)

    key = key_of(GOOD)
    assert key_of(GOOD.replace("Pitfall: none.", "Pitfall: none, really.")) == key
    assert key_of(GOOD.replace('print("hello")', 'print("hello")  # says hi')) == key
    assert key_of(GOOD.replace('print("hello")', 'print(\n    "hello"\n)')) == key
    assert key_of(GOOD.replace('print("hello")', 'print("hello!")')) != key
    for setting in ("requires: gpu", "volatile: it prints a time"):
        changed = GOOD.replace("topics: S1", f"topics: S1\n{setting}")
        assert key_of(changed) != key, setting
    reads_doc = GOOD.replace('print("hello")', "print(__doc__)")
    assert key_of(reads_doc) != key_of(
        reads_doc.replace("Pitfall: none.", "Pitfall: other.")
    ), "a snippet that prints its own docstring runs its prose"


def test_record_saves_sorted_and_reloads(tmp_path):
    path = tmp_path / "record.json"
    records.save({"b/x.py": {"z": 1, "a": 2}, "a/y.py": {}}, path)
    text = path.read_text()
    assert text.index('"a/y.py"') < text.index('"b/x.py"')
    assert records.load(path) == {"b/x.py": {"z": 1, "a": 2}, "a/y.py": {}}
    assert records.load(tmp_path / "none.json") == {}


# Faults in a run, through the real fork server and verify().

FAILING = GOOD.replace(
    'print("hello")', 'print("hello")\nassert 1 + 1 == 3, "math broke"'
)
NETWORK = GOOD.replace(
    'print("hello")',
    """print("hello")
import urllib.request
try:
    urllib.request.urlopen("http://example.com", timeout=5)
except OSError as err:
    print("caught", type(err).__name__)""",
)
SLOW = GOOD.replace('print("hello")', "import time\ntime.sleep(60)")
# A datagram needs no connection: sendto() is blocked as connect() is.
DATAGRAM = GOOD.replace(
    'print("hello")',
    """print("hello")
import socket
udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
udp.sendto(b"ping", ("127.0.0.1", 9))  # loopback is allowed
try:
    udp.sendto(b"ping", ("192.0.2.1", 9))  # TEST-NET-1: not a real host
except OSError as err:
    print("caught", type(err).__name__)""",
)


@pytest.fixture(scope="module")
def server():
    """One fork server for every run test. One job, so the queue path
    (start the next when one ends) is exercised."""
    with ForkServer(jobs=1) as running:
        yield running


@pytest.fixture(scope="module")
def runs(tmp_path_factory, server):
    folder = tmp_path_factory.mktemp("runs")
    cases = {"failing": FAILING, "network": NETWORK, "slow": SLOW, "udp": DATAGRAM}
    requests = []
    for name, text in cases.items():
        path = folder / f"{name}.py"
        path.write_text(text)
        requests.append(
            {"id": name, "path": str(path), "timeout": 3 if name == "slow" else 120}
        )
    return {r["id"]: r for r in server.run(requests)}


def test_failing_snippet(runs):
    result = runs["failing"]
    assert result["status"] == "failed"
    assert "failing.py" in result["stderr"] and "math broke" in result["stderr"]


def test_snippet_that_tries_the_network(runs):
    result = runs["network"]
    assert result["status"] == "failed", result
    assert "caught URLError" in result["stdout"]  # caught, still failed
    assert "tried the network" in result["stderr"]
    assert "example.com" in result["stderr"]


def test_snippet_that_sends_a_datagram(runs):
    result = runs["udp"]
    assert result["status"] == "failed", result
    assert "caught NetworkBlocked" in result["stdout"]
    assert "send to 192.0.2.1:9" in result["stderr"]


def test_snippet_past_its_time_limit(runs):
    assert runs["slow"]["status"] == "timeout"


def test_a_rerun_must_repeat_its_output(tmp_path, server):
    """verify(): a forced rerun that reproduces the record keeps the run
    as it was (no date or duration churn); one whose output changes under
    the same key fails, unless the snippet is volatile."""
    stage = tmp_path / "snippets" / "setup"
    stage.mkdir(parents=True)
    shutil.copy(ROOT / "snippets" / "topics.md", tmp_path / "snippets")
    counter = tmp_path / "runs.txt"
    counter.write_text("0")
    counting = GOOD + (
        "from pathlib import Path\n"
        f"counter = Path({str(counter)!r})\n"
        "runs = int(counter.read_text()) + 1\n"
        "counter.write_text(str(runs))\n"
        'print("run number", runs)\n'
    )
    (stage / "repeating.py").write_text(GOOD)
    (stage / "drifting.py").write_text(counting)
    (stage / "volatile.py").write_text(
        counting.replace("topics: S1", "topics: S1\nvolatile: it counts its runs")
    )
    record_path = tmp_path / "record.json"
    selected = [
        entries.load(stage / f"{name}.py")
        for name in ("repeating", "drifting", "volatile")
    ]
    first = verifier.verify(
        selected, record_path=record_path, figures_root=None, server=server
    )
    assert all(run["status"] == "passed" for run in first.values()), first
    saved = records.load(record_path)
    for run in saved.values():
        run["date"] = "2000-01-01"  # as if recorded long ago
    records.save(saved, record_path)
    again = verifier.verify(
        selected, force=True, record_path=record_path, figures_root=None, server=server
    )
    assert again["setup/repeating.py"]["date"] == "2000-01-01", (
        "a rerun that reproduces the record must leave it as it was"
    )
    assert again["setup/drifting.py"]["status"] == "failed"
    assert "output differs" in again["setup/drifting.py"]["reason"]
    third = verifier.verify(
        selected[1:2],
        force=True,
        record_path=record_path,
        figures_root=None,
        server=server,
    )
    assert third["setup/drifting.py"]["status"] == "failed", (
        "running a drifting snippet again must not make it pass"
    )
    assert again["setup/volatile.py"]["status"] == "passed"
    assert again["setup/volatile.py"]["date"] != "2000-01-01"
