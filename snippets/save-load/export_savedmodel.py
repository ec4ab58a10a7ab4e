"""Export a SavedModel with `model.export`; its signatures return dicts

When you hit it: you need a SavedModel for TF Serving or TFLite, reload
it with `tf.saved_model.load` to check it, and the signature's result
has no `.numpy()`.

What is going on: `keras.Model.export` writes a TensorFlow SavedModel
directory with two endpoints, `serve` and `serving_default`, both with a
`None` batch dimension. It holds traced functions and variables, not the
Keras model: `keras.models.load_model` refuses it, and `TFSMLayer` wraps
it for Keras (see
[the SavedModel card](save-load.md#savedmodel-in-keras3)).
`tf.saved_model.load` reads the functions back; gradients still reach
the variables, so you can fine-tune them.

Pitfall: every entry of `reloaded.signatures` returns a dict (its keys:
[the output keys card](deploy.md#signature-output-keys)), while
`reloaded.serve` returns the model's own output structure: a bare
tensor for this one-output model. Index the dict, or call `serve`.

Checked: for a model with a list of two outputs, `serve` returns a list
of two tensors. `export` prints where it saved; the run hides that.

severity: crash
topics: L2
aliases:
  - how to deploy a Keras model to TensorFlow Serving
  - tf.saved_model.save or model.export for a Keras 3 model
  - SavedModel serving function returns a dictionary instead of a tensor
  - save a Keras 3 model in SavedModel format for TFLite conversion
  - model.save to a folder no longer writes a SavedModel in Keras 3: use model.export
  - 'dict' object has no attribute 'numpy' on a signature's result
"""

import contextlib
import io
import os
import tempfile

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(0)
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3)])
features = (
    np.random.default_rng(0).normal(size=(5, 4)).astype("float32")
)
export_dir = os.path.join(tempfile.mkdtemp(), "my_model")
expected = model.predict(features, verbose=0)

with contextlib.redirect_stdout(io.StringIO()):  # a temporary path
    # --8<-- [start:show]
    model.export(export_dir)  # a SavedModel directory
    reloaded = tf.saved_model.load(export_dir)
    serving_fn = reloaded.signatures["serving_default"]
    # --8<-- [end:show]

try:
    # --8<-- [start:wrong]
    scores = serving_fn(tf.constant(features)).numpy()  # a dict
    # --8<-- [end:wrong]
except AttributeError as err:
    message = str(err)
else:
    raise AssertionError(
        "expected .numpy() on a signature's dict to fail"
    )
print("AttributeError:", message)
assert message == "'dict' object has no attribute 'numpy'", (
    "expected the signature to return a dict"
)

# --8<-- [start:right]
outputs = serving_fn(tf.constant(features))  # a dict of tensors
signature_scores = outputs["output_0"]  # index the dict
scores = reloaded.serve(features)  # or call the function: a tensor
# --8<-- [end:right]

print("signatures:", sorted(reloaded.signatures.keys()))
assert sorted(reloaded.signatures.keys()) == [
    "serve",
    "serving_default",
], (
    "expected model.export to write the serve and serving_default signatures"
)
returns = {
    name: type(
        reloaded.signatures[name](tf.constant(features))
    ).__name__
    for name in ("serve", "serving_default")
}
print("signatures return:", returns)
print("reloaded.serve returns a tensor:", tf.is_tensor(scores))
assert returns == {"serve": "dict", "serving_default": "dict"}, (
    "expected every signature to return a dict"
)
assert tf.is_tensor(scores), (
    "expected reloaded.serve to return a tensor"
)
batch_dims = [
    spec.shape[0]
    for name in ("serve", "serving_default")
    for spec in reloaded.signatures[name]
    .structured_input_signature[1]
    .values()
]
print("input batch dimension of both signatures:", batch_dims)
assert batch_dims == [None, None], "expected a None batch dimension"
for name, result in [
    ("serve", scores),
    ("serving_default", signature_scores),
]:
    np.testing.assert_allclose(
        np.asarray(result),
        expected,
        rtol=1e-6,
        atol=1e-6,
        err_msg=f"expected {name} to match the Keras model",
    )
print("both reloads match the Keras model")

inputs = keras.Input((4,))
two_outputs = keras.Model(
    inputs,
    [keras.layers.Dense(3)(inputs), keras.layers.Dense(1)(inputs)],
)
two_dir = os.path.join(tempfile.mkdtemp(), "two_outputs")
with contextlib.redirect_stdout(io.StringIO()):
    two_outputs.export(two_dir)
two_reloaded = tf.saved_model.load(two_dir)
two_scores = two_reloaded.serve(features)
two_shapes = [tuple(t.shape) for t in two_scores]
print("two-output model: serve returns", type(two_scores).__name__)
assert isinstance(two_scores, list) and two_shapes == [
    (5, 3),
    (5, 1),
], "expected serve to return the model's list of outputs"

with tf.GradientTape() as tape:
    loss = tf.reduce_sum(reloaded.serve(features) ** 2)
grads = tape.gradient(loss, reloaded.trainable_variables)
trainable = len(reloaded.trainable_variables)
reaching = sum(grad is not None for grad in grads)
print(f"gradients reach {reaching} of {trainable} trainable variables")
assert trainable == 2 and reaching == 2, (
    "expected gradients to reach the reloaded kernel and bias"
)
keras.optimizers.SGD(0.1).apply_gradients(
    zip(grads, reloaded.trainable_variables, strict=True)
)
tuned = not np.allclose(reloaded.serve(features), expected)
print("one SGD step changed the served scores:", tuned)
assert tuned, "expected the reloaded variables to be trainable"
