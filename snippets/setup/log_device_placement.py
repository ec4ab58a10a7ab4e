"""Log where each op runs, and look for it on the process's stdout

When you hit it: you want to know whether ops land on the GPU or the
CPU, and turn on `tf.debugging.set_log_device_placement(True)`.

What is going on: when TensorFlow places an op it prints one line,
`name: (OpType): /job:localhost/replica:0/task:0/device:CPU:0`. An op
is logged when first placed; repeated calls reuse the placement and
print nothing new. For a single result, `tensor.device` is quicker.

Pitfall: the log is written from C++ to file descriptor 1, not through
Python's `sys.stdout`, so `contextlib.redirect_stdout` misses it. Look
in the terminal or log file that holds the process's own output.

severity: tip
topics: S7
"""

import contextlib
import ctypes
import io
import os
import sys
import tempfile

import tensorflow as tf

log_path = os.path.join(tempfile.mkdtemp(), "placement.log")


@contextlib.contextmanager
def capture_process_output():
    """Send file descriptors 1 and 2 to log_path; yield a sys.stdout copy."""
    sys.stdout.flush()
    saved = os.dup(1), os.dup(2)
    python_stdout = io.StringIO()
    with open(log_path, "w") as log:
        os.dup2(log.fileno(), 1)
        os.dup2(log.fileno(), 2)
        try:
            with contextlib.redirect_stdout(python_stdout):
                yield python_stdout
        finally:
            ctypes.CDLL(None).fflush(None)  # flush C-level buffers
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)


with capture_process_output() as python_stdout:
    # --8<-- [start:show]
    tf.debugging.set_log_device_placement(True)
    prices = tf.constant([1.0, 2.0, 3.0])
    for _ in range(3):
        total = tf.reduce_sum(prices * 2.0)
    tf.debugging.set_log_device_placement(False)
    print(total.device)  # the quick check for one tensor
    # --8<-- [end:show]

with open(log_path) as log:
    placed = [
        line
        for line in log.read().splitlines()
        if line.startswith(("Mul: (Mul)", "Sum: (Sum)"))
    ]
print("\n".join(placed))
print("seen by sys.stdout:", python_stdout.getvalue().strip())

assert placed == [
    "Mul: (Mul): /job:localhost/replica:0/task:0/device:CPU:0",
    "Sum: (Sum): /job:localhost/replica:0/task:0/device:CPU:0",
], "expected one placement line per op, on the process's stdout"
assert python_stdout.getvalue() == total.device + "\n", (
    "expected sys.stdout to hold only the print, none of the placement log"
)
assert total.device.endswith("device:CPU:0"), "expected .device to name it"
