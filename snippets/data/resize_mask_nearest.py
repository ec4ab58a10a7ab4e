"""Resize segmentation masks with method="nearest"

When you hit it: you resize an image and its segmentation mask together
with `tf.image.resize` and train on the result.

What is going on: the default method is bilinear. It averages
neighbouring pixels, which is right for photos and wrong for class
ids: between class 1 and class 3 it invents 2, and it returns
`float32`. `method="nearest"` copies existing pixels, so only real
class ids survive and the dtype stays as it was.

Pitfall: a bilinear mask raises no error; the model just learns from
made-up labels along every object edge.

severity: silent
topics: D11
aliases:
  - tf.image.ResizeMethod.NEAREST_NEIGHBOR
  - tf.compat.v1.image.resize_nearest_neighbor
  - segmentation mask has new class values after resizing
  - resized label mask becomes float
  - which interpolation to use when resizing label masks
  - resize an image and its mask together for semantic segmentation
"""

import inspect

import numpy as np
import tensorflow as tf

mask = tf.constant(
    [[0, 0, 3, 3], [0, 0, 3, 3], [1, 1, 3, 3], [1, 1, 3, 3]],
    dtype=tf.uint8,
)[..., tf.newaxis]

# --8<-- [start:wrong]
blurred = tf.image.resize(mask, (7, 7))  # bilinear by default
# --8<-- [end:wrong]

# --8<-- [start:right]
resized = tf.image.resize(mask, (7, 7), method="nearest")
# --8<-- [end:right]

blurred_ids = np.unique(blurred.numpy()).tolist()
resized_ids = np.unique(resized.numpy()).tolist()
print("bilinear:", blurred.dtype.name, blurred_ids)
print("nearest: ", resized.dtype.name, resized_ids)
assert blurred.dtype == tf.float32, (
    "expected bilinear to return float32"
)
assert set(blurred_ids) - {0, 1, 3}, "expected bilinear to invent ids"
border = float(blurred[5, 3, 0])  # between class 1 (left), 3 (right)
print("at the 1|3 border, bilinear gives:", border)
assert border == 2.0, (
    "expected bilinear to invent class 2 at the border"
)
default = (
    inspect.signature(tf.image.resize).parameters["method"].default
)
assert default == "bilinear", "expected bilinear as the default method"
bilinear = tf.image.resize(mask, (7, 7), method="bilinear")
assert np.array_equal(blurred, bilinear), (
    "expected the same as bilinear"
)
assert resized_ids == [0, 1, 3], "expected only the real class ids"
assert resized.dtype == tf.uint8, "expected nearest to keep the dtype"
