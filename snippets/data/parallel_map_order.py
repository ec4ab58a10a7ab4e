"""Parallel map keeps element order unless told not to

When you hit it: you speed up preprocessing with
`tf.data.Dataset.map(fn, num_parallel_calls=tf.data.AUTOTUNE)` and
wonder whether your elements still come out in order.

What is going on: parallel `map` runs `fn` on several elements at once
but, by default, hands results out in input order, so one slow element
holds up the rest. `deterministic=False`, or
`tf.data.Options().deterministic = False` for the whole pipeline (see
[pipeline options](data.md#data-options)), lets finished elements go
first. `tf.config.experimental.enable_op_determinism()` keeps the order
anyway, except in a dataset you already iterated before the call.
What a parallel `map` saves in time is measured on
[a Performance card](performance.md#pipeline-parallel-cache-prefetch).

Pitfall: with `deterministic=False`, never `zip` the result with
another dataset or rely on position: pairs silently go out of step.

Checked: one slow element among six, on this machine's CPU. The override
is documented in `tensorflow/python/framework/config.py`
(`enable_op_determinism`, its section on `tf.data`).

severity: silent
topics: D4
aliases:
  - does num_parallel_calls change the order of my data
  - does map with num_parallel_calls=AUTOTUNE preserve element order
  - images and labels mismatched after zip and a parallel map
  - slow images hold up the whole input pipeline
  - deterministic=False in Dataset.map for speed
  - does a parallel map reorder or shuffle the elements
"""

import logging
import os
import tempfile
import time
import warnings

import tensorflow as tf


def decode(record):  # element 0 is slow, like one huge image
    def work(value):
        if int(value) == 0:
            time.sleep(0.3)
        return value

    return tf.py_function(work, [record], tf.int64)


records = tf.data.Dataset.range(6)

# --8<-- [start:show]
ordered = records.map(decode, num_parallel_calls=tf.data.AUTOTUNE)
unordered = records.map(
    decode, num_parallel_calls=tf.data.AUTOTUNE, deterministic=False
)
# --8<-- [end:show]

in_order = [int(x) for x in ordered]
out_of_order = [int(x) for x in unordered]
print("default:            ", in_order)
print(
    "deterministic=False: slow element 0 first:", out_of_order[0] == 0
)
assert in_order == [0, 1, 2, 3, 4, 5], "expected input order by default"
assert out_of_order[0] != 0, "expected finished elements to overtake"
assert sorted(out_of_order) == in_order, "expected the same elements"

# --8<-- [start:zip]
labels = tf.data.Dataset.range(6)
pairs = tf.data.Dataset.zip(unordered, labels)  # out of step
# --8<-- [end:zip]
log_path = os.path.join(tempfile.mkdtemp(), "stderr.log")
log_records = []
handler = logging.Handler()
handler.emit = log_records.append
logging.getLogger().addHandler(handler)
saved_stderr = os.dup(2)
with (
    open(log_path, "w") as log_file,
    warnings.catch_warnings(record=True) as zip_warnings,
):
    warnings.simplefilter("always")
    os.dup2(log_file.fileno(), 2)  # catch TensorFlow's C++ log
    mismatched = sum(int(x) != int(y) for x, y in pairs)
    os.dup2(saved_stderr, 2)
os.close(saved_stderr)
logging.getLogger().removeHandler(handler)
with open(log_path) as log_file:
    log_lines = [  # TF 2.16-2.20 log the end of every iteration
        line
        for line in log_file.read().splitlines()
        if "End of sequence" not in line
    ]
said = zip_warnings + log_records + log_lines
assert said == [], "expected no warning, log record or log line"
print("mismatched pairs after zip:", mismatched > 0)
assert mismatched > 0, "expected zip to pair the wrong elements"

options = tf.data.Options()
options.deterministic = False
option_built_before = ordered.with_options(options)
argument_built_before = records.map(
    decode, num_parallel_calls=tf.data.AUTOTUNE, deterministic=False
)
tf.config.experimental.enable_op_determinism()  # global: proof last
iterated_before = [int(x) for x in unordered]  # iterated above
with_op_determinism = {
    "argument": [
        int(x)
        for x in records.map(
            decode,
            num_parallel_calls=tf.data.AUTOTUNE,
            deterministic=False,
        )
    ],
    "option": [
        int(x)
        for x in records.map(
            decode, num_parallel_calls=tf.data.AUTOTUNE
        ).with_options(options)
    ],
    "argument, built before": [int(x) for x in argument_built_before],
    "option, built before": [int(x) for x in option_built_before],
}
print("deterministic=False under op determinism:", with_op_determinism)
print(
    "iterated before enabling it, slow element 0 first:",
    iterated_before[0] == 0,
)
for route, result in with_op_determinism.items():
    assert result == [0, 1, 2, 3, 4, 5], (
        f"expected op determinism to keep the order ({route})"
    )
assert iterated_before[0] != 0, (
    "expected a dataset iterated before to keep reordering"
)
