"""`Could not apply FILE based sharding`: pick the multi-worker shard policy

When you hit it: multi-worker training
(`tf.distribute.MultiWorkerMirroredStrategy`) fails on the first batch
with `InvalidArgumentError: Could not apply FILE based sharding: the
dataset only has 1 file(s)`, or you wonder which examples each worker
reads.

What is going on: `strategy.experimental_distribute_dataset` shards the
dataset on each worker by
`tf.data.Options().experimental_distribute.auto_shard_policy`. The
default, `AUTO`, gives each worker whole files, and raises when there
are fewer files than workers. A source that reads no files
(`from_tensor_slices`, `range`) falls back to `DATA`: every worker reads
everything and keeps its share. TensorFlow 2.21 logs that fallback only
at C++ verbose level 2. `OFF` gives every worker all the data.

Pitfall: with `DATA` each worker still reads and decodes every record,
then drops the others' share. With many workers, write at least as many
files as workers and keep `AUTO` (or `FILE`).

Checked: one process applies the rewrite `experimental_distribute_dataset`
applies on each worker (the internal `_AutoShardDataset`) for worker
0 and 1 of 2; no cluster is started. The fallback message comes from a
child process started with `TF_CPP_VMODULE=auto_shard=2`.

severity: crash
topics: P8, T12
aliases:
  - AUTO sharding policy will apply DATA sharding policy as it failed
  - Found an unshardable source dataset
  - consider setting the auto sharding policy to either DATA or OFF
  - tf.data.experimental.AutoShardPolicy
  - does each worker see the whole dataset in multi-worker training
  - options.experimental_distribute.auto_shard_policy = AutoShardPolicy.OFF
  - each machine reads the full dataset instead of its own shard
  - dataset.shard(num_shards, index) by hand
  - how many TFRecord files to write for distributed training
  - autoshardpolicy OFF vs DATA vs FILE: what changes when auto sharding is turned off
"""

import os
import subprocess
import sys
import tempfile

import tensorflow as tf
from tensorflow.python.data.experimental.ops import distribute


def worker_view(dataset, worker, workers=2):
    """What `experimental_distribute_dataset` leaves to one worker."""
    sharded = distribute._AutoShardDataset(
        dataset, workers, worker, num_replicas=workers
    )
    return [int(v) for v in sharded]


def capture_fd2(action):
    """Runs action() with file descriptor 2 (C++ logs) sent to a file."""
    sys.stderr.flush()
    saved = os.dup(2)
    with tempfile.TemporaryFile() as log:
        os.dup2(log.fileno(), 2)
        try:
            result = action()
        finally:
            sys.stderr.flush()
            os.dup2(saved, 2)
            os.close(saved)
        log.seek(0)
        return result, log.read().decode()


def write_records(path, values):
    with tf.io.TFRecordWriter(path) as writer:
        for value in values:
            writer.write(
                tf.io.serialize_tensor(tf.constant(value)).numpy()
            )


def parse(record):
    return tf.io.parse_tensor(record, tf.int32)


os.chdir(tempfile.mkdtemp())
write_records("train.tfrecord", range(8))
for part in range(4):
    write_records(
        f"part-{part}.tfrecord", range(part * 2, part * 2 + 2)
    )

# --8<-- [start:wrong]
train_ds = tf.data.TFRecordDataset(["train.tfrecord"]).map(parse)
# 2 workers, default AUTO policy: InvalidArgumentError on first batch
# --8<-- [end:wrong]
try:
    worker_view(train_ds, worker=0)
except tf.errors.InvalidArgumentError as err:
    message = str(err).split("}} ")[-1].split(" If you")[0]
else:
    raise AssertionError(
        "expected AUTO on 1 file for 2 workers to raise"
        " InvalidArgumentError"
    )
print("InvalidArgumentError:", message)
assert message.startswith(
    "Could not apply FILE based sharding: the "
    "dataset only has 1 file(s)"
), "expected FILE error"
assert "not enough for the required 2 shards/workers" in message
assert worker_view(train_ds, worker=0, workers=1) == list(range(8)), (
    "expected one worker (no sharding) to read the file fine"
)

