"""`num_parallel_reads=n` (an int) reads n files in turn, in a fixed order

When you hit it: you read many TFRecord shards and choose between
`tf.data.TFRecordDataset(files, num_parallel_reads=n)` and
`Dataset.from_tensor_slices(files).interleave(tf.data.TFRecordDataset,
...)`.

What is going on: an integer `num_parallel_reads=n` takes one record
from each of n files in turn, and keeps that order even under
`tf.data.Options().deterministic = False`. It also opens up to 2n
more files ahead. `interleave` with `cycle_length=n` gives the same
order, and sets each knob apart: files in the cycle, `block_length`,
parallel reads (`num_parallel_calls`), `deterministic`, and a function
per file (parse, skip a header). Its rules:
[interleave](data.md#interleave-order).

Pitfall: `num_parallel_reads=tf.data.AUTOTUNE` builds a plain
`interleave`: it reads in turn one file per three CPUs
([rounded up](data.md#interleave-order)), and follows
`Options().deterministic`. Here, with 2 CPUs, it read one file after
another. Neither form shuffles the file list: shuffle it first.

Checked: for n = 1 to 4 and 8 (more than the 4 files), the order
equals `interleave(cycle_length=n, block_length=1)`. The graph ops are
printed: `num_parallel_reads=n` builds the legacy parallel interleave
with `deterministic` set to true (`sloppy=False` in
`tensorflow/python/data/ops/readers.py`, `_create_dataset_reader`), and
`TFRecordDataset` has no argument to change it; `AUTOTUNE` builds
`interleave`'s op with `deterministic` left to the options. A slow
first record (32 MB, GZIP) let `interleave(deterministic=False)`, and
an `interleave` with `deterministic` unset under
`Options().deterministic = False`, answer from the other file first;
`num_parallel_reads=2` waited for it. Files open after the first
record, of 8 shards of 50 records (counted in `/proc/self/fd`): 3n
for n = 1 and 2, all 8 for n = 3, 2 for a sequential
`interleave(cycle_length=2)`, 6 for the shown one. The 2n ahead are
`prefetch_input_elements`, left `None` in `_create_dataset_reader`,
which `ParallelInterleaveDataset` sets to `2 * cycle_length`.
`num_parallel_reads=0` raises `cycle_length must be > 0`.

severity: tip
topics: D27, D3
aliases:
  - TFRecordDataset num_parallel_reads vs interleave num_parallel_calls
  - tf.data.TFRecordDataset(filenames, num_parallel_reads=tf.data.AUTOTUNE)
  - read TFRecord shards in parallel
  - is TFRecordDataset with num_parallel_reads deterministic
  - records from different files are interleaved one by one
  - tf.data.experimental.parallel_interleave(sloppy=False)
  - LegacyParallelInterleaveDatasetV2
"""

import contextlib
import inspect
import os
import time

import tensorflow as tf
from tensorflow.python.data.ops import readers

files = [f"{name}.tfrecord" for name in "abcd"]  # 3 records each
for path in files:
    with tf.io.TFRecordWriter(path) as writer:
        for i in range(3):
            writer.write(f"{path[0]}{i}".encode())


def read(dataset):
    return " ".join(r.decode() for r in dataset.as_numpy_iterator())


# --8<-- [start:show]
# one record from each of 2 files in turn, order fixed
records = tf.data.TFRecordDataset(files, num_parallel_reads=2)

# the same order; every knob can be set apart
names = tf.data.Dataset.from_tensor_slices(files)
records_too = names.interleave(
    tf.data.TFRecordDataset,
    cycle_length=2,  # files read in turn
    block_length=1,  # records per file per turn
    num_parallel_calls=2,  # files read in parallel
    deterministic=True,
)
# --8<-- [end:show]

