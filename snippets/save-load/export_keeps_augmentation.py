"""Exported model with `RandomFlip`: served predictions differ from `predict`

When you hit it: the SavedModel from `model.export`, reloaded with
`tf.saved_model.load`, gives other predictions than `model.predict`,
and other ones on each call.

What is going on: `export` traces `model(x)` without `training`, and
`keras.layers.RandomFlip`'s `call` defaults to `training=True`. On TF
2.16 to 2.21, a Sequential or Functional model replays each layer's
non-None default from its graph; the replayed `True` enters the shared
call context, and later layers whose default is `None` inherit it: here
`BatchNormalization` updates its moving statistics on each served call.
Deterministic `Resizing` and `CenterCrop` leak the same way on TF 2.17
to 2.21. Fix: export `model(x, training=False)`, or, for
augmentation-only layers, a model of the trained layers without them.

Pitfall: no error, no warning. Where only the flip differs (a model
built on nightly, or a Sequential with no training-aware layer but
`Dropout`), unflipped rows match `predict`, so a spot check can pass.
Compare a batch of non-symmetric inputs.

Checked: 16 random 8x8 images; three calls of the `serve` endpoint and
the `serving_default` signature of each export; each row compared
bitwise with `predict` (`jit_compile=False`) on the image and on its
mirror. On Keras 3.4 to 3.15.1 the Sequential's graph nodes hold
`training=True` for `RandomFlip` and `training=False` for `Dropout`
(nothing on nightly). A spy on `call` during `export`: on 2.16 to 2.21
`BatchNormalization` gets `True` (`Layer._resolve_and_populate_arg`
stores the value "for downstream layers") and `Dropout` its own
`False`; in a subclassed model whose `call` passes nothing on, the
flip's default itself is stored and `Dropout` gets `True` too. In
models built on nightly (keras-team/keras#23166) both keep their
defaults and each served row is the image's or its mirror's; on 2.16 to
2.21 no row of either model is. `keras.layers.TFSMLayer` with
`training=False` behaves like the export. The `keras.export.ExportArchive` docstring's
`fn=model.call` flips too; `fn=lambda x: model.call(x,
training=False)` is a fix on 2.16 to 2.21 but flips on nightly, whose
`Functional.call` (run by the Sequential) no longer forwards `training`
(keras-team/keras#23364). The fixes are within 1e-5 of `predict` with
`jit_compile=True` on this CPU; not run on a GPU. The `training=False`
export converts to TFLite ([the TFLite card](deploy.md#tflite-from-keras-model)).

severity: silent
topics: L2, E14, P6
aliases:
  - exported model gives different predictions than model.predict
  - SavedModel serve output is random, different on every call
  - RandomFlip still active in the exported model
  - BatchNormalization runs in training mode in the exported SavedModel
  - moving_mean changes when calling the loaded SavedModel
  - TF Serving predictions differ from Keras predict with RandomRotation in the model
  - how to export a Keras model without the data augmentation layers
  - model.export with training=False
  - TFSMLayer training=False still applies RandomFlip
  - exported model with a Resizing layer gives different predictions than predict
"""

import contextlib
import functools
import inspect
import io
import os
import tempfile
import warnings
from itertools import pairwise
from unittest import mock

import keras
import numpy as np
import tensorflow as tf

RELEASE = tuple(int(p) for p in tf.__version__.split(".")[:2])
KERAS = tuple(int(p) for p in keras.__version__.split(".")[:2])
LEAKS = KERAS < (3, 16)  # keras-team/keras#23166 is in 3.16
keras.utils.set_random_seed(0)
keras.config.disable_interactive_logging()  # export's "Saved artifact"
os.chdir(tempfile.mkdtemp())  # the exports go there
rng = np.random.default_rng(0)
images = rng.normal(size=(16, 8, 8, 1)).astype("float32")
labels = rng.integers(0, 3, size=16)

