"""ModelCheckpoint wants `.keras`, or `.weights.h5` for weights only

When you hit it: you port a callback such as
`ModelCheckpoint("ckpt")` or `ModelCheckpoint("best.h5",
save_weights_only=True)` and it raises before training starts.

What is going on: `keras.callbacks.ModelCheckpoint` checks the file name
in its constructor. A full model needs a name ending in `.keras` (from
TF 2.18, Keras 3.9, also `.h5`, the legacy HDF5 format); with
`save_weights_only=True` the name must end in `.weights.h5`. A bare
name, a SavedModel folder or `.tf` is rejected with `ValueError`.
Formatting fields such as `{epoch:02d}` still work.

Pitfall: `"best.h5"` fails with `save_weights_only=True` (and, before
TF 2.18, for the full model too); weights files need the double
extension.

severity: crash
topics: T3
aliases:
  - The filepath provided must end in `.keras` (Keras model format)
  - When using `save_weights_only=True` in `ModelCheckpoint`, the filepath
  - checkpoint file name from a TF 2.x tutorial fails in Keras 3
  - ModelCheckpoint filepath ending in .hdf5 or .h5 rejected in Keras 3
  - ModelCheckpoint to a SavedModel folder no longer works
  - checkpoint filepath with {epoch:02d}-{val_loss:.2f} in the name
  - weights-only checkpoint needs the .weights.h5 extension
"""

import os
import tempfile

import keras
import numpy as np

try:
    # --8<-- [start:wrong]
    keras.callbacks.ModelCheckpoint("ckpt")  # raises ValueError
    # --8<-- [end:wrong]
except ValueError as err:
    model_error = str(err)
print("ValueError:", model_error)
assert "must end in `.keras`" in model_error, "expected the .keras rule"

try:
    keras.callbacks.ModelCheckpoint("best.h5", save_weights_only=True)
except ValueError as err:
    weights_error = str(err)
print("ValueError:", weights_error)
assert "must end in `.weights.h5`" in weights_error, (
    "expected the .weights.h5 rule for save_weights_only=True"
)

checkpoint_dir = tempfile.mkdtemp()
x_train = np.ones((8, 2), "float32")
y_train = np.ones((8, 1), "float32")
model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
model.compile("sgd", "mse")

# --8<-- [start:right]
callbacks = [
    keras.callbacks.ModelCheckpoint(
        os.path.join(checkpoint_dir, "epoch{epoch:02d}.keras"),
    ),
    keras.callbacks.ModelCheckpoint(
        os.path.join(checkpoint_dir, "last.weights.h5"),
        save_weights_only=True,
    ),
]
model.fit(x_train, y_train, epochs=2, callbacks=callbacks, verbose=0)
# --8<-- [end:right]

written = sorted(os.listdir(checkpoint_dir))
print("written:", written)
assert written == [
    "epoch01.keras",
    "epoch02.keras",
    "last.weights.h5",
], "expected one .keras file per epoch and one weights file"
for bad_name in ["model.tf", "saved_model_dir"]:
    try:
        keras.callbacks.ModelCheckpoint(bad_name)
        rejected = False
    except ValueError:
        rejected = True
    assert rejected, f"expected {bad_name!r} to be rejected"

legacy_path = os.path.join(checkpoint_dir, "legacy.h5")
keras_version = tuple(int(p) for p in keras.version().split(".")[:2])
try:
    legacy = keras.callbacks.ModelCheckpoint(legacy_path)
    legacy_accepted = True
except ValueError as err:
    legacy_accepted = False
    assert "must end in `.keras`" in str(err), (
        "expected the .keras rule"
    )
print(".h5 for the full model accepted:", legacy_accepted)
assert legacy_accepted == (keras_version >= (3, 9)), (
    "expected .h5 to be accepted from Keras 3.9 (TF 2.18) on"
)
if legacy_accepted:
    model.fit(x_train, y_train, epochs=1, callbacks=[legacy], verbose=0)
    with open(legacy_path, "rb") as legacy_file:
        assert legacy_file.read(4) == b"\x89HDF", (
            "expected an HDF5 file"
        )
