"""In a script, tf.print writes to the process's stderr, in eager and graph

When you hit it: you add `tf.print` to a `tf.function`, see nothing in
the output your tool captures, and conclude it does not run in graphs.

What is going on: `tf.print` is an op; it runs on every call, eagerly
and inside `tf.function`. In a plain Python process, its C++ kernel
writes by default straight to file descriptor 2, the process's stderr,
and Python-level redirection (`contextlib.redirect_stderr`,
`redirect_stdout`) does not see it. Under IPython (Jupyter, Colab),
TensorFlow registers a log listener at import
(`tensorflow/python/ops/logging_ops.py`, `enable_interactive_logging`):
`tf.print` then writes to Python's `sys.stdout`, the cell output.
`output_stream="file:///path/to/log"` appends to a file in both cases.
The belief that graph mode needs `output_stream=sys.stdout` is false.

Pitfall: in a plain Python process, a tool that captures Python's
`sys.stderr` or stdout misses `tf.print` completely. Look at the
process's real stderr, or give `output_stream` a `file://` path and read
the file.

Checked: the IPython case runs in a subprocess that defines
`builtins.get_ipython`, as IPython does, before `import tensorflow`; no
real Jupyter kernel runs.

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
import subprocess
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
python_stderr, python_stdout = io.StringIO(), io.StringIO()
with (
    contextlib.redirect_stderr(python_stderr),
    contextlib.redirect_stdout(python_stdout),
):
    graph_lines = capture_fd2(
        lambda: [train_step(tf.constant(v)) for v in (0.5, 0.25)]
    )
    eager_lines = capture_fd2(
        lambda: tf.print("loss:", tf.constant(0.125))
    )
with open(os.path.join(log_dir, "train.log")) as log_file:
    file_lines = log_file.read().splitlines()

print("fd 2, graph calls:", [line.strip() for line in graph_lines])
print("fd 2, eager call: ", [line.strip() for line in eager_lines])
print("sys.stderr saw:   ", repr(python_stderr.getvalue()))
print("sys.stdout saw:   ", repr(python_stdout.getvalue()))
print("log file:         ", file_lines)

NOTEBOOK = """
import builtins, contextlib, io, sys
builtins.get_ipython = lambda: None  # what IPython defines
import tensorflow as tf

@tf.function
def train_step(loss):
    tf.print("loss:", loss)
    tf.print("loss:", loss, output_stream="file://" + sys.argv[1])
    return loss

stdout = io.StringIO()
with contextlib.redirect_stdout(stdout):
    train_step(tf.constant(0.5))
    tf.print("loss:", tf.constant(0.125))
print(repr(stdout.getvalue()))
"""
notebook_log = os.path.join(log_dir, "notebook.log")
child = subprocess.run(
    [sys.executable, "-c", NOTEBOOK, notebook_log],
    capture_output=True,
    text=True,
    check=True,
)
notebook_stdout = child.stdout.splitlines()[-1]
notebook_fd2 = [ln for ln in child.stderr.splitlines() if "loss" in ln]
with open(notebook_log) as log_file:
    notebook_file = log_file.read().splitlines()
print("notebook: redirect_stdout saw", notebook_stdout)
print("notebook: fd 2 lines", notebook_fd2, "| log file", notebook_file)

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
assert python_stdout.getvalue() == "", (
    "expected Python-level stdout redirection to miss tf.print"
)
assert notebook_stdout == repr("loss: 0.5\nloss: 0.125\n"), (
    "expected the notebook listener to write to Python's sys.stdout"
)
assert notebook_fd2 == [], "expected nothing on fd 2 in a notebook"
assert notebook_file == ["loss: 0.5"], (
    "expected the file:// stream to work in a notebook too"
)
assert file_lines == ["loss: 0", "loss: 0.5", "loss: 0.25"], (
    "expected output_stream='file://...' to append every call"
)
