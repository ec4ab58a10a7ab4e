"""Keras 2 `.h5` files in Keras 3: six failures and their fixes

When you hit it: under TF 2.16+, `keras.models.load_model("model.h5")`
of a Keras 2 file (`tf.keras` up to TF 2.15, or `tf_keras`) fails, or
it fails later in `evaluate` or `fit`.

What is going on: Keras 3 rebuilds the model from the Keras 2 config
in the file. Here (TF 2.21, Keras 3.15):

| The Keras 2 model has | `load_model` | Fix |
|---|---|---|
| `LSTM`, `GRU`, `SimpleRNN`, `Bidirectional(LSTM)` | `Unrecognized keyword arguments passed to …: {'time_major': False}` | rebuild, `load_weights` |
| an unregistered custom layer | `Unknown layer: 'Scale'` | `custom_objects`, a Keras 3 port |
| a `Lambda` (`lambda` or `def`) | ``Requested the deserialization of a `Lambda` layer…`` | [`safe_mode=False`](save-load.md#lambda-safe-mode) if trusted, same Python minor version |
| a custom loss function | `TypeError: string indices must be integers, not 'str'` | [`compile=False`](save-load.md#load-without-compile) |
| a custom metric function | loads; `evaluate` raises `'str' object is not callable` | `compile=False`, then `compile` |

Pitfall: a compiled `.h5` loads compiled, yet `fit` raises `Unknown
variable: …`: the optimizer is built for none of the model's
variables, without its saved moments. Compile again first.

Checked: the files come from `tf_keras` (each matrix release's own);
files from TF 2.15's `tf.keras` were not tried. Each fix in the table
gives the Keras 2 model's predictions. Here the first three errors
come with `compile=False` too, and `custom_objects={"keras2_loss":
my_loss}` also loads the custom-loss file compiled. `tf_keras` stores
even a named `Lambda` function as bytecode, here written and read by
the same Python 3.11; `marshal` data is specific to a Python version
([`marshal`](https://docs.python.org/3/library/marshal.html)), so a
file from another Python minor version (3.10 into 3.11, say) needs
the rebuild and `load_weights`. On TF 2.16 to 2.20 (Keras
3.4 to 3.11) the `Lambda` file loads without `safe_mode`, and
`evaluate` with the custom metric raises ``ValueError: Expected all
entries in the `metrics` list to be metric objects``; on TF 2.18 to
2.20 (Keras 3.9 and 3.11) `fit` fails with `NotImplementedError:
numpy() is only available when eager execution is enabled`. The TF
2.23 nightly (Keras 3.16) loads the custom-loss file compiled, then
`fit` raises `Could not interpret loss identifier: keras2_loss`. An
`.h5` that Keras 3 wrote fails `fit` the same way, and so do
functional Keras 2 models compiled with SGD or RMSprop. Short loss
names and layers Keras 3 dropped:
[legacy `.h5`](save-load.md#legacy-h5-model); `groups` in convolutions:
[Keras 2 arguments](model.md#keras2-layer-arguments). Reports:
[keras#19898](https://github.com/keras-team/keras/issues/19898)
(Bidirectional `LSTM`; rebuild, then load the weights) and
[keras#20750](https://github.com/keras-team/keras/issues/20750)
(`time_major` on `GRU`).

severity: crash
topics: L8, L3, L4, L6
aliases:
  - Unrecognized keyword arguments passed to LSTM: {'time_major': False}
  - "TypeError: string indices must be integers, not 'str'" from load_model of an .h5 file
  - Unknown layer: 'Scale'. Please ensure you are using a `keras.utils.custom_object_scope`
  - "Unknown variable: ... This optimizer can only be called for the variables it was originally built with" after loading an .h5
  - Error in loading the saved optimizer state. As a result, your model is starting with a freshly initialized optimizer.
  - "TypeError: 'str' object is not callable" in evaluate after loading an .h5 model
  - load Keras 2 h5 model in Keras 3
  - model.h5 from TensorFlow 2.15 will not load in 2.16
  - Bidirectional LSTM model saved with old Keras fails to load in Keras 3
"""

import base64
import json
import logging
import marshal
import os
import tempfile
import warnings

import h5py
import keras
import numpy as np
import tensorflow as tf
import tf_keras

os.chdir(tempfile.mkdtemp())
keras.utils.set_random_seed(0)
tf_keras.utils.set_random_seed(0)
rng = np.random.default_rng(0)
features = rng.normal(size=(4, 6)).astype("float32")
sequences = rng.normal(size=(4, 5, 6)).astype("float32")
targets = rng.normal(size=(4, 2)).astype("float32")
keras_release = tuple(int(p) for p in keras.__version__.split(".")[:2])


