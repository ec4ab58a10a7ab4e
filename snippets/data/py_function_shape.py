"""tf.py_function output has no shape: restore it with ensure_shape

When you hit it: a preprocessing step exists only in Python (a tokenizer,
an image library), so you wrap it in `tf.py_function` inside `map`.

What is going on: `tf.py_function` runs your Python function on eager
tensors for every element, so any Python works. TensorFlow cannot see
inside it, so the output's shape is unknown, even its rank. The next op
that needs a shape, here `tf.image.resize`, fails at build time.
`tf.ensure_shape` declares the shape and checks it for each element.

Pitfall: besides the lost shape, the wrapped code runs once per element
while holding Python's global interpreter lock, so pure-Python work in a
parallel `map` runs one element at a time. Prefer TensorFlow ops; keep
`py_function` for the rest.

Checked: the run counts the calls and trips `tf.ensure_shape`; the lock
is documented in `tensorflow/python/ops/script_ops.py`
(`eager_py_func`, exported as `tf.py_function`).

severity: crash
topics: D12
aliases:
  - as_list() is not defined on an unknown TensorShape.
  - Cannot take the length of shape with unknown rank.
  - its rank is undefined, but the layer requires a defined rank
  - tf.py_func or tf.numpy_function output shape
  - shape is unknown after py_function or numpy_function in Dataset.map: set_shape
  - use PIL or OpenCV inside Dataset.map
  - unknown TensorShape after tf.data.Dataset.map
"""

import numpy as np
import tensorflow as tf

calls = []


def brighten(image):  # any NumPy / Python library code
    calls.append(1)
    return np.clip(image.numpy() * 1.5, 0, 255).astype(np.float32)


images = tf.data.Dataset.from_tensor_slices(tf.ones((4, 8, 8, 3)))

try:
    # --8<-- [start:wrong]
    def augment(image):
        image = tf.py_function(brighten, [image], tf.float32)
        return tf.image.resize(image, (4, 4))  # shape unknown here

    train_ds = images.map(augment)
    # --8<-- [end:wrong]
except ValueError as err:
    message = str(err).strip().splitlines()[-1].strip()
print(message)
assert "contains no shape" in message, "expected the shape to be lost"


# --8<-- [start:right]
def augment(image):
    image = tf.py_function(brighten, [image], tf.float32)
    image = tf.ensure_shape(image, [8, 8, 3])
    return tf.image.resize(image, (4, 4))


train_ds = images.map(augment)
print(train_ds.element_spec)
# --8<-- [end:right]

bare = images.map(lambda im: tf.py_function(brighten, [im], tf.float32))
assert bare.element_spec.shape.rank is None, "expected an unknown rank"
assert train_ds.element_spec.shape == (4, 4, 3), (
    "expected a known shape"
)
calls.clear()
outputs = list(train_ds)
assert float(outputs[0][0, 0, 0]) == 1.5, (
    "expected the Python code to run"
)
assert len(calls) == 4, "expected one Python call per element"


def crop(image):  # a bug: returns 4 rows, not 8
    return image.numpy()[:4]


cropped_ds = images.map(
    lambda im: tf.ensure_shape(
        tf.py_function(crop, [im], tf.float32), [8, 8, 3]
    )
)
assert cropped_ds.element_spec.shape == (8, 8, 3), "expected declared"
try:
    list(cropped_ds)
    caught = None
except tf.errors.InvalidArgumentError as err:
    caught = type(err).__name__
print("ensure_shape on a 4x8x3 result:", caught)
assert caught == "InvalidArgumentError", "expected each element checked"
