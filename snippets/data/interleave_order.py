"""interleave reads cycle_length files at a time, in a fixed order

When you hit it: your data is split over many files (shards) and you
read them with `tf.data.Dataset.interleave`.

What is going on: `interleave` opens `cycle_length` files and takes
`block_length` records from each in turn; when a file ends, the next
one takes its slot. `num_parallel_calls` reads ahead in parallel but
keeps that order unless you pass `deterministic=False`. Left unset,
`cycle_length` comes from the number of CPUs the process may use: all
of them, or a third (rounded up) with `num_parallel_calls=AUTOTUNE`.
What it costs or saves in time is on the [Performance](performance.md)
page.

Pitfall: with `cycle_length` unset, the record order depends on the
machine, so your laptop and the training server read in different
orders. Set it, and still shuffle: neighbouring records come from few
files.

severity: tip
topics: D3
aliases:
  - tf.data.experimental.parallel_interleave
  - parallel_interleave(sloppy=True) is deprecated, use interleave with num_parallel_calls
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
    """The cycle_length whose order matches the unset default."""
    default = read_many(**kwargs)
    return [
        n
        for n in range(1, cpus + 3)
        if read_many(cycle_length=n, **kwargs) == default
    ]


plain = default_cycle()
autotuned = default_cycle(num_parallel_calls=tf.data.AUTOTUNE)
print(
    f"CPUs the process may use: {cpus}; unset cycle_length acts as",
    plain,
    "| with num_parallel_calls=AUTOTUNE:",
    autotuned,
)
assert plain == [cpus], "expected the default to be the CPU count"
assert autotuned == [math.ceil(cpus / 3)], (
    "expected a third of the CPUs with num_parallel_calls=AUTOTUNE"
)
