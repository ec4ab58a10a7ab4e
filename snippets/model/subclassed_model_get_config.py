"""A subclassed Model needs its own get_config to be saved

When you hit it: at Keras 3.15 (TF 2.21), `model.save("model.keras")`
on a `keras.Model` subclass raises `NotImplementedError` "created by
passing non-serializable argument values in `__init__()`", though you
passed only an `int`. On TF 2.16 to 2.20 `save` succeeds and
`load_model` fails: `TypeError: … could not be deserialized properly`.

What is going on: Keras rebuilds a saved object by calling
`cls(**get_config())`. A `keras.layers.Layer` subclass records the
Python numbers, strings, booleans and `None` (and lists of them) passed
to its `__init__`; a `keras.Model` subclass records none of them.
With a required argument, saving or loading fails; with every argument
defaulted, loading rebuilds with the defaults. Write `get_config`
yourself, returning your `__init__` arguments plus
`super().get_config()`, and register the class.

Pitfall: defaults make it worse: `save` succeeds, and loading uses the
defaults, not your values. A model built with other values reloads with
the defaults (other outputs, no warning) or fails to load its weights.

Checked: a `Layer` also records the NumPy scalars that subclass those
types (`np.float64`, `np.str_`), not `np.int64`, `np.float32` or
`np.bool_`. On TF 2.16 to 2.20 the run loads the wrong model with
`custom_objects={"Classifier": Classifier}`.

severity: crash
topics: M3
aliases:
  - Saving the model to HDF5 format requires the model to be a Functional model
  - Please implement `get_config()`.
  - __init__() missing 1 required positional argument when loading a custom model
  - how to save and load a subclassed Keras model
  - reloaded custom model ignores the constructor arguments I passed
  - get_config and register_keras_serializable for a keras.Model subclass
  - from_config for a subclassed model
  - could not be deserialized properly. Please ensure that components that are Python object instances (layers, models, etc.) returned by `get_config()`
"""

import os
import re
import tempfile
import warnings

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


keras_version = tuple(
    int(part) for part in re.findall(r"\d+", keras.__version__)[:2]
)
model = Classifier(3)
model(features)
wrong_path = os.path.join(workdir, "wrong.keras")
try:
    model.save(wrong_path)
except NotImplementedError as err:
    message = " ".join(str(err).split())
    print("NotImplementedError:", message.split(". Please")[0])
    assert "non-serializable argument values" in message, (
        "expected the error"
    )
else:  # TF 2.16 to 2.20: the failure waits for load_model
    assert keras_version < (3, 15), "expected save() to raise at 3.15"
    try:
        keras.saving.load_model(
            wrong_path, custom_objects={"Classifier": Classifier}
        )
    except TypeError as err:
        message = str(err)
    else:
        raise AssertionError("expected load_model to fail")
    print("save() succeeded; load_model: TypeError:", message[-40:])
    assert "could not be deserialized properly" in message, (
        "expected load_model to fail on the missing num_classes"
    )
assert (keras_version >= (3, 15)) == message.startswith("Object"), (
    "expected save() to raise at Keras 3.15 and not before"
)


class Scale(keras.layers.Layer):  # a Layer records plain args itself
    def __init__(self, factor, **kwargs):
        super().__init__(**kwargs)
        self.factor = factor


scale = Scale.from_config(Scale(2.0).get_config())  # cls(**config)
assert scale.factor == 2.0, "expected a Layer to rebuild with its value"


def recorded(value):
    try:
        return Scale(value).get_config()["factor"]
    except (NotImplementedError, ValueError) as err:
        return type(err).__name__  # ValueError: a Keras 3.11 format bug


plain = [2, "x", True, None, [1, 2]]
subclassing = [np.float64(2.0), np.str_("x")]  # float and str
numpy_scalars = [np.int64(3), np.int32(3), np.float32(2.0), np.bool_(1)]
print("Layer records:", [recorded(value) for value in plain])
print(
    "np.int64, np.int32, np.float32, np.bool_: get_config() raises",
    {recorded(value) for value in numpy_scalars},
)
assert [recorded(value) for value in plain] == plain, "plain values"
assert [recorded(value) for value in subclassing] == subclassing, (
    "expected np.float64 and np.str_ to be recorded"
)
refused = {recorded(value) for value in numpy_scalars}
if keras_version[:2] == (3, 11):  # TF 2.19 and 2.20
    refused = (
        {"NotImplementedError"}
        if refused == {"ValueError"}
        else refused
    )
assert refused == {"NotImplementedError"}, (
    "expected the other NumPy scalars not to be recorded"
)


# --8<-- [start:defaults]
@keras.saving.register_keras_serializable(package="cheatsheet")
class Scorer(keras.Model):
    def __init__(self, num_classes=3, temperature=1.0, **kwargs):
        super().__init__(**kwargs)
        self.temperature = temperature
        self.head = keras.layers.Dense(num_classes)

    def call(self, inputs):
        return self.head(inputs) / self.temperature


scorer = Scorer(temperature=2.0)
scorer(features)
scorer.save("scorer.keras")  # no error; it reloads with 1.0
# --8<-- [end:defaults]
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    reloaded = keras.saving.load_model("scorer.keras")
print("saved temperature 2.0, reloaded:", reloaded.temperature)
if keras_version >= (3, 15):
    assert scorer.get_config()["temperature"] == 1.0, (
        "expected the config to hold the default, not the value passed"
    )
else:  # TF 2.16 to 2.20: the config holds no argument at all
    assert "temperature" not in scorer.get_config(), "expected none"
assert reloaded.temperature == 1.0, "expected the default back, not 2.0"
assert not np.allclose(scorer(features), reloaded(features)), (
    "expected the reloaded model to give other outputs"
)
assert not caught, "expected no warning about it"

wide = Scorer(num_classes=5)
wide(features)
wide.save("wide.keras")
try:
    keras.saving.load_model("wide.keras")
    load_error = "none"
except ValueError as err:
    load_error = str(err).split(". Example")[0] + "."

print("saved num_classes=5, load_model: ValueError:", load_error)
assert "could not be loaded" in load_error, (
    "expected the default-sized layer to reject the saved weights"
)


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


model = Classifier(5)
path = os.path.join(workdir, "right.keras")
model(features)
model.save(path)
restored = keras.saving.load_model(path)
same = np.allclose(model(features), restored(features))
print(
    "right: reloaded",
    type(restored).__name__,
    "num_classes",
    restored.num_classes,
    "same outputs",
    same,
)
assert isinstance(restored, Classifier), "expected the subclass back"
assert restored.head.units == 5, (
    "expected the layer rebuilt with 5 units"
)
assert same, "expected the saved weights to come back"
