"""`tf.keras` is Keras 3 here; Keras 2 code needs the `tf_keras` package

When you hit it: code or a tutorial written for Keras 2 (`tf.keras`
before Keras 3) fails on TensorFlow 2.21 with an `ImportError` or
`ValueError` from inside Keras.

What is going on: `tf.keras` is `keras._tf_keras.keras`, a namespace
of the installed Keras 3: its layers, models and optimizers are the
classes of `import keras` (a few legacy extras aside, such as
`AlphaDropout`), and `tf.keras.version()` reports the Keras version.
Keras 2 habits such as `tf.keras.optimizers.legacy` now raise, and so
does [`model.save("dir")`](save-load.md#keras-file-format). For code
you cannot port yet, install `tf_keras` (Keras 2, a separate package)
and set `TF_USE_LEGACY_KERAS=True` before TensorFlow is imported, as
the error message says;
[the two do not mix](save-load.md#keras3-and-tf-keras-mixed).

Pitfall: writing `tf.keras` does not get you Keras 2. It is Keras 3,
like `import keras`, so old code breaks halfway through. Write new
code against `import keras`.

Checked: the run compares every public name that `layers`, `models`
and `optimizers` share in the two namespaces, and imports TensorFlow in
a child process with `TF_USE_LEGACY_KERAS` set.

severity: crash
topics: S8
aliases:
  - ModuleNotFoundError: No module named 'keras.engine'
  - ModuleNotFoundError: No module named 'tensorflow.keras.layers.experimental'
  - module 'keras._tf_keras.keras.layers' has no attribute 'experimental'
  - how do I keep using Keras 2 with TensorFlow 2.16 or later
  - old tutorial code that ran on 2.15 breaks after upgrading to 2.16
  - tf.keras and keras are the same package now
"""

import os
import subprocess
import sys

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

differ = {}  # per module: shared public names bound to other objects
for module in ("layers", "models", "optimizers"):
    ours, theirs = getattr(keras, module), getattr(tf.keras, module)
    shared = [
        name
        for name in dir(ours)
        if not name.startswith("_") and hasattr(theirs, name)
    ]
    assert len(shared) > 3, f"expected tf.keras.{module} to share names"
    differ[module] = [
        name
        for name in shared
        if getattr(theirs, name) is not getattr(ours, name)
    ]
print(
    "tf.keras is", tf.keras.__name__, "| objects that differ:", differ
)

LEGACY = (
    "import tensorflow as tf; "
    "print(tf.keras.layers.Dense.__module__.split('.')[0])"
)
legacy = subprocess.run(
    [sys.executable, "-c", LEGACY],
    env={**os.environ, "TF_USE_LEGACY_KERAS": "True"},
    capture_output=True,
    text=True,
    check=True,
)
legacy_root = legacy.stdout.strip().splitlines()[-1]
print(
    "TF_USE_LEGACY_KERAS=True: tf.keras.layers.Dense from", legacy_root
)

assert tf.keras.version() == keras.__version__, (
    "expected tf.keras to report the installed Keras"
)
assert keras.__version__.startswith("3."), "expected Keras 3"
assert tf.keras.version() != tf.__version__, (
    "expected Keras's own version"
)
assert tf.keras is not keras and tf.keras.__name__ == (
    "keras._tf_keras.keras"
), "expected tf.keras to be a namespace of Keras, not the module"
assert differ == {
    "layers": ["AlphaDropout"],
    "models": [],
    "optimizers": [],
}, (
    f"expected one class for every shared name but AlphaDropout: {differ}"
)
assert "is not supported in Keras 3" in message, (
    "expected the Keras 3 error"
)
assert "tf_keras" in message and "TF_USE_LEGACY_KERAS" in message, (
    "expected the error to point at tf_keras and TF_USE_LEGACY_KERAS"
)
assert legacy_root == "tf_keras", (
    "expected TF_USE_LEGACY_KERAS=True before the import to give tf_keras"
)
print("tf_keras:", tf_keras.__version__.split(".")[0] + ".x")
assert tf_keras.__version__.startswith("2."), (
    "expected tf_keras = Keras 2"
)
assert tf_keras.layers.Dense is not keras.layers.Dense, (
    "expected tf_keras to be a separate library, not tf.keras"
)
