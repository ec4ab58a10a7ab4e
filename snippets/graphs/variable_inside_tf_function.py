"""Create tf.Variables once, outside or on the first trace of a tf.function

When you hit it: you write `tf.Variable(...)` inside a `tf.function`
(a running total, a lazily built weight) and the very first call fails
with `ValueError: tf.function only supports singleton tf.Variables
created on the first call`.

What is going on: eagerly, each `tf.Variable(...)` line makes a new
variable, which is harmless. A graph must own a fixed set of variables,
so `tf.function` lets only its first trace create them, and traces a
second time to check that no new ones appear. A bare `tf.Variable` in
the body creates one per trace, so the error comes on the first call.

Pitfall: create the variable outside the function (in `__init__`, or
at module level), or guard it with `if self.total is None:` so that only
the first trace creates it.

severity: crash
topics: G9, G10
"""

import tensorflow as tf

try:
    # --8<-- [start:wrong]
    @tf.function
    def running_total(value):
        total = tf.Variable(0.0)        # a new variable per trace
        total.assign_add(value)
        return total.read_value()

    running_total(tf.constant(1.0))     # first call raises
    # --8<-- [end:wrong]
except ValueError as err:
    message = str(err).strip().splitlines()[-1].strip()
print(message.split(". ")[0] + ".")

traces = []


# --8<-- [start:right]
class RunningTotal(tf.Module):
    def __init__(self):
        self.total = None

    @tf.function
    def __call__(self, value):
        traces.append(1)                # runs once per trace
        if self.total is None:          # only on the first trace
            self.total = tf.Variable(0.0)
        self.total.assign_add(value)
        return self.total.read_value()


running_total = RunningTotal()
for value in (1.0, 2.0, 3.0):
    result = running_total(tf.constant(value))   # 1, 3, 6
# --8<-- [end:right]
print("running total:", float(result), "| traces:", len(traces))

eager_total = None
for value in (1.0, 2.0):
    eager_total = tf.Variable(0.0)      # eagerly: a fresh one each time
    eager_total.assign_add(value)

assert "only supports singleton tf.Variables" in message, (
    "expected the variable-creation error on the first call"
)
assert float(result) == 6.0, "expected one variable kept across calls"
assert len(traces) == 2, "expected a second trace to check for new vars"
assert len(running_total.variables) == 1, "expected exactly one variable"
assert float(eager_total) == 2.0, "expected eager code to make a new one"
