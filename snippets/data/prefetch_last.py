"""End the pipeline with prefetch(tf.data.AUTOTUNE)

When you hit it: your pipeline is written and you wonder where
`tf.data.Dataset.prefetch` goes, and whether it changes the data.

What is going on: `prefetch(n)` runs the steps above it in a background
thread and buffers up to `n` of its elements, so the next batch is built
while the model trains on the current one. `n` counts elements of the
dataset it is applied to: after `batch`, whole batches.
`tf.data.AUTOTUNE` lets the runtime pick `n`. It changes no element and
no order. What it saves is measured on
[a Performance card](performance.md#pipeline-parallel-cache-prefetch).

Pitfall: steps below `prefetch` run only when asked, unless they are
asynchronous (a `map` fused with the `batch` after it) or the last
step, after which tf.data adds a `prefetch` of its own. Put `prefetch`
last, where everything is above it.

Checked: counts of examples prepared after one batch, on this
machine's CPU. With map-and-batch fusion and the injected `prefetch`
off, `prefetch(2)` after `batch(4)` prepared exactly 2 batches more
than no `prefetch`, and `prefetch(2)` before `batch(4)` 2 examples
more. With the defaults, a fused `map` and `batch` and the injected
`prefetch` each ran at least a batch ahead. Sources:
`tensorflow/python/data/ops/dataset_ops.py` (`DatasetV2.prefetch`, the
buffer bound) and `tensorflow/python/data/ops/options.py`
(`OptimizationOptions.inject_prefetch`, on by default).

severity: tip
topics: D8
aliases:
  - tf.data.experimental.AUTOTUNE
  - where to put prefetch in a tf.data pipeline
  - what does prefetch do in tf.data
  - does the prefetch buffer size count batches or examples
  - prefetch before or after batch
  - prefetch(1) or prefetch(tf.data.AUTOTUNE)
  - does prefetch change the order or contents of the data
"""

import time

import tensorflow as tf

prepared = []


def preprocess(index):  # counts examples prepared so far
    return tf.py_function(
        lambda i: prepared.append(1) or i, [index], tf.int64
    )


examples = tf.data.Dataset.range(100)

# --8<-- [start:show]
train_ds = (
    examples.map(preprocess, num_parallel_calls=tf.data.AUTOTUNE)
    .batch(4)
    .prefetch(tf.data.AUTOTUNE)  # last step
)
# --8<-- [end:show]


def prepared_after_first_batch(dataset, at_least):
    """Examples prepared once one batch is read: waits until `at_least`
    are (up to a minute, for a loaded machine), then half a second more
    for any extra."""
    prepared.clear()
    iterator = iter(dataset)
    next(iterator)
    deadline = time.monotonic() + 60
    while len(prepared) < at_least and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.5)
    count = len(prepared)
    del iterator
    return count


sync = tf.data.Options()  # nothing runs ahead unless asked
sync.experimental_optimization.map_and_batch_fusion = False
sync.experimental_optimization.inject_prefetch = False
no_inject = tf.data.Options()
no_inject.experimental_optimization.inject_prefetch = False

plain = examples.map(preprocess).batch(4)
early = examples.map(preprocess).prefetch(2).batch(4)
base = prepared_after_first_batch(plain.with_options(sync), 4)
after_batch = prepared_after_first_batch(
    plain.prefetch(2).with_options(sync), 12
)
before_batch = prepared_after_first_batch(early.with_options(sync), 6)
autotuned = prepared_after_first_batch(
    plain.prefetch(tf.data.AUTOTUNE).with_options(sync), 8
)
fused = prepared_after_first_batch(plain.with_options(no_inject), 8)
injected = prepared_after_first_batch(early, 10)
print(
    "examples prepared after one batch of 4, fusion and injection off:"
)
print(
    "  no prefetch:", base, "| prefetch(2) after batch(4):", after_batch
)
print("  prefetch(2) before batch(4):", before_batch)
print(
    "  prefetch(AUTOTUNE) after batch(4): a batch ahead or more:",
    autotuned >= 8,
)
print("defaults: fused map and batch run a batch ahead:", fused >= 8)
print(
    "defaults: batch after an early prefetch runs ahead:",
    injected >= 10,
)
assert base == 4, "expected a synchronous pipeline to prepare one batch"
assert after_batch - base == 2 * 4, (
    "expected prefetch(2) after batch(4) to buffer two whole batches"
)
assert before_batch - base == 2, (
    "expected prefetch(2) before batch to buffer two examples"
)
assert autotuned - base >= 4, (
    "expected AUTOTUNE to pick a buffer of 1 or more"
)
assert fused >= 8, "expected the fused map-and-batch to work ahead"
assert injected >= 10, (
    "expected the injected prefetch to run the batch below ahead"
)

same = [b.numpy().tolist() for b in train_ds]
assert same == [b.numpy().tolist() for b in examples.batch(4)], (
    "expected prefetch to change no element and no order"
)
assert train_ds.element_spec == plain.element_spec, "expected same spec"
assert tf.data.AUTOTUNE == -1, "expected AUTOTUNE to be the value -1"
