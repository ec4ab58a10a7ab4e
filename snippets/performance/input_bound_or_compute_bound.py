"""Is the pipeline the bottleneck? Time it alone, then the step alone

When you hit it: training is slower than you expect and you must decide
whether to work on the input pipeline or on the model.

What is going on: iterate the `tf.data.Dataset` with no model to get the
input time per batch; fit on one batch repeated from memory to get the
compute time. Leave the iterator's set-up out of the input time, run
many steps (50 here) so that `fit`'s own set-up is spread over them,
and keep the best of a few passes, not a cold first one.

| input alone vs step alone | the step is | work on |
|---|---|---|
| input slower | input-bound | `tf.data`: parallel map, cache, prefetch |
| step slower | compute-bound | the model, mixed precision, XLA |

Pitfall: speeding up the model does not help an input-bound step:
`fit` runs no faster than its input pipeline delivers batches.

Checked: the run simulates a 200 ms read per batch with `time.sleep` in
`tf.py_function` (not real I/O); the step is a real Keras training step,
timed on this machine (2 CPU cores, TensorFlow 2.21 CPU build). The
50-step `fit` time per batch stays within 2x of 50 bare `train_on_batch`
calls (best of five alternating passes each).

severity: perf
topics: F1
volatile: timings vary from run to run
figure: Bar chart of milliseconds per batch: input alone, step alone, fit
aliases:
  - GPU usage (utilization) is low during training
  - nvidia-smi Volatile GPU-Util stays near 0% while training
  - GPU utilization drops to zero between steps or fluctuates
  - CPU at 100% while the GPU is idle
  - how do I know if data loading slows down training
  - GPU sits idle waiting for the next batch
  - is my training input-bound or compute-bound
  - should I optimize my tf.data pipeline or my model
  - GPU and CPU utilization fall after the first epoch
"""

import os
import platform
import tempfile
import time

import keras
import matplotlib
import numpy as np

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import tensorflow as tf  # noqa: E402

keras.utils.set_random_seed(0)
BATCH, STEPS = 256, 4
READ_S = 0.2  # simulated read latency per batch
features = np.random.rand(BATCH * STEPS, 64).astype("float32")
labels = np.random.randint(0, 10, BATCH * STEPS)


def slow_read(batch_x, batch_y):
    def wait(batch_x):
        time.sleep(READ_S)
        return batch_x

    batch_x = tf.py_function(wait, [batch_x], tf.float32)
    return tf.ensure_shape(batch_x, [None, 64]), batch_y


batches = tf.data.Dataset.from_tensor_slices((features, labels))
batches = batches.batch(BATCH)
slow_ds = batches.map(slow_read)
fast_ds = batches.cache().prefetch(tf.data.AUTOTUNE)

model = keras.Sequential(
    [
        keras.Input(shape=(64,)),
        keras.layers.Dense(512, activation="relu"),
        keras.layers.Dense(512, activation="relu"),
        keras.layers.Dense(10),
    ]
)
model.compile(
    optimizer="adam",
    loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
)
model.fit(fast_ds, epochs=1, verbose=0)  # build and trace once


# --8<-- [start:show]
def input_ms(dataset, passes=3):
    """Per batch: iterate the pipeline with no model; best pass."""
    best = float("inf")
    for _ in range(passes):
        batches = iter(dataset)  # set-up stays out of the timing
        start = time.perf_counter()
        count = sum(1 for _ in batches)
        best = min(best, (time.perf_counter() - start) * 1000 / count)
    return best


def step_ms(model, dataset, steps=50, passes=3):
    """Per batch: fit on one batch repeated, so input costs ~nothing;
    many steps, so fit's set-up is a small share."""
    one_batch = tf.data.Dataset.from_tensors(next(iter(dataset)))
    return fit_ms(model, one_batch.repeat(steps), steps, passes)


def fit_ms(model, dataset, steps, passes=3):
    """Per batch: a whole epoch of fit; best pass."""
    best = float("inf")
    for _ in range(passes):
        start = time.perf_counter()
        model.fit(dataset, epochs=1, verbose=0)
        best = min(best, (time.perf_counter() - start) * 1000 / steps)
    return best


