"""Legacy `.h5` model files still work, but `loss="mse"` breaks reloading

When you hit it: an older project, or a `ModelCheckpoint` path ending in
`.h5`, hands you a whole-model HDF5 file to load in Keras 3.

What is going on: Keras 3 still writes and reads whole models in HDF5
when the path ends in `.h5`; `keras.Model.save` only logs (through
`absl`, not `warnings`) that the format is legacy. Architecture, weights
and outputs survive the round trip. Load old files, then re-save them as
`.keras`.

Pitfall: a model compiled with the short loss names `"mse"` or `"mae"`
saves to `.h5` fine, then `load_model` raises `ValueError` ("not a
KerasSaveable subclass"). Load it with `compile=False`; `.keras` files
do not have this problem.

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


class LogRecorder(logging.Handler):
    """Collects the warnings Keras logs through absl."""

    def __init__(self):
        super().__init__()
        self.messages = []

    def emit(self, record):
        self.messages.append(record.getMessage())


keras.utils.set_random_seed(0)
features = (
    np.random.default_rng(0).normal(size=(5, 4)).astype("float32")
)
save_dir = tempfile.mkdtemp()
legacy_path = os.path.join(save_dir, "old_model.h5")
keras_path = os.path.join(save_dir, "old_model.keras")
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3)])
model.compile(optimizer="adam", loss="mse")
expected = model.predict(features, verbose=0)

recorder = LogRecorder()
logging.getLogger("absl").addHandler(recorder)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    model.save(legacy_path)
logging.getLogger("absl").removeHandler(recorder)
legacy_logs = [m for m in recorder.messages if "considered legacy" in m]
print("logged:", legacy_logs[0].split(". We")[0])
assert legacy_logs, "expected a logged legacy-format warning"
assert not any("legacy" in str(w.message) for w in caught), (
    "expected no warnings-module warning about the format"
)
assert h5py.is_hdf5(legacy_path), "expected a real HDF5 file"

try:
    # --8<-- [start:wrong]
    restored = keras.models.load_model(legacy_path)  # loss="mse"
    # --8<-- [end:wrong]
except ValueError as err:
    message = str(err)
except TypeError as err:  # an older Keras raises another type
    raise AssertionError(
        "expected ValueError from loading a compiled .h5 with"
        f' loss="mse", got TypeError: {str(err).split(". ")[0]}'
    ) from None
else:
    raise AssertionError(
        'expected load_model to fail on a .h5 compiled with loss="mse";'
        " it loaded"
    )
print("ValueError:", message)
assert "not a KerasSaveable subclass" in message, (
    "expected the short loss name to break a compiled .h5 load"
)

# --8<-- [start:right]
restored = keras.models.load_model(legacy_path, compile=False)
restored.compile(optimizer="adam", loss="mse")
restored.save(keras_path)  # migrate to the native format
# --8<-- [end:right]
np.testing.assert_allclose(
    restored.predict(features, verbose=0),
    expected,
    err_msg="expected the .h5 round trip to give the same outputs",
)
migrated = keras.models.load_model(keras_path)  # compiles, no error
assert migrated.compiled, "expected the .keras file to reload compiled"
np.testing.assert_allclose(
    migrated.predict(features, verbose=0),
    expected,
    err_msg="expected the migrated .keras file to give the same outputs",
)
print(".h5 with compile=False, then .keras: same outputs")

model.compile(optimizer="adam", loss="mae")
model.save(legacy_path)
try:
    keras.models.load_model(legacy_path)
except ValueError as err:
    mae_message = str(err)
else:
    raise AssertionError(
        'expected load_model to fail on a .h5 compiled with loss="mae"'
    )
assert "keras.metrics.mae" in mae_message, (
    "expected 'mae' to fail the same"
)

model.compile(optimizer="adam", loss="mean_squared_error")
model.save(legacy_path)
full_name = keras.models.load_model(legacy_path)
assert full_name.compiled, (
    "expected the full loss name to reload from .h5"
)
print(
    'loss="mean_squared_error" in .h5 reloads compiled:',
    full_name.compiled,
)
