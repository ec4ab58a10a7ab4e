"""Keras 2 `.h5` models can load in Keras 3; to TF 2.21, `loss="mse"` breaks it

When you hit it: an older project, or a `ModelCheckpoint` path ending in
`.h5`, hands you a whole-model HDF5 file to load in Keras 3.

What is going on: Keras 3 can read whole-model HDF5 files written by
Keras 2 (`tf_keras` here; a `Dense` model loads), and still writes
them when the path ends in `.h5`; `keras.Model.save` only logs (through
`absl`, not `warnings`) that the format is legacy. For such a model,
architecture, weights and outputs survive from either writer. TF ops applied to Keras 2 tensors (saved as `TFOpLambda`) or a
layer Keras 3 dropped (`LocallyConnected1D`) raise `ValueError: Unknown
layer`, even with `compile=False`; [depthwise, separable and transposed
convolutions](model.md#keras2-layer-arguments) fail on their `groups`
key. Load old files, then re-save as `.keras`.

Pitfall: a model compiled with a short loss name such as `"mse"`,
`"mae"`, `"mape"` or `"msle"` saves to `.h5` fine, then `load_model`
raises (TF 2.16 to 2.21). Load it with `compile=False`; `.keras` files
do not have this problem.

Checked: the run writes each compiled `.h5` twice, with `tf_keras` (Keras 2) and
with Keras 3, and gets the same outcome from both. The error is
`ValueError` ("not a KerasSaveable subclass") on TF 2.19-2.21 (Keras
3.11-3.15) and `TypeError` ("Could not locate function 'mse'") on TF
2.16-2.18; the TF 2.23 nightly (Keras 3.16) loads the file compiled.
The run asserts its own release's outcome.

severity: crash
topics: L8
aliases:
  - Could not deserialize 'keras.metrics.mse'
  - Could not locate function 'mse' or 'mae' when loading an .h5 file
  - You are saving your model as an HDF5 file via model.save(). This file format is considered legacy.
  - convert an old h5 model to the .keras format
  - load a Keras 2 .h5 model in Keras 3
  - load_model('model.h5') of an old HDF5 file
  - ModelCheckpoint or model.save with a .h5 path in Keras 3
"""

import logging
import os
import tempfile
import warnings

import h5py
import keras
import numpy as np
import tensorflow as tf
import tf_keras


class LogRecorder(logging.Handler):
    """Collects the warnings Keras logs through absl."""

    def __init__(self):
        super().__init__()
        self.messages = []

    def emit(self, record):
        self.messages.append(record.getMessage())


keras.utils.set_random_seed(0)
tf_keras.utils.set_random_seed(0)
features = (
    np.random.default_rng(0).normal(size=(5, 4)).astype("float32")
)
save_dir = tempfile.mkdtemp()


def build(lib, loss):
    """The same small model in Keras 2 (tf_keras) or Keras 3."""
    model = lib.Sequential([lib.Input((4,)), lib.layers.Dense(3)])
    model.compile(optimizer="adam", loss=loss)
    return model


def save_h5(lib, loss):
    model = build(lib, loss)
    path = os.path.join(save_dir, f"{lib.__name__}_{loss}.h5")
    model.save(path)
    return model, path


# An older project's file: written by Keras 2, compiled with "mse".
old_model, legacy_path = save_h5(tf_keras, "mse")
expected = old_model.predict(features, verbose=0)
keras_path = os.path.join(save_dir, "old_model.keras")
assert h5py.is_hdf5(legacy_path), "expected a real HDF5 file"

keras_release = tuple(int(p) for p in keras.__version__.split(".")[:2])


def short_name_outcome(path):
    """What a default (compiled) load_model of the file does."""
    try:
        keras.models.load_model(path)
    except (ValueError, TypeError) as err:
        return f"{type(err).__name__}: {str(err).split('. ')[0]}"
    return "loads"


def expected_outcome(loss):
    if keras_release < (3, 11):  # TF 2.16-2.18
        return f"TypeError: Could not locate function '{loss}'"
    if keras_release < (3, 16):  # TF 2.19-2.21
        return (
            f"ValueError: Could not deserialize 'keras.metrics.{loss}'"
            " because it is not a KerasSaveable subclass"
        )
    return "loads"  # the Keras 3.16 nightly


try:
    # --8<-- [start:wrong]
    restored = keras.models.load_model(legacy_path)  # loss="mse"
    # --8<-- [end:wrong]
    message = "loads"