# --8<-- [start:wrong]
model = keras.Sequential(
    [
        keras.Input((8, 8, 1)),
        keras.layers.RandomFlip("horizontal"),  # augmentation
        keras.layers.Conv2D(4, 3),
        keras.layers.BatchNormalization(),
        keras.layers.Flatten(),
        keras.layers.Dropout(0.5),
        keras.layers.Dense(3),
    ]
)
model.compile(
    "adam", keras.losses.SparseCategoricalCrossentropy(from_logits=True)
)
model.fit(images, labels, epochs=1, verbose=0)
model.export("plain")  # traces model(x): training not set
plain = tf.saved_model.load("plain")
served = plain.serve(images)  # != model.predict(images)
# --8<-- [end:wrong]

# --8<-- [start:right]
archive = keras.export.ExportArchive()
archive.track(model)
archive.add_endpoint(
    "serve",
    lambda x: model(x, training=False),  # RandomFlip: identity
    input_signature=[tf.TensorSpec((None, 8, 8, 1), tf.float32)],
)
archive.write_out("inference")
# or a model of the trained layers (shared), without the flip
serving_model = keras.Sequential(
    [keras.Input((8, 8, 1)), *model.layers[1:]]
)
serving_model.export("no_augmentation")
# --8<-- [end:right]

SPEC = [tf.TensorSpec((None, 8, 8, 1), tf.float32)]


def references(net):
    """predict (no XLA, wherever this runs) on the images and on their
    mirrors, rows all distinct."""
    net.compile(jit_compile=False)  # "auto" may pick XLA (a GPU)
    same = net.predict(images, verbose=0)
    flip = net.predict(images[:, :, ::-1], verbose=0)
    assert not (same == flip).all(axis=1).any(), "a row flip-invariant"
    return same, flip


def kinds(outputs, refs):
    """(rows == predict, rows == predict on the mirror, neither),
    each row compared bitwise."""
    outputs = np.asarray(outputs)
    same = (outputs == refs[0]).all(axis=1)
    flip = (outputs == refs[1]).all(axis=1)
    return int(same.sum()), int(flip.sum()), int((~same & ~flip).sum())


def sig(loaded, name):
    result = loaded.signatures[name](tf.constant(images))
    return next(iter(result.values()))


def three_calls(call, refs):
    return [kinds(call(), refs) for _ in range(3)]


def flips_only(calls):
    """Each row is predict's on the image or on its mirror, some of
    each, and the calls differ."""
    return (
        all(n == 0 and 0 < f < 16 for _, f, n in calls)
        and len(set(calls)) > 1
    )


def check_served(what, call, refs, leaks):
    """Three calls. Where training=True leaks past the flip, no row
    matches either and the calls differ; else flips only."""
    outputs = [np.asarray(call()) for _ in range(3)]
    calls = [kinds(out, refs) for out in outputs]
    if leaks:
        assert calls == [(0, 0, 16)] * 3, f"{what}: a row matched"
        assert len({out.tobytes() for out in outputs}) > 1, what
    else:
        assert flips_only(calls), f"{what}: expected flips only"
    return calls


def fixed_paths(loaded, prefix):
    return {
        f"{prefix} serve": lambda: loaded.serve(images),
        f"{prefix} serving_default": lambda: sig(
            loaded, "serving_default"
        ),
    }


expected, mirrored = refs = references(model)

# the training value each graph node records and replays on each call
recorded = {
    type(op).__name__: op._inbound_nodes[0].arguments.kwargs["training"]
    for op in model._functional.operations
    if "training" in op._inbound_nodes[0].arguments.kwargs
}
print("graph nodes recording training:", recorded)
# BatchNormalization (default None) records nothing
assert recorded == (
    {"RandomFlip": True, "Dropout": False} if LEAKS else {}
), recorded
assert kinds(served, refs) != (16, 0, 0), "expected served != predict"
if LEAKS:
    assert kinds(served, refs) == (0, 0, 16), "BatchNorm in training?"
else:
    _, flipped, neither = kinds(served, refs)
    assert neither == 0 and 0 < flipped < 16, "some rows flipped"

