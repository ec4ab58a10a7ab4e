"""Keras 2 `must override get_config()`: give your custom layer a get_config

When you hit it: Keras 2 (`tf.keras` up to TF 2.15, `tf_keras`) saves
your layer to `.h5`/`.keras` or calls `get_config()`. Up to TF 2.10,
for any argument `__init__` declares: ``Layer Time2Vec has arguments
… in `__init__` and therefore must override `get_config` ``.
From TF 2.11, for non-plain values: ``Layer Time2Vec was created by
passing non-serializable argument values…``.

What is going on: from TF 2.11, Keras 2 records your arguments if
each is a `str`, `int`, `float`, `bool`, `None`, or a list, tuple or
string-keyed dict of them. One other value (NumPy array, `np.int64`,
function, layer) and it records none. Then write `get_config`
returning `{**super().get_config(), ...}` with every `__init__`
argument: arrays `.tolist()`, layers and Keras activations
(`gelu`, `relu`) serialized, rebuilt in `from_config`. Load with
`custom_objects` or [register](debugging.md#unknown-custom-layer-on-load)
it (`@tf_keras.utils.register_keras_serializable()`).

Pitfall: a SavedModel folder (`model.save("folder")`) saves without
error or layer config. Reloaded, even with `custom_objects`, the layer
is a generic `Time2Vec`, not your class: it predicts, but its
`get_config()` and `.h5` saves raise.

Checked: `tf_keras` and the keras 2.11 to 2.15 wheels (`tf.keras` of
TF 2.11 to 2.15) test the values passed in `Layer.__new__`
(`engine/base_layer.py`). An override's `super().get_config()` holds
only `name`, `trainable`, `dtype` (and `batch_input_shape` if given),
plain arguments or not: leave out `kernel_size` and the load raises a
`TypeError`, ``missing 1 required positional argument:
'kernel_size'``.
Another function (`tf.sin`, your own, registered or not) fails the
`.h5` load with `Unknown activation function: 'function'`, even in
`custom_objects`; pass its name as a `str`. The keras 2.10.0 wheel
raises for each name in `getfullargspec(self.__init__).args` but
`self` and the base config's keys, passed or not
([maxvit#6](https://github.com/google-research/maxvit/issues/6));
2.7.0 to 2.9.0 list `'self'` too
([Time2Vec-TensorFlow2#2](https://github.com/email81227/Time2Vec-TensorFlow2/issues/2));
2.6.0 names none (``Layer PositionalEncoding has arguments in
`__init__` and therefore must override `get_config` ``); TF 2.0 says
``Layers with arguments in `__init__` must override `get_config` ``
([tensorflow#33947](https://github.com/tensorflow/tensorflow/issues/33947)).
Plain values come back from `.h5` and `.keras` (a tuple as a list).
`Time2Vec` and `Gated` come back as your class with the same outputs
from `.h5`, `.keras` and SavedModel, with `custom_objects` or the
decorator (`tf.keras.utils.register_keras_serializable` in the keras
2.10 to 2.15 wheels). Keras 3 refuses the same values (``Object
Time2Vec was created…``; on Keras 3.11, `ValueError: Invalid format
specifier`).

severity: crash
topics: L3, M3, L8
aliases:
  - Layer Time2Vec has arguments ['self', 'kernel_size', 'periodic_activation'] in `__init__` and therefore must override `get_config()`.
  - must override get_config
  - custom layer get_config Keras 2
  - Model failed to serialize as JSON. Ignoring... Layer MetricLayer has arguments in `__init__` and therefore must override `get_config`.
  - get_config for a custom layer that takes a NumPy array or another layer
  - custom layer loaded from a SavedModel is not my class, get_config raises NotImplementedError
  - Layer MyLayer was created by passing non-serializable argument values in `__init__()`, and therefore the layer must override `get_config()`
  - NotImplementedError: Layers with arguments in `__init__` must override `get_config`.
"""

import os
import re
import tempfile
import warnings

