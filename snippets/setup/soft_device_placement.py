"""`tf.device("/GPU:0")` is a request: without a GPU, ops run on the CPU

When you hit it: you pin work to a GPU with `with tf.device("/GPU:0"):`
and assume it ran there, or you want a test to fail when the GPU is
missing.

What is going on: soft device placement is on by default
(`tf.config.get_soft_device_placement()` is `True`). When the requested
device does not exist, TensorFlow places the op on one that does and
raises nothing, in eager code and in `tf.function`.
`tf.config.set_soft_device_placement(False)` turns the request into a
requirement, in both.

Pitfall: with soft placement on, a missing GPU raises nothing. Read
`tensor.device`, or turn on the
[placement log](setup.md#log-device-placement), to see where an op
ran. Turn soft placement off in tests that must run on a GPU.

Checked: the run asks for one GPU more than the machine has (`/GPU:0`
on this CPU-only machine), so both outcomes are checked with or without
a GPU.

severity: silent
topics: S7
aliases:
  - Unable to find any devices for spec /device:GPU:0
  - allow_soft_placement=True
  - Cannot assign a device for operation
  - Could not satisfy explicit device specification because no devices matching that specification are registered
  - with tf.device('/GPU:0') silently runs on the CPU
  - tf.device has no effect
  - make a test fail when no GPU is available
"""

import tensorflow as tf

gpus = tf.config.list_physical_devices("GPU")
missing = f"/GPU:{len(gpus)}"  # a GPU this machine does not have
default_soft = tf.config.get_soft_device_placement()

# --8<-- [start:wrong]
with tf.device("/GPU:0"):
    scores = tf.constant([1.0, 2.0]) * 3.0  # no GPU: runs on CPU
print("placed on", scores.device)
# --8<-- [end:wrong]


@tf.function
def triple(values):
    return values * 3.0


with tf.device(missing):
    fallback = tf.constant([1.0, 2.0]) * 3.0  # soft: no error
    graph_fallback = triple(tf.constant([1.0, 2.0]))  # nor here

try:
    # --8<-- [start:right]
    tf.config.set_soft_device_placement(False)
    with tf.device("/GPU:0"):
        scores = tf.constant([1.0, 2.0]) * 3.0  # no GPU: raises
    # --8<-- [end:right]
    strict_gpu0 = "ran on " + scores.device
except tf.errors.InvalidArgumentError:
    strict_gpu0 = "InvalidArgumentError"


def strict_error(run):
    """The error of run() under tf.device(missing): type name, message."""
    try:
        with tf.device(missing):
            run()
    except tf.errors.OpError as err:
        return type(err).__name__, err.message
    return "no error", ""


@tf.function
def double(values):
    return values * 2.0


eager_error, eager_message = strict_error(
    lambda: tf.constant([1.0, 2.0]) * 3.0
)
graph_error, graph_message = strict_error(
    lambda: double(tf.constant([1.0, 2.0]))
)
print(
    f"strict, {missing}: {eager_error}:",
    eager_message.split(" name:")[0],
)

assert default_soft is True, "expected soft placement on by default"
assert not fallback.device.endswith(missing[1:]), (
    "expected soft placement to fall back to a device that exists"
)
assert not graph_fallback.device.endswith(missing[1:]), (
    "expected a tf.function to fall back too"
)
assert eager_error != "no error" and missing[1:] in eager_message, (
    "expected eager ops to raise without soft placement"
)
assert graph_error != "no error" and missing[1:] in graph_message, (
    "expected tf.function calls to raise without soft placement"
)
if gpus:  # the request is honoured when the GPU exists
    assert "/device:GPU:0" in strict_gpu0, "expected the op on GPU:0"
else:
    assert scores.device.endswith("device:CPU:0"), (
        "expected a silent fallback to the CPU"
    )
    assert strict_gpu0 == "InvalidArgumentError", (
        "expected the shown strict request to raise"
    )
    assert eager_error == graph_error == "InvalidArgumentError", (
        "expected InvalidArgumentError in both modes"
    )
    assert "Could not satisfy device specification" in eager_message, (
        "expected the device-specification error"
    )
