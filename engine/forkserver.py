"""Run snippets in forked children of one process that imported TensorFlow.

Importing TensorFlow costs seconds; forking a process that has already
imported it (but has not started the runtime: no op has run) costs
milliseconds, and every child starts from the same clean state. The parent
reads one JSON request per line on stdin and writes one JSON result per
line on stdout, running up to ``--jobs`` children at once.

Request:  {"id": "data/cache.py", "path": "/abs/snippet.py", "timeout": 120,
           "artifacts": "/abs/dir"}
Result:   {"id": ..., "status": "passed"|"failed"|"skipped"|"timeout",
           "stdout": ..., "stderr": ..., "duration": 1.23, "reason": ...}
"""

from __future__ import annotations

import json
import os
import selectors
import shutil
import signal
import sys
import tempfile
import time

from engine import sandbox

SKIP_EXIT = 77  # a child exits with this when a requires-gpu snippet has no GPU


def preload() -> None:
    """Import what every snippet imports, without starting the runtime."""
    import keras  # noqa: F401
    import numpy  # noqa: F401
    import tensorflow  # noqa: F401


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


class Server:
    def __init__(self, jobs: int):
        self.jobs = jobs
        self.queue: list[dict] = []
        self.running: dict[int, tuple[dict, str, float]] = {}
        self.closed = False

    def start_next(self) -> None:
        while self.queue and len(self.running) < self.jobs:
            # An exclusive request (a snippet that measures time) runs alone,
            # so other snippets do not skew its numbers.
            alone = self.queue[0].get("exclusive") or any(
                r.get("exclusive") for r, _, _ in self.running.values())
            if alone and self.running:
                break
            request = self.queue.pop(0)
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
            if now - started > request.get("timeout", 120):
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
        stderr = read_text(os.path.join(workdir, "stderr.txt"))
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
            "stdout": read_text(os.path.join(workdir, "stdout.txt")),
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
        while not (self.closed and not self.queue and not self.running):
            self.reap()
            self.start_next()
            # Block on stdin only when there is nothing to start or watch.
            idle = not self.running and not self.queue and not self.closed
            timeout = None if idle else 0.02
            for _key, _mask in selector.select(timeout):
                data = os.read(0, 65536)
                if not data:
                    self.closed = True
                    selector.unregister(0)
                pending += data
                *lines, pending = pending.split(b"\n")
                self.queue.extend(json.loads(ln) for ln in lines if ln.strip())


def main() -> None:
    jobs = int(sys.argv[1]) if len(sys.argv) > 1 else os.cpu_count() or 1
    preload()
    sys.stdout.write(json.dumps({"ready": True}) + "\n")
    sys.stdout.flush()
    Server(jobs).serve()


if __name__ == "__main__":
    main()
