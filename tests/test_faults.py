"""Each authoring fault fails with a message that names the file.

The build faults run a real `mkdocs build --strict` on a small throwaway
copy of the project (engine, macros, config) with the faulty content; the
run faults go through the real fork server.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from conftest import ROOT, mkdocs_build

from engine import record as records
from engine.runner import ForkServer

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


def make_project(tmp: Path, snippets: dict[str, str], pages: dict[str, str],
                 record_status: str = "passed", stale: tuple = ()) -> Path:
    """A copy of the project with only the given snippets and pages, and a
    record that says each snippet passed (the build's checks are under
    test here, not the runs)."""
    for name in ("engine", "macros", "hooks", "overrides", "docs/stylesheets",
                 "docs/javascripts", "docs/assets"):
        shutil.copytree(ROOT / name, tmp / name,
                        ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "requirements.txt", tmp / "requirements.txt")
    config = (ROOT / "mkdocs.yml").read_text()
    config = re.sub(r"\nnav:\n(  - .*\n)+", "\n", config)
    (tmp / "mkdocs.yml").write_text(config)
    for rel, text in pages.items():
        (tmp / "docs" / rel).write_text(text)
    record = {}
    for rel, text in snippets.items():
        path = tmp / "snippets" / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        record[rel] = {
            "key": "0" * 24 if rel in stale else records.cache_key(path),
            "status": record_status, "reason": "", "output": "hello\n",
            "figures": [], "duration": 0.1, "date": "2026-01-01",
            "tensorflow": "2.21.0", "python": "3.11", "stderr_tail": "",
        }
    records.save(record, tmp / "record.json")
    return tmp


def build_fails(project: Path, *expected: str) -> str:
    result = mkdocs_build(project / "mkdocs.yml", project / "site")
    output = result.stdout + result.stderr
    assert result.returncode != 0, f"build should fail:\n{output}"
    for text in expected:
        assert text in output, f"expected {text!r} in:\n{output}"
    return output


def test_a_good_project_builds(tmp_path):
    project = make_project(tmp_path, {"setup/good.py": GOOD},
                           {"index.md": '{{ entry("setup/good.py") }}\n'})
    result = mkdocs_build(project / "mkdocs.yml", project / "site")
    assert result.returncode == 0, result.stderr
    page = (project / "site" / "index.html").read_text()
    assert 'id="good"' in page and "hello" in page


def test_missing_snippet_file(tmp_path):
    project = make_project(tmp_path, {"setup/good.py": GOOD}, {
        "index.md": '{{ entry("setup/good.py") }}\n'
                    '{{ entry("setup/nowhere.py") }}\n'})
    build_fails(project, "index.md", "snippets/setup/nowhere.py",
                "does not exist")


def test_missing_section(tmp_path):
    no_section = GOOD.replace("# --8<-- [start:show]\n", "").replace(
        "# --8<-- [end:show]\n", "")
    project = make_project(tmp_path, {"setup/good.py": no_section},
                           {"index.md": '{{ entry("setup/good.py") }}\n'})
    build_fails(project, "index.md", "snippets/setup/good.py",
                "no shown section")


def test_broken_section_marker(tmp_path):
    broken = GOOD.replace("# --8<-- [end:show]", "# --8<-- [end:shwo]")
    project = make_project(tmp_path, {"setup/good.py": broken},
                           {"index.md": '{{ entry("setup/good.py") }}\n'})
    build_fails(project, "snippets/setup/good.py", "[end:shwo]")


def test_failed_record(tmp_path):
    project = make_project(tmp_path, {"setup/good.py": GOOD},
                           {"index.md": '{{ entry("setup/good.py") }}\n'},
                           record_status="failed")
    build_fails(project, "index.md", "snippets/setup/good.py",
                "failed its last verification")


def test_stale_record(tmp_path):
    project = make_project(tmp_path, {"setup/good.py": GOOD},
                           {"index.md": '{{ entry("setup/good.py") }}\n'},
                           stale=("setup/good.py",))
    build_fails(project, "index.md", "snippets/setup/good.py", "stale")


def test_missing_record(tmp_path):
    project = make_project(tmp_path, {"setup/good.py": GOOD},
                           {"index.md": '{{ entry("setup/good.py") }}\n'})
    records.save({}, project / "record.json")
    build_fails(project, "snippets/setup/good.py", "has no record")


def test_orphan_snippet(tmp_path):
    project = make_project(
        tmp_path, {"setup/good.py": GOOD, "setup/lonely.py": GOOD},
        {"index.md": '{{ entry("setup/good.py") }}\n'})
    build_fails(project, "snippets/setup/lonely.py", "shown on no page")


def test_duplicate_anchor(tmp_path):
    project = make_project(
        tmp_path, {"setup/good.py": GOOD, "data/good.py": GOOD},
        {"index.md": '{{ entry("setup/good.py") }}\n\n'
                     '{{ entry("data/good.py") }}\n'})
    build_fails(project, "duplicate anchor #good", "snippets/setup/good.py",
                "snippets/data/good.py")


# Faults in a run, through the real fork server.

FAILING = GOOD.replace('print("hello")',
                       'print("hello")\nassert 1 + 1 == 3, "math broke"')
NETWORK = GOOD.replace('print("hello")', '''print("hello")
import urllib.request
try:
    urllib.request.urlopen("http://example.com", timeout=5)
except OSError as err:
    print("caught", type(err).__name__)''')
SLOW = GOOD.replace('print("hello")', 'import time\ntime.sleep(60)')


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("runs")
    cases = {"failing": FAILING, "network": NETWORK, "slow": SLOW}
    requests = []
    for name, text in cases.items():
        path = folder / f"{name}.py"
        path.write_text(text)
        requests.append({"id": name, "path": str(path),
                         "timeout": 3 if name == "slow" else 120})
    # One job, so the queue path (start the next when one ends) is exercised.
    server = ForkServer(jobs=1)
    try:
        return {r["id"]: r for r in server.run(requests)}
    finally:
        server.close()


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


def test_snippet_past_its_time_limit(runs):
    assert runs["slow"]["status"] == "timeout"
