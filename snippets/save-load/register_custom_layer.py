"""Register custom layers, or loading fails with "Could not locate class"

When you hit it: a model with your own layer class saves fine, then
`keras.models.load_model` fails in another script or process.

What is going on: a `.keras` file stores each layer's class name and
`get_config()`, never its code. At load time Keras looks the name up in
its registry. Decorate the class with
`@keras.saving.register_keras_serializable()`, or pass
`custom_objects={"Scale": Scale}` to `load_model`.

Pitfall: the registry fills when the decorator runs, so the module that
defines the class must be imported before `load_model`. The error is a
`TypeError` about the whole model; the cause is on its
"Exception encountered" line.

severity: crash
topics: L3, E4
"""

import json
import os
import tempfile
import zipfile

import keras
import numpy as np

keras.utils.set_random_seed(0)
features = np.random.default_rng(0).normal(size=(5, 4)).astype("float32")
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

with zipfile.ZipFile(plain_path) as archive:
    stored = json.loads(archive.read("config.json"))
scale_config = stored["config"]["layers"][-1]
assert scale_config["class_name"] == "Scale", "expected the class name"
assert scale_config["config"]["factor"] == 3.0, "expected get_config()"
first_line = message.splitlines()[0]
cause = next(ln for ln in message.splitlines() if "Could not locate" in ln)
cause = cause.split(" Full object config")[0]
print("TypeError:", first_line)
print(cause)
assert "could not be deserialized properly" in first_line, (
    "expected the model-level TypeError"
)
assert "Could not locate class 'Scale'" in cause, (
    "expected the cause to name the unregistered class"
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


model = build(Scale(3.0))
model_path = os.path.join(save_dir, "model.keras")
model.save(model_path)
restored = keras.models.load_model(model_path)
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
assert isinstance(with_custom_objects.layers[-1], UnregisteredScale), (
    "expected custom_objects to work for an unregistered class"
)
