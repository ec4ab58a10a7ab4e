"""`load_model(compile=False)` for inference, or when the loss won't load

When you hit it: you load a model only to predict, and `load_model` fails
on the custom loss it was compiled with ("Could not locate function").

What is going on: a `.keras` file also stores the `compile()` arguments
and the optimizer state, and `keras.models.load_model` rebuilds them by
default, so every custom loss or metric must be registered or passed
in `custom_objects`.
`compile=False` skips that: weights and outputs are the same, but the
model has no optimizer or loss.

Pitfall: a model loaded with `compile=False` raises on `fit` or
`evaluate` ("You must call `compile()`"). Compile it again, which
starts a fresh optimizer.

severity: crash
topics: L6
aliases:
  - Unknown loss function: 'my_loss'. Please ensure you are using a
  - Unknown metric function: 'f1_score'
  - No training configuration found in save file, so the model was not compiled
  - Compiled the loaded model, but the compiled metrics have yet to be built
  - You must compile your model before training/testing.
  - load a model only for prediction without its custom loss
  - custom_objects for a custom loss function in load_model
  - compile again after compile=False to keep training
"""

import os
import tempfile

import keras
import numpy as np

keras.utils.set_random_seed(0)
rng = np.random.default_rng(0)
features = rng.normal(size=(32, 4)).astype("float32")
targets = rng.normal(size=(32, 1)).astype("float32")
model_path = os.path.join(tempfile.mkdtemp(), "model.keras")


def clipped_mse(y_true, y_pred):  # not registered
    error = keras.ops.clip(y_true - y_pred, -1.0, 1.0)
    return keras.ops.mean(keras.ops.square(error))


model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])
model.compile(optimizer="adam", loss=clipped_mse)
model.fit(features, targets, epochs=2, verbose=0)
model.save(model_path)

try:
    # --8<-- [start:wrong]
    restored = keras.models.load_model(model_path)
    # --8<-- [end:wrong]
except TypeError as err:
    message = str(err).split(" Full object config")[0]
else:
    raise AssertionError(
        "expected load_model to raise TypeError for the unregistered"
        " loss; it loaded"
    )
print("TypeError:", message)
assert "Could not locate function 'clipped_mse'" in message, (
    "expected the unregistered loss to block a default load"
)

# --8<-- [start:right]
restored = keras.models.load_model(model_path, compile=False)
predictions = restored.predict(features, verbose=0)
# --8<-- [end:right]
np.testing.assert_allclose(
    predictions,
    model.predict(features, verbose=0),
    err_msg="expected the same outputs without compiling",
)
full = keras.models.load_model(
    model_path, custom_objects={"clipped_mse": clipped_mse}
)
print(
    "default load: compiled =",
    full.compiled,
    "| optimizer steps =",
    int(full.optimizer.iterations.numpy()),
)
assert full.compiled, "expected a default load to recompile"
assert int(full.optimizer.iterations.numpy()) == 2, (
    "expected the optimizer state (2 steps) restored by a default load"
)
print(
    "compile=False: compiled =",
    restored.compiled,
    "| has optimizer:",
    hasattr(restored, "optimizer"),
    "| loss:",
    restored.loss,
)
assert restored.compiled is False, "expected an uncompiled model"
assert not hasattr(restored, "optimizer"), "expected no optimizer"
assert restored.loss is None, "expected no loss"


def within_half(y_true, y_pred):  # a custom metric, not registered
    close = keras.ops.abs(y_true - y_pred) < 0.5
    return keras.ops.mean(keras.ops.cast(close, "float32"))


metric_path = os.path.join(os.path.dirname(model_path), "metric.keras")
metric_model = keras.Sequential(
    [keras.Input((4,)), keras.layers.Dense(1)]
)
metric_model.compile(
    optimizer="adam", loss="mse", metrics=[within_half]
)
metric_model.save(metric_path)
try:
    keras.models.load_model(metric_path)
except TypeError as err:
    metric_message = str(err).split(" Make sure")[0]
else:
    raise AssertionError("expected the unregistered metric to block")
print("custom metric: TypeError:", metric_message)
assert "Could not locate function 'within_half'" in metric_message, (
    "expected an unregistered custom metric to block a default load"
)


@keras.saving.register_keras_serializable(package="my_losses")
def registered_mse(y_true, y_pred):
    return keras.ops.mean(keras.ops.square(y_true - y_pred))


@keras.saving.register_keras_serializable(package="my_metrics")
def registered_within_half(y_true, y_pred):
    return within_half(y_true, y_pred)


registered_path = os.path.join(
    os.path.dirname(model_path), "registered.keras"
)
metric_model.compile(
    optimizer="adam",
    loss=registered_mse,
    metrics=[registered_within_half],
)
metric_model.save(registered_path)
registered = keras.models.load_model(registered_path)  # default load
scores = registered.evaluate(
    features, targets, verbose=0, return_dict=True
)
print(
    "registered loss and metric: default load compiled =",
    registered.compiled,
    "| evaluate reports:",
    sorted(scores),
)
assert registered.compiled, "expected registered functions to load"
assert "registered_within_half" in scores, (
    "expected the metric restored"
)

try:
    restored.fit(features, targets, verbose=0)
except ValueError as err:
    fit_message = str(err)
else:
    raise AssertionError("expected fit on an uncompiled model to raise")
print("ValueError on fit:", fit_message)
assert "must call `compile()`" in fit_message, (
    "expected fit to need compile"
)
try:
    restored.evaluate(features, targets, verbose=0)
except ValueError as err:
    evaluate_message = str(err)
else:
    raise AssertionError(
        "expected evaluate on an uncompiled model to raise"
    )
assert "must call `compile()`" in evaluate_message, (
    "expected evaluate to need compile too"
)

# --8<-- [start:retrain]
restored.compile(optimizer="adam", loss=clipped_mse)
restored.fit(features, targets, epochs=1, verbose=0)
# --8<-- [end:retrain]
print(
    "optimizer steps after recompiling and 1 epoch:",
    int(restored.optimizer.iterations.numpy()),
)
assert int(restored.optimizer.iterations.numpy()) == 1, (
    "expected recompiling to start a fresh optimizer"
)
