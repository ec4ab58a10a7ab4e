"""`triggered tf.function retracing`: pass tensors, not changing Python values

When you hit it: the log shows `WARNING:tensorflow:5 out of the last 5
calls to <function ...> triggered tf.function retracing`, and the loop
is slow.

What is going on: a `tf.function` keeps one graph per input signature.
A Python number is part of the signature by value, so every new value
traces a new graph. A `tf.Tensor` is part of it by dtype and shape
only. Wrap changing numbers in `tf.constant`, and check
`experimental_get_tracing_count()`.

Pitfall: the warning comes only after 5 retraces in a row, through the
`tensorflow` logger, which your log setup may hide. Every call before
and after it still pays for a full trace.

severity: perf
topics: E6
"""

import logging
import re

import tensorflow as tf

logged = []


class Collect(logging.Handler):
    def emit(self, record):
        logged.append(record.getMessage())


logging.getLogger("tensorflow").addHandler(Collect())


@tf.function
def scale(features, factor):
    return features * factor


features = tf.ones([4])
# --8<-- [start:wrong]
for factor in range(8):
    scale(features, factor)  # new Python int: new trace
# --8<-- [end:wrong]
wrong_traces = scale.experimental_get_tracing_count()
warning = re.sub(r"0x[0-9a-f]+", "0x...", logged[0])  # hide address
print("WARNING:tensorflow:" + warning.split(". ")[0] + ".")
print(warning[warning.index("Tracing is"):warning.index(" For (1)")])
print("traces with Python ints:", wrong_traces)
assert "5 out of the last 5 calls to <function scale at 0x...>" in warning, (
    "expected the warning after the fifth retrace"
)
assert "triggered tf.function retracing" in warning, (
    "expected the retracing warning text"
)
assert wrong_traces == 8, "expected one trace per distinct Python int"


@tf.function
def scale(features, factor):  # the same function, defined afresh
    return features * factor


logged.clear()
# --8<-- [start:right]
for factor in range(8):
    scale(features, tf.constant(factor, tf.float32))  # one trace
# --8<-- [end:right]
right_traces = scale.experimental_get_tracing_count()
print("traces with tensors:", right_traces)
assert right_traces == 1, "expected one trace for same-dtype scalars"
assert not logged, "expected no retracing warning"
