"""`expected shape=(None, 20, 1), found shape=(None, 100, 2)`: compare each axis

When you hit it: `fit` stops with `Input 0 with name 'input_layer' of
layer 'functional' is incompatible with the layer: expected
shape=(None, 20, 1), found shape=(None, 100, 2)`. TF 2.16–2.20 write
`Input 0 of layer "functional"`; Keras 2 (`tf_keras`) writes `"model"`
for this model and `"sequential"` for a `Sequential` one.

What is going on: a Functional model checks each batch against its
`keras.Input` shape. Skip the batch axis; compare
`model.input_shape` with `x.shape`: 100 steps of 2 features reached a
model built for 20 steps of 1. Steps: cut windows of the built length,
or use `keras.Input(shape=(None, 1))`. Features: slice the data,
`x[..., :1]`, or `keras.Input(shape=x.shape[1:])`. Fix both
axes: on TF 2.16–2.21 a `(None, 1)` Input lets 2 features through;
`predict` fails in the LSTM: `Dimensions must be equal, but are 2
and 1`.

Pitfall: a Keras 3 `Sequential` model (TF 2.16 to nightly) skips this
check, unlike Keras 2's: built for 20 steps, its LSTM ran 100-step
windows silently.

Checked: TF 2.16–2.21 (Keras 3.4–3.15) drop a trailing 1 from either
shape before they compare: `(None, 100, 1)` windows give
`found shape=(None, 100)`, and an RGB image passes a `(48, 48, 1)`
Input to fail at the `Conv2D`
([the axis -1 error](debugging.md#layer-shape-mismatch)). The nightly
build (Keras 3.16) compares the whole shape and gives the batch size:
`found shape=(32, 100, 1)`, `found shape=(4, 48, 48, 3)`, and 2
features stop at the Input. Dense-only models:
[that card](debugging.md#layer-shape-mismatch); data one axis short:
[read as a batch](model.md#trailing-one-axis-read-as-batch).

severity: crash
topics: E1, M11
aliases:
  - Input 0 of layer "sequential" is incompatible with the layer: expected shape=(None, 20, 1), found shape=(None, 100, 2)
  - Input 0 of layer "model" is incompatible with the layer: expected shape=(None, 20, 1), found shape=(None, 100, 2)
  - Input 0 of layer "functional" is incompatible with the layer: expected shape=(None, 20, 1), found shape=(None, 100, 2)
  - of layer 'functional' is incompatible with the layer: expected shape=(None, 20, 1), found shape=(32, 100, 2)
  - is incompatible with the layer: expected shape=(None, 20, 1), found shape=(None, 100)
  - Dimensions must be equal, but are 2 and 1 for lstm_cell MatMul
  - LSTM trained on windows of 20 steps, predict on a longer sequence
  - how to make sliding windows for an LSTM from a time series
  - LSTM input shape (timesteps, features) does not match my data
  - Keras LSTM accept sequences of any length
"""

import logging
import re
import warnings

import keras
import numpy as np
import tf_keras

keras.utils.set_random_seed(0)
windows = np.random.rand(40, 100, 2).astype("float32")  # 2 features
targets = np.random.rand(40, 1).astype("float32")
keras_version = tuple(
    int(part) for part in re.findall(r"\d+", keras.__version__)[:2]
)
NIGHTLY = keras_version >= (3, 16)  # compares the whole shape
assert keras_version >= (3, 4), "TF 2.16 (Keras 3.4) or later"


def first_line(err, marker="incompatible"):
    text = re.sub(r"\x1b\[[0-9;]*m", "", str(err))  # drop bold codes
    lines = [ln for ln in text.splitlines() if re.search(marker, ln)]
    assert lines, f"expected {marker!r} in the message: {text[:300]}"
    return lines[0].split("ValueError: ")[-1].strip()  # Keras 2 repeats


def raises(call, marker="incompatible"):
    try:
        call()
    except ValueError as err:
        return first_line(err, marker)
    raise AssertionError("expected a ValueError")


