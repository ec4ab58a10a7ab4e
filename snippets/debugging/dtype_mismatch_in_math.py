"""`was expected to be a double tensor but is a float tensor`: cast first

When you hit it: NumPy data made into a tensor (`tf.constant`,
`tf.data.Dataset.from_tensor_slices`) meets a `float32` tensor in a
TensorFlow op, which fails eagerly with `cannot compute Mul as
input #1(zero-based) was expected to be a double tensor but is a float
tensor`. A NumPy integer array gives its own dtype in place of
`double`: `int64` for the default here, `uint8` for an image.

What is going on: TensorFlow does not promote dtypes between two
tensors: both inputs of an op such as `Mul` must match. NumPy arrays
default to `float64` ("double"), and `tf.constant` and
`from_tensor_slices` keep it, while a Python float becomes `float32`,
as do Keras weights. Cast once where the data enters:
`tf.cast(x, tf.float32)` or `tf.constant(x, dtype=tf.float32)`.

Pitfall: inside a `tf.function` or a `Dataset.map` function the same
bug is a `TypeError` at trace time: `Input 'y' of 'Mul' Op has type
float32 that does not match type float64`. Cast the data; do not make
the weights `float64`.

Checked: the message names the first input's dtype as the expected
one (`…a float tensor but is a double tensor` with the `float32` tensor
first); a tensor of Python ints is `int32`. Eagerly, a Python number or a
NumPy array next to a tensor takes the tensor's dtype: an array
silently (2.5 becomes 2 next to an `int32` tensor); a Python float
next to an `int32` tensor raises
instead, even 2.0 (`Cannot convert 2.0 to EagerTensor of dtype int32`).
A Keras `Dense` layer casts its inputs to its own dtype, so it accepts
`float64` data: look for the error in TensorFlow ops you write yourself
(a custom loss, layer or training step).

severity: crash
topics: E7, G2, G1
formerly: graphs/numpy-float64-mismatch
aliases:
  - tf.constant of NumPy data and a tf.Variable do not multiply
  - cannot compute AddV2 as input #1(zero-based) was expected to be a
  - Cannot convert 2.5 to EagerTensor of dtype int32
  - why does tf.constant of a NumPy array give float64
  - Input 'b' of 'MatMul' Op has type float64 that does not match type float32 of argument 'a'
  - was expected to be a float tensor but is a int32 tensor
  - was expected to be a float tensor but is a double tensor
  - was expected to be a uint8 tensor but is a float tensor
  - TensorFlow does not cast float64 to float32 automatically
"""

import keras
import numpy as np
import tensorflow as tf

prices_np = np.array([1.5, 2.5, 4.0])  # NumPy default: float64
weights = tf.constant([0.2, 0.3, 0.5])  # float32

try:
    # --8<-- [start:wrong]
    prices = tf.constant(prices_np)  # keeps float64
    weighted = prices * weights  # InvalidArgumentError
    # --8<-- [end:wrong]
except tf.errors.InvalidArgumentError as err:
    eager_message = str(err).split(" [Op:")[0]
print("InvalidArgumentError:", eager_message)
assert "was expected to be a double tensor but is a float tensor" in (
    eager_message
), "expected eager Mul to reject float64 * float32"
try:
    weights * tf.constant(prices_np)  # the float32 tensor first
except tf.errors.InvalidArgumentError as err:
    swapped_message = str(err).split(" [Op:")[0]
else:
    raise AssertionError("expected float32 * float64 to raise")
print("float32 first:", swapped_message)
assert "was expected to be a float tensor but is a double tensor" in (
    swapped_message
), "expected the first input's dtype to be the expected one"


@tf.function
def weighted_sum(prices, weights):
    return tf.reduce_sum(prices * weights)


try:
    weighted_sum(tf.constant(prices_np), weights)
except TypeError as err:
    graph_message = str(err).strip().splitlines()[-1].strip()
print("in tf.function:", graph_message)
assert "has type float32 that does not match type float64" in (
    graph_message
), "expected a TypeError at trace time inside tf.function"

prices_ds = tf.data.Dataset.from_tensor_slices(prices_np[None])
try:
    prices_ds.map(lambda row: row * weights)
except TypeError as err:
    map_message = str(err).strip().splitlines()[-1].strip()
else:
    raise AssertionError("expected Dataset.map to raise TypeError")
print("in Dataset.map:", map_message)
assert "has type float32 that does not match type float64" in (
    map_message
), "expected a TypeError at trace time inside Dataset.map"
try:
    for row in prices_ds:
        row * weights
