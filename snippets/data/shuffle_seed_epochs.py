"""shuffle(seed=...) still reshuffles every epoch; that is the default

When you hit it: you pass a `seed` to `tf.data.Dataset.shuffle` for
reproducibility and expect the same order every epoch, or you fear a
seed freezes it.

What is going on: the seed fixes the *sequence* of orders, not one
order. With the default `reshuffle_each_iteration=True`, each epoch
gets a new order, and a rerun of the program repeats the same sequence.
`reshuffle_each_iteration=False` keeps one order for every epoch, which
is what you want for a validation split taken after the shuffle.

Pitfall: `shuffle` then `take`/`skip` to split train and validation,
with reshuffling on, shuffles again for each split: validation elements
show up in training. Pass `reshuffle_each_iteration=False` there.

severity: tip
topics: D6
aliases:
  - same shuffle order in every epoch
  - does shuffle(seed=...) give the same order every epoch
  - train and validation overlap after shuffle, take and skip
  - reshuffle_each_iteration=False for a fixed validation split
  - reproducible shuffling in tf.data
  - iterating a shuffled dataset twice gives a different order each pass
  - predictions and labels no longer match after shuffle, because each pass reshuffles
"""

import tensorflow as tf

examples = tf.data.Dataset.range(10)

# --8<-- [start:show]
each_epoch = examples.shuffle(10, seed=7)
fixed = examples.shuffle(10, seed=7, reshuffle_each_iteration=False)
# --8<-- [end:show]


def epochs(ds, n=2):
    return [[int(x) for x in ds] for _ in range(n)]


default_orders = epochs(each_epoch)
fixed_orders = epochs(fixed)
print("default:", default_orders)
print("fixed:  ", fixed_orders)
assert default_orders[0] != default_orders[1], (
    "expected a new order each epoch by default"
)
assert default_orders == epochs(examples.shuffle(10, seed=7)), (
    "expected the same sequence of orders from the same seed"
)
assert fixed_orders[0] == fixed_orders[1], "expected one fixed order"

# --8<-- [start:wrong]
shuffled = examples.shuffle(10, seed=7)
val_ds, train_ds = shuffled.take(3), shuffled.skip(3)
# --8<-- [end:wrong]
leaked = {int(x) for x in val_ds} & {int(x) for x in train_ds}
print("validation elements also in training:", sorted(leaked))
assert leaked, "expected the two splits to overlap"

# --8<-- [start:right]
shuffled = examples.shuffle(10, seed=7, reshuffle_each_iteration=False)
val_ds, train_ds = shuffled.take(3), shuffled.skip(3)
# --8<-- [end:right]
seen_in_val = {int(x) for _ in range(3) for x in val_ds}
assert len(seen_in_val) == 3, "expected a fixed validation split"
assert seen_in_val.isdisjoint(int(x) for x in train_ds), (
    "expected no overlap between the two splits"
)
