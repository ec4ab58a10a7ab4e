"""`Could not parse example input`: the record is not a `tf.train.Example`

When you hit it: reading a TFRecord file with
`tf.io.parse_single_example` stops at a record with
`InvalidArgumentError: … Could not parse example input, value: '0.5,1'`,
raised by a `ParseExampleV2` node.

What is going on: `tf.data.TFRecordDataset` checks only each record's
frame; `tf.io.parse_single_example` then reads its bytes as a serialized
`tf.train.Example`. The message quotes the record up to its first
NUL byte: here a CSV line written as is. The parser is lenient: some
bytes that are no Example, such as the CSV line `2.0,5`, parse as one
with no features. You then get `Feature: label (data type: int64) is
required but could not be found.` instead, or, with a `default_value`,
the default silently. Look at one record, then parse it for what it
is.

Pitfall: a record TF cannot parse, with a non-UTF-8 byte before any
NUL byte (here, JPEG bytes), cannot be quoted as Python text: you get
`UnicodeDecodeError: 'utf-8' codec can't decode byte 0xff in position
…: invalid start byte` instead.

Checked: `parse_example` after `batch` gives the same message, and a
1,001-byte record was quoted in full; the raw `float32` bytes of
`[0.5, 1.0]` (`tobytes()`) start with a NUL byte, so the message quotes
nothing: `value: '` (other arrays' bytes may instead be quoted up to
a NUL byte, parse with no features, or decode as no UTF-8). An empty
record, the CSV line `10.0,73.0` and a
`tf.io.serialize_tensor` record of a float tensor also parse as an
Example with no features; the tensor's bytes are not UTF-8, yet give
`Feature: … is required`, not a `UnicodeDecodeError`. Python's
protobuf decodes these three but rejects `2.0,5`, so `describe` tells
only what Python sees. A
`tf.train.SequenceExample` read as an Example keeps its context
features and drops its sequences: a `FixedLenFeature` for a sequence key
fails with `Feature: tokens (data type: int64) is required but could not
be found.`, and a `VarLenFeature` or `RaggedFeature` gives no values,
with no error. A gzip-compressed record gives the `UnicodeDecodeError`
too. A ZLIB file read without `compression_type`, or a CSV file of 12
bytes or more (a record header's length) given to `TFRecordDataset`,
fails in the reader before any parsing, as a GZIP file does:
`corrupted record at 0 (Is this even a TFRecord file?)`
([damaged files](data.md#tfrecord-corrupted-record)). A CSV file of 11
bytes reads as no records, with no error.
How to write and parse Examples: [TFRecord](data.md#tfrecord-write-parse).

severity: crash
topics: D2, E18
aliases:
  - "InvalidArgumentError: Could not parse example input, value: '...' [[{{node ParseSingleExample/ParseExample/ParseExampleV2}}]]"
  - Could not parse example input, value
  - "Name: <unknown>, Feature: label (data type: int64) is required but could not be found."
  - "UnicodeDecodeError: 'utf-8' codec can't decode byte 0xff in position: invalid start byte when reading a TFRecord"
  - how to inspect or print one record of a TFRecord file
  - parse a tf.train.SequenceExample TFRecord with parse_single_sequence_example
  - tf.train.Example.FromString DecodeError Error parsing message
  - how do I know what is inside a tfrecord file
"""

import gzip
import os
import re
import tempfile

import tensorflow as tf
from google.protobuf.message import DecodeError

folder = tempfile.mkdtemp()
OWN_WORDS = re.compile(
    r"(Could not parse example input.*|(Name: [^,]*, )?Feature: .*)"
)


def own_words(message):
    """The parser's words, without the op and iterator names."""
    return OWN_WORDS.search(message.split("\n")[0]).group(0)


def parse_error(dataset):
    """The exception the first element raises, and its own words."""
    try:
        next(iter(dataset))
    except tf.errors.InvalidArgumentError as err:
        return (
            "InvalidArgumentError",
            own_words(err.message),
            err.message,
        )
    except UnicodeDecodeError as err:
        return "UnicodeDecodeError", str(err), ""
    return "parsed", "", ""


def write_records(name, records, compression=None):
    path = os.path.join(folder, name)
    with tf.io.TFRecordWriter(path, compression) as writer:
        for record in records:
            writer.write(record)
    return path


label_feature = tf.train.Feature(
    int64_list=tf.train.Int64List(value=[1])
)
example = tf.train.Example(
    features=tf.train.Features(feature={"label": label_feature})
)
sequence = tf.train.SequenceExample()
sequence.context.feature["label"].CopyFrom(label_feature)
tokens = sequence.feature_lists.feature_list["tokens"]
for token in (3, 9):
    tokens.feature.add().int64_list.value.append(token)
