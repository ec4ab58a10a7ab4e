"""`save_best_only` with an integer `save_freq` never sees `val_loss`

When you hit it: in Keras 3.11+,
`ModelCheckpoint(save_best_only=True, save_freq=2)` warns "Can save best
model only with val_loss available." although `fit` has
`validation_data`, and the "best" file is not the best epoch.

What is going on: an integer `save_freq` checks every N batches, and
batch logs hold only training metrics: `val_loss` exists at the end of
an epoch. Keras 3.11 and later (TF 2.19+) then save anyway, so the file
holds the weights of the last check. Keras 3.4–3.9 (TF 2.16–2.18) and
Keras 2 (`tf_keras`) skip the save, write nothing and warn
"..., skipping." instead. Keep `save_freq="epoch"` (the default) for a
best-only checkpoint; for saves inside an epoch, drop `save_best_only`
and put `{epoch}` and `{batch}` in the file name.

Pitfall: switching to `monitor="loss"` keeps batch saves but fails in
Keras 3.11 and later with
`TypeError: 'NoneType' object is not callable` at the second check
inside the first epoch.

Checked: no Keras 3.10 release was run, so the card says nothing about
it.

severity: silent
topics: T17, T3
aliases:
  - Can save best model only with val_loss available, skipping.
  - ModelCheckpoint save_freq steps save best model
  - checkpoint every n batches keep only the best
  - ModelCheckpoint TypeError NoneType object is not callable
  - `period` argument is deprecated. Please use `save_freq` to specify the frequency in number of batches seen.
  - an integer save_freq is a number of batches
  - best checkpoint written between batches
"""

import logging
import os
import tempfile
import warnings

import keras
import numpy as np
import tf_keras

checkpoint_dir = tempfile.mkdtemp()
best_path = os.path.join(checkpoint_dir, "best.weights.h5")
# One weight goes from 0 to 2 (the training target); validation wants 1,
# so val_loss is best in epoch 2 and worse in epoch 3.
x_train = np.ones((16, 1), "float32")
y_train = 2 * x_train
x_val, y_val = x_train[:4], x_train[:4]


def build(module=keras):
    model = module.Sequential(
        [
            module.Input((1,)),
            module.layers.Dense(
                1, use_bias=False, kernel_initializer="zeros"
            ),
        ]
    )
    model.compile(module.optimizers.SGD(0.05), "mse")
    return model


def saved_weight(model, path):
    model.layers[0].kernel.assign([[0.0]])
    model.load_weights(path)
    return round(float(model.layers[0].kernel[0, 0]), 4)


model = build()
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    # --8<-- [start:wrong]
    checkpoint = keras.callbacks.ModelCheckpoint(
        best_path,
        save_best_only=True,  # monitors val_loss ...
        save_weights_only=True,
        save_freq=2,  # ... every 2 batches: no val_loss yet
    )
    history = model.fit(
        x_train,
        y_train,
        batch_size=4,
        epochs=3,
        validation_data=(x_val, y_val),
        callbacks=[checkpoint],
        verbose=0,
    )
    # --8<-- [end:wrong]
messages = [
    str(w.message) for w in caught if "best model" in str(w.message)
]
val_losses = [round(v, 4) for v in history.history["val_loss"]]
last_weight = round(float(model.layers[0].kernel[0, 0]), 4)
print("warning:", messages[0], f"(x{len(messages)})")
print("val_loss per epoch:", val_losses)
keras_version = tuple(int(p) for p in keras.version().split(".")[:2])
best_written = os.path.exists(best_path)
if best_written:
    wrong_best = saved_weight(model, best_path)
    print(
        "'best' file:",
        wrong_best,
        "| weight after the last batch:",
        last_weight,
    )
    os.remove(best_path)
else:
    print("no 'best' file written")

