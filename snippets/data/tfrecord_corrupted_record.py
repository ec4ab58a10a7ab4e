"""A damaged TFRecord can raise DataLossError or silently lose records

When you hit it: a pass over a `tf.data.TFRecordDataset` stops with
`DataLossError: truncated record at 124` or `DataLossError: corrupted
record at 74`.

What is going on: the reader checks each record's length and checksums.
In an uncompressed file the error comes at the damage, after the good
records. A cut gives `truncated record at`, unless it falls between
records or inside a record's 12-byte header: then later records are
missing, with no error. Changed bytes give `corrupted record at`. The
number is a byte offset in the file. In a GZIP file it counts
decompressed bytes, a changed byte can give `inflate() failed with error
-3: …` before earlier records come out, and a cut can lose records
silently.

Pitfall: `ignore_errors()` does not skip one record: it stops reading
the damaged file at the error and goes on to the next file, without a
message. Check every file once (below) and compare its count with what
you wrote.

Checked: on this machine's CPU with files of five records (31 bytes
each, uncompressed): one cut short by 10 bytes, one with a changed byte
in its third record, one written with GZIP. Making a dataset reads
nothing: even a missing file raised `NotFoundError` only at the first
read. A changed byte in any part of a record (length, its checksum,
data, data checksum) gave `corrupted record at`. Cutting 1 to 19 bytes
off a file (the last record's header left whole) gave `truncated record
at`; cutting 20 to 31 (at the record boundary, or inside the header)
read 4 records with no error, and the check returned (4, None) for such
a file. `ignore_errors()` kept 11 of the 20 records of the first four
files, and after `batch` it also dropped the good records of each
failing batch. A GZIP file read without `compression_type="GZIP"` fails
at once: `corrupted record at 0 (Is this even a TFRecord file?)`.

A GZIP file of 100 such records (730 bytes here): cut by 40 bytes, it
read 95 records with no error; cut by 38, it gave `truncated record at
2945`, past the file's end (95 records of 31 bytes); with byte 365
changed, it read no record, though records end before that byte, and
`ignore_errors()` kept none of it, without a message, and went on to
the next file. The check reads every file in full, once. How records
are written and parsed: [TFRecord](data.md#tfrecord-write-parse).

severity: crash
topics: D30, D2, E18
aliases:
  - "DataLossError: corrupted record at 0 (Is this even a TFRecord file?)"
  - "truncated record at 124' failed with Read less bytes than requested"
  - "tensorflow.python.framework.errors_impl.DataLossError: corrupted record at"
  - tf.data.experimental.ignore_errors
  - how to skip corrupted records in a TFRecord file
  - check if a tfrecord file is corrupted before training
  - read a gzip compressed tfrecord, compression_type
  - tf.python_io.tf_record_iterator DataLossError
"""

import os
import tempfile
import warnings

import tensorflow as tf

folder = tempfile.mkdtemp()
spec = {"id": tf.io.FixedLenFeature([], tf.int64)}


def write(name, ids, options=None):
    path = os.path.join(folder, name)
    with tf.io.TFRecordWriter(path, options) as writer:
        for i in ids:
            feature = {
                "id": tf.train.Feature(
                    int64_list=tf.train.Int64List(value=[i])
                )
            }
            example = tf.train.Example(
                features=tf.train.Features(feature=feature)
            )
            writer.write(example.SerializeToString())
    return path


def damage(path, edit):
    with open(path, "rb") as handle:
        data = bytearray(handle.read())
    with open(path, "wb") as handle:
        handle.write(edit(data))


def ids_of(dataset):
    return [
        int(tf.io.parse_single_example(r, spec)["id"]) for r in dataset
    ]


def reason(err):
    """The reader's own words, without the op and function names."""
    return err.message.split("}} ")[-1].split(" [Op:")[0]


cut_path = write("part-0.tfrecord", range(0, 5))
good_path = write("part-1.tfrecord", range(5, 10))
flipped_path = write("part-2.tfrecord", range(10, 15))
gzip_path = write("part-3.tfrecord", range(15, 20), "GZIP")
record_size = os.path.getsize(good_path) // 5
damage(cut_path, lambda data: data[:-10])  # an interrupted copy
damage(
    flipped_path,
    lambda data: (
        data[: 2 * record_size + 15]
        + bytes([data[2 * record_size + 15] ^ 0xFF])
        + data[2 * record_size + 16 :]
    ),
)

seen = []
try:
    # --8<-- [start:wrong]
    train_ds = tf.data.TFRecordDataset(
        [cut_path, good_path]
    )  # no error
    for record in train_ds:  # reads, and checks, record by record
        seen.append(tf.io.parse_single_example(record, spec)["id"])
    # --8<-- [end:wrong]
