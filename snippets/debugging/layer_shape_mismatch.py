"""`is incompatible with the layer`: the data's last axis is not the model's

When you hit it: `fit`, `predict` or calling the model stops with
`Input 0 … of layer 'hidden' is incompatible with the layer: expected
axis -1 of input shape to have value 4`.

What is going on: a built `Dense` layer fixes the size of its last
input axis (this one has a `(4, 16)` kernel), and every call checks
incoming data against it, in `fit`, `predict` and a plain call alike.
For a `Sequential` model, as here, the message names the layer, the
axis (`-1` is the features axis), the size it expected and the shape it
got. Compare `model.input_shape` with one batch of your data, then
build the `Input` from the data, or fix the data.

Pitfall: read the last number of the shape received, `(None, 5)`, not
the first: 5 feature columns reached a model built for 4. Look upstream
of the layer named: the data, or the layer that feeds it.

Checked: TF 2.16 to 2.20 write `of layer "hidden"`, in double quotes;
the nightly build gives the batch's shape (`received input with shape
(8, 5)`, `found shape=(8, 5)`). A functional `keras.Model` rejects such
data at its `Input` first. Its message names the model, not the
`Dense`, and gives the whole shape: `… is incompatible with the layer:
expected shape=(None, 4)`, then `found shape=(None, 5)`.

severity: crash
topics: E1, M11
formerly: model/input-shape-mismatch
aliases:
  - is incompatible with the layer: expected shape=(None, 4), found shape=(None, 5)
  - model expects a different number of features than my data has
  - Dense layer input shape does not match the data
  - added a column to my data and now predict fails
  - Matrix size-incompatible: In[0] In[1] in a Dense layer
  - compare model.input_shape with the shape of one batch
"""

import re

import keras
import numpy as np

features = np.ones((8, 5), dtype="float32")  # 5 columns
labels = np.zeros((8, 1), dtype="float32")


def first_line(err):
    message = re.sub(r"\x1b\[[0-9;]*m", "", str(err))  # drop bold codes
    return next(
        ln for ln in message.splitlines() if "incompatible" in ln
    )


try:
    # --8<-- [start:wrong]
    model = keras.Sequential(
        [
            keras.Input(shape=(4,)),  # built for 4 columns
            keras.layers.Dense(16, activation="relu", name="hidden"),
            keras.layers.Dense(1),
        ]
    )
    model.compile(optimizer="adam", loss="mse")
    model.fit(features, labels, verbose=0)  # ValueError
    # --8<-- [end:wrong]
except ValueError as err:
    line = first_line(err)
print("ValueError:", line)
keras_version = tuple(
    int(part) for part in re.findall(r"\d+", keras.__version__)[:2]
)
if keras_version >= (3, 12):  # TF 2.21 and later
    assert "of layer 'hidden' is incompatible with the layer" in line, (
        "expected Keras to name the layer whose input shape is wrong"
    )
else:  # TF 2.16 to 2.20
    assert 'of layer "hidden" is incompatible with the layer' in line, (
        "expected Keras to name the layer, in double quotes"
    )
assert "expected axis -1 of input shape to have value 4" in line, (
    "expected the message to give the features axis and its size"
)
if keras_version >= (3, 16):  # the nightly build
    assert "received input with shape (8, 5)" in line, (
        "expected the nightly message to give the batch's shape"
    )
else:
    assert "received input with shape (None, 5)" in line, (
        "expected the message to give the shape the data had"
    )
assert tuple(model.get_layer("hidden").kernel.shape) == (4, 16), (
    "expected the built layer to fix its input size in the kernel"
)

for call in (model.predict, model):
    try:
        call(features)
    except ValueError as err:
        assert "is incompatible with the layer" in first_line(err), (
            "expected predict and a plain call to raise the same error"
        )
    else:
        raise AssertionError("expected predict and a call to raise")

inputs = keras.Input(shape=(4,))
hidden = keras.layers.Dense(16, activation="relu", name="hidden")(
    inputs
)
functional = keras.Model(
    inputs, keras.layers.Dense(1)(hidden), name="regressor"
)
functional.compile(optimizer="adam", loss="mse")
try:
    functional.fit(features, labels, verbose=0)
except ValueError as err:
    functional_line = first_line(err)
print("functional:", functional_line.split(" expected")[0])
assert "is incompatible with the layer: expected shape=(None, 4)" in (
    functional_line
), "expected the functional model to check its Input first"
if keras_version >= (3, 16):  # the nightly build
    assert "found shape=(8, 5)" in functional_line, "the batch's shape"
else:
    assert "found shape=(None, 5)" in functional_line, (
        "the data's shape"
    )
assert re.search(r"of layer .regressor. is", functional_line), (
    "expected the message to name the model, not the Dense"
)

# --8<-- [start:right]
print("model expects:", model.input_shape, " data:", features.shape)
model = keras.Sequential(
    [
        keras.Input(shape=features.shape[1:]),  # taken from the data
        keras.layers.Dense(16, activation="relu", name="hidden"),
        keras.layers.Dense(1),
    ]
)
model.compile(optimizer="adam", loss="mse")
model.fit(features, labels, verbose=0)
# --8<-- [end:right]
assert model.input_shape[-1] == features.shape[-1] == 5, (
    "expected the rebuilt model to accept the 5 feature columns"
)
