"""Lists of different lengths are no tensor: pad them or use tf.ragged.constant

When you hit it: you turn token lists, or any rows of different
lengths, into a tensor and get `ValueError: Can't convert
non-rectangular Python sequence to Tensor.`

What is going on: a `tf.Tensor` is rectangular. `np.array` refuses
such rows too, and Keras `fit` refuses the lists with `Unrecognized
data type`. Wrapping the rows in `np.array(rows, dtype=object)` does
not help: `tf.constant` and `fit` still raise `ValueError`
([object arrays](data.md#object-dtype-array)). Pad the rows to one
length with `keras.utils.pad_sequences`, or keep the lengths with
`tf.ragged.constant`, whose `to_tensor()` pads at the end.

Pitfall: `pad_sequences` pads and truncates at the front by default
(`"pre"`), so `maxlen` cuts the start of long rows. Pass
`padding="post", truncating="post"` to keep the start.

severity: crash
topics: G13
aliases:
  - setting an array element with a sequence
  - the requested array has an inhomogeneous shape after 1 dimensions
  - convert list of lists with different lengths to tensor
  - variable length sequences or input rows for model.fit
  - pad tokenized sentences to a common size
  - RaggedTensor from a jagged list
  - from_tensor_slices fails on lists or arrays of numbers with different lengths (encoded text)
"""

import keras
import numpy as np
import tensorflow as tf

token_ids = [[3, 1, 4], [1, 5], [9, 2, 6, 5]]

try:
    # --8<-- [start:wrong]
    batch = tf.constant(token_ids)  # ValueError
    # --8<-- [end:wrong]
except ValueError as err:
    list_message = str(err)
print("ValueError:", list_message)

# --8<-- [start:right]
ragged = tf.ragged.constant(token_ids)  # shape (3, None)
dense = ragged.to_tensor()  # zeros at the end
padded = keras.utils.pad_sequences(token_ids)  # zeros at the FRONT
clipped = keras.utils.pad_sequences(
    token_ids, maxlen=3, padding="post", truncating="post"
)
# --8<-- [end:right]
print("ragged:", ragged.shape, ragged.row_lengths().numpy().tolist())
print("to_tensor:", dense.numpy().tolist())
print("pad_sequences:", padded.tolist())
print("post, maxlen=3:", clipped.tolist())

model = keras.Sequential(
    [keras.Input((None,), dtype="int32"), keras.layers.Embedding(10, 2)]
)
model.compile(optimizer="sgd", loss="mse")
try:
    model.fit(token_ids, np.zeros((3, 4, 2)), verbose=0)
except ValueError as err:
    fit_message = str(err)
print("fit on lists:", fit_message)

assert (
    list_message
    == "Can't convert non-rectangular Python sequence to Tensor."
), "expected ragged lists to fail"
assert fit_message.startswith("Unrecognized data type"), (
    "expected fit to refuse ragged lists"
)
assert ragged.shape.as_list() == [3, None], (
    "expected a ragged row dimension"
)
assert dense.numpy().tolist() == [
    [3, 1, 4, 0],
    [1, 5, 0, 0],
    [9, 2, 6, 5],
], "expected to_tensor to pad at the end"
assert padded.tolist() == [[0, 3, 1, 4], [0, 0, 1, 5], [9, 2, 6, 5]], (
    "expected pad_sequences to pad at the front by default"
)
assert keras.utils.pad_sequences(token_ids, maxlen=3)[2].tolist() == [
    2,
    6,
    5,
], "expected the default to truncate at the front too"
assert clipped.tolist() == [[3, 1, 4], [1, 5, 0], [9, 2, 6]], (
    "expected post padding and truncation to keep the start"
)
try:
    np.array(token_ids)
except ValueError as err:
    numpy_message = str(err)
assert "inhomogeneous shape" in numpy_message, (
    "expected NumPy to refuse"
)
history = model.fit(padded, np.zeros((3, 4, 2)), verbose=0)
assert len(history.history["loss"]) == 1, (
    "expected fit to take padded rows"
)
object_rows = np.array(token_ids, dtype=object)
object_errors = []
for convert in (
    tf.constant,
    lambda rows: model.fit(rows, np.zeros((3, 4, 2)), verbose=0),
):
    try:
        convert(object_rows)
    except ValueError:
        object_errors.append("ValueError")
print("object array: tf.constant, fit raise", object_errors)
assert object_errors == ["ValueError", "ValueError"], (
    "expected tf.constant and fit to refuse an object array of rows"
)
