"""Measured: parallel map, cache and prefetch on a slow input pipeline

When you hit it: your input pipeline reads slowly and you want to know
which `tf.data` knob pays off, and by how much.

What is going on: three `tf.data` knobs, timed on a slow read.

- `tf.data.Dataset.map(..., num_parallel_calls=tf.data.AUTOTUNE)` runs
  several reads at once.
- `tf.data.Dataset.cache` keeps mapped elements in memory; later epochs
  skip the reads.
- `tf.data.Dataset.prefetch` reads the next element during the step.

tf.data already adds a `prefetch` after a synchronous last step
(`experimental_optimization.inject_prefetch` is on by default), so the
"default" loop overlaps too; the baseline turns that off.

Pitfall: `cache` does nothing for the first epoch, which still pays every
read; judge it on epoch two. The numbers here come from simulated
latency: time your own pipeline before you tune it.

Checked: the run simulates a 15 ms read per element with `time.sleep`
inside `tf.py_function` (not real I/O) and a 15 ms training step, also
`time.sleep`, on this machine (2 CPU cores, TensorFlow 2.21 CPU build).
Each time is the best of three epochs, except the cache: its first
epoch alone, then the best of the two after it.

severity: perf
topics: F6, F1
volatile: timings vary from run to run
figure: Bar chart of milliseconds per epoch for each input pipeline
aliases:
  - does prefetch make training faster
  - first epoch is slow, later epochs are fast
  - how to speed up a slow tf.data input pipeline
  - num_parallel_calls=tf.data.AUTOTUNE makes map faster
  - low GPU utilization because the input pipeline is too slow
  - data loading takes longer than the training step
  - inject_prefetch
  - tf.data performance: which optimizations actually help
"""

import os
import platform
import tempfile
import time

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import tensorflow as tf  # noqa: E402

ELEMENTS = 16
READ_S = 0.015  # simulated read latency per element
STEP_S = 0.015  # simulated training step per element


def epoch_ms(dataset, step_s=0.0, epochs=3):
    """Milliseconds of each epoch, consuming every element."""
    times = []
    for _ in range(epochs):
        start = time.perf_counter()
        for _ in dataset:
            time.sleep(step_s)
        times.append((time.perf_counter() - start) * 1000)
    return times


# --8<-- [start:show]
def read_record(index):
    def slow_read(index):
        time.sleep(READ_S)  # releases the GIL, like real I/O
        return index

    return tf.py_function(slow_read, [index], tf.int64)


AUTOTUNE = tf.data.AUTOTUNE
indices = tf.data.Dataset.range(ELEMENTS)
no_inject = tf.data.Options()  # baseline: no automatic prefetch
no_inject.experimental_optimization.inject_prefetch = False
sequential = indices.map(read_record)
parallel = indices.map(read_record, num_parallel_calls=AUTOTUNE)
cached = parallel.cache()  # first epoch reads, later ones replay
prefetched = sequential.prefetch(AUTOTUNE)  # overlap read and step
# --8<-- [end:show]

# Pipeline alone: how fast can it deliver one epoch?
sequential_ms = min(epoch_ms(sequential.with_options(no_inject)))
parallel_ms = min(epoch_ms(parallel))
cache_epochs = epoch_ms(cached)
cached_ms = min(cache_epochs[1:])  # epochs after the first

# Training loop: pipeline plus a step of STEP_S per element.
loop_plain_ms = min(
    epoch_ms(sequential.with_options(no_inject), STEP_S)
)
loop_default_ms = min(epoch_ms(sequential, STEP_S))
loop_prefetch_ms = min(epoch_ms(prefetched, STEP_S))

print(
    f"{os.cpu_count()} CPU cores, {platform.machine()}, "
    f"TensorFlow {tf.__version__}; {ELEMENTS} elements, "
    f"{READ_S * 1000:.0f} ms read, {STEP_S * 1000:.0f} ms step"
)
print(
    f"pipeline alone: sequential {sequential_ms:.0f} ms, parallel map "
    f"{parallel_ms:.0f} ms"
)
print(
    f"cached: epoch 1 {cache_epochs[0]:.0f} ms, "
    f"epoch 2+ {cached_ms:.0f} ms"
)
print(
    f"with the step:  no prefetch {loop_plain_ms:.0f} ms, default "
    f"{loop_default_ms:.0f} ms, prefetch {loop_prefetch_ms:.0f} ms"
)

bars = [
    ("pipeline: sequential map", sequential_ms),
    ("pipeline: parallel map", parallel_ms),
    ("pipeline: cached, epoch 2+", cached_ms),
    ("loop: no prefetch", loop_plain_ms),
    ("loop: default (injected)", loop_default_ms),
    ("loop: prefetch(AUTOTUNE)", loop_prefetch_ms),
]
figure_dir = os.environ.get("SNIPPET_ARTIFACTS") or tempfile.mkdtemp()
fig, ax = plt.subplots(figsize=(6, 3), dpi=100)
labels = [name for name, _ in bars][::-1]
values = [ms for _, ms in bars][::-1]
ax.barh(labels, values, color="0.6", edgecolor="black")
for y, ms in enumerate(values):
    ax.text(ms, y, f" {ms:.0f} ms", va="center", fontsize=8)
ax.set_xlabel(
    "milliseconds per epoch (best of 3; cached: best of epochs 2-3)"
)
ax.set_xlim(0, max(values) * 1.25)
ax.set_title(
    f"{ELEMENTS} elements; {os.cpu_count()} CPU cores, "
    f"TF {tf.__version__}",
    fontsize=9,
)
ax.tick_params(axis="y", labelsize=8)
fig.tight_layout()
fig.savefig(os.path.join(figure_dir, "pipeline_timings.png"))

assert parallel_ms < 0.8 * sequential_ms, (
    "expected parallel map to beat a sequential map on slow reads"
)
assert cached_ms < 0.25 * sequential_ms, (
    "expected epochs after the first to replay the cache, not re-read"
)
assert cache_epochs[0] > 3 * cached_ms, (
    "expected the first epoch through cache() to pay for the reads"
)
assert cache_epochs[0] > 0.8 * parallel_ms, (
    "expected the first epoch through cache() to pay every read"
)
assert loop_prefetch_ms < 0.8 * loop_plain_ms, (
    "expected prefetch to overlap the read with the step"
)
assert loop_default_ms < 0.8 * loop_plain_ms, (
    "expected the default pipeline to get an injected prefetch"
)
