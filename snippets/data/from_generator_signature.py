"""from_generator checks output_signature only when elements arrive

When you hit it: you wrap a Python generator with
`tf.data.Dataset.from_generator` to stream data that does not fit the
other sources.

What is going on: `output_signature` (a `tf.TensorSpec` per component)
is all the pipeline knows about your data. Nothing runs when you build
the dataset; each yielded value is converted and checked as it is read.
A wrong shape raises then. A wrong dtype may not: values are cast.

Pitfall: the shape error surfaces mid-epoch as `InvalidArgumentError`
(`generator yielded an element of shape (4,) where an element of shape
(3,) was expected`), and float data declared as `tf.int32` is truncated
without a word.

severity: crash
topics: D17
aliases:
  - with output_types is deprecated and will be removed in a future version
  - `generator` yielded an element that could not be converted to the expected type. The expected type was
  - feed a Python generator to model.fit through tf.data
  - from_generator turns my float values into integers
  - variable-length sequences from a generator: None in the TensorSpec shape
  - from_generator error appears in the middle of an epoch, not when the dataset is built
"""

import os
import tempfile
import warnings

import numpy as np
import tensorflow as tf

generator_runs = []


def read_rows():
    generator_runs.append("started")
    yield np.array([0.5, 1.5, 2.5], dtype=np.float32)
    yield np.array(
        [3.5, 4.5, 5.5, 6.5], dtype=np.float32
    )  # one too many


try:
    # --8<-- [start:wrong]
    train_ds = tf.data.Dataset.from_generator(
        read_rows,
        output_signature=tf.TensorSpec(shape=(3,), dtype=tf.int32),
    )
    rows = [row.numpy().tolist() for row in train_ds]  # raises at row 2
    # --8<-- [end:wrong]
except tf.errors.InvalidArgumentError as err:
    message = str(err)[str(err).index("`generator`") :].splitlines()[0]
print("InvalidArgumentError:", message)
assert "where an element of shape (3,) was expected" in message, (
    "expected the shape check to fire when the bad row is read"
)

log_path = os.path.join(tempfile.mkdtemp(), "stderr.log")
saved_stderr = os.dup(2)
with (
    open(log_path, "w") as log_file,
    warnings.catch_warnings(record=True) as cast_warnings,
):
    warnings.simplefilter("always")
    os.dup2(log_file.fileno(), 2)  # catch TensorFlow's C++ log
    first_row = next(iter(train_ds)).numpy().tolist()
    os.dup2(saved_stderr, 2)
os.close(saved_stderr)
with open(log_path) as log_file:
    cast_log = [
        line
        for line in log_file.read().lower().splitlines()
        if any(w in line for w in ("int32", "float", "cast", "convert"))
    ]
print("first row as int32:", first_row)
print(
    "warnings and log lines about the cast:", cast_warnings + cast_log
)
assert cast_warnings == [] and cast_log == [], (
    "expected no warning and no log line about the conversion"
)
assert first_row == [0, 1, 2], "expected floats silently cast to int32"

generator_runs.clear()
# --8<-- [start:right]
train_ds = tf.data.Dataset.from_generator(
    read_rows,
    output_signature=tf.TensorSpec(shape=(None,), dtype=tf.float32),
)
print(train_ds.element_spec)
# --8<-- [end:right]

runs_after_build = list(generator_runs)
batched_ds = (
    train_ds.map(lambda row: row * 2).padded_batch(2).prefetch(1)
)
runs_after_more_steps = list(generator_runs)
print("generator runs after building:", runs_after_more_steps)
assert runs_after_build == runs_after_more_steps == [], (
    "expected nothing to run while the dataset is built"
)
lengths = [int(tf.size(row)) for row in train_ds]
assert generator_runs == ["started"], "expected a run once read"
assert lengths == [3, 4], (
    "expected rows of any length with shape (None,)"
)
assert train_ds.cardinality() == tf.data.UNKNOWN_CARDINALITY, (
    "expected a generator dataset to have unknown length"
)
