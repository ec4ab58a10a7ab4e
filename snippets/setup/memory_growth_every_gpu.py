"""Memory growth on one GPU of several: the first op raises ValueError

When you hit it: on a machine with two or more GPUs,
`tf.config.experimental.set_memory_growth(gpus[0], True)` passes, then
the first op raises `ValueError: Memory growth cannot differ between
GPU devices`.

What is going on: when the runtime starts, TensorFlow builds one set
of GPU options for all visible GPUs
(`tensorflow/python/eager/context.py`,
`Context._compute_device_options`). It collects the growth value of
each visible GPU, and a GPU never set counts as `None`
(`Context._initialize_physical_devices`), so `True` on one GPU and
nothing on the others is two values, and it raises. Set the same value
on every visible GPU; a GPU hidden with
`tf.config.set_visible_devices` is skipped. As with
[every growth setting](setup.md#gpu-memory-growth), do it before the
first op.

Pitfall: `set_memory_growth(gpus[0], True)` works on a one-GPU
machine and fails on a two-GPU one, at the first op rather than at the
call. Loop over `tf.config.list_physical_devices("GPU")`.

Checked: needs two GPUs, so it was not run here. The check and its
message are in `context.py` (`Context._compute_device_options`), which
the runtime calls as it starts (`Context.ensure_initialized` through
`Context.config`); the error leaves the runtime unstarted, so fixing
the settings and retrying works. The growth values are not checked
once any GPU has a logical-device configuration.

severity: crash
topics: S14, S4
requires: gpu
aliases:
  - ValueError: Memory growth cannot differ between GPU devices
  - set_memory_growth only on the first GPU fails with two GPUs
  - memory growth works with one GPU but not with multiple GPUs
  - allow_growth for all GPUs in TensorFlow 2
  - MirroredStrategy with memory growth raises ValueError
"""

import tensorflow as tf

gpus = tf.config.list_physical_devices("GPU")
assert len(gpus) >= 2, "this entry needs two visible GPUs"

# --8<-- [start:wrong]
tf.config.experimental.set_memory_growth(gpus[0], True)  # GPU 1: None
try:
    total = tf.reduce_sum(tf.ones([256, 256]))  # the runtime starts
except ValueError as err:
    message = str(err)
# --8<-- [end:wrong]
growth = [tf.config.experimental.get_memory_growth(g) for g in gpus]
print("growth per GPU:", growth)
print("ValueError:", message)

# --8<-- [start:right]
for gpu in gpus:
    tf.config.experimental.set_memory_growth(gpu, True)
total = tf.reduce_sum(tf.ones([256, 256]))  # starts now
# --8<-- [end:right]
print("after setting every GPU:", float(total))

assert growth[0] is True and all(g is None for g in growth[1:]), (
    "expected the GPUs never set to report None"
)
assert "Memory growth cannot differ between GPU devices" in message, (
    "expected the growth check to refuse two values"
)
assert float(total) == 256 * 256, "expected the runtime to start"
assert all(tf.config.experimental.get_memory_growth(g) for g in gpus), (
    "expected growth on every GPU"
)
