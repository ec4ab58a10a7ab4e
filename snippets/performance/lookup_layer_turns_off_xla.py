"""One lookup layer turns XLA off for the whole Keras model

When you hit it: your Keras 3 model holds a `StringLookup`,
`IntegerLookup`, `TextVectorization` or `Hashing` layer, you compile it
with `jit_compile=True`, and Keras warns ``Model doesn't support
`jit_compile=True`. Proceeding with `jit_compile=False`.``

What is going on: `compile` keeps `jit_compile=True` only when every
layer the model tracks has `supports_jit` set, and these four do not.
One of them sets `model.jit_compile` false for the whole model, and the
steps of `fit`, `evaluate` and `predict` run without XLA. Move the
lookup into the `tf.data` pipeline: the model keeps XLA, unless
something else turns it off, such as `run_eagerly=True`, op determinism
(Keras 3.7 and later) or another layer without `supports_jit` (see
[the run_eagerly and jit_compile card](model.md#run-eagerly-and-jit-compile)).

Pitfall: a subclassed model that creates a `StringLookup` in `build`,
compiled before its first call, keeps XLA on, and `fit` fails with
`Detected unsupported operations`. With `jit_compile="auto"` nothing is said.

Checked: a model around each of the four layers ends with `jit_compile`
false, and the `StringLookup` one runs `fit`, `evaluate` and `predict`
on strings. The `StringLookup` behind `dataset.map(lookup)` keeps
`jit_compile=True` and trains one epoch, and its train step is compiled
by XLA: the same layers with a `tf.numpy_function` layer added fail
`fit` with `Detected unsupported operations`; with op determinism turned on
(last in the run) it too ends false from Keras 3.7, and keeps XLA
before. For "auto" the run makes
`tf.config.list_physical_devices` report a fake GPU (this machine has
none): the lookup model resolves to false, the other to true, with no
warning at all; that shows what Keras picks, not XLA running. The steps
take the setting in `_make_function` and `make_predict_function`
(keras/src/backend/tensorflow/trainer.py).

severity: perf
topics: F4
aliases:
  - Model doesn't support `jit_compile=True`. Proceeding with `jit_compile=False`.
  - jit_compile=True is ignored when the model has a StringLookup layer
  - TextVectorization inside the model disables XLA
  - why is my Keras model not compiled with XLA
  - model.jit_compile is False after compile(jit_compile=True)
  - Hashing or IntegerLookup layer and jit_compile
"""

import warnings
from unittest import mock

import keras
import numpy as np
import tensorflow as tf

words = ["red", "green", "blue"]
colors = np.array(["red", "blue", "green", "red"])
targets = np.array([[1.0], [0.0], [1.0], [1.0]], "float32")
WARNING = (
    "Model doesn't support `jit_compile=True`. "
    "Proceeding with `jit_compile=False`."
)


def head(x):
    x = keras.layers.Embedding(8, 4)(x)
    x = keras.layers.Flatten()(x)
    return keras.layers.Dense(1)(x)


# --8<-- [start:wrong]
text = keras.Input(shape=(1,), dtype="string")
ids = keras.layers.StringLookup(vocabulary=words)(text)
inside = keras.Model(text, head(ids))
inside.compile(loss="mse", jit_compile=True)  # warns: XLA off
# --8<-- [end:wrong]

# --8<-- [start:right]
lookup = keras.layers.StringLookup(vocabulary=words)
data = (
    tf.data.Dataset.from_tensor_slices((colors[:, None], targets))
    .batch(2)
    .map(lambda c, y: (lookup(c), y))  # the lookup runs here
)
given = keras.Input(shape=(1,), dtype="int64")
outside = keras.Model(given, head(given))
outside.compile(loss="mse", jit_compile=True)  # XLA stays on
history = outside.fit(data, epochs=1, verbose=0)
# --8<-- [end:right]


def model_with(layer, dtype):
    """A model whose first layer is ``layer`` (a string lookup follows
    where it leaves strings)."""
    inputs = keras.Input(shape=(1,), dtype=dtype)
    values = layer(inputs)
    if values.dtype == "string":
        values = keras.layers.StringLookup(vocabulary=words)(values)
    return keras.Model(inputs, head(keras.ops.cast(values, "int64")))


def compiled(layer, dtype, **compile_args):
    """(model.jit_compile, every warning compile gave)."""
    model = model_with(layer, dtype)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        model.compile(loss="mse", **compile_args)
    return model.jit_compile, [str(w.message) for w in caught]


