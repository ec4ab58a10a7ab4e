"""Full-int8 TFLite: 640-px boxes and scores in one output lose the scores

When you hit it: your full-integer `.tflite` detector (recipe on
[the quantization card](deploy.md#tflite-quantization-compared)) keeps
its boxes, but its class scores collapse. Its head concatenates boxes
in pixels with sigmoid scores, as YOLOv8's export did.

What is going on: each int8 activation tensor has one `scale` and
`zero_point`, and an int8 `CONCATENATION` needs its inputs on its
output's. So a `QUANTIZE` moves the scores onto the joined step: 0 to
about 610 px in steps of 2.4 px, where every score rounds to 0. A
float32 `inference_output_type` (the default) only appends a
`DEQUANTIZE`: same numbers. Fixes, measured below: separate `boxes`
and `scores` outputs; boxes kept in [0, 1] until after the model;
dynamic-range quantization, which stores activations as float32; or
the concatenation kept float.

Pitfall: `tf.lite.experimental.QuantizationDebugger` lists no row for
the `QUANTIZE` that zeroes the scores, and its `max_abs_error` and
`mean_squared_error`, in each layer's units, rank the box scaling
(`MUL`) first. Add a metric relative to each step.

Checked: on this machine's CPU with TF 2.21 and the LiteRT
interpreter, for an untrained, seeded 32-64 network with a 4-box,
3-score head, calibrated on 200 random rows and compared with the
Keras model on 200 others (mean errors). Here every tensor but the
per-channel kernels has one scale (the untrained layers' zero biases
are dropped); one scale per activation tensor is TFLite's 8-bit spec
(https://www.tensorflow.org/lite/performance/quantization_spec). The
joined output's range is the calibrated one. Each sigmoid's output has
the step 1/256 that the spec fixes for `LOGISTIC`, and both inputs of
the concatenation have the joined 2.4043 step, as the spec requires
for `CONCATENATION`. The `QUANTIZE` turns the nonzero
scores into the zero point: every score of the joined int8 output is
0, while the scores lie below half a step. With an int8 input, the
float32 output equals the int8 one. The dynamic-range model stores
only the 64x32 kernel as int8. Its boxes match that kernel applied
to the input quantized to int8 row by row at run time (within 0.001
px), not to the float input (over 1 px off). The custom metric flags
3 of the 7 joined values (the scores) and under 0.1 of any other
layer's. The debugger runs `tf.lite.Interpreter` inside; from TF 2.19
on, that interpreter warns that it is deprecated. Its
`denylisted_ops` and `get_nondebug_quantized_model` keep the
concatenation float
(`tensorflow/lite/tools/optimize/debugging/python/debugger.py`,
`QuantizationDebugger`). If the error is spread over every output,
check the calibration data instead
([the calibration card](deploy.md#tflite-int8-accuracy-drop)). Not
run here: the Edge TPU and microcontrollers, which the table on
https://www.tensorflow.org/lite/performance/post_training_quantization
lists with the CPU for full integer models (the CPU alone for
dynamic-range ones). The YOLOv8 case and its fix, boxes divided by the
image size, are in
https://github.com/ultralytics/ultralytics/pull/1695.

severity: silent
topics: P3
aliases:
  - int8 tflite model accuracy drops 50%
  - YOLOv8 int8 tflite detects nothing, all scores are zero
  - yolov5 full_integer_quant tflite low confidence
  - int8 quantized output scale and zero_point from get_output_details
  - quantization error concat boxes and class scores
  - per-tensor activation quantization one scale for the whole output
  - inference_output_type float32 still gives wrong int8 results
  - how do I find which layer quantization hurts
  - tf.lite.experimental.QuantizationDebugger layer_statistics
  - selective quantization denylisted_ops keep a layer float
"""

import csv
import io
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
IMAGE_SIZE = 640.0

