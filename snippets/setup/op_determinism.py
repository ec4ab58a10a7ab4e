"""Op determinism makes unseeded TensorFlow random ops raise

When you hit it: you need bit-identical reruns (to chase a loss spike or
compare two changes) and add
`tf.config.experimental.enable_op_determinism()`.

What is going on: the switch asks TensorFlow ops and `tf.data` (see
[tf.data order](data.md#parallel-map-order)) for deterministic
results. It also makes seeds mandatory: with neither a global nor an
op-level seed, `tf.random.normal` and `Dataset.shuffle`
raise `RuntimeError`. Ops without a deterministic kernel, mostly on
GPUs, raise `UnimplementedError` instead
(`tensorflow/python/framework/config.py`, `enable_op_determinism`).
Treat it as a debugging mode and measure the slowdown before leaving
it on.

Pitfall: Keras layers and `keras.random` take their seeds from Python's
`random`, so an unseeded model builds and runs without error; with
Keras 3.15 (here), `fit` on NumPy arrays then raises, as it shuffles with
`tf.random.shuffle`. Call `keras.utils.set_random_seed` first.

Checked: the run also shows that an unseeded `tf.random.Generator`
raises, that `fit(shuffle=False)` does not, and that `fit` with its
default shuffle runs once seeded. The shuffle of `fit` is in
`keras/src/trainers/data_adapters/array_data_adapter.py`
(`ArrayDataAdapter.get_tf_dataset`). The matrix line shows the other
releases: the Keras 3.16 development build (TF nightly) shuffles with a
seeded `tf.random.experimental.stateless_shuffle`, so its `fit` does
not raise. The `UnimplementedError` case was not run here; it rests on
the docstring cited.

severity: crash
topics: S6
aliases:
  - TF_DETERMINISTIC_OPS=1
  - TF_CUDNN_DETERMINISTIC
  - results differ between runs on the GPU even with seeds set
  - cuDNN convolution (Conv2D) nondeterministic, cannot reproduce results
  - bit-exact reproducible training
  - enable_op_determinism raises RuntimeError for shuffle or random ops
  - non-deterministic ops on GPU
"""

import keras
import numpy as np
import tensorflow as tf

try:
    # --8<-- [start:wrong]
    tf.config.experimental.enable_op_determinism()
    noise = tf.random.normal([3])  # no seed anywhere: raises
    # --8<-- [end:wrong]
except RuntimeError as err:
    normal_message = str(err)
print("RuntimeError:", normal_message)

try:
    order = list(tf.data.Dataset.range(4).shuffle(4))
except RuntimeError as err:
    shuffle_message = str(err)

op_seeded = tf.random.uniform([2], seed=3)  # op-level seed is enough

features = np.ones((8, 3), np.float32)
targets = np.ones((8, 1), np.float32)
model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
model.compile(optimizer="sgd", loss="mse")  # unseeded: no error
scores = model(features)  # no error either
keras_noise = keras.random.normal([3])  # nor here
model.fit(features, targets, batch_size=4, verbose=0, shuffle=False)
print(
    "unseeded Keras model, keras.random, fit(shuffle=False): no error"
)
fit_message = ""
try:
    model.fit(features, targets, batch_size=4, verbose=0)  # shuffles
except RuntimeError as err:
    fit_message = str(err)
print(
    "fit() with its default shuffle:",
    "RuntimeError" if fit_message else "no error",
)

try:
    tf.random.Generator.from_non_deterministic_state()
except RuntimeError as err:
    generator_message = str(err)

# --8<-- [start:right]
keras.utils.set_random_seed(42)  # Python, NumPy and TF seeds
tf.config.experimental.enable_op_determinism()
noise = tf.random.normal([3])
# --8<-- [end:right]
print("seeded:", [f"{value:.4f}" for value in noise.numpy()])
seeded_fit = model.fit(features, targets, batch_size=4, verbose=0)
print("seeded fit() with its default shuffle: no error")

keras.utils.set_random_seed(42)
again = tf.random.normal([3])

assert (
    "Random ops require a seed to be set when determinism is enabled"
    in (normal_message)
), "expected unseeded tf.random.normal to raise"
assert "require a seed" in shuffle_message, (
    "expected unseeded shuffle to raise"
)
assert "cannot be called when determinism is enabled" in (
    generator_message
), "expected an unseeded tf.random.Generator to raise too"
assert op_seeded.shape == (2,), (
    "expected an op-level seed to be accepted"
)
assert scores.shape == (8, 1), (
    "expected an unseeded Keras model to build and run"
)
keras_version = tuple(int(p) for p in keras.__version__.split(".")[:2])
if keras_version < (3, 16):
    assert "require a seed" in fit_message, (
        "expected fit's default shuffle to raise"
    )
else:  # Keras 3.16 shuffles with a seeded stateless op
    assert fit_message == "", (
        "expected Keras 3.16's shuffle not to raise"
    )
assert len(seeded_fit.history["loss"]) == 1, (
    "expected fit's default shuffle to run once seeded"
)
assert keras_noise.shape == (3,), (
    "expected unseeded keras.random not to raise"
)
assert np.array_equal(noise.numpy(), again.numpy()), (
    "expected the same numbers after reseeding"
)
