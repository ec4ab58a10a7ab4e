"""Loss scaling in Keras 3: `LossScaleOptimizer.scale_loss`

When you hit it: you train with the `mixed_float16` policy, or port a
custom loop that calls `optimizer.get_scaled_loss`.

What is going on: under `mixed_float16`, `compile` wraps the optimizer
in `keras.optimizers.LossScaleOptimizer` for you. In a custom loop you
wrap it yourself, multiply the loss with `scale_loss` before taking
gradients, and pass the scaled gradients to `apply_gradients`, which
divides them by the scale. When a gradient is not finite, it skips the
update and halves the scale.

Pitfall: the old `get_scaled_loss` and `get_unscaled_gradients` methods
do not exist; calling them raises `AttributeError`. Do not unscale by
hand: `apply_gradients` already does it.

severity: crash
topics: T9
aliases:
  - the mixed precision guide or tutorial example fails in my custom training loop
  - tf.keras.mixed_precision.experimental.LossScaleOptimizer
  - mixed precision custom training loop in Keras 3
  - loss scaling in a GradientTape loop
  - 'LossScaleOptimizer' object has no attribute 'get_unscaled_gradients'
  - dynamic loss scaling for float16 training
  - float16 gradients underflow to zero without loss scaling
  - LossScaleOptimizer skips steps and lowers the loss scale when gradients are inf
"""

import keras
import numpy as np
import tensorflow as tf

weights = tf.Variable([1.0])
x_batch = tf.constant([[2.0]])


def compute_loss():
    return tf.reduce_sum((weights * x_batch - 1.0) ** 2)


try:
    # --8<-- [start:wrong]
    optimizer = keras.optimizers.LossScaleOptimizer(
        keras.optimizers.SGD(0.1)
    )
    with tf.GradientTape() as tape:
        scaled_loss = optimizer.get_scaled_loss(compute_loss())
    # --8<-- [end:wrong]
except AttributeError as err:
    message = str(err)
else:
    raise AssertionError(
        "expected get_scaled_loss to raise AttributeError"
    )
print("AttributeError:", message)
assert "has no attribute 'get_scaled_loss'" in message, (
    "expected get_scaled_loss to be gone"
)
assert not hasattr(optimizer, "get_unscaled_gradients"), (
    "expected get_unscaled_gradients to be gone too"
)

# --8<-- [start:right]
optimizer = keras.optimizers.LossScaleOptimizer(
    keras.optimizers.SGD(0.1)
)
with tf.GradientTape() as tape:
    loss = compute_loss()
    scaled_loss = optimizer.scale_loss(loss)  # loss * scale
scaled_grads = tape.gradient(scaled_loss, [weights])
optimizer.apply_gradients(  # divides by the scale
    zip(scaled_grads, [weights], strict=True)
)
# --8<-- [end:right]

scale = float(optimizer.dynamic_scale.numpy())
print(
    f"scale {scale:.0f}  loss {float(loss):.1f}  scaled loss "
    f"{float(scaled_loss):.1f}  weight after step "
    f"{float(weights[0]):.4f}"
)
assert scale == 32768.0, "expected the default initial scale 2**15"
assert np.isclose(float(scaled_loss), float(loss) * scale), (
    "expected scale_loss to multiply by the scale"
)
# d/dw (2w - 1)^2 = 4 * (2w - 1) = 4 at w = 1, so SGD(0.1) moves w by 0.4.
assert np.isclose(float(weights[0]), 0.6), (
    "expected apply_gradients to divide the scaled gradient by the scale"
)

# Not finite: inf, -inf and nan (what a float16 overflow often gives).
for halvings, bad in enumerate([np.inf, -np.inf, np.nan], start=1):
    optimizer.apply_gradients([(tf.constant([bad]), weights)])
    print(
        f"after gradient {bad}: weight {float(weights[0]):.4f}  "
        f"scale {float(optimizer.dynamic_scale.numpy()):.0f}"
    )
    assert np.isclose(float(weights[0]), 0.6), (
        f"expected the step skipped for {bad}"
    )
    assert (
        float(optimizer.dynamic_scale.numpy()) == scale / 2**halvings
    ), f"expected the scale halved for {bad}"

keras.mixed_precision.set_global_policy("mixed_float16")
model = keras.Sequential([keras.Input((1,)), keras.layers.Dense(1)])
model.compile(keras.optimizers.SGD(0.1), "mse")
wrapped = type(model.optimizer).__name__
keras.mixed_precision.set_global_policy("float32")
print("optimizer after compile under mixed_float16:", wrapped)
assert wrapped == "LossScaleOptimizer", "expected compile to wrap it"
