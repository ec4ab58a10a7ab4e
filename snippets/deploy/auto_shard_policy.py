"""`Could not apply FILE based sharding`: pick the multi-worker shard policy

When you hit it: multi-worker training
(`tf.distribute.MultiWorkerMirroredStrategy`) fails on the first batch
with `InvalidArgumentError: Could not apply FILE based sharding: the
dataset only has 1 file(s)`, or you wonder which examples each worker
reads.

What is going on: `strategy.experimental_distribute_dataset` cuts each
global batch into per-worker batches and shards the dataset by
`tf.data.Options().experimental_distribute.auto_shard_policy`. The
default, `AUTO`, gives each worker whole files. With 1 file for 2
workers, worker 0 raises on its first batch and worker 1's shard is
empty; with the default per-step check across workers, worker 1 then
fails with `UnavailableError: Collective ops is aborted`. With `DATA`,
every worker reads all records and keeps its part of each batch. A
source that reads no files (`from_tensor_slices`, `range`) falls back
from `AUTO` to `DATA` without a log line by default.

Pitfall: with `DATA` each worker still reads and decodes every record,
then drops the others' share. Write at least as many files as workers
and keep `AUTO` (or `FILE`).

Checked: two worker processes on localhost (`TF_CONFIG`, one CPU
replica each) run the shown code: a global batch of 4 becomes 2 + 2,
and `OFF` gives every worker all the data. Each case but the last runs
without the per-step check across workers
(`strategy.extended.experimental_enable_get_next_as_optional = False`),
so each worker reads its own batches; there, worker 1 ends with no
batches and no error on 1 file. Worker 0 runs with
`TF_CPP_VMODULE=auto_shard=2`, which logs the fallback (TF 2.20 logs no
such line with it); worker 1 with the default log settings. Batch with the
[global batch size](deploy.md#distributed-batch-size) first: that card
shows what `experimental_distribute_dataset` does with unbatched data
(on `MirroredStrategy`). Here, unbatched scalar records of unknown
shape (from `tf.io.parse_tensor`) make `DATA` raise
`InvalidArgumentError: Cannot rebatch dataset` on the first batch.

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

import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import time

import tensorflow as tf

GLOBAL_BATCH = 4
RELEASE = tuple(int(p) for p in tf.__version__.split(".")[:2])
WORKER = os.environ.get("AUTO_SHARD_WORKER")  # set in the 2 workers


def parse(record):
    return tf.io.parse_tensor(record, tf.int32)


def with_policy(dataset, policy):
    options = tf.data.Options()
    options.experimental_distribute.auto_shard_policy = getattr(
        tf.data.experimental.AutoShardPolicy, policy
    )
    return dataset.with_options(options)


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


def run_worker():
    """One worker: each case's local batches (or error) and its logs."""
    strategy = tf.distribute.MultiWorkerMirroredStrategy()
    # Each worker reads its batches alone: no per-step check across
    # workers of whether any of them still has data.
    strategy.extended.experimental_enable_get_next_as_optional = False
    parsed = []

    def counting_parse(record):
        def count(raw):
            parsed.append(1)
            return raw

        return parse(tf.py_function(count, [record], tf.string))

    def local_batches(dataset):
        parsed.clear()
        result = {"batches": [], "error": None, "distributed": False}
        try:
            dist_ds = strategy.experimental_distribute_dataset(dataset)
            result["distributed"] = True
            for batch in dist_ds:
                local = strategy.experimental_local_results(batch)[0]
                result["batches"].append(local.numpy().tolist())
        except tf.errors.OpError as err:
            first = re.sub(r"\{\{[^}]*\}\}\s*", "", err.message)
            result["error"] = (
                f"{type(err).__name__}: {first.splitlines()[0]}"
            )
        result["parsed"] = len(parsed)
        return result

    # --8<-- [start:wrong]
    train_ds = tf.data.TFRecordDataset(["train.tfrecord"]).map(parse)
    train_ds = train_ds.batch(GLOBAL_BATCH)  # the global batch
    # strategy.experimental_distribute_dataset(train_ds), 2 workers,
    # default AUTO policy: worker 0 raises InvalidArgumentError on its
    # first batch
    # --8<-- [end:wrong]
    results = {"AUTO, 1 file": local_batches(train_ds)}
    off_ds = with_policy(train_ds, "OFF")

    # --8<-- [start:right]
    options = tf.data.Options()
    options.experimental_distribute.auto_shard_policy = (
        tf.data.experimental.AutoShardPolicy.DATA  # or OFF: no sharding
    )
    train_ds = train_ds.with_options(options)
    # strategy.experimental_distribute_dataset(train_ds) then gives
    # worker 0 [0, 1], [4, 5] and worker 1 [2, 3], [6, 7]
    # --8<-- [end:right]
    results["DATA, 1 file"] = local_batches(train_ds)
    results["OFF, 1 file"] = local_batches(off_ds)

    parts = [f"part-{p}.tfrecord" for p in range(4)]
    files_ds = tf.data.TFRecordDataset(parts).map(counting_parse)
    for policy in ("AUTO", "FILE", "DATA"):
        results[f"{policy}, 4 files"] = local_batches(
            with_policy(files_ds.batch(GLOBAL_BATCH), policy)
        )
    results["DATA, unbatched"] = local_batches(
        with_policy(
            tf.data.TFRecordDataset(["train.tfrecord"]).map(parse),
            "DATA",
        )
    )
    in_memory = {
        "range": tf.data.Dataset.range(8),
        "from_tensor_slices": tf.data.Dataset.from_tensor_slices(
            tf.range(8)
        ),
    }
    for source, memory_ds in in_memory.items():
        batches, logged = capture_fd2(
            lambda ds=memory_ds: local_batches(ds.batch(GLOBAL_BATCH))
        )
        results[f"AUTO, {source}"] = batches
        results[f"AUTO, {source}, log"] = [
            line.split("] ", 1)[1]
            for line in logged.splitlines()
            if "sharding" in line.lower()
        ]
    results["FILE, range"] = local_batches(
        with_policy(
            tf.data.Dataset.range(8).batch(GLOBAL_BATCH), "FILE"
        )
    )
    # Last, as it ends the cluster: the default per-step check, so each
    # step all-reduces across workers whether any still has data. Both
    # workers first wait here, so that worker 0's exit aborts only this.
    open(f"ready-{WORKER}", "w").close()
    deadline = time.time() + 60
    while not all(os.path.exists(f"ready-{i}") for i in (0, 1)):
        assert time.time() < deadline, "the other worker never got here"
        time.sleep(0.1)
    strategy.extended.experimental_enable_get_next_as_optional = True
    results["AUTO, 1 file, default check"] = local_batches(
        tf.data.TFRecordDataset(["train.tfrecord"])
        .map(parse)
        .batch(GLOBAL_BATCH)
    )
    with open(f"worker-{WORKER}.json", "w") as out:
        json.dump(results, out)


