"""Run snippets in forked children of one process that imported TensorFlow.

Importing TensorFlow costs seconds; forking a process that has already
imported it (but has not started the runtime: no op has run) costs
milliseconds, and every child starts from the same clean state.

Both ends live here. The server (``python -m engine.forkserver JOBS``)
reads one JSON request per line on stdin and writes one JSON result per
line on stdout, running up to JOBS children at once; ``ForkServer`` is the
client that starts it and talks to it. Only the server imports TensorFlow.

Request:  {"id": "data/cache.py", "path": "/abs/snippet.py", "timeout": 180,
           "requires_gpu": false, "volatile": false, "artifacts": "/abs/dir"}
Result:   {"id": ..., "status": "passed"|"failed"|"skipped"|"timeout",
           "stdout": ..., "stderr": ..., "duration": 1.23, "reason": ...}

The server orders the runs: a volatile request (a snippet whose output
is a timing) runs alone, after the others, however the client ordered
them, so no other snippet skews its numbers. Each child runs in a fresh
temporary directory, which the server removes from the outputs it sends:
a machine's temporary path says nothing to a reader and changes every run.
"""

from __future__ import annotations

import json
import os
import re
import select
import selectors
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import deque
from collections.abc import Iterable, Iterator
from pathlib import Path

from engine import sandbox
from engine.entry import ROOT, Entry

SKIP_EXIT = 77  # a child exits with this when a requires-gpu snippet has no GPU
TIMEOUT = int(os.environ.get("SNIPPET_TIMEOUT", "180"))


# The client side: start a server, send requests, read results.


def default_jobs() -> int:
    return int(os.environ.get("SNIPPET_JOBS", os.cpu_count() or 1))


def child_env() -> dict[str, str]:
    """The environment of a snippet run. TensorFlow's log level is left as
    it is in a plain `python snippet.py` run: its logs go to stderr, which
    the record does not show, and a snippet may assert on them."""
    env = dict(os.environ)
    env["PYTHONHASHSEED"] = "0"
    env["PYTHONPATH"] = str(ROOT)
    env["MPLBACKEND"] = "Agg"
    return env


def request(entry: Entry, artifacts: Path | None = None) -> dict:
    return {
        "id": entry.rel,
        "path": str(entry.path),
        "timeout": TIMEOUT,
        "requires_gpu": entry.requires_gpu,
        "volatile": bool(entry.volatile),
        "artifacts": str(artifacts) if artifacts else "",
    }


class ForkServer:
    """One process imports TensorFlow once; each snippet runs in a fork.
    ``python`` is the interpreter of the environment to verify against."""

    def __init__(self, jobs: int | None = None, python: str = sys.executable):
        self.jobs = jobs or default_jobs()
        self.process = subprocess.Popen(
            [python, "-m", "engine.forkserver", str(self.jobs)],
            cwd=ROOT,
            env=child_env(),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            bufsize=0,
        )
        self.pending = b""
        ready = self.readline(timeout=600)
        if not ready.startswith('{"ready"'):
            raise RuntimeError(f"fork server did not start: {ready!r}")
        info = json.loads(ready)
        self.tensorflow = info["tensorflow"]  # the version that runs
        self.build = info["build"]  # "cpu", "cuda" or "rocm"

    def readline(self, timeout: float) -> str:
        """One line from the server; fail if it stays silent for timeout s."""
        while b"\n" not in self.pending:
            ready, _, _ = select.select([self.process.stdout], [], [], timeout)
            if not ready:
                self.process.kill()
                raise RuntimeError(f"fork server silent for {timeout:.0f} s")
            chunk = os.read(self.process.stdout.fileno(), 1 << 16)
            if not chunk:
                raise RuntimeError(
                    "fork server died (did TensorFlow fail "
                    "to import? run the snippet by hand)"
                )
            self.pending += chunk
        line, _, self.pending = self.pending.partition(b"\n")
        return line.decode()

    def run(self, requests: Iterable[dict]) -> Iterator[dict]:
        """Submit every request at once, in one write so the server reads
        the batch whole and can order it; yield results as they finish."""
        requests = list(requests)
        batch = "".join(json.dumps(item) + "\n" for item in requests)
        self.process.stdin.write(batch.encode())
        self.process.stdin.flush()
        longest = max([TIMEOUT] + [r.get("timeout", 0) for r in requests])
        for _ in requests:
            # Each child is killed at its time limit, so a silence much longer
            # than that means the server itself is stuck: fail, do not hang.
            yield json.loads(self.readline(timeout=longest + 120))

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.stdin.close()
            self.process.wait(timeout=60)

    def __enter__(self) -> ForkServer:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


