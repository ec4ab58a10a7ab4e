"""tf.print writes to the process's stderr, in eager and graph alike

When you hit it: you add `tf.print` to a `tf.function`, see nothing in
the output your tool captures, and conclude it does not run in graphs.

What is going on: `tf.print` is an op; it runs on every call, eagerly
and inside `tf.function`, and by default its C++ kernel writes straight
to file descriptor 2, the process's stderr. Python-level redirection
(`contextlib.redirect_stderr`, swapping `sys.stderr`) never sees it.
`output_stream="file:///path/to/log"` appends to a file instead. The
belief that graph mode needs `output_stream=sys.stdout` is false.

Pitfall: a tool that captures Python's `sys.stderr` or stdout misses
`tf.print` completely. Look at the process's real stderr, or give
`output_stream` a `file://` path and read the file.

severity: silent
topics: G7, G10
aliases:
  - where does tf.print output go in a Jupyter notebook
  - pytest capsys does not capture tf.print
  - how to write tf.print output to a log file
  - tf.Print in TensorFlow 1.x
  - tf.print prints nothing
  - tf.print output_stream=sys.stdout
"""

import contextlib
import io
import os
import sys
import tempfile

import tensorflow as tf

log_dir = tempfile.mkdtemp()

# --8<-- [start:show]
log_url = "file://" + os.path.join(log_dir, "train.log")


@tf.function
def train_step(loss):
    tf.print("loss:", loss)  # fd 2, every call
    tf.print("loss:", loss, output_stream=log_url)  # appends to file
    return loss


# --8<-- [end:show]


def capture_fd2(run):
    """Point file descriptor 2 at a file while run() executes."""
    path = os.path.join(log_dir, "fd2.txt")
    sys.stderr.flush()
    saved = os.dup(2)
    with open(path, "w") as target:
        os.dup2(target.fileno(), 2)
        try:
            run()
        finally:
            os.dup2(saved, 2)
            os.close(saved)
    with open(path) as captured:
        return [line for line in captured if line.startswith("loss")]


train_step(tf.constant(0.0))  # trace outside capture
python_stderr = io.StringIO()
with contextlib.redirect_stderr(python_stderr):
    graph_lines = capture_fd2(
        lambda: [train_step(tf.constant(v)) for v in (0.5, 0.25)]
    )
eager_lines = capture_fd2(lambda: tf.print("loss:", tf.constant(0.125)))
with open(os.path.join(log_dir, "train.log")) as log_file:
    file_lines = log_file.read().splitlines()

print("fd 2, graph calls:", [line.strip() for line in graph_lines])
print("fd 2, eager call: ", [line.strip() for line in eager_lines])
print("sys.stderr saw:   ", repr(python_stderr.getvalue()))
print("log file:         ", file_lines)

graph_values = [line.strip() for line in graph_lines]
assert graph_values == ["loss: 0.5", "loss: 0.25"], (
    "expected tf.print in a graph to reach fd 2 on every call"
)
assert [line.strip() for line in eager_lines] == ["loss: 0.125"], (
    "expected eager tf.print to reach fd 2 too"
)
assert python_stderr.getvalue() == "", (
    "expected Python-level stderr redirection to miss tf.print"
)
assert file_lines == ["loss: 0", "loss: 0.5", "loss: 0.25"], (
    "expected output_stream='file://...' to append every call"
)
