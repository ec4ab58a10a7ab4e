"""`tape.gradient` inside a persistent tape's block records the gradient too

When you hit it: your training step calls `tape.gradient` indented
inside `with tf.GradientTape(persistent=True) as tape:`, and TensorFlow
logs "Calling GradientTape.gradient on a persistent tape inside its
context is significantly less efficient…".

What is going on: a tape records the ops on watched values run in its
block. A persistent tape keeps recording while `gradient` runs there:
"it causes the gradient ops to be recorded on the tape, leading to
increased CPU and memory usage". A second `tape.gradient` of that
gradient returns the second derivative, where a call after the block
gives `None` ([nested tapes](graphs.md#tape-nested-stop-gradient) do
this on purpose). A plain tape stops recording when `gradient` is called in its
block, and logs nothing.

Pitfall: TensorFlow logs the warning once per calling line, and for
all AutoGraph-converted `tf.function`s together once: a training
loop shows it at most once while every step pays. Call `gradient` after
the block, unless you want higher derivatives.

Checked: eagerly and in `tf.function`s (logged while tracing), on this
machine's CPU; the run shows what is recorded, not the time or memory
it costs. The once-only log is `log_first_n`, keyed by the caller's
file and line (`tensorflow/python/platform/tf_logging.py`); in a
`tf.function` the caller is AutoGraph's `_call_unconverted`
(`tensorflow/python/autograph/impl/api.py`), so a second function
logged nothing here and one with `autograph=False` logged again. For a
tape used twice, see [the persistent tape
card](graphs.md#tape-used-twice).

severity: perf
topics: T20, G8
aliases:
  - Calling GradientTape.gradient on a persistent tape inside its context is significantly less efficient than calling it outside the context
  - Only call GradientTape.gradient inside the context if you actually want to trace the gradient in order to compute higher order derivatives
  - should tape.gradient be inside or outside the with block
  - persistent GradientTape warning in a custom training loop
  - indentation of tape.gradient in a GradientTape with statement
"""

import inspect
import logging

import tensorflow as tf
from tensorflow.python.autograph.impl import api
from tensorflow.python.platform import tf_logging


class Collect(logging.Handler):
    """Keeps the warnings TensorFlow logs, to print and check them."""

    def __init__(self):
        super().__init__()
        self.messages = []

    def emit(self, record):
        self.messages.append(record.getMessage())


logged = Collect()
tf.get_logger().addHandler(logged)
x = tf.Variable(3.0)

# --8<-- [start:wrong]
with tf.GradientTape(persistent=True) as tape:
    y = x**3
    dy_dx = tape.gradient(y, x)  # logs a warning; recorded too
# --8<-- [end:wrong]
recorded = tape.gradient(dy_dx, x)  # 6x = 18: the gradient was recorded
del tape
warning = logged.messages[0]
print("logged:", warning)
print("d(dy/dx)/dx from the same tape:", float(recorded))
assert warning == (
    "Calling GradientTape.gradient on a persistent tape inside its "
    "context is significantly less efficient than calling it outside "
    "the context (it causes the gradient ops to be recorded on the "
    "tape, leading to increased CPU and memory usage). Only call "
    "GradientTape.gradient inside the context if you actually want to "
    "trace the gradient in order to compute higher order derivatives."
), "expected the persistent-tape warning"
assert float(recorded) == 18.0, "expected the gradient ops on the tape"

# --8<-- [start:right]
with tf.GradientTape(persistent=True) as tape:
    y = x**3
dy_dx = tape.gradient(y, x)  # 3x^2 = 27, after the block
# --8<-- [end:right]
not_recorded = tape.gradient(dy_dx, x)
del tape
print("after the block:", float(dy_dx), "| second call:", not_recorded)
assert float(dy_dx) == 27.0, "expected the same first derivative"
assert not_recorded is None, "expected nothing recorded after the block"
assert len(logged.messages) == 1, "expected no warning after the block"

with tf.GradientTape() as plain_tape:
    y = x**3
    plain_grad = plain_tape.gradient(y, x)  # plain tape: no warning
    still_recording = plain_tape._recording
plain_warnings = len(logged.messages) - 1
print(
    "plain tape, in its block:",
    float(plain_grad),
    "| warnings:",
    plain_warnings,
)
assert float(plain_grad) == 27.0, "expected the same gradient"
assert not still_recording, "expected gradient() to stop the recording"
assert plain_warnings == 0, "expected a plain tape to log nothing"

recorded_each_step = []
for _ in range(3):
    with tf.GradientTape(persistent=True) as tape:
        y = x**3
        dy_dx = tape.gradient(y, x)  # one line of code, three calls
    recorded_each_step.append(float(tape.gradient(dy_dx, x)))
    del tape
loop_warnings = len(logged.messages) - 1
print(
    "3 steps on one line: warnings",
    loop_warnings,
    "| recorded each step:",
    recorded_each_step,
)
assert recorded_each_step == [18.0] * 3, "expected every step to record"
assert loop_warnings == 1, "expected one warning per calling line"


@tf.function
def second_derivative(x):
    with tf.GradientTape(persistent=True) as tape:
        y = x**3
        dy_dx = tape.gradient(y, x)
    return tape.gradient(dy_dx, x)


first_call = float(second_derivative(x))  # traces, logs
after_trace = len(logged.messages) - 2
second_call = float(second_derivative(x))  # runs the graph only
after_second = len(logged.messages) - 2
print(
    "tf.function:",
    [first_call, second_call],
    "warnings after call 1 and 2:",
    [after_trace, after_second],
)
assert [first_call, second_call] == [18.0, 18.0], (
    "expected the gradient recorded in a graph too"
)
assert second_derivative.experimental_get_tracing_count() == 1, (
    "expected one trace"
)
assert [after_trace, after_second] == [1, 1], (
    "expected the warning while tracing, not on later calls"
)


@tf.function
def other_function(x):  # another function, another line
    with tf.GradientTape(persistent=True) as tape:
        y = x**2
        dy_dx = tape.gradient(y, x)
    return tape.gradient(dy_dx, x)


@tf.function(autograph=False)
def without_autograph(x):
    with tf.GradientTape(persistent=True) as tape:
        y = x**2
        dy_dx = tape.gradient(y, x)
    return tape.gradient(dy_dx, x)


other = float(other_function(x))
after_other = len(logged.messages) - 2
plain_call = float(without_autograph(x))
after_plain_call = len(logged.messages) - 2
print(
    "second tf.function: warnings",
    after_other,
    "| with autograph=False:",
    after_plain_call,
)
assert other == plain_call == 2.0, (
    "expected both to record the gradient"
)
assert after_other == 1, (
    "expected no new warning: AutoGraph is the caller of both functions"
)
assert after_plain_call == 2, "expected autograph=False to log again"
lines, first_line = inspect.getsourcelines(api._call_unconverted)
assert any(
    file == api.__file__
    and first_line <= line < first_line + len(lines)
    for file, line in tf_logging._log_counter_per_token
), "expected AutoGraph's _call_unconverted as the logged caller"
