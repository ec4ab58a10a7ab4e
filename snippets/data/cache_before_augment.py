"""Cache before random augmentation, not after

When you hit it: you add `cache()` to speed up an input pipeline that
applies random augmentation, and the model stops improving as fast.

What is going on: `tf.data.Dataset.cache` stores whatever reaches it on
the first full pass and replays it on every later epoch. Anything random
above the cache runs once, so every epoch sees the same "random" crops
and flips. Put `cache()` after the deterministic, expensive steps
(decoding, resizing) and before the random ones.

Pitfall: it fails silently. No error, no warning: the augmentation is
simply frozen after epoch one.

severity: silent
topics: D5
aliases:
  - where to put cache() in a tf.data pipeline
  - augmentation stops changing after the first epoch
  - cache after map with a random flip
  - validation accuracy got worse after adding .cache()
  - does cache() store the augmented images
  - random crops and flips are identical in every epoch after cache
  - cache before or after the augmentation map
"""

import tensorflow as tf

rng = tf.random.Generator.from_seed(7)  # state advances across epochs


def augment(x):
    return x + rng.uniform([], 0, 100, dtype=tf.int64)


# --8<-- [start:wrong]
frozen = tf.data.Dataset.range(3).map(augment).cache()
# --8<-- [end:wrong]

# --8<-- [start:right]
fresh = tf.data.Dataset.range(3).cache().map(augment)
# --8<-- [end:right]


def epochs(ds, n=3):
    return [[int(x) for x in ds] for _ in range(n)]


frozen_epochs = epochs(frozen)
fresh_epochs = epochs(fresh)
print("cache after augment: ", frozen_epochs)
print("cache before augment:", fresh_epochs)

assert frozen_epochs[0] == frozen_epochs[1] == frozen_epochs[2], (
    "expected the cached random values to repeat every epoch"
)
assert fresh_epochs[0] != fresh_epochs[1], (
    "expected new random values each epoch when augmenting after cache"
)
