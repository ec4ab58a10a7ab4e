"""`Layer 'dense' was never built`: build child layers; mind `keras_version`

When you hit it: `load_weights` or `keras.models.load_model` raises
"Layer 'dense' was never built and thus it doesn't have any
variables"; or a `.keras` file from a newer Keras fails to load.

What is going on: weights load into variables, and a layer makes its
variables when built. A custom layer whose `build()` makes its own
weights but not its child's leaves the child unbuilt when Keras builds
the model from `compute_output_shape`, without running `call`. Build
each child in `build()`. A `.keras` file names the Keras that wrote it
(`keras_version` in `metadata.json`); `load_model` ignores it, yet
fails on a key in a `Dense` config that `Dense` does not take.

Pitfall: a subclassed `keras.Model` without `build()`, built with
`model.build(shape)`, raises nothing: `load_weights` leaves its layers
unbuilt and their weights random. Call the model on a batch before
loading.

Checked: every case on the pinned Keras, on this machine's CPU. Keras
3.15 writes `quantization_config` into each `Dense` config; an older
Keras whose `Dense` lacks that argument rejects it as an unknown
keyword (`keras/src/layers/layer.py`, `Layer.__init__`), shown here with
an invented key. That older release was not run: load a `.keras` file
with the Keras of its `keras_version` or newer.

severity: crash
topics: L12, L3, M7
aliases:
  - Layer 'dense' was never built and thus it doesn't have any variables. However the weights file lists 2 variables for this layer.
  - A total of 1 objects could not be loaded. Example error message for object <Dense name=dense, built=False>
  - implement the def build_from_config(self, config) method on layer
  - You are loading weights into a model that has not yet been built.
  - Unrecognized keyword arguments passed to Dense: {'quantization_config': None}
  - load a .keras model saved with a newer Keras version
  - load_weights does nothing on a subclassed model, weights stay random
  - which Keras version saved this .keras file
"""

import json
import os
import tempfile
import warnings
import zipfile

import keras
import numpy as np

keras.utils.set_random_seed(0)
features = (
    np.random.default_rng(0).normal(size=(2, 4)).astype("float32")
)
work_dir = tempfile.mkdtemp()