layers = {
    "StringLookup": (
        keras.layers.StringLookup(vocabulary=words),
        "string",
    ),
    "IntegerLookup": (
        keras.layers.IntegerLookup(vocabulary=[1, 2]),
        "int64",
    ),
    "TextVectorization": (
        keras.layers.TextVectorization(
            vocabulary=words, output_sequence_length=1
        ),
        "string",
    ),
    "Hashing": (keras.layers.Hashing(num_bins=8), "string"),
}
explicit = {}
for name, (layer, dtype) in layers.items():
    assert not layer.supports_jit, f"expected {name} without XLA"
    explicit[name] = compiled(layer, dtype, jit_compile=True)
    print(f"{name}: jit_compile=True -> {explicit[name][0]}")
strings = tf.data.Dataset.from_tensor_slices((colors[:, None], targets))
inside.fit(strings.batch(2), epochs=1, verbose=0)
inside_loss = inside.evaluate(strings.batch(2), verbose=0)
inside_out = inside.predict(
    strings.batch(2).map(lambda c, y: c), verbose=0
)
print(
    f"lookup inside: fit, evaluate and predict {inside_out.shape} ran "
    "on strings, without XLA"
)
print("warning:", explicit["StringLookup"][1][0])
print("lookup in tf.data: jit_compile =", outside.jit_compile)


class LateLookup(keras.Model):
    """Creates its lookup in build, after compile checked the layers."""

    def build(self, input_shape):
        self.lookup = keras.layers.StringLookup(vocabulary=words)
        self.embed = keras.layers.Embedding(8, 4)
        self.dense = keras.layers.Dense(1)

    def call(self, x):
        ids = self.lookup(x)
        return self.dense(keras.ops.reshape(self.embed(ids), (-1, 4)))


late = LateLookup()
late.compile(loss="mse", jit_compile=True)
late_jit = late.jit_compile


class NotForXLA(keras.layers.Layer):
    """A Python call: XLA cannot compile it (supports_jit is left on)."""

    def call(self, x):
        y = tf.numpy_function(lambda a: a, [x], tf.float32)
        return tf.ensure_shape(y, x.shape)


probe_in = keras.Input(shape=(1,), dtype="int64")
features_in = keras.layers.Flatten()(
    keras.layers.Embedding(8, 4)(probe_in)
)
probe = keras.Model(
    probe_in, keras.layers.Dense(1)(NotForXLA()(features_in))
)
probe.compile(loss="mse", jit_compile=True)
try:
    probe.fit(data, epochs=1, verbose=0)
    probe_error = ""
except tf.errors.InvalidArgumentError as err:
    probe_error = str(err)
print(
    "lookup in tf.data + a Python call: fit raised 'Detected unsupported "
    "operations':",
    "Detected unsupported operations" in probe_error,
)

try:
    late.fit(strings.batch(2), epochs=1, verbose=0)
    late_error = ""
except tf.errors.InvalidArgumentError as err:
    late_error = str(err)
print(
    f"lookup made in build: jit_compile = {late_jit}; fit raised "
    "'Detected unsupported operations':",
    "Detected unsupported operations" in late_error,
)

real_devices = tf.config.list_physical_devices
fake_gpu = tf.config.PhysicalDevice("/physical_device:GPU:0", "GPU")


def with_fake_gpu(device_type=None):
    devices = real_devices(device_type)
    wanted = device_type in (None, "GPU")
    return devices + [fake_gpu] if wanted else devices


with mock.patch.object(
    tf.config, "list_physical_devices", with_fake_gpu
):
    auto_inside = compiled(keras.layers.Identity(), "string")
    auto_outside = compiled(keras.layers.Identity(), "int64")
print(
    f"'auto' with a (fake) GPU: lookup inside {auto_inside[0]}, "
    f"outside {auto_outside[0]}; warnings {auto_inside[1]}"
)

# Last: op determinism cannot be switched off again in this process.
tf.config.experimental.enable_op_determinism()
deterministic = compiled(
    keras.layers.Identity(), "int64", jit_compile=True
)
print(
    "lookup in tf.data, op determinism on: jit_compile =",
    deterministic[0],
)

assert inside.jit_compile is False
assert np.isfinite(inside_loss) and inside_out.shape == (4, 1)
for name, (jit, said) in explicit.items():
    said = [m for m in said if "jit_compile" in m]
    assert jit is False and said == [WARNING], (name, jit, said)
version = tuple(int(p) for p in keras.__version__.split(".")[:2])
if version >= (3, 7):
    assert deterministic == (False, [WARNING]), deterministic
else:
    assert deterministic == (True, []), deterministic
assert outside.jit_compile is True, "expected XLA kept without lookup"
loss = history.history["loss"]
assert len(loss) == 1 and np.isfinite(loss[0]), "expected one epoch"
assert "Detected unsupported operations" in probe_error, (
    "expected the kept jit_compile=True to compile the train step"
)
assert late_jit is True, "expected compile to miss a lookup made later"
assert "Detected unsupported operations" in late_error, late_error[:300]
assert auto_inside == (False, []), auto_inside
assert auto_outside == (True, []), auto_outside