# the export's paths, three calls each
reloaded_layer = keras.layers.TFSMLayer("plain", call_endpoint="serve")
call_archive = keras.export.ExportArchive()
call_archive.track(model)
call_archive.add_endpoint("serve", model.call, input_signature=SPEC)
call_archive.add_endpoint(
    "call_inference",
    lambda x: model.call(x, training=False),
    input_signature=SPEC,
)
call_archive.write_out("model_call")
via_call = tf.saved_model.load("model_call")
doc = keras.export.ExportArchive.__doc__
assert "fn=model.call," in doc, "expected the first example"
assert "fn=lambda x: model.call(x, training=False)" in doc

export_paths = {
    "plain serve": lambda: plain.serve(images),
    "plain serving_default": lambda: sig(plain, "serving_default"),
    "TFSMLayer(x, training=False)": lambda: reloaded_layer(
        images, training=False
    ),
}
call_paths = {
    "fn=model.call serve": lambda: via_call.serve(images),
    "fn=model.call serving_default": lambda: sig(
        via_call, "serving_default"
    ),
}
print("rows == predict, == its mirror, neither; three calls:")
for what, call in {**export_paths, **call_paths}.items():
    leaks = LEAKS and what in export_paths
    print(f"  {what:<29}", check_served(what, call, refs, leaks))

# BatchNormalization's moving statistics in the served SavedModel
moving = [v for v in plain.variables if "moving_mean" in v.name]
assert len(moving) == 1, [v.name for v in plain.variables]
values = [moving[0].numpy()]
for _ in range(3):
    plain.serve(images)
    values.append(moving[0].numpy())
changed = [not np.array_equal(a, b) for a, b in pairwise(values)]
print("moving_mean changed by each serve call:", changed)
assert changed == [LEAKS] * 3, changed

# what each layer receives while export traces the model
received = set()


def spy(cls):
    original = cls.call
    signature = inspect.signature(original)

    @functools.wraps(original)
    def call(self, *args, **kwargs):
        bound = signature.bind(self, *args, **kwargs)
        bound.apply_defaults()
        received.add((type(self).__name__, bound.arguments["training"]))
        return original(self, *args, **kwargs)

    return mock.patch.object(cls, "call", call)


@contextlib.contextmanager
def spying():
    received.clear()
    with contextlib.ExitStack() as stack:
        for cls in (
            keras.layers.RandomFlip,
            keras.layers.BatchNormalization,
            keras.layers.Dropout,
        ):
            stack.enter_context(spy(cls))
        yield received


class Subclassed(keras.Model):
    def __init__(self):
        super().__init__()
        self.flip = keras.layers.RandomFlip("horizontal")
        self.conv = keras.layers.Conv2D(4, 3)
        self.flatten = keras.layers.Flatten()
        self.dropout = keras.layers.Dropout(0.5)
        self.dense = keras.layers.Dense(3)

    def call(self, x, training=None):  # passes no training on
        x = self.conv(self.flip(x))
        return self.dense(self.dropout(self.flatten(x)))


subclassed = Subclassed()
subclassed(images[:1])
traced = {}
with spying() as seen:
    subclassed.export("subclassed")
traced["subclassed"] = dict(sorted(seen))
assert len(seen) == len(traced["subclassed"]), seen  # one value each
sub_refs = references(subclassed)
sub_plain = tf.saved_model.load("subclassed")
sub_calls = check_served(
    "subclassed", lambda: sub_plain.serve(images), sub_refs, LEAKS
)
sub_calls += check_served(
    "subclassed serving_default",
    lambda: sig(sub_plain, "serving_default"),
    sub_refs,
    LEAKS,
)
print("subclassed model, served:", sub_calls[:3])
print("training each layer receives during export:")
print("  subclassed:", traced["subclassed"])
assert traced["subclassed"] == {"Dropout": LEAKS, "RandomFlip": True}

# no warning: the plain export again (spied), warnings and stderr kept
stderr_path = os.path.join(os.getcwd(), "stderr.log")
saved_fd = os.dup(2)
with (
    open(stderr_path, "w") as log,
    warnings.catch_warnings(record=True) as caught,
):
    warnings.simplefilter("always")
    os.dup2(log.fileno(), 2)
    try:
        with spying() as seen:
            model.export("plain_again")
        traced["Sequential"] = dict(sorted(seen))
        assert len(seen) == len(traced["Sequential"]), seen
        again = tf.saved_model.load("plain_again")
        check_served("again", lambda: again.serve(images), refs, LEAKS)
        check_served(
            "again serving_default",
            lambda: sig(again, "serving_default"),
            refs,
            LEAKS,
        )
    finally:
        os.dup2(saved_fd, 2)
        os.close(saved_fd)
