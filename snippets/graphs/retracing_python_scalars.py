"""Pass tensors, not Python numbers, to a tf.function called in a loop

When you hit it: a `tf.function` that takes a step number, learning rate
or flag as a Python `int`/`float` gets slow, and the log shows
`WARNING:tensorflow:5 out of the last 5 calls to <function ...>
triggered tf.function retracing`.

What is going on: `tf.function` keys its traced graphs on the Python
value of every non-tensor argument, so each new number traces a new
graph. A `tf.Tensor` argument is keyed on dtype and shape only, so one
graph serves every value. Count traces with a Python side effect: it
runs only while tracing.

Pitfall: the warning comes through the `tensorflow` logger, on stderr,
only after five retraces; every new value before that already paid for
a trace. Pass changing numbers as tensors (`tf.constant(lr)`).

severity: perf
topics: G4
"""

import logging
import re
import sys

import tensorflow as tf

warnings = []


class KeepWarnings(logging.Handler):
    def emit(self, record):
        warnings.append(record.getMessage())


logging.getLogger("tensorflow").addHandler(KeepWarnings())

# --8<-- [start:show]
traces = []


@tf.function
def scale(batch, factor):
    traces.append(factor)        # Python code: runs only when tracing
    return batch * factor


batch = tf.ones([4])
for factor in range(8):
    scale(batch, factor)                      # 8 traces, 8 graphs
python_traces = len(traces)

traces.clear()
for factor in range(8):
    scale(batch, tf.constant(float(factor)))  # 1 trace
tensor_traces = len(traces)
# --8<-- [end:show]

retrace_warnings = [w for w in warnings if "retracing" in w]
first_line = re.sub(r" at 0x[0-9a-f]+", "", retrace_warnings[0])
print("traces with Python ints:", python_traces)
print("traces with tensors:    ", tensor_traces)
print("WARNING:tensorflow:" + first_line.split(". ")[0] + ".")

assert python_traces == 8, "expected one trace per new Python value"
assert tensor_traces == 1, "expected one trace for all scalar tensors"
assert retrace_warnings, "expected the retracing warning to be logged"
assert "triggered tf.function retracing" in first_line, (
    "expected the real retracing warning text"
)
assert "5 out of the last 5 calls" in first_line, (
    "expected the first warning after the fifth trace"
)
assert any(
    getattr(handler, "stream", None) is sys.stderr
    for handler in tf.get_logger().handlers
), "expected the tensorflow logger to write to stderr"
