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
asynchronous themselves (a `map` fused with the `batch` after it). Put
`prefetch` last, where everything is above it.

Checked: after one batch, on this machine's CPU, `prefetch(2)` after
`batch(4)` had 2 or 3 more whole batches prepared than no `prefetch`
(the steps above keep work in flight too). The buffer bound is
documented in `tensorflow/python/data/ops/dataset_ops.py`
(`DatasetV2.prefetch`).

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


def prepared_after_first_batch(dataset):
    prepared.clear()
    iterator = iter(dataset)
    next(iterator)
    # Wait until the producer is idle: no new element for a whole second
    # (a loaded machine can pause it for a few tenths).
    count, still = -1, 0
    while still < 5:
        still = still + 1 if count == len(prepared) else 0
        count = len(prepared)
        time.sleep(0.2)
    return count


plain = examples.map(preprocess).batch(4)  # map and batch, fused
no_inject = tf.data.Options()
no_inject.experimental_optimization.inject_prefetch = False
base = prepared_after_first_batch(plain.with_options(no_inject))
ahead = prepared_after_first_batch(plain.prefetch(2)) - base
early = examples.map(preprocess).prefetch(2).batch(4)
early_ahead = prepared_after_first_batch(early) - base
auto_ahead = (
    prepared_after_first_batch(plain.prefetch(tf.data.AUTOTUNE)) - base
)
print("no prefetch: fused map and batch run a batch ahead:", base >= 8)
print(
    "prefetch(2) after batch(4) readies 2 or 3 more whole batches:",
    8 <= ahead <= 12 and ahead % 4 == 0,
)
print("prefetch(2) before batch readies less:", early_ahead < ahead)
assert base >= 8, (
    "expected the fused map-and-batch to work ahead on its own"
)
assert 2 * 4 <= ahead <= 3 * 4, "expected two (or three) more batches"
assert ahead % 4 == 0, "expected prefetch after batch to count batches"
assert early_ahead < ahead, "expected less work ahead when placed early"
assert auto_ahead >= 4, (
    "expected AUTOTUNE to pick a buffer of 1 or more"
)

same = [b.numpy().tolist() for b in train_ds]
assert same == [b.numpy().tolist() for b in examples.batch(4)], (
    "expected prefetch to change no element and no order"
)
assert train_ds.element_spec == plain.element_spec, "expected same spec"
assert tf.data.AUTOTUNE == -1, "expected AUTOTUNE to be the value -1"