compute = step_ms(model, fast_ds)
slow_input = input_ms(slow_ds)  # > compute: input-bound
fast_input = input_ms(fast_ds)  # < compute: compute-bound
# --8<-- [end:show]


def verdict(pipeline_ms, compute_ms):
    return (
        "input-bound" if pipeline_ms > compute_ms else "compute-bound"
    )


slow_bound = verdict(slow_input, compute)
fast_bound = verdict(fast_input, compute)
slow_fit = fit_ms(model, slow_ds, STEPS, passes=2)


def train_on_batch_ms(model, dataset, steps=50, passes=3):
    """Per batch, with no fit set-up: the same steps, called directly."""
    batch_x, batch_y = next(iter(dataset))
    model.train_on_batch(batch_x, batch_y)  # warm up
    best = float("inf")
    for _ in range(passes):
        start = time.perf_counter()
        for _ in range(steps):
            model.train_on_batch(batch_x, batch_y)
        best = min(best, (time.perf_counter() - start) * 1000 / steps)
    return best


# Compare fit with bare steps in alternating passes, best of each, so
# that a busy spell on a shared CPU slows both sides, not one.
one_batch = tf.data.Dataset.from_tensors(next(iter(fast_ds))).repeat(50)
pairs = [
    (
        fit_ms(model, one_batch, 50, passes=1),
        train_on_batch_ms(model, fast_ds, passes=1),
    )
    for _ in range(5)
]
paired_fit = min(fit for fit, _ in pairs)
bare_step = min(bare for _, bare in pairs)

print(
    f"{os.cpu_count()} CPU cores, {platform.machine()}, "
    f"TensorFlow {tf.__version__}; batch {BATCH}; "
    "ms per batch, best pass"
)
print(
    f"step alone: {compute:.1f}; alternating passes: fit "
    f"{paired_fit:.1f}, bare train_on_batch {bare_step:.1f}"
)
print(
    f"slow read:  input {slow_input:.1f}, fit {slow_fit:.1f} "
    f"-> {slow_bound}"
)
print(f"in memory:  input {fast_input:.1f} -> {fast_bound}")

bars = [
    ("slow read: input alone", slow_input),
    ("slow read: fit", slow_fit),
    ("step alone", compute),
    ("in memory: input alone", fast_input),
]
figure_dir = os.environ.get("SNIPPET_ARTIFACTS") or tempfile.mkdtemp()
fig, ax = plt.subplots(figsize=(6, 3), dpi=100)
names = [name for name, _ in bars][::-1]
values = [ms for _, ms in bars][::-1]
ax.barh(names, values, color="0.6", edgecolor="black")
for y, ms in enumerate(values):
    ax.text(ms, y, f" {ms:.1f} ms", va="center", fontsize=8)
ax.set_xlabel("milliseconds per batch, best pass (lower is better)")
ax.set_xlim(0, max(values) * 1.25)
ax.set_title(
    f"batch {BATCH}; {os.cpu_count()} CPU cores, TF {tf.__version__}",
    fontsize=9,
)
ax.tick_params(axis="y", labelsize=8)
fig.tight_layout()
fig.savefig(os.path.join(figure_dir, "input_vs_step.png"))

assert slow_bound == "input-bound", (
    "expected a 200 ms read per batch to be slower than the step"
)
assert fast_bound == "compute-bound", (
    "expected an in-memory pipeline to be faster than the step"
)
assert paired_fit < 2 * bare_step, (
    "expected fit's set-up, spread over 50 steps, to add under 2x"
)
# fit runs no faster than its input; margins for a busy 2-core CPU
assert slow_fit > 0.95 * READ_S * 1000, (
    "expected fit to be no faster than the read it waits for"
)
assert slow_fit > 0.9 * slow_input, (
    "expected fit to be no faster than the input pipeline alone"
)
assert slow_fit > 1.5 * compute, (
    "expected the slow read, not the model, to set the pace of fit"
)