except tf.errors.DataLossError as err:
    cut_reason = reason(err)
print("record size:", record_size, "bytes")
print("read before the error:", [int(i) for i in seen])
print("DataLossError:", cut_reason)
assert [int(i) for i in seen] == [0, 1, 2, 3], "expected 4 good records"
assert cut_reason.startswith("truncated record at 124"), cut_reason
assert 4 * record_size == 124, "expected a byte offset: record 5 starts"

part_errors = []
# a changed byte in record 3's length, its CRC, its data, its data CRC
for offset in (0, 8, 12, record_size - 4):
    part_path = write(f"part-byte-{offset}.tfrecord", range(5))
    damage(
        part_path,
        lambda data, at=2 * record_size + offset: (
            data[:at] + bytes([data[at] ^ 0xFF]) + data[at + 1 :]
        ),
    )
    try:
        ids_of(tf.data.TFRecordDataset(part_path))
    except tf.errors.DataLossError as err:
        part_errors.append(reason(err).split(" at ")[0])
assert part_errors == ["corrupted record"] * 4, part_errors

with open(good_path, "rb") as handle:
    full_data = handle.read()
cut_results = {}
for cut in range(1, record_size + 1):
    short_path = os.path.join(folder, f"short-{cut}.tfrecord")
    with open(short_path, "wb") as handle:
        handle.write(full_data[:-cut])
    count = 0
    try:
        for _ in tf.data.TFRecordDataset(short_path):
            count += 1
        cut_results[cut] = (count, None)
    except tf.errors.DataLossError as err:
        cut_results[cut] = (count, reason(err).split(" at ")[0])
silent_cuts = [
    cut for cut, (_, error) in cut_results.items() if not error
]
print(
    "bytes cut off with no error:",
    silent_cuts[0],
    "to",
    silent_cuts[-1],
)
assert all(
    cut_results[cut] == (4, "truncated record")
    for cut in range(1, record_size + 1)
    if len(full_data) - cut >= 4 * record_size + 12
), "expected truncated record once the last header is whole"
assert silent_cuts == [
    cut
    for cut in range(1, record_size + 1)
    if len(full_data) - cut < 4 * record_size + 12
], "expected no error at the boundary or inside the 12-byte header"
assert {cut_results[cut] for cut in silent_cuts} == {(4, None)}

errors = {}
for path, compression in [(flipped_path, ""), (gzip_path, "")]:
    try:
        ids_of(tf.data.TFRecordDataset(path, compression))
    except tf.errors.DataLossError as err:
        errors[os.path.basename(path)] = reason(err)
for name, text in errors.items():
    print(f"{name}: DataLossError: {text}")
assert errors["part-2.tfrecord"] == "corrupted record at 74", errors
assert 2 * record_size <= 74 < 3 * record_size, "expected record 3"
assert errors["part-3.tfrecord"] == (
    "corrupted record at 0 (Is this even a TFRecord file?)"
), "expected GZIP read as plain records to fail at byte 0"
assert ids_of(tf.data.TFRecordDataset(gzip_path, "GZIP")) == list(
    range(15, 20)
), "expected the GZIP file to read with compression_type"

plain_files = [cut_path, good_path, flipped_path]
# --8<-- [start:skip]
kept_ds = tf.data.TFRecordDataset(plain_files).ignore_errors()
# --8<-- [end:skip]
kept = ids_of(kept_ds) + ids_of(
    tf.data.TFRecordDataset(gzip_path).ignore_errors()
)
print("ignore_errors() kept:", kept)
assert kept == [0, 1, 2, 3, *range(5, 10), 10, 11], (
    "expected the rest of each damaged file dropped, the next file read"
)
batched = tf.data.TFRecordDataset(plain_files).batch(3).ignore_errors()
batched_ids = [i for batch in batched for i in ids_of(batch)]
print("batch(3), then ignore_errors():", batched_ids)
assert batched_ids == [0, 1, 2, *range(5, 11)], (
    "expected the failing batches' good records 3 and 11 dropped too"
)
missing_ds = tf.data.TFRecordDataset(os.path.join(folder, "missing"))
try:
    next(iter(missing_ds))
except tf.errors.NotFoundError:
    missing = "NotFoundError at the first read"
print("a dataset over a missing file:", missing)


