"""Keras 2 layer arguments Keras 3 rejects: `batch_input_shape`, `groups`

When you hit it: Keras 2 model code stops at a layer with
`Unrecognized keyword arguments passed to LSTM: {'batch_input_shape':
(2, 5, 3)}`, or `load_model` of a Keras 2 (`tf_keras`) `.h5` file stops
at `Unrecognized keyword arguments passed to DepthwiseConv2D: {'groups':
1}`.

What is going on: Keras 3's `Dense`, `Conv1D` and `LSTM` reject Keras
2's `batch_input_shape=`, `batch_size=` and `weights=` (and `LSTM` its
`input_length=`) with a `ValueError`; `tf_keras` takes each. Declare
the input first: `keras.Input(shape=(4,))`, or
`keras.Input(batch_shape=(2, 5, 3))` for a stateful RNN.
`input_shape=` and `input_dim=` still pass, with a warning.
`Embedding` ignores `input_length=` (Keras 3.0 and 3.1 rejected it):
the Sequential stays unbuilt ([no input yet](#sequential-without-input)). `tf_keras` saves
`"groups": 1` in its depthwise, separable and transposed convolution
configs; Keras 3's have no `groups`.

Pitfall: a `DepthwiseConv2D` (MobileNet uses it) in a `.h5` that
`tf_keras` wrote does not load. Pass a subclass that drops `groups` in
`custom_objects`, or rebuild the model in Keras 3 and `load_weights`
the file.

Checked: the run writes the `.h5` with `tf_keras` and loads it with
Keras 3 both ways; each gives the Keras 2 model's outputs. With
`groups` deleted from its config, the same file loads. `.h5` files with
`Conv1DTranspose`, `Conv2DTranspose`, `Conv3DTranspose`,
`DepthwiseConv1D`, `SeparableConv1D` or `SeparableConv2D` stop at
`groups` too; the separable ones also at `kernel_initializer`,
`kernel_regularizer` and `kernel_constraint`. Other arguments Keras 3
rejects (`lr=`, `time_major=`, `fused=`) and the `input_length`
warning: [Arguments Keras 3
rejects](debugging.md#keras3-removed-keyword-arguments). Loading other
`.h5` files: [legacy `.h5`](save-load.md#legacy-h5-model).
`Embedding.__init__` here drops `input_length` from its keywords before
`Layer.__init__`, which rejects it; Keras 3.0 and 3.1 did not drop it
(compare `Embedding.__init__` in `keras/src/layers/core/embedding.py`
of the 3.0.0, 3.1.1 and 3.2.0 wheels on PyPI;
[keras#19282](https://github.com/keras-team/keras/issues/19282)), so
they raised as the run's stand-in does. TensorFlow 2.16 sets only a
floor, `keras>=3.0.0` ([pairs](setup.md#tensorflow-keras-pairs)), so a
Keras 3.0 or 3.1 can stay installed.

severity: crash
topics: M16, L8
aliases:
  - "ValueError: Unrecognized keyword arguments passed to Dense: {'batch_input_shape': (None, 4)}"
  - "TypeError: Error when deserializing class 'DepthwiseConv2D' using config"
  - "Input() got an unexpected keyword argument 'batch_input_shape'"
  - Unrecognized keyword arguments passed to LSTM: {'input_length': 5}
  - "ValueError: Unrecognized keyword arguments passed to Embedding: {'input_length': 500}"
  - stateful LSTM batch_input_shape in Keras 3
  - load MobileNet .h5 saved with TensorFlow 2.x (Keras 2) in Keras 3
  - Do not pass an `input_shape`/`input_dim` argument to a layer
"""

import ast
import inspect
import json
import os
import tempfile
import warnings

import h5py
import keras
import numpy as np
import tf_keras

keras.utils.set_random_seed(0)
tf_keras.utils.set_random_seed(0)
os.chdir(tempfile.mkdtemp())
sequences = np.random.default_rng(0).normal(size=(2, 5, 3)).astype("f4")

try:
    # --8<-- [start:wrong]
    model = keras.Sequential(
        [
            keras.layers.LSTM(
                4, stateful=True, batch_input_shape=(2, 5, 3)
            ),
            keras.layers.Dense(1),
        ]
    )
    # --8<-- [end:wrong]
except ValueError as err:
    build_message = str(err)
print("ValueError:", build_message)
assert build_message == (
    "Unrecognized keyword arguments passed to LSTM: "
    "{'batch_input_shape': (2, 5, 3)}"
), "expected LSTM to reject batch_input_shape"

