"""Set the mixed-precision policy before building; keep outputs float32

When you hit it: you turn on mixed precision for speed and want to know
which layers compute in float16, or why the loss turns to `inf`.

What is going on: `keras.mixed_precision.set_global_policy` is read when
a layer is created. Under `"mixed_float16"` a layer keeps its weights in
float32 (`variable_dtype`) and computes in float16 (`compute_dtype`).
Layers created before the call stay float32. float16's largest finite
value is 65504: an activation of 80000 becomes `inf`, and so does the
loss. Give the last layer `dtype="float32"` so the softmax and the
model's outputs are float32; a Keras loss computes in float32 anyway
(`keras/src/losses/loss.py`, `Loss.__call__`).

Pitfall: setting the policy after building the model changes nothing
for existing layers. Set it first, and reset it to `"float32"` when you
are done, since it is global.

severity: silent
topics: M12
aliases:
  - module 'keras.mixed_precision' has no attribute 'experimental'
  - module 'keras.api._v2.keras.mixed_precision' has no attribute 'experimental' or 'set_policy'
  - tf.keras.mixed_precision.experimental.set_policy
  - tf.keras.mixed_precision.experimental.Policy('mixed_float16') replaced by set_global_policy
  - tf.train.experimental.enable_mixed_precision_graph_rewrite
  - loss is nan or inf with mixed_float16
  - layers still compute in float32 after set_global_policy
  - how to train in float16 with Keras
  - compute_dtype and variable_dtype of a layer under mixed precision
  - last layer dtype float32 for softmax with mixed precision
"""

import keras
import numpy as np
import tensorflow as tf

features = np.ones((2, 4), dtype="float32")
early = keras.layers.Dense(8)  # created before the policy is set

# --8<-- [start:show]
keras.mixed_precision.set_global_policy("mixed_float16")
model = keras.Sequential(
    [
        keras.Input(shape=(4,)),
        keras.layers.Dense(8, activation="relu"),  # float16 compute
        keras.layers.Dense(3),
        keras.layers.Activation("softmax", dtype="float32"),  # output
    ]
)
# --8<-- [end:show]

hidden, logits, softmax = model.layers
hidden_out = hidden(features)
overflow = tf.cast(70000.0, tf.float16)
large = keras.layers.Dense(1, kernel_initializer="ones")  # float16
large_out = large(np.full((2, 4), 20000.0, "float32"))  # 4 * 20000
large_loss = keras.losses.MeanSquaredError()(
    np.zeros((2, 1)), large_out
)
float16_probs = keras.layers.Dense(3, activation="softmax")(features)
float16_loss = keras.losses.SparseCategoricalCrossentropy()(
    np.array([0, 1]), float16_probs
)
print(
    "hidden: variables",
    hidden.kernel.dtype,
    "| compute",
    hidden.compute_dtype,
    "| output",
    hidden_out.dtype.name,
)
print(
    "model output:",
    model(features).dtype.name,
    "| layer made before the policy:",
    early.compute_dtype,
)
print(
    "float16 max:",
    float(np.finfo(np.float16).max),
    "| 70000.0 cast to float16:",
    float(overflow),
)
print(
    "activation 80000 in float16:",
    float(large_out[0, 0]),
    "| its mse loss:",
    float(large_loss),
)
print(
    "loss on a float16 softmax:",
    float16_probs.dtype.name,
    "->",
    float16_loss.dtype.name,
)
assert hidden.kernel.dtype == "float32", "expected float32 variables"
assert hidden.compute_dtype == "float16", "expected float16 compute"
assert hidden_out.dtype == "float16", "expected float16 activations"
assert logits(hidden_out).dtype == "float16", "expected float16 logits"
assert model(features).dtype == "float32", "expected a float32 output"
assert softmax.compute_dtype == "float32", "expected a float32 softmax"
assert early.compute_dtype == "float32", (
    "expected the old layer to stay"
)
assert np.isinf(float(overflow)), "expected float16 to overflow"
assert np.finfo(np.float16).max == 65504, "expected 65504"
assert np.isinf(large_out.numpy()).all(), "expected an inf activation"
assert np.isinf(float(large_loss)), "expected an inf loss"
assert float16_probs.dtype == "float16", "expected float16 probs"
assert float16_loss.dtype == large_loss.dtype == "float32", (
    "expected the losses to compute in float32"
)

# --8<-- [start:reset]
keras.mixed_precision.set_global_policy("float32")  # it is global
# --8<-- [end:reset]
assert keras.layers.Dense(1).compute_dtype == "float32", (
    "expected reset"
)