import keras
import numpy as np
import tensorflow as tf
import tf_keras

os.chdir(tempfile.mkdtemp())
tf_keras.utils.set_random_seed(0)
features = (
    np.random.default_rng(0).normal(size=(4, 4)).astype("float32")
)
keras_version = tuple(
    int(part) for part in re.findall(r"\d+", keras.__version__)[:2]
)


def quiet_save(model, path):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the "legacy .h5" warning
        model.save(path)


def outcome(action):
    """None when action() runs, else its NotImplementedError text."""
    try:
        action()
    except NotImplementedError as err:
        return " ".join(str(err).split())
    return None


def build(layer):
    inputs = tf_keras.Input((4,))
    return tf_keras.Model(inputs, layer(inputs))


try:
    # --8<-- [start:wrong]
    class Time2Vec(tf_keras.layers.Layer):  # Keras 2 code
        def __init__(self, kernel_size, frequencies, **kwargs):
            super().__init__(**kwargs)
            self.kernel_size = kernel_size
            self.frequencies = np.asarray(frequencies, "float32")

        def build(self, input_shape):
            self.w = self.add_weight(
                "w", shape=(input_shape[-1], self.kernel_size)
            )

        def call(self, inputs):
            return tf.sin(tf.matmul(inputs, self.w) * self.frequencies)

    inputs = tf_keras.Input((4,))
    layer = Time2Vec(3, np.array([1.0, 2.0, 3.0]))  # an array
    model = tf_keras.Model(inputs, layer(inputs))
    model.save("model.h5")  # NotImplementedError
    # --8<-- [end:wrong]
except NotImplementedError as err:
    message = " ".join(str(err).split())
else:
    raise AssertionError("expected the .h5 save to raise")
print("NotImplementedError:", message.split(" Please")[0])
assert message.startswith(
    "Layer Time2Vec was created by passing non-serializable argument"
    " values in `__init__()`, and therefore the layer must override"
    " `get_config()` in order to be serializable."
), "expected the tf_keras wording"
assert "Layer Time2Vec has arguments" not in message, (
    "expected the Keras 2.10 wording to be gone"
)
assert (
    "in `__init__` and therefore must override `get_config()`"
    not in message
), "expected the Keras 2.10 wording to be gone"
assert all(  # the keras 2.6.0 wheel; TF 2.0 (tensorflow#33947)
    older not in message
    for older in (
        "Layer PositionalEncoding has arguments in `__init__` and"
        " therefore must override `get_config`.",
        "Layers with arguments in `__init__` must override"
        " `get_config`.",
    )
), "expected the older wordings to be gone"

triggers = {
    "layer.get_config()": lambda: model.layers[-1].get_config(),
    "model.to_json()": model.to_json,
    'save("model.keras")': lambda: model.save("model.keras"),
    'save("folder")': lambda: model.save("folder"),  # SavedModel
}
raised = {name: outcome(action) for name, action in triggers.items()}
for name, error in raised.items():
    print(f"  {name}:", "the same error" if error else "no error")
assert all(raised[name] == message for name in list(triggers)[:-1]), (
    "expected every trigger but the folder to raise the same error"
)
assert raised['save("folder")'] is None, "expected SavedModel to save"
with open(os.path.join("folder", "keras_metadata.pb"), "rb") as meta:
    assert b"layer was saved without config" in meta.read(), (
        "expected the SavedModel to hold no config for the layer"
    )

generic = tf_keras.models.load_model(
    "folder", custom_objects={"Time2Vec": Time2Vec}
)
revived = generic.layers[-1]
print(
    "SavedModel, load_model with custom_objects:",
    type(revived).__name__,
    "from",
    type(revived).__module__,
)
assert type(revived).__name__ == "Time2Vec", "expected the same name"
assert not isinstance(revived, Time2Vec), "expected a generic class"
assert np.allclose(generic(features), model(features)), "same outputs"
revived_errors = [
    outcome(revived.get_config),
    outcome(lambda: quiet_save(generic, "again.h5")),
]
print(
    "  its get_config() and .h5 save raise:", None not in revived_errors
)
assert None not in revived_errors, "expected both to raise"


