"""Keras 3 and `tf_keras` don't mix: separate models, functional `.keras` files

When you hit it: one program uses `import keras` (Keras 3) and also
Keras 2 code: `import tf_keras`, or `tf.keras` with
`TF_USE_LEGACY_KERAS=1`, for example inside an older library.

What is going on: the variable sends `tf.keras` to `tf_keras`;
`import keras` stays Keras 3. Each has its own `Layer` and `Model`
classes. A functional model's `.keras` file loads in neither direction,
and a Keras 3 `.h5` fails in `tf_keras` (a Keras 2 `.h5` can load in
Keras 3, with limits:
[the legacy `.h5` card](save-load.md#legacy-h5-model)). A
`.weights.h5` file loads both ways into the same layers. Set the
variable before TensorFlow is imported. Set after `import tensorflow`
and before anything uses `tf.keras`, as here, `tf.keras` gives
`tf_keras` but `from tensorflow.keras import ...` gives Keras 3.

Pitfall: a Keras 3 layer called on a `tf_keras` tensor does not raise.
It becomes `TFOpLambda` ops whose weights the model does not track, so
`fit` runs and trains nothing.

Checked: the `.keras` errors are `Could not locate class 'Functional'`
in Keras 3.9+ (TF 2.18+; TF 2.16-2.17 raise ``ValueError: Expected
object to be an instance of `KerasSaveable`…``) and `Could not
deserialize class 'Functional' because its parent module … cannot be
imported` in `tf_keras`. A process that sets the variable before the
import was not run. A Keras 2 SavedModel directory: see
[the SavedModel card](save-load.md#savedmodel-in-keras3).

severity: crash
topics: L10, S8
aliases:
  - Could not deserialize class 'Functional' because its parent module
  - Could not interpret optimizer identifier: a keras optimizer passed to a tf.keras model or the reverse
  - Unrecognized keyword arguments batch_shape
  - Only instances of keras.Layer can be added to a Sequential model
  - The following Variables were used in a Lambda layer's call
  - can I use a Keras 2 library with Keras 3 in the same script
  - model or .keras file saved with TensorFlow 2.13 to 2.15 (Keras 2) fails to load or import in TF 2.16 (Keras 3)
  - TF_USE_LEGACY_KERAS=1 set too late, tf.keras is still Keras 3
"""

import importlib
import logging
import os
import tempfile

import keras
import numpy as np
import tensorflow as tf
import tf_keras

keras.utils.set_random_seed(0)
tf_keras.utils.set_random_seed(0)
features = (
    np.random.default_rng(0).normal(size=(8, 4)).astype("float32")
)
os.chdir(tempfile.mkdtemp())


class Collect(logging.Handler):
    """Keeps what TensorFlow logs, to print and check it."""

    def __init__(self):
        super().__init__()
        self.messages = []

    def emit(self, record):
        self.messages.append(record.getMessage())


logged = Collect()


def build_scorer(lib):  # lib: keras or tf_keras
    inputs = lib.Input((4,))
    hidden = lib.layers.Dense(8, activation="relu")(inputs)
    hidden = lib.layers.BatchNormalization()(hidden)
    return lib.Model(inputs, lib.layers.Dense(1)(hidden))


scorer = build_scorer(keras)
scorer.save("scorer.keras")
scorer.save("scorer.h5")
expected = scorer.predict(features, verbose=0)

try:
    # --8<-- [start:wrong]
    legacy = tf_keras.models.load_model("scorer.keras")  # by Keras 3
    # --8<-- [end:wrong]
except TypeError as err:
    to_legacy = str(err).split(". ")[0]
print("tf_keras loads Keras 3 .keras: TypeError:", to_legacy)
assert to_legacy == (
    "Could not deserialize class 'Functional' because its parent "
    "module tf_keras.src.models.functional cannot be imported"
), "expected tf_keras to refuse a Keras 3 functional model"

try:
    tf_keras.models.load_model("scorer.h5")
except TypeError as err:
    lines = str(err).splitlines()
    h5_message = lines[0].split(" using")[0] + " ... " + lines[-1]
print("tf_keras loads Keras 3 .h5: TypeError:", h5_message)
assert "Unrecognized keyword arguments: ['batch_shape']" in h5_message

