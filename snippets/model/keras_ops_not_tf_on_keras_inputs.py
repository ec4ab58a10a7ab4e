"""`A KerasTensor cannot be used as input to a TensorFlow function`: use keras.ops

When you hit it: building a Functional model, a `tf.*` call on a
`keras.Input` (`tf.nn.l2_normalize(inputs)`, `tf.concat`, ...) stops
with "A KerasTensor cannot be used as input to a TensorFlow function".

What is going on: in Keras 3 a `keras.Input` is a `KerasTensor`, a
placeholder that no backend owns. Keras layers, `keras.ops` and Python
operators accept it; `tf.*` does not. Keras 2 (`tf_keras`) wrapped such
calls in a `TFOpLambda` layer for you. Prefer `keras.ops`, the
backend-neutral ops; or move the `tf.*` call into a layer's `call`,
which ties the model to the TensorFlow backend.

Pitfall: `import keras` reads `KERAS_BACKEND`; setting it later
changes nothing by itself. Set it before the first import, or call
`keras.config.set_backend(name)`, then `import keras` again (the old
name goes stale) and re-create every Keras object.

Checked: only the TensorFlow backend is installed here. The run proves
that `import keras` and `keras.config.set_backend("jax")` read the
backend name (both fail for want of `jax`), not how a layer runs on JAX
or PyTorch. `keras.ops.normalize` is written with backend-neutral ops
only (`keras/src/ops/nn.py`, `_normalize`);
`keras/src/utils/backend_utils.py` (`set_backend`) warns that objects
created before the switch are no longer usable. A subprocess switches
to `tensorflow` again to show the stale name: after `set_backend`,
`keras` is no longer `sys.modules["keras"]` until you import it again.
On TF 2.16 to 2.18 (Keras 3.4.1 to 3.9.0) that switch back to
`tensorflow` itself fails with a `ValueError` (a PyTree type registered
twice).

severity: crash
topics: M15
aliases:
  - You can only use it as input to a Keras layer or a Keras operation
  - A KerasTensor is a symbolic placeholder for a shape and dtype, used when constructing Keras Functional models
  - Cannot convert a symbolic Keras input/output to a numpy array
  - You are passing KerasTensor, an intermediate Keras symbolic input/output, to a TF API that does not allow registering custom dispatchers
  - tf.concat, tf.reduce_mean or tf.nn functions on a keras.Input fail in Keras 3
  - TFOpLambda layers are gone in Keras 3
  - how to write a custom layer that works with JAX and PyTorch backends
  - change Keras backend to jax or torch
  - KERAS_BACKEND set in os.environ after import keras is ignored
"""

import os
import subprocess
import sys

import keras
import numpy as np
import tensorflow as tf
import tf_keras

inputs = keras.Input(shape=(4,))

try:
    # --8<-- [start:wrong]
    unit = tf.nn.l2_normalize(inputs, axis=-1)  # ValueError
    # --8<-- [end:wrong]
except ValueError as err:
    message = str(err)
print("ValueError:", message.split(". ")[0] + ".")
try:
    tf.concat([inputs, inputs], axis=-1)
except ValueError as err:
    concat_message = str(err)
doubled = inputs * 2.0 + 1.0  # Python operators build Keras ops


# --8<-- [start:right]
unit = keras.ops.normalize(inputs, axis=-1)  # backend-neutral ops


class TFNormalize(keras.layers.Layer):  # calls tf.*: needs TensorFlow
    def call(self, x):
        return tf.nn.l2_normalize(x, axis=-1)


tf_unit = TFNormalize()(inputs)
model = keras.Model(inputs, [unit, tf_unit])
print(keras.config.backend())  # tensorflow
# --8<-- [end:right]

features = np.array([[3.0, 4.0, 0.0, 0.0]], "float32")
by_ops, by_tf = (keras.ops.convert_to_numpy(t) for t in model(features))
print("keras.ops:", [round(float(v), 3) for v in by_ops[0]])
print("tf in a layer:", [round(float(v), 3) for v in by_tf[0]])
eager = keras.ops.normalize(tf.constant(features), axis=-1)
print("keras.ops on a tf.Tensor returns", type(eager).__name__)

legacy_inputs = tf_keras.Input(shape=(4,))
legacy_unit = tf.nn.l2_normalize(legacy_inputs, axis=-1)  # accepted
legacy_model = tf_keras.Model(legacy_inputs, legacy_unit)
legacy_layer = type(legacy_model.layers[-1]).__name__
print("Keras 2 (tf_keras) wrapped the tf.* call in:", legacy_layer)

saved = os.environ.get("KERAS_BACKEND")
os.environ["KERAS_BACKEND"] = "jax"  # too late: keras is imported
late_backend = keras.config.backend()
if saved is None:
    del os.environ["KERAS_BACKEND"]
else:
    os.environ["KERAS_BACKEND"] = saved
child = subprocess.run(
    [sys.executable, "-c", "import keras"],
    env={**os.environ, "KERAS_BACKEND": "jax"},
    capture_output=True,
    text=True,
    check=False,
)
import_error = child.stderr.strip().splitlines()[-1]
print("KERAS_BACKEND=jax set after import:", late_backend)
print("KERAS_BACKEND=jax before import:", import_error)

assert (
    "A KerasTensor cannot be used as input to a TensorFlow function"
    in (message)
), "expected the Keras 3 KerasTensor error"
assert "cannot be used as input to a TensorFlow" in concat_message
assert isinstance(doubled, keras.KerasTensor), (
    "expected operators to work"
)
assert "wrap `tf_fn` in a layer" in message, "expected the layer hint"
assert np.allclose(by_ops, [[0.6, 0.8, 0.0, 0.0]]), (
    "expected unit length"
)
assert np.allclose(by_tf, by_ops), "expected tf in a layer to match ops"
assert isinstance(eager, tf.Tensor), "expected ops to return tf tensors"
assert legacy_layer == "TFOpLambda", "expected Keras 2 auto-wrapping"
assert keras.config.backend() == keras.backend.backend() == "tensorflow"
assert late_backend == "tensorflow", (
    "expected a late env var to be ignored"
)
assert child.returncode != 0, (
    "expected the import to read KERAS_BACKEND"
)
assert import_error == "ModuleNotFoundError: No module named 'jax'", (
    "expected KERAS_BACKEND=jax to make import keras load jax"
)
switch_code = """
import sys, keras
try:
    keras.config.set_backend("tensorflow")
except ValueError as err:
    print("ValueError", "is already registered in namespace 'keras'" in str(err))
else:
    print("stale", keras is not sys.modules["keras"])
    import keras
    print("fresh", keras is sys.modules["keras"])
"""
switch = subprocess.run(
    [sys.executable, "-c", switch_code],
    capture_output=True,
    text=True,
    check=False,
)
switched = switch.stdout.split()
print("set_backend, then the old name:", " ".join(switched[:2]))
if tuple(int(n) for n in keras.__version__.split(".")[:2]) > (3, 9):
    assert switched == ["stale", "True", "fresh", "True"], (
        "expected the old keras name to go stale until imported again"
    )
else:
    assert switched == ["ValueError", "True"], (
        "expected Keras 3.9 and older to fail switching to tensorflow"
    )
# Last: set_backend unloads Keras and imports it again with jax.
try:
    keras.config.set_backend("jax")
except ModuleNotFoundError as err:
    switch_error = f"{type(err).__name__}: {err}"
else:
    switch_error = "none"
print("keras.config.set_backend('jax') after import:", switch_error)
assert switch_error == "ModuleNotFoundError: No module named 'jax'", (
    "expected set_backend to import Keras again, with jax"
)