# The server side: runs in the environment under test, imports TensorFlow.


def preload() -> dict[str, str]:
    """Import what every snippet imports, without starting the runtime;
    return the TensorFlow version and its build (read from the build
    info, which starts nothing)."""
    try:  # LiteRT before TensorFlow: with TF 2.20 the other order aborts
        # ("InterpreterWrapper is already registered"), so a snippet that
        # imports LiteRT first, as it should, must find it imported first.
        import ai_edge_litert.interpreter  # noqa: F401
    except ImportError:
        pass
    import keras  # noqa: F401
    import numpy  # noqa: F401
    import tensorflow

    info = tensorflow.sysconfig.get_build_info()
    build = "cpu"
    if info.get("is_cuda_build"):
        build = "cuda"
    elif info.get("is_rocm_build"):
        build = "rocm"
    return {"tensorflow": tensorflow.__version__, "build": build}


def child(request: dict, workdir: str) -> None:
    """Runs in the forked child; never returns."""
    code = 1
    try:
        os.setsid()
        os.chdir(workdir)
        os.environ["TMPDIR"] = workdir
        tempfile.tempdir = workdir
        if request.get("artifacts"):
            os.environ["SNIPPET_ARTIFACTS"] = request["artifacts"]
        out = os.open("stdout.txt", os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
        err = os.open("stderr.txt", os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
        os.dup2(out, 1)
        os.dup2(err, 2)
        stdin = os.open(os.devnull, os.O_RDONLY)
        os.dup2(stdin, 0)
        sys.stdin = open(0, closefd=False)  # noqa: SIM115
        sandbox.block_network()
        if request.get("requires_gpu"):
            import tensorflow as tf

            if not tf.config.list_physical_devices("GPU"):
                print("no GPU on this machine", file=sys.stderr)
                code = SKIP_EXIT
                return
        sandbox.run_snippet(request["path"])
        code = 0
    except SystemExit as exit_:
        code = exit_.code if isinstance(exit_.code, int) else 1
    except BaseException:  # the snippet's failure, reported to the parent
        import traceback

        traceback.print_exc()
        code = 1
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(code)


def read_text(path: str) -> str:
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            return handle.read()
    except FileNotFoundError:
        return ""


def without_workdir(text: str, workdir: str) -> str:
    """Drop the run directory from what a snippet printed: it is a fresh
    temporary path each run, so it says nothing to a reader and would make
    every output differ. Its resolved form too (what os.getcwd() gives where
    the temporary folder is a link), the longer first, so that replacing
    one never leaves part of the other. A path under it loses the prefix,
    and a folder tempfile made directly in it with its default name (the
    child's temporary directory is the run directory) goes too:
    /tmp/snippet-ab/tmpcd0_ef12/best.h5 -> best.h5; the directory itself
    reads ".". Other random names (a prefix of the snippet's own, a
    temporary file's name) stay: a snippet must not print them."""
    paths = {workdir.rstrip("/"), os.path.realpath(workdir).rstrip("/")}
    for path in sorted(paths, key=len, reverse=True):
        text = re.sub(re.escape(path) + r"/(?:tmp[a-z0-9_]{8}/)?", "", text)
        text = re.sub(re.escape(path) + r"(?![\w.-])", ".", text)
    return text


class Server:
    """Runs the requests read on stdin in forked children; see the module
    docstring for the order it runs them in."""

    def __init__(self, jobs: int):
        self.jobs = jobs
        self.ordinary: deque[dict] = deque()
        self.volatile: deque[dict] = deque()
        self.running: dict[int, tuple[dict, str, float]] = {}
        self.closed = False

    def enqueue(self, request: dict) -> None:
        (self.volatile if request.get("volatile") else self.ordinary).append(request)

    def queued(self) -> bool:
        return bool(self.ordinary or self.volatile)

    def next_request(self) -> dict | None:
        """The request to start now, if any: ordinary ones first, up to
        jobs at once; a volatile one only when no ordinary one is queued and
        nothing runs, and nothing starts beside it, so no other snippet
        skews its timing."""
        if any(r.get("volatile") for r, _, _ in self.running.values()):
            return None
        if self.ordinary:
            return self.ordinary.popleft() if len(self.running) < self.jobs else None
        if self.volatile and not self.running:
            return self.volatile.popleft()
        return None

    def start_next(self) -> None:
        while (request := self.next_request()) is not None:
            self.spawn(request)

    def spawn(self, request: dict) -> None:
        """Fork a child that runs the request in a fresh directory."""
        workdir = tempfile.mkdtemp(prefix="snippet-")
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:
            child(request, workdir)
        self.running[pid] = (request, workdir, time.monotonic())

    def reap(self) -> None:
        now = time.monotonic()
        for pid, (request, _workdir, started) in list(self.running.items()):
            if now - started > request.get("timeout", TIMEOUT):
                try:
                    os.killpg(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                request["timed_out"] = True
        while self.running:
            pid, status = os.waitpid(-1, os.WNOHANG)
            if pid == 0:
                break
            request, workdir, started = self.running.pop(pid)
            self.report(request, workdir, status, time.monotonic() - started)

    def report(self, request, workdir, status, duration) -> None:
        code = os.waitstatus_to_exitcode(status)
        stdout, stderr = (
            without_workdir(read_text(os.path.join(workdir, name)), workdir)
            for name in ("stdout.txt", "stderr.txt")
        )
        if request.get("timed_out"):
            result, reason = "timeout", f"killed after {request['timeout']} s"
        elif code == 0:
            result, reason = "passed", ""
        elif code == SKIP_EXIT:
            result, reason = "skipped", "requires a GPU; none on this machine"
        else:
            result, reason = "failed", f"exit status {code}"
        message = {
            "id": request["id"],
            "status": result,
            "reason": reason,
            "stdout": stdout,
            "stderr": stderr,
            "duration": round(duration, 3),
        }
        shutil.rmtree(workdir, ignore_errors=True)
        sys.stdout.write(json.dumps(message) + "\n")
        sys.stdout.flush()

    def serve(self) -> None:
        selector = selectors.DefaultSelector()
        selector.register(0, selectors.EVENT_READ)
        pending = b""
        while not (self.closed and not self.queued() and not self.running):
            self.reap()
            self.start_next()
            # Block on stdin only when there is nothing to start or watch.
            idle = not self.running and not self.queued() and not self.closed
            timeout = None if idle else 0.02
            for _key, _mask in selector.select(timeout):
                data = os.read(0, 65536)
                if not data:
                    self.closed = True
                    selector.unregister(0)
                pending += data
                *lines, pending = pending.split(b"\n")
                for line in lines:
                    if line.strip():
                        self.enqueue(json.loads(line))


def main() -> None:
    jobs = int(sys.argv[1]) if len(sys.argv) > 1 else os.cpu_count() or 1
    info = preload()
    sys.stdout.write(json.dumps({"ready": True, **info}) + "\n")
    sys.stdout.flush()
    Server(jobs).serve()


if __name__ == "__main__":
    main()