def lstm_model(shape, api="functional"):
    if api == "sequential":
        layers = [keras.Input(shape=shape), keras.layers.LSTM(8)]
        return keras.Sequential(layers + [keras.layers.Dense(1)])
    inputs = keras.Input(shape=shape)
    outputs = keras.layers.Dense(1)(keras.layers.LSTM(8)(inputs))
    return keras.Model(inputs, outputs)


try:
    # --8<-- [start:wrong]
    inputs = keras.Input(shape=(20, 1))  # 20 steps of 1 feature
    outputs = keras.layers.Dense(1)(keras.layers.LSTM(8)(inputs))
    model = keras.Model(inputs, outputs)
    model.compile(optimizer="adam", loss="mse")
    model.fit(windows, targets, verbose=0)  # ValueError
    # --8<-- [end:wrong]
except ValueError as err:
    line = first_line(err)
else:
    raise AssertionError("expected fit to raise")
print("fit:", line)
if keras_version >= (3, 12):  # TF 2.21 names the input and the model
    assert line.startswith(
        "Input 0 with name 'input_layer' of layer 'functional' is "
        "incompatible with the layer: expected shape=(None, 20, 1), "
    ), "expected the TF 2.21 wording"
else:  # TF 2.16 to 2.20
    assert line.startswith(
        'Input 0 of layer "functional" is incompatible with the layer: '
        "expected shape=(None, 20, 1), "
    ), "expected the TF 2.16-2.20 wording"
assert model.name == "functional", "the model's name"
if NIGHTLY:
    assert line.endswith("found shape=(32, 100, 2)"), "the batch size"
else:
    assert line.endswith("found shape=(None, 100, 2)"), "batch None"
predicted = raises(lambda: model.predict(windows, verbose=0))
print("predict: ...", predicted[predicted.index("expected") :])
assert predicted.endswith(
    "expected shape=(None, 20, 1), found shape=(32, 100, 2)"
), "expected predict to give the batch size"

# Keras 2: a Functional model, then a Sequential one
legacy_in = tf_keras.Input(shape=(20, 1))
legacy_out = tf_keras.layers.Dense(1)(
    tf_keras.layers.LSTM(8)(legacy_in)
)
legacy_models = [
    tf_keras.Model(legacy_in, legacy_out),
    tf_keras.Sequential(
        [
            tf_keras.Input(shape=(20, 1)),
            tf_keras.layers.LSTM(8),
            tf_keras.layers.Dense(1),
        ]
    ),
]
for legacy, name in zip(
    legacy_models, ("model", "sequential"), strict=True
):
    keras2 = raises(lambda m=legacy: m.predict(windows, verbose=0))
    print("Keras 2:", keras2)
    assert keras2 == (
        f'Input 0 of layer "{name}" is incompatible with the layer: '
        "expected shape=(None, 20, 1), found shape=(None, 100, 2)"
    ), "expected Keras 2 to check the whole shape"


class Collect(logging.Handler):  # TF, absl and Keras log warnings
    def __init__(self):
        super().__init__(logging.WARNING)
        self.records = []

    def emit(self, record):
        self.records.append(record.getMessage())


# Keras 3 Sequential: no check, no warning; the Functional one raises
log = Collect()
for logger in ("", "tensorflow", "absl", "keras"):
    logging.getLogger(logger).addHandler(log)
with warnings.catch_warnings(record=True) as warned:
    warnings.simplefilter("always")
    sequential = lstm_model((20, 1), api="sequential")
    ran = sequential.predict(windows[..., :1], verbose=0)
for logger in ("", "tensorflow", "absl", "keras"):
    logging.getLogger(logger).removeHandler(log)
print(
    "Sequential, (40, 100, 1):", ran.shape, "| warnings:", len(warned)
)
assert ran.shape == (40, 1), "predict ran on 100-step windows"
assert not warned and not log.records, "expected no warning"
assert sequential.input_shape == (None, 20, 1), "built for 20 steps"
assert sequential.input_spec is None, "no whole-shape check"
one_feature = lstm_model((20, 1))
one_feature.compile(optimizer="adam", loss="mse")
squeezed = raises(
    lambda: one_feature.fit(windows[..., :1], targets, verbose=0)
)
print("Functional, fit on (40, 100, 1): ...", squeezed.split("r: ")[1])
if NIGHTLY:
    assert squeezed.endswith(
        "expected shape=(None, 20, 1), found shape=(32, 100, 1)"
    ), "expected the whole shape, with the batch size"