class Keep(tf_keras.layers.Layer):
    """A passthrough layer with no get_config of its own."""

    def __init__(self, value, unused=None, **kwargs):
        super().__init__(**kwargs)
        self.value = value

    def call(self, inputs):
        return inputs


plain = [3, 2.5, "sin", True, None, [1.0, 2.0], (1, 2), {"a": 1}]
configs = [Keep(value).get_config() for value in plain]
print("tf_keras records:", [config["value"] for config in configs])
assert [config["value"] for config in configs] == plain, "plain values"
assert not any("unused" in config for config in configs), (
    "expected tf_keras to record only the arguments passed"
)
both = Keep(3, unused="sin").get_config()
assert (both["value"], both["unused"]) == (3, "sin"), "both recorded"
keep_model = tf_keras.Sequential(
    [tf_keras.Input((4,)), *[Keep(value) for value in plain]]
)
reloaded = {}
for path in ("keep.h5", "keep.keras"):
    quiet_save(keep_model, path)
    loaded = tf_keras.models.load_model(
        path, custom_objects={"Keep": Keep}
    )
    reloaded[path] = [layer.value for layer in loaded.layers]
print("the tuple (1, 2) reloaded:", reloaded["keep.h5"][6])
expected_back = [list(v) if isinstance(v, tuple) else v for v in plain]
assert all(values == expected_back for values in reloaded.values()), (
    "expected every plain value back from .h5 and .keras"
)
assert all(
    isinstance(values[6], list) for values in reloaded.values()
), "expected the tuple back as a list"

refused = {  # kind: the (args, kwargs) a layer is built with
    "NumPy array": lambda lib: ((np.ones(3),), {}),
    "np.int64": lambda lib: ((np.int64(3),), {}),
    "function": lambda lib: ((tf.sin,), {}),
    "layer": lambda lib: ((lib.layers.Dense(2),), {}),
    "dtype=tf.float32": lambda lib: ((3,), {"dtype": tf.float32}),
}
tf_keras_refused = {}
for kind, make in refused.items():
    args, kwargs = make(tf_keras)
    probe = Keep(*args, unused=3, **kwargs)  # and a plain value
    assert not hasattr(probe, "_auto_config"), "expected none recorded"
    probe_model = build(probe)
    tf_keras_refused[kind] = [
        outcome(probe_model.layers[-1].get_config),
        outcome(probe_model.to_json),
        outcome(lambda m=probe_model: quiet_save(m, "probe.h5")),
        outcome(lambda m=probe_model: quiet_save(m, "probe.keras")),
    ]
print(
    "get_config(), to_json(), .h5 and .keras saves refuse:",
    [kind for kind, errors in tf_keras_refused.items() if all(errors)],
)
assert all(
    error and "non-serializable argument values" in error
    for errors in tf_keras_refused.values()
    for error in errors
), "expected tf_keras to refuse every other kind"


def keras3_layer():
    class Time2Vec(keras.layers.Layer):  # Keras 3, still no config
        def __init__(self, value, **kwargs):
            super().__init__(**kwargs)
            self.value = value

        def call(self, inputs):
            return inputs

    return Time2Vec


def keras3_error(action):
    """The error Keras 3 raises in action(), None if none."""
    try:
        action()
    except (NotImplementedError, ValueError) as err:
        return type(err).__name__ + ": " + " ".join(str(err).split())
    return None


keras3_errors = {}
for kind, make in refused.items():
    args, kwargs = make(keras)
    inputs = keras.Input((4,))
    keras3_model = keras.Model(
        inputs, keras3_layer()(*args, **kwargs)(inputs)
    )
    keras3_errors[kind] = [
        keras3_error(keras3_model.layers[-1].get_config),
        keras3_error(lambda m=keras3_model: quiet_save(m, "k3.keras")),
        keras3_error(lambda m=keras3_model: quiet_save(m, "k3.h5")),
    ]
