"""`tf.function only supports singleton tf.Variables`: create variables once

When you hit it: a `tf.function` that makes a `tf.Variable` fails with
`ValueError: tf.function only supports singleton tf.Variables created on
the first call`.

What is going on: a `tf.function` may create variables only while it is
first traced, and it traces a function that creates variables twice to
check that the second trace makes none. A `tf.Variable(...)` line that
runs on every call fails that check, on the very first call. Create the
variable outside, or once behind an `if self.x is None` guard.

Pitfall: the message says "first call", yet this function fails on its
first call. The guard works because the second trace sees the variable
already set and skips the line.

severity: crash
topics: E11
"""

import tensorflow as tf

try:
    # --8<-- [start:wrong]
    @tf.function
    def scale(features):
        weight = tf.Variable(2.0)  # runs on every trace
        return features * weight

    scale(tf.constant([1.0, 2.0]))  # ValueError on the first call
    # --8<-- [end:wrong]
except ValueError as err:
    message = str(err).strip().splitlines()[-1].strip()
print(message.split(" Make sure")[0])
assert "tf.function only supports singleton tf.Variables created on the " \
    "first call" in message, "expected the singleton-variable error"


# --8<-- [start:right]
class Scale(tf.Module):
    def __init__(self):
        self.weight = None

    @tf.function
    def __call__(self, features):
        if self.weight is None:  # only the first trace creates it
            self.weight = tf.Variable(2.0)
        return features * self.weight


scale = Scale()
first = scale(tf.constant([1.0, 2.0]))
second = scale(tf.constant([3.0, 4.0]))
# --8<-- [end:right]
print("outputs:", first.numpy().tolist(), second.numpy().tolist())
print("variables:", len(scale.trainable_variables))
assert len(scale.trainable_variables) == 1, "expected one shared variable"
assert second.numpy().tolist() == [6.0, 8.0], "expected weight 2.0 reused"

traces = []


@tf.function
def counted(features):
    traces.append("trace")
    return features * tf.Variable(2.0)


try:
    counted(tf.constant([1.0]))
except ValueError:
    pass
assert len(traces) == 2, "expected two traces within the first call"
