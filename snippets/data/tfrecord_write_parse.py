"""Write tf.train.Example records; parse them with a matching feature spec

When you hit it: you store training data as TFRecord files and read them
back with `tf.data.TFRecordDataset` and `tf.io.parse_single_example`.

What is going on: a file holds serialized `tf.train.Example` protos, each
a dict of int64, float or bytes lists. The reader knows nothing of their
shapes; your feature description says them. `tf.io.FixedLenFeature([])`
means exactly one value; a list whose length varies needs
`tf.io.RaggedFeature` (or `VarLenFeature`, which gives a `SparseTensor`).

Pitfall: a `FixedLenFeature([])` for a variable-length list fails only
at the first record whose list does not hold exactly one value,
possibly deep in training, with `Can't parse serialized Example`.

severity: crash
topics: D2
aliases:
  - "Key: label.  Can't parse serialized Example: Some int64_list slice was not parsed."
  - "Feature: x (data type: float) is required but could not be found."
  - "Number of int64 values != expected. Values size: 3 but output shape: []"
  - tf.python_io.TFRecordWriter
  - how to store a variable-length list in a TFRecord
  - read a variable-length feature with VarLenFeature or RaggedFeature
  - write NumPy arrays to a TFRecord file
"""

import os
import tempfile

import tensorflow as tf


# --8<-- [start:write]
def to_example(label, tokens):
    feature = {
        "label": tf.train.Feature(
            int64_list=tf.train.Int64List(value=[label])
        ),
        "tokens": tf.train.Feature(
            int64_list=tf.train.Int64List(value=tokens)
        ),
    }
    return tf.train.Example(features=tf.train.Features(feature=feature))


path = os.path.join(tempfile.mkdtemp(), "train.tfrecord")
with tf.io.TFRecordWriter(path) as writer:
    for label, tokens in [(0, [7]), (1, [3, 9]), (0, [4, 4, 2])]:
        writer.write(to_example(label, tokens).SerializeToString())
# --8<-- [end:write]

try:
    # --8<-- [start:wrong]
    spec = {
        "label": tf.io.FixedLenFeature([], tf.int64),
        "tokens": tf.io.FixedLenFeature([], tf.int64),  # one value
    }
    bad_ds = tf.data.TFRecordDataset(path).map(
        lambda record: tf.io.parse_single_example(record, spec)
    )
    rows = [row for row in bad_ds]  # fails at the second record
    # --8<-- [end:wrong]
except tf.errors.InvalidArgumentError as err:
    message = str(err)[str(err).index("Key:") :].splitlines()[0]
print("InvalidArgumentError:", message)
assert "Can't parse serialized Example" in message, (
    "expected a parse error"
)
records = iter(bad_ds)
first = next(records)  # one token: parses
try:
    next(records)
    second = "parsed"
except tf.errors.InvalidArgumentError:
    second = "InvalidArgumentError"
print("first record:", int(first["tokens"]), "| second record:", second)
assert int(first["tokens"]) == 7, (
    "expected the one-token record to parse"
)
assert second == "InvalidArgumentError", "expected record 2 to fail"

# --8<-- [start:right]
spec = {
    "label": tf.io.FixedLenFeature([], tf.int64),
    "tokens": tf.io.RaggedFeature(tf.int64),  # any length
}
train_ds = tf.data.TFRecordDataset(path).map(
    lambda record: tf.io.parse_single_example(record, spec)
)
for row in train_ds:
    print(int(row["label"]), row["tokens"].numpy().tolist())
# --8<-- [end:right]

token_lists = [row["tokens"].numpy().tolist() for row in train_ds]
assert token_lists == [[7], [3, 9], [4, 4, 2]], (
    "expected every token list back, whatever its length"
)
assert train_ds.element_spec["tokens"].shape.as_list() == [None], (
    "expected a 1-D tensor of unknown length per record"
)
sparse_spec = {"tokens": tf.io.VarLenFeature(tf.int64)}
sparse_row = tf.io.parse_single_example(
    next(iter(tf.data.TFRecordDataset(path))), sparse_spec
)
assert isinstance(sparse_row["tokens"], tf.SparseTensor), (
    "expected VarLenFeature to give a SparseTensor"
)
assert train_ds.cardinality() == tf.data.UNKNOWN_CARDINALITY, (
    "expected a TFRecord file to have unknown cardinality"
)
