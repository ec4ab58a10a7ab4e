"""A TF2 Hub model has no `tfhub_module.pb`: `hub.load` it, not `hub.Module`

When you hit it: `hub.Module(handle)` fails, or a Keras 3 `Sequential`
refuses `hub.KerasLayer`.

What is going on: tensorflow-hub 0.16, the release TF 2.16+ needs, has
no `hub.Module`: its
[`__init__.py`](https://github.com/tensorflow/hub/blob/v0.16.1/tensorflow_hub/__init__.py)
imports only `KerasLayer`, `load`, `resolve`. In 0.15 and earlier (TF
2.15 and earlier), `hub.Module`
([`module.py`](https://github.com/tensorflow/hub/blob/v0.15.0/tensorflow_hub/module.py))
reads the TF1 Hub format, a SavedModel plus `tfhub_module.pb`
([`native_module.py`](https://github.com/tensorflow/hub/blob/v0.15.0/tensorflow_hub/native_module.py),
`Loader`) and fails on a TF2 model
([tensorflow/hub#849](https://github.com/tensorflow/hub/issues/849)):
a plain SavedModel
([TF Hub guide](https://www.tensorflow.org/hub/tf2_saved_model)), like
the one written here. This model, saved with a `__call__` tf.function, loads as a
callable, no Keras 3 layer; on TF 2.16+ `hub.KerasLayer` is a `tf_keras`
layer
([`keras_layer.py`](https://github.com/tensorflow/hub/blob/v0.16.1/tensorflow_hub/keras_layer.py)),
which a Keras 3 `Sequential` refuses too
([the mixing card](save-load.md#keras3-and-tf-keras-mixed)).
`keras.layers.TFSMLayer(path, call_endpoint="__call__")` calls it on
inputs alone, like `hub.KerasLayer(handle)` for a `__call__` without
`training`.

Pitfall: `TFSMLayer` is trainable by default, `hub.KerasLayer` is not
(`KerasLayer.__init__`). Port `hub.KerasLayer(handle)` without
`trainable=False` and `fit` fine-tunes the weights it kept frozen.

Checked: On TF 2.16 to 2.18 (Keras 3.4 to 3.9),
`trainable=False` on this `TFSMLayer`, as an argument or set later,
raises an `AttributeError` instead (the release line quotes it); it
works from 2.19. `hub.load` calls `tf.saved_model.load`
([`module_v2.py`](https://github.com/tensorflow/hub/blob/v0.16.1/tensorflow_hub/module_v2.py),
`load`). A signature-only export is not callable: pass one of its
signature names as `call_endpoint`; the error lists them
([the SavedModel card](save-load.md#savedmodel-in-keras3)). `tensorflow_hub` is not installed here; what the card says of
it is read from its source (0.16.1 for `hub.load` and `KerasLayer`,
0.15.0 for `hub.Module`), linked above. Of the `tensorflow-hub`
releases in the PyPI snapshot (the newest patch of each, 0.12 to 0.16;
date printed), only 0.16.1 requires `tf-keras`; what `tf-keras` pins is
on [the companion card](setup.md#companion-packages-pin-tensorflow).
Releases before 0.16 subclass `tf.compat.v1.estimator.Exporter` on
import
([`estimator.py`](https://github.com/tensorflow/hub/blob/v0.15.0/tensorflow_hub/estimator.py),
`LatestModuleExporter`; it fails on TF 2.20 in
[GantMan/nsfw_model#167](https://github.com/GantMan/nsfw_model/issues/167)):
TensorFlow 2.16 removed it
([the Estimator card](debugging.md#tf-estimator-removed)). Reading
`tfhub_module.pb` from this directory with `tf.io.gfile` raises
`NotFoundError: embedder/tfhub_module.pb; No such file or directory`.
`TFSMLayer`'s default endpoint, `serve`, is missing here. In a
functional model the loaded object raises `TypeError`: `A KerasTensor
cannot be used as input to a TensorFlow function`. `hub.KerasLayer`
passes `training=` to a `__call__` that takes it (`KerasLayer.call`);
`TFSMLayer` does not (`keras/src/export/tfsm_layer.py`,
`TFSMLayer.call`): on a `__call__(x, training)` it raises `TypeError`,
with `training=True` too: `missing a required argument: 'training'`.

severity: crash
topics: L9, L10
aliases:
  - AttributeError: module 'tensorflow_hub' has no attribute 'Module'
  - hub.Module on a TF2 SavedModel: tfhub_module.pb does not exist
  - NotFoundError: …/tfhub_module.pb; No such file or directory
  - NewRandomAccessFile failed to Create/Open: …\\tfhub_module.pb : The system cannot find the file specified.
  - RuntimeError: Missing implementation that supports: loader
  - tensorflow_hub KerasLayer with Keras 3
  - The added layer must be an instance of class Layer. Found: <tensorflow_hub.keras_layer.KerasLayer
  - Only instances of `keras.Layer` can be added to a Sequential model. Received: <tensorflow_hub.keras_layer.KerasLayer
  - "AttributeError: property 'trainable' of 'UninitializedVariable' object has no setter" from TFSMLayer(trainable=False)
  - load a TensorFlow Hub model in TF 2.16+: replace hub.KerasLayer with keras.layers.TFSMLayer
"""

