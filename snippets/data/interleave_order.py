"""interleave reads cycle_length files at a time, in a fixed order

When you hit it: your data is split over many files (shards) and you
read them with `tf.data.Dataset.interleave`.

What is going on: `interleave` opens `cycle_length` files and takes
`block_length` records from each in turn; when a file ends, the next
one takes its slot. `num_parallel_calls` reads ahead in parallel but
keeps that order unless you pass `deterministic=False`. What it costs
or saves in time is on the [Performance](performance.md) page.

Pitfall: left unset, `cycle_length` is the machine's CPU count, so the
record order differs between your laptop and the training server. Set
it, and still shuffle: neighbouring records come from few files.

severity: tip
topics: D3
"""

import os

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

order = [r.decode() for r in records.as_numpy_iterator()]
print(" ".join(order))
assert order[:6] == ["a0", "a1", "b0", "b1", "a2", "b2"], (
    "expected two files in turn, two records per turn"
)
assert order[6:] == ["c0", "c1", "d0", "d1", "c2", "d2"], (
    "expected the next files to take the slots of finished ones"
)
assert order == [r.decode() for r in records.as_numpy_iterator()], (
    "expected the same order on every pass despite parallel reads"
)


def read_all(**kwargs):
    dataset = shards.interleave(read_shard, **kwargs)
    return [r.decode() for r in dataset.as_numpy_iterator()]


cpus = len(os.sched_getaffinity(0))
assert read_all() == read_all(cycle_length=min(cpus, 4)), (
    "expected the default cycle_length to follow the CPU count"
)
assert read_all(cycle_length=1) != read_all(cycle_length=4), (
    "expected cycle_length to change the record order"
)
