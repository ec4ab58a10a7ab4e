"""Parallel map keeps element order unless you pass deterministic=False

When you hit it: you speed up preprocessing with
`tf.data.Dataset.map(fn, num_parallel_calls=tf.data.AUTOTUNE)` and
wonder whether your elements still come out in order.

What is going on: parallel `map` runs `fn` on several elements at once
but, by default, hands results out in input order, so one slow element
holds up the rest. `deterministic=False` lets finished elements go
first. The speed side is on the [Performance](performance.md) page.

Pitfall: with `deterministic=False`, never `zip` the result with
another dataset or rely on position: pairs silently go out of step.

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

import time

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
mismatched = sum(int(x) != int(y) for x, y in pairs)
print("mismatched pairs after zip:", mismatched > 0)
assert mismatched > 0, "expected zip to pair the wrong elements"
