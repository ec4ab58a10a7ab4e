"""`Could not locate class`: register custom layers, or pass them to load_model

When you hit it: a model with your own layer class saves fine, then
`keras.models.load_model` fails, often in another script, with a
`TypeError` saying the model `could not be deserialized properly` and,
further down, `Could not locate class 'Scale'`.

What is going on: a `.keras` file stores each layer's class name and
`get_config()`, not the code of your class. At load time Keras looks the name up in
its registry. Decorate the class with
`@keras.saving.register_keras_serializable()`, or pass
`custom_objects={"Scale": Scale}` to `load_model`.

Pitfall: the registry fills when the decorator runs, so import the
module that defines the class before `load_model`. The first line of
the error blames only the model; the cause is on its `Exception
encountered` line.

severity: crash
topics: E4, L3
formerly: save-load/register-custom-layer
aliases:
  - Unknown layer: 'Scale'. Please ensure you are using a (Keras 2, HDF5)
  - Cannot deserialize object of type `Scale`. (Keras 2, .keras file)
  - how to save and load a model with a custom layer
  - load_model custom_objects
  - ValueError: Unknown layer when loading a model with a custom layer
  - Unknown layer. Please ensure this object is passed to the `custom_objects` argument.
  - tf.keras.utils.custom_object_scope or CustomObjectScope
  - import the module that defines the custom layer before load_model
  - Could not locate class. Make sure custom classes are decorated with `@keras.saving.register_keras_serializable()`
"""

import json
import os
import re
import tempfile
import zipfile

import keras
import numpy as np

keras.utils.set_random_seed(0)
features = (
    np.random.default_rng(0).normal(size=(5, 4)).astype("float32")
)
save_dir = tempfile.mkdtemp()
plain_path = os.path.join(save_dir, "plain.keras")


def build(scale_layer):
    inputs = keras.Input((4,))
    outputs = scale_layer(keras.layers.Dense(3)(inputs))
    return keras.Model(inputs, outputs)


try:
    # --8<-- [start:wrong]
    class Scale(keras.layers.Layer):  # not registered
        def __init__(self, factor=2.0, **kwargs):
            super().__init__(**kwargs)
            self.factor = factor

        def call(self, inputs):
            return inputs * self.factor

        def get_config(self):
            return {**super().get_config(), "factor": self.factor}

    build(Scale(3.0)).save(plain_path)
    keras.models.load_model(plain_path)  # TypeError
    # --8<-- [end:wrong]
except TypeError as err:
    message = str(err)
UnregisteredScale = Scale

first_line = message.splitlines()[0]
cause = re.search(
    r"Exception encountered: Could not locate class '\w+'\.", message
)
print("TypeError:", first_line.split(". ")[0] + ". ...")
print(cause.group(0))
assert "could not be deserialized properly" in first_line, (
    "expected the model-level TypeError"
)
assert "Scale" not in first_line, (
    "expected the first line to blame the model"
)
assert "Could not locate class 'Scale'" in cause.group(0), (
    "expected the cause to name the unregistered class"
)

with zipfile.ZipFile(plain_path) as archive:
    stored = json.loads(archive.read("config.json"))
scale_config = stored["config"]["layers"][-1]
assert scale_config["class_name"] == "Scale", "expected the class name"
assert scale_config["config"]["factor"] == 3.0, "expected get_config()"
assert not any(name.endswith(".py") for name in archive.namelist()), (
    "expected no source file in the .keras file"
)
with zipfile.ZipFile(plain_path) as archive:
    contents = b"".join(archive.read(n) for n in archive.namelist())
assert b"self.factor" not in contents and b"def call" not in contents, (
    "expected none of the class's code in the .keras file"
)

assert keras.saving.get_registered_object("my_layers>Scale") is None, (
    "expected an empty registry slot before the decorator runs"
)


# --8<-- [start:right]
@keras.saving.register_keras_serializable(package="my_layers")
class Scale(keras.layers.Layer):
    def __init__(self, factor=2.0, **kwargs):
        super().__init__(**kwargs)
        self.factor = factor

    def call(self, inputs):
        return inputs * self.factor

    def get_config(self):
        return {**super().get_config(), "factor": self.factor}


# --8<-- [end:right]


assert keras.saving.get_registered_object("my_layers>Scale") is Scale, (
    "expected the decorator to fill the registry"
)
model = build(Scale(3.0))
model_path = os.path.join(save_dir, "model.keras")
model.save(model_path)
restored = keras.models.load_model(model_path)  # no custom_objects
print("registered as:", keras.saving.get_registered_name(Scale))
assert restored.layers[-1].factor == 3.0, "expected the config restored"
np.testing.assert_allclose(
    restored.predict(features, verbose=0),
    model.predict(features, verbose=0),
    err_msg="expected the reloaded model to give the same outputs",
)

with_custom_objects = keras.models.load_model(
    plain_path, custom_objects={"Scale": UnregisteredScale}
)
print(
    "with custom_objects:",
    type(with_custom_objects.layers[-1]).__name__,
)
assert isinstance(with_custom_objects.layers[-1], UnregisteredScale), (
    "expected custom_objects to work for an unregistered class"
)
