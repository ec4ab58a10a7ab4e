"""Use tf.Variable for state you update, tensors for everything else

When you hit it: you pick between `tf.constant`, `tf.Variable` and
`tf.convert_to_tensor` for weights, counters or input data.

What is going on: a tensor (`tf.constant`, `tf.convert_to_tensor`) is
immutable: it has no `assign`, and
[item assignment](graphs.md#tensor-item-assignment) raises. A
`tf.Variable` is a mutable buffer: `assign` and `weights[0].assign(...)`
change it in place. A new float `tf.Variable` is trainable, so
`tf.GradientTape` watches it automatically; a float tensor gets a
[`None` gradient](graphs.md#tape-none-gradients) unless you `watch` it
(an integer one always does).
`tf.convert_to_tensor` returns a tensor unchanged, and reads a variable
into a new tensor.

Pitfall: `tf.convert_to_tensor(weights)` is a snapshot: later `assign`
calls do not reach it, so code that holds it keeps the old values. Keep
the variable itself, and read it when you need the value.

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
bias = tf.constant([1.0, 2.0])  # immutable: no assign
weights = tf.Variable([1.0, 2.0])  # mutable, trainable

weights[0].assign(5.0)  # in place: [5.0, 2.0]
snapshot = tf.convert_to_tensor(weights)
weights.assign([9.0, 9.0])  # snapshot keeps [5.0, 2.0]
# --8<-- [end:show]

print("snapshot:", snapshot.numpy(), " weights:", weights.numpy())
print("bias has assign:", hasattr(bias, "assign"))

assert not hasattr(bias, "assign"), (
    "expected a constant to have no assign"
)
assert weights.numpy().tolist() == [9.0, 9.0], (
    "expected assign to change the variable in place"
)
assert isinstance(snapshot, tf.Tensor), "expected a plain tensor back"
assert not isinstance(snapshot, tf.Variable), "expected no variable"
assert not hasattr(snapshot, "assign"), "expected an immutable snapshot"
assert snapshot.numpy().tolist() == [5.0, 2.0], (
    "expected the snapshot to ignore the later assign"
)
assert tf.convert_to_tensor(bias) is bias, (
    "expected convert_to_tensor to return a tensor unchanged"
)
assert weights.trainable, "expected a new Variable to be trainable"