import json
import os
import tempfile
from pathlib import Path

import keras
import numpy as np
import tensorflow as tf
from packaging.requirements import Requirement
from packaging.version import Version

SNAPSHOT = (
    Path(__file__).resolve().parents[2] / "registry" / "pypi.json"
)
registry = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
os.chdir(tempfile.mkdtemp())
keras.utils.set_random_seed(0)
features = (
    np.random.default_rng(0).normal(size=(8, 4)).astype("float32")
)


class Embedder(tf.Module):
    """A TF2 Hub-style model: variables and a traced `__call__`."""

    def __init__(self):
        super().__init__()
        self.kernel = tf.Variable(
            tf.random.stateless_normal((4, 3), seed=(0, 1))
        )

    @tf.function(input_signature=[tf.TensorSpec((None, 4), tf.float32)])
    def __call__(self, x):
        return tf.matmul(x, self.kernel)


embedder = Embedder()
expected = embedder(features).numpy()
# --8<-- [start:show]
tf.saved_model.save(embedder, "embedder")  # a TF2 SavedModel
print(sorted(os.listdir("embedder")))  # no tfhub_module.pb
reloaded = tf.saved_model.load("embedder")  # what hub.load does
vectors = reloaded(features)  # callable, but not a Keras layer
# --8<-- [end:show]
files = sorted(os.listdir("embedder"))
assert {"saved_model.pb", "variables"} <= set(files), files
assert "tfhub_module.pb" not in files, files
assert os.path.isdir("embedder/variables")
np.testing.assert_allclose(vectors, expected, rtol=1e-6, atol=1e-6)
print("tf.saved_model.load: callable", callable(reloaded))
assert callable(reloaded), "expected the loaded object to be callable"
assert not isinstance(reloaded, keras.layers.Layer)

hub_file = os.path.join("embedder", "tfhub_module.pb")
assert not tf.io.gfile.exists(hub_file)
try:
    with tf.io.gfile.GFile(hub_file, "rb") as module_def:
        module_def.read()
except tf.errors.NotFoundError as err:
    missing = f"NotFoundError: {err}"
else:
    raise AssertionError("expected tfhub_module.pb to be missing")
print(missing)
assert missing == (
    "NotFoundError: embedder/tfhub_module.pb; No such file or directory"
)

try:
    # --8<-- [start:wrong]
    model = keras.Sequential([keras.Input((4,)), reloaded])
    # --8<-- [end:wrong]
except ValueError as err:
    sequential_message = str(err).split(" Received")[0]
else:
    raise AssertionError("expected Sequential to refuse the object")
print("Sequential: ValueError:", sequential_message)
assert sequential_message == (
    "Only instances of `keras.Layer` can be added to a Sequential model."
)
try:
    reloaded(keras.Input((4,)))  # a Functional model
except TypeError as err:
    functional_message = str(err)
else:
    raise AssertionError(
        "expected the tf.function to refuse a KerasTensor"
    )
print(
    "Functional: TypeError:",
    functional_message.split("`")[1].split(". ")[0],
)
assert (
    "A KerasTensor cannot be used as input to a TensorFlow function"
    in functional_message
)

