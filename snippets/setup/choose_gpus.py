"""Choose GPUs with set_visible_devices right after the imports

When you hit it: one program should use only some of a machine's GPUs,
or none, and you pick them in code.

What is going on: `tf.config.set_visible_devices(devices, "GPU")`
chooses which of the GPUs that `tf.config.list_physical_devices`
found the runtime may use; the others stay listed there. The choice is
read once, when the runtime starts at the first op. After that, a call
that changes the visible device list raises `RuntimeError`. A call
that leaves the list exactly as it is, order included, passes and
changes nothing. To give each worker process its own GPU from a
launcher, use [`CUDA_VISIBLE_DEVICES`](setup.md#cuda-visible-devices).

Pitfall: late setup passes on a laptop without GPUs, where
`set_visible_devices(gpus[:1], "GPU")` changes nothing, and raises
"Visible devices cannot be modified after being initialized" where
there are GPUs to hide.

Checked: the recorded run had no GPU (`GPUs: 0`), so the raise is shown
by hiding the CPU, the only device there. The GPU cases were not run:
they rest on `tensorflow/python/eager/context.py`
(`Context.set_visible_devices` rebuilds the list, the other device
types first, then the devices you pass, and raises after the first op
whenever it differs; `Context.list_physical_devices` ignores the
choice). Naming the same GPUs in another order, or repeating the CPU
choice after a GPU choice, therefore raises too.

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

# --8<-- [start:wrong]
batch = tf.ones([8, 4])  # the runtime starts here
tf.config.set_visible_devices(gpus[:1], "GPU")  # no change: passes
try:
    tf.config.set_visible_devices([], "CPU")  # a change: raises
except RuntimeError as err:
    message = str(err)
# --8<-- [end:wrong]
started_by_batch = runtime_started()
logical = tf.config.list_logical_devices()
print("GPUs:", len(gpus), "| logical:", [d.name for d in logical])
print("RuntimeError:", message)

assert not started_by_choice, (
    "expected list_physical_devices and set_visible_devices not to start "
    "the runtime"
)
assert started_by_batch, "expected the first op to start the runtime"
assert chosen == gpus[:1], "expected the chosen GPUs to be visible"
assert message == (
    "Visible devices cannot be modified after being initialized"
), "expected a change after the first op to raise"
assert tf.config.get_visible_devices("GPU") == gpus[:1], (
    "expected the choice made before the first op to stay"
)
if gpus:  # with a GPU only; not run where this site is built
    assert tf.config.list_physical_devices("GPU") == gpus, (
        "expected hidden GPUs to stay in list_physical_devices"
    )
    assert len(tf.config.list_logical_devices("GPU")) == 1, (
        "expected one logical GPU: the chosen one"
    )
