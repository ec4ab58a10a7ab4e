"""Tensors have no item assignment: build a new tensor, or assign a Variable

When you hit it: you port NumPy code that writes `scores[i] = value` or
`scores[mask] = 0` and get `TypeError: ... object does not support item
assignment`.

What is going on: a `tf.Tensor` never changes; eagerly the error names
`EagerTensor`, in a `tf.function` `SymbolicTensor`. Build a new tensor
instead: `tf.tensor_scatter_nd_update(t, indices, updates)` writes
positions, `tf.where(mask, new, t)` applies a condition. Both work in
graphs, and gradients flow to the entries you kept. State that must
change in place belongs in a `tf.Variable`: `v[i].assign(value)` and
`v[2:].assign(...)` work; `v[i] = value` raises too.

Pitfall: writing into `t.numpy()` raises nothing and changes only a
NumPy copy; the tensor keeps its old values.

severity: crash
topics: G12
aliases:
  - 'Tensor' object does not support item assignment
  - how to change one element of a tensor
  - set elements of a tensor by index
  - ResourceVariable object does not support item assignment
  - NumPy equivalent of a[i] = x or masked assignment a[mask] = 0
  - replace elements where a condition holds, e.g. negatives to zero
  - tensor_scatter_nd_update example
"""

import tensorflow as tf

scores = tf.constant([0.5, -1.0, 2.0, -3.0])

try:
    # --8<-- [start:wrong]
    scores[0] = 1.0  # TypeError
    # --8<-- [end:wrong]
except TypeError as err:
    eager_message = str(err)
print("TypeError:", eager_message)


@tf.function
def clip_first(batch):
    batch[0] = 1.0
    return batch


try:
    clip_first(scores)
except TypeError as err:
    graph_message = str(err).strip().splitlines()[-1].strip()
print("in tf.function:", graph_message)

# --8<-- [start:right]
first_set = tf.tensor_scatter_nd_update(scores, [[0]], [1.0])
no_negatives = tf.where(scores < 0, 0.0, scores)

weights = tf.Variable([0.5, -1.0, 2.0, -3.0])  # state: update in place
weights[0].assign(1.0)
weights[2:].assign([0.0, 0.0])
# --8<-- [end:right]
print("scatter:", first_set.numpy().tolist())
print("where:", no_negatives.numpy().tolist())
print("variable:", weights.numpy().tolist())

copy = scores.numpy()
copy[0] = 99.0  # no error, but the tensor does not change

try:
    weights[0] = 1.0
except TypeError as err:
    variable_message = str(err)

with tf.GradientTape() as tape:
    tape.watch(scores)
    total = tf.reduce_sum(
        tf.tensor_scatter_nd_update(scores, [[0]], [1.0])
    )
kept_grad = tape.gradient(total, scores)
with tf.GradientTape() as tape:
    tape.watch(scores)
    total = tf.reduce_sum(tf.where(scores < 0, 0.0, scores))
where_grad = tape.gradient(total, scores)

assert eager_message == (
    "'tensorflow.python.framework.ops.EagerTensor' object "
    "does not support item assignment"
), "expected item assignment on an eager tensor to raise"
assert "'SymbolicTensor' object does not support item assignment" in (
    graph_message
), "expected the same mistake in a tf.function to raise"
assert first_set.numpy().tolist() == [1.0, -1.0, 2.0, -3.0], (
    "expected scatter"
)
assert no_negatives.numpy().tolist() == [0.5, 0.0, 2.0, 0.0], (
    "expected where"
)
assert weights.numpy().tolist() == [1.0, -1.0, 0.0, 0.0], (
    "expected assign"
)
assert scores.numpy().tolist() == [0.5, -1.0, 2.0, -3.0], (
    "expected the tensor unchanged by every replacement and by the copy"
)
assert copy[0] == 99.0, "expected the NumPy copy itself to change"
assert "'ResourceVariable' object does not support item assignment" in (
    variable_message
), "expected item assignment on a Variable to raise too"
assert kept_grad.numpy().tolist() == [0.0, 1.0, 1.0, 1.0], (
    "expected gradients for kept entries, zero where overwritten"
)
assert where_grad.numpy().tolist() == [1.0, 0.0, 1.0, 0.0], (
    "expected tf.where to pass gradients only where it kept the input"
)


@tf.function
def fixed_in_graph(batch):
    batch = tf.tensor_scatter_nd_update(batch, [[0]], [1.0])
    return tf.where(batch < 0, 0.0, batch)


assert fixed_in_graph(scores).numpy().tolist() == [
    1.0,
    0.0,
    2.0,
    0.0,
], "expected both replacements to work in a tf.function"