# --8<-- [start:wrong]
@keras.saving.register_keras_serializable(package="card")
class Scaled(keras.layers.Layer):
    """A Dense child, times a trainable scale."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.dense = keras.layers.Dense(3, name="dense")

    def build(self, input_shape):  # makes the scale, not self.dense
        self.scale = self.add_weight(shape=(), initializer="ones")

    def compute_output_shape(self, input_shape):
        return (*input_shape[:-1], 3)  # so Keras skips call()

    def call(self, x):
        return self.dense(x) * self.scale


# --8<-- [end:wrong]


@keras.saving.register_keras_serializable(package="card")
class ScaledBuilt(Scaled):
    # --8<-- [start:right]
    def build(self, input_shape):
        self.scale = self.add_weight(shape=(), initializer="ones")
        self.dense.build(input_shape)  # build every child too

    # --8<-- [end:right]


class ScaledNoShape(Scaled):
    compute_output_shape = keras.layers.Layer.compute_output_shape


def functional(layer_class):
    inputs = keras.Input((4,))
    return keras.Model(inputs, layer_class()(inputs))


def try_loads(layer_class, weights_path, model_path):
    """Load the weights into a new model, then the whole .keras file."""
    outcomes, messages = [], []
    for load in ("load_weights", "load_model"):
        try:
            if load == "load_weights":
                functional(layer_class).load_weights(weights_path)
            else:
                keras.models.load_model(model_path)
            outcomes.append("loads")
        except ValueError as err:
            messages.append(str(err))
            outcomes.append("ValueError")
    return outcomes, messages


results = {}
for layer_class in (Scaled, ScaledBuilt):
    model = functional(layer_class)
    child_built = model.layers[1].dense.built
    model(features)  # the first real call builds the child anyway
    weights_path = os.path.join(work_dir, "scaled.weights.h5")
    model_path = os.path.join(work_dir, "scaled.keras")
    model.save_weights(weights_path)
    model.save(model_path)
    outcomes, errors = try_loads(layer_class, weights_path, model_path)
    results[layer_class.__name__] = (child_built, outcomes, errors)
    print(
        f"{layer_class.__name__:11} child built with the model: "
        f"{child_built!s:5} load_weights, load_model: {outcomes}"
    )
child_built, outcomes, errors = results["Scaled"]
print([line for line in errors[0].splitlines() if "never" in line][0])
assert (child_built, outcomes) == (
    False,
    ["ValueError", "ValueError"],
), "expected an unbuilt child to fail both loads"
for error in errors:
    assert (
        "Layer 'dense' was never built and thus it doesn't have any "
        "variables. However the weights file lists 2 variables for this "
        "layer." in error
    ), "expected the never-built message from both loads"
assert results["ScaledBuilt"][:2] == (True, ["loads", "loads"]), (
    "expected build() that builds the child to fix both"
)
probe = ScaledNoShape()
functional_inputs = keras.Input((4,))
keras.Model(functional_inputs, probe(functional_inputs))
print("without compute_output_shape, child built:", probe.dense.built)
assert probe.dense.built, (
    "expected Keras to run call() and build the child without it"
)


class Net(keras.Model):  # subclassed, no build()
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.dense = keras.layers.Dense(3)

    def call(self, x):
        return self.dense(x)


trained = Net()
trained(features)
net_weights = os.path.join(work_dir, "net.weights.h5")
trained.save_weights(net_weights)

fresh = Net()
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    # --8<-- [start:silent]
    fresh.build((None, 4))  # marks Net built, not its Dense
    fresh.load_weights(net_weights)  # no error, nothing loaded
    # --8<-- [end:silent]
build_warning = str(caught[0].message).split(". ")[0]
print("UserWarning at build:", build_warning)
unbuilt_after_load = not fresh.dense.built
same_after_build = np.allclose(fresh(features), trained(features))
called = Net()
called(features)  # builds every layer
called.load_weights(net_weights)
same_after_call = np.allclose(called(features), trained(features))
print(
    "Net outputs match after load: build() then load",
    same_after_build,
    "| call then load",
    same_after_call,
)
assert (
    "does not have a `build()` method implemented" in build_warning
), "expected only a warning at build time"
assert not same_after_build, (
    "expected build() + load_weights to load nothing"
)
assert same_after_call, "expected a call before loading to fix it"
assert unbuilt_after_load, (
    "expected load_weights to leave Dense unbuilt"
)

plain = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3)])
plain_path = os.path.join(work_dir, "plain.keras")
plain.save(plain_path)
with zipfile.ZipFile(plain_path) as archive:
    members = {name: archive.read(name) for name in archive.namelist()}
metadata = json.loads(members["metadata.json"])
config = json.loads(members["config.json"])
print("metadata.json:", sorted(metadata), metadata["keras_version"])
assert metadata["keras_version"] == keras.__version__, (
    "expected the writing Keras's version in metadata.json"
)
keras_version = tuple(int(p) for p in keras.version().split(".")[:2])
dense_config = config["config"]["layers"][-1]
print(
    "Dense config has quantization_config:",
    "quantization_config" in dense_config["config"],
)
if keras_version >= (3, 15):
    assert "quantization_config" in dense_config["config"], (
        "expected Keras 3.15 to write quantization_config for Dense"
    )


def rewrite(path, name, content):
    """A copy of the .keras zip at path with one member replaced."""
    with zipfile.ZipFile(path, "w") as archive:
        for member, data in members.items():
            archive.writestr(
                member, content if member == name else data
            )
    return path


future = dict(metadata, keras_version="99.0.0")
newer_path = rewrite(
    os.path.join(work_dir, "newer.keras"),
    "metadata.json",
    json.dumps(future),
)
keras.models.load_model(newer_path)  # the version is not checked
print("keras_version 99.0.0 in metadata.json: loads")

dense_config["config"]["future_option"] = None
unknown_path = rewrite(
    os.path.join(work_dir, "unknown.keras"),
    "config.json",
    json.dumps(config),
)
try:
    keras.models.load_model(unknown_path)
except TypeError as err:
    unknown_message = str(err).splitlines()[-1]
print("an unknown Dense key: TypeError:", unknown_message)
assert (
    "Unrecognized keyword arguments passed to Dense: "
    "{'future_option': None}" in unknown_message
), "expected an unknown Dense config key to fail the load"
