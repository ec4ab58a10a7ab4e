"""Set pipeline-wide knobs once with tf.data.Options

When you hit it: you want every parallel step of a pipeline to trade
order for speed, or to cap its threads, without editing each `map`.

What is going on: a `tf.data.Options` object holds settings such as
`deterministic`, `autotune.enabled` and
`threading.private_threadpool_size`. Fields left `None` mean "the
default" (for `deterministic`: keep the order).
`dataset.with_options(options)` applies them to the whole pipeline, and
several calls merge. A `deterministic=` argument given to one `map` or
`interleave` overrides the option for that step, either way. Old names:
`experimental_deterministic` is deprecated but still sets
`deterministic`, silently; `experimental_optimization.autotune` is gone.

Pitfall: `options.deterministic = False` lets every parallel `map` and
`interleave` with no `deterministic=` argument of its own reorder, even
one upstream of a later `zip`, whose
[pairs then go out of step](data.md#parallel-map-order).

Checked: one slow element, on this machine's CPU.
[Op determinism](data.md#parallel-map-order) overrides the option.

severity: tip
topics: D9
aliases:
  - options.experimental_threading is deprecated. Use options.threading instead.
  - Cannot set the property autotune on OptimizationOptions.
  - is experimental_deterministic deprecated
  - options.experimental_optimization.autotune removed
  - turn off element order for every map in a pipeline at once
  - with_options to apply settings to a whole tf.data pipeline
"""

import logging
import time
import warnings

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


def order(dataset):
    return [int(x) for x in dataset]


parallel = records.map(decode, num_parallel_calls=tf.data.AUTOTUNE)
reordered = order(train_ds)
kept = order(kept_ds)
print(
    "options.deterministic=False: slow element 0 first:",
    reordered[0] == 0,
)
print("map(deterministic=True):    ", kept)
assert reordered[0] != 0, "expected the option to allow reordering"
assert kept == [0, 1, 2, 3, 4, 5], "expected the map argument to win"

zipped = tf.data.Dataset.zip(parallel, records).with_options(options)
pairs = [(int(x), int(y)) for x, y in zipped]
assert any(x != y for x, y in pairs), (
    "expected the option, set after zip, to reorder the map upstream"
)
assert tf.data.Options().deterministic is None, (
    "expected None by default"
)
assert order(parallel) == [0, 1, 2, 3, 4, 5], (
    "expected an unset option to keep the order"
)


def slow_first_shard(shard):  # shard 0 answers its first read late
    def work(value):
        if int(value) == 0:
            time.sleep(0.3)
        return value

    def read(i):
        return tf.py_function(work, [shard * 10 + i], tf.int64)

    return tf.data.Dataset.range(2).map(read)


def interleaved(pipeline_options=options, **kwargs):
    shards = tf.data.Dataset.range(2)
    return shards.interleave(
        slow_first_shard, cycle_length=2, num_parallel_calls=2, **kwargs
    ).with_options(pipeline_options)


ordered_option = tf.data.Options()
ordered_option.deterministic = True
overrides = {
    "interleave, option False": order(interleaved()),
    "interleave, option False, argument True": order(
        interleaved(deterministic=True)
    ),
    "interleave, option True, argument False": order(
        interleaved(ordered_option, deterministic=False)
    ),
    "map, option True, argument False": order(
        records.map(
            decode, num_parallel_calls=2, deterministic=False
        ).with_options(ordered_option)
    ),
}
for case, result in overrides.items():
    print(f"{case}: slow element first:", result[0] == 0)
assert overrides["interleave, option False"][0] != 0, (
    "expected the option to reorder an interleave"
)
assert overrides["interleave, option False, argument True"] == [
    0,
    10,
    1,
    11,
], "expected the interleave argument to win"
assert overrides["interleave, option True, argument False"][0] != 0, (
    "expected deterministic=False on the interleave to win"
)
assert overrides["map, option True, argument False"][0] != 0, (
    "expected deterministic=False on the map to win over the option"
)

one_thread = tf.data.Options()
one_thread.deterministic = False
one_thread.threading.private_threadpool_size = 1
assert order(parallel.with_options(one_thread)) == [0, 1, 2, 3, 4, 5], (
    "expected one private thread to leave nothing to reorder"
)
unordered = tf.data.Options()
unordered.deterministic = False
two_threads = tf.data.Options()
two_threads.threading.private_threadpool_size = 2
merged = parallel.with_options(unordered).with_options(two_threads)
assert order(merged)[0] != 0, (
    "expected a second with_options to keep the first one's setting"
)


def logged_and_warned(set_option):
    """Python warnings and log records (absl included) while setting."""
    records = []
    handler = logging.Handler()
    handler.emit = records.append
    logging.getLogger().addHandler(handler)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        set_option()
    logging.getLogger().removeHandler(handler)
    return [r.getMessage() for r in records] + [str(w) for w in caught]


legacy = tf.data.Options()
legacy_said = logged_and_warned(
    lambda: setattr(legacy, "experimental_deterministic", False)
)
threading_said = (
    logged_and_warned(  # the capture does see a deprecation
        lambda: setattr(
            legacy, "experimental_threading", legacy.threading
        )
    )
)
doc = type(legacy).experimental_deterministic.__doc__
print(
    "experimental_deterministic: doc", repr(doc), "| said:", legacy_said
)
assert doc == "DEPRECATED. Use `deterministic` instead.", (
    "expected the field documented as deprecated"
)
assert "experimental_threading is deprecated" in threading_said[0], (
    "expected the capture to catch a deprecation message"
)
assert legacy_said == [], "expected no warning or log for the old name"
assert order(parallel.with_options(legacy))[0] != 0, (
    "expected the old name to still reorder, as deterministic=False"
)

try:
    legacy.experimental_optimization.autotune = False
    old_autotune = "accepted"
except AttributeError as err:
    old_autotune = str(err)
print(
    "experimental_optimization.autotune: AttributeError:", old_autotune
)
assert "Cannot set the property autotune" in old_autotune, (
    "expected the old autotune path to be gone"
)
assert tf.data.Options().autotune.enabled is None, (
    "expected autotune.enabled to exist, None meaning the default"
)