# --8<-- [start:right]
model = keras.Sequential(
    [
        keras.Input(batch_shape=(2, 5, 3)),  # fixed batch: stateful
        keras.layers.LSTM(4, stateful=True),
        keras.layers.Dense(1),
    ]
)
# --8<-- [end:right]
print(
    "stateful LSTM from keras.Input:",
    model.predict(sequences, verbose=0).shape,
)
assert model.inputs[0].shape == (2, 5, 3), "expected the fixed batch"
try:
    keras.Sequential(
        [keras.Input(shape=(5, 3)), keras.layers.LSTM(4, stateful=True)]
    )
except ValueError as err:
    dynamic_message = str(err)
print("ValueError:", dynamic_message.split(". ")[0])
assert "the batch size must be static" in dynamic_message, (
    "expected a stateful RNN to need a fixed batch"
)

layers = {
    "Dense": lambda **kw: keras.layers.Dense(2, **kw),
    "Conv1D": lambda **kw: keras.layers.Conv1D(2, 3, **kw),
    "LSTM": lambda **kw: keras.layers.LSTM(2, **kw),
}
legacy_layers = {
    "Dense": lambda **kw: tf_keras.layers.Dense(2, **kw),
    "Conv1D": lambda **kw: tf_keras.layers.Conv1D(2, 3, **kw),
    "LSTM": lambda **kw: tf_keras.layers.LSTM(2, **kw),
}
rejected = {
    "batch_input_shape": (None, 5, 3),
    "batch_size": 2,
    "weights": [np.ones((3, 2))],
}
for name, make in layers.items():
    arguments = dict(rejected)
    if name == "LSTM":  # Keras 2's Dense and Conv1D had no input_length
        arguments["input_length"] = 5
    for argument, value in arguments.items():
        legacy_layers[name](**{argument: value})  # Keras 2 takes it
        try:
            make(**{argument: value})
        except ValueError as err:
            assert str(err).startswith(
                f"Unrecognized keyword arguments passed to {name}: "
                f"{{'{argument}'"
            ), str(err)
        else:
            raise AssertionError(
                f"expected {name} to reject {argument}"
            )
    for argument, value in (("input_shape", (5, 3)), ("input_dim", 3)):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            make(**{argument: value})
        assert any(
            "Do not pass an `input_shape`/`input_dim` argument to a layer"
            in str(w.message)
            for w in caught
        ), f"expected {name}({argument}=) to pass with a warning"
print(
    "rejected by",
    ", ".join(layers) + ":",
    ", ".join(rejected),
    "(LSTM: input_length) | warned: input_shape, input_dim",
)
try:
    keras.Input(batch_input_shape=(None, 4))
except TypeError as err:
    print("TypeError:", err)
    assert "unexpected keyword argument 'batch_input_shape'" in str(err)

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # the input_length warning
    embedded = keras.Sequential(
        [
            keras.layers.Embedding(10, 4, input_length=5),
            keras.layers.Flatten(),
            keras.layers.Dense(1),
        ]
    )
legacy_embedded = tf_keras.Sequential(
    [
        tf_keras.layers.Embedding(10, 4, input_length=5),
        tf_keras.layers.Flatten(),
        tf_keras.layers.Dense(1),
    ]
)
print(
    "Embedding(input_length=5) built:",
    embedded.built,
    "| tf_keras:",
    legacy_embedded.built,
    legacy_embedded.input_shape,
)
assert not embedded.built and not embedded.weights, (
    "expected Keras 3 to ignore input_length"
)
assert legacy_embedded.input_shape == (None, 5), "Keras 2 used it"
drops = inspect.getsource(keras.layers.Embedding.__init__)
assert 'kwargs.pop("input_length"' in drops, (
    "expected Embedding to drop it"
)


class Embedding(keras.layers.Layer):  # Keras 3.0/3.1: no pop
    def __init__(self, input_dim, output_dim, **kwargs):
        super().__init__(**kwargs)


try:
    Embedding(1000, 64, input_length=500)
except ValueError as err:
    print("Keras 3.0/3.1 stand-in: ValueError:", err)
    assert str(err) == (
        "Unrecognized keyword arguments passed to Embedding: "
        "{'input_length': 500}"
    ), str(err)
else:
    raise AssertionError("expected Layer.__init__ to reject it")

# A Keras 2 model with a DepthwiseConv2D, saved to .h5 by tf_keras.
images = np.random.default_rng(1).normal(size=(2, 8, 8, 3)).astype("f4")
old_model = tf_keras.Sequential(
    [
        tf_keras.Input((8, 8, 3)),
        tf_keras.layers.DepthwiseConv2D(3, name="depthwise"),
        tf_keras.layers.GlobalAveragePooling2D(),
        tf_keras.layers.Dense(2),
    ]
)
expected = old_model.predict(images, verbose=0)
old_model.save("mobile.h5")
with h5py.File("mobile.h5") as saved:
    saved_config = json.loads(saved.attrs["model_config"])
