"""Read `History` by key and ask `evaluate` for a dict

When you hit it: you plot training curves after `fit`, or unpack the
result of `evaluate` and get a float one day and a list the next.

What is going on: `fit` returns a `keras.callbacks.History` whose
`history` dict maps each log key to one value per epoch; validation
keys get a `val_` prefix and `epoch` lists the epoch indices.
For a single-output model, `keras.Model.evaluate` returns a plain float
when the model has only a loss and a list `[loss, *metrics]` when it has
metrics. With Keras 3.6 and later (TF 2.17 on), a model with two
outputs and a loss each returns `[loss, *output_losses]` even without
metrics; Keras 3.4 (TF 2.16) returns only the total loss, a float. With `return_dict=True`
it returns a dict.

Pitfall: `loss, acc = model.evaluate(...)` breaks as soon as you add or
remove a metric or an output. Use `return_dict=True` and read values by
name.

severity: tip
topics: T14
aliases:
  - KeyError: 'acc' when reading history.history
  - TypeError: cannot unpack non-iterable float object
  - plot accuracy and val_accuracy per epoch with matplotlib
  - what does model.evaluate return
  - KeyError: 'val_acc' or 'val_accuracy' in history.history
  - model.evaluate returns a list of loss and metrics
  - which index of the evaluate output is accuracy, model.metrics_names
  - evaluate return_dict=True
"""

import keras
import numpy as np

keras.utils.set_random_seed(0)
x_train = np.random.rand(64, 4).astype("float32")
y_train = (x_train.sum(axis=1) > 2).astype("float32")


def build_model(metrics):
    model = keras.Sequential(
        [
            keras.Input((4,)),
            keras.layers.Dense(1, activation="sigmoid"),
        ]
    )
    model.compile("adam", "binary_crossentropy", metrics=metrics)
    return model


# --8<-- [start:show]
model = build_model(metrics=["accuracy"])
history = model.fit(
    x_train, y_train, validation_split=0.25, epochs=3, verbose=0
)
val_losses = history.history["val_loss"]  # one value per epoch
scores = model.evaluate(x_train, y_train, verbose=0, return_dict=True)
print(f"accuracy: {scores['accuracy']:.4f}")
# --8<-- [end:show]

loss_only = build_model(metrics=None).evaluate(
    x_train, y_train, verbose=0
)
as_list = model.evaluate(x_train, y_train, verbose=0)
print(
    "history keys:", sorted(history.history), " epoch:", history.epoch
)
print(
    "evaluate ->",
    type(loss_only).__name__,
    "without metrics,",
    type(as_list).__name__,
    "with metrics",
)

keras_version = tuple(int(p) for p in keras.version().split(".")[:2])
inputs = keras.Input((4,))
two_outputs = keras.Model(
    inputs,
    [
        keras.layers.Dense(1, name="a")(inputs),
        keras.layers.Dense(1, name="b")(inputs),
    ],
)
two_outputs.compile("sgd", ["mse", "mse"])
targets = [y_train, 1 - y_train]
two_list = two_outputs.evaluate(x_train, targets, verbose=0)
two_dict = two_outputs.evaluate(
    x_train, targets, verbose=0, return_dict=True
)
print(
    "two outputs, no metrics ->",
    type(two_list).__name__,
    sorted(two_dict),
)
if keras_version >= (3, 5):  # per-output losses (3.5 not in the matrix)
    assert isinstance(two_list, list) and len(two_list) == 3, (
        "expected [loss, a_loss, b_loss] without metrics"
    )
    assert np.isclose(two_list[0], two_list[1] + two_list[2]), (
        "expected the total loss first"
    )
    assert sorted(two_dict) == ["a_loss", "b_loss", "loss"], (
        "expected each output's loss by name"
    )
else:  # Keras 3.4 (TF 2.16): only the total loss
    assert isinstance(two_list, float), "expected a float on Keras 3.4"
    assert sorted(two_dict) == ["loss"], "expected only the total loss"

assert sorted(history.history) == [
    "accuracy",
    "loss",
    "val_accuracy",
    "val_loss",
], "expected train keys and val_-prefixed validation keys"
assert history.epoch == [0, 1, 2], "expected zero-based epoch indices"
assert len(val_losses) == 3, "expected one value per epoch"
assert isinstance(loss_only, float), "expected a float with only a loss"
assert isinstance(as_list, list) and len(as_list) == 2, (
    "expected [loss, accuracy] with one metric"
)
assert set(scores) == {"loss", "accuracy"}, "expected a dict by name"
assert np.isclose(scores["loss"], as_list[0]), "expected the same loss"
