"""Pin a tf.function's inputs with input_signature and a None batch size

When you hit it: you export a serving function or want exactly one graph
whatever the batch size, and a caller sends the wrong shape or dtype.

What is going on: `tf.function(input_signature=[tf.TensorSpec(...)])`
traces once, with `None` where the size may vary. A tensor that does not
fit the spec raises `TypeError: Binding inputs to tf.function failed`
(not `ValueError`) without tracing a new graph. NumPy arrays are
converted to the spec's dtype; a tensor of another dtype is refused.

Pitfall: a wrong shape raises `TypeError`, so `except ValueError`
misses it. A `float64` tensor fails a `float32` spec while the same data
as a NumPy array passes: cast tensors at the boundary.

severity: crash
topics: G5
aliases:
  - Can not cast TensorSpec(shape=(2, 4), dtype=tf.float32, name=None) to TensorSpec
  - Python inputs incompatible with input_signature
  - Structure of Python function inputs does not match input_signature
  - how to make a tf.function accept any batch size
  - serving signature with a variable batch dimension
  - SavedModel serving function rejects float64 input
"""

import numpy as np
import tensorflow as tf


# --8<-- [start:show]
@tf.function(input_signature=[tf.TensorSpec([None, 4], tf.float32)])
def serving_fn(features):
    return tf.reduce_sum(features, axis=1)


serving_fn(tf.ones([2, 4]))  # any batch size, one graph
serving_fn(tf.ones([32, 4]))
serving_fn(np.ones([8, 4]))  # NumPy float64: converted
# --8<-- [end:show]

try:
    # --8<-- [start:bad_shape]
    serving_fn(tf.ones([2, 5]))  # 5 features, spec says 4
    # --8<-- [end:bad_shape]
except TypeError as err:
    shape_message = str(err)
try:
    serving_fn(tf.ones([2, 4], tf.float64))
except TypeError as err:
    dtype_message = str(err)

print("traces:", serving_fn.experimental_get_tracing_count())
print("TypeError:", shape_message.split(". Received")[0])
print("TypeError:", dtype_message.split(". Received")[0])

assert serving_fn.experimental_get_tracing_count() == 1, (
    "expected one trace for every batch size"
)
assert serving_fn(np.ones([8, 4])).dtype == tf.float32, (
    "expected a NumPy float64 array to be cast to the spec dtype"
)
assert "Binding inputs to tf.function failed" in shape_message, (
    "expected a TypeError for the wrong feature dimension"
)
assert "Can not cast TensorSpec(shape=(2, 5)" in shape_message, (
    "expected the message to name the offending shape"
)
assert "dtype=tf.float64" in dtype_message, (
    "expected a float64 tensor to be refused by the float32 spec"
)