else:
    assert squeezed.endswith(
        "expected shape=(None, 20, 1), found shape=(None, 100)"
    ), "expected the trailing 1 dropped from the shape found"

# A last axis of 1 on either side: 2 into 1, and 1 into 2
for shape, data, sizes in (
    ((None, 1), windows[:, :20], "2 and 1"),
    ((20, 2), windows[:, :20, :1], "1 and 2"),
):
    text = raises(
        lambda s=shape, d=data: lstm_model(s).predict(d, verbose=0),
        "must be equal|incompatible",
    )
    if NIGHTLY:  # at the Input
        assert "of layer 'functional_" in text, "the model raises"
        assert "is incompatible with the layer: expected shape=" in text
        assert text.endswith(f"found shape={(32,) + data.shape[1:]}")
    else:
        assert f"Dimensions must be equal, but are {sizes}" in text
        assert "lstm_cell" in text, "expected the LSTM cell to fail"
    print(
        f"Input {shape}, data {data.shape[1:]}:", text.split(" for ")[0]
    )


def cnn(shape):
    x = inputs = keras.Input(shape=shape)
    x = keras.layers.Conv2D(4, 3)(x)
    x = keras.layers.GlobalAveragePooling2D()(x)
    return keras.Model(inputs, keras.layers.Dense(7)(x))


rgb = np.random.rand(4, 48, 48, 3).astype("float32")
conv_line = raises(lambda: cnn((48, 48, 1))(rgb))
print("RGB into (48, 48, 1): ...", conv_line[conv_line.index("of ") :])
if NIGHTLY:
    assert re.search(r"of layer .functional", conv_line), "the Input"
    assert conv_line.endswith(
        "expected shape=(None, 48, 48, 1), found shape=(4, 48, 48, 3)"
    )
else:
    assert re.search(r"of layer .conv2d", conv_line), (
        "the Conv2D raises"
    )
    assert (
        "expected axis -1 of input shape to have value 1" in conv_line
    )

# --8<-- [start:right]
print("model:", model.input_shape, " data:", windows.shape)
series = np.random.rand(240, 1).astype("float32")  # 1 feature
train_ds = keras.utils.timeseries_dataset_from_array(
    series, None, sequence_length=20, batch_size=64
)  # windows of (20, 1), as the model was built
forecast = model.predict(train_ds, verbose=0)

inputs = keras.Input(shape=(None, 1))  # any number of steps
outputs = keras.layers.Dense(1)(keras.layers.LSTM(8)(inputs))
any_length = keras.Model(inputs, outputs)
first_feature = any_length.predict(windows[..., :1], verbose=0)

inputs = keras.Input(shape=windows.shape[1:])  # (100, 2), from data
outputs = keras.layers.Dense(1)(keras.layers.LSTM(8)(inputs))
from_data = keras.Model(inputs, outputs)
both_features = from_data.predict(windows, verbose=0)
# --8<-- [end:right]
first_batch = next(iter(train_ds))
print("timeseries windows:", tuple(first_batch.shape))
assert model.input_shape == (None, 20, 1), "the built shape"
assert windows.shape[1:] == (100, 2), "100 steps of 2 features"
assert tuple(first_batch.shape) == (64, 20, 1), "windows of 20 steps"
assert forecast.shape == (221, 1), "240 - 20 + 1 windows"
assert np.array_equal(first_batch[1, :, 0], series[1:21, 0]), (
    "expected sliding windows with stride 1"
)
lengths = [any_length(windows[:, :n, :1]).shape for n in (20, 100)]
assert lengths == [(40, 1), (40, 1)], "expected 20 and 100 steps"
assert first_feature.shape == (40, 1), "the sliced data runs"
assert from_data.input_shape == (None, 100, 2), "built from the data"
assert both_features.shape == (40, 1), "the 2 features run"