legacy_scorer = build_scorer(tf_keras)
legacy_scorer.save("legacy.keras")
keras_release = tuple(int(p) for p in keras.__version__.split(".")[:2])
try:
    keras.models.load_model("legacy.keras")
except (TypeError, ValueError) as err:
    to_keras3 = f"{type(err).__name__}: {str(err).split('. ')[0]}"
else:
    raise AssertionError("expected Keras 3 to refuse the file")
print("Keras 3 loads tf_keras .keras:", to_keras3.split(" <")[0])
if keras_release >= (3, 9):
    assert (
        to_keras3 == "TypeError: Could not locate class 'Functional'"
    ), "expected Keras 3 to refuse a tf_keras functional model"
else:  # Keras 3.4 and 3.6 rebuild the tf_keras model, then refuse it
    assert to_keras3.startswith(
        "ValueError: Expected object to be an instance of `KerasSaveable`"
    ), "expected Keras 3 to refuse a tf_keras functional model"

# --8<-- [start:right]
scorer.save_weights("scorer.weights.h5")  # Keras 3
legacy = build_scorer(tf_keras)  # the same layers in Keras 2
legacy.load_weights("scorer.weights.h5")
# --8<-- [end:right]
np.testing.assert_allclose(
    legacy.predict(features, verbose=0),
    expected,
    rtol=1e-5,
    atol=1e-5,
    err_msg="expected Keras 3 weights to load into tf_keras",
)
legacy_expected = legacy_scorer.predict(features, verbose=0)
legacy_scorer.save_weights("legacy.weights.h5")
ported = build_scorer(keras)
ported.load_weights("legacy.weights.h5")
np.testing.assert_allclose(
    ported.predict(features, verbose=0),
    legacy_expected,
    rtol=1e-5,
    atol=1e-5,
    err_msg="expected tf_keras weights to load into Keras 3",
)
print(".weights.h5 loads both ways: same outputs")

try:
    keras.Sequential([keras.Input((4,)), tf_keras.layers.Dense(1)])
except ValueError as err:
    sequential_message = str(err).split(". ")[0]
print("ValueError:", sequential_message)
assert keras.layers.Layer is not tf_keras.layers.Layer, (
    "two Layer classes"
)
assert keras.Model is not tf_keras.Model, "expected two Model classes"
assert sequential_message == (
    "Only instances of `keras.Layer` can be added to a Sequential model"
)

tf.get_logger().addHandler(logged)
# --8<-- [start:mixed]
inputs = tf_keras.Input((4,))  # Keras 2
head = keras.layers.Dense(1)  # Keras 3: no error below
model = tf_keras.Model(inputs, head(inputs))
# model.trainable_weights == []: fit trains nothing
# --8<-- [end:mixed]
tf.get_logger().removeHandler(logged)
kinds = sorted({type(layer).__name__ for layer in model.layers})
untracked = [
    m for m in logged.messages if "not present in its tracked" in m
]
print(
    "mixed model: trainable weights",
    len(model.trainable_weights),
    " layers",
    kinds,
)
print("logged:", untracked[0].split(" (")[0])
assert "TFOpLambda" in kinds, "expected the Keras 3 layer to become ops"
assert model.trainable_weights == [], "expected no tracked weights"
assert untracked, "expected only a logged warning, no exception"
before = [w.numpy().copy() for w in head.weights]
model.compile(optimizer="sgd", loss="mse")
history = model.fit(features, np.ones((8, 1)), epochs=2, verbose=0)
assert history.history["loss"][0] > 0, (
    "expected a nonzero loss to train on"
)
assert all(
    np.array_equal(b, w.numpy())
    for b, w in zip(before, head.weights, strict=True)
), "expected fit to leave the Keras 3 layer's weights untouched"

os.environ["TF_USE_LEGACY_KERAS"] = "1"  # after import tensorflow
attribute_dense = tf.keras.layers.Dense
from tensorflow.keras.layers import Dense  # noqa: E402

late = [
    attribute_dense.__module__.split(".")[0],
    Dense.__module__.split(".")[0],
]
print("set after import:", late)
assert importlib.import_module("keras").__version__.startswith("3."), (
    "expected import keras to stay Keras 3"
)
assert late == ["tf_keras", "keras"], (
    "expected a late variable to split tf.keras between the two libraries"
)
