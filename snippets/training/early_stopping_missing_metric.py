"""EarlyStopping on a metric fit never logs warns and never stops

When you hit it: the log shows ``Early stopping conditioned on metric
`val_loss` which is not available`` once, and training runs every epoch.

What is going on: `keras.callbacks.EarlyStopping` reads its `monitor`
key (`val_loss` by default) from each epoch's logs. Without
`validation_data` or `validation_split` there is no `val_` key. The
keys carry the names given in `compile`: after `metrics=["accuracy"]`,
`val_acc` is never there (the key is `val_accuracy`). Each epoch the
callback calls `warnings.warn`, listing the keys that exist, and goes
on. Python's default filters show that warning once per code location.

Pitfall: nothing fails, and it never stops early. Read
`history.history.keys()` once and monitor one of those names.

severity: silent
topics: T1
aliases:
  - "RuntimeWarning: Early stopping conditioned on metric `val_acc` which is not available. Available metrics are: loss,acc"
  - Learning rate reduction is conditioned on metric `val_loss` which is not available
  - early stopping does not stop training
  - EarlyStopping monitor name val_acc or val_accuracy
  - metric names in the logs: acc or accuracy
"""

import warnings

import keras
import numpy as np

keras.utils.set_random_seed(0)
features = (
    np.random.default_rng(0).normal(size=(32, 4)).astype("float32")
)
labels = (features[:, 0] > 0).astype("float32")


def build_model(metrics):
    model = keras.Sequential(
        [
            keras.Input(shape=(4,)),
            keras.layers.Dense(1, activation="sigmoid"),
        ]
    )
    model.compile(loss="binary_crossentropy", metrics=metrics)
    return model


model = build_model(["accuracy"])
with warnings.catch_warnings(record=True) as caught:  # default filters
    # --8<-- [start:wrong]
    stop = keras.callbacks.EarlyStopping(patience=0)  # val_loss
    history = model.fit(  # no validation data: no val_loss
        features, labels, epochs=4, callbacks=[stop], verbose=0
    )
    # --8<-- [end:wrong]
shown = [str(w.message) for w in caught if "Early" in str(w.message)]
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")  # show every call
    model.fit(
        features,
        labels,
        epochs=4,
        callbacks=[keras.callbacks.EarlyStopping(patience=0)],
        verbose=0,
    )
calls = [str(w.message) for w in caught if "Early" in str(w.message)]
print("warning:", shown)
print(
    "shown under default filters:", len(shown), "| calls:", len(calls)
)
print("epochs run:", len(history.history["loss"]), "of 4")
assert len(shown) == 1, "expected the default filters to show it once"
assert shown[0].startswith(
    "Early stopping conditioned on metric `val_loss` which is not available"
), shown
assert "Available metrics are: accuracy,loss" in shown[0], shown
assert len(history.history["loss"]) == 4, "expected no early stop"
assert len(calls) == 4 and set(calls) == set(shown), (
    "expected one warnings.warn call per epoch"
)

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    # --8<-- [start:right]
    stop = keras.callbacks.EarlyStopping(
        monitor="val_accuracy",
        patience=0,  # a key the logs have
    )
    history = model.fit(
        features,
        labels,
        epochs=4,
        validation_split=0.25,
        callbacks=[stop],
        verbose=0,
    )
    print(sorted(history.history))
    # --8<-- [end:right]
assert not [w for w in caught if "Early" in str(w.message)], (
    "no warning"
)
assert "val_accuracy" in history.history, "expected val_accuracy"
assert "val_acc" not in history.history, "expected no val_acc key"
short_name = build_model(["acc"]).fit(
    features, labels, epochs=1, validation_split=0.25, verbose=0
)
print("metrics=['acc']:", sorted(short_name.history))
assert "val_acc" in short_name.history, "expected the compile name"