except tf.errors.InvalidArgumentError as err:
    loop_message = str(err)
else:
    raise AssertionError(
        "expected an eager loop over the dataset to raise"
    )
assert "was expected to be a double tensor but is a float tensor" in (
    loop_message
), "expected the eager message for dataset elements too"

# --8<-- [start:right]
prices = tf.constant(prices_np, dtype=tf.float32)  # cast on entry
weighted = prices * weights
# --8<-- [end:right]
print("weighted:", [round(float(v), 4) for v in weighted])
assert weighted.dtype == tf.float32, "expected float32 after the cast"

counts = tf.constant([3, 5])  # Python ints become int32
try:
    counts * weights[:2]
except tf.errors.InvalidArgumentError as err:
    assert "expected to be a int32 tensor but is a float tensor" in str(
        err
    ), "expected int32 * float32 to fail the same way"
else:
    raise AssertionError("expected int32 * float32 to raise")

numpy_ints = tf.constant(
    np.array([3, 5])
)  # int64 here: NumPy's default
try:
    numpy_ints * weights[:2]
except tf.errors.InvalidArgumentError as err:
    assert "expected to be a int64 tensor but is a float tensor" in str(
        err
    ), "expected NumPy int64 * float32 to fail the same way"
else:
    raise AssertionError("expected int64 * float32 to raise")
pixels = tf.constant(np.array([3, 5], dtype=np.uint8))  # an image
try:
    pixels * weights[:2]
except tf.errors.InvalidArgumentError as err:
    assert "expected to be a uint8 tensor but is a float tensor" in str(
        err
    ), "expected a uint8 array to keep its own dtype in the message"
else:
    raise AssertionError("expected uint8 * float32 to raise")
assert tf.data.Dataset.from_tensor_slices(
    np.array([3, 5])
).element_spec == (tf.TensorSpec([], tf.int64)), (
    "expected from_tensor_slices to keep NumPy's int64"
)

dense = keras.layers.Dense(1)
dense.build((None, 3))
assert dense.kernel.dtype == "float32", "expected float32 Keras weights"
assert tf.constant(prices_np).dtype == tf.float64, (
    "expected tf.constant to keep NumPy's float64"
)

assert tf.data.Dataset.from_tensor_slices(prices_np).element_spec == (
    tf.TensorSpec([], tf.float64)
), "expected from_tensor_slices to keep float64"
variable = tf.Variable([0.2, 0.3, 0.5])
assert (variable * prices_np).dtype == tf.float32, (
    "expected the NumPy array next to a variable to take float32"
)
assert (prices_np * variable).dtype == tf.float32, "on either side"
assert dense(tf.constant(prices_np[None])).dtype == "float32", (
    "expected Dense to cast a float64 tensor to its float32"
)


@tf.function
def project(features, kernel):
    return tf.matmul(features, kernel)


try:
    project(tf.ones([1, 3]), tf.constant(prices_np[:, None]))
except TypeError as err:
    matmul_message = str(err)
assert (
    "Input 'b' of 'MatMul' Op has type float64 that does not match type "
    "float32 of argument 'a'" in matmul_message
), "expected the MatMul wording of the graph-mode TypeError"

assert tf.constant(1.0).dtype == tf.float32, "expected float32 from 1.0"
assert (weights * np.array([2.0, 2.0, 2.0])).dtype == tf.float32, (
    "expected a NumPy operand to take the tensor's dtype"
)
truncated = counts * np.array([2.5, 2.5])
print("int32 tensor * NumPy [2.5, 2.5]:", truncated.numpy().tolist())
assert truncated.dtype == tf.int32, "expected the array cast to int32"
assert truncated.numpy().tolist() == [6, 10], (
    "expected 2.5 to become 2 silently, with no error"
)
assert (weights * 2).dtype == tf.float32, "expected 2 to become float32"
try:
    counts * 2.5
except TypeError as err:
    scalar_message = str(err)
else:
    raise AssertionError("expected 2.5 not to fit an int32 tensor")
assert (
    "Cannot convert 2.5 to EagerTensor of dtype int32" in scalar_message
), "expected a float Python scalar not to fit an int32 tensor"
try:
    counts * 2.0
except TypeError as err:
    whole_message = str(err)
else:
    raise AssertionError("expected even 2.0 not to fit an int32 tensor")
print("int32 tensor * 2.0: TypeError:", whole_message)
assert "Cannot convert 2.0 to EagerTensor of dtype int32" in (
    whole_message
), "expected every Python float to be refused next to int32"