jpeg = tf.io.encode_jpeg(tf.zeros([4, 4, 3], tf.uint8)).numpy()
jpeg_path = write_records("images.tfrecord", [jpeg])
sequence_path = write_records(
    "sequences.tfrecord", [sequence.SerializeToString()]
)
example_path = write_records(
    "examples.tfrecord", [example.SerializeToString()]
)

try:
    # --8<-- [start:wrong]
    csv_path = os.path.join(folder, "train.tfrecord")
    with tf.io.TFRecordWriter(csv_path) as writer:
        for row in ["0.5,1", "0.25,0"]:
            writer.write(row.encode())  # raw text, not an Example
    spec = {
        "x": tf.io.FixedLenFeature([], tf.float32),
        "label": tf.io.FixedLenFeature([], tf.int64),
    }
    train_ds = tf.data.TFRecordDataset(csv_path).map(
        lambda record: tf.io.parse_single_example(record, spec)
    )
    next(iter(train_ds))  # InvalidArgumentError
    # --8<-- [end:wrong]
except tf.errors.InvalidArgumentError as err:
    csv_words = own_words(err.message)
    csv_message = err.message
print("InvalidArgumentError:", csv_words)
assert csv_words == "Could not parse example input, value: '0.5,1'", (
    "expected the parser to quote the first record"
)
assert "{{node ParseSingleExample/ParseExample/ParseExampleV2}}" in (
    csv_message
), "expected the ParseExampleV2 node in the message"
batched_ds = (
    tf.data.TFRecordDataset(csv_path)
    .batch(2)
    .map(lambda records: tf.io.parse_example(records, spec))
)
kind, words, message = parse_error(batched_ds)
assert kind == "InvalidArgumentError" and words == csv_words, words
assert "{{node ParseExample/ParseExampleV2}}" in message, message
lenient_path = write_records("lenient.tfrecord", [b"2.0,5"])
kind, words, _ = parse_error(
    tf.data.TFRecordDataset(lenient_path).map(
        lambda record: tf.io.parse_single_example(record, spec)
    )
)
print("b'2.0,5' ->", f"{kind}:", words)
assert kind == "InvalidArgumentError" and words == (
    "Feature: label (data type: int64) is required but could not be "
    "found."
), "expected 2.0,5 to parse as an Example with no features"
spec_with_defaults = {
    "x": tf.io.FixedLenFeature([], tf.float32, default_value=-1.0),
    "label": tf.io.FixedLenFeature([], tf.int64, default_value=-1),
}
defaults = next(
    iter(
        tf.data.TFRecordDataset(lenient_path).map(
            lambda record: tf.io.parse_single_example(
                record, spec_with_defaults
            )
        )
    )
)
defaults = {
    key: value.numpy().item() for key, value in defaults.items()
}
print("b'2.0,5' with default_value ->", defaults)
assert defaults == {"label": -1, "x": -1.0}, "expected the defaults"
long_row = b"x" * 1000 + b"!"
kind, words, _ = parse_error(
    tf.data.TFRecordDataset(
        write_records("long.tfrecord", [long_row])
    ).map(lambda record: tf.io.parse_single_example(record, spec))
)
assert words.endswith(f"value: '{long_row.decode()}'"), (
    "expected the whole 1,001-byte record in the message"
)
float32_row = tf.constant([0.5, 1.0]).numpy().tobytes()
quoted = {}
for row in (float32_row, b"0.5\x00,1"):
    kind, words, message = parse_error(
        tf.data.TFRecordDataset(
            write_records("nul.tfrecord", [row])
        ).map(lambda record: tf.io.parse_single_example(record, spec))
    )
    assert kind == "InvalidArgumentError", kind
    quoted[row] = message
print(
    "float32 bytes ->", own_words(quoted[float32_row]).split(" [Op:")[0]
)
assert float32_row[:1] == b"\x00", "expected a NUL first"
assert "value: ' [Op:IteratorGetNext]" in quoted[float32_row], (
    "expected nothing quoted, and no closing quote"
)
assert "value: '0.5 [Op:IteratorGetNext]" in quoted[b"0.5\x00,1"], (
    "expected the quote cut at the NUL byte"
)
# Other float32 arrays' bytes fail the other two ways.
other_outcomes = {}
for row in (
    tf.constant([0.1, 0.2]).numpy().tobytes(),
    tf.random.stateless_uniform([8], seed=[0, 1]).numpy().tobytes(),
    tf.io.decode_raw(b"0.5,0.5,", tf.float32).numpy().tobytes(),
):
    other_outcomes[row] = parse_error(
        tf.data.TFRecordDataset(
            write_records("floats.tfrecord", [row])
        ).map(lambda record: tf.io.parse_single_example(record, spec))
    )
