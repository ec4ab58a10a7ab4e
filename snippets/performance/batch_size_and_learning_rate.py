"""A bigger batch means fewer updates per epoch; scale the learning rate

When you hit it: you raise the batch size to use the hardware better,
and after the same number of epochs the loss is worse.

What is going on: every built-in Keras loss averages over the batch
by default (`reduction="sum_over_batch_size"`), so a bigger batch does
not scale the gradient up; it makes fewer updates: `N / batch_size`
per epoch, plus one for a partial last batch (see
[the partial batch card](training.md#steps-per-epoch-partial-batch)).
On this small linear regression, scaling the learning rate by the batch
factor (the linear scaling rule) wins back most of the lost progress.

Advice: treat linear (or square-root) scaling as a starting point, not a
law; warm the learning rate up over the first epochs, and check the
validation loss.

Pitfall: comparing batch sizes at a fixed learning rate and epoch count
mostly measures the number of updates, not the batch size itself.

Checked: on this machine (2 CPU cores, TensorFlow 2.21 CPU build), 1024
samples give 32 and 2 updates per epoch (`optimizer.iterations`); the
gradient at batch 512 is within 2x of the one at batch 32; a step of
this small model on 16x the samples takes less than 8x the time. Time
your own model on your own device.

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

import inspect
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


def gradient_norm(batch_size):
    """Gradient norm of the default MSE loss at the initial weights."""
    model = build()
    with tf.GradientTape() as tape:
        predictions = model(features[:batch_size])
        loss = keras.losses.MeanSquaredError()(
            targets[:batch_size], predictions
        )
    grads = tape.gradient(loss, model.trainable_variables)
    return float(tf.linalg.global_norm(grads))


grad_ratio = gradient_norm(512) / gradient_norm(32)
loss_classes = [
    obj
    for obj in vars(keras.losses).values()
    if inspect.isclass(obj)
    and issubclass(obj, keras.losses.Loss)
    and obj is not keras.losses.Loss
]
averaging = [
    cls
    for cls in loss_classes
    if cls().reduction == ("sum_over_batch_size")
]

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
    f"built-in loss classes averaging over the batch: "
    f"{len(averaging)} of {len(loss_classes)}"
)
print(
    f"gradient norm, batch 512 / batch 32: {grad_ratio:.1f}x (not 16x)"
)
print(
    f"best ms per step: batch 32 {small_ms:.2f}, batch 512 {big_ms:.2f} "
    f"({big_ms / small_ms:.1f}x the time for 16x the samples)"
)

assert SAMPLES % 32 == 0 and SAMPLES % 512 == 0, "no partial batch"
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
assert len(loss_classes) > 10 and averaging == loss_classes, (
    "expected every built-in Keras loss to average over the batch"
)
assert 0.5 < grad_ratio < 2, (
    "expected a 16x batch to give a gradient of about the same size"
)
assert big_ms < 8 * small_ms, (
    "expected a 16x batch to cost far less than 16x the step time"
)
