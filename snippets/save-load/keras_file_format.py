"""Save whole models to a `.keras` file; `save_format` is gone

When you hit it: you port `model.save("my_model", save_format="tf")`
from a TF 2.x tutorial and Keras 3 raises before writing anything.

What is going on: `keras.Model.save` picks the format from the file name:
`.keras` (a zip holding `config.json`, `metadata.json` and
`model.weights.h5`) or legacy `.h5` or `.hdf5`. Any other local path
raises `ValueError`, with or without `save_format`. `zipped=False`
overrides the name: any path not ending in `.keras`, even `m.h5`,
becomes a plain directory of the same files, which `load_model` reads
and which is not a SavedModel; a `.keras` path raises `ValueError`.
For a TensorFlow SavedModel, call `model.export`.

Pitfall: next to a `.keras` path, `save_format` is ignored with only a
logged warning: `save_format="h5"` still writes a `.keras` zip.

severity: crash
topics: L1
aliases:
  - The `save_format` argument is deprecated in Keras 3
  - Invalid filepath extension for saving
  - model.save('my_model') no longer writes a SavedModel folder
  - which file extension should I use for model.save
  - model.save(path, save_format='tf') in Keras 3
  - .keras vs .h5 vs SavedModel: which format to save a whole model
  - what is inside a .keras zip file
"""

import logging
import os
import tempfile
import zipfile

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
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3)])
features = np.random.default_rng(0).normal(size=(5, 4))
export_dir = tempfile.mkdtemp()
model_dir = os.path.join(export_dir, "my_model")

try:
    # --8<-- [start:wrong]
    model.save(model_dir, save_format="tf")  # TF 2.x habit
    # --8<-- [end:wrong]
except ValueError as err:
    message = str(err)
print("ValueError:", message)
assert "`save_format` argument is deprecated" in message, (
    "expected Keras 3 to reject save_format with a bare path"
)
assert not os.path.exists(model_dir), "expected nothing written"

try:
    model.save(model_dir)  # no extension, no save_format
except ValueError as err:
    no_ext_message = str(err).split(" Received:")[0]
print("ValueError:", no_ext_message)
assert "Invalid filepath extension" in no_ext_message, (
    "expected a bare path to be rejected too"
)
for kwargs in ({}, {"save_format": "tf"}):
    try:
        model.save(os.path.join(export_dir, "my_model.tf"), **kwargs)
    except ValueError:
        pass
    else:
        raise AssertionError(
            f"expected a .tf path to be rejected {kwargs}"
        )
assert not os.path.exists(os.path.join(export_dir, "my_model.tf"))

model_path = os.path.join(export_dir, "my_model.keras")
# --8<-- [start:right]
model.save(model_path)
restored = keras.models.load_model(model_path)
# --8<-- [end:right]

with zipfile.ZipFile(model_path) as archive:
    members = sorted(archive.namelist())
print("inside my_model.keras:", members)
assert members == [
    "config.json",
    "metadata.json",
    "model.weights.h5",
], "expected a .keras file to be a zip of config, metadata and weights"
np.testing.assert_allclose(
    restored.predict(features, verbose=0),
    model.predict(features, verbose=0),
    err_msg="expected the reloaded model to give the same outputs",
)

recorder = LogRecorder()
logging.getLogger("absl").addHandler(recorder)
h5_named_keras = os.path.join(export_dir, "ignored.keras")
model.save(h5_named_keras, save_format="h5")
logging.getLogger("absl").removeHandler(recorder)
print(
    "save_format='h5' to .keras wrote a zip:",
    zipfile.is_zipfile(h5_named_keras),
)
assert zipfile.is_zipfile(h5_named_keras), (
    "expected save_format='h5' to be ignored for a .keras path"
)
assert any("save_format" in m for m in recorder.messages), (
    "expected only a logged deprecation warning"
)

hdf5_path = os.path.join(export_dir, "my_model.hdf5")
model.save(hdf5_path)
print("my_model.hdf5 is HDF5:", h5py.is_hdf5(hdf5_path))
assert h5py.is_hdf5(hdf5_path), "expected .hdf5 to be saved as HDF5"
np.testing.assert_allclose(
    keras.models.load_model(hdf5_path).predict(features, verbose=0),
    model.predict(features, verbose=0),
    err_msg="expected the .hdf5 file to reload",
)

model.save(model_dir, zipped=False)  # a bare path, unzipped
unzipped = sorted(os.listdir(model_dir))
print("zipped=False wrote a directory:", unzipped)
assert {"config.json", "metadata.json", "model.weights.h5"} <= set(
    unzipped
), "expected the .keras members in a plain directory"
assert "saved_model.pb" not in unzipped, "expected no SavedModel"
np.testing.assert_allclose(
    keras.models.load_model(model_dir).predict(features, verbose=0),
    model.predict(features, verbose=0),
    err_msg="expected load_model to read the unzipped directory",
)

for name in ("m.h5", "m.hdf5"):  # the name says HDF5; zipped wins
    h5_dir = os.path.join(export_dir, name)
    model.save(h5_dir, zipped=False)
    assert os.path.isdir(h5_dir) and not h5py.is_hdf5(h5_dir), (
        f"expected zipped=False to override the name {name}"
    )
    assert "model.weights.h5" in os.listdir(h5_dir), "expected members"
    np.testing.assert_allclose(
        keras.models.load_model(h5_dir).predict(features, verbose=0),
        model.predict(features, verbose=0),
        err_msg=f"expected load_model to read the {name} directory",
    )
print("zipped=False on m.h5 and m.hdf5: directories")
try:
    model.save(os.path.join(export_dir, "m2.keras"), zipped=False)
except ValueError as err:
    keras_unzipped = str(err).split(" Received:")[0]
else:
    raise AssertionError("expected zipped=False with .keras to raise")
print("zipped=False on m2.keras: ValueError:", keras_unzipped)
assert "should not end in `.keras`" in keras_unzipped, (
    "expected a .keras path to be refused unzipped"
)
