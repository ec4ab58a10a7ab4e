"""`triggered tf.function retracing`: pass tensors, not changing Python values

When you hit it: a `tf.function` that takes a step number or a learning
rate as a Python `int` or `float` gets slow, and the log shows
`WARNING:tensorflow:5 out of the last 5 calls to <function ...>
triggered tf.function retracing`.

What is going on: a `tf.function` keeps one graph per input signature.
A Python number is part of the signature by value, so every new value
traces a new graph; a `tf.Tensor` is part of it by dtype and shape only.
TensorFlow warns on the 5th trace among a function's recent calls (the
4th retrace). The traces need not come in a row: calls with 1, 1, 2, 3,
4, 5 log "5 out of the last 6 calls".

Pitfall: the warning fires at most twice per function, through the
`tensorflow` Python logger, which your log setup may hide. Count traces
with `experimental_get_tracing_count()`; pass changing numbers as
tensors (`tf.constant(lr)`).

Checked: the run captures the warning with a `logging.Handler` on the
`tensorflow` logger, after every call, and counts traces, for eight
Python `int`s and six Python `float`s. The cap of two warnings is
`FREQUENT_TRACING_WARNING_MAX_WARNING_PER_DETECTOR` in
`tensorflow/python/eager/polymorphic_function/polymorphic_function.py`.

severity: perf
topics: E6, G4
formerly: graphs/retracing-python-scalars
aliases:
  - tf.function is slow in a loop
  - tf.function retraces every call with a different number
  - Tracing is expensive and the excessive number of tracings could be due to
  - passing Python float learning rate to tf.function
  - passing Python objects instead of tensors
  - passing a Python int step number to tf.function traces a new graph
  - count how many times a tf.function is traced
"""

import logging
import re

import tensorflow as tf

logged = []


class Collect(logging.Handler):
    def emit(self, record):
        logged.append(record.getMessage())


logging.getLogger("tensorflow").addHandler(Collect())


def first_sentence(message):
    message = re.sub(
        r" at 0x[0-9a-f]+", "", message
    )  # hide the address
    return message.split(". ")[0] + "."


@tf.function
def scale(features, factor):
    return features * factor


features = tf.ones([4])
warnings_after_call = []
# --8<-- [start:wrong]
for factor in range(8):
    scale(features, factor)  # new Python int: new trace
    # --8<-- [end:wrong]
    warnings_after_call.append(len(logged))
wrong_traces = scale.experimental_get_tracing_count()
first_warning = first_sentence(logged[0])
print("WARNING:tensorflow:" + first_warning)
print("warnings logged after each call:", warnings_after_call)
print("traces with Python ints:", wrong_traces)
assert wrong_traces == 8, "expected one trace per distinct Python int"
assert warnings_after_call == [0, 0, 0, 0, 1, 2, 2, 2], (
    "expected the first warning on the 5th trace and no third warning"
)
assert (
    "5 out of the last 5 calls to <function scale>" in first_warning
), "expected the first warning after 5 traces in 5 calls"
assert "6 out of the last 6 calls" in logged[1], (
    "expected the second one"
)
assert "triggered tf.function retracing" in first_warning, (
    "expected the retracing warning text"
)


@tf.function
def apply_rate(features, learning_rate):
    return features * learning_rate


logged.clear()
for learning_rate in [0.1, 0.2, 0.3, 0.4, 0.5, 0.6]:
    apply_rate(features, learning_rate)  # new Python float: new trace
float_traces = apply_rate.experimental_get_tracing_count()
print("traces with Python floats:", float_traces)
assert float_traces == 6, "expected one trace per distinct Python float"
assert len(logged) == 2, "expected the same two warnings for floats"
assert "6 out of the last 6 calls" in logged[1], (
    "expected floats to count like ints"
)


@tf.function
def shift(features, offset):
    return features + offset


logged.clear()
for offset in [1, 1, 2, 3, 4, 5]:  # the second call reuses a graph
    shift(features, offset)
print(
    "offsets 1, 1, 2, 3, 4, 5:",
    first_sentence(logged[0]).split(" to ")[0],
)
assert shift.experimental_get_tracing_count() == 5, "expected 5 traces"
assert "5 out of the last 6 calls" in logged[0], (
    "expected the warning to count traces among calls, not in a row"
)


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