order = read(records)
print("num_parallel_reads=2:", order)
print("interleave, 2 files: ", read(records_too))
print("no num_parallel_reads:", read(tf.data.TFRecordDataset(files)))
assert order == "a0 b0 a1 b1 a2 b2 c0 d0 c1 d1 c2 d2", (
    "expected one record per file in turn, two files at a time"
)
assert read(records_too) == order, "expected interleave to match"
assert read(tf.data.TFRecordDataset(files)) == (
    "a0 a1 a2 b0 b1 b2 c0 c1 c2 d0 d1 d2"
), "expected files one after another without num_parallel_reads"
for n in (1, 2, 3, 4, 8):
    assert read(
        tf.data.TFRecordDataset(files, num_parallel_reads=n)
    ) == (
        read(names.interleave(tf.data.TFRecordDataset, cycle_length=n))
    ), f"expected num_parallel_reads={n} = cycle_length={n}, block 1"


def interleave_ops(dataset):
    graph = tf.compat.v1.GraphDef()
    graph.ParseFromString(dataset._as_serialized_graph().numpy())
    return [
        f"{node.op}(deterministic={node.attr['deterministic'].s.decode()})"
        for node in graph.node
        if "Interleave" in node.op or "FlatMap" in node.op
    ]


built = {
    "num_parallel_reads=None": tf.data.TFRecordDataset(files),
    "num_parallel_reads=2": records,
    "num_parallel_reads=AUTOTUNE": tf.data.TFRecordDataset(
        files, num_parallel_reads=tf.data.AUTOTUNE
    ),
    "interleave": records_too,
}
ops = {name: interleave_ops(dataset) for name, dataset in built.items()}
for name, found in ops.items():
    print(f"{name}: {found}")
assert ops["num_parallel_reads=None"] == [
    "FlatMapDataset(deterministic=)"
]
assert ops["num_parallel_reads=2"] == [
    "LegacyParallelInterleaveDatasetV2(deterministic=true)"
], "expected the legacy op, deterministic"
assert ops["num_parallel_reads=AUTOTUNE"] == [
    "ParallelInterleaveDatasetV4(deterministic=default)"
], "expected AUTOTUNE to go through interleave"
assert ops["interleave"] == [
    "ParallelInterleaveDatasetV4(deterministic=true)"
], "expected interleave's own op"
reader_arguments = inspect.signature(tf.data.TFRecordDataset).parameters
assert "deterministic" not in reader_arguments, "no such argument"

cpus = len(os.sched_getaffinity(0))
autotuned = read(
    tf.data.TFRecordDataset(files, num_parallel_reads=tf.data.AUTOTUNE)
)
print(f"num_parallel_reads=AUTOTUNE on {cpus} CPUs:", autotuned)
assert autotuned == read(
    names.interleave(
        tf.data.TFRecordDataset, num_parallel_calls=tf.data.AUTOTUNE
    )
), "expected interleave's AUTOTUNE default number of files"
if cpus <= 3:  # a third of the CPUs, rounded up: one file
    assert autotuned == read(tf.data.TFRecordDataset(files)), (
        "expected one file after another on this machine"
    )

shuffled = names.shuffle(len(files), seed=1)
assert read(
    tf.data.TFRecordDataset(shuffled, num_parallel_reads=2)
) != (order), (
    "expected a shuffled file list to be read in its new order"
)

# A slow first record: does a faster file get to answer first?
gzip = tf.io.TFRecordOptions(compression_type="GZIP")
slow_files = ["slow.tfrecord.gz", "fast.tfrecord.gz"]
with tf.io.TFRecordWriter(slow_files[0], gzip) as writer:
    writer.write(b"s" * (32 * 2**20))  # 32 MB to inflate first
with tf.io.TFRecordWriter(slow_files[1], gzip) as writer:
    writer.write(b"fast")
unordered = tf.data.Options()
unordered.deterministic = False


def first_record(dataset):
    return (
        next(iter(dataset.with_options(unordered))).numpy()[:4].decode()
    )


