"""int8 TFLite far off the float model? Calibrate on the inputs you serve

When you hit it: a full-integer `.tflite` model (the recipe is on
[the quantization card](deploy.md#tflite-quantization-compared)) gives
outputs far from the Keras model's, though the conversion went fine.

What is going on: the converter runs your `representative_dataset`
to set the range of each int8 activation, the model's input and output
included; the kernels' ranges come from the kernels. The input's range
is the calibration rows' (min, max), widened to include 0, stored as
`scale` and `zero_point`; an input beyond it can only be clipped to
-128 or 127 (clip it yourself: NumPy's `astype(np.int8)` wraps 130.0
to -126 here). Check a model: its int8 input covers
`(-128 - zero_point) * scale` to `(127 - zero_point) * scale`, from
`get_input_details()`.

Pitfall: calibrating on data preprocessed unlike what you serve
(here scaled by 1/8); a slice narrower than your inputs clips them
the same way. Prefer a few hundred random rows of the training or
evaluation data, as the `tf.lite.RepresentativeDataset` docstring says.

Checked: below, rows calibrated at 1/8 of the served scale turn a
small error into a large one, on this machine's CPU with TF 2.21 and
the LiteRT interpreter, for an untrained, seeded 8-32-4 MLP; both models are
compared with the Keras model on the same 200 test rows, uniform in
[-4, 4]. The run clips when it quantizes those rows to int8. A third
conversion, calibrated on rows all in [1, 5], shows the input range
widened down to 0. The int8 kernels' scales and zero points are the
same in the first two conversions (the int32 biases were not compared). The docstring is read from the installed package
(`tensorflow/lite/python/lite.py`, `RepresentativeDataset`).

severity: silent
topics: P3
aliases:
  - int8 quantized tflite model accuracy drops a lot
  - full integer quantization gives wrong predictions
  - how many samples should the representative dataset have
  - what should representative_dataset return
  - tflite input quantization scale and zero_point from get_input_details
  - quantized model outputs saturate or clip
  - post-training quantization calibration data
"""

import os
import tempfile
import warnings

# Before tensorflow: with TF 2.20 the other order aborts
# (see deploy/litert_interpreter.py).
from ai_edge_litert.interpreter import Interpreter

# isort: split
import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(0)
keras.config.disable_interactive_logging()
model = keras.Sequential(
    [
        keras.Input((8,)),
        keras.layers.Dense(32, activation="relu"),
        keras.layers.Dense(4),
    ]
)
rng = np.random.default_rng(0)
test_rows = rng.uniform(-4.0, 4.0, (200, 8)).astype("float32")
expected = model.predict(test_rows, verbose=0)
export_dir = os.path.join(tempfile.mkdtemp(), "model")
model.export(export_dir)

# --8<-- [start:show]
served = rng.uniform(-4.0, 4.0, (1000, 8)).astype("float32")
picked = served[rng.choice(len(served), 256, replace=False)]
calibrations = {
    "scaled by 1/8": picked / 8,  # wrong: not what you serve
    "as served": picked,  # right: random rows of real inputs
}


def representative(rows):
    def dataset():  # one batch-of-one input list per step
        for row in rows:
            yield [row[np.newaxis]]

    return dataset


# --8<-- [end:show]


def convert(rows):
    """Full integer, int8 in and out (see the quantization card)."""
    converter = tf.lite.TFLiteConverter.from_saved_model(export_dir)
    converter.optimizations = [tf.lite.Optimize.DEFAULT]
    converter.representative_dataset = representative(rows)
    converter.target_spec.supported_ops = [
        tf.lite.OpsSet.TFLITE_BUILTINS_INT8
    ]
    converter.inference_input_type = tf.int8
    converter.inference_output_type = tf.int8
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # converter deprecation notes
        return converter.convert()


def run(tflite_model, rows):
    interpreter = Interpreter(model_content=tflite_model)
    source = interpreter.get_input_details()[0]
    target = interpreter.get_output_details()[0]
    interpreter.resize_tensor_input(source["index"], rows.shape)
    interpreter.allocate_tensors()
    scale, zero_point = source["quantization"]
    quantized = np.clip(np.round(rows / scale + zero_point), -128, 127)
    interpreter.set_tensor(source["index"], quantized.astype(np.int8))
    interpreter.invoke()
    scale, zero_point = target["quantization"]
    raw = interpreter.get_tensor(target["index"]).astype(np.float32)
    return (raw - zero_point) * scale


