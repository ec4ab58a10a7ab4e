"""save_best_only without its monitored metric saves every epoch (Keras 3.11+)

When you hit it: you use `ModelCheckpoint(..., save_best_only=True)`
but call `fit` without `validation_data`.

What is going on: `keras.callbacks.ModelCheckpoint` monitors `val_loss`
by default. From Keras 3.11 (TF 2.19), when that key is missing from an
epoch's logs, it emits a Python warning, "Can save best model only with
val_loss available.", and saves anyway. Every epoch overwrites the file,
so "best" ends up being the last epoch. Keras 3.4–3.9 (TF 2.16–2.18)
skip the save instead, so no file is written.

Pitfall: no error, only a warning that is easy to miss in a training
log. Pass `validation_data` (or `validation_split`), or set `monitor`
to a key that `history.history` really contains.

Checked: no Keras 3.10 release was run, so the card says nothing about
it.

severity: silent
topics: T3, T1
aliases:
  - Can save best model only with val_acc available, skipping.
  - best model checkpoint is always the last epoch
  - ModelCheckpoint overwrites the file every epoch
  - which monitor names can ModelCheckpoint use
  - modelcheckpoint does not keep the best weights for val_accuracy or val_loss: save_best_only=True saves every epoch
  - monitor='val_acc' but the history key is val_accuracy
  - ModelCheckpoint save_best_only without validation_data
  - how to save only the best model during training
"""

import os
import tempfile
import warnings

import keras
import numpy as np

checkpoint_dir = tempfile.mkdtemp()
best_path = os.path.join(checkpoint_dir, "best.weights.h5")
# One weight pushed from 0 toward 2; epochs are told apart by its value.
x_train = np.ones((4, 1), "float32")
y_train = 2 * x_train
model = keras.Sequential(
    [
        keras.Input((1,)),
        keras.layers.Dense(
            1, use_bias=False, kernel_initializer="zeros"
        ),
    ]
)
model.compile(keras.optimizers.SGD(0.1), "mse")

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    # --8<-- [start:wrong]
    checkpoint = keras.callbacks.ModelCheckpoint(
        best_path,
        save_best_only=True,
        save_weights_only=True,
    )  # monitors val_loss, but fit gets no validation data
    model.fit(
        x_train,
        y_train,
        epochs=3,
        batch_size=4,
        callbacks=[checkpoint],
        verbose=0,
    )
    # --8<-- [end:wrong]

messages = sorted({str(w.message) for w in caught})
messages = [text for text in messages if "best model" in text]
print("warning:", messages)
last_weight = float(model.get_weights()[0][0, 0])
best_written = os.path.exists(best_path)
if best_written:
    model.get_layer(index=0).kernel.assign([[0.0]])
    model.load_weights(best_path)
    saved_weight = float(model.get_weights()[0][0, 0])
    print(
        f"weight after epoch 3: {last_weight:.4f}  in 'best' file: "
        f"{saved_weight:.4f}"
    )
else:
    print("no 'best' file written")
per_epoch = keras.callbacks.ModelCheckpoint(
    os.path.join(checkpoint_dir, "best{epoch}.weights.h5"),
    save_best_only=True,
    save_weights_only=True,
)
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    model.fit(
        x_train, y_train, epochs=3, callbacks=[per_epoch], verbose=0
    )
saved = [
    name
    for name in os.listdir(checkpoint_dir)
    if name.startswith("best") and name != "best.weights.h5"
]

keras_version = tuple(int(p) for p in keras.version().split(".")[:2])
if keras_version < (3, 11):  # Keras 3.4-3.9 (TF 2.16-2.18)
    assert messages == [
        "Can save best model only with val_loss available, skipping."
    ], "expected the older skipping warning"
    assert not best_written, "expected no 'best' file"
    assert saved == [], "expected no save at any epoch"
else:
    assert messages == [
        "Can save best model only with val_loss available."
    ], "expected the missing-monitor warning"
    assert best_written, "expected a 'best' file"
    assert np.isclose(saved_weight, last_weight), (
        "expected the 'best' file to hold the last epoch's weights"
    )
    assert len(saved) == 3, "expected a save at every epoch"

if os.path.exists(best_path):
    os.remove(best_path)
with warnings.catch_warnings(record=True) as caught_fixed:
    warnings.simplefilter("always")
    # --8<-- [start:right]
    checkpoint = keras.callbacks.ModelCheckpoint(
        best_path,
        monitor="val_loss",
        save_best_only=True,
        save_weights_only=True,
    )
    history = model.fit(
        x_train,
        y_train,
        epochs=3,
        batch_size=4,
        validation_data=(x_train, y_train),
        callbacks=[checkpoint],
        verbose=0,
    )
    # --8<-- [end:right]
assert "val_loss" in history.history, "expected val_loss in the logs"
fixed_messages = [
    str(w.message)
    for w in caught_fixed
    if "best model" in str(w.message)
]
print(
    "with validation_data: warnings",
    fixed_messages,
    "| best file:",
    os.path.exists(best_path),
)
assert fixed_messages == [], "expected no missing-monitor warning"
assert os.path.exists(best_path), (
    "expected the 'best' file to be written"
)
