"""A SavedModel is not a Keras model: wrap it in `TFSMLayer` to `predict`

When you hit it: you have a SavedModel directory (`saved_model.pb` and
`variables/`) and want `predict` on it in Keras 3.

What is going on: `keras.models.load_model` reads only `.keras` and
`.h5` files and raises `ValueError` on a directory.
`tf.saved_model.load` returns a `_UserObject`: traced functions and
variables, no `predict`, `fit` or `summary`, and not callable itself.
`keras.layers.TFSMLayer(path, call_endpoint="serving_default")` wraps
one signature as a layer. A signature returns a dict, so take its
output key and build a `keras.Model` around it.

Pitfall: saving that wrapper to `.keras` stores only the SavedModel's
path. Loading it raises `ValueError` unless you pass `safe_mode=False`,
and it needs the directory to still be there.

severity: crash
topics: L9, L2
aliases:
  - '_UserObject' object has no attribute 'predict'
  - '_UserObject' object is not callable
  - load_model on a saved_model.pb folder in Keras 3
  - legacy SavedModel format is not supported by load_model() in Keras 3
  - how do I predict with a model saved as a SavedModel folder
  - Keras 3 compatibility: an old SavedModel directory no longer loads with the latest TensorFlow
  - keras.layers.TFSMLayer on the serving_default endpoint
  - tf.keras.models.load_model on a SavedModel directory after upgrading to TF 2.16
"""

import os
import shutil
import tempfile

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(0)
features = (
    np.random.default_rng(0).normal(size=(5, 4)).astype("float32")
)
original = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3)])
expected = original.predict(features, verbose=0)
work_dir = tempfile.mkdtemp()
export_dir = os.path.join(work_dir, "scorer")
original.export(export_dir, verbose=False)  # a SavedModel directory

try:
    keras.models.load_model(export_dir)
except ValueError as err:
    load_message = str(err).replace(export_dir, "scorer")
else:
    raise AssertionError(
        "expected load_model on a SavedModel directory to raise"
        " ValueError; it loaded"
    )
print("ValueError:", ". ".join(load_message.split(". ")[:3]) + ".")
assert "File format not supported" in load_message, (
    "expected load_model to refuse a SavedModel directory"
)
assert "legacy SavedModel format is not supported" in load_message

try:
    # --8<-- [start:wrong]
    reloaded = tf.saved_model.load(export_dir)
    scores = reloaded.predict(features)  # AttributeError
    # --8<-- [end:wrong]
except AttributeError as err:
    predict_message = str(err)
else:
    raise AssertionError(
        "expected predict on a _UserObject to raise AttributeError"
    )
print("AttributeError:", predict_message)
assert (
    predict_message == "'_UserObject' object has no attribute 'predict'"
)
assert type(reloaded).__name__ == "_UserObject", (
    "expected a _UserObject"
)
for name in ("fit", "summary", "layers"):
    assert not hasattr(reloaded, name), (
        f"expected no {name} on _UserObject"
    )
try:
    reloaded(features)
except TypeError as err:
    call_message = str(err)
else:
    raise AssertionError(
        "expected calling a _UserObject to raise TypeError"
    )
assert call_message == "'_UserObject' object is not callable"
assert len(reloaded.variables) == 2, "expected the kernel and the bias"
assert "serving_default" in reloaded.signatures, (
    "expected traced functions"
)
assert {"saved_model.pb", "variables"} <= set(os.listdir(export_dir))

# --8<-- [start:right]
serving_layer = keras.layers.TFSMLayer(
    export_dir, call_endpoint="serving_default"
)
inputs = keras.Input((4,))
outputs = serving_layer(inputs)  # a dict: {"output_0": ...}
model = keras.Model(inputs, outputs["output_0"])
scores = model.predict(features, verbose=0)
# --8<-- [end:right]
print("signature output keys:", sorted(outputs))
print("predict shape:", scores.shape)
assert sorted(outputs) == ["output_0"], "expected a dict keyed output_0"
np.testing.assert_allclose(
    scores,
    expected,
    rtol=1e-6,
    atol=1e-6,
    err_msg="expected the wrapped SavedModel to match the original model",
)

wrapper_path = os.path.join(work_dir, "wrapper.keras")
model.save(wrapper_path)
try:
    keras.models.load_model(wrapper_path)
except ValueError as err:
    safe_message = str(err)
else:
    raise AssertionError(
        "expected load_model in safe mode to refuse the TFSMLayer"
        " wrapper with ValueError; it loaded"
    )
print("reload wrapper: ValueError:", safe_message.split(". ")[0])
assert "loads an external SavedModel" in safe_message, (
    "expected safe mode to refuse a TFSMLayer inside a .keras file"
)
restored = keras.models.load_model(wrapper_path, safe_mode=False)
np.testing.assert_allclose(
    restored.predict(features, verbose=0),
    expected,
    rtol=1e-6,
    atol=1e-6,
    err_msg="expected safe_mode=False to reload the wrapper",
)
shutil.rmtree(export_dir)
try:
    keras.models.load_model(wrapper_path, safe_mode=False)
except OSError as err:
    missing = str(err).replace(export_dir, "scorer")
else:
    raise AssertionError(
        "expected loading the wrapper without the SavedModel"
        " directory to raise OSError; it loaded"
    )
print("without the SavedModel directory: OSError:", missing)
assert "SavedModel file does not exist at: scorer" in missing, (
    "expected the wrapper to need the SavedModel directory"
)
