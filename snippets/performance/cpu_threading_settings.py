"""tf.data has its own threads: size them with `Options().threading`

When you hit it: several training jobs share one machine, or a
container gets fewer cores than the host has: you cap TensorFlow's
threads and need the input pipeline capped too.

What is going on: `tf.config.threading` sizes the pools that run ops;
[set them before the first op](setup.md#thread-pools-before-first-op).
A parallel `Dataset.map` is not limited by them. Give each dataset a
thread budget with `tf.data.Options().threading.private_threadpool_size`.
Here both op pools are set to 1 thread, yet a pipeline with no private
pool and one with a private pool of 4 both overlap the parallel reads
(simulated with `time.sleep`); a private pool of 1 runs them one after
another.

Tuning advice: start from the defaults; when jobs share a machine, give
each about its share of cores, for ops and for tf.data, and measure
each change.

Pitfall: capping `tf.config.threading` alone does not cap the input
pipeline. Set `private_threadpool_size` too when jobs must share cores.

Checked: the run compares wall times of sleeping reads, which do not
need a free core, on this machine (2 CPU cores, TensorFlow 2.21 CPU
build); it prints only the comparison.

severity: tip
topics: F5
aliases:
  - tf.data uses too many threads
  - limit tf.data threads in a container
  - private_threadpool_size
  - experimental_threading.max_intra_op_parallelism
  - set_inter_op_parallelism_threads does not limit the input pipeline
  - input pipeline uses every CPU core despite tf.config.threading
  - several training jobs share one machine and compete for CPU cores
  - tf.ConfigProto device_count CPU or intra_op_parallelism_threads does not limit the tf.data pipeline threads
"""

import os
import time

import tensorflow as tf

READ_S = 0.1  # seconds per simulated read

# --8<-- [start:show]
tf.config.threading.set_intra_op_parallelism_threads(1)  # op pools
tf.config.threading.set_inter_op_parallelism_threads(1)


def read_record(index):
    def slow_read(index):
        time.sleep(READ_S)  # simulated I/O latency
        return index

    return tf.py_function(slow_read, [index], tf.int64)


def records_with_pool(threads):
    options = tf.data.Options()
    options.threading.private_threadpool_size = threads
    records = tf.data.Dataset.range(8)
    records = records.map(read_record, num_parallel_calls=4)
    return records.with_options(options)


# --8<-- [end:show]


def best_s(dataset, repeats=2):
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in dataset:
            pass
        times.append(time.perf_counter() - start)
    return min(times)


serial_s = best_s(records_with_pool(1))
parallel_s = best_s(records_with_pool(4))
default_records = tf.data.Dataset.range(8).map(
    read_record, num_parallel_calls=4
)  # no private pool: the default tf.data threads
default_s = best_s(default_records)
op_pools = (
    tf.config.threading.get_inter_op_parallelism_threads(),
    tf.config.threading.get_intra_op_parallelism_threads(),
)
thread_names = []
for task in os.listdir("/proc/self/task"):
    with open(f"/proc/self/task/{task}/comm") as comm:
        thread_names.append(comm.read().strip())
print("op pools (inter, intra):", op_pools)
print("pool of 1: 8 reads one by one:", serial_s >= 8 * READ_S)
print("pool of 4: reads overlap:     ", parallel_s < serial_s / 2)
print("no private pool: reads overlap:", default_s < 0.75 * 8 * READ_S)

assert op_pools == (1, 1), "expected both op pools set to 1 thread"
if "tf_Compute" in thread_names:  # TF 2.21 names them (Linux)
    assert thread_names.count("tf_Compute") == 1, (
        "expected one inter-op thread running"
    )
assert serial_s >= 8 * READ_S, (
    "expected a pool of 1 to run reads serially"
)
assert parallel_s < serial_s / 2, (
    "expected a pool of 4 to overlap reads although the op pools have 1"
)
assert default_s < 0.75 * 8 * READ_S, (
    "expected a default parallel map to overlap reads although both op"
    " pools have 1 thread"
)