# --8<-- [start:right]
options = tf.data.Options()
options.experimental_distribute.auto_shard_policy = (
    tf.data.experimental.AutoShardPolicy.DATA  # or OFF: no sharding
)
train_ds = train_ds.with_options(options)
# --8<-- [end:right]
data_shards = [worker_view(train_ds, w) for w in (0, 1)]
print(
    "DATA, 1 file: worker 0",
    data_shards[0],
    " worker 1",
    data_shards[1],
)
assert data_shards == [[0, 2, 4, 6], [1, 3, 5, 7]], (
    "expected each worker to keep every second record"
)

parts = sorted(f"part-{p}.tfrecord" for p in range(4))
files_ds = tf.data.TFRecordDataset(parts).map(parse)
file_shards = [worker_view(files_ds, w) for w in (0, 1)]
print(
    "AUTO, 4 files: worker 0",
    file_shards[0],
    " worker 1",
    file_shards[1],
)
assert file_shards == [[0, 1, 4, 5], [2, 3, 6, 7]], (
    "expected AUTO to hand each worker whole files"
)

parsed = []


def counting_parse(record):
    def count(raw):
        parsed.append(1)
        return raw

    return parse(tf.py_function(count, [record], tf.string))


for policy, expected_reads in [("AUTO", 4), ("DATA", 8)]:
    counted = tf.data.Options()
    counted.experimental_distribute.auto_shard_policy = getattr(
        tf.data.experimental.AutoShardPolicy, policy
    )
    parsed.clear()
    worker_view(
        tf.data.TFRecordDataset(parts)
        .map(counting_parse)
        .with_options(counted),
        worker=0,
    )
    print(f"{policy}, 4 files: worker 0 parsed", len(parsed), "of 8")
    assert len(parsed) == expected_reads, (
        f"expected worker 0 to parse {expected_reads} records with {policy}"
    )
assert (
    tf.data.Options().experimental_distribute.auto_shard_policy
    == tf.data.experimental.AutoShardPolicy.AUTO
), "expected AUTO to be the default"

memory_ds = tf.data.Dataset.from_tensor_slices(tf.range(8))
memory_shard, logged = capture_fd2(lambda: worker_view(memory_ds, 0))
print(
    "AUTO, from_tensor_slices: worker 0",
    memory_shard,
    "| C++ log lines:",
    len(logged.strip().splitlines()),
)
assert memory_shard == [0, 2, 4, 6], "expected the silent DATA fallback"
assert "sharding" not in logged, "expected nothing logged by default"

off = tf.data.Options()
off.experimental_distribute.auto_shard_policy = (
    tf.data.experimental.AutoShardPolicy.OFF
)
assert worker_view(memory_ds.with_options(off), 0) == list(range(8)), (
    "expected OFF to give a worker every element"
)
by_file = tf.data.Options()
by_file.experimental_distribute.auto_shard_policy = (
    tf.data.experimental.AutoShardPolicy.FILE
)
try:
    capture_fd2(lambda: worker_view(memory_ds.with_options(by_file), 0))
except tf.errors.NotFoundError as err:
    unshardable = str(err).split("}} ")[-1].split(":")[0]
else:
    raise AssertionError(
        "expected FILE on in-memory data to raise NotFoundError"
    )
assert unshardable == "Found an unshardable source dataset", (
    "expected FILE on in-memory data to raise NotFoundError"
)

child = (
    "import tensorflow as tf\n"
    "from tensorflow.python.data.experimental.ops import distribute\n"
    "ds = tf.data.Dataset.range(8)\n"
    "list(distribute._AutoShardDataset(ds, 2, 0, num_replicas=2))\n"
)
result = subprocess.run(
    [sys.executable, "-c", child],
    env=dict(os.environ, TF_CPP_VMODULE="auto_shard=2"),
    capture_output=True,
    text=True,
    check=True,
)
fallback = [
    line.split("] ", 1)[1]
    for line in result.stderr.splitlines()
    if "auto_shard.cc" in line
]
assert fallback, (
    "expected TF_CPP_VMODULE=auto_shard=2 to log the fallback from"
    " auto_shard.cc on stderr; no such line"
)
print(
    "with TF_CPP_VMODULE=auto_shard=2:", fallback[0].split(": goo")[0]
)
assert fallback[0].startswith(
    "AUTO sharding policy will apply DATA sharding policy as it failed "
    "to apply FILE sharding policy because of the following reason: "
    "Found an unshardable source dataset"
), "expected the fallback message at verbose level 2"
