"""Op determinism makes unseeded TensorFlow random ops raise

When you hit it: you need bit-identical reruns (to chase a loss spike or
compare two changes) and add
`tf.config.experimental.enable_op_determinism()`.

What is going on: the switch asks TensorFlow ops and `tf.data` for
deterministic results. It also makes seeds mandatory: a stateful random
op or an unseeded `Dataset.shuffle` without a global or op-level seed
raises `RuntimeError`. Treat it as a debugging mode and measure the
slowdown before leaving it on.

Pitfall: Keras layers and `keras.random` take their seeds from Python's
`random`, so they never raise here: the check does not flag an unseeded
model. Call `keras.utils.set_random_seed` first.

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

dense = keras.layers.Dense(2)  # unseeded Keras layer: no error
dense.build((None, 3))
keras_noise = keras.random.normal([3])  # no error either
print("unseeded Dense and keras.random: no error")

# --8<-- [start:right]
keras.utils.set_random_seed(42)  # Python, NumPy and TF seeds
tf.config.experimental.enable_op_determinism()
noise = tf.random.normal([3])
# --8<-- [end:right]
print("seeded:", [f"{value:.4f}" for value in noise.numpy()])

keras.utils.set_random_seed(42)
again = tf.random.normal([3])

assert (
    "Random ops require a seed to be set when determinism is enabled"
    in (normal_message)
), "expected unseeded tf.random.normal to raise"
assert "require a seed" in shuffle_message, (
    "expected unseeded shuffle to raise"
)
assert op_seeded.shape == (2,), (
    "expected an op-level seed to be accepted"
)
assert dense.kernel.shape == (3, 2), (
    "expected unseeded Keras init not to raise"
)
assert keras_noise.shape == (3,), (
    "expected unseeded keras.random not to raise"
)
assert np.array_equal(noise.numpy(), again.numpy()), (
    "expected the same numbers after reseeding"
)
