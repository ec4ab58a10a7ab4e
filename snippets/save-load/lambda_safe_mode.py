"""A `Lambda` with a Python `lambda` inside won't load: safe mode blocks it

When you hit it: a model with `keras.layers.Lambda(lambda t: ...)` saves
to `.keras` without complaint, and `load_model` raises `ValueError`.

What is going on: Keras stores a Python `lambda` inside a `Lambda` as
marshalled bytecode in `config.json` (a named function by its name), and
loading bytecode can run anything. `keras.models.load_model` defaults
to `safe_mode=True` and refuses it. Pass `safe_mode=False` only for
files you trust.

Pitfall: the failure appears at load time, not at save time. Replace
the `Lambda` with a small registered `Layer` subclass or a built-in
layer, or give it a registered function, and the file loads in safe
mode.

severity: crash
topics: L4
aliases:
  - deserialization of a `Lambda` layer whose `function` is a Python lambda
  - Requested the deserialization of a Lambda layer with a Python `lambda` inside it
  - keras.config.enable_unsafe_deserialization
  - how to load a model that contains a lambda layer
  - arbitrary code execution when loading a Keras model
  - model_from_json has no safe_mode argument: enable unsafe deserialization for a Lambda in a JSON config
  - bad marshal data (unknown type code) from a Lambda saved under another Python version
  - swap the Lambda for a small registered subclass so safe mode accepts the file
"""

import base64
import inspect
import json
import marshal
import os
import tempfile
import types
import zipfile

import keras
import numpy as np

features = (
    np.random.default_rng(0).normal(size=(5, 4)).astype("float32")
)
save_dir = tempfile.mkdtemp()
lambda_path = os.path.join(save_dir, "lambda.keras")

try:
    # --8<-- [start:wrong]
    model = keras.Sequential(
        [
            keras.Input((4,)),
            keras.layers.Lambda(lambda t: t * 2.0),
        ]
    )
    model.save(lambda_path)  # saves without complaint
    keras.models.load_model(lambda_path)  # ValueError
    # --8<-- [end:wrong]
except ValueError as err:
    message = str(err)

with zipfile.ZipFile(lambda_path) as archive:
    config = json.loads(archive.read("config.json"))
stored_function = config["config"]["layers"][1]["config"]["function"]
print(
    "stored function:",
    stored_function["class_name"],
    "with keys",
    sorted(stored_function["config"]),
)
code_blob = base64.b64decode(stored_function["config"]["code"])
assert isinstance(marshal.loads(code_blob), types.CodeType), (
    "expected the lambda stored as marshalled Python bytecode"
)
default = inspect.signature(keras.models.load_model).parameters[
    "safe_mode"
]
assert default.default is True, "expected safe_mode=True by default"
print("ValueError:", message)
assert "Python lambda" in message, "expected the safe-mode refusal"
assert "safe_mode=False" in message, "expected the way out to be named"

# --8<-- [start:trusted]
trusted = keras.models.load_model(lambda_path, safe_mode=False)
# --8<-- [end:trusted]
np.testing.assert_allclose(
    trusted.predict(features, verbose=0),
    features * 2.0,
    rtol=1e-6,
    err_msg="expected the trusted reload to double its input",
)


# --8<-- [start:right]
@keras.saving.register_keras_serializable(package="my_layers")
class Double(keras.layers.Layer):
    def call(self, inputs):
        return inputs * 2.0


model = keras.Sequential([keras.Input((4,)), Double()])
# --8<-- [end:right]
layer_path = os.path.join(save_dir, "layer.keras")
model.save(layer_path)
restored = keras.models.load_model(layer_path)  # safe_mode=True
np.testing.assert_allclose(
    restored.predict(features, verbose=0),
    features * 2.0,
    rtol=1e-6,
    err_msg="expected the registered layer to load in safe mode",
)
print("registered Double layer loads with safe_mode=True")

model = keras.Sequential(
    [keras.Input((4,)), keras.layers.Rescaling(2.0)]
)
builtin_path = os.path.join(save_dir, "builtin.keras")
model.save(builtin_path)
np.testing.assert_allclose(
    keras.models.load_model(builtin_path).predict(features, verbose=0),
    features * 2.0,
    rtol=1e-6,
    err_msg="expected the built-in layer to load in safe mode",
)
print("built-in Rescaling(2.0) loads with safe_mode=True")


# --8<-- [start:registered_function]
@keras.saving.register_keras_serializable(package="my_fns")
def double(t):
    return t * 2.0


model = keras.Sequential(
    [keras.Input((4,)), keras.layers.Lambda(double)]
)
# --8<-- [end:registered_function]
function_path = os.path.join(save_dir, "function.keras")
model.save(function_path)
with zipfile.ZipFile(function_path) as archive:
    config = json.loads(archive.read("config.json"))
named = config["config"]["layers"][1]["config"]["function"]
stored_name = named["config"].split(">")[-1]  # "my_fns>" from Keras 3.9
print("registered function stored by name:", stored_name)
assert stored_name == "double", "expected it stored by name"
assert "code" not in json.dumps(named), "expected no bytecode stored"
np.testing.assert_allclose(
    keras.models.load_model(function_path).predict(features, verbose=0),
    features * 2.0,
    rtol=1e-6,
    err_msg="expected a Lambda with a registered function to load",
)
print("Lambda(double), registered, loads with safe_mode=True")