keras3_messages = {
    error.split(" in `__init__")[0].split(" '")[0]
    for errors in keras3_errors.values()
    for error in errors
    if error
}
print("Keras 3, get_config(), .keras and .h5 saves:", keras3_messages)
every_keras3_error = [
    error for errors in keras3_errors.values() for error in errors
]
if keras_version == (3, 11):  # TF 2.19 and 2.20: a format bug
    assert all(
        error
        and error.startswith("ValueError: Invalid format specifier")
        for error in every_keras3_error
    ), "expected the Keras 3.11 ValueError"
else:
    assert all(
        error
        and error.startswith(
            "NotImplementedError: Object Time2Vec was created by"
            " passing non-serializable argument values in `__init__()`"
        )
        for error in every_keras3_error
    ), "expected Keras 3 to refuse the same values"


# --8<-- [start:right]
class Time2Vec(tf_keras.layers.Layer):
    def __init__(self, kernel_size, frequencies, **kwargs):
        super().__init__(**kwargs)
        self.kernel_size = kernel_size
        self.frequencies = np.asarray(frequencies, "float32")

    def build(self, input_shape):
        self.w = self.add_weight(
            "w", shape=(input_shape[-1], self.kernel_size)
        )

    def call(self, inputs):
        return tf.sin(tf.matmul(inputs, self.w) * self.frequencies)

    def get_config(self):  # every argument, as plain values
        return {
            **super().get_config(),
            "kernel_size": self.kernel_size,
            "frequencies": self.frequencies.tolist(),
        }


inputs = tf_keras.Input((4,))
layer = Time2Vec(3, np.array([1.0, 2.0, 3.0]))
model = tf_keras.Model(inputs, layer(inputs))
model.save("model.h5")
restored = tf_keras.models.load_model(
    "model.h5", custom_objects={"Time2Vec": Time2Vec}
)
# --8<-- [end:right]


# --8<-- [start:layer_argument]
class Gated(tf_keras.layers.Layer):
    def __init__(self, inner, activation, **kwargs):
        super().__init__(**kwargs)
        self.inner = inner  # a layer
        self.activation = activation  # e.g. tf_keras.activations.gelu

    def call(self, inputs):
        return self.activation(self.inner(inputs))

    def get_config(self):
        return {
            **super().get_config(),
            "inner": tf_keras.layers.serialize(self.inner),
            "activation": tf_keras.activations.serialize(
                self.activation
            ),
        }

    @classmethod
    def from_config(cls, config):
        config["inner"] = tf_keras.layers.deserialize(config["inner"])
        config["activation"] = tf_keras.activations.deserialize(
            config["activation"]
        )
        return cls(**config)


# --8<-- [end:layer_argument]


FORMATS = ("fixed.h5", "fixed.keras", "fixed_folder")


def round_trips(model, cls, formats=FORMATS, **load_kwargs):
    """For each format: your class back, with the same outputs?"""
    expected = model(features)
    found = {}
    for path in formats:
        quiet_save(model, path)
        loaded = tf_keras.models.load_model(path, **load_kwargs)
        found[path] = isinstance(
            loaded.layers[-1], cls
        ) and np.allclose(loaded(features), expected)
    return found


gated_model = build(
    Gated(tf_keras.layers.Dense(2), tf_keras.activations.gelu)
)
fixed = {
    "Time2Vec": round_trips(
        model, Time2Vec, custom_objects={"Time2Vec": Time2Vec}
    ),
    "Gated": round_trips(
        gated_model, Gated, custom_objects={"Gated": Gated}
    ),
}
relu_model = build(
    Gated(tf_keras.layers.Dense(2), tf_keras.activations.relu)
)
fixed["Gated, relu"] = round_trips(
    relu_model, Gated, FORMATS[:2], custom_objects={"Gated": Gated}
)
print("custom_objects, your class and same outputs:", fixed)
assert all(all(found.values()) for found in fixed.values()), (
    "expected every round trip to hold"
)
assert restored.layers[-1].frequencies.tolist() == [1.0, 2.0, 3.0]


