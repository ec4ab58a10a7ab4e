"""Read "expected axis -1 of input shape to have value" as a feature count

When you hit it: `fit`, `predict` or a direct call stops with "Input 0
with name 'None' of layer 'hidden' is incompatible with the layer:
expected axis -1 of input shape to have value 128".

What is going on: a built layer fixes the size of its last input axis
(`Dense` has a `(128, units)` kernel). Each call checks incoming data
against the layer's `input_spec`, eagerly and in `predict`/`fit` alike.
The message names the first layer that disagrees, the size it expects
and the shape it received.

Pitfall: the layer named is where the data arrived, not where it went
wrong: look at what feeds it. `model.input_shape` and each layer's
output shape in `summary()` tell you what it expects.

severity: crash
topics: M11
"""

import re

import keras
import numpy as np

model = keras.Sequential([
    keras.Input(shape=(128,)),
    keras.layers.Dense(32, name="hidden"),
    keras.layers.Dense(1, name="score"),
])
model.compile(loss="mse")
features = np.zeros((4, 64), dtype="float32")  # 64 features, not 128

try:
    # --8<-- [start:show]
    model.predict(features, verbose=0)  # ValueError
    # --8<-- [end:show]
except ValueError as err:
    message = re.sub(r"\x1b\[[0-9;]*m", "", str(err))  # drop bold codes
line = next(row for row in message.splitlines() if "incompatible" in row)
print("ValueError:", line)
try:
    model(features)  # eager call: the same check
except ValueError as err:
    eager_message = re.sub(r"\x1b\[[0-9;]*m", "", str(err))
print("model.input_shape:", model.input_shape)
assert line in eager_message, "expected the same message eagerly"
assert "of layer 'hidden' is incompatible" in line, "expected layer name"
assert "expected axis -1 of input shape to have value 128" in line, "size"
assert "received input with shape (4, 64)" in line, "expected data shape"
assert model.input_shape == (None, 128), "expected the declared features"
