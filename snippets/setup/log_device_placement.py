"""Log where each op runs: placements on stdout, every execution on stderr

When you hit it: you want to know whether ops land on the GPU or the
CPU, and turn on `tf.debugging.set_log_device_placement(True)`.

What is going on: TensorFlow's C++ side then writes to the process's
file descriptors. On fd 1 (stdout) it prints one line per op when the op
is first placed, `Mul: (Mul): /job:localhost/replica:0/task:0/device:CPU:0`;
repeated calls add nothing there. On fd 2 (stderr), at the default log
level, it logs the same placements plus `Executing op Mul in device ...`
for every execution, so a terminal shows a line per call. For one
result, `tensor.device` is quicker.

Pitfall: neither log goes through Python's `sys.stdout` or `sys.stderr`,
so `contextlib.redirect_stdout` and `redirect_stderr` capture nothing.
Look in the terminal or in the files the process itself writes to.

Checked: the run sends fd 1 and fd 2 to separate files, with
`TF_CPP_MIN_LOG_LEVEL` unset.

severity: tip
topics: S7
aliases:
  - tf.compat.v1.ConfigProto(log_device_placement=True)
  - know whether ops are using the GPU or the CPU
  - is my model really running on the GPU
  - device placement log not shown in Jupyter or Colab
  - save the device placement log to a file
  - too many 'Executing op' lines in the log
"""

import contextlib
import ctypes
import io
import os
import re
import sys
import tempfile

import tensorflow as tf

workdir = tempfile.mkdtemp()
fd_paths = {
    1: os.path.join(workdir, "fd1.log"),
    2: os.path.join(workdir, "fd2.log"),
}


@contextlib.contextmanager
def capture_file_descriptors():
    """Send fd 1 and fd 2 to their own files; yield Python's captures."""
    sys.stdout.flush()
    sys.stderr.flush()
    saved = {fd: os.dup(fd) for fd in fd_paths}
    python_out, python_err = io.StringIO(), io.StringIO()
    files = {fd: open(path, "w") for fd, path in fd_paths.items()}  # noqa: SIM115
    for fd, handle in files.items():
        os.dup2(handle.fileno(), fd)
    try:
        with (
            contextlib.redirect_stdout(python_out),
            contextlib.redirect_stderr(python_err),
        ):
            yield python_out, python_err
    finally:
        ctypes.CDLL(None).fflush(None)  # flush C-level buffers
        for fd, handle in files.items():
            os.dup2(saved[fd], fd)
            handle.close()


assert os.environ.get("TF_CPP_MIN_LOG_LEVEL", "0") == "0", (
    "this run shows the default log level"
)
with capture_file_descriptors() as (python_out, python_err):
    # --8<-- [start:show]
    tf.debugging.set_log_device_placement(True)
    prices = tf.constant([1.0, 2.0, 3.0])
    for _ in range(3):
        total = tf.reduce_sum(prices * 2.0)
    tf.debugging.set_log_device_placement(False)
    print(total.device)  # the quick check for one tensor
    # --8<-- [end:show]


def read_lines(fd):
    with open(fd_paths[fd]) as log:
        return log.read().splitlines()


placed = [
    ln
    for ln in read_lines(1)
    if ln.startswith(("Mul: (Mul)", "Sum: (Sum)"))
]
# Keep the message of each stderr log line, without its prefix (time
# stamp, thread id, source file): up to "file.cc:123] ".
stderr_messages = [
    re.sub(r"^[^\]]*\.cc:\d+\] ", "", ln) for ln in read_lines(2)
]
executed = [
    m for m in stderr_messages if m.startswith("Executing op Mul ")
]
assert executed, "expected 'Executing op Mul' log lines on fd 2"
print("fd 1, stdout:")
print("\n".join(placed))
print(f"fd 2, stderr: {len(executed)} x {executed[0]}")
print("seen by sys.stdout:", python_out.getvalue().strip())
print("seen by sys.stderr:", repr(python_err.getvalue()))

assert placed == [
    "Mul: (Mul): /job:localhost/replica:0/task:0/device:CPU:0",
    "Sum: (Sum): /job:localhost/replica:0/task:0/device:CPU:0",
], "expected one stdout line per op, at its first placement only"
mul_on_cpu = (
    "Mul in device /job:localhost/replica:0/task:0/device:CPU:0"
)
assert executed == ["Executing op " + mul_on_cpu] * 3, (
    "expected one stderr line per execution: 3 calls, 3 lines"
)
sums = [m for m in stderr_messages if m.startswith("Executing op Sum ")]
assert len(sums) == 3, (
    "expected every op, not only Mul, logged per call"
)
assert "Mul: (Mul): /job:localhost" in "\n".join(stderr_messages), (
    "expected the placement lines on stderr as well"
)
assert python_out.getvalue() == total.device + "\n", (
    "expected sys.stdout to hold only the print, none of the placement log"
)
assert python_err.getvalue() == "", "expected sys.stderr to see nothing"
assert total.device.endswith("device:CPU:0"), (
    "expected .device to name it"
)
