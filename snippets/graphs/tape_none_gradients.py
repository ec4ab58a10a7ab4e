"""A None gradient means the tape never saw the path: watch or stay in TF

When you hit it: `tape.gradient` returns `None` for some of the
tensors or variables you asked about, and the training step breaks.

What is going on: `tf.GradientTape` records operations on the
floating-point values it watches: trainable float `tf.Variable`s
automatically, float tensors and `trainable=False` variables only after
`tape.watch(x)`. An integer `tf.Variable` gets `None` although it is
trainable, and
[an integer tensor gets `None` even when watched](debugging.md#tape-reentered-or-watched-late).
A value computed through NumPy (`.numpy()`, `np.sum`) leaves the tape,
and so does anything not connected to the loss. All of these give
`None`, not zero.

Pitfall: `None` does not raise by itself; it surfaces later, far from
the cause. Check `[g is None for g in grads]`, or pass
`unconnected_gradients=tf.UnconnectedGradients.ZERO` when zero is right.

severity: silent
topics: G8
aliases:
  - GradientTape returns None gradients
  - tape.gradient() gives None for some variables
  - "unsupported operand type(s) for *: 'NoneType' and 'float'"
  - Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>)
  - gradient of the output with respect to the input image is None (saliency map)
  - PyTorch requires_grad equivalent
  - tf.gradients returns [None] in TF 1.x
  - gradient of a constant or of a NumPy result is None
  - None gradients for BatchNormalization moving_mean and moving_variance (non-trainable variables)
"""

import numpy as np
import tensorflow as tf

# --8<-- [start:show]
weights = tf.Variable([1.0, 2.0])
frozen = tf.Variable(0.5, trainable=False)
features = tf.constant([3.0, 4.0])  # plain tensor

with tf.GradientTape() as tape:
    loss = tf.reduce_sum(weights * features) * frozen
grads = tape.gradient(loss, [weights, features, frozen])
# [tensor, None, None]: only trainable float variables are watched

with tf.GradientTape() as tape:
    tape.watch(features)  # opt in
    loss = tf.reduce_sum(weights * features) * frozen
grad_features = tape.gradient(loss, features)  # weights * frozen

with tf.GradientTape() as tape:
    loss = tf.constant(np.sum(weights.numpy() ** 2))  # left TF
grad_numpy = tape.gradient(loss, weights)  # None
# --8<-- [end:show]

with tf.GradientTape() as tape:
    tape.watch(frozen)
    loss = tf.reduce_sum(weights * features) * frozen
grad_frozen = tape.gradient(loss, frozen)

int_counter = tf.Variable(3)  # trainable, int32
with tf.GradientTape() as tape:
    loss = tf.cast(int_counter * int_counter, tf.float32)
grad_int_variable = tape.gradient(loss, int_counter)

unrelated = tf.Variable(1.0)
with tf.GradientTape() as tape:
    loss = tf.reduce_sum(weights * features)
unconnected = tape.gradient(loss, unrelated)
with tf.GradientTape() as tape:
    loss = tf.reduce_sum(weights * features)
zero = tape.gradient(
    loss, unrelated, unconnected_gradients=tf.UnconnectedGradients.ZERO
)

print(
    "unwatched:",
    [None if g is None else g.numpy().tolist() for g in grads],
)
print("watched features:", grad_features.numpy().tolist())
print("trainable int32 Variable:", grad_int_variable)
print(
    "through NumPy:",
    grad_numpy,
    "| unconnected:",
    unconnected,
    "| with ZERO:",
    float(zero),
)

assert grads[0].numpy().tolist() == [1.5, 2.0], (
    "expected d/dweights = features * frozen for the trainable variable"
)
assert grads[1] is None, "expected None for an unwatched constant"
assert grads[2] is None, "expected None for a trainable=False variable"
assert grad_features.numpy().tolist() == [0.5, 1.0], (
    "expected d/dfeatures = weights * frozen once watched"
)
assert float(grad_frozen) == 11.0, (
    "expected a watched trainable=False variable to get its gradient"
)
assert int_counter.trainable, (
    "expected the int Variable to be trainable"
)
assert grad_int_variable is None, "expected None for an int Variable"
assert grad_numpy is None, "expected NumPy math to break the tape"
assert unconnected is None, "expected None for an unconnected variable"
assert float(zero) == 0.0, (
    "expected zero with UnconnectedGradients.ZERO"
)