# --8<-- [start:wrong]
features = keras.Input((32,))
hidden = keras.layers.Dense(64, activation="relu")(features)
unit_boxes = keras.layers.Dense(4, activation="sigmoid")(hidden)
boxes = keras.layers.Rescaling(IMAGE_SIZE)(unit_boxes)  # 0 to 640 px
scores = keras.layers.Dense(3, activation="sigmoid")(hidden)  # 0 to 1
joined = keras.layers.Concatenate()([boxes, scores])  # wrong
# --8<-- [end:wrong]
# --8<-- [start:right]
separate = {"boxes": boxes, "scores": scores}  # a scale for each
normalised = keras.layers.Concatenate()([unit_boxes, scores])
# after the interpreter: dequantize, then boxes times IMAGE_SIZE
# --8<-- [end:right]
models = {
    "one tensor": keras.Model(features, joined),
    "two outputs": keras.Model(features, separate),
    "normalised": keras.Model(features, normalised),
}

rng = np.random.default_rng(0)
calibration = rng.normal(size=(200, 32)).astype("float32")
test_rows = rng.normal(size=(200, 32)).astype("float32")
expected = models["one tensor"].predict(test_rows, verbose=0)
expected_boxes, expected_scores = expected[:, :4], expected[:, 4:]


def representative_data():
    for row in calibration:
        yield [row[np.newaxis]]


def converter_for(model, full_integer=True):
    export_dir = os.path.join(tempfile.mkdtemp(), "model")
    model.export(export_dir)
    converter = tf.lite.TFLiteConverter.from_saved_model(export_dir)
    converter.optimizations = [tf.lite.Optimize.DEFAULT]
    if full_integer:
        converter.representative_dataset = representative_data
    return converter


def convert(model, full_integer=True, output_type=tf.int8):
    """The quantization card's recipes; int8 in and out by default."""
    converter = converter_for(model, full_integer)
    if full_integer:
        converter.target_spec.supported_ops = [
            tf.lite.OpsSet.TFLITE_BUILTINS_INT8
        ]
        converter.inference_input_type = tf.int8
        converter.inference_output_type = output_type
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # converter deprecation notes
        return converter.convert()


def run(tflite_model, rows):
    """Outputs as float, each named by its width (4 boxes, 3 scores)."""
    interpreter = Interpreter(model_content=tflite_model)
    source = interpreter.get_input_details()[0]
    interpreter.resize_tensor_input(source["index"], rows.shape)
    interpreter.allocate_tensors()
    if source["dtype"] == np.int8:
        scale, zero_point = source["quantization"]
        rows = np.clip(np.round(rows / scale + zero_point), -128, 127)
        rows = rows.astype(np.int8)
    interpreter.set_tensor(source["index"], rows)
    interpreter.invoke()
    found = {}
    for target in interpreter.get_output_details():
        values = interpreter.get_tensor(target["index"])
        values = values.astype(np.float32)
        if target["dtype"] == np.int8:
            scale, zero_point = target["quantization"]
            values = (values - zero_point) * scale
        found[values.shape[-1]] = (values, target)
    return found


tflite_models = {
    "one tensor, int8": convert(models["one tensor"]),
    "one tensor, float out": convert(
        models["one tensor"], output_type=tf.float32
    ),
    "two outputs": convert(models["two outputs"]),
    "normalised": convert(models["normalised"]),
    "dynamic range": convert(models["one tensor"], full_integer=False),
}

# --8<-- [start:check]
joined_model = tflite_models["one tensor, int8"]
interpreter = Interpreter(model_content=joined_model)
output = interpreter.get_output_details()[0]
scale, zero_point = output["quantization"]  # one pair, 7 columns
low = (-128 - zero_point) * scale  # what the int8 range stands for
high = (127 - zero_point) * scale  # compare with the smallest part
# --8<-- [end:check]
print(
    f"one tensor: shape {output['shape'].tolist()}, scale {scale:.4f}, "
    f"zero_point {zero_point}, covers {low:.1f} to {high:.1f}"
)


# Record the debugger's warnings (the shown code stays plain).
recording = warnings.catch_warnings(record=True)
debugger_warnings = recording.__enter__()
warnings.simplefilter("always")


# --8<-- [start:diagnose]
def below_one_step(float_values, quantized, scale, zero_point):
    """Share of the nonzero values smaller than one int8 step."""
    nonzero = np.abs(float_values[float_values != 0])
    return float(np.mean(nonzero < scale)) if nonzero.size else 0.0


