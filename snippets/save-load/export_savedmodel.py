"""Export a SavedModel with `model.export`; reload it with TensorFlow

When you hit it: you need a SavedModel for TF Serving or TFLite, then
try to open it again with `keras.models.load_model`.

What is going on: `keras.Model.export` writes a TensorFlow SavedModel
directory with two endpoints, `serve` and `serving_default`, both with a
`None` batch dimension. It holds the traced graph and weights, not the
Keras model. `load_model` reads only `.keras` and `.h5` files and raises
`ValueError` on the directory; `tf.saved_model.load` or
`keras.layers.TFSMLayer` read it back, inference only.

Pitfall: every entry of `reloaded.signatures` returns a dict (keyed
`output_0` here), while the `reloaded.serve` function returns the bare
tensor. Index the dict, or call the function.

severity: crash
topics: L2
aliases:
  - how to deploy a Keras model to TensorFlow Serving
  - tf.saved_model.save or model.export for a Keras 3 model
  - SavedModel serving function returns a dictionary instead of a tensor
  - save a Keras 3 model in SavedModel format for TFLite conversion
  - load_model fails on the folder written by model.export
  - model.save to a folder no longer writes a SavedModel in Keras 3: use model.export
"""

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

# --8<-- [start:show]
model.export(export_dir, verbose=False)  # a SavedModel directory
# --8<-- [end:show]

try:
    # --8<-- [start:wrong]
    restored = keras.models.load_model(export_dir)
    # --8<-- [end:wrong]
except ValueError as err:
    message = str(err).replace(export_dir, "my_model")
print("ValueError:", message)
assert "File format not supported" in message, (
    "expected load_model to refuse a SavedModel directory"
)
assert "TFSMLayer" in message, (
    "expected the message to point to TFSMLayer"
)

# --8<-- [start:right]
reloaded = tf.saved_model.load(export_dir)
scores = reloaded.serve(features)  # a tensor
serving_fn = reloaded.signatures["serving_default"]
outputs = serving_fn(tf.constant(features))  # {"output_0": tensor}
# or, inside a Keras model (inference only):
layer = keras.layers.TFSMLayer(export_dir, call_endpoint="serve")
# --8<-- [end:right]

print("signatures:", sorted(reloaded.signatures.keys()))
print("serving_default returns keys:", sorted(outputs.keys()))
assert sorted(reloaded.signatures.keys()) == [
    "serve",
    "serving_default",
], (
    "expected model.export to write the serve and serving_default signatures"
)
assert list(outputs.keys()) == ["output_0"], (
    "expected serving_default to return a dict keyed output_0"
)
serve_signature = reloaded.signatures["serve"](tf.constant(features))
assert isinstance(serve_signature, dict), (
    "expected the serve signature to return a dict as well"
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
    ("serving_default", outputs["output_0"]),
    ("TFSMLayer", layer(features)),
]:
    np.testing.assert_allclose(
        np.asarray(result),
        expected,
        rtol=1e-6,
        atol=1e-6,
        err_msg=f"expected {name} to match the Keras model",
    )
print("all three reloads match the Keras model")
