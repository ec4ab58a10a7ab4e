"""Cache before random augmentation, not after

When you hit it: you add `cache()` to speed up an input pipeline that
applies random augmentation, and put it after the augmentation `map`.

What is going on: `tf.data.Dataset.cache` stores whatever reaches it on
the first full pass and replays it on every later epoch. Anything random
above the cache runs once, so every epoch sees the same "random" crops
and flips: a `tf.random.Generator`, a global-seed op such as
`tf.random.uniform` and a `shuffle` all repeat. Put `cache()` after the
deterministic, expensive steps (decoding, resizing) and before the
random ones.

Pitfall: it fails silently. No error, no warning: the augmentation
stays frozen after epoch one.

Checked: the three random sources above, each cached after it, over
three epochs; nothing was written to stderr while they ran.

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

import os
import tempfile

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


log_path = os.path.join(tempfile.mkdtemp(), "stderr.log")
saved_stderr = os.dup(2)
with open(log_path, "w") as log_file:
    os.dup2(log_file.fileno(), 2)  # catch Python and C++ warnings
    frozen_epochs = epochs(frozen)
    global_op_epochs = epochs(
        tf.data.Dataset.range(3)
        .map(lambda x: x + tf.random.uniform([], 0, 100, tf.int64))
        .cache()
    )
    shuffled_epochs = epochs(
        tf.data.Dataset.range(3).shuffle(3).cache()
    )
    os.dup2(saved_stderr, 2)
os.close(saved_stderr)
with open(log_path) as log_file:
    logged = log_file.read()
fresh_epochs = epochs(fresh)
print("cache after augment: ", frozen_epochs)
print("cache before augment:", fresh_epochs)

repeats = {
    name: runs[0] == runs[1] == runs[2]
    for name, runs in [
        ("Generator", frozen_epochs),
        ("tf.random.uniform", global_op_epochs),
        ("shuffle", shuffled_epochs),
    ]
}
print("repeats every epoch when cached after it:", repeats)
print("stderr while caching:", repr(logged))
for name, repeated in repeats.items():
    assert repeated, f"expected cached {name} values to repeat"
assert logged == "", "expected no warning from the frozen pipelines"
assert fresh_epochs[0] != fresh_epochs[1], (
    "expected new random values each epoch when augmenting after cache"
)