class LogRecorder(logging.Handler):
    """Collects what Keras logs through absl."""

    def __init__(self):
        super().__init__()
        self.messages = []

    def emit(self, record):
        self.messages.append(record.getMessage())


def outputs(model, data):
    return np.asarray(model(data))


def same(model, data, expected):
    return bool(np.allclose(outputs(model, data), expected, atol=1e-5))


def keras2_file(name, model, data, optimizer="adam", **compile_args):
    """Keras 2 (tf_keras) writes name.h5; returns its predictions."""
    if compile_args:
        model.compile(optimizer=optimizer, **compile_args)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # tf_keras: "legacy" format
        model.save(f"{name}.h5")
    return outputs(model, data)


def stored_layers(path):
    """The layer configs Keras 2 stored in the file."""
    with h5py.File(path, "r") as saved:
        return json.loads(saved.attrs["model_config"])["config"][
            "layers"
        ]


def load_error(path, **kwargs):
    """The first sentence of load_model's error, or None if it loads."""
    try:
        keras.models.load_model(path, **kwargs)
    except (TypeError, ValueError) as err:
        return f"{type(err).__name__}: {str(err).split('. ')[0]}"
    return None


def fit_error(model):
    """fit's error up to the variable it names, or None if it trains."""
    try:
        model.fit(features, targets, verbose=0)
    except (ValueError, NotImplementedError) as err:
        return f"{type(err).__name__}: {str(err).split(': <')[0]}"
    return None


def recurrent(lib, kind):
    """One recurrent layer and a Dense, in tf_keras or Keras 3."""
    layers = lib.layers
    rnn = {
        "LSTM": lambda: layers.LSTM(3),
        "GRU": lambda: layers.GRU(3),
        "SimpleRNN": lambda: layers.SimpleRNN(3),
        "Bidirectional": lambda: layers.Bidirectional(layers.LSTM(3)),
    }[kind]()
    return lib.Sequential([lib.Input((5, 6)), rnn, layers.Dense(2)])


kinds = ["LSTM", "GRU", "SimpleRNN", "Bidirectional"]
expected = {
    kind: keras2_file(kind, recurrent(tf_keras, kind), sequences)
    for kind in kinds
}
lstm_config = stored_layers("LSTM.h5")[-2]["config"]
print("LSTM.h5 stores time_major =", lstm_config["time_major"])
assert lstm_config["time_major"] is False, "expected the Keras 2 key"

try:
    # --8<-- [start:wrong]
    model = keras.models.load_model("Bidirectional.h5", compile=False)
    # --8<-- [end:wrong]
except ValueError as err:
    rnn_message = str(err)
else:
    raise AssertionError(
        "expected the Bidirectional(LSTM) file to fail"
    )
print("Bidirectional(LSTM) .h5: ValueError:", rnn_message)
assert rnn_message == (
    "Unrecognized keyword arguments passed to LSTM: {'time_major': False}"
), "expected the Keras 2 time_major key to stop the load"
rnn_errors = {
    kind: (
        load_error(f"{kind}.h5"),
        load_error(f"{kind}.h5", compile=False),
    )
    for kind in kinds
}
print("refused on time_major, with and without compile:", kinds)
for kind, errors in rnn_errors.items():
    layer = "LSTM" if kind == "Bidirectional" else kind
    wanted = (
        f"ValueError: Unrecognized keyword arguments passed to {layer}:"
        " {'time_major': False}"
    )
    assert errors == (wanted, wanted), f"expected {kind} to be refused"

# --8<-- [start:right]
model = keras.Sequential(  # the same layers, in Keras 3 code
    [
        keras.Input((5, 6)),
        keras.layers.Bidirectional(keras.layers.LSTM(3)),
        keras.layers.Dense(2),
    ]
)
model.load_weights("Bidirectional.h5")  # the whole-model Keras 2 file
# --8<-- [end:right]
assert same(model, sequences, expected["Bidirectional"]), "expected"
rebuilt = {}
for kind in kinds:
    model = recurrent(keras, kind)
    model.load_weights(f"{kind}.h5")
    rebuilt[kind] = same(model, sequences, expected[kind])
print("rebuilt in Keras 3, load_weights, same predictions:", rebuilt)
assert all(rebuilt.values()), "expected the Keras 2 weights to fit"


class Scale(tf_keras.layers.Layer):  # Keras 2 code, not registered
    def __init__(self, factor=2.0, **kwargs):
        super().__init__(**kwargs)
        self.factor = factor

    def call(self, inputs):
        return inputs * self.factor

    def get_config(self):
        return {**super().get_config(), "factor": self.factor}


