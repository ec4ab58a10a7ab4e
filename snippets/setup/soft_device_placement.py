"""`tf.device("/GPU:0")` is a request: without a GPU, ops run on the CPU

When you hit it: you pin work to a GPU with `with tf.device("/GPU:0"):`
and assume it ran there, or you want a test to fail when the GPU is
missing.

What is going on: soft device placement is on by default
(`tf.config.get_soft_device_placement()` is `True`). When the requested
device does not exist, TensorFlow places the op on one that does and
raises nothing. `tf.config.set_soft_device_placement(False)` turns
the request into a requirement, in eager code and in `tf.function`.

Pitfall: with soft placement on, `tensor.device` is the only sign that
the GPU was never used. Turn it off in tests that must run on a GPU.

severity: silent
topics: S7
"""

import tensorflow as tf

no_gpu = not tf.config.list_physical_devices("GPU")
default_soft = tf.config.get_soft_device_placement()

# --8<-- [start:wrong]
with tf.device("/GPU:0"):
    scores = tf.constant([1.0, 2.0]) * 3.0  # no GPU: runs on CPU
print("placed on", scores.device)
# --8<-- [end:wrong]

try:
    # --8<-- [start:right]
    tf.config.set_soft_device_placement(False)
    with tf.device("/GPU:0"):
        scores = tf.constant([1.0, 2.0]) * 3.0  # now it raises
    # --8<-- [end:right]
    eager_message = ""
except tf.errors.InvalidArgumentError as err:
    eager_message = err.message
print("InvalidArgumentError:", eager_message.split(" name:")[0])


@tf.function
def double(values):
    return values * 2.0


try:
    with tf.device("/GPU:0"):
        double(tf.constant([1.0, 2.0]))
    graph_message = ""
except tf.errors.InvalidArgumentError as err:
    graph_message = err.message

assert default_soft is True, "expected soft placement on by default"
if no_gpu:
    assert scores.device.endswith("device:CPU:0"), (
        "expected a silent fallback to the CPU"
    )
    assert "Could not satisfy device specification" in eager_message, (
        "expected eager ops to raise without soft placement"
    )
    assert "Could not satisfy device specification" in graph_message, (
        "expected tf.function calls to raise without soft placement"
    )
