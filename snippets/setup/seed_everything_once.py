"""keras.utils.set_random_seed seeds Python, NumPy and TensorFlow at once

When you hit it: two runs of the same training script give different
losses, although you called `tf.random.set_seed`.

What is going on: a Keras program draws randomness from Python's
`random` (Keras seeds unseeded initializers and `Dropout` from it when
it creates them), NumPy's global generator, TensorFlow's global seed,
and the global generator behind unseeded `keras.random` calls.
`keras.utils.set_random_seed(n)` seeds the first three; with Keras 3.15
(here) it also resets the fourth, while Keras 3.11 and older do not
(`keras/src/utils/rng_utils.py`, `set_random_seed`), so pass `seed=` to
`keras.random` calls there. Call it once at the start of each run.

Pitfall: `tf.random.set_seed` alone leaves Python and NumPy unseeded,
so initial weights, dropout masks and NumPy data still change from run
to run.

Checked: the run draws from each source twice after each seeding, and
seeds Python's `random` alone to show which draws follow it. The
matrix line runs Keras 3.4 to 3.11 (TF 2.16 to 2.20) and the Keras
3.16 development build (nightly); Keras 3.12 to 3.14 were not checked.

severity: silent
topics: S6
aliases:
  - different results every time I train the same model
  - random.seed, np.random.seed and tf.random.set_seed in one call
  - tf.compat.v1.set_random_seed
  - initial weights change between runs
  - how to make training reproducible
  - non-reproducible results between runs although set_seed is called
  - different accuracy every run, results not replicable
  - results not reproducible with the TensorFlow backend of Keras
"""

import random

import keras
import numpy as np
import tensorflow as tf


# --8<-- [start:show]
def train_once(set_seed):
    set_seed(42)
    features = np.random.rand(64, 4).astype("float32")
    targets = features.sum(axis=1, keepdims=True)
    model = keras.Sequential(
        [
            keras.Input((4,)),
            keras.layers.Dense(8, activation="relu"),
            keras.layers.Dropout(0.2),
            keras.layers.Dense(1),
        ]
    )
    model.compile(optimizer="adam", loss="mse")
    history = model.fit(features, targets, epochs=2, verbose=0)
    return round(history.history["loss"][-1], 4)


# --8<-- [end:show]


# --8<-- [start:wrong]
tf_only = [train_once(tf.random.set_seed) for _ in range(2)]
# --8<-- [end:wrong]

# --8<-- [start:right]
everything = [train_once(keras.utils.set_random_seed) for _ in range(2)]
# --8<-- [end:right]
print("tf.random.set_seed, same loss twice:", tf_only[0] == tf_only[1])
print("keras.utils.set_random_seed, losses:", everything)


def draws(set_seed):
    set_seed(7)
    tf_global = float(tf.random.normal(()))  # TensorFlow's global seed
    dense = keras.layers.Dense(4)
    dense.build((None, 4))
    dropout = keras.layers.Dropout(0.5)
    mask = dropout(tf.ones([16]), training=True).numpy().tolist()
    return (
        random.random(),
        float(np.random.rand()),
        float(keras.random.uniform(())),
        dense.kernel.numpy().tolist(),
        mask,
        tf_global,
    )


tf_draws = [draws(tf.random.set_seed) for _ in range(2)]
keras_draws = [draws(keras.utils.set_random_seed) for _ in range(2)]
python_draws = [draws(random.seed) for _ in range(2)]

assert tf_only[0] != tf_only[1], (
    "expected tf.random.set_seed alone to differ"
)
assert everything[0] == everything[1], (
    "expected identical training runs"
)
assert tf_draws[0][0] != tf_draws[1][0], (
    "expected Python random unseeded"
)
assert tf_draws[0][1] != tf_draws[1][1], "expected NumPy unseeded"
assert tf_draws[0][2] != tf_draws[1][2], (
    "expected keras.random unseeded"
)
assert tf_draws[0][3] != tf_draws[1][3], (
    "expected initial weights to differ"
)
assert tf_draws[0][4] != tf_draws[1][4], (
    "expected dropout masks to differ"
)
keras_version = tuple(int(p) for p in keras.__version__.split(".")[:2])
seeded_by_it = (0, 1, 3, 4, 5)  # Python, NumPy, weights, dropout, TF
assert [keras_draws[0][i] for i in seeded_by_it] == [
    keras_draws[1][i] for i in seeded_by_it
], "expected every draw but keras.random to repeat"
if keras_version >= (3, 15):
    assert keras_draws[0][2] == keras_draws[1][2], (
        "expected set_random_seed to reset keras.random's generator"
    )
elif keras_version <= (3, 11):
    assert keras_draws[0][2] != keras_draws[1][2], (
        "expected Keras 3.11 and older not to reset keras.random"
    )
assert tf_draws[0][5] == tf_draws[1][5], (
    "expected tf.random.set_seed to repeat a TensorFlow global-seed op"
)
assert keras_draws[0][5] == tf_draws[0][5], (
    "expected set_random_seed(7) to seed TensorFlow as set_seed(7) does"
)
assert python_draws[0][3:5] == python_draws[1][3:5], (
    "expected Python's random alone to repeat weights and dropout"
)
assert python_draws[0][2] != python_draws[1][2], (
    "expected keras.random to follow its global generator, not random"
)
assert python_draws[0][5] != python_draws[1][5], (
    "expected Python's random not to seed TensorFlow"
)