scaled = keras2_file(
    "scale",
    tf_keras.Sequential(
        [tf_keras.Input((6,)), tf_keras.layers.Dense(2), Scale(3.0)]
    ),
    features,
)


def double(inputs):  # a named function, not a lambda
    return inputs * 2.0


doubled = keras2_file(
    "lambda",
    tf_keras.Sequential(
        [
            tf_keras.Input((6,)),
            tf_keras.layers.Dense(2),
            tf_keras.layers.Lambda(double),
        ]
    ),
    features,
)
keras2_file(
    "python_lambda",
    tf_keras.Sequential(
        [tf_keras.Input((6,)), tf_keras.layers.Lambda(lambda t: t * 2)]
    ),
    features,
)
stored = stored_layers("lambda.h5")[-1]["config"]
code = marshal.loads(base64.b64decode(stored["function"][0]))
print(
    "lambda.h5 stores double() as:",
    stored["function_type"],
    "bytecode of",
    code.co_name,
)
assert stored["function_type"] == "lambda" and code.co_name == "double"


def keras2_loss(y_true, y_pred):
    return tf.reduce_mean(tf.square(y_true - y_pred))


def keras2_metric(y_true, y_pred):
    return tf.reduce_mean(tf.abs(y_true - y_pred))


def dense_model(lib):
    return lib.Sequential([lib.Input((6,)), lib.layers.Dense(2)])


loss_out = keras2_file(
    "loss", dense_model(tf_keras), features, loss=keras2_loss
)
metric_out = keras2_file(
    "metric",
    dense_model(tf_keras),
    features,
    loss="mean_squared_error",
    metrics=[keras2_metric],
)

layer_errors = {
    name: (
        load_error(f"{name}.h5"),
        load_error(f"{name}.h5", compile=False),
    )
    for name in ("scale", "lambda", "python_lambda")
}
print("custom layer:", layer_errors["scale"][0])
assert layer_errors["scale"] == (
    "ValueError: Unknown layer: 'Scale'",
    "ValueError: Unknown layer: 'Scale'",
), "expected the unregistered layer to be refused either way"
print("Lambda (def and lambda alike):", layer_errors["lambda"][0])
if keras_release >= (3, 15):
    refused = (
        "ValueError: Requested the deserialization of a `Lambda` layer"
        " whose `function` is a Python lambda"
    )
    assert layer_errors["lambda"] == (refused, refused), "safe mode"
else:  # Keras 3.4 to 3.11 (TF 2.16 to 2.20)
    assert layer_errors["lambda"] == (None, None), "expected a load"
assert layer_errors["python_lambda"] == layer_errors["lambda"], (
    "expected a lambda and a named function to fare the same"
)
loss_error = load_error("loss.h5")
print("custom loss:", loss_error)
if keras_release < (3, 16):  # TF 2.16 to 2.21
    assert loss_error == (
        "TypeError: string indices must be integers, not 'str'"
    ), "expected the custom loss to break the compiled load"
else:  # the nightly loads it compiled; fit fails
    late = fit_error(keras.models.load_model("loss.h5"))
    print("  then fit:", late)
    assert loss_error is None and late == (
        "ValueError: Could not interpret loss identifier: keras2_loss"
    ), "expected the nightly to fail at fit"


# --8<-- [start:fixes]
class Scale(keras.layers.Layer):  # a Keras 3 port of the class
    def __init__(self, factor=2.0, **kwargs):
        super().__init__(**kwargs)
        self.factor = factor

    def call(self, inputs):
        return inputs * self.factor

    def get_config(self):
        return {**super().get_config(), "factor": self.factor}


scale_model = keras.models.load_model(
    "scale.h5", custom_objects={"Scale": Scale}
)
lambda_model = keras.models.load_model(
    "lambda.h5",
    safe_mode=False,  # runs the file's bytecode
)
loss_model = keras.models.load_model("loss.h5", compile=False)
# --8<-- [end:fixes]
fixed = {
    "custom_objects": same(scale_model, features, scaled),
    "safe_mode=False": same(lambda_model, features, doubled),
    "compile=False": same(loss_model, features, loss_out),
}
print("fixes, same predictions:", fixed)
assert all(fixed.values()), (
    "expected every fix to give the same outputs"
)


def my_loss(y_true, y_pred):  # the loss, rewritten with keras.ops
    return keras.ops.mean(keras.ops.square(y_true - y_pred))


compiled_loss = keras.models.load_model(
    "loss.h5", custom_objects={"keras2_loss": my_loss}
)
print(
    "custom loss in custom_objects: compiled =", compiled_loss.compiled
)
assert compiled_loss.compiled, "expected custom_objects to compile it"
assert same(compiled_loss, features, loss_out), "expected same outputs"

