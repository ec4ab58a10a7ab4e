"""Pin a tf.function's inputs with input_signature and a None batch size

When you hit it: you export a serving function or want exactly one graph
whatever the batch size, and a caller sends the wrong shape or dtype.

What is going on: `tf.function(input_signature=[tf.TensorSpec(...)])`
traces once, with `None` where the size may vary. A tensor that does not
fit the spec raises `TypeError: Binding inputs to tf.function failed`
(not `ValueError`) without tracing a new graph. NumPy arrays are cast
to the spec's dtype (float64, int64 and bool arrays to `float32` here);
a tensor of another dtype is refused.

Pitfall: a wrong shape raises `TypeError`, so `except ValueError`
misses it. NumPy input is cast silently, even lossily (0.5 becomes 0
under an `int32` spec), while a tensor of another dtype fails: cast
inputs yourself at the boundary.

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

numpy_kinds = {
    kind: serving_fn(np.ones([2, 4], kind))
    for kind in ("int64", "bool")
}


@tf.function(input_signature=[tf.TensorSpec([None, 4], tf.int32)])
def count_fn(features):
    return tf.reduce_sum(features, axis=1)


truncated = count_fn(np.full([2, 4], 0.5))  # float64 0.5 -> int32 0
try:
    count_fn(tf.ones([2, 4], tf.int64))
except TypeError as err:
    int_message = str(err)

print("traces:", serving_fn.experimental_get_tracing_count())
print("NumPy 0.5 under an int32 spec:", truncated.numpy().tolist())
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
for kind, result in numpy_kinds.items():
    assert result.dtype == tf.float32, (
        f"expected {kind} cast to float32"
    )
    assert result.numpy().tolist() == [4.0, 4.0], (
        f"expected {kind} ones"
    )
assert truncated.dtype == tf.int32, "expected the int32 spec dtype"
assert truncated.numpy().tolist() == [0, 0], (
    "expected 0.5 to be truncated to 0 without an error"
)
assert "dtype=tf.int64" in int_message, (
    "expected an int64 tensor to be refused by the int32 spec"
)
assert count_fn.experimental_get_tracing_count() == 1, (
    "expected one trace for the int32 spec"
)