model = build()
weights_at_epoch_end = []
# --8<-- [start:right]
checkpoint = keras.callbacks.ModelCheckpoint(
    best_path,
    save_best_only=True,
    save_weights_only=True,  # save_freq="epoch": sees val_loss
)
# --8<-- [end:right]
record = keras.callbacks.LambdaCallback(
    on_epoch_end=lambda epoch, logs: weights_at_epoch_end.append(
        round(float(model.layers[0].kernel[0, 0]), 4)
    )
)
model.fit(
    x_train,
    y_train,
    batch_size=4,
    epochs=3,
    validation_data=(x_val, y_val),
    callbacks=[record, checkpoint],
    verbose=0,
)
best_epoch = int(np.argmin(val_losses)) + 1
epoch_best = saved_weight(model, best_path)
print(
    f"save_freq='epoch': 'best' file: {epoch_best}"
    f" = weight after epoch {best_epoch}"
)

legacy_dir = tempfile.mkdtemp()
legacy_logs = []
handler = logging.Handler()
handler.emit = lambda record: legacy_logs.append(record.getMessage())
logging.getLogger("tensorflow").addHandler(handler)
legacy = build(tf_keras)
legacy.fit(
    x_train,
    y_train,
    batch_size=4,
    epochs=3,
    validation_data=(x_val, y_val),
    verbose=0,
    callbacks=[
        tf_keras.callbacks.ModelCheckpoint(
            os.path.join(legacy_dir, "best.h5"),
            save_best_only=True,
            save_weights_only=True,
            save_freq=2,
        )
    ],
)
logging.getLogger("tensorflow").removeHandler(handler)
legacy_logs = sorted(
    {text for text in legacy_logs if "best model" in text}
)
print(
    "Keras 2:", legacy_logs, "| files written:", os.listdir(legacy_dir)
)

monitor_loss_error = None
try:
    build().fit(
        x_train,
        y_train,
        batch_size=4,
        epochs=1,
        verbose=0,
        callbacks=[
            keras.callbacks.ModelCheckpoint(
                os.path.join(checkpoint_dir, "loss.weights.h5"),
                monitor="loss",
                save_best_only=True,
                save_weights_only=True,
                save_freq=2,
            )
        ],
    )
except TypeError as err:
    monitor_loss_error = str(err)
first_check_saved = os.path.exists(
    os.path.join(checkpoint_dir, "loss.weights.h5")
)
print(
    "monitor='loss', save_freq=2:",
    f"TypeError: {monitor_loss_error}" if monitor_loss_error else "ran",
)

steps_dir = tempfile.mkdtemp()
build().fit(
    x_train,
    y_train,
    batch_size=4,
    epochs=2,
    verbose=0,
    callbacks=[
        keras.callbacks.ModelCheckpoint(
            os.path.join(steps_dir, "e{epoch}-b{batch}.weights.h5"),
            save_weights_only=True,
            save_freq=2,
        )
    ],
)
step_files = sorted(os.listdir(steps_dir))
print("no save_best_only, save_freq=2:", step_files)

assert len(messages) == 6, "expected a warning at each of 6 checks"
if keras_version < (3, 11):  # Keras 3.4-3.9 (TF 2.16-2.18)
    assert set(messages) == {
        "Can save best model only with val_loss available, skipping."
    }, "expected the older skipping warning at the batch checks"
    assert not best_written, "expected Keras 3.4-3.9 to write nothing"
else:
    assert set(messages) == {
        "Can save best model only with val_loss available."
    }, "expected the missing-val_loss warning at the batch checks"
    assert best_written, "expected a 'best' file"
    assert wrong_best == last_weight, (
        "expected the last check's weights"
    )
    assert wrong_best != weights_at_epoch_end[1], (
        "expected not the best"
    )
    assert monitor_loss_error == "'NoneType' object is not callable"
    assert first_check_saved, (
        "expected the first check to save, then a crash"
    )
assert (
    val_losses[1] < val_losses[0] and val_losses[1] < val_losses[2]
), "expected epoch 2 to be the best epoch"
assert best_epoch == 2
assert epoch_best == weights_at_epoch_end[1], (
    "expected save_freq='epoch' to keep epoch 2's weights"
)
assert legacy_logs == [
    "Can save best model only with val_loss available, skipping."
], "expected the Keras 2 wording"
assert os.listdir(legacy_dir) == [], "expected Keras 2 to write nothing"
assert step_files == [
    "e1-b2.weights.h5",
    "e1-b4.weights.h5",
    "e2-b2.weights.h5",
    "e2-b4.weights.h5",
], "expected one file per check, named by epoch and batch"
