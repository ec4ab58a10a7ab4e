"""Feed stateless augmentation a seed stream that changes every epoch

When you hit it: you want random augmentation that is reproducible run
after run, yet different from one epoch to the next.

What is going on: `tf.image.stateless_random_*` ops return the same
output for the same `seed` (a pair of ints). Draw those seeds with
`tf.random.uniform` inside `map` and, under a global seed, each new
epoch's iterator restarts the op: the "random" seeds repeat. Zip in
`tf.data.Dataset.random(seed=..., rerandomize_each_iteration=True)`
instead: a fixed seed, a new stream per epoch.

Pitfall: with `tf.random.set_seed` set, global-seed ops such as
`tf.random.uniform` in `map` give identical values every epoch (a
`tf.random.Generator` does not), and so does `Dataset.random` unless
you pass `rerandomize_each_iteration=True`.

severity: silent
topics: D10
aliases:
  - same augmentation every epoch after tf.random.set_seed
  - tf.data.experimental.RandomDataset
  - reproducible data augmentation that still varies per epoch
  - which seed to pass to stateless_random_flip_left_right
  - a different seed per element for tf.image.stateless_random ops
  - random augmentation in map repeats the same values each epoch when a global seed is set
"""

import tensorflow as tf

images = tf.data.Dataset.from_tensor_slices(tf.fill((3, 2, 2, 1), 0.5))

# --8<-- [start:wrong]
tf.random.set_seed(0)  # a global seed, as in most training scripts


def augment(image):
    seed = tf.random.uniform([2], maxval=2**30, dtype=tf.int32)
    return tf.image.stateless_random_brightness(image, 0.4, seed)


frozen_ds = images.map(augment)
# --8<-- [end:wrong]


# --8<-- [start:right]
def augment(image, seed):
    return tf.image.stateless_random_brightness(image, 0.4, seed)


def make_train_ds():
    seeds = tf.data.Dataset.random(
        seed=42, rerandomize_each_iteration=True
    ).batch(2)
    return tf.data.Dataset.zip(images, seeds).map(augment)


# --8<-- [end:right]


def epochs(ds, n=2):
    return [[round(float(x[0, 0, 0]), 3) for x in ds] for _ in range(n)]


frozen = epochs(frozen_ds)
fresh = epochs(make_train_ds())
print("uniform seeds in map:", frozen)
print("Dataset.random seeds:", fresh)
assert frozen[0] == frozen[1], "expected the same values every epoch"
assert fresh[0] != fresh[1], "expected new values each epoch"
assert fresh == epochs(make_train_ds()), "expected a reproducible run"

same_seed = [
    tf.image.stateless_random_brightness(
        tf.fill((2, 2, 1), 0.5), 0.4, [1, 2]
    )
    for _ in range(2)
]
assert bool(tf.reduce_all(same_seed[0] == same_seed[1])), (
    "expected a stateless op to repeat its output for the same seed"
)

rng = tf.random.Generator.from_seed(1)
by_source = {
    "tf.random.uniform": epochs(
        images.map(lambda image: image + tf.random.uniform([]))
    ),
    "tf.random.normal": epochs(
        images.map(lambda image: image + tf.random.normal([]))
    ),
    "tf.random.Generator": epochs(
        images.map(lambda image: image + rng.uniform([]))
    ),
}
repeats = {name: e[0] == e[1] for name, e in by_source.items()}
print("under set_seed, repeats every epoch:", repeats)
assert repeats == {
    "tf.random.uniform": True,
    "tf.random.normal": True,
    "tf.random.Generator": False,
}, "expected global-seed ops to repeat and a Generator not to"

plain = tf.data.Dataset.random(seed=42).take(3)
assert [int(s) for s in plain] == [int(s) for s in plain], (
    "expected Dataset.random to repeat itself by default"
)
