"""NumPy data arrives as float64; cast it before it meets float32 weights

When you hit it: you feed a NumPy array into math with a `tf.Variable`
or a layer's weights and the op refuses to run.

What is going on: a Python float becomes `float32`, but
`tf.constant(np.array(...))` and `tf.convert_to_tensor` keep NumPy's
`float64`. TensorFlow ops do not promote dtypes between two tensors:
mixing `float32` and `float64` (or `int32` and `float32`) raises. Eagerly
that is an `InvalidArgumentError` when the op runs; inside `tf.function`
it is a `TypeError` while tracing. Python numbers and NumPy arrays next
to a tensor are converted to its dtype, if they fit: `2.5` with an
`int32` tensor raises `TypeError`.

Pitfall: fix it once at the boundary with `tf.cast(x, tf.float32)` or
`tf.convert_to_tensor(x, dtype=tf.float32)`, not by making weights
`float64`. Casting float to int truncates toward zero.

severity: crash
topics: G2, G1
"""

import numpy as np
import tensorflow as tf

weights = tf.Variable([0.5, 0.5])          # float32
features = tf.constant(np.array([1.0, 2.0]))  # float64 from NumPy

try:
    # --8<-- [start:wrong]
    scores = weights * features
    # --8<-- [end:wrong]
except tf.errors.InvalidArgumentError as err:
    eager_message = str(err)
print("eager: InvalidArgumentError:", eager_message.split(" [Op")[0])


@tf.function
def score(weights, features):
    return weights * features


try:
    score(weights, features)
except TypeError as err:
    graph_message = str(err).strip().splitlines()[-1].strip()
print("graph:", graph_message)

# --8<-- [start:right]
features = tf.cast(features, tf.float32)
scores = weights * features                  # [0.5, 1.0]
# --8<-- [end:right]
print("after cast:", scores.dtype.name, scores.numpy())

assert tf.constant(1.0).dtype == tf.float32, "expected float32 from 1.0"
assert tf.constant(1).dtype == tf.int32, "expected int32 from 1"
assert tf.constant(np.array([1.0])).dtype == tf.float64, (
    "expected NumPy float64 to stay float64"
)
assert "expected to be a float tensor but is a double" in eager_message, (
    "expected the eager dtype mismatch error"
)
assert "has type float64 that does not match type float32" in (
    graph_message
), "expected the trace-time TypeError inside tf.function"
assert scores.numpy().tolist() == [0.5, 1.0], "expected the cast to work"
assert (weights * np.array([2.0, 2.0])).dtype == tf.float32, (
    "expected a NumPy operand to take the tensor's dtype"
)
try:
    tf.constant(1) + tf.constant(1.5)
    int_float_raised = False
except tf.errors.InvalidArgumentError:
    int_float_raised = True
assert int_float_raised, "expected int32 + float32 tensors to raise"
assert (weights * 2).dtype == tf.float32, "expected 2 to become float32"
try:
    tf.constant(3) * 2.5
except TypeError as err:
    scalar_message = str(err)
assert "Cannot convert 2.5 to EagerTensor of dtype int32" in scalar_message, (
    "expected a float Python scalar not to fit an int32 tensor"
)
truncated = tf.cast(tf.constant([1.7, -1.7]), tf.int32)
assert truncated.numpy().tolist() == [1, -1], "expected truncation to 0"
