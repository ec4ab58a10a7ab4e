"""Log where ops run: placements on stdout, eager executions on stderr

When you hit it: you want to know whether ops land on the GPU or the
CPU, and turn on `tf.debugging.set_log_device_placement(True)`.

What is going on: TensorFlow's C++ side then writes to the process's
file descriptors. On fd 1 (stdout) it prints the placement of each
node the first time an op runs, its argument and return nodes too,
e.g. `Mul: (Mul): /job:localhost/replica:0/task:0/device:CPU:0`;
repeating the call adds nothing there, a new input dtype does. On fd 2
(stderr), at the default log level, it logs the same placements plus
`Executing op Mul in device …` for every eager execution. A
`tf.function` call logs one `Executing op __inference_…` line, not one
per op inside. For one result, `tensor.device` is quicker.

Pitfall: neither log goes through Python's `sys.stdout` or `sys.stderr`,
so `contextlib.redirect_stdout` and `redirect_stderr` capture nothing.
Look in the terminal or in the files the process itself writes to.

Checked: the run sends fd 1 and fd 2 to separate files, with
`TF_CPP_MIN_LOG_LEVEL` unset, and prints only the `Mul` and `Sum`
lines of fd 1. The int32 op and the `tf.function` run in a second
capture, after the shown code.

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


def log_messages():
    """Each stderr log line without its prefix (time stamp, thread id,
    source file): up to "file.cc:123] "."""
    return [
        re.sub(r"^[^\]]*\.cc:\d+\] ", "", ln) for ln in read_lines(2)
    ]


stdout_lines = read_lines(1)
placed = [
    ln
    for ln in stdout_lines
    if ln.startswith(("Mul: (Mul)", "Sum: (Sum)"))
]
stderr_messages = log_messages()
executed = [
    m for m in stderr_messages if m.startswith("Executing op Mul ")
]
assert executed, "expected 'Executing op Mul' log lines on fd 2"
print(f"fd 1, stdout: {len(stdout_lines)} lines, Mul and Sum:")
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


@tf.function
def scaled_sum(values):
    return tf.reduce_sum(values * 3.0)


with capture_file_descriptors():
    tf.debugging.set_log_device_placement(True)
    prices * 2.0  # the same call again: nothing new on fd 1
    tf.constant([1, 2, 3]) * 2  # int32: a new Mul placement
    for _ in range(2):
        scaled_sum(prices)
    tf.debugging.set_log_device_placement(False)
new_muls = [ln for ln in read_lines(1) if ln.startswith("Mul: (Mul)")]
second_messages = log_messages()
function_calls = [
    m
    for m in second_messages
    if m.startswith("Executing op __inference_")
]
executed_inside = [
    m
    for m in second_messages
    if m.startswith(("Executing op Sum ", "Executing op Mul "))
]
print(
    f"int32 Mul: {len(new_muls)} new Mul line on fd 1 | tf.function,",
    f"2 calls: {len(function_calls)} x Executing op __inference_scaled_sum…",
)

assert any("(_Arg)" in ln for ln in stdout_lines) and any(
    "(_Retval)" in ln for ln in stdout_lines
), "expected argument and return nodes on fd 1 too"
assert len(new_muls) == 1, "expected one new Mul line, for int32"
assert len(function_calls) == 2 and all(
    m.startswith("Executing op __inference_scaled_sum_")
    for m in function_calls
), "expected one stderr line per tf.function call"
assert len(executed_inside) == 2, (
    "expected only the 2 eager Mul calls, none of the function's ops"
)