# A converter with Optimize.DEFAULT and a representative_dataset:
converter = converter_for(models["one tensor"])
debugger = tf.lite.experimental.QuantizationDebugger(
    converter=converter,
    debug_dataset=representative_data,
    debug_options=tf.lite.experimental.QuantizationDebugOptions(
        layer_direct_compare_metrics={"below_one_step": below_one_step}
    ),
)
debugger.run()
report = io.StringIO()
# CSV: a row per quantized op but QUANTIZE
debugger.layer_statistics_dump(report)
# --8<-- [end:diagnose]
layers = list(csv.DictReader(io.StringIO(report.getvalue())))
print(
    f"{'debugger: layer':<16} {'scale':>7}  max_abs_error  mse  below_one_step"
)
for layer in layers:
    print(
        f"{layer['op_name']:<16} {float(layer['scale']):>7.4f}  "
        f"{float(layer['max_abs_error']):>13.3f}  "
        f"{float(layer['mean_squared_error']):.3f}  "
        f"{float(layer['below_one_step']):>14.2f}"
    )

# --8<-- [start:keep_float]
debugger.options = tf.lite.experimental.QuantizationDebugOptions(
    denylisted_ops=["CONCATENATION"]  # this op stays float32
)
tflite_models["concat kept float"] = (
    debugger.get_nondebug_quantized_model()
)
# --8<-- [end:keep_float]
recording.__exit__(None, None, None)


def describe(found):
    scales = []
    for _, target in sorted(
        found.values(), key=lambda v: -v[0].shape[1]
    ):
        if target["dtype"] == np.int8:
            scales.append(f"{target['quantization'][0]:.4f}")
        else:
            scales.append(np.dtype(target["dtype"]).name)
    return ", ".join(scales)


def parts(name, found):
    if 7 in found:
        joined_values = found[7][0]
        boxes_out, scores_out = (
            joined_values[:, :4],
            joined_values[:, 4:],
        )
    else:
        boxes_out, scores_out = found[4][0], found[3][0]
    if name == "normalised":
        boxes_out = boxes_out * IMAGE_SIZE
    return boxes_out, scores_out


print(
    f"{'conversion':<22} {'output scales':<16} box |err| px  score |err|"
)
results = {}
for name, tflite_model in tflite_models.items():
    found = run(tflite_model, test_rows)
    boxes_out, scores_out = parts(name, found)
    box_error = float(np.abs(boxes_out - expected_boxes).mean())
    score_error = float(np.abs(scores_out - expected_scores).mean())
    results[name] = (
        found,
        boxes_out,
        scores_out,
        box_error,
        score_error,
    )
    print(
        f"{name:<22} {describe(found):<16} {box_error:>12.2f}"
        f"  {score_error:>11.3f}"
    )

# The model: 32 inputs, 64 hidden units, a 4-box and a 3-score head.
assert models["one tensor"].count_params() == 2048 + 64 + 260 + 195
assert calibration.shape == test_rows.shape == (200, 32)
assert models["one tensor"].output_shape == (None, 7)


def tensors(name):
    return Interpreter(
        model_content=tflite_models[name]
    ).get_tensor_details()


def ops(name):
    interpreter = Interpreter(model_content=tflite_models[name])
    return [op["op_name"] for op in interpreter._get_ops_details()]


def op_list(name):
    interpreter = Interpreter(model_content=tflite_models[name])
    return interpreter._get_ops_details()


# One scale and zero point for all 7 output columns; only the kernels
# (per-channel weights) carry more than one scale. The untrained
# layers' biases are zero, and no op keeps a bias input (-1).
params = output["quantization_parameters"]
assert len(params["scales"]) == len(params["zero_points"]) == 1
KERNELS = {(64, 32), (4, 64), (3, 64)}
for tensor in tensors("one tensor, int8"):
    found_scales = len(tensor["quantization_parameters"]["scales"])
    if tuple(tensor["shape"]) in KERNELS:
        assert found_scales == tensor["shape"][0], tensor["name"]
    else:
        assert found_scales == 1, (tensor["name"], found_scales)
