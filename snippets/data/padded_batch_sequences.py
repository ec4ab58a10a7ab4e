"""Batch variable-length sequences with padded_batch or ragged_batch

When you hit it: your elements are sentences, token lists or time
series of different lengths, and `batch` fails once you iterate.

What is going on: `tf.data.Dataset.batch` stacks elements into one
dense tensor, so they must share a shape. `padded_batch` pads each
batch to its longest element (with 0, or `padding_values`), or to
`padded_shapes` if you fix one. `ragged_batch` keeps the lengths and
returns a `tf.RaggedTensor`.

Pitfall: the error appears only when iterating, once two lengths meet
in one batch: `Cannot batch tensors with different shapes`, or, right
after a `map`, [the fused](data.md#batch-images-different-sizes)
`Cannot add tensor to the batch: number of elements does not match`.

severity: crash
topics: D16
aliases:
  - First element had shape [3] and element 1 had shape [5].
  - "padded_batch() missing 1 required positional argument: 'padded_shapes'"
  - tf.data.experimental.dense_to_ragged_batch
  - Keras pad_sequences for a tf.data pipeline
  - pad token ids to the same length in each batch
  - batch sentences or time series of variable length in tf.data
  - pad each batch to its longest sequence
  - Cannot add tensor to the batch: number of elements does not match, for sequences of different lengths
"""

import tensorflow as tf

sentences = [[5, 8, 2], [7], [4, 1]]
tokens_ds = tf.data.Dataset.from_generator(
    lambda: iter(sentences),
    output_signature=tf.TensorSpec(shape=(None,), dtype=tf.int32),
)

try:
    # --8<-- [start:wrong]
    train_ds = tokens_ds.batch(3)
    batch = next(iter(train_ds))  # raises here
    # --8<-- [end:wrong]
except tf.errors.InvalidArgumentError as err:
    message = str(err)[str(err).index("Cannot batch") :].split(" [Op")[
        0
    ]
print("InvalidArgumentError:", message)
assert "different shapes in component 0" in message, (
    "expected a shape error"
)
assert isinstance(train_ds, tf.data.Dataset), (
    "expected batch() to build"
)
assert len(list(tokens_ds.batch(1))) == 3, (
    "expected equal shapes to batch"
)

text_ds = tf.data.Dataset.from_tensor_slices(["a b c", "d", "e f"])
try:
    next(iter(text_ds.map(tf.strings.split).batch(3)))
except tf.errors.InvalidArgumentError as err:
    fused = str(err)[str(err).index("Cannot add") :].split(". Shapes")[
        0
    ]
print("after a map: InvalidArgumentError:", fused)
assert fused == (
    "Cannot add tensor to the batch: number of elements does not match"
), "expected the fused map-and-batch message"

# --8<-- [start:right]
padded = tokens_ds.padded_batch(3)  # pad with 0 to the longest
fixed = tokens_ds.padded_batch(3, padded_shapes=[4], padding_values=-1)
ragged = tokens_ds.ragged_batch(3)  # tf.RaggedTensor, no padding
print(next(iter(padded)).numpy().tolist())
# --8<-- [end:right]

assert next(iter(padded)).numpy().tolist() == [
    [5, 8, 2],
    [7, 0, 0],
    [4, 1, 0],
], "expected zero padding"
assert fixed.element_spec.shape.as_list() == [None, 4], (
    "expected width 4"
)
assert next(iter(fixed)).numpy()[1].tolist() == [7, -1, -1, -1], (
    "expected the chosen padding value"
)
assert isinstance(next(iter(ragged)), tf.RaggedTensor), (
    "expected ragged"
)
assert next(iter(ragged)).to_list() == sentences, (
    "expected lengths kept"
)
widths = [b.shape[1] for b in tokens_ds.padded_batch(2)]
print("padded_batch(2) widths:", widths)
assert widths == [3, 2], "expected each batch padded to its own longest"
