"""`tf.function only supports singleton tf.Variables`: create variables once

When you hit it: a `tf.function` that makes a `tf.Variable` (a running
total, a lazily built weight) fails on its very first call with
`ValueError: tf.function only supports singleton tf.Variables created on
the first call`.

What is going on: eagerly, each `tf.Variable(...)` line makes a new
variable, which is harmless. A graph must own a fixed set of variables,
so a `tf.function` may create them only while it is first traced, and it
traces such a function a second time to check that no new ones appear.
A bare `tf.Variable(...)` in the body makes one per trace and fails that
check. Create the variable outside (in `__init__`, at module level), or
once behind an `if self.total is None:` guard.

Pitfall: the message says "first call", yet this function fails on its
first call. The guard works because the second trace sees the variable
already set and skips the line.

severity: crash
topics: E11, G9, G10
formerly: graphs/variable-inside-tf-function
aliases:
  - tf.Variable inside tf.function ValueError
  - how to keep a counter or running total in a tf.function
  - lazily create weights on the first call of a tf.function
  - why is my tf.function traced twice on the first call
  - tf.function-decorated function tried to create variables on non-first call
  - creating the optimizer or a model inside a tf.function
"""

import tensorflow as tf

try:
    # --8<-- [start:wrong]
    @tf.function
    def running_total(value):
        total = tf.Variable(0.0)  # a new variable per trace
        total.assign_add(value)
        return total.read_value()

    running_total(tf.constant(1.0))  # ValueError on the first call
    # --8<-- [end:wrong]
except ValueError as err:
    message = str(err).strip().splitlines()[-1].strip()
print(message.split(". ")[0] + ".")
assert (
    "tf.function only supports singleton tf.Variables created on the "
    "first call" in message
), "expected the singleton-variable error"

traces = []


# --8<-- [start:right]
class RunningTotal(tf.Module):
    def __init__(self):
        self.total = None

    @tf.function
    def __call__(self, value):
        traces.append(1)  # runs once per trace
        if self.total is None:  # only on the first trace
            self.total = tf.Variable(0.0)
        self.total.assign_add(value)
        return self.total.read_value()


running_total = RunningTotal()
for value in (1.0, 2.0, 3.0):
    result = running_total(tf.constant(value))  # 1, 3, 6
# --8<-- [end:right]
print("running total:", float(result), "| traces:", len(traces))
assert float(result) == 6.0, "expected one variable kept across calls"
assert len(traces) == 2, "expected a second trace to check for new vars"
assert len(running_total.variables) == 1, (
    "expected exactly one variable"
)

unguarded_traces = []


@tf.function
def scale(features):
    unguarded_traces.append(1)
    return features * tf.Variable(2.0)


try:
    scale(tf.constant([1.0]))
except ValueError:
    pass
assert len(unguarded_traces) == 2, (
    "expected two traces within the first call"
)

eager_total = None
for value in (1.0, 2.0):
    eager_total = tf.Variable(0.0)  # eagerly: a fresh one each time
    eager_total.assign_add(value)
assert float(eager_total) == 2.0, (
    "expected eager code to make a new one"
)