weights = models["one tensor"].get_weights()
assert all(not w.any() for w in weights if w.ndim == 1)
connected = [
    op
    for op in op_list("one tensor, int8")
    if op["op_name"] == "FULLY_CONNECTED"
]
assert len(connected) == 3 and all(
    op["inputs"][2] == -1 for op in connected
)
# The output's range is the calibrated one: 0 to about 610 px.
calibrated = models["one tensor"].predict(calibration, verbose=0)
assert abs(low) < 1e-6 and calibrated.min() >= 0.0, (
    low,
    calibrated.min(),
)
assert abs(high - calibrated.max()) <= scale, (high, calibrated.max())
assert 600 < high < 620 and round(float(scale), 1) == 2.4, (high, scale)
# The sigmoids' outputs have the fixed step 1/256; both inputs of the
# concatenation have its output's step, so a QUANTIZE feeds the scores.
assert ops("one tensor, int8")[-2:] == ["QUANTIZE", "CONCATENATION"]
# The debugger's CSV: a row per quantized op, in order, none for QUANTIZE.
assert [layer["op_name"] for layer in layers] == [
    op for op in ops("one tensor, int8") if op != "QUANTIZE"
], [layer["op_name"] for layer in layers]
by_index = {t["index"]: t for t in tensors("one tensor, int8")}
sigmoids = [
    op["outputs"][0]
    for op in op_list("one tensor, int8")
    if op["op_name"] == "LOGISTIC"
]
assert len(sigmoids) == 2
for index in sigmoids:
    assert by_index[index]["quantization"] == (1 / 256, -128)
requantize, joining = op_list("one tensor, int8")[-2:]
assert requantize["inputs"][0] in sigmoids
assert requantize["outputs"][0] in joining["inputs"]
for index in joining["inputs"]:
    assert by_index[index]["quantization"] == (scale, zero_point), index
# The QUANTIZE turns the nonzero scores into the zero point.
with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # "intended for debugging purposes"
    probe = Interpreter(
        model_content=joined_model,
        experimental_preserve_all_tensors=True,
    )
probe.resize_tensor_input(0, test_rows.shape)
probe.allocate_tensors()
in_scale, in_zero = probe.get_input_details()[0]["quantization"]
probe.set_tensor(
    0,
    np.clip(np.round(test_rows / in_scale + in_zero), -128, 127).astype(
        np.int8
    ),
)
probe.invoke()
before = probe.get_tensor(requantize["inputs"][0])
after = probe.get_tensor(requantize["outputs"][0])
assert np.all(before > -128) and np.all(after == zero_point), after
# Every score rounds to 0; the boxes keep within a step.
_, broken_boxes, broken_scores, box_error, score_error = results[
    "one tensor, int8"
]
assert expected_scores.max() < scale / 2, expected_scores.max()
assert np.all(broken_scores == 0.0), "expected every score to be 0"
assert score_error > 0.3, score_error
assert box_error < scale, "expected boxes within one step on average"
# A float32 output (the default) is the same int8 tensor, dequantized.
assert converter_for(models["one tensor"]).inference_output_type == (
    tf.float32
), "expected float32 as the default inference_output_type"
float_found = results["one tensor, float out"][0]
assert float_found[7][1]["dtype"] == np.float32
assert (
    Interpreter(
        model_content=tflite_models["one tensor, float out"]
    ).get_input_details()[0]["dtype"]
    == np.int8
)
assert ops("one tensor, float out") == [
    *ops("one tensor, int8"),
    "DEQUANTIZE",
], "expected only a DEQUANTIZE at the end"
assert np.array_equal(
    float_found[7][0], results["one tensor, int8"][0][7][0]
)
# Each fix keeps the scores.
for name in [
    "two outputs",
    "normalised",
    "dynamic range",
    "concat kept float",
]:
    fixed_box_error, fixed_score_error = results[name][3:]
    assert fixed_score_error < 0.01, (name, fixed_score_error)
    assert fixed_box_error < 1.1 * box_error, (name, fixed_box_error)
