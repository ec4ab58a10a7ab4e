"""Choose GPUs with set_visible_devices right after the imports

When you hit it: one program should use only some of a machine's GPUs,
or none, and you pick them in code.

What is going on: `tf.config.set_visible_devices(devices, "GPU")`
chooses which of the GPUs that `tf.config.list_physical_devices`
found the runtime may use. The choice is read once, when the runtime
starts at the first op. After that, a call that changes the visible
set raises `RuntimeError`, and a call that repeats the current set
passes. To give each worker process its own
GPU from a launcher, prefer `CUDA_VISIBLE_DEVICES` in its environment.

Pitfall: late setup passes on a laptop without GPUs, where
`set_visible_devices(gpus[:1], "GPU")` changes nothing, and raises
"Visible devices cannot be modified after being initialized" where
there are GPUs to hide.

Checked: on a CPU-only machine; the raise is shown by hiding the CPU,
the only device here. What GPUs and `CUDA_VISIBLE_DEVICES` do is not
run here; the GPU entry on `CUDA_VISIBLE_DEVICES` asserts it.

severity: crash
topics: S9
aliases:
  - use only one GPU, e.g. run on the second GPU only
  - run a script on GPU 1 instead of GPU 0
  - select a specific or particular GPU device by index, e.g. GPU:1
  - GPU device selector: choose which GPU devices of a multi-GPU machine to use
  - globally disable or hide the GPU and force the CPU
  - run on the CPU only although a GPU is present
  - Visible devices cannot be modified after being initialized
  - TF 1.x config.gpu_options.visible_device_list
  - allocates memory on every GPU of the machine though it uses only one
  - turn GPU use on or off, switch between CPU and GPU in one script
"""

import tensorflow as tf
from tensorflow.python.eager import context


def runtime_started():
    return context.context()._context_handle is not None


# --8<-- [start:right]
# Right after the imports, before any tensor exists.
gpus = tf.config.list_physical_devices("GPU")
tf.config.set_visible_devices(gpus[:1], "GPU")  # first GPU, if any
# --8<-- [end:right]
started_by_choice = runtime_started()
chosen = tf.config.get_visible_devices("GPU")
logical = tf.config.list_logical_devices()
print("GPUs:", len(gpus), "| logical:", [d.name for d in logical])

try:
    # --8<-- [start:wrong]
    batch = tf.ones([8, 4])  # the runtime starts here
    tf.config.set_visible_devices(gpus[:1], "GPU")  # no change: passes
    tf.config.set_visible_devices([], "CPU")  # a change: raises
    # --8<-- [end:wrong]
except RuntimeError as err:
    message = str(err)
print("RuntimeError:", message)

assert not started_by_choice, (
    "expected list_physical_devices and set_visible_devices not to start "
    "the runtime"
)
assert chosen == gpus[:1], "expected the chosen GPUs to be visible"
assert message == (
    "Visible devices cannot be modified after being initialized"
), "expected a change after the first op to raise"
assert tf.config.get_visible_devices("GPU") == gpus[:1], (
    "expected the choice made before the first op to stay"
)
