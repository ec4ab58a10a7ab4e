"""Python side effects in a tf.function run only when it traces

When you hit it: a `print` or a `list.append` inside a `tf.function`
fires on the first call and then goes quiet, or your list fills with
symbolic tensors that have no values.

What is going on: `tf.function` runs your Python body only to trace a
graph; later calls run the graph, which holds TensorFlow ops only. So
Python `print`, `append`, counters and file writes run once per trace.
What they see are symbolic tensors (`Tensor("batch:0", ...)`), not
values. Under `tf.config.run_functions_eagerly(True)` they run on every
call again.

Pitfall: to log every step use `tf.print`; to collect values return them
from the function (or write a `tf.Variable`). Outside
`run_functions_eagerly(True)`, a side effect that fires again means a
retrace: check `experimental_get_tracing_count()`.

severity: silent
topics: G6, G7, G10
aliases:
  - print inside tf.function only prints once
  - print shows Tensor("x:0", shape=(), dtype=float32) instead of the value
  - append to a Python list inside tf.function
  - Python counter in a tf.function stops increasing
  - Python code in tf.function runs only on the first call
"""

import contextlib
import io

import tensorflow as tf

# --8<-- [start:show]
seen_batches = []


@tf.function
def train_step(batch):
    print("tracing train_step")  # Python: at trace time only
    seen_batches.append(batch)  # a symbolic tensor, once
    return tf.reduce_mean(batch)


means = [train_step(tf.fill([4], float(step))) for step in range(3)]
# 1 line printed, len(seen_batches) == 1, but 3 means returned
# --8<-- [end:show]

graph_out = io.StringIO()
seen_batches.clear()
train_step = tf.function(train_step.python_function)
with contextlib.redirect_stdout(graph_out):
    for step in range(3):
        train_step(tf.fill([4], float(step)))
graph_seen = list(seen_batches)

eager_out = io.StringIO()
seen_batches.clear()
tf.config.run_functions_eagerly(True)
with contextlib.redirect_stdout(eager_out):
    for step in range(3):
        train_step(tf.fill([4], float(step)))
tf.config.run_functions_eagerly(False)
eager_seen = len(seen_batches)
eager_traces = train_step.experimental_get_tracing_count()

retrace_out = io.StringIO()
with contextlib.redirect_stdout(retrace_out):
    train_step(tf.fill([4], 9.0))  # same shape: no trace, no print
    train_step(tf.fill([5], 9.0))  # new shape: retrace, print again
retrace_prints = retrace_out.getvalue().count("tracing")
retraces = train_step.experimental_get_tracing_count()

step_counter = 0
open("trace.log", "w").close()  # start an empty log


@tf.function
def counted_step(batch):
    global step_counter
    step_counter += 1  # a Python counter
    with open("trace.log", "a") as log_file:  # a file write
        log_file.write("traced\n")
    return batch + 1


for step in range(3):
    counted_step(tf.constant(float(step)))
with open("trace.log") as log_file:
    file_lines = len(log_file.read().splitlines())
graph_counter = step_counter
tf.config.run_functions_eagerly(True)
for step in range(3):
    counted_step(tf.constant(float(step)))
tf.config.run_functions_eagerly(False)
with open("trace.log") as log_file:
    eager_file_lines = len(log_file.read().splitlines()) - file_lines
eager_counter = step_counter - graph_counter

graph_prints = graph_out.getvalue().count("tracing")
eager_prints = eager_out.getvalue().count("tracing")
print("graph: prints", graph_prints, "| appended", len(graph_seen))
print("appended item:", graph_seen[0])
print("eager: prints", eager_prints, "| appended", eager_seen)
print("means:", [float(m) for m in means])
print("traces after the eager calls:", eager_traces)
print("new shape: prints", retrace_prints, "| traces", retraces)
print("3 calls: counter", graph_counter, "| file lines", file_lines)
print(
    "3 eager calls: counter", eager_counter, "| lines", eager_file_lines
)

assert graph_prints == 1, "expected print to run only while tracing"
assert len(graph_seen) == 1, "expected append to run only while tracing"
assert not hasattr(graph_seen[0], "numpy"), "expected a symbolic tensor"
assert eager_prints == 3, "expected print every call when run eagerly"
assert eager_seen == 3, "expected append every call when eager"
assert [float(m) for m in means] == [0.0, 1.0, 2.0], (
    "expected the graph itself to run on every call"
)
assert eager_traces == 1, "expected no retrace under the eager switch"
assert retrace_prints == 1 and retraces == 2, (
    "expected the print to fire again only with a retrace"
)
assert graph_counter == 1, "expected the counter to count traces only"
assert file_lines == 1, "expected the file write at trace time only"
assert eager_counter == 3 and eager_file_lines == 3, (
    "expected counter and file write every call when eager"
)