def write_records(path, values):
    with tf.io.TFRecordWriter(path) as writer:
        for value in values:
            writer.write(
                tf.io.serialize_tensor(tf.constant(value)).numpy()
            )


def free_ports(count):
    sockets = [socket.socket() for _ in range(count)]
    for sock in sockets:
        sock.bind(("localhost", 0))
    ports = [sock.getsockname()[1] for sock in sockets]
    for sock in sockets:
        sock.close()
    return ports


def run_cluster():
    """Starts this file as workers 0 and 1; returns their results."""
    cluster = {"worker": [f"localhost:{p}" for p in free_ports(2)]}
    workers = []
    for index in (0, 1):
        env = {
            k: v
            for k, v in os.environ.items()
            if not k.startswith("TF_CPP")
        }
        env["AUTO_SHARD_WORKER"] = str(index)
        env["CUDA_VISIBLE_DEVICES"] = ""  # one CPU replica per worker
        env["TF_CONFIG"] = json.dumps(
            {
                "cluster": cluster,
                "task": {"type": "worker", "index": index},
            }
        )
        if index == 0:
            env["TF_CPP_VMODULE"] = "auto_shard=2"
        with open(f"worker-{index}.log", "w") as log:
            workers.append(
                subprocess.Popen(
                    [sys.executable, __file__],
                    env=env,
                    stdout=log,
                    stderr=subprocess.STDOUT,
                )
            )
    try:
        codes = [worker.wait(timeout=150) for worker in workers]
    finally:
        for worker in workers:
            if worker.poll() is None:
                worker.kill()
    for index, code in enumerate(codes):
        with open(f"worker-{index}.log") as log:
            tail = log.read()[-2000:]
        assert code == 0, f"worker {index} failed ({code}):\n{tail}"
    results = []
    for index in (0, 1):
        with open(f"worker-{index}.json") as result:
            results.append(json.load(result))
    return results


if WORKER is not None:
    run_worker()
    os._exit(0)  # skip the cluster's slow shutdown: results are saved

os.chdir(tempfile.mkdtemp())
write_records("train.tfrecord", range(8))
for part in range(4):
    write_records(
        f"part-{part}.tfrecord", range(part * 2, part * 2 + 2)
    )
