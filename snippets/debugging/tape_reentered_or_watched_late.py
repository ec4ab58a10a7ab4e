"""`re-enter an already-active tape`: one tape per `with`; record inside it

When you hit it: `with tape:` inside another `with tape:` raises
`ValueError: Tape is still recording`; or a gradient is `None` although
the variable is trainable and the tape was used once.

What is going on: a `tf.GradientTape` object is one recording; entering
it again while it records raises, eagerly and in `tf.function`. For a
gradient of a gradient, open a second tape object
([nested tapes](graphs.md#tape-nested-stop-gradient)). A tape only
records what runs inside its block (constants only after `watch`): a
value computed before the block, a `watch` after the use, an integer
tensor, or a path through `Variable.assign` all give `None`.

Pitfall: `tape.watch` on an integer tensor does not raise; it logs
`The dtype of the watched tensor must be floating` (at most five times
per calling line) and the gradient is `None`. Make constants float
(`tf.constant(3.0)`) before watching them.

Checked: a second `with tape:` after the first block has closed is
allowed, for a persistent tape and a plain one: both blocks go into one
record. The limit of five warnings counts per line of your code that
calls `watch` (`tensorflow/python/eager/backprop.py`,
`GradientTape.watch`, through `log_first_n`).

severity: crash
topics: E16, G8
aliases:
  - Tape is still recording
  - nested GradientTape with the same tape object
  - tape.watch has no effect, gradient is None
  - gradient of an integer tensor is None
  - gradient through variable assign is None
  - The dtype of the watched tensor must be floating (e.g. tf.float32), got tf.int32
  - gradient is None for a value computed before the GradientTape block
"""

import logging

import tensorflow as tf


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

try:
    # --8<-- [start:wrong]
    with tf.GradientTape() as tape:
        with tape:  # meant a second tape, for d2y/dx2
            y = x**3
        dy_dx = tape.gradient(y, x)
    # --8<-- [end:wrong]
except ValueError as err:
    message = str(err)
print("ValueError:", message)
assert "re-enter an already-active tape" in message, (
    "expected re-entering a recording tape to raise"
)

# --8<-- [start:silent]
weights = tf.Variable(2.0)
scaled = weights * 3.0  # computed before the tape
with tf.GradientTape() as tape:
    loss = scaled**2
grad_before = tape.gradient(loss, weights)  # None

bias = tf.constant(1.0)
with tf.GradientTape() as tape:
    loss = bias**2
    tape.watch(bias)  # too late: already used
grad_late = tape.gradient(loss, bias)  # None

step = tf.constant(3)  # int32
with tf.GradientTape() as tape:
    tape.watch(step)  # logs a warning, no error
    loss = step * step
grad_int = tape.gradient(loss, step)  # None

copy = tf.Variable(0.0)
with tf.GradientTape() as tape:
    copy.assign(weights * 3.0)  # assign is not differentiable
    loss = copy**2
grad_assign = tape.gradient(loss, weights)  # None
# --8<-- [end:silent]

int_warning = [m for m in logged.messages if "watched tensor" in m]
print("logged:", int_warning[0])
print(
    "None gradients:",
    [grad_before, grad_late, grad_int, grad_assign],
)
assert grad_before is None, "expected None for a value computed outside"
assert grad_late is None, "expected None when watch comes after the use"
assert grad_int is None, "expected None for a watched int32 tensor"
assert grad_assign is None, "expected None through Variable.assign"
assert int_warning == [
    "The dtype of the watched tensor must be floating (e.g. tf.float32), "
    "got tf.int32"
], "expected the logged dtype warning, and nothing raised"

for _ in range(6):  # one more line of code, watching six times
    with tf.GradientTape() as tape:
        tape.watch(tf.constant(3))
int_warnings = [m for m in logged.messages if "watched tensor" in m]
print(
    "integer watches: 1 + 6 from two lines, warnings logged:",
    len(int_warnings),
)
assert len(int_warnings) == 1 + 5, (
    "expected the warning at most five times per calling line"
)

# --8<-- [start:right]
step = tf.constant(3.0)  # float, so the tape can watch it
with tf.GradientTape() as tape:
    tape.watch([bias, step])  # watch first, then use
    scaled = weights * 3.0  # computed inside the block
    loss = scaled**2 + bias**2 + step * step
grads = tape.gradient(loss, [weights, bias, step])  # 36, 2, 6
# --8<-- [end:right]
print("gradients recorded in the block:", [float(g) for g in grads])
assert [float(g) for g in grads] == [36.0, 2.0, 6.0], (
    "expected 18w = 36, 2b = 2 and 2s = 6 once recorded in the block"
)


@tf.function
def reenter_in_graph():
    tape = tf.GradientTape()
    with tape, tape:
        y = x * x
    return tape.gradient(y, x)


try:
    reenter_in_graph()
except ValueError as err:
    graph_message = str(err)
assert "re-enter an already-active tape" in graph_message, (
    "expected the same error inside tf.function"
)

for persistent in (True, False):
    tape = tf.GradientTape(persistent=persistent)
    with tape:
        y = x * x
    with tape:  # after the first block closed: allowed
        z = y * x
    assert float(tape.gradient(z, x)) == 27.0, (
        f"expected one record across two blocks ({persistent=})"
    )
    del tape
