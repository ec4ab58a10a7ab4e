"""A subclassed Model needs its own get_config to be saved

When you hit it: `model.save("model.keras")` on a `keras.Model` subclass
raises `NotImplementedError` "created by passing non-serializable
argument values in `__init__()`", though you passed only an `int`.

What is going on: Keras rebuilds a saved object by calling
`cls(**get_config())`. A `keras.layers.Layer` subclass whose `__init__`
takes only plain values (numbers, strings, booleans, `None`) gets that
config recorded for free; a `keras.Model` subclass does not, so you
write `get_config` yourself and register the class.

Pitfall: the message blames "non-serializable" values even when every
argument is an `int`; the real fix is a `get_config` returning your
`__init__` arguments plus `super().get_config()`.

severity: crash
topics: M3
"""

import os
import tempfile

import keras
import numpy as np

features = np.ones((2, 4), dtype="float32")
workdir = tempfile.mkdtemp()


# --8<-- [start:wrong]
class Classifier(keras.Model):
    def __init__(self, num_classes, **kwargs):
        super().__init__(**kwargs)
        self.num_classes = num_classes
        self.head = keras.layers.Dense(num_classes)

    def call(self, inputs):
        return self.head(inputs)
# --8<-- [end:wrong]


model = Classifier(3)
model(features)
try:
    model.save(os.path.join(workdir, "wrong.keras"))
except NotImplementedError as err:
    message = " ".join(str(err).split())
print("NotImplementedError:", message.split(". Please")[0])
assert "non-serializable argument values" in message, "expected the error"


class Scale(keras.layers.Layer):  # a Layer records plain args itself
    def __init__(self, factor, **kwargs):
        super().__init__(**kwargs)
        self.factor = factor


assert Scale(2.0).get_config()["factor"] == 2.0, "expected an auto config"


# --8<-- [start:right]
@keras.saving.register_keras_serializable(package="cheatsheet")
class Classifier(keras.Model):
    def __init__(self, num_classes, **kwargs):
        super().__init__(**kwargs)
        self.num_classes = num_classes
        self.head = keras.layers.Dense(num_classes)

    def call(self, inputs):
        return self.head(inputs)

    def get_config(self):
        config = super().get_config()
        config["num_classes"] = self.num_classes
        return config
# --8<-- [end:right]


model = Classifier(3)
path = os.path.join(workdir, "right.keras")
model(features)
model.save(path)
restored = keras.saving.load_model(path)
same = np.allclose(model(features), restored(features))
print("reloaded:", type(restored).__name__,
      "num_classes", restored.num_classes, "same outputs", same)
assert isinstance(restored, Classifier), "expected the subclass back"
assert restored.num_classes == 3, "expected the config to round-trip"
assert same, "expected the saved weights to come back"
