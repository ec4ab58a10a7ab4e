"""`load_weights(by_name=True)` in Keras 3: legacy `.h5`, top-level names only

When you hit it: Keras 2 code loads weights into a changed model, or
one built from sub-models, with `model.load_weights(path,
by_name=True)`.

What is going on: a Keras 3 `.weights.h5` file keys variables by class
and position (`layers/dense`), not by layer name; `by_name=True` raises
`ValueError` for it and for `.keras`. A legacy `.h5` from Keras 2
`save_weights` keys them by layer name: `by_name=True` loads each
top-level layer whose name is in the file, a sub-model as one block by
position, and leaves the others alone.
With `by_name=True`, `skip_mismatch=True` turns a shape mismatch into a
warning instead of `ValueError`. Otherwise load a sub-model's own file
into it, or copy weights layer by layer from the loaded `.keras` model.

Pitfall: `by_name=True` matches top-level names only. A top-level layer
renamed, or moved into or out of a sub-model that only one side has,
keeps its fresh weights; one renamed inside a sub-model gets the
file's. Nothing warns: compare weights after loading.

Checked: here TF 2.21 with Keras 3.15, this machine's CPU; the `.h5`
files come from `tf_keras` (Keras 2). The matrix pairs TF 2.16 with
Keras 3.4, 2.17 with 3.6, 2.18 with 3.9, 2.19 and 2.20 with 3.11, and
the 2.23 nightly with a 3.16 dev build; the boundaries below are Keras
releases. For `.weights.h5` and `.keras`, Keras 3.11 and later raise
"… only supports loading legacy '.h5' or '.hdf5' files", Keras 3.4 to
3.10 `Invalid keyword arguments: {'by_name': True}`. On Keras 3.4 to
3.7 each by-name load here whose shapes fit assigns the same weights
as later releases, then raises `Weight count mismatch for top-level
weights of model`: it compares the file's empty
`top_level_model_weights` group with all the model's weights (Keras
3.7's `keras/src/legacy/saving/legacy_h5_format.py`,
`load_weights_from_hdf5_group_by_name`). There `skip_mismatch=True`
turns that error into the warning "Skipping loading top-level weights
for model…". With `.weights.h5`, `skip_mismatch=True` skips the head
too: after the added `Dense` it sits in another slot. Same
architecture: [the weights card](save-load.md#weights-file-name);
legacy files: [the `.h5` card](save-load.md#legacy-h5-model).

severity: silent
topics: L5, L8
aliases:
  - load_weights by_name=True in Keras 3
  - `by_name` only supports loading legacy '.h5' or '.hdf5' files.
  - Invalid keyword arguments: {'by_name': True}
  - keras.model.load_weights does not consider custom model(layer)
  - Unexpected saving/loading .h5 weights behavior on Keras 3+
  - load pretrained weights into a model with an extra layer
  - load weights into a nested sub-model
  - skip_mismatch=True in load_weights
  - transfer weights between models by layer name
"""

import os
import tempfile
import warnings

import h5py
import keras
import numpy as np
import tf_keras
from packaging.version import Version

os.chdir(tempfile.mkdtemp())
keras.utils.set_random_seed(0)
tf_keras.utils.set_random_seed(0)
keras_version = Version(keras.__version__).release[:2]  # (3, 15)


def classifier(
    lib,
    extra=False,
    nested=True,
    units=2,
    head="head",
    inner="enc_dense",
):
    """Features -> encoder (a sub-model) [-> extra] -> head."""
    features = lib.Input((4,))
    if nested:
        encoder = lib.Sequential(
            [lib.Input((4,)), lib.layers.Dense(8, name=inner)],
            name="encoder",
        )
        hidden = encoder(features)
    else:
        hidden = lib.layers.Dense(8, name="enc_dense")(features)
    if extra:
        hidden = lib.layers.Dense(8, name="extra")(hidden)
    return lib.Model(
        features, lib.layers.Dense(units, name=head)(hidden)
    )


def dense_kernels(model):
    """Kernels of the Dense layers in order, sub-models opened."""
    kernels = []
    for layer in model.layers:
        if hasattr(layer, "layers"):
            kernels += dense_kernels(layer)
        elif layer.weights:
            kernels.append(layer.kernel.numpy())
    return kernels


def loaded(model, source):
    """Does the model hold the source's encoder and head kernels?"""
    mine, theirs = dense_kernels(model), dense_kernels(source)
    return {
        role: mine[i].shape == theirs[i].shape
        and bool(np.allclose(mine[i], theirs[i]))
        for role, i in [("enc_dense", 0), ("head", -1)]
    }


