"""Predict one example: add the batch axis with `image[None]`

When you hit it: `model.predict(image)` on a single example stops with
"expected shape=(None, 32, 32, 3), found shape=(32, 32, 3)", "Invalid
input shape ... Expected shape (None, 32, 32, 3), but input has
incompatible shape (32, 32, 3)" or "expected min_ndim=4, found ndim=3".

What is going on: `keras.Input(shape=...)` describes one example; Keras
puts the batch axis (`None`) in front. `predict` and calling the model
take a batch, even a batch of one. The wording depends on the model and
on the shapes (the output shows four cases); the fix does not. A
`Dense` model given one row of features raises too. Add the axis with
`image[None]` or `np.expand_dims(image, 0)`; take `[0]` of the result.

Pitfall: when the `Input` ends in 1 (a grayscale image, a one-feature
series), the missing batch axis may raise nothing: Keras can read the
example as a batch ([next card](model.md#trailing-one-axis-read-as-batch)).

severity: crash
topics: M13
aliases:
  - expected min_ndim=4, found ndim=3. Full shape received: (None, 28, 1)
  - expected min_ndim=2, found ndim=1. Full shape received: (None,)
  - Input 0 of layer "sequential" is incompatible with the layer: expected shape=(None, 224, 224, 3), found shape=(224, 224, 3)
  - Input 0 is incompatible with layer model: expected shape=(None, 224, 224, 3), found shape=(224, 224, 3)
  - Error when checking input: expected input to have 4 dimensions, but got array with shape (224, 224, 3)
  - Error when checking input: expected to have shape (784,) but got array with shape (1,)
  - Model was constructed with shape (None, 224, 224, 3) but it was called on an input with incompatible shape (None, 224, 3)
  - how do I predict a single image with keras
  - how to predict a single sample or one row of features
  - np.expand_dims(img, axis=0) to add a batch dimension before predict
"""

import re

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(0)
image = np.random.rand(32, 32, 3).astype("float32")  # one RGB image


def first_line(err, marker):
    text = re.sub(r"\x1b\[[0-9;]*m", "", str(err))  # drop bold codes
    return next(row for row in text.splitlines() if marker in row)


try:
    # --8<-- [start:wrong]
    inputs = keras.Input(shape=(32, 32, 3), name="image")  # no batch
    x = keras.layers.Conv2D(8, 3, activation="relu")(inputs)
    x = keras.layers.GlobalAveragePooling2D()(x)
    outputs = keras.layers.Dense(10, activation="softmax")(x)
    classifier = keras.Model(inputs, outputs, name="classifier")

    classifier.predict(image)  # ValueError
    # --8<-- [end:wrong]
except ValueError as err:
    line = first_line(err, "incompatible")
print("Functional model, (32, 32, 3): ValueError:", line)

sequential = keras.Sequential(classifier.layers[1:])
sequential.build((None, 32, 32, 3))
try:
    sequential.predict(image, verbose=0)
except ValueError as err:
    seq_line = first_line(err, "Invalid input shape")
shapes = re.search(r"Expected shape .*", seq_line).group(0)
print("Sequential model, (32, 32, 3): ValueError: Invalid input shape")
print("  ...", shapes)

try:
    classifier(image)  # calling the model checks the same way
    called = "no error"
except ValueError as err:
    called = first_line(err, "incompatible")

no_input = keras.Sequential(  # no keras.Input: built on first call
    [
        keras.layers.Conv2D(8, 3, name="conv"),
        keras.layers.GlobalAveragePooling2D(),
        keras.layers.Dense(10),
    ]
)
try:
    no_input.predict(image, verbose=0)
except ValueError as err:
    layer_line = first_line(err, "min_ndim")
print("Sequential without Input, (32, 32, 3): ValueError:", layer_line)

row_inputs = keras.Input(shape=(4,))
rows_model = keras.Model(row_inputs, keras.layers.Dense(2)(row_inputs))
try:
    rows_model.predict(np.arange(4, dtype="float32"), verbose=0)
except ValueError as err:
    row_line = first_line(err, "Invalid input shape")
row_shapes = re.search(r"Expected shape .*", row_line).group(0)
print("Functional Dense model, (4,): ValueError: Invalid input shape")
print("  ...", row_shapes)

# --8<-- [start:right]
batch = image[None]  # (1, 32, 32, 3); or np.expand_dims(image, 0)
probs = classifier.predict(batch, verbose=0)[0]  # (10,)
# --8<-- [end:right]
print("input_shape:", classifier.input_shape, "| batch:", batch.shape)
print("predict(batch)[0]:", probs.shape)

keras_version = tuple(
    int(part) for part in re.findall(r"\d+", keras.__version__)[:2]
)
assert line.endswith(
    "is incompatible with the layer: expected shape=(None, 32, 32, 3), "
    "found shape=(32, 32, 3)"
), "expected the Functional model's wording"
if keras_version >= (3, 12):  # TF 2.21 names the input
    assert line.startswith(
        "Input 0 with name 'image' of layer 'classifier' is incompatible"
    ), "expected the input's and the model's names"
else:  # TF 2.16 to 2.20
    assert line.startswith('Input 0 of layer "classifier" is'), "model"
assert called == line, "expected calling the model to raise the same"
assert shapes == (
    "Expected shape (None, 32, 32, 3), "
    "but input has incompatible shape (32, 32, 3)"
), "expected the Sequential wording"
assert "expected min_ndim=4, found ndim=3" in layer_line, "min_ndim"
assert "Full shape received: (32, 32, 3)" in layer_line, "the shape"
assert row_shapes == (
    "Expected shape (None, 4), but input has incompatible shape (4,)"
), "expected a Dense model to reject one row without a batch axis"
assert classifier.input_shape == (None, 32, 32, 3), "batch axis None"
assert batch.shape == np.expand_dims(image, 0).shape == (1, 32, 32, 3)
assert probs.shape == (10,), "expected one row of 10 class scores"
same = classifier.predict(tf.expand_dims(image, 0), verbose=0)[0]
assert np.allclose(same, probs), "expected tf.expand_dims to match"
