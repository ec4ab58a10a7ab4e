"""Weights-only files must end in `.weights.h5` unless sharded (TF 2.19+)

When you hit it: you call `model.save_weights("weights.h5")`, or a
TF-style checkpoint prefix such as `"ckpt"`, and get `ValueError`.

What is going on: Keras 3 `keras.Model.save_weights` writes one HDF5
file of variable values: the layers', plus the optimizer's once
compiled (its step count and learning rate; its slots once it has
trained). It accepts only names ending in `.weights.h5`, unless you
pass `max_shard_size` (TF 2.19+, Keras 3.11+): then it writes
`name.weights.json` and `name_00000.weights.h5` shards. There is no architecture in it: rebuild
the same model in code, then call `load_weights`.

Pitfall: `load_weights` into a model whose layers differ in shape
raises `ValueError` ("objects could not be loaded"); build the model
from the same code that trained it.

severity: crash
topics: L5
aliases:
  - Layer count mismatch when loading weights from file.
  - model.save_weights('model.h5') ValueError in Keras 3
  - save_weights to a TF checkpoint prefix or save_format='tf' in Keras 3
  - You are trying to load a weight file containing 2 layers into a model with 3 layers
  - Layer 'dense' expected 2 variables, but received 0 variables during loading
  - load weights into a model without the saved architecture
  - difference between model.save and model.save_weights
"""

import inspect
import os
import tempfile

import h5py
import keras
import numpy as np

keras.utils.set_random_seed(0)
features = (
    np.random.default_rng(0).normal(size=(5, 4)).astype("float32")
)
save_dir = tempfile.mkdtemp()


def build_model(units=3):
    return keras.Sequential(
        [keras.Input((4,)), keras.layers.Dense(units)]
    )


def optimizer_arrays(path):
    with h5py.File(path, "r") as weights_file:
        return len(weights_file["optimizer"]["vars"])


model = build_model()
model.compile(optimizer="adam", loss="mse")
untrained_path = os.path.join(save_dir, "untrained.weights.h5")
model.save_weights(untrained_path)
model.fit(features, features[:, :3], epochs=1, verbose=0)
rejected = []
for name in ["weights.h5", "ckpt", "weights.keras"]:
    try:
        # --8<-- [start:wrong]
        model.save_weights(os.path.join(save_dir, name))
        # --8<-- [end:wrong]
    except ValueError as err:
        rejected.append(name)
        message = str(err).split(" Received:")[0]
print("ValueError:", message)
print("rejected names:", rejected)
assert rejected == ["weights.h5", "ckpt", "weights.keras"], (
    "expected every name without .weights.h5 to be rejected"
)
assert "must end in `.weights.h5`" in message, (
    "expected the naming rule"
)

weights_path = os.path.join(save_dir, "model.weights.h5")
# --8<-- [start:right]
model.save_weights(weights_path)
restored = build_model()  # same code, fresh weights
restored.load_weights(weights_path)
# --8<-- [end:right]
np.testing.assert_allclose(
    restored.predict(features, verbose=0),
    model.predict(features, verbose=0),
    err_msg="expected the reloaded weights to give the same outputs",
)
print("reloaded weights: same outputs")
with h5py.File(weights_path, "r") as weights_file:
    groups = sorted(weights_file.keys())
print("groups in model.weights.h5:", groups)
assert "layers" in groups, "expected the layer variables"
counts = (
    optimizer_arrays(untrained_path),
    optimizer_arrays(weights_path),
)
print("optimizer arrays: compiled", counts[0], "| trained", counts[1])
first_two = [v.path for v in model.optimizer.variables[:2]]
assert first_two == ["adam/iteration", "adam/learning_rate"]
assert counts == (2, 6), (
    "expected step count and learning rate once compiled, plus Adam's"
    " 4 slots once trained"
)

keras_release = tuple(int(p) for p in keras.__version__.split(".")[:2])
has_shards = (
    "max_shard_size"
    in inspect.signature(keras.Model.save_weights).parameters
)
assert has_shards == (keras_release >= (3, 11)), (
    "expected max_shard_size from Keras 3.11 (TF 2.19) on"
)
if has_shards:
    sharded_dir = os.path.join(save_dir, "sharded")
    os.mkdir(sharded_dir)
    model.save_weights(
        os.path.join(sharded_dir, "model.weights.json"),
        max_shard_size=0.001,
    )
    shards = sorted(os.listdir(sharded_dir))
    print("max_shard_size files:", shards)
    assert shards[0] == "model.weights.json" and all(
        name.startswith("model_") and name.endswith(".weights.h5")
        for name in shards[1:]
    ), "expected a .weights.json index and numbered .weights.h5 shards"
    assert "model_00000.weights.h5" in shards
    sharded = build_model()
    sharded.load_weights(
        os.path.join(sharded_dir, "model.weights.json")
    )
    np.testing.assert_allclose(
        sharded.predict(features, verbose=0),
        model.predict(features, verbose=0),
        err_msg="expected the sharded weights to give the same outputs",
    )


try:
    build_model(units=5).load_weights(weights_path)
except ValueError as err:
    mismatch = str(err).splitlines()[0]
print("ValueError:", mismatch.split(" Example")[0])
assert "could not be loaded" in mismatch, (
    "expected a shape mismatch error"
)
