"""Set pipeline-wide knobs once with tf.data.Options

When you hit it: you want every parallel step of a pipeline to trade
order for speed, or to cap its threads, without editing each `map`.

What is going on: a `tf.data.Options` object holds settings such as
`deterministic`, `autotune.enabled` and
`threading.private_threadpool_size`. Fields left `None` mean "the
default". `dataset.with_options(options)` applies them to the whole
pipeline, and several calls merge. A `deterministic=` argument given to
one `map` or `interleave` overrides the option for that step.

Pitfall: `options.deterministic = False` reorders every parallel step
that has no `deterministic=` argument of its own, including one deep
inside a helper, so anything you later `zip` goes out of step.
`experimental_deterministic` is an older alias of the same field.

severity: tip
topics: D9
"""

import time

import tensorflow as tf


def decode(record):  # element 0 is slow
    def work(value):
        if int(value) == 0:
            time.sleep(0.3)
        return value

    return tf.py_function(work, [record], tf.int64)


records = tf.data.Dataset.range(6)

# --8<-- [start:show]
options = tf.data.Options()
options.deterministic = False  # whole pipeline may reorder
options.threading.private_threadpool_size = 2

train_ds = records.map(
    decode, num_parallel_calls=tf.data.AUTOTUNE
).with_options(options)
kept_ds = records.map(
    decode, num_parallel_calls=tf.data.AUTOTUNE, deterministic=True
).with_options(options)  # the argument wins for this step
# --8<-- [end:show]

reordered = [int(x) for x in train_ds]
kept = [int(x) for x in kept_ds]
print("options.deterministic=False:", "slow element 0 first:",
      reordered[0] == 0)
print("map(deterministic=True):    ", kept)
assert reordered[0] != 0, "expected the option to allow reordering"
assert kept == [0, 1, 2, 3, 4, 5], "expected the map argument to win"

fresh = tf.data.Options()
assert fresh.deterministic is None, "expected None, meaning the default"
assert records.options().deterministic is None, "expected no setting"
merged = train_ds.with_options(tf.data.Options()).options()
assert merged.threading.private_threadpool_size == 2, "expected a merge"
legacy = tf.data.Options()
legacy.experimental_deterministic = False
assert legacy.deterministic is False, "expected an alias of deterministic"
