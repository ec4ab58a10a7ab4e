"""Put preprocessing inside the model so serving gets it for free

When you hit it: the model scores well in training and evaluation, and
the deployed copy gives nonsense on raw requests, with no error
anywhere.

What is going on: scaling done in the input pipeline (`(x - mean) /
std` in NumPy or `Dataset.map`) is not part of the saved model. A
`keras.layers.Normalization` layer, `adapt`ed on training data, stores
mean and variance as weights, so `.keras` files and `model.export`
carry them: here raw inputs give the training outputs from the reloaded
SavedModel and the reloaded `.keras` file. A model already trained on
scaled data needs no retraining: put `Normalization(mean=...,
variance=...)` in front of it and export that.

Pitfall: raw and scaled inputs have the same shape and dtype, so a
model trained on scaled data accepts raw inputs without complaint and
returns wrong outputs. Test the exported artifact on raw inputs against
the training-time path.

severity: silent
topics: P6, E14
formerly: debugging/training-serving-skew
aliases:
  - model works in training but gives wrong predictions in production
  - training serving skew
  - how to export a model with normalization included
  - predictions are way off after deploying the model
  - Normalization layer adapt stores mean and variance in the saved model
  - sklearn StandardScaler is not saved with the Keras model
  - include feature scaling in the SavedModel for TF Serving
"""

import os
import tempfile

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(0)
# model.export's save messages go to the log, not to the output.
keras.config.disable_interactive_logging()
rng = np.random.default_rng(0)
raw_train = rng.normal(loc=50.0, scale=10.0, size=(256, 3)).astype(
    "float32"
)
labels = (raw_train @ np.array([[0.1], [-0.2], [0.05]], "float32")) / 10
raw_requests = raw_train[:4]
export_root = tempfile.mkdtemp()

# --8<-- [start:wrong]
mean, std = raw_train.mean(axis=0), raw_train.std(axis=0)
scaled_model = keras.Sequential(
    [keras.Input((3,)), keras.layers.Dense(1)]
)
scaled_model.compile(optimizer="adam", loss="mse")
scaled_model.fit((raw_train - mean) / std, labels, epochs=5, verbose=0)
scaled_model.export(os.path.join(export_root, "scaled"))
# serving sends raw values; nothing in the export scales them
# --8<-- [end:wrong]

# --8<-- [start:right]
normalizer = keras.layers.Normalization()
normalizer.adapt(raw_train)  # learns mean and variance per feature
model = keras.Sequential(
    [keras.Input((3,)), normalizer, keras.layers.Dense(1)]
)
model.compile(optimizer="adam", loss="mse")
model.fit(raw_train, labels, epochs=5, verbose=0)
model.export(os.path.join(export_root, "inside"))
# --8<-- [end:right]


# --8<-- [start:already_trained]
wrapped = keras.Sequential(
    [
        keras.Input((3,)),
        keras.layers.Normalization(mean=mean, variance=std**2),
        scaled_model,  # trained on scaled data, not retrained
    ]
)
wrapped.export(os.path.join(export_root, "wrapped"))
# --8<-- [end:already_trained]


def serve(name, requests):
    loaded = tf.saved_model.load(os.path.join(export_root, name))
    return loaded.serve(tf.constant(requests)).numpy()


training_path = scaled_model.predict(
    (raw_requests - mean) / std, verbose=0
)
wrong_gap = np.abs(serve("scaled", raw_requests) - training_path).max()
right_gap = np.abs(
    serve("inside", raw_requests)
    - model.predict(raw_requests, verbose=0)
).max()
print(f"scaling outside the model: served vs training {wrong_gap:.1f}")
wrapped_gap = np.abs(
    serve("wrapped", raw_requests) - training_path
).max()
print(f"Normalization inside:      served vs training {right_gap:.1e}")
print(
    f"wrapped after training:    served vs training {wrapped_gap:.1e}"
)
assert wrong_gap > 1.0, (
    "expected raw requests to give very different outputs"
)
assert right_gap < 1e-5, (
    "expected the export to reproduce training outputs"
)
assert wrapped_gap < 1e-4, (
    "expected the wrapped export to match training"
)

np.testing.assert_allclose(
    normalizer.mean.numpy().ravel(),
    mean,
    rtol=1e-4,
    err_msg="expected adapt to learn the training mean",
)
weight_names = sorted(w.name for w in normalizer.weights)
print("Normalization weights:", weight_names)
assert weight_names == ["count", "mean", "variance"], (
    "expected mean and variance stored as weights"
)
keras_path = os.path.join(export_root, "inside.keras")
model.save(keras_path)
np.testing.assert_allclose(
    keras.models.load_model(keras_path).predict(
        raw_requests, verbose=0
    ),
    model.predict(raw_requests, verbose=0),
    rtol=1e-6,
    err_msg="expected the .keras file to carry the adapted statistics",
)
