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
convert non-rectangular Python sequence to Tensor` (TF 2.16-2.21). A
list of same-shape arrays silently gives one element per array, not one
pair per row. Use a tuple or a dict.

Checked: the TF 2.23 nightly raises a `TypeError` with an empty message
instead; the run asserts the type for its release.

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

import logging
import os
import tempfile
import warnings

import numpy as np
import tensorflow as tf

features = np.zeros((4, 3), dtype=np.float32)
labels = np.array([0, 1, 1, 0])

release = tuple(int(part) for part in tf.__version__.split(".")[:2])
try:
    # --8<-- [start:wrong]
    train_ds = tf.data.Dataset.from_tensor_slices([features, labels])
    # --8<-- [end:wrong]
except (ValueError, TypeError) as err:
    error = err
else:
    raise AssertionError("expected a list of arrays to raise")
print(f"{type(error).__name__}:", error)
if release <= (2, 21):
    assert isinstance(error, ValueError), "expected ValueError"
    assert "Can't convert non-rectangular Python sequence" in str(
        error
    ), "expected a list to be read as one tensor"
else:  # the 2.23 nightly
    assert isinstance(error, TypeError), "expected TypeError"

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
log_path = os.path.join(tempfile.mkdtemp(), "stderr.log")
log_records = []
handler = logging.Handler()
handler.emit = log_records.append
logging.getLogger().addHandler(handler)
saved_stderr = os.dup(2)
with (
    open(log_path, "w") as log_file,
    warnings.catch_warnings(record=True) as stack_warnings,
):
    warnings.simplefilter("always")
    os.dup2(log_file.fileno(), 2)  # catch TensorFlow's C++ log
    stacked_ds = tf.data.Dataset.from_tensor_slices([features, targets])
    os.dup2(saved_stderr, 2)
os.close(saved_stderr)
logging.getLogger().removeHandler(handler)
with open(log_path) as log_file:
    log_lines = [  # TF 2.16-2.20 log the end of every iteration
        line
        for line in log_file.read().splitlines()
        if "End of sequence" not in line
    ]
said = stack_warnings + log_records + log_lines
assert said == [], "expected no warning, log record or log line"
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