with open(stderr_path) as log:
    logged = log.read()
print("  Sequential:", traced["Sequential"])
assert traced["Sequential"] == {
    "BatchNormalization": True if LEAKS else None,
    "Dropout": False,
    "RandomFlip": True,
}
assert not caught, [str(w.message) for w in caught]
assert logged == "", logged  # not a line, at any log level
print("export, load, serve: no Python warning, nothing on stderr")
bn_default = inspect.signature(keras.layers.BatchNormalization.call)
dropout_default = inspect.signature(keras.layers.Dropout.call)
assert bn_default.parameters["training"].default is None
assert dropout_default.parameters["training"].default is False
if keras.__version__ == "3.15.1":  # the pinned release's source
    from keras.src.layers.layer import Layer

    resolve = inspect.getsource(Layer._resolve_and_populate_arg)
    assert inspect.getsourcefile(Layer).endswith(
        "keras/src/layers/layer.py"
    )
    assert "# stash it for downstream layers" in resolve, resolve
    assert "call_context.set_value(arg_name, value)" in resolve

# a Sequential whose only other training-aware layer is Dropout
flip_only = keras.Sequential(
    [
        keras.Input((8, 8, 1)),
        keras.layers.RandomFlip("horizontal"),
        keras.layers.Conv2D(4, 3, activation="relu"),
        keras.layers.Flatten(),
        keras.layers.Dropout(0.5),
        keras.layers.Dense(3),
    ]
)
flip_refs = references(flip_only)
flip_only.export("flip_only")
flip_plain = tf.saved_model.load("flip_only")
flip_calls = check_served(
    "flip_only", lambda: flip_plain.serve(images), flip_refs, False
)
check_served(
    "flip_only serving_default",
    lambda: sig(flip_plain, "serving_default"),
    flip_refs,
    False,
)
print("Sequential, Dropout only after the flip:", flip_calls)
flip_archive = keras.export.ExportArchive()
flip_archive.track(flip_only)
flip_archive.add_endpoint(
    "serve",
    lambda x: flip_only(x, training=False),
    input_signature=SPEC,
)
flip_archive.write_out("flip_only_inference")
keras.Sequential(
    [keras.Input((8, 8, 1)), *flip_only.layers[1:]]
).export("flip_only_no_augmentation")

# the fixes, on both models; predict and model(x, training=False) too
fixed = {
    **fixed_paths(tf.saved_model.load("inference"), "inference"),
    **fixed_paths(
        tf.saved_model.load("no_augmentation"), "no_augmentation"
    ),
}
never = {
    "model.predict": lambda: model.predict(images, verbose=0),
    "model(x, training=False)": lambda: model(images, training=False),
}
for what, call in {**fixed, **never}.items():
    assert three_calls(call, refs) == [(16, 0, 0)] * 3, what
flip_fixed = {
    **fixed_paths(
        tf.saved_model.load("flip_only_inference"), "inference"
    ),
    **fixed_paths(
        tf.saved_model.load("flip_only_no_augmentation"),
        "no_augmentation",
    ),
}
for what, call in flip_fixed.items():
    assert three_calls(call, flip_refs) == [(16, 0, 0)] * 3, what
print("never flip:", ", ".join(never))
print("match predict bitwise:", ", ".join(fixed))
print("  and on the Dropout-only model:", ", ".join(flip_fixed))

# the docstring's second example: the fix up to 3.15, flips on nightly
call_inference = three_calls(
    lambda: via_call.call_inference(images), refs
)
print("fn=lambda x: model.call(x, training=False):", call_inference)
if LEAKS:
    assert call_inference == [(16, 0, 0)] * 3, call_inference
else:
    assert flips_only(call_inference), call_inference
from keras.src.models import functional, sequential

