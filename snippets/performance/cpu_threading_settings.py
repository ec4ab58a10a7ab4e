"""Set CPU thread pools before the first op, then read them back

When you hit it: several training jobs share one machine, or a
container gets fewer cores than the host has, and threads fight.

What is going on: `tf.config.threading.set_intra_op_parallelism_threads`
sizes the pool one op (a big matmul) splits across;
`set_inter_op_parallelism_threads` sizes the pool that runs independent
ops at once. The default, `0`, lets TensorFlow choose from the cores it
sees. tf.data has its own knobs: `tf.data.Options().threading`
(`private_threadpool_size`, `max_intra_op_parallelism`), read back from
`dataset.options()`. The run proves the tf.data pool takes effect: with
one thread, four parallel reads (simulated with `time.sleep`) run one
after another.

Tuning advice: start from the defaults; when jobs share a machine, give
each about its share of cores; measure each change.

Pitfall: set the `tf.config.threading` pools before any op runs. After
the runtime starts, a different value raises `RuntimeError: Intra op
parallelism cannot be modified after initialization.`

severity: tip
topics: F5
"""

import time

import tensorflow as tf

intra_default = tf.config.threading.get_intra_op_parallelism_threads()
inter_default = tf.config.threading.get_inter_op_parallelism_threads()

# --8<-- [start:show]
# First thing in the program, before any op runs:
tf.config.threading.set_intra_op_parallelism_threads(2)
tf.config.threading.set_inter_op_parallelism_threads(2)


def read_record(index):
    def slow_read(index):
        time.sleep(0.02)  # simulated I/O latency
        return index

    return tf.py_function(slow_read, [index], tf.int64)


def reads_with_pool(threads):
    options = tf.data.Options()
    options.threading.private_threadpool_size = threads
    options.threading.max_intra_op_parallelism = 1
    records = tf.data.Dataset.range(8)
    records = records.map(read_record, num_parallel_calls=4)
    return records.with_options(options)
# --8<-- [end:show]


def best_ms(dataset, repeats=2):
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in dataset:
            pass
        times.append((time.perf_counter() - start) * 1000)
    return min(times)


one_thread, four_threads = reads_with_pool(1), reads_with_pool(4)
read_back = one_thread.options().threading
serial_ms, parallel_ms = best_ms(one_thread), best_ms(four_threads)

try:
    tf.config.threading.set_intra_op_parallelism_threads(1)
except RuntimeError as err:
    message = str(err)

print("defaults: intra", intra_default, "inter", inter_default)
print("set: intra", tf.config.threading.get_intra_op_parallelism_threads(),
      "inter", tf.config.threading.get_inter_op_parallelism_threads())
print("tf.data: private_threadpool_size", read_back.private_threadpool_size,
      "max_intra_op_parallelism", read_back.max_intra_op_parallelism)
print("pool of 1 serialises the 4 parallel reads:",
      serial_ms > 2 * parallel_ms)
print("RuntimeError:", message)

assert (intra_default, inter_default) == (0, 0), "expected 0: TF chooses"
assert tf.config.threading.get_intra_op_parallelism_threads() == 2, (
    "expected the intra-op setting to read back")
assert tf.config.threading.get_inter_op_parallelism_threads() == 2, (
    "expected the inter-op setting to read back")
assert read_back.private_threadpool_size == 1, "expected pool size 1"
assert read_back.max_intra_op_parallelism == 1, "expected 1 read back"
assert serial_ms > 2 * parallel_ms, (
    "expected a one-thread pool to run the parallel reads one by one")
assert "cannot be modified after initialization" in message, (
    "expected a RuntimeError once the runtime has started")