# Two outputs: a scale for each, the scores' far finer.
found = results["two outputs"][0]
assert sorted(found) == [3, 4], "expected a box and a score output"
assert found[4][1]["quantization"][0] == scale, "boxes: the same step"
assert found[3][1]["quantization"][0] < scale / 100, "scores: finer"
# Normalised boxes: one tensor again, with a step for the 0..1 range;
# int8 codes, so the boxes above were dequantized before the scaling.
found = results["normalised"][0]
assert sorted(found) == [7] and found[7][1]["quantization"][0] < 0.005
assert found[7][1]["dtype"] == np.int8
# Dynamic range: only the larger kernel is int8, activations float32.
int8_shapes = [
    t["shape"].tolist()
    for t in tensors("dynamic range")
    if t["dtype"] == np.int8
]
assert int8_shapes == [[64, 32]], int8_shapes
assert all(
    t["dtype"] == np.float32
    for t in tensors("dynamic range")
    if t["shape"].tolist() != [64, 32]
), "expected every other tensor float32"
assert results["dynamic range"][0][7][1]["dtype"] == np.float32
# ...and its FULLY_CONNECTED quantizes its input row by row at run
# time: the output matches the int8 kernel on int8 rows, not on floats.
kernel = next(
    t for t in tensors("dynamic range") if t["dtype"] == np.int8
)
codes = Interpreter(
    model_content=tflite_models["dynamic range"]
).get_tensor(kernel["index"])
kernel_scales = kernel["quantization_parameters"]["scales"]
int8_kernel = (codes * kernel_scales[:, np.newaxis]).T


def int8_rows(rows):
    """Each row on its own int8 grid (asymmetric, from its range)."""
    low = np.minimum(rows.min(axis=1, keepdims=True), 0)
    high = np.maximum(rows.max(axis=1, keepdims=True), 0)
    step = (high - low) / 255
    zero = np.round(-128 - low / step)
    return (
        np.clip(np.round(rows / step + zero), -128, 127) - zero
    ) * step


def boxes_from(first_kernel, rows):
    hidden = np.maximum(rows @ first_kernel + weights[1], 0)
    return IMAGE_SIZE / (
        1 + np.exp(-(hidden @ weights[2] + weights[3]))
    )


dynamic_boxes = results["dynamic range"][1]
on_int8 = np.abs(
    boxes_from(int8_kernel, int8_rows(test_rows)) - dynamic_boxes
)
on_float = np.abs(boxes_from(int8_kernel, test_rows) - dynamic_boxes)
assert on_int8.max() < 1e-3 and on_float.max() > 1, (
    on_int8.max(),
    on_float.max(),
)
# Concat kept float: its inputs are dequantized, it runs in float32.
kept_ops = ops("concat kept float")
assert kept_ops[-1] == "CONCATENATION", kept_ops
assert kept_ops.count("DEQUANTIZE") == 2, kept_ops
assert not any(
    t["dtype"] == np.int8 and t["shape"].tolist()[-1:] == [7]
    for t in tensors("concat kept float")
), "expected no int8 tensor for the joined output"
# The debugger runs the old interpreter, deprecated from TF 2.19 on.
RELEASE = tuple(int(p) for p in tf.__version__.split(".")[:2])
deprecated = any(
    issubclass(w.category, UserWarning)
    and "tf.lite.Interpreter is deprecated" in str(w.message)
    for w in debugger_warnings
)
assert deprecated == (RELEASE >= (2, 19)), (tf.__version__, deprecated)
by_op = {layer["op_name"]: layer for layer in layers}
assert "QUANTIZE" not in by_op, "expected no row for the QUANTIZE"
assert [layer["op_name"] for layer in layers].count("MUL") == 1
assert [layer["op_name"] for layer in layers].count(
    "CONCATENATION"
) == 1
for column in ["max_abs_error", "mean_squared_error"]:
    top = max(layers, key=lambda layer: float(layer[column]))
    assert top["op_name"] == "MUL", (column, top["op_name"])
    assert float(by_op["CONCATENATION"][column]) < float(top[column])
# Relative to each step, the concatenation stands out: 3 of 7 values.
assert (
    abs(float(by_op["CONCATENATION"]["below_one_step"]) - 3 / 7) < 1e-6
)
for layer in layers:
    if layer["op_name"] != "CONCATENATION":
        assert float(layer["below_one_step"]) < 0.1, layer["op_name"]