graph_call = inspect.getsource(functional.Functional.call)
assert ("training=training" in graph_call) is LEAKS, graph_call
assert "self._functional.call(" in inspect.getsource(
    sequential.Sequential.call
)
assert all(
    mine is trained
    for mine, trained in zip(
        serving_model.layers, model.layers[1:], strict=True
    )
), "expected the serving model to share the trained layers"

# XLA (jit_compile=True) on this CPU: within 1e-5
served_fixed = np.asarray(fixed["inference serve"]())
model.compile(
    "adam",
    keras.losses.SparseCategoricalCrossentropy(from_logits=True),
    jit_compile=True,
)
xla = model.predict(images, verbose=0)
assert np.allclose(xla, served_fixed, rtol=0, atol=1e-5), "XLA"
print("predict compiled with XLA: within 1e-5 of the fixed export")

# how: Keras registers model.__call__, no training argument
if hasattr(keras.export.ExportArchive, "track_and_add_endpoint"):
    from keras.src.export import saved_model

    exporter = inspect.getsource(saved_model.export_saved_model)
    assert "track_and_add_endpoint(" in exporter, exporter
    registers = type(archive).track_and_add_endpoint
    assert "name, resource.__call__, input_signature" in (
        inspect.getsource(registers)
    )
    if keras.__version__ == "3.15.1":  # the pinned release's files
        assert registers.__qualname__ == (
            "SavedModelExportArchive.track_and_add_endpoint"
        ), registers.__qualname__
        assert inspect.getsourcefile(registers).endswith(
            "keras/src/export/saved_model_export_archive.py"
        )
        assert inspect.getsourcefile(
            saved_model.export_saved_model
        ).endswith("keras/src/export/saved_model.py")
else:  # Keras 3.4 and 3.6 (TF 2.16, 2.17)
    from keras.src.export import export_lib

    exporter = inspect.getsource(export_lib.export_model)
    assert 'add_endpoint("serve", model.__call__, input_signature)' in (
        exporter
    )

# every Random layer's call defaults to training=True
defaults = {
    name: inspect.signature(getattr(keras.layers, name).call)
    .parameters["training"]
    .default
    for name in dir(keras.layers)
    if name.startswith("Random")
}
assert "RandomFlip" in defaults and set(defaults.values()) == {True}, (
    "expected every Random layer's call to default to training=True"
)
flip = model.layers[0]
flip_doc = " ".join(type(flip).__doc__.split())
assert (
    "During inference time, the output will be identical to input."
    in flip_doc
)
for _ in range(10):  # the layer alone, in inference mode
    assert np.array_equal(flip(images, training=False), images)
inputs = plain.signatures["serve"].structured_input_signature
assert inputs[0] == () and len(inputs[1]) == 1, inputs

# TFLite: the fixed export converts (the plain one: the TFLite card)
with contextlib.redirect_stdout(io.StringIO()):
    converter = tf.lite.TFLiteConverter.from_saved_model("inference")
    assert len(converter.convert()) > 0
print("TFLiteConverter.from_saved_model('inference'): converts")

# deterministic Resizing and CenterCrop leak the same way (2.17-2.21)
for first in (
    keras.layers.Resizing(8, 8),
    keras.layers.CenterCrop(8, 8),
):
    name = type(first).__name__
    params = inspect.signature(type(first).call).parameters
    if RELEASE >= (2, 17) and LEAKS:  # a True default, as RandomFlip's
        assert params["training"].default is True, (name, params)
    net = keras.Sequential(
        [
            keras.Input((10, 10, 1)),
            first,
            keras.layers.Conv2D(4, 3),
            keras.layers.BatchNormalization(),
            keras.layers.Flatten(),
            keras.layers.Dense(3),
        ]
    )
    net.export(name)
    loaded = tf.saved_model.load(name)
    mean = next(v for v in loaded.variables if "moving_mean" in v.name)
    before = mean.numpy()
    loaded.serve(np.pad(images, [(0, 0), (1, 1), (1, 1), (0, 0)]))
    moved = not np.array_equal(before, mean.numpy())
    print(
        f"{name} then BatchNormalization, moving_mean changed:", moved
    )
    assert moved == (RELEASE >= (2, 17) and LEAKS), name
