"""A SavedModel is not a Keras model: wrap it in `TFSMLayer` to `predict`

When you hit it: you have a SavedModel directory (`saved_model.pb` and
`variables/`), from `model.export` or a Keras 2 `model.save`, and want
`predict` on it in Keras 3.

What is going on: `keras.models.load_model` reads what Keras saves
([the file format card](save-load.md#keras-file-format)), not a
SavedModel: it raises `ValueError` on both directories.
`tf.saved_model.load` returns a `_UserObject`: traced functions and
variables, no `predict`, `fit` or `summary`. The `model.export` one is
not callable; the Keras 2 one is.
`keras.layers.TFSMLayer(path, call_endpoint="serving_default")` wraps
one signature as a layer. A signature returns a dict, so take its
output key and build a `keras.Model` around it.

Pitfall: saving that wrapper to `.keras` stores the SavedModel's path
and a copy of its weights, not its graph. Loading it needs the
directory, and from TF 2.21 raises `ValueError` unless you pass
`safe_mode=False`; the file's weights override the directory's.

Checked: the Keras 2 directory is written by `tf_keras` `model.save`;
`TFSMLayer` serves it too. TF 2.20 and earlier (Keras 3.11 and
earlier) load the wrapper with the default `safe_mode=True`; the run
asserts its release's outcome.

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
  - load_model fails on the folder written by model.export
"""

import contextlib
import io
import os
import shutil
import tempfile
import zipfile

import h5py
import keras
import numpy as np
import tensorflow as tf
import tf_keras

keras.utils.set_random_seed(0)
tf_keras.utils.set_random_seed(0)
features = (
    np.random.default_rng(0).normal(size=(5, 4)).astype("float32")
)
original = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3)])
expected = original.predict(features, verbose=0)
work_dir = tempfile.mkdtemp()
export_dir = os.path.join(work_dir, "scorer")
with contextlib.redirect_stdout(io.StringIO()):  # prints a temp path
    original.export(export_dir)  # a SavedModel directory
legacy = tf_keras.Sequential(
    [tf_keras.Input((4,)), tf_keras.layers.Dense(3)]
)
legacy_expected = legacy.predict(features, verbose=0)
legacy_dir = os.path.join(work_dir, "legacy_scorer")
legacy.save(legacy_dir)  # Keras 2: a SavedModel directory

load_messages = {}
for name, path in [
    ("scorer", export_dir),
    ("legacy_scorer", legacy_dir),
]:
    assert {"saved_model.pb", "variables"} <= set(os.listdir(path))
    try:
        keras.models.load_model(path)
    except ValueError as err:
        load_messages[name] = str(err).replace(path, name)
    else:
        raise AssertionError(
            f"expected load_model on {name} to raise ValueError; it loaded"
        )
load_message = load_messages["scorer"]
print("ValueError:", ". ".join(load_message.split(". ")[:3]) + ".")
for message in load_messages.values():
    assert "File format not supported" in message, (
        "expected load_model to refuse a SavedModel directory"
    )
    assert "legacy SavedModel format is not supported" in message
    assert "TFSMLayer" in message, "expected a pointer to TFSMLayer"
print("load_model refuses both directories:", sorted(load_messages))

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

legacy_loaded = tf.saved_model.load(legacy_dir)
print(
    "callable: model.export",
    callable(reloaded),
    "| Keras 2 model.save",
    callable(legacy_loaded),
)
assert type(legacy_loaded).__name__ == "_UserObject"
for name in ("predict", "fit", "summary"):
    assert not hasattr(legacy_loaded, name), (
        f"expected no {name} on the Keras 2 _UserObject"
    )
np.testing.assert_allclose(
    legacy_loaded(features),
    legacy_expected,
    rtol=1e-5,
    atol=1e-5,
    err_msg="expected the Keras 2 SavedModel to be callable",
)

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
legacy_layer = keras.layers.TFSMLayer(
    legacy_dir, call_endpoint="serving_default"
)
(legacy_scores,) = legacy_layer(features).values()
np.testing.assert_allclose(
    legacy_scores,
    legacy_expected,
    rtol=1e-5,
    atol=1e-5,
    err_msg="expected TFSMLayer to serve the Keras 2 SavedModel",
)
print("TFSMLayer serves the Keras 2 SavedModel: same outputs")

wrapper_path = os.path.join(work_dir, "wrapper.keras")
model.save(wrapper_path)
with zipfile.ZipFile(wrapper_path) as archive:
    members = sorted(archive.namelist())
    weights_blob = archive.read("model.weights.h5")
arrays = []
with h5py.File(io.BytesIO(weights_blob), "r") as weights_file:
    weights_file.visititems(
        lambda name, obj: (
            arrays.append(name)
            if isinstance(obj, h5py.Dataset)
            else None
        )
    )
print("wrapper.keras:", members, "| weight arrays:", len(arrays))
assert "model.weights.h5" in members and len(arrays) == 2, (
    "expected the wrapper file to hold a copy of the kernel and bias"
)
keras_release = tuple(int(p) for p in keras.__version__.split(".")[:2])
try:
    keras.models.load_model(wrapper_path)
    safe_message = "loads"
except ValueError as err:
    safe_message = "ValueError: " + str(err).split(". ")[0]
print("reload wrapper:", safe_message)
if keras_release >= (3, 15):  # TF 2.21 and later
    assert "loads an external SavedModel" in safe_message, (
        "expected safe mode to refuse a TFSMLayer inside a .keras file"
    )
else:
    assert safe_message == "loads", "expected older Keras to load it"

shutil.rmtree(export_dir)
other = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3)])
with contextlib.redirect_stdout(io.StringIO()):
    other.export(export_dir)  # other weights, same path
restored = keras.models.load_model(wrapper_path, safe_mode=False)
restored_scores = restored.predict(features, verbose=0)
from_file = np.allclose(restored_scores, expected, atol=1e-6)
from_directory = np.allclose(
    restored_scores, other.predict(features, verbose=0), atol=1e-6
)
print(
    "safe_mode=False reload uses the weights of: the .keras file",
    from_file,
    "| the new directory",
    from_directory,
)
assert from_file and not from_directory, (
    "expected the weights in the .keras file to override the directory's"
)
shutil.rmtree(export_dir)
try:
    keras.models.load_model(wrapper_path, safe_mode=False)
except (OSError, TypeError) as err:  # TypeError: Keras 3.11 and older
    text = str(err).replace(export_dir, "scorer")
    missing = (
        type(err).__name__ + ": " + text[text.index("SavedModel") :]
    )
else:
    raise AssertionError(
        "expected loading the wrapper without the SavedModel"
        " directory to raise OSError; it loaded"
    )
print("without the SavedModel directory:", missing)
assert "SavedModel file does not exist at: scorer" in missing, (
    "expected the wrapper to need the SavedModel directory"
)