except (ValueError, TypeError) as err:
    message = f"{type(err).__name__}: {str(err).split('. ')[0]}"
print(message)
if keras_release < (3, 11):  # TF 2.16-2.18
    assert message == "TypeError: Could not locate function 'mse'", (
        "expected the short loss name to break a compiled .h5 load"
    )
elif keras_release < (3, 16):  # TF 2.19-2.21
    assert message == (
        "ValueError: Could not deserialize 'keras.metrics.mse'"
        " because it is not a KerasSaveable subclass"
    ), "expected the short loss name to break a compiled .h5 load"
else:  # the Keras 3.16 nightly
    assert message == "loads", "expected the nightly to load it"

# --8<-- [start:right]
restored = keras.models.load_model(legacy_path, compile=False)
restored.compile(optimizer="adam", loss="mse")
restored.save(keras_path)  # migrate to the native format
# --8<-- [end:right]
np.testing.assert_allclose(
    restored.predict(features, verbose=0),
    expected,
    rtol=1e-5,
    atol=1e-6,
    err_msg="expected the Keras 2 .h5 to give the same outputs",
)
migrated = keras.models.load_model(keras_path)  # compiles, no error
assert migrated.compiled, "expected the .keras file to reload compiled"
np.testing.assert_allclose(
    migrated.predict(features, verbose=0),
    expected,
    rtol=1e-5,
    atol=1e-6,
    err_msg="expected the migrated .keras file to give the same outputs",
)
print("Keras 2 .h5 with compile=False, then .keras: same outputs")

recorder = LogRecorder()
logging.getLogger("absl").addHandler(recorder)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    new_model, new_path = save_h5(keras, "mean_squared_error")
logging.getLogger("absl").removeHandler(recorder)
legacy_logs = [m for m in recorder.messages if "considered legacy" in m]
print("Keras 3 logged:", legacy_logs[0].split(". We")[0])
assert legacy_logs, "expected a logged legacy-format warning"
assert not any("legacy" in str(w.message) for w in caught), (
    "expected no warnings-module warning about the format"
)
assert h5py.is_hdf5(new_path), "expected Keras 3 to write real HDF5"

short_names = ["mse", "mae", "mape", "msle"]
for lib in (tf_keras, keras):
    outcomes = {
        loss: short_name_outcome(save_h5(lib, loss)[1])
        for loss in short_names
    }
    refused = [
        loss for loss in short_names if outcomes[loss] != "loads"
    ]
    print(f"{lib.__name__} .h5, compiled load refused for:", refused)
    assert outcomes == {
        loss: expected_outcome(loss) for loss in short_names
    }, "expected every short loss name to give its release's outcome"
    model, path = (
        (new_model, new_path)
        if lib is keras
        else save_h5(lib, "mean_squared_error")
    )
    full_name = keras.models.load_model(path)
    assert full_name.compiled, (
        "expected the full loss name to reload from .h5"
    )
    np.testing.assert_allclose(
        full_name.predict(features, verbose=0),
        model.predict(features, verbose=0),
        rtol=1e-5,
        atol=1e-6,
        err_msg="expected the .h5 round trip to give the same outputs",
    )
    print(
        f'{lib.__name__} .h5, loss="mean_squared_error": reloads'
        " compiled, same outputs"
    )

op_inputs = tf_keras.Input((4,))
op_outputs = tf.nn.relu(tf_keras.layers.Dense(3)(op_inputs))  # a TF op
dropped = tf_keras.Sequential(
    [tf_keras.Input((6, 2)), tf_keras.layers.LocallyConnected1D(2, 3)]
)
unknown = {}
for name, old_model in [
    ("TFOpLambda", tf_keras.Model(op_inputs, op_outputs)),
    ("LocallyConnected1D", dropped),
]:
    path = os.path.join(save_dir, f"{name}.h5")
    old_model.save(path)
    try:
        keras.models.load_model(path, compile=False)
    except ValueError as err:
        unknown[name] = str(err).split(". ")[0]
    else:
        raise AssertionError(f"expected a {name} layer to fail")
print(
    "Keras 2 models, compile=False: ValueError:", list(unknown.values())
)
assert unknown == {
    "TFOpLambda": "Unknown layer: 'TFOpLambda'",
    "LocallyConnected1D": "Unknown layer: 'LocallyConnected1D'",
}, "expected Keras 3 to lack both layers"
