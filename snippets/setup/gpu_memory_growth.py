"""Set GPU memory growth or a memory limit before the GPU starts

When you hit it: a small model takes nearly all of a GPU's memory,
and you want to share the GPU.

What is going on: without memory growth, the runtime allocates all of
a GPU's memory when it starts;
`tf.config.experimental.set_memory_growth(gpu, True)` makes it
allocate on demand (`tensorflow/python/framework/config.py`,
`set_memory_growth`). A logical device with
`tf.config.LogicalDeviceConfiguration(memory_limit=...)` caps what it
takes, in MB, instead. Both go into the GPU options built when the runtime
starts (`tensorflow/python/eager/context.py`,
`Context._compute_device_options`), so set them before the first op,
like [every device setting](setup.md#device-config-before-first-op).
Use one or the other: once a GPU has a limit, `set_memory_growth` on it
raises "Cannot set memory growth on device when virtual devices
configured", before or after the first op.

Pitfall: after the first op, changing growth raises `RuntimeError`
"Physical devices cannot be modified after being initialized"
(`ValueError` once a limit is set); changing a limit raises "Virtual
devices cannot be modified after being initialized". Repeating the
current growth value passes.

Checked: needs a GPU, so it was not run here. The messages, the
limit check that comes first, and the early return on an unchanged
value are in `context.py` (`Context.set_memory_growth`,
`Context.set_logical_device_configuration`).

severity: crash
topics: S4
requires: gpu
aliases:
  - allocates all GPU memory at startup
  - prevent TensorFlow from allocating the whole GPU memory
  - config.gpu_options.allow_growth = True
  - per_process_gpu_memory_fraction
  - TF_FORCE_GPU_ALLOW_GROWTH=true
  - limit GPU memory usage to a fixed number of megabytes
  - share one GPU between two notebooks or processes without out of memory
  - nvidia-smi reports the whole GPU memory used by a small model
  - tf.config.experimental.set_memory_growth raises RuntimeError
  - module 'tensorflow' has no attribute 'ConfigProto' or 'Session' for allow_growth in TF 2
"""

import ast
import subprocess
import sys

import tensorflow as tf

# --8<-- [start:right]
gpus = tf.config.list_physical_devices("GPU")
for gpu in gpus:  # before any op
    tf.config.experimental.set_memory_growth(gpu, True)
# --8<-- [end:right]
assert gpus, "this entry needs a visible GPU"
growth_before = tf.config.experimental.get_memory_growth(gpus[0])

# The first op: the runtime starts here.
features = tf.random.stateless_normal([512, 512], seed=[1, 2])
product = tf.matmul(features, features)
print("matmul ran on", product.device.rsplit("/", 1)[-1])

try:
    # --8<-- [start:wrong]
    tf.config.experimental.set_memory_growth(gpus[0], False)
    # --8<-- [end:wrong]
except RuntimeError as err:
    growth_message = str(err)
print("RuntimeError:", growth_message)

try:
    tf.config.set_logical_device_configuration(
        gpus[0],
        [tf.config.LogicalDeviceConfiguration(memory_limit=1024)],
    )
except RuntimeError as err:
    limit_message = str(err)
print("RuntimeError:", limit_message)

tf.config.experimental.set_memory_growth(gpus[0], True)  # same value
print("same value again: no error")

# A limit first, then growth: before and after the first op.
LIMIT_THEN_GROWTH = """
import tensorflow as tf
gpu = tf.config.list_physical_devices("GPU")[0]
tf.config.set_logical_device_configuration(
    gpu, [tf.config.LogicalDeviceConfiguration(memory_limit=1024)]
)
messages = []
for _ in range(2):
    try:
        tf.config.experimental.set_memory_growth(gpu, True)
    except ValueError as err:
        messages.append(str(err))
    tf.ones([1])  # the first op comes between the two tries
print(messages)
"""
worker = subprocess.run(
    [sys.executable, "-c", LIMIT_THEN_GROWTH],
    capture_output=True,
    text=True,
    timeout=150,
)
assert worker.returncode == 0, worker.stderr[-2000:]
limit_then_growth = ast.literal_eval(
    worker.stdout.strip().splitlines()[-1]
)
print("growth after a limit, before / after the first op:")
print(limit_then_growth)

assert growth_before is True, (
    "expected memory growth on before the first op"
)
assert "GPU:0" in product.device, "expected the matmul on the GPU"
assert (
    "Physical devices cannot be modified after being initialized"
    in (growth_message)
), "expected the physical-device error for memory growth"
assert "Virtual devices cannot be modified after being initialized" in (
    limit_message
), "expected the virtual-device error for a memory limit"
assert tf.config.experimental.get_memory_growth(gpus[0]) is True, (
    "expected the growth setting from before the first op to stay"
)
assert (
    limit_then_growth
    == [
        "Cannot set memory growth on device when virtual devices configured"
    ]
    * 2
), "expected ValueError for growth on a GPU with a limit, both times"