assert any(
    kind == "InvalidArgumentError" and "is required" in words
    for kind, words, _ in other_outcomes.values()
), "expected some float32 bytes to parse as an Example with no features"
assert any(
    kind == "InvalidArgumentError" and "value: '0.5,0.5,'" in words
    for kind, words, _ in other_outcomes.values()
), "expected some float32 bytes quoted as text"
assert any(
    kind == "UnicodeDecodeError"
    for kind, _, _ in other_outcomes.values()
), "expected some float32 bytes to fail as no UTF-8"

label_spec = {"label": tf.io.FixedLenFeature([], tf.int64)}
sequence_spec = {
    "label": tf.io.FixedLenFeature([], tf.int64),
    "tokens": tf.io.FixedLenFeature([], tf.int64),
}
context_only = next(
    iter(
        tf.data.TFRecordDataset(sequence_path).map(
            lambda record: tf.io.parse_single_example(
                record, label_spec
            )
        )
    )
)
print(
    "SequenceExample read as an Example:",
    {key: int(value) for key, value in context_only.items()},
)
assert int(context_only["label"]) == 1, "expected the context to parse"
kind, words, _ = parse_error(
    tf.data.TFRecordDataset(sequence_path).map(
        lambda record: tf.io.parse_single_example(record, sequence_spec)
    )
)
print(f"{kind}:", words)
assert words == (
    "Feature: tokens (data type: int64) is required but could not be "
    "found."
), "expected the sequence key to be missing, not a parse error"
sequence_record = sequence.SerializeToString()
var_len = tf.io.parse_single_example(
    sequence_record, {"tokens": tf.io.VarLenFeature(tf.int64)}
)["tokens"]
ragged = tf.io.parse_single_example(
    sequence_record, {"tokens": tf.io.RaggedFeature(tf.int64)}
)["tokens"]
assert var_len.values.numpy().tolist() == [], "expected no values"
assert ragged.numpy().tolist() == [], "expected no values, no error"

kind, words, _ = parse_error(
    tf.data.TFRecordDataset(jpeg_path).map(
        lambda record: tf.io.parse_single_example(record, label_spec)
    )
)
print(f"{kind}:", re.sub(r"position \d+", "position …", words))
assert kind == "UnicodeDecodeError", "expected no InvalidArgumentError"
assert jpeg[:1] == b"\xff", "expected 0xff, the JPEG's first byte"
assert words.startswith(
    "'utf-8' codec can't decode byte 0xff in position"
)
assert words.endswith(": invalid start byte"), words
gzip_path = write_records(
    "gzipped-records.tfrecord",
    [gzip.compress(example.SerializeToString())],
)
kind, words, _ = parse_error(
    tf.data.TFRecordDataset(gzip_path).map(
        lambda record: tf.io.parse_single_example(record, label_spec)
    )
)
assert kind == "UnicodeDecodeError" and "byte 0x8b" in words, words


# --8<-- [start:inspect]
def describe(raw):
    """What one serialized record holds, judged from its bytes."""
    try:
        tf.train.Example.FromString(raw)
    except DecodeError:  # Python's protobuf rejects it; TF's may not
        return f"not an Example, starts {raw[:6]!r}"
    as_sequence = tf.train.SequenceExample.FromString(raw)
    if as_sequence.feature_lists.feature_list:
        return "SequenceExample"
    if as_sequence.context.feature:  # an Example's features, same bytes
        return "Example"
    # empty, another proto, or text that happens to decode
    return f"no features, starts {raw[:6]!r}"


for path in [csv_path, jpeg_path, sequence_path, example_path]:
    raw = next(iter(tf.data.TFRecordDataset(path).take(1))).numpy()
    print(os.path.basename(path), "->", describe(raw))
# --8<-- [end:inspect]

kinds = {
    os.path.basename(path): describe(
        next(iter(tf.data.TFRecordDataset(path))).numpy()
    )
    for path in [csv_path, jpeg_path, sequence_path, example_path]
}
assert kinds == {
    "train.tfrecord": "not an Example, starts b'0.5,1'",
    "images.tfrecord": (
        "not an Example, starts b'\\xff\\xd8\\xff\\xe0\\x00\\x10'"
    ),
    "sequences.tfrecord": "SequenceExample",
    "examples.tfrecord": "Example",
}, kinds
try:
    tf.train.Example.FromString(b"0.5,1")
