"""Mixed precision can speed up matmul-heavy training on a recent GPU

When you hit it: training on an NVIDIA GPU of compute capability 7.0 or
newer is compute-bound in large matrix multiplies.

What is going on: under `"mixed_float16"` layers compute in float16 and
keep float32 weights ([the policy card](model.md#mixed-precision-policy)
shows it). `Layer.__call__` (`keras/src/layers/layer.py`) casts inputs,
and through `AutocastScope` the weights, to float16, so a `Dense` matmul
runs in float16. `Trainer.compile` (`keras/src/trainers/trainer.py`)
wraps the optimizer in a `LossScaleOptimizer`. The snippet times one
model in both policies and asserts at least 1.3x.

Pitfall: Keras 3 does not warn when your device gains nothing from
float16 (a CPU, an older GPU). Time both policies on your device before
you keep it.

Checked: not run: this machine has no GPU, so no speed-up was measured
here. The speed-up and the 7.0 threshold rest on Keras 2's check
(`_log_device_compatibility_check` in
`tf_keras/src/mixed_precision/device_compatibility_check.py`): a GPU of
compute capability 7.0 or more "will likely run quickly", below it or
without a GPU it logs a warning. Keras 3 has no counterpart: no file
under `keras/src/` checks the device for mixed precision (its one
compute-capability check, `_can_use_flash_attention` in
`keras/src/backend/jax/nn.py`, gates flash attention on JAX). The float32 last layer gives float32 outputs;
the loss is float32 either way (`Loss.__init__` and `Loss.__call__`,
`keras/src/losses/loss.py`).

severity: perf
topics: F3
requires: gpu
volatile: timings vary from run to run
aliases:
  - mixed_float16 may run slowly because this machine does not have a GPU
  - Your GPU may run slowly with dtype policy mixed_float16
  - float16 training is not faster
  - mixed precision slower than float32 on a GeForce GTX card without Tensor Cores
  - tf.train.experimental.enable_mixed_precision_graph_rewrite
  - TF_ENABLE_AUTO_MIXED_PRECISION
  - how to use fp16 automatic mixed precision in TensorFlow
  - float16 steps slower than float32 steps (ms/step) during training
"""

import time

import keras
import numpy as np
import tensorflow as tf

WIDTH, BATCH, LAYERS = 8192, 4096, 4
keras.utils.set_random_seed(0)
# Tensors created once on the GPU, so no step pays a host-to-device copy.
features = tf.constant(np.random.rand(BATCH, WIDTH).astype("float32"))
targets = tf.constant(np.random.rand(BATCH, 1).astype("float32"))


# --8<-- [start:show]
def build(policy):
    keras.mixed_precision.set_global_policy(policy)
    model = keras.Sequential([keras.Input(shape=(WIDTH,))])
    for _ in range(LAYERS):
        model.add(keras.layers.Dense(WIDTH, activation="relu"))
    model.add(keras.layers.Dense(1, dtype="float32"))  # float32 output
    model.compile(optimizer="sgd", loss="mse")
    return model


float32_model = build("float32")
mixed_model = build("mixed_float16")
keras.mixed_precision.set_global_policy("float32")  # restore default
# --8<-- [end:show]


def step_ms(model, repeats=5, steps=10):
    model.train_on_batch(features, targets)  # warm up: trace
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(steps):
            loss = model.train_on_batch(features, targets)
        float(loss)  # wait for the device
        best = min(best, (time.perf_counter() - start) / steps)
    return best * 1000


assert mixed_model(features[:2]).dtype == "float32", (
    "expected the float32 last layer to give float32 outputs"
)
gpu = tf.config.list_physical_devices("GPU")[0]
gpu_name = tf.config.experimental.get_device_details(gpu).get(
    "device_name", "GPU"
)
float32_ms = step_ms(float32_model)
mixed_ms = step_ms(mixed_model)

print(
    f"{gpu_name}, TensorFlow {tf.__version__}; "
    f"{LAYERS} x Dense({WIDTH}), batch {BATCH}"
)
print(
    f"float32 {float32_ms:.1f} ms/step, mixed_float16 "
    f"{mixed_ms:.1f} ms/step ({float32_ms / mixed_ms:.2f}x)"
)

assert float32_ms > 1.3 * mixed_ms, (
    "expected mixed_float16 to be at least 1.3x faster on this GPU"
)