def quiet_load(model, path, **kwargs):
    """load_weights; returns its warnings (NumPy's own left out)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        model.load_weights(path, **kwargs)
    return [
        str(w.message)
        for w in caught
        if "__array__" not in str(w.message)
    ]


def by_name_load(model, path, **kwargs):
    """A by-name load: its error's first sentence (or None), warnings."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            model.load_weights(path, by_name=True, **kwargs)
            error = None
        except ValueError as err:
            error = str(err).split(".")[0]
    return error, [
        str(w.message)
        for w in caught
        if "__array__" not in str(w.message)
    ]


def h5_keys(path):
    with h5py.File(path, "r") as weights_file:
        names = []
        weights_file.visit(names.append)  # every group and array
    return names


trained = classifier(keras)
trained.save_weights("trained.weights.h5")
trained.save("trained.keras")

try:
    # --8<-- [start:wrong]
    weights_file = "trained.weights.h5"  # from Keras 3 save_weights
    changed = classifier(keras, extra=True)  # one more Dense
    changed.load_weights(weights_file, by_name=True)  # ValueError
    # --8<-- [end:wrong]
except ValueError as err:
    message = str(err)
print("ValueError:", message.split(" Received")[0])
if keras_version >= (3, 11):  # TF 2.19 and later in the matrix
    assert message.startswith(
        "`by_name` only supports loading legacy '.h5' or '.hdf5' files."
    ), "expected by_name to be refused for .weights.h5"
else:  # Keras 3.4 to 3.10
    assert message == "Invalid keyword arguments: {'by_name': True}"
try:
    changed.load_weights("trained.keras", by_name=True)
except ValueError as err:
    assert (
        str(err).split(" Received")[0] == message.split(" Received")[0]
    ), "expected the same refusal for .keras"
else:
    raise AssertionError("expected by_name to be refused for .keras")
print("  the same for trained.keras")

slots = [
    name[: -len("/vars/0")]
    for name in h5_keys("trained.weights.h5")
    if name.endswith("/vars/0")
]
print("trained.weights.h5 keeps kernels under:", slots)
assert slots == ["layers/dense", "layers/sequential/layers/dense"], (
    "expected groups named by class and position, not by layer name"
)

try:
    quiet_load(changed, "trained.weights.h5")
except ValueError as err:
    position_error = str(err).split(" Example")[0]
else:
    raise AssertionError("expected the changed model to fail to load")
print("without by_name: ValueError:", position_error)
assert "objects could not be loaded" in position_error
skipped = quiet_load(changed, "trained.weights.h5", skip_mismatch=True)
print("  skip_mismatch=True:", loaded(changed, trained))
print("  warning:", skipped[-1].split(" Example")[0])
assert loaded(changed, trained) == {"enc_dense": True, "head": False}, (
    "expected the head, now in another slot, to be skipped too"
)
assert "objects could not be loaded" in skipped[-1], (
    "expected a warning"
)

old = classifier(tf_keras)  # Keras 2 code wrote these legacy files
old.save_weights("keras2.h5")
old_flat = classifier(tf_keras, nested=False)
old_flat.save_weights("keras2_flat.h5")
top_level = sorted(
    name for name in h5_keys("keras2.h5") if "/" not in name
)
print(
    "keras2.h5 top-level groups:",
    [name for name in top_level if not name.startswith("input")],
)
assert {"encoder", "head"} <= set(top_level), "expected layer names"

by_name_ok = keras_version >= (3, 8)  # no error after a by-name load
assert "top_level_model_weights" in top_level, "expected the group"
assert not any(
    name.startswith("top_level_model_weights/")
    for name in h5_keys("keras2.h5")
), "expected an empty top_level_model_weights group"

try:
    # --8<-- [start:legacy]
    changed = classifier(keras, extra=True)
    extra_before = changed.get_layer("extra").kernel.numpy()
    changed.load_weights("keras2.h5", by_name=True)  # legacy HDF5
    # --8<-- [end:legacy]
    legacy_full = legacy_error = None
except ValueError as err:  # Keras 3.4 to 3.7, after loading
    legacy_full = str(err)
    legacy_error = legacy_full.split(".")[0]
legacy = loaded(changed, old)
legacy["extra untouched"] = bool(
    np.array_equal(
        extra_before, changed.get_layer("extra").kernel.numpy()
    )
)
print("keras2.h5, by_name=True, extra layer added:", legacy)
assert legacy == {
    "enc_dense": True,
    "head": True,
    "extra untouched": True,
}, "expected the sub-model and head by name, extra left as it was"