print(
    f"{'calibration':<14} {'scale':>7} {'zero':>4}  int8 input covers"
    "  mean |error|  same top class"
)


def weight_quantization(interpreter):
    """Per-channel int8 tensors (the kernels): name -> params."""
    found = {}
    for tensor in interpreter.get_tensor_details():
        params = tensor["quantization_parameters"]
        if tensor["dtype"] == np.int8 and len(params["scales"]) > 1:
            found[tensor["name"]] = (
                params["scales"].tolist(),
                params["zero_points"].tolist(),
            )
    return found


results, weights = {}, {}
for name, rows in calibrations.items():
    tflite_model = convert(rows)
    # --8<-- [start:diagnose]
    interpreter = Interpreter(model_content=tflite_model)
    source = interpreter.get_input_details()[0]
    scale, zero_point = source["quantization"]
    low = (-128 - zero_point) * scale  # what int8 -128 stands for
    high = (127 - zero_point) * scale  # and 127: compare with your data
    # --8<-- [end:diagnose]
    outputs = run(tflite_model, test_rows)
    error = float(np.abs(outputs - expected).mean())
    agree = float((outputs.argmax(1) == expected.argmax(1)).mean())
    results[name] = (rows, scale, zero_point, low, high, error, agree)
    weights[name] = weight_quantization(interpreter)
    print(
        f"{name:<14} {scale:>7.5f} {zero_point:>4}  "
        f"{low:>6.2f} to {high:>5.2f}  {error:>12.3f}  {agree:>14.1%}"
    )
print(f"Keras outputs: mean |value| {np.abs(expected).mean():.3f}")

# Each input range is the calibration rows' (min, max), to a step.
for name, (rows, scale, _, low, high, *_) in results.items():
    assert low <= rows.min() + scale and high >= rows.max() - scale, (
        name
    )
    assert (high - low) <= (rows.max() - rows.min()) + 2 * scale, name
narrow, served_range = results["scaled by 1/8"], results["as served"]
assert narrow[4] < 0.51 and narrow[3] > -0.51, "expected about ±0.5"
assert served_range[3] < -3.9 and served_range[4] > 3.9, "about ±4"
outside = float((np.abs(test_rows) > narrow[4]).mean())
print(f"test values outside the narrow range: {outside:.0%}")
assert outside > 0.8, "expected most test values outside ±0.5"
# The narrow calibration is clearly worse on the same rows.
assert narrow[5] > 20 * served_range[5], "expected a far larger error"
assert served_range[5] < 0.05, "expected a small error as served"
assert narrow[6] < served_range[6] - 0.1, "expected fewer top classes"
assert served_range[6] >= 0.95, "expected nearly all top classes kept"
# The kernels' ranges do not follow the calibration rows.
assert len(weights["as served"]) == 2, weights["as served"].keys()
assert weights["as served"] == weights["scaled by 1/8"], (
    "expected the same weight scales whatever the calibration"
)
# All-positive calibration rows: the range still reaches down to 0.
positive = np.abs(picked) + 1.0  # all in [1, 5]
source = Interpreter(
    model_content=convert(positive)
).get_input_details()
scale, zero_point = source[0]["quantization"]
low, high = (-128 - zero_point) * scale, (127 - zero_point) * scale
print(
    f"calibrated on [1, 5]: int8 input covers {low:.1f} to {high:.1f}"
)
assert positive.min() > 1.0, "expected no row below 1"
assert low <= 0.0 and low > -scale, f"expected 0 as the floor: {low}"
assert abs(high - positive.max()) <= scale, (high, positive.max())
doc = " ".join(tf.lite.RepresentativeDataset.__doc__.split())
assert "(min, max) of all floating-point arrays in the model" in doc
assert "a small subset of a few hundred samples randomly chosen" in doc
assert "from the training or evaluation dataset" in doc
wrapped = np.array([130.0, -130.0]).astype(np.int8)
assert wrapped.tolist() == [-126, 126], "expected astype to wrap around"
