"""End the pipeline with prefetch(tf.data.AUTOTUNE)

When you hit it: your pipeline is written and you wonder where
`tf.data.Dataset.prefetch` goes, and whether it changes the data.

What is going on: `prefetch(n)` runs the steps above it in a background
thread and keeps up to `n` of its elements ready, so the next batch is
built while the model trains on the current one. `n` counts elements of
the dataset it is applied to: after `batch`, whole batches.
`tf.data.AUTOTUNE` lets the runtime pick `n`. It changes no element and
no order. What it saves is measured on the [Performance](performance.md)
page.

Pitfall: some tutorials call `prefetch` at the end a mistake and put it
right after the source. Only the steps above `prefetch` run ahead, so
put it last, where everything is above it.

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


plain = examples.map(preprocess).batch(4)
ahead = prepared_after_first_batch(plain.prefetch(2)) - (
    prepared_after_first_batch(plain)
)
print(
    "prefetch(2) after batch(4) readies 2+ whole batches:",
    ahead >= 2 * 4 and ahead % 4 == 0,
)
assert ahead >= 2 * 4, "expected prefetch(2) to hold two more batches"
assert ahead % 4 == 0, "expected prefetch after batch to count batches"
early = examples.map(preprocess).prefetch(2).batch(4)
early_ahead = prepared_after_first_batch(early) - (
    prepared_after_first_batch(plain)
)
assert early_ahead < ahead, "expected less work ahead when placed early"

same = [b.numpy().tolist() for b in train_ds]
assert same == [b.numpy().tolist() for b in examples.batch(4)], (
    "expected prefetch to change no element and no order"
)
assert train_ds.element_spec == plain.element_spec, "expected same spec"
assert tf.data.AUTOTUNE == -1, "expected AUTOTUNE to be the value -1"