slow_names = tf.data.Dataset.from_tensor_slices(slow_files)
unset = slow_names.interleave(  # deterministic left to the options
    lambda path: tf.data.TFRecordDataset(path, "GZIP"),
    cycle_length=2,
    num_parallel_calls=2,
)
assert interleave_ops(unset) == ops["num_parallel_reads=AUTOTUNE"], (
    "expected AUTOTUNE's op, deterministic=default"
)
firsts = {
    "interleave, deterministic unset": first_record(unset),
    "interleave(deterministic=False)": first_record(
        slow_names.interleave(
            lambda path: tf.data.TFRecordDataset(path, "GZIP"),
            cycle_length=2,
            num_parallel_calls=2,
            deterministic=False,
        )
    ),
    "num_parallel_reads=2": first_record(
        tf.data.TFRecordDataset(
            slow_files, "GZIP", num_parallel_reads=2
        )
    ),
}
print(
    "first record, slow file first, Options.deterministic=False:",
    firsts,
)
assert firsts["num_parallel_reads=2"] == "ssss", (
    "expected the order kept"
)
if cpus > 1:  # with one CPU the reads do not overlap
    assert firsts["interleave(deterministic=False)"] == "fast", (
        "expected a faster file to answer first"
    )
    assert firsts["interleave, deterministic unset"] == "fast", (
        "expected the options to give up the order"
    )

# Files open after the first record: the cycle, and 2n read ahead.
shards = [f"shard-{i}.tfrecord" for i in range(8)]
for path in shards:
    with tf.io.TFRecordWriter(path) as writer:
        for _ in range(50):  # enough that no file ends early
            writer.write(b"x")


def open_shards():
    targets = set()
    for fd in os.listdir("/proc/self/fd"):
        with contextlib.suppress(OSError):
            targets.add(
                os.path.basename(os.readlink(f"/proc/self/fd/{fd}"))
            )
    return len(targets & set(shards))


def files_open(dataset, expected, wait=10.0):
    """The most shard files open at once after the first record."""
    deadline = time.monotonic() + wait
    while open_shards() and time.monotonic() < deadline:
        time.sleep(0.01)  # the previous case's files are closed
    iterator = iter(dataset)
    next(iterator)
    most = 0
    while most < expected and time.monotonic() < deadline:
        most = max(most, open_shards())
        time.sleep(0.01)
    time.sleep(0.2)  # would more open?
    most = max(most, open_shards())
    del iterator
    return most


shard_names = tf.data.Dataset.from_tensor_slices(shards)
opened = {
    "num_parallel_reads=1": (
        tf.data.TFRecordDataset(shards, None, None, 1),
        3,
    ),
    "num_parallel_reads=2": (
        tf.data.TFRecordDataset(shards, None, None, 2),
        6,
    ),
    "num_parallel_reads=3": (
        tf.data.TFRecordDataset(shards, None, None, 3),
        8,
    ),
    "interleave(cycle_length=2)": (
        shard_names.interleave(tf.data.TFRecordDataset, cycle_length=2),
        2,
    ),
    "the shown interleave": (
        shard_names.interleave(
            tf.data.TFRecordDataset,
            cycle_length=2,
            block_length=1,
            num_parallel_calls=2,
            deterministic=True,
        ),
        6,
    ),
}
counts = {
    name: files_open(dataset, expected)
    for name, (dataset, expected) in opened.items()
}
print("shard files open after the first record, of 8:", counts)
assert counts == {name: n for name, (_, n) in opened.items()}, (
    "expected the cycle and 2 * cycle_length files read ahead"
)
reader_source = inspect.getsource(readers._create_dataset_reader)
assert "prefetch_input_elements=None" in reader_source, "left unset"
interleave_source = inspect.getsource(
    readers.ParallelInterleaveDataset.__init__
)
assert "argument_default=2 * cycle_length" in interleave_source, (
    "expected 2 * cycle_length files read ahead by default"
)

try:
    read(tf.data.TFRecordDataset(files, num_parallel_reads=0))
except tf.errors.InvalidArgumentError as err:
    zero = str(err).split("}} ")[-1].split(" [Op")[0]
print("num_parallel_reads=0: InvalidArgumentError:", zero)
assert "`cycle_length` must be > 0" in zero, "expected cycle_length > 0"
