"""Pass features and labels to from_tensor_slices as a tuple, not a list

When you hit it: you build a dataset from NumPy arrays with
`tf.data.Dataset.from_tensor_slices([features, labels])` and it fails
before any training starts, or gives the wrong number of elements.

What is going on: `from_tensor_slices` slices along the first axis of
every component. A tuple or dict is a structure: each element becomes a
`(features, label)` pair or a dict. A list is read as one tensor, so
arrays of different shapes cannot be stacked, and arrays of one shape
are stacked into one tensor. Check the result with `element_spec`.

Pitfall: a list of arrays of different shapes raises `ValueError: Can't
convert non-rectangular Python sequence to Tensor`. A list of same-shape
arrays silently gives one element per array, not one pair per row. Use
a tuple or a dict.

severity: crash
topics: D1
aliases:
  - how to make a tf.data dataset from feature and label NumPy arrays
  - tf.data.Dataset.from_tensor_slices((x_train, y_train))
  - from_tensor_slices list or tuple of arrays
  - dataset of (x, y) pairs for model.fit
  - dict of feature columns to a tf.data dataset
  - from_tensor_slices on a pandas DataFrame and its labels
"""

import numpy as np
import tensorflow as tf

features = np.zeros((4, 3), dtype=np.float32)
labels = np.array([0, 1, 1, 0])

try:
    # --8<-- [start:wrong]
    train_ds = tf.data.Dataset.from_tensor_slices([features, labels])
    # --8<-- [end:wrong]
except ValueError as err:
    message = str(err)
except TypeError as err:  # another release raises another type
    raise AssertionError(
        "expected ValueError for a list of arrays of different shapes,"
        f" got TypeError({str(err)!r})"
    ) from None
else:
    raise AssertionError(
        "expected a list of arrays to raise ValueError"
    )
print("ValueError:", message)
assert "non-rectangular" in message, "expected a list to be one tensor"

# --8<-- [start:right]
train_ds = tf.data.Dataset.from_tensor_slices((features, labels))
named_ds = tf.data.Dataset.from_tensor_slices(
    {"features": features, "label": labels}
)
print(train_ds.element_spec)
# --8<-- [end:right]

feature_spec, label_spec = train_ds.element_spec
assert feature_spec.shape == (3,), "expected one row of features"
assert label_spec.shape == (), "expected a scalar label per element"
assert set(named_ds.element_spec) == {"features", "label"}, (
    "expected a dict input to give dict elements"
)
assert train_ds.cardinality() == 4, "expected one element per row"

targets = np.ones((4, 3), dtype=np.int64)  # same shape as features
stacked_ds = tf.data.Dataset.from_tensor_slices([features, targets])
print(
    "same-shape list:",
    stacked_ds.element_spec,
    int(stacked_ds.cardinality()),
)
assert stacked_ds.cardinality() == 2, "expected one element per array"
assert stacked_ds.element_spec.shape == (4, 3), "expected whole arrays"
assert stacked_ds.element_spec.dtype == tf.float32, (
    "expected the int64 array cast to the float32 of the other"
)
