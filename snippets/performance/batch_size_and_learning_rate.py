"""A bigger batch means fewer updates per epoch; scale the learning rate

When you hit it: you raise the batch size to use the hardware better,
and after the same number of epochs the loss is worse.

What is going on: Keras losses average over the batch
(`reduction="sum_over_batch_size"`), so a bigger batch does not make
updates bigger; it makes fewer of them: `ceil(N / batch_size)` per epoch
(see `optimizer.iterations`). Until the device is saturated, a step on
16x the samples costs far less than 16x the time.

On this small linear regression, scaling the learning rate by the batch
factor (the linear scaling rule) wins back most of the lost progress.

Advice: treat linear (or square-root) scaling as a starting point, not a
law; warm the learning rate up over the first epochs, and check the
validation loss. No rule guarantees stability at every batch size.

Pitfall: comparing batch sizes at a fixed learning rate and epoch count
mostly measures the number of updates, not the batch size itself.

severity: perf
topics: F7
volatile: timings vary from run to run
aliases:
  - larger batch size gives worse accuracy
  - should I change the learning rate when I increase the batch size
  - training converges slower with a bigger batch
  - fewer steps per epoch after raising the batch size
  - linear scaling rule: multiply the learning rate by the batch size factor
  - learning rate warmup for large batch training
"""

import math
import os
import platform
import time

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(0)
SAMPLES = 1024
features = np.random.rand(SAMPLES, 16).astype("float32")
weights = np.random.randn(16, 1).astype("float32")
noise = 0.01 * np.random.randn(SAMPLES, 1).astype("float32")
targets = features @ weights + noise


def build():
    keras.utils.set_random_seed(1)  # same initial weights every time
    return keras.Sequential(
        [keras.Input(shape=(16,)), keras.layers.Dense(1)]
    )


# --8<-- [start:show]
def train(batch_size, learning_rate, epochs=2):
    model = build()
    model.compile(
        optimizer=keras.optimizers.SGD(learning_rate), loss="mse"
    )
    model.fit(
        features,
        targets,
        batch_size=batch_size,
        epochs=epochs,
        shuffle=False,
        verbose=0,
    )
    updates = int(model.optimizer.iterations.numpy())
    return model, updates, model.evaluate(features, targets, verbose=0)


base_lr = 0.01
small, small_updates, small_loss = train(32, base_lr)
_, big_updates, big_loss = train(512, base_lr)
big_lr = base_lr * 512 / 32  # linear scaling rule
_, _, scaled_loss = train(512, big_lr)
# --8<-- [end:show]


def step_ms(model, batch_size, repeats=10):
    """Fastest of several steps: robust to a busy machine."""
    batch_x, batch_y = features[:batch_size], targets[:batch_size]
    model.train_on_batch(batch_x, batch_y)  # warm up
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        model.train_on_batch(batch_x, batch_y)
        times.append((time.perf_counter() - start) * 1000)
    return min(times)


small_ms, big_ms = step_ms(small, 32), step_ms(small, 512)

print(
    f"{os.cpu_count()} CPU cores, {platform.machine()}, "
    f"TensorFlow {tf.__version__}; {SAMPLES} samples, 2 epochs"
)
print(
    f"batch  32, lr {base_lr}: {small_updates} updates, "
    f"loss {small_loss:.4f}"
)
print(
    f"batch 512, lr {base_lr}: {big_updates} updates, "
    f"loss {big_loss:.4f}"
)
print(
    f"batch 512, lr {big_lr}: {big_updates} updates, "
    f"loss {scaled_loss:.4f}"
)
print(
    f"best ms per step: batch 32 {small_ms:.2f}, batch 512 {big_ms:.2f} "
    f"({big_ms / small_ms:.1f}x the time for 16x the samples)"
)

assert small_updates == 2 * math.ceil(SAMPLES / 32), (
    "expected 64 updates"
)
assert big_updates == 2 * math.ceil(SAMPLES / 512), "expected 4 updates"
assert big_loss > small_loss, (
    "expected fewer updates at the same learning rate to train less"
)
assert big_loss - scaled_loss > 0.5 * (big_loss - small_loss), (
    "expected the scaled learning rate to win back most of the gap"
)
mse_reduction = keras.losses.MeanSquaredError().reduction
assert mse_reduction == "sum_over_batch_size", (
    "expected Keras losses to average over the batch by default"
)
assert big_ms < 8 * small_ms, (
    "expected a 16x batch to cost far less than 16x the step time"
)
