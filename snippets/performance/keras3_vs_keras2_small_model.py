"""Keras 3 against Keras 2 (`tf_keras`) on one small model: time it here

When you hit it: you move a small model from Keras 2 (`tf_keras`, or
TensorFlow 2.15 and older) to Keras 3 and wonder whether `fit` steps
and `predict` calls got slower.

What is going on: the run builds the same two-layer model in both, with
the same data, batch size and optimizer. It runs one warm-up epoch and
one warm-up `predict` first, so tracing is not timed, then alternates
the two frameworks, timing warm epochs and `predict` calls. It reports
the best of each on this machine's CPU, and calls a gap under 20% no
clear winner. These are one run's numbers, not a rule.

Pitfall: timing the first epoch measures tracing: here the warm-up
epoch was the slowest of all. Time warm calls on your hardware. For
one small batch at a time, see
[`model(x)` against `predict`](deploy.md#predict-vs-call).

Checked: the output names the cores, machine and releases. Both models
have the same weight shapes, gave the same output shape and lowered
their loss; the winner line is this run's only.

severity: perf
topics: F8, S8
volatile: timings vary from run to run
aliases:
  - Keras 3 is slower than tf.keras for a small model
  - model.fit got slower after upgrading to TensorFlow 2.16
  - predict is slower in Keras 3 than Keras 2
  - TF_USE_LEGACY_KERAS=1 to compare speed with Keras 2
  - benchmark Keras 2 and Keras 3 training step time
"""

import os
import platform
import time

import keras
import numpy as np
import tensorflow as tf
import tf_keras

rng = np.random.default_rng(0)
x_train = rng.normal(size=(1024, 16)).astype("float32")
y_train = x_train.sum(axis=1, keepdims=True)
BATCH, STEPS = 32, 1024 // 32


# --8<-- [start:show]
def build(lib):  # lib: keras (Keras 3) or tf_keras (Keras 2)
    lib.utils.set_random_seed(0)
    model = lib.Sequential(
        [
            lib.Input((16,)),
            lib.layers.Dense(32, activation="relu"),
            lib.layers.Dense(1),
        ]
    )
    model.compile(lib.optimizers.Adam(1e-3), "mse")
    return model


def epoch_seconds(model):
    start = time.perf_counter()
    history = model.fit(x_train, y_train, batch_size=32, verbose=0)
    return time.perf_counter() - start, history.history["loss"][0]


def predict_seconds(model):
    start = time.perf_counter()
    scores = model.predict(x_train[:32], verbose=0)
    return time.perf_counter() - start, scores.shape


# --8<-- [end:show]


libraries = {"Keras 3": keras, "Keras 2": tf_keras}
models = {name: build(lib) for name, lib in libraries.items()}
warmup = {name: epoch_seconds(m) for name, m in models.items()}
warmup_predict = {n: predict_seconds(m) for n, m in models.items()}
epochs = {name: [] for name in models}
losses = {name: [warmup[name][1]] for name in models}
calls = {name: [] for name in models}
for _ in range(4):  # alternate, so a busy moment hits both
    for name, model in models.items():
        seconds, loss = epoch_seconds(model)
        epochs[name].append(seconds)
        losses[name].append(loss)
for _ in range(15):
    for name, model in models.items():
        seconds, shape = predict_seconds(model)
        calls[name].append((seconds, shape))

print(
    f"{os.cpu_count()} CPU cores, {platform.machine()}, TensorFlow "
    f"{tf.__version__}; Keras {keras.__version__} and tf_keras "
    f"{tf_keras.__version__}"
)
step_ms = {n: min(epochs[n]) / STEPS * 1000 for n in models}
predict_ms = {n: min(s for s, _ in calls[n]) * 1000 for n in models}
for name in models:
    print(
        f"{name}: fit {step_ms[name]:.2f} ms/step (best of 4 epochs, "
        f"warm-up epoch {warmup[name][0] * 1000:.0f} ms), predict "
        f"{predict_ms[name]:.1f} ms/call (best of 15)"
    )


def winner(measure):
    keras3, keras2 = measure["Keras 3"], measure["Keras 2"]
    if keras3 < 0.8 * keras2:
        return "Keras 3 faster here"
    if keras2 < 0.8 * keras3:
        return "Keras 2 faster here"
    return "no clear winner here"


print(
    "fit step:", winner(step_ms), "| predict call:", winner(predict_ms)
)

shapes = {
    n: [tuple(w.shape) for w in m.weights] for n, m in models.items()
}
assert keras.__version__.startswith("3."), "expected Keras 3"
assert tf_keras.__version__.startswith("2."), "expected Keras 2"
assert (
    shapes["Keras 3"]
    == shapes["Keras 2"]
    == [
        (16, 32),
        (32,),
        (32, 1),
        (1,),
    ]
), "expected the same weight shapes in both"
for name in models:
    assert all(shape == (32, 1) for _, shape in calls[name]), (
        f"expected {name} predict to return (32, 1)"
    )
    assert losses[name][-1] < losses[name][0], (
        f"expected {name} to lower its loss"
    )
    assert warmup[name][0] > max(epochs[name]), (
        f"expected the untimed warm-up epoch of {name} to be the slowest"
    )
