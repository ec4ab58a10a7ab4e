"""`tf.keras` is Keras 3 here; Keras 2 code needs the `tf_keras` package

When you hit it: code or a tutorial written for Keras 2 (`tf.keras`
before Keras 3) fails on TensorFlow 2.21 with an `ImportError` or
`ValueError` from inside Keras.

What is going on: `tf.keras` hands you the installed Keras 3 package:
the same classes as `import keras`, and `tf.keras.version()` reports
the Keras version, not TensorFlow's. Keras 2 habits such as
`tf.keras.optimizers.legacy` or `model.save("dir")` (a SavedModel
folder) now raise. For code you cannot port yet,
install `tf_keras` (Keras 2, a separate package) and set
`TF_USE_LEGACY_KERAS=True` before TensorFlow is imported, as the error
message says; [the two do not mix](save-load.md#keras3-and-tf-keras-mixed).

Pitfall: writing `tf.keras` does not get you Keras 2. It is the same
Keras 3 as `import keras`, so old code breaks halfway through. Write
new code against `import keras`.

severity: crash
topics: S8
aliases:
  - ModuleNotFoundError: No module named 'keras.engine'
  - ModuleNotFoundError: No module named 'tensorflow.keras.layers.experimental.preprocessing'
  - module 'keras._tf_keras.keras.layers' has no attribute 'experimental'
  - how do I keep using Keras 2 with TensorFlow 2.16 or later
  - old tutorial code that ran on 2.15 breaks after upgrading to 2.16
  - tf.keras and keras are the same package now
"""

import os
import tempfile

import keras
import tensorflow as tf
import tf_keras

# --8<-- [start:show]
print("tf.keras.version():", tf.keras.version())
print("same Dense class:", tf.keras.layers.Dense is keras.layers.Dense)
# --8<-- [end:show]

try:
    # --8<-- [start:wrong]
    optimizer = tf.keras.optimizers.legacy.Adam(learning_rate=1e-3)
    # --8<-- [end:wrong]
except ImportError as err:
    message = str(err)
print("ImportError:", message)

# --8<-- [start:right]
optimizer = keras.optimizers.Adam(learning_rate=1e-3)
# --8<-- [end:right]

model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
try:
    model.save(os.path.join(tempfile.mkdtemp(), "saved_model_dir"))
    save_message = ""
except ValueError as err:
    save_message = str(err)

assert tf.keras.version() == keras.__version__, (
    "expected tf.keras to report the installed Keras"
)
assert keras.__version__.startswith("3."), "expected Keras 3"
assert tf.keras.version() != tf.__version__, (
    "expected Keras's own version"
)
assert tf.keras.layers.Dense is keras.layers.Dense, (
    "expected one library"
)
assert tf.keras.Model is keras.Model, "expected one Model class"
assert "is not supported in Keras 3" in message, (
    "expected the Keras 3 error"
)
assert "tf_keras" in message and "TF_USE_LEGACY_KERAS" in message, (
    "expected the error to point at tf_keras and TF_USE_LEGACY_KERAS"
)
assert "Invalid filepath extension for saving" in save_message, (
    "expected model.save to a folder to raise ValueError in Keras 3"
)
print("tf_keras:", tf_keras.__version__.split(".")[0] + ".x")
assert tf_keras.__version__.startswith("2."), (
    "expected tf_keras = Keras 2"
)
assert tf_keras.layers.Dense is not keras.layers.Dense, (
    "expected tf_keras to be a separate library, not tf.keras"
)
