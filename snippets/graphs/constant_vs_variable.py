"""Use tf.Variable for state you update, tensors for everything else

When you hit it: you pick between `tf.constant`, `tf.Variable` and
`tf.convert_to_tensor` for weights, counters or input data.

What is going on: a tensor (`tf.constant`, `tf.convert_to_tensor`) is
immutable. A `tf.Variable` is a mutable buffer: `assign` changes it in
place, and `tf.GradientTape` watches it automatically. A tensor gets no
gradient unless you `watch` it. `tf.convert_to_tensor` returns a tensor
unchanged, and reads a variable into a snapshot that later `assign`
calls do not touch.

Pitfall: item assignment on a tensor raises `TypeError: ... EagerTensor'
object does not support item assignment`; use a `tf.Variable` and
`weights[0].assign(...)`, or build a new tensor.

severity: tip
topics: G1
aliases:
  - difference between tf.constant and tf.Variable
  - when should I use tf.Variable
  - how to create a trainable tensor
  - tf.compat.v1.get_variable in TensorFlow 2
  - tf.constant vs tf.convert_to_tensor for a NumPy array
  - tf.Tensor vs tf.Variable: which one is mutable
"""

import tensorflow as tf

# --8<-- [start:show]
bias = tf.constant([1.0, 2.0])  # immutable
weights = tf.Variable([1.0, 2.0])  # mutable, trainable

weights[0].assign(5.0)  # in place: [5.0, 2.0]
snapshot = tf.convert_to_tensor(weights)
weights.assign([9.0, 9.0])  # snapshot keeps [5.0, 2.0]

with tf.GradientTape() as tape:
    loss = tf.reduce_sum(weights * bias)
grad_w, grad_b = tape.gradient(loss, [weights, bias])
# grad_w == bias, grad_b is None: nobody watched the constant
# --8<-- [end:show]

try:
    bias[0] = 5.0
except TypeError as err:
    message = str(err)
print("TypeError:", message)
print("snapshot:", snapshot.numpy(), " weights:", weights.numpy())
print("grad_w:", grad_w.numpy(), " grad_b:", grad_b)

assert "does not support item assignment" in message, (
    "expected item assignment on a tensor to raise"
)
assert not hasattr(bias, "assign"), (
    "expected a constant to have no assign"
)
assert isinstance(snapshot, tf.Tensor), "expected a plain tensor back"
assert not isinstance(snapshot, tf.Variable), "expected no variable"
assert snapshot.numpy().tolist() == [5.0, 2.0], (
    "expected the snapshot to ignore the later assign"
)
assert tf.convert_to_tensor(bias) is bias, (
    "expected convert_to_tensor to return a tensor unchanged"
)
assert weights.trainable, "expected a new Variable to be trainable"
assert grad_w.numpy().tolist() == [1.0, 2.0], (
    "expected d(loss)/dw = bias"
)
assert grad_b is None, "expected no gradient for an unwatched constant"
with tf.GradientTape() as tape:
    tape.watch(bias)
    loss = tf.reduce_sum(weights * bias)
assert tape.gradient(loss, bias) is not None, "expected watch to fix it"