with_metric = keras.models.load_model("metric.h5")  # no error
try:
    with_metric.evaluate(features, targets, verbose=0)
except (TypeError, ValueError) as err:
    metric_error = f"{type(err).__name__}: {str(err).split('. ')[0]}"
else:
    raise AssertionError("expected evaluate to fail on the metric")
print("custom metric: loads, evaluate:", metric_error[:75])
if keras_release >= (3, 15):
    assert metric_error == "TypeError: 'str' object is not callable"
else:  # Keras 3.4 to 3.11
    assert metric_error.startswith(
        "ValueError: Expected all entries in the `metrics` list to be"
        " metric objects"
    ), "expected the metric name to fail evaluate"


def my_metric(y_true, y_pred):  # the metric, rewritten
    return keras.ops.mean(keras.ops.abs(y_true - y_pred))


# --8<-- [start:metric]
model = keras.models.load_model("metric.h5", compile=False)
model.compile(optimizer="adam", loss="mse", metrics=[my_metric])
# --8<-- [end:metric]
scores = model.evaluate(features, targets, verbose=0, return_dict=True)
print("compile=False, compile again: evaluate reports", sorted(scores))
assert "my_metric" in scores, "expected the metric back"
assert same(model, features, metric_out), "expected the same outputs"

trainer = dense_model(tf_keras)
trainer.compile(optimizer="adam", loss="mean_squared_error")
trainer.fit(features, targets, epochs=2, verbose=0)  # Adam has moments
keras2_file("trained", trainer, features)
recorder = LogRecorder()
logging.getLogger("absl").addHandler(recorder)
try:
    # --8<-- [start:pitfall]
    model = keras.models.load_model("trained.h5")  # no error
    model.fit(features, targets, verbose=0)  # raises
    # --8<-- [end:pitfall]
except (ValueError, NotImplementedError) as err:
    fit_message = str(err)
    head = f"{type(err).__name__}: {fit_message.split(': <')[0]}"
else:
    raise AssertionError("expected fit of the loaded model to fail")
finally:
    logging.getLogger("absl").removeHandler(recorder)
print("compiled .h5: model.compiled =", model.compiled)
print("  fit:", head)
assert model.compiled, "expected load_model to compile the model"
if keras_release in ((3, 9), (3, 11)):  # TF 2.18 to 2.20
    assert head == (
        "NotImplementedError: numpy() is only available when eager"
        " execution is enabled."
    ), "expected fit to fail"
else:
    built_with = (
        "This optimizer can only be called for the variables it was"
        " originally built with"
    )
    print("  " + built_with)
    assert head == "ValueError: Unknown variable", (
        "expected fit to fail"
    )
    assert built_with in fit_message, "expected the optimizer's error"
slots = sorted(v.path.split("/")[-1] for v in model.optimizer.variables)
print("  optimizer built:", model.optimizer.built, "variables:", slots)
assert model.optimizer.built, "expected load_model to build it"
assert slots == ["iteration", "learning_rate"], (
    "expected no variable of the model's and no Adam moments"
)
dropped = [m for m in recorder.messages if "optimizer state" in m]
print("  logged:", dropped[0])
assert dropped == [
    "Error in loading the saved optimizer state. As a result, your"
    " model is starting with a freshly initialized optimizer."
], "expected the Keras 2 optimizer state to be dropped"

# --8<-- [start:retrain]
model = keras.models.load_model("trained.h5")
model.compile(optimizer="adam", loss="mean_squared_error")  # again
model.fit(features, targets, epochs=1, verbose=0)
# --8<-- [end:retrain]
steps = int(model.optimizer.iterations.numpy())
print("compiled again: fit runs, optimizer steps =", steps)
assert steps == 1, "expected a fresh optimizer that trains"

own = dense_model(keras)
own.compile(optimizer="adam", loss="mean_squared_error")
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    own.save("keras3.h5")
own_error = fit_error(keras.models.load_model("keras3.h5"))
print("a Keras 3 .h5, fit:", own_error)
assert own_error == head, "expected a Keras 3 .h5 to fail fit the same"

other_fits = {}
for optimizer in ("sgd", "rmsprop"):
    inputs = tf_keras.Input((6,))
    functional = tf_keras.Model(
        inputs, tf_keras.layers.Dense(2)(inputs)
    )
    keras2_file(
        optimizer,
        functional,
        features,
        optimizer=optimizer,
        loss="mean_squared_error",
    )
    other_fits[optimizer] = fit_error(
        keras.models.load_model(f"{optimizer}.h5")
    )
print("functional Keras 2 .h5, SGD and RMSprop, fit:", other_fits)
assert other_fits == {"sgd": head, "rmsprop": head}, "expected the same"
