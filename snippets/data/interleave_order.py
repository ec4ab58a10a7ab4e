"""interleave reads cycle_length files at a time, in a fixed order

When you hit it: your data is split over many files (shards) and you
read them with `tf.data.Dataset.interleave`.

What is going on: `interleave` opens `cycle_length` files and takes
`block_length` records from each in turn; when a file ends, the next
one takes its slot. `num_parallel_calls` reads ahead in parallel but
keeps that order unless you pass `deterministic=False` or set
[`tf.data.Options().deterministic`](data.md#data-options) to `False`.
`tf.config.experimental.enable_op_determinism()` keeps the order even
with the argument, in an `interleave` built after it. Left unset,
`cycle_length` is the number of CPUs the process may use; with
`num_parallel_calls=n`, it is `n`, and an `n` above the CPU count
raises `InvalidArgumentError` once you iterate; with `AUTOTUNE`, a
third of the CPUs, rounded up.

Pitfall: with `cycle_length` unset, the record order depends on the CPU
count, and a fixed `num_parallel_calls` that fits a big server fails on
a smaller machine. Set it, and still shuffle: neighbouring records come
from few files.

Checked: each default against this machine's CPU count (printed); the
unset default again with the process pinned to one CPU (acts as 1).
With the recorded 2 CPUs a third rounds up to 1, which other rules
would give too; that rule rests on `ComputeCycleLength` in TensorFlow's
`tensorflow/core/kernels/data/parallel_interleave_dataset_op.cc`.

severity: tip
topics: D3
aliases:
  - tf.data.experimental.parallel_interleave
  - what replaces parallel_interleave(sloppy=True)
  - If sloppy execution is desired, use `tf.data.Options.deterministic`
  - read many TFRecord shards in parallel
  - mix records from many files in tf.data
  - example order is not reproducible across machines
  - how many files does interleave open at once
  - what cycle_length and block_length mean
"""

import math
import os
import time

import tensorflow as tf


def read_shard(name):  # stands in for tf.data.TFRecordDataset(name)
    index = tf.data.Dataset.range(3).map(tf.strings.as_string)
    return index.map(lambda i: tf.strings.join([name, i]))


shards = tf.data.Dataset.from_tensor_slices(["a", "b", "c", "d"])

# --8<-- [start:show]
records = shards.interleave(
    read_shard,
    cycle_length=2,  # files open at once
    block_length=2,  # records taken from one file per turn
    num_parallel_calls=tf.data.AUTOTUNE,
)
# --8<-- [end:show]


def read_all(dataset):
    return [r.decode() for r in dataset.as_numpy_iterator()]


order = read_all(records)
print(" ".join(order))
assert order[:6] == ["a0", "a1", "b0", "b1", "a2", "b2"], (
    "expected two files in turn, two records per turn"
)
assert order[6:] == ["c0", "c1", "d0", "d1", "c2", "d2"], (
    "expected the next files to take the slots of finished ones"
)
sequential = shards.interleave(
    read_shard, cycle_length=2, block_length=2
)
assert order == read_all(sequential), (
    "expected parallel reads to keep the sequential order"
)


def slow_first_shard(name):  # file "a" answers its first read late
    def wait(value, shard):
        if shard == b"a" and value == b"a0":
            time.sleep(0.3)
        return value

    lines = read_shard(name)
    return lines.map(
        lambda r: tf.py_function(wait, [r, name], tf.string)
    )


def first_record(**kwargs):
    dataset = shards.interleave(
        slow_first_shard, cycle_length=2, num_parallel_calls=2, **kwargs
    )
    return read_all(dataset)[0]


cpus = len(os.sched_getaffinity(0))
assert first_record() == "a0", "expected the order kept by default"
if cpus > 1:  # with one CPU, the reads do not overlap
    assert first_record(deterministic=False) != "a0", (
        "expected deterministic=False to let a faster file go first"
    )

# The unset default, on any machine: more files than CPUs.
many = tf.data.Dataset.from_tensor_slices(
    [f"s{i}-" for i in range(cpus + 2)]
)


def read_many(**kwargs):
    return read_all(many.interleave(read_shard, **kwargs))


def default_cycle(**kwargs):
    """The cycle_length whose (sequential) order matches the default."""
    default = read_many(**kwargs)
    return [
        n
        for n in range(1, cpus + 3)
        if read_many(cycle_length=n) == default
    ]


plain = default_cycle()
autotuned = default_cycle(num_parallel_calls=tf.data.AUTOTUNE)
one_call = default_cycle(num_parallel_calls=1)
all_calls = default_cycle(num_parallel_calls=cpus)
too_many_ds = many.interleave(read_shard, num_parallel_calls=cpus + 1)
try:  # building it went through; reading raises
    read_all(too_many_ds)
    too_many = "no error"
except tf.errors.InvalidArgumentError as err:
    too_many = str(err).split("}} ")[-1].splitlines()[0]
if cpus > 1:  # let the process use one CPU, then restore
    allowed = os.sched_getaffinity(0)
    os.sched_setaffinity(0, {min(allowed)})
    try:
        pinned = default_cycle()
    finally:
        os.sched_setaffinity(0, allowed)
    assert pinned == [1], "expected the CPUs the process may use"
print(
    f"CPUs the process may use: {cpus}; unset cycle_length acts as",
    plain,
    "| with num_parallel_calls=AUTOTUNE:",
    autotuned,
)
print("with num_parallel_calls=1:", one_call, "| =CPUs:", all_calls)
print("num_parallel_calls=CPUs + 1: InvalidArgumentError:", too_many)
assert plain == [cpus], "expected the default to be the CPU count"
assert one_call == [1], "expected cycle_length = num_parallel_calls"
assert all_calls == [cpus], "expected cycle_length = num_parallel_calls"
assert "a value less than or equal to `cycle_length`" in too_many, (
    "expected more calls than CPUs to fail with cycle_length unset"
)
assert autotuned == [math.ceil(cpus / 3)], (
    "expected a third of the CPUs with num_parallel_calls=AUTOTUNE"
)

if cpus > 1:
    options = tf.data.Options()
    options.deterministic = False
    option_first = read_all(
        shards.interleave(
            slow_first_shard, cycle_length=2, num_parallel_calls=2
        ).with_options(options)
    )[0]
    assert option_first != "a0", "expected the option to reorder too"
tf.config.experimental.enable_op_determinism()  # global: proof last
determined = first_record(deterministic=False)
print(
    "deterministic=False under op determinism, first record:",
    determined,
)
assert determined == "a0", "expected op determinism to keep the order"