assert (
    tf.data.Options().experimental_distribute.auto_shard_policy
    == tf.data.experimental.AutoShardPolicy.AUTO
), "expected AUTO to be the default"
worker_0, worker_1 = run_cluster()


def both(case, key="batches"):
    return [worker_0[case][key], worker_1[case][key]]


def show(case, *extra):
    first, second = both(case)
    print(f"{case}: worker 0 {first} | worker 1 {second}", *extra)


file_error = worker_0["AUTO, 1 file"]
print("AUTO, 1 file: worker 0", file_error["error"].split(" If you")[0])
print("              worker 1 no batches, no error (check off)")
assert file_error["error"].startswith(
    "InvalidArgumentError: Could not apply FILE based sharding: the "
    "dataset only has 1 file(s), which is not enough for the required "
    "2 shards/workers."
), "expected worker 0 to raise the FILE error"
assert (
    "consider setting the auto sharding policy to either DATA or OFF"
    in file_error["error"]
), "expected the error to suggest DATA or OFF"
assert file_error["distributed"] and not file_error["batches"], (
    "expected the error on worker 0's first batch"
)
assert worker_1["AUTO, 1 file"] == {
    "batches": [],
    "error": None,
    "distributed": True,
    "parsed": 0,
}, "expected worker 1 to get no data and no error"

default_check = [
    results["AUTO, 1 file, default check"]
    for results in (worker_0, worker_1)
]
print(
    "AUTO, 1 file, default check: worker 0",
    default_check[0]["error"].split(": Could")[0],
    "| worker 1",
    default_check[1]["error"].split(" by:")[0],
)
assert default_check[0]["error"].startswith(
    "InvalidArgumentError: Could not apply FILE based sharding"
), "expected worker 0 to raise the FILE error with the default check"
assert default_check[1]["error"].startswith(
    "UnavailableError: Collective ops is aborted"
), "expected worker 1 to fail once worker 0 exits"
assert not any(result["batches"] for result in default_check), (
    "expected no batches on either worker"
)
assert default_check[0]["distributed"], (
    "expected worker 0's error on its first batch, not at the call"
)

split = [[[0, 1], [4, 5]], [[2, 3], [6, 7]]]
show("DATA, 1 file")
assert both("DATA, 1 file") == split, (
    "expected each worker to keep its half of each global batch"
)
show("OFF, 1 file")
assert both("OFF, 1 file") == [[[0, 1], [2, 3], [4, 5], [6, 7]]] * 2, (
    "expected OFF to give every worker all the data"
)

for policy, reads in [("AUTO", 4), ("FILE", 4), ("DATA", 8)]:
    case = f"{policy}, 4 files"
    show(case, "| parsed {} + {} of 8".format(*both(case, "parsed")))
    assert both(case) == split, f"expected {case} to split 2 + 2"
    assert both(case, "parsed") == [reads, reads], (
        f"expected each worker to parse {reads} of 8 records with {policy}"
    )

for source in ("range", "from_tensor_slices"):
    case = f"AUTO, {source}"
    show(case)
    assert both(case) == split, (
        f"expected the DATA fallback on {source}"
    )
    assert not worker_1[f"{case}, log"], (
        f"expected no sharding log line on {source} by default"
    )
    fallback = worker_0[f"{case}, log"]
    if RELEASE == (2, 20):  # this release logs no fallback line
        assert not fallback, f"expected no log line on 2.20 ({source})"
        continue
    assert fallback and fallback[0].startswith(
        "AUTO sharding policy will apply DATA sharding policy as it failed "
        "to apply FILE sharding policy because of the following reason: "
        "Found an unshardable source dataset"
    ), f"expected auto_shard=2 to log the fallback on {source}"
print(
    "worker 0, TF_CPP_VMODULE=auto_shard=2:",
    fallback[0].split(" as it")[0] if fallback else "no sharding line",
)
print("worker 1, default log settings: no sharding line")

file_range = [
    results["FILE, range"] for results in (worker_0, worker_1)
]
unbatched = [
    results["DATA, unbatched"] for results in (worker_0, worker_1)
]
print("FILE, range:", file_range[0]["error"].split(": goo")[0])
print("DATA, unbatched:", unbatched[0]["error"].split(": All")[0])
for result in file_range:
    assert result["error"].startswith(
        "NotFoundError: Found an unshardable source dataset"
    ), "expected FILE on in-memory data to raise NotFoundError"
for result in unbatched:
    assert result["error"].startswith(
        "InvalidArgumentError: Cannot rebatch dataset"
    ), "expected DATA on unbatched records to fail"
    assert result["distributed"] and not result["batches"], (
        "expected the rebatch error on the first batch"
    )
