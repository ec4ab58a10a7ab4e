"""`.numpy()` and NumPy calls fail on symbolic tensors: use TF ops in graphs

When you hit it: code that works eagerly fails once it runs in a
`tf.function`, a `Dataset.map` or `fit`, with `AttributeError:
'SymbolicTensor' object has no attribute 'numpy'` or `Cannot convert a
symbolic tf.Tensor ... to a numpy array`.

What is going on: while tracing, a tensor is a symbolic placeholder
with no value, so `.numpy()` does not exist and NumPy cannot read it.
`Dataset.map` traces its function too: it raises when you call `map`,
before any element is read. Use TensorFlow ops (`tf.reduce_max`) or
`keras.ops`, which accept symbolic tensors. When you need NumPy code,
wrap it in `tf.numpy_function`.

Pitfall: `tf.numpy_function` runs Python on every call, returns a tensor
of unknown shape and has no gradient. Keep it for what TensorFlow
cannot do.

severity: crash
topics: G11
aliases:
  - 'Tensor' object has no attribute 'numpy'
  - you're trying to pass a Tensor to a NumPy call, which is not supported
  - numpy() not working inside tf.function
  - how do I get the value of a tensor inside tf.function
  - use numpy inside dataset map function
  - tensor has no attribute numpy in a keras custom loss
  - convert tensor to numpy array inside map or a custom metric
  - Dataset.map receives a symbolic Tensor args_0 with no value, so .numpy() fails
"""

import keras
import numpy as np
import tensorflow as tf

pixels = tf.constant([[0.0, 64.0], [128.0, 255.0]])


def last_line(err):
    return str(err).strip().splitlines()[-1].strip()


# --8<-- [start:wrong]
@tf.function
def scale(batch):
    return batch / batch.numpy().max()  # AttributeError


@tf.function
def scale_np(batch):
    return batch / np.max(batch)  # NotImplementedError


# --8<-- [end:wrong]


try:
    scale(pixels)
except AttributeError as err:
    numpy_message = last_line(err)
print(numpy_message)
try:
    scale_np(pixels)
except NotImplementedError as err:
    call_message = last_line(err)
print(call_message.split(". ")[0] + ".")

images = tf.data.Dataset.from_tensor_slices(pixels)
try:
    images.map(scale_np.python_function)  # raises here, at map()
except NotImplementedError as err:
    map_message = last_line(err)
print("at map():", map_message.split(". ")[0] + ".")


# --8<-- [start:right]
@tf.function
def scale(batch):
    return batch / tf.reduce_max(batch)  # a TF op


@tf.function
def scale_np(batch):  # NumPy you cannot replace
    peak = tf.numpy_function(np.max, [batch], tf.float32)
    return batch / peak


# --8<-- [end:right]


def rounded(tensor):
    return [round(float(v), 3) for v in tf.reshape(tensor, [-1])]


print("fixed:", rounded(scale(pixels)))
same = rounded(scale_np(pixels))
eager = rounded(pixels / pixels.numpy().max())


def max_scaled_loss(y_true, y_pred):  # a loss that peeks with .numpy()
    return (
        tf.reduce_mean(tf.square(y_true - y_pred))
        * y_pred.numpy().max()
    )


model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
model.compile(optimizer="sgd", loss=max_scaled_loss)
try:
    model.fit(np.ones((4, 2)), np.ones((4, 1)), verbose=0)
except AttributeError as err:
    fit_message = last_line(err)

assert (
    "'SymbolicTensor' object has no attribute 'numpy'" in numpy_message
), "expected .numpy() to fail while tracing"
assert "Cannot convert a symbolic tf.Tensor" in call_message, (
    "expected NumPy on a symbolic tensor to fail while tracing"
)
assert "Cannot convert a symbolic tf.Tensor" in map_message, (
    "expected Dataset.map to trace and fail at map()"
)
assert "has no attribute 'numpy'" in fit_message, (
    "expected fit to trace too"
)
assert same == eager == rounded(scale(pixels)), (
    "expected both fixes to match the eager NumPy result"
)
keras_ops = tf.function(lambda batch: batch / keras.ops.max(batch))
assert rounded(keras_ops(pixels)) == eager, (
    "expected keras.ops to work on symbolic tensors"
)
numpy_calls = []


def counted_max(batch):
    numpy_calls.append(1)
    return np.max(batch)


@tf.function
def peak_of(batch):
    return tf.numpy_function(counted_max, [batch], tf.float32)


for _ in range(3):
    peak_of(pixels)
traced_shape = peak_of.get_concrete_function(
    pixels
).structured_outputs.shape
assert len(numpy_calls) == 3, (
    "expected the Python code to run on every call"
)
assert traced_shape.rank is None, (
    "expected numpy_function to lose the shape"
)
with tf.GradientTape() as tape:
    tape.watch(pixels)
    peak = tf.numpy_function(np.max, [pixels], tf.float32)
assert tape.gradient(peak, pixels) is None, "expected no gradient"
