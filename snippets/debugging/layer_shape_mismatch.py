"""`is incompatible with the layer`: the data's last axis is not the model's

When you hit it: `fit`, `predict` or calling the model stops with
`Input 0 ... of layer 'hidden' is incompatible with the layer`.

What is going on: a Keras layer checks the shape of what it receives
against the shape it was built for. The message names the layer, the
axis (`-1` is the features axis), the size it expected and the shape it
got. Compare `model.input_shape` with the shape of one batch of your data
before you look anywhere else.

Pitfall: read the last number of `received input with shape (None, 5)`,
not the first: here the data has 5 feature columns and the model was
built for 4, so a column was added (or not dropped) upstream. Build the
`Input` from the data, or fix the data.

severity: crash
topics: E1
"""

import re

import keras
import numpy as np

features = np.ones((8, 5), dtype="float32")  # 5 columns
labels = np.zeros((8, 1), dtype="float32")

try:
    # --8<-- [start:wrong]
    model = keras.Sequential([
        keras.Input(shape=(4,)),  # built for 4 columns
        keras.layers.Dense(16, activation="relu", name="hidden"),
        keras.layers.Dense(1),
    ])
    model.compile(optimizer="adam", loss="mse")
    model.fit(features, labels, verbose=0)  # ValueError
    # --8<-- [end:wrong]
except ValueError as err:
    message = re.sub(r"\x1b\[[0-9;]*m", "", str(err))  # drop bold codes
line = next(ln for ln in message.splitlines() if "incompatible" in ln)
print("ValueError:", line)
assert "of layer 'hidden' is incompatible with the layer" in line, (
    "expected Keras to name the layer whose input shape is wrong"
)
assert "expected axis -1 of input shape to have value 4" in line, (
    "expected the message to give the features axis and its size"
)

try:
    model(features)  # a plain call checks the same way
except ValueError as err:
    assert "is incompatible with the layer" in str(err), (
        "expected calling the model to raise the same error"
    )
else:
    raise AssertionError("expected calling the model to raise")

# --8<-- [start:right]
print("model expects:", model.input_shape, " data:", features.shape)
model = keras.Sequential([
    keras.Input(shape=features.shape[1:]),  # taken from the data
    keras.layers.Dense(16, activation="relu", name="hidden"),
    keras.layers.Dense(1),
])
model.compile(optimizer="adam", loss="mse")
model.fit(features, labels, verbose=0)
# --8<-- [end:right]
assert model.input_shape[-1] == features.shape[-1] == 5, (
    "expected the rebuilt model to accept the 5 feature columns"
)