cases = {  # label: (model, file, source, the layer looked at)
    "enc_dense moved out of encoder": (
        classifier(keras, nested=False),
        "keras2.h5",
        old,
        "enc_dense",
    ),
    "enc_dense moved into encoder": (
        classifier(keras),
        "keras2_flat.h5",
        old_flat,
        "enc_dense",
    ),
    "head renamed scores": (
        classifier(keras, head="scores"),
        "keras2.h5",
        old,
        "head",
    ),
    "enc_dense renamed inside encoder": (
        classifier(keras, inner="inner_dense"),
        "keras2.h5",
        old,
        "enc_dense",
    ),
}
outcomes, errors = {}, {}
for label, (target, path, source, role) in cases.items():
    before = dense_kernels(target)
    errors[label], caught = by_name_load(target, path)
    outcomes[label] = loaded(target, source)
    position = {"enc_dense": 0, "head": -1}[role]
    outcomes[label][f"{role} untouched"] = bool(
        np.array_equal(
            before[position], dense_kernels(target)[position]
        )
    )
    assert caught == [], f"expected no warning when {label}"
    print(f"  {label}:", outcomes[label])
assert outcomes == {
    "enc_dense moved out of encoder": {
        "enc_dense": False,
        "head": True,
        "enc_dense untouched": True,
    },
    "enc_dense moved into encoder": {
        "enc_dense": False,
        "head": True,
        "enc_dense untouched": True,
    },
    "head renamed scores": {
        "enc_dense": True,
        "head": False,
        "head untouched": True,
    },
    "enc_dense renamed inside encoder": {
        "enc_dense": True,
        "head": True,
        "enc_dense untouched": False,
    },
}, "expected top-level names only, a sub-model by position"
if by_name_ok:
    assert legacy_error is None, "expected no error from Keras 3.8"
    assert set(errors.values()) == {None}, "expected no error"
else:  # Keras 3.4 to 3.7: loaded, then the top-level check raises
    print("  then every by_name load: ValueError:", legacy_error)
    assert (
        legacy_error
        == "Weight count mismatch for top-level weights of model"
    ), "expected the top-level check to raise"
    every = len(changed.weights)  # 6: kernel and bias of 3 Dense
    assert f"Model expects {every} top-level weight(s)" in legacy_full
    assert "Received 0 saved top-level weight(s)" in legacy_full
    assert set(errors.values()) == {legacy_error}, "expected the same"
    skipping = classifier(keras, extra=True)
    error, warned = by_name_load(
        skipping, "keras2.h5", skip_mismatch=True
    )
    print("  skip_mismatch=True:", loaded(skipping, old))
    print("  warning:", warned[-1].split(" due")[0])
    assert error is None, "expected skip_mismatch to drop the error"
    assert loaded(skipping, old) == {"enc_dense": True, "head": True}
    assert warned[-1].startswith(
        "Skipping loading top-level weights for model"
    ), "expected the top-level error as a warning"

wider = classifier(keras, units=3)
shape_error, _ = by_name_load(wider, "keras2.h5")
print("head of 3 units: ValueError:", shape_error)
assert shape_error.startswith("Shape mismatch in layer #"), "expected"
error, warned = by_name_load(wider, "keras2.h5", skip_mismatch=True)
print("  skip_mismatch=True:", loaded(wider, old))
assert error is None, "expected skip_mismatch to drop the error"
assert loaded(wider, old) == {"enc_dense": True, "head": False}, (
    "expected only the head to be skipped"
)
per_layer = [w for w in warned if "top-level" not in w]
assert len(per_layer) == 2 and all(
    w.startswith("Skipping loading weights for layer")
    for w in per_layer
), "expected a warning per skipped weight (kernel and bias)"
assert by_name_ok or len(warned) == 3, "expected the top-level warning"

# --8<-- [start:right]
changed = classifier(keras, extra=True)
encoder_file = "encoder.weights.h5"  # saved from the same sub-model
trained.get_layer("encoder").save_weights(encoder_file)
changed.get_layer("encoder").load_weights(encoder_file)
# --8<-- [end:right]
print(
    "encoder's own file into the sub-model:", loaded(changed, trained)
)
assert loaded(changed, trained) == {"enc_dense": True, "head": False}, (
    "expected the sub-model file to load the encoder alone"
)

# --8<-- [start:copy_by_name]
changed = classifier(keras, extra=True)
source = keras.models.load_model("trained.keras")
names = [layer.name for layer in source.layers]
for layer in changed.layers:  # "extra" is not in source: skipped
    if layer.weights and layer.name in names:
        layer.set_weights(source.get_layer(layer.name).get_weights())
# --8<-- [end:copy_by_name]
print(".keras model, weights copied by name:", loaded(changed, trained))
assert loaded(changed, trained) == {"enc_dense": True, "head": True}, (
    "expected the copy to load the encoder and the head"
)