try:
    keras.layers.TFSMLayer("embedder")  # call_endpoint="serve"
except ValueError as err:
    endpoint_message = str(err)
else:
    raise AssertionError("expected no 'serve' endpoint")
print("TFSMLayer default:", endpoint_message.split(". ")[0])
print("  ", endpoint_message.split(". ")[-1])
assert endpoint_message.startswith(
    "The endpoint 'serve' is neither an attribute of the reloaded "
    "SavedModel"
)
assert (
    "Available endpoints for this SavedModel: ['serving_default']"
    in endpoint_message
)

# --8<-- [start:right]
hub_layer = keras.layers.TFSMLayer(
    "embedder", call_endpoint="__call__", trainable=False
)
inputs = keras.Input((4,))
outputs = keras.layers.Dense(1)(hub_layer(inputs))
model = keras.Model(inputs, outputs)
# --8<-- [end:right]
np.testing.assert_array_equal(
    hub_layer(features),
    reloaded(features),
    err_msg="expected call_endpoint='__call__' to call the object",
)
print("TFSMLayer(__call__) returns", type(hub_layer(features)).__name__)


class Dropper(tf.Module):
    """A Hub-style `__call__(x, training)`, traced for both values."""

    def __init__(self):
        super().__init__()
        self.kernel = tf.Variable(tf.ones((4, 3)))

    @tf.function
    def __call__(self, x, training):
        return tf.matmul(x, self.kernel)


dropper = Dropper()
for mode in (True, False):
    dropper.__call__.get_concrete_function(
        tf.TensorSpec((None, 4), tf.float32), training=mode
    )
tf.saved_model.save(dropper, "dropper")
training_layer = keras.layers.TFSMLayer(
    "dropper", call_endpoint="__call__"
)
training_errors = {}
for mode in (True, False):
    try:
        training_layer(features, training=mode)
    except TypeError as err:
        training_errors[mode] = (
            str(err).split("due to `")[1].split("`")[0]
        )
print("TFSMLayer on __call__(x, training): TypeError:", training_errors)
assert training_errors == {
    True: "missing a required argument: 'training'",
    False: "missing a required argument: 'training'",
}, "expected TFSMLayer to pass no training= in either mode"


def fine_tunes(**kwargs):
    """Fits a head on a TFSMLayer; did the SavedModel's weights move?"""
    layer = keras.layers.TFSMLayer(
        "embedder", call_endpoint="__call__", **kwargs
    )
    inputs = keras.Input((4,))
    head = keras.Model(inputs, keras.layers.Dense(1)(layer(inputs)))
    head.compile(optimizer="sgd", loss="mse")
    head.fit(features, np.ones((8, 1)), epochs=3, verbose=0)
    moved = not np.allclose(layer(features), expected, atol=1e-6)
    return len(layer.trainable_weights), moved


default_case = fine_tunes()
frozen_case = fine_tunes(trainable=False)
print(
    "TFSMLayer (trainable weights, fit moved them): default",
    default_case,
    "| trainable=False",
    frozen_case,
)
assert default_case == (1, True), "expected the default to fine-tune"
assert frozen_case == (0, False), "expected trainable=False to freeze"
assert model.trainable_weights == model.layers[-1].trainable_weights

hub_releases = registry["packages"]["tensorflow-hub"]


def requires_tf_keras(requirement):
    """True for an unconditional requirement on tf-keras."""
    parsed = Requirement(requirement)
    name = parsed.name.lower().replace("_", "-")
    return name == "tf-keras" and parsed.marker is None


needs_tf_keras = {
    version: any(
        map(
            requires_tf_keras, facts["metadata"]["any"]["requires_dist"]
        )
    )
    for version, facts in hub_releases.items()
}
print("PyPI snapshot of", registry["fetched"])
print("tensorflow-hub requires tf-keras:", needs_tf_keras)
assert sorted(needs_tf_keras, key=Version) == [
    "0.12.0",
    "0.13.0",
    "0.14.0",
    "0.15.0",
    "0.16.1",
], "expected the snapshot to hold 0.12 to 0.16"
assert [v for v, yes in needs_tf_keras.items() if yes] == ["0.16.1"]
