"""Save whole models to a `.keras` file; `save_format` is gone

When you hit it: you port `model.save("my_model", save_format="tf")`
from a TF 2.x tutorial and Keras 3 raises before writing anything.

What is going on: `keras.Model.save` picks the format from the file name
alone: `.keras` (a zip holding `config.json`, `metadata.json` and
`model.weights.h5`) or legacy `.h5`. Any other path raises `ValueError`,
with or without `save_format`. For a TensorFlow SavedModel, call
`model.export`.

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
