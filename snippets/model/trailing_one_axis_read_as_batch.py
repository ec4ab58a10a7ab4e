"""One (28, 28, 1) image gives 28 predictions: Keras read it as a batch

When you hit it: `model.predict(image)` on one grayscale image returns
28 rows instead of one, or one `(10, 1)` window of a series returns 10
forecasts, and nothing raises.

What is going on: at this release (Keras 3.15) a model built from
`keras.Input` fixes the rank of its data first: when the data has one
axis fewer than the `Input` and the `Input` ends in 1, it appends that
axis. `(28, 28, 1)` becomes `(28, 28, 1, 1)`: 28 images of 28 × 1
pixels, which a `padding="same"` CNN or an `LSTM` accepts. Keras 2
(`tf_keras`) does the same. The nightly build raises for the Functional
LSTM (see the matrix line). Add the batch axis: `image[None]`.

Pitfall: after that `predict`, the same model's `predict` on a correct
batch fails: "Cannot take the length of shape with unknown rank" (this
Sequential), "as_list() is not defined on an unknown TensorShape" (the
Functional LSTM). Call `model.make_predict_function(force=True)` first.

Checked: the same rank fix also drops a trailing 1 when the data has
one axis more than the `Input`; the run checks that too.

severity: silent
topics: M13
aliases:
  - predict returns 28 predictions for one image
  - output has one row per image row instead of one row, and no error
  - LSTM forecast on one window returns one value per timestep
  - more output rows than images passed in
  - Cannot take the length of shape with unknown rank after a call on one image
  - as_list() is not defined on an unknown TensorShape after predict on one window
  - grayscale (28, 28, 1) MNIST digit without the batch axis
"""

import re

import keras
import numpy as np
import tf_keras

keras.utils.set_random_seed(0)
digit = np.random.rand(28, 28, 1).astype("float32")  # one image

# --8<-- [start:wrong]
model = keras.Sequential(
    [
        keras.Input(shape=(28, 28, 1)),
        keras.layers.Conv2D(8, 3, padding="same", activation="relu"),
        keras.layers.GlobalAveragePooling2D(),
        keras.layers.Dense(10, activation="softmax"),
    ]
)
scores = model.predict(digit, verbose=0)  # (28, 10): 28 "images"
# --8<-- [end:wrong]
print("predict(digit):", scores.shape)

try:
    model.predict(digit[None], verbose=0)  # the fix, on the same model
except ValueError as err:
    text = re.sub(r"\x1b\[[0-9;]*m", "", str(err))
    rank_line = next(row for row in text.splitlines() if "rank" in row)
print("then predict(digit[None]): ValueError:", rank_line)

# --8<-- [start:right]
model.make_predict_function(force=True)  # forget the traced rank
scores = model.predict(digit[None], verbose=0)[0]  # (10,)
# --8<-- [end:right]
print("after make_predict_function(force=True):", scores.shape)

steps = keras.Input(shape=(10, 1))  # 10 steps of one feature
hidden = keras.layers.LSTM(4)(steps)
forecaster = keras.Model(steps, keras.layers.Dense(1)(hidden))
window = np.arange(10, dtype="float32").reshape(10, 1)
forecasts = forecaster.predict(window, verbose=0)
print("Functional LSTM, one (10, 1) window:", forecasts.shape)
try:
    forecaster.predict(window[None], verbose=0)
except ValueError as err:
    text = re.sub(r"\x1b\[[0-9;]*m", "", str(err))
    list_line = next(
        row for row in text.splitlines() if "as_list" in row
    )
print("then predict(window[None]): ValueError:", list_line)
forecaster.make_predict_function(force=True)
fixed_forecast = forecaster.predict(window[None], verbose=0)
print("after make_predict_function(force=True):", fixed_forecast.shape)

legacy = tf_keras.Sequential(
    [
        tf_keras.Input(shape=(28, 28, 1)),
        tf_keras.layers.Conv2D(8, 3, padding="same"),
        tf_keras.layers.GlobalAveragePooling2D(),
        tf_keras.layers.Dense(10),
    ]
)
legacy_scores = legacy.predict(digit, verbose=0)
print("Keras 2 (tf_keras), predict(digit):", legacy_scores.shape)

rows = keras.Sequential(
    [keras.Input(shape=(4,)), keras.layers.Dense(2)]
)
squeezed = rows.predict(np.zeros((5, 4, 1), "float32"), verbose=0)

assert model.predict(digit[None], verbose=0).shape == (1, 10), "fixed"
assert scores.shape == (10,), "expected one row of scores after the fix"
assert (
    "Cannot take the length of shape with unknown rank" in rank_line
), "expected predict to fail after a call with another rank"
assert forecasts.shape == (10, 1), (
    "expected 10 forecasts for one window"
)
assert (
    "as_list() is not defined on an unknown TensorShape" in list_line
), "expected the Functional model's wording"
assert fixed_forecast.shape == (1, 1), "expected one forecast"
assert legacy_scores.shape == (28, 10), (
    "expected Keras 2 to do the same"
)
assert squeezed.shape == (5, 2), "expected a trailing 1 to be dropped"