depthwise_config = saved_config["config"]["layers"][1]["config"]
print(
    "tf_keras saved DepthwiseConv2D groups:", depthwise_config["groups"]
)
assert depthwise_config["groups"] == 1, "expected groups in the config"
assert (
    "groups"
    not in inspect.signature(keras.layers.DepthwiseConv2D).parameters
), "expected Keras 3's DepthwiseConv2D to lack groups"
mobilenet_source = inspect.getsource(
    inspect.getmodule(tf_keras.applications.MobileNet)
)
assert "layers.DepthwiseConv2D(" in mobilenet_source, (
    "expected MobileNet to use DepthwiseConv2D"
)

try:
    keras.models.load_model("mobile.h5", compile=False)
except TypeError as err:
    load_message = str(err)
print("TypeError:", load_message.splitlines()[0].split(" using")[0])
print(" ", load_message.splitlines()[-1])
assert load_message.endswith(
    "Unrecognized keyword arguments passed to DepthwiseConv2D: "
    "{'groups': 1}"
), "expected load_model to stop at groups"


# --8<-- [start:old_h5]
class DepthwiseConv2D(keras.layers.DepthwiseConv2D):
    def __init__(self, *args, groups=1, **kwargs):  # Keras 2 saved it
        super().__init__(*args, **kwargs)


restored = keras.models.load_model(
    "mobile.h5",
    custom_objects={"DepthwiseConv2D": DepthwiseConv2D},
    compile=False,
)
# --8<-- [end:old_h5]
rebuilt = keras.Sequential(
    [
        keras.Input((8, 8, 3)),
        keras.layers.DepthwiseConv2D(3),
        keras.layers.GlobalAveragePooling2D(),
        keras.layers.Dense(2),
    ]
)
rebuilt.load_weights("mobile.h5")
for name, loaded in (
    ("custom_objects", restored),
    ("load_weights", rebuilt),
):
    np.testing.assert_allclose(
        loaded.predict(images, verbose=0),
        expected,
        rtol=1e-5,
        atol=1e-6,
        err_msg=f"expected {name} to give the Keras 2 outputs",
    )
print("custom_objects and load_weights: the Keras 2 outputs")

# The same file without the groups key loads as it is.
with h5py.File("mobile.h5", "r+") as saved:
    config = json.loads(saved.attrs["model_config"])
    del config["config"]["layers"][1]["config"]["groups"]
    saved.attrs["model_config"] = json.dumps(config)
stripped = keras.models.load_model("mobile.h5", compile=False)
np.testing.assert_allclose(
    stripped.predict(images, verbose=0), expected, rtol=1e-5, atol=1e-6
)
print("without groups in its config: loads, the Keras 2 outputs")

# Other tf_keras layers whose .h5 config Keras 3 refuses.
legacy_convolutions = {
    "Conv1DTranspose": ((8, 3), (2, 3)),
    "Conv2DTranspose": ((8, 8, 3), (2, 3)),
    "Conv3DTranspose": ((4, 4, 4, 3), (2, 3)),
    "DepthwiseConv1D": ((8, 3), (3,)),
    "SeparableConv1D": ((8, 3), (2, 3)),
    "SeparableConv2D": ((8, 8, 3), (2, 3)),
}
refused = {}
for name, (shape, arguments) in legacy_convolutions.items():
    layer = getattr(tf_keras.layers, name)(*arguments)
    tf_keras.Sequential([tf_keras.Input(shape), layer]).save(
        f"{name}.h5"
    )
    try:
        keras.models.load_model(f"{name}.h5", compile=False)
    except TypeError as err:
        unknown = err.args[0].splitlines()[-1].split(f"{name}: ")[1]
        refused[name] = ast.literal_eval(unknown)
    else:
        refused[name] = {}
print(
    "tf_keras .h5 that Keras 3 refuses on groups:", ", ".join(refused)
)
print(
    "  and on kernel_constraint, kernel_initializer, kernel_regularizer:",
    ", ".join(name for name in refused if len(refused[name]) == 4),
)
separable_extra = [
    "kernel_constraint",
    "kernel_initializer",
    "kernel_regularizer",
]
for name, keys in refused.items():
    extra = separable_extra if name.startswith("Separable") else []
    assert sorted(keys) == ["groups", *extra], f"{name}: {keys}"
    assert keys["groups"] == 1, f"expected {name} to save groups 1"
