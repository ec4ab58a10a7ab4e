"""The fork server's own rules: the order it runs requests in, and the run
directory kept out of what it reports.

The order is checked on `Server` with a fake `spawn` (nothing forks); the
paths through a real server loop that forks but, started without
`preload`, never imports TensorFlow, so it takes well under a second.
"""

from __future__ import annotations

import itertools
import json
import subprocess
import sys

from conftest import ROOT

from engine.forkserver import Server, child_env, without_workdir


def scheduled(jobs: int, requests: list[dict]) -> list[set[str]]:
    """Feed the requests to a Server whose children never fork; finish the
    oldest running one at each step. Returns what ran together, each time
    something started."""
    server = Server(jobs)
    pids = itertools.count(1)
    server.spawn = lambda r: server.running.update({next(pids): (r, "", 0.0)})
    for item in requests:
        server.enqueue(item)
    together = []
    while server.queued() or server.running:
        before = set(server.running)
        server.start_next()
        if set(server.running) != before:
            together.append({r["id"] for r, _, _ in server.running.values()})
        server.running.pop(min(server.running))
    return together


def ids(*names: str) -> list[dict]:
    return [{"id": name, "volatile": name.startswith("v")} for name in names]


def test_volatile_runs_alone():
    for step in scheduled(2, ids("a", "v1", "b", "v2", "c")):
        assert len(step) <= 2
        assert not any(i.startswith("v") for i in step) or len(step) == 1, step


def test_volatile_runs_after_the_others_even_if_sent_first():
    steps = scheduled(2, ids("v1", "v2", "a", "b", "c"))
    started = [i for step in steps for i in sorted(step)]
    first = list(dict.fromkeys(started))
    assert first[-2:] == ["v1", "v2"], steps
    assert max(len(step) for step in steps) == 2  # ordinary ones still share


def test_without_workdir_drops_the_run_directory_only():
    text = "/tmp/snippet-abc/out.txt /tmp/snippet-abc /tmp/snippet-abcd/x"
    assert without_workdir(text, "/tmp/snippet-abc") == (
        "out.txt . /tmp/snippet-abcd/x"
    )
    # A folder tempfile made in the run directory, with its default name,
    # is as new each run; a folder the snippet named stays.
    made = "OSError: /scratch/me/snippet-ab12/tmpx9ab_c12/model.keras not found"
    assert without_workdir(made, "/scratch/me/snippet-ab12") == (
        "OSError: model.keras not found"
    )
    named = "/scratch/me/snippet-ab12/tmp_export/saved.pb"
    assert without_workdir(named, "/scratch/me/snippet-ab12") == ("tmp_export/saved.pb")


SNIPPET = """import os
print(os.path.join(os.getcwd(), "model.keras"))
print(os.path.realpath("weights.h5"))
"""


def test_outputs_carry_no_temporary_path(tmp_path):
    path = tmp_path / "cwd.py"
    path.write_text(SNIPPET)
    requests = [
        {"id": "v", "path": str(path), "timeout": 60, "volatile": True},
        {"id": "a", "path": str(path), "timeout": 60},
        {"id": "b", "path": str(path), "timeout": 60},
    ]
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "from engine.forkserver import Server; Server(2).serve()",
        ],
        input="".join(json.dumps(r) + "\n" for r in requests),
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=child_env(),
        timeout=120,
    )
    results = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r["id"] for r in results][-1] == "v", results  # sent first, runs last
    for result in results:
        assert result["status"] == "passed", result
        assert result["stdout"] == "model.keras\nweights.h5\n", result