class ArrayOnly(Time2Vec):  # trusts Keras to record kernel_size
    def get_config(self):
        return {
            **tf_keras.layers.Layer.get_config(self),  # its super()
            "frequencies": self.frequencies.tolist(),
        }


class KeepOverride(Keep):  # plain values, get_config overridden
    def get_config(self):
        return super().get_config()


base_keys = {"name", "trainable", "dtype"}
assert set(KeepOverride(3, unused="sin").get_config()) == base_keys
shaped = KeepOverride(3, input_shape=(4,)).get_config()
assert set(shaped) == base_keys | {"batch_input_shape"}
array_only = ArrayOnly(3, np.array([1.0, 2.0, 3.0]))
assert set(array_only.get_config()) == base_keys | {"frequencies"}
partial_errors = {}
for path in ("partial.h5", "partial.keras"):
    quiet_save(build(array_only), path)
    try:
        tf_keras.models.load_model(
            path, custom_objects={"ArrayOnly": ArrayOnly}
        )
    except TypeError as err:
        partial_errors[path] = str(err)
print(
    "get_config without kernel_size, load raises TypeError:",
    sorted(partial_errors),
)
assert len(partial_errors) == 2 and all(
    "missing 1 required positional argument: 'kernel_size'" in error
    for error in partial_errors.values()
), "expected both loads to miss kernel_size"


def doubled(inputs):  # your own function
    return inputs * 2.0


@tf_keras.utils.register_keras_serializable()
def tripled(inputs):  # your own, registered
    return inputs * 3.0


h5_loads = {}
for fn in (tf.sin, doubled, tripled):
    quiet_save(build(Gated(tf_keras.layers.Dense(2), fn)), "fn.h5")
    for extra in ({}, {fn.__name__: fn}):
        try:
            tf_keras.models.load_model(
                "fn.h5", custom_objects={"Gated": Gated, **extra}
            )
        except ValueError as err:
            h5_loads[fn.__name__, bool(extra)] = str(err)
        else:
            h5_loads[fn.__name__, bool(extra)] = "loaded"
print(
    "Gated(Dense, fn), .h5 load, custom_objects or not, raises"
    " Unknown activation function:",
    sorted({name for name, _ in h5_loads}),
)
assert len(h5_loads) == 6 and all(
    error.startswith("Unknown activation function: 'function'")
    for error in h5_loads.values()
), "expected every other function to fail the .h5 load"


class GatedNoFromConfig(Gated):  # Layer.from_config: cls(**config)
    from_config = classmethod(
        tf_keras.layers.Layer.from_config.__func__
    )


load_error = None
try:
    quiet_save(
        build(
            GatedNoFromConfig(
                tf_keras.layers.Dense(2), tf_keras.activations.gelu
            )
        ),
        "no_from_config.h5",
    )
    tf_keras.models.load_model(
        "no_from_config.h5",
        custom_objects={"GatedNoFromConfig": GatedNoFromConfig},
    )
except TypeError as err:
    load_error = str(err)
print(
    "no from_config, .h5 load raises TypeError:",
    load_error is not None,
)
assert load_error is not None, "expected the load to fail"

register = tf_keras.utils.register_keras_serializable
assert register is tf_keras.saving.register_keras_serializable
register()(Time2Vec)
register()(Gated)
registered = {
    "Time2Vec": round_trips(
        build(Time2Vec(3, np.array([1.0, 2.0, 3.0]))), Time2Vec
    ),
    "Gated": round_trips(gated_model, Gated),
}
print("registered, no custom_objects:", registered)
assert all(all(found.values()) for found in registered.values()), (
    "expected the decorator to replace custom_objects"
)
