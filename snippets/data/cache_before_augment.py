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
three epochs. On 2.21 nothing reached stderr while they ran. Other
releases log lines there that do not mention the cache: 2.16 to 2.20
log "Local rendezvous is aborting …" at the end of a pass (a warning
on 2.16).

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
lines = logged.splitlines()
# TF 2.16-2.20 log a line from here at the end of a pass
end_lines = [ln for ln in lines if "local_rendezvous.cc" in ln]
cache_lines = [ln for ln in lines if "cache" in ln.lower()]
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
print("stderr lines about the cache:", cache_lines)
for name, repeated in repeats.items():
    assert repeated, f"expected cached {name} values to repeat"
assert cache_lines == [], "expected no warning about the cache"
tf_release = tuple(int(v) for v in tf.__version__.split(".")[:2])
if tf_release == (2, 21):
    assert logged == "", "expected nothing on stderr on 2.21"
elif (2, 16) <= tf_release <= (2, 20):
    assert end_lines and all(
        "Local rendezvous is aborting" in ln for ln in end_lines
    ), "expected the end-of-sequence log line on 2.16-2.20"
    level = "W" if tf_release == (2, 16) else "I"
    assert all(f": {level} tensorflow/" in ln for ln in end_lines), (
        f"expected the end-of-sequence line at level {level}"
    )
assert fresh_epochs[0] != fresh_epochs[1], (
    "expected new random values each epoch when augmenting after cache"
)