def quiet_ids(dataset):
    """ids_of(dataset), the C++ log (file 2) and the Python warnings
    written while it ran."""
    saved_stderr = os.dup(2)
    with tempfile.TemporaryFile("w+") as log_file:
        os.dup2(log_file.fileno(), 2)  # where TensorFlow's C++ log goes
        try:
            with warnings.catch_warnings(
                record=True
            ) as python_warnings:
                warnings.simplefilter("always")
                ids = ids_of(dataset)
        finally:
            os.dup2(saved_stderr, 2)
        log_file.seek(0)
        return ids, log_file.read(), python_warnings


_, log_text, python_warnings = quiet_ids(
    tf.data.TFRecordDataset(plain_files).ignore_errors()
)
assert "record at" not in log_text, "expected no message from the skip"
assert not python_warnings, "expected no Python warning either"


# --8<-- [start:right]
def check_tfrecord(path, compression_type=""):
    """(records read, the error or None): one full read of the file.
    A file cut between records reads as good: compare the count."""
    count = 0
    try:
        for _ in tf.data.TFRecordDataset(path, compression_type):
            count += 1
    except tf.errors.DataLossError as err:
        return count, err.message.split("}} ")[-1].split(" [Op:")[0]
    return count, None


compression = {cut_path: "", good_path: "", flipped_path: ""}
compression[gzip_path] = "GZIP"
for path, kind in compression.items():
    print(os.path.basename(path), check_tfrecord(path, kind))
# --8<-- [end:right]
checks = {
    os.path.basename(p): check_tfrecord(p, kind)
    for p, kind in compression.items()
}
assert checks == {
    "part-0.tfrecord": (4, cut_reason),
    "part-1.tfrecord": (5, None),
    "part-2.tfrecord": (2, "corrupted record at 74"),
    "part-3.tfrecord": (5, None),
}, checks
boundary_path = os.path.join(folder, f"short-{record_size}.tfrecord")
assert check_tfrecord(boundary_path) == (4, None), (
    "expected a file cut between records to pass the check"
)
assert silent_cuts == list(range(20, 32)), silent_cuts
assert all(
    check_tfrecord(os.path.join(folder, f"short-{cut}.tfrecord"))
    == (4, None)
    for cut in silent_cuts
), "expected every silently cut file to pass the check"

gzip_path_100 = write("many.tfrecord.gz", range(100), "GZIP")
with open(gzip_path_100, "rb") as handle:
    gzip_data = handle.read()
gzip_damage = {
    "cut by 40 bytes": gzip_data[:-40],
    "cut by 38 bytes": gzip_data[:-38],
    "byte 365 changed": (
        gzip_data[:365]
        + bytes([gzip_data[365] ^ 0xFF])
        + gzip_data[366:]
    ),
}
gzip_checks = {}
for name, data in gzip_damage.items():
    damaged_path = os.path.join(folder, f"gzip {name}.tfrecord")
    with open(damaged_path, "wb") as handle:
        handle.write(data)
    gzip_checks[name] = check_tfrecord(damaged_path, "GZIP")
    print(f"GZIP, 100 records, {name}:", gzip_checks[name])
assert len(gzip_data) == 730, len(gzip_data)
assert check_tfrecord(gzip_path_100, "GZIP") == (100, None)
assert gzip_checks["cut by 40 bytes"] == (95, None), (
    "expected a GZIP cut to lose records with no error"
)
cut_count, cut_error = gzip_checks["cut by 38 bytes"]
assert cut_count == 95 and cut_error.startswith(
    "truncated record at 2945"
), cut_error
assert 2945 == 95 * record_size > len(gzip_data), (
    "expected an offset in the decompressed data, past the file's end"
)
flip_count, flip_error = gzip_checks["byte 365 changed"]
assert flip_count == 0 and flip_error.startswith(
    "inflate() failed with error -3: "
), "expected zlib's error before any record, though 365 is mid-file"
gzip_front_path = os.path.join(folder, "gzip front.tfrecord")
with open(gzip_front_path, "wb") as handle:
    handle.write(gzip_data[:365])  # what comes before byte 365
assert check_tfrecord(gzip_front_path, "GZIP")[0] > 0, (
    "expected whole records before byte 365"
)
gzip_kept, gzip_log, gzip_warnings = quiet_ids(
    tf.data.TFRecordDataset(
        [
            os.path.join(folder, "gzip byte 365 changed.tfrecord"),
            gzip_path,
        ],
        "GZIP",
    ).ignore_errors()
)
print(
    "GZIP, byte 365 changed, then part-3, ignore_errors():", gzip_kept
)
assert gzip_kept == list(range(15, 20)), (
    "expected none of the damaged GZIP file, then the next file"
)
assert "inflate" not in gzip_log and not gzip_warnings, (
    "expected no message from the GZIP skip either"
)