except DecodeError as err:
    decode_message = str(err)
print("DecodeError:", decode_message)
assert "Error parsing message" in decode_message, decode_message
tensor_record = tf.io.serialize_tensor(tf.constant([1.1, 2.2])).numpy()
assert b"\x00" not in tensor_record, "expected no NUL byte"
try:
    tensor_record.decode("utf-8")
except UnicodeDecodeError:
    pass
else:
    raise AssertionError("expected a float tensor record not UTF-8")
assert describe(b"2.0,5") == "not an Example, starts b'2.0,5'", (
    "expected Python's protobuf to reject what TF's parser accepts"
)
for raw in (b"", tensor_record, b"10.0,73.0"):
    assert describe(raw) == f"no features, starts {raw[:6]!r}", raw
    with_default = tf.io.parse_single_example(
        raw,
        {
            "label": tf.io.FixedLenFeature(
                [], tf.int64, default_value=-1
            )
        },
    )
    assert int(with_default["label"]) == -1, (
        "expected the default, silently"
    )
    try:
        tf.io.parse_single_example(raw, label_spec)
    except tf.errors.InvalidArgumentError as err:
        assert "Feature: label (data type: int64) is required" in str(
            err
        )
    else:
        raise AssertionError("expected the feature to be missing")
kind, words, _ = parse_error(
    tf.data.TFRecordDataset(
        write_records("tensor.tfrecord", [tensor_record])
    ).map(lambda record: tf.io.parse_single_example(record, label_spec))
)
assert kind == "InvalidArgumentError" and words.startswith(
    "Feature: label (data type: int64) is required"
), "expected a float tensor record to parse, not to be quoted"


# --8<-- [start:right]
def parse_csv(record):  # the CSV lines
    x, label = tf.io.decode_csv(record, record_defaults=[[0.0], [0]])
    return {"x": x, "label": label}


def parse_sequence(record):  # the SequenceExamples
    context, sequences = tf.io.parse_single_sequence_example(
        record,
        context_features=label_spec,
        sequence_features={
            "tokens": tf.io.FixedLenSequenceFeature([], tf.int64)
        },
    )
    return {**context, **sequences}


train_ds = tf.data.TFRecordDataset(csv_path).map(parse_csv)
sequence_ds = tf.data.TFRecordDataset(sequence_path).map(parse_sequence)
# --8<-- [end:right]
rows = [(round(float(r["x"]), 2), int(r["label"])) for r in train_ds]
print("CSV records:", rows)
assert rows == [(0.5, 1), (0.25, 0)], rows
parsed = next(iter(sequence_ds))
print(
    "SequenceExample:", int(parsed["label"]), parsed["tokens"].numpy()
)
assert parsed["tokens"].numpy().tolist() == [3, 9], (
    "expected the tokens"
)

zlib_path = write_records(
    "compressed.tfrecord", [example.SerializeToString()], "ZLIB"
)
try:
    next(
        iter(tf.data.TFRecordDataset(zlib_path))
    )  # no compression_type
except tf.errors.DataLossError as err:
    reader_message = err.message.split("}} ")[-1]
else:
    raise AssertionError("expected ZLIB to fail unread")
assert reader_message.startswith(
    "corrupted record at 0 (Is this even a TFRecord file?)"
), reader_message
zlib_record = next(iter(tf.data.TFRecordDataset(zlib_path, "ZLIB")))
assert describe(zlib_record.numpy()) == "Example", (
    "expected an Example once compression_type is given"
)
csv_sizes = {}
for text in ["x,lb\n0.5,1\n", "x,lbl\n0.5,1\n", "x,label\n0.5,1\n"]:
    plain_csv = os.path.join(folder, f"train-{len(text)}.csv")
    with open(plain_csv, "w") as handle:
        handle.write(text)
    try:
        count = len(list(tf.data.TFRecordDataset(plain_csv)))
        csv_sizes[len(text)] = f"{count} records"
    except tf.errors.DataLossError as err:
        assert (
            "corrupted record at 0 (Is this even a TFRecord file?)"
            in str(err)
        ), "expected a CSV file itself to fail in the reader"
        csv_sizes[len(text)] = "DataLossError"
print("CSV file given to TFRecordDataset, by size in bytes:", csv_sizes)
assert csv_sizes == {
    11: "0 records",
    12: "DataLossError",
    14: "DataLossError",
}, csv_sizes
