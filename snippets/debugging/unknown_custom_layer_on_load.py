"""`Could not locate class`: load a model with custom layers by passing them in

When you hit it: `keras.models.load_model` fails with a `TypeError`
saying the model `could not be deserialized properly`, and further down
`Could not locate class 'Scale'`.

What is going on: a `.keras` file stores a custom layer's class name and
`get_config()`, not its code. On load, Keras must find the class: pass
it in `custom_objects`, or decorate it with
`@keras.saving.register_keras_serializable()` and import its module
before loading.

Pitfall: the real cause sits in the last part of a long message; the
first line only blames the model. Search the message for
`Could not locate class` to find the missing name.

severity: crash
topics: E4
"""

import os
import re
import tempfile

import keras
import numpy as np


class Scale(keras.layers.Layer):
    def __init__(self, factor=2.0, **kwargs):
        super().__init__(**kwargs)
        self.factor = factor

    def call(self, inputs):
        return inputs * self.factor

    def get_config(self):
        return {**super().get_config(), "factor": self.factor}


model = keras.Sequential([keras.Input(shape=(3,)), Scale(3.0)])
path = os.path.join(tempfile.mkdtemp(), "scaler.keras")
model.save(path)

try:
    # --8<-- [start:wrong]
    restored = keras.models.load_model(path)  # TypeError
    # --8<-- [end:wrong]
except TypeError as err:
    message = str(err)
first = message.split(". ")[0]
cause = re.search(r"Could not locate class '\w+'\.", message).group(0)
print("TypeError:", first, "...")
print("...", cause)
assert "could not be deserialized properly" in message, (
    "expected the TypeError to say the model could not be deserialized"
)
assert cause == "Could not locate class 'Scale'.", (
    "expected the message to name the missing custom class"
)

# --8<-- [start:right]
restored = keras.models.load_model(
    path, custom_objects={"Scale": Scale}
)
# --8<-- [end:right]
output = restored(np.ones((1, 3), dtype="float32"))
print("restored output:", output.numpy().tolist())
assert output.numpy().tolist() == [[3.0, 3.0, 3.0]], (
    "expected the restored layer to keep factor=3.0"
)


@keras.saving.register_keras_serializable(package="demo")
class Shift(keras.layers.Layer):
    def call(self, inputs):
        return inputs + 1.0


shift_path = os.path.join(tempfile.mkdtemp(), "shift.keras")
keras.Sequential([keras.Input(shape=(3,)), Shift()]).save(shift_path)
registered = keras.models.load_model(shift_path)  # no custom_objects
assert isinstance(registered.layers[-1], Shift), (
    "expected a registered class to load without custom_objects"
)
