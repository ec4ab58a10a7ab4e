"""keras.utils.split_dataset does not shuffle unless you ask

When you hit it: you cut one dataset into training and validation sets
with `keras.utils.split_dataset(dataset, left_size=0.8)`.

What is going on: it accepts a `tf.data.Dataset` or NumPy arrays and
returns two `tf.data.Dataset`s. It reads every element of the input into
memory right away, then slices: with the default `shuffle=False` the
left part is the first 80 % in their original order. Pass
`shuffle=True, seed=...` for a random, repeatable split.

Pitfall: on data sorted by class or date, the default split gives a
validation set of only the last classes or the latest dates, silently.
And since it loads everything, keep it for datasets that fit in memory.

severity: silent
topics: D14
aliases:
  - train test split of a tf.data dataset
  - how to split a tf.data dataset into training and validation sets
  - validation set contains only one class
  - sklearn train_test_split equivalent for tf.data
  - split_dataset left_size right_size
  - split_dataset uses a lot of memory
"""

import logging
import os
import tempfile
import warnings

import keras
import numpy as np
import tensorflow as tf

labels = np.repeat([0, 1, 2], 10)  # sorted by class
examples = tf.data.Dataset.from_tensor_slices(labels)

# --8<-- [start:wrong]
train_ds, val_ds = keras.utils.split_dataset(examples, left_size=0.8)
# --8<-- [end:wrong]
val_classes = sorted({int(y) for y in val_ds})
print("default split, validation classes:", val_classes)
assert val_classes == [2], "expected only the last class in validation"
assert isinstance(val_ds, tf.data.Dataset), "expected a tf.data.Dataset"
assert len(train_ds) == 24 and len(val_ds) == 6, "expected an 80/20 cut"
assert [int(y) for y in train_ds] == labels[:24].tolist(), (
    "expected the first 80 % in their original order"
)
ten_classes = np.repeat(np.arange(10), 10)
log_path = os.path.join(tempfile.mkdtemp(), "stderr.log")
log_records = []
handler = logging.Handler()
handler.emit = log_records.append
logging.getLogger().addHandler(handler)
saved_stderr = os.dup(2)
with (
    open(log_path, "w") as log_file,
    warnings.catch_warnings(record=True) as split_warnings,
):
    warnings.simplefilter("always")
    os.dup2(log_file.fileno(), 2)  # catch TensorFlow's C++ log
    _, ten_val = keras.utils.split_dataset(ten_classes, left_size=0.8)
    ten_val_classes = sorted({int(y) for y in ten_val})
    os.dup2(saved_stderr, 2)
os.close(saved_stderr)
logging.getLogger().removeHandler(handler)
with open(log_path) as log_file:
    log_lines = [  # TF 2.16-2.20 log the end of every iteration
        line
        for line in log_file.read().splitlines()
        if "End of sequence" not in line
    ]
said = split_warnings + log_records + log_lines
assert said == [], "expected no warning, log record or log line"
print("10 sorted classes, validation classes:", ten_val_classes)
assert ten_val_classes == [8, 9], "expected only the last classes"

# --8<-- [start:right]
train_ds, val_ds = keras.utils.split_dataset(
    examples, left_size=0.8, shuffle=True, seed=42
)
# --8<-- [end:right]
val_classes = sorted({int(y) for y in val_ds})
print("shuffled split, validation classes:", val_classes)
assert len(val_classes) > 1, "expected several classes in validation"
_, val_again = keras.utils.split_dataset(
    examples, left_size=0.8, shuffle=True, seed=42
)
same_split = [int(y) for y in val_ds] == [int(y) for y in val_again]
print("same seed, same validation elements:", same_split)
assert same_split, "expected the seeded split to repeat"
left, right = keras.utils.split_dataset(labels, left_size=0.8)
assert isinstance(left, tf.data.Dataset), (
    "expected datasets from arrays"
)

reads = []


def load(index):  # counts reads of the source
    return tf.py_function(
        lambda i: reads.append(1) or i, [index], tf.int64
    )


source = tf.data.Dataset.range(30).map(load)
keras.utils.split_dataset(source, left_size=0.8)
assert len(reads) == 30, "expected the whole input read at split time"
