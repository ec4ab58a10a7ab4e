"""TFLite quantization options, measured: size against accuracy

When you hit it: you convert a model for a phone or a microcontroller
and must choose `optimizations`, `supported_types` and maybe a
representative dataset.

What is going on: `tf.lite.TFLiteConverter` keeps float32 weights by
default. `optimizations=[tf.lite.Optimize.DEFAULT]` alone gives
dynamic-range quantization: float inputs, int8 weights for the larger
weight tensors (here the 256-value output kernel stays float32).
Adding `supported_types=[tf.float16]` stores float16 weights instead.
With `DEFAULT` set, a `representative_dataset` plus
`TFLITE_BUILTINS_INT8` gives a full integer model; without `DEFAULT`,
the result stays all float32. The run below measures each on a
32-64-64-4 MLP (6,532 parameters, float32 weights = 26,128 bytes).

Pitfall: quantization is a trade, not a free switch. Compare the
converted model's outputs with the Keras model's on real inputs. Only
with `inference_input_type=tf.int8` does a full integer model take int8
inputs, quantized with its `scale` and `zero_point`.

severity: tip
topics: P3
aliases:
  - post-training quantization: which option should I choose
  - how do I make my tflite model smaller
  - int8 tflite model gives different predictions than the Keras model
  - converter.post_training_quantize = True
  - tf.lite.Optimize.OPTIMIZE_FOR_SIZE
  - accuracy drops after converting to tflite with quantization
  - full integer quantization with representative_dataset and int8 input
  - reduce the tflite model size with float16 or int8 quantization
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
# model.export's save messages go to the log, not to the output.
keras.config.disable_interactive_logging()
model = keras.Sequential(
    [
        keras.Input((32,)),
        keras.layers.Dense(64, activation="relu"),
        keras.layers.Dense(64, activation="relu"),
        keras.layers.Dense(4),
    ]
)
rng = np.random.default_rng(0)
calibration = rng.normal(size=(64, 32)).astype("float32")
test_inputs = rng.normal(size=(16, 32)).astype("float32")
expected = model.predict(test_inputs, verbose=0)
assert model.count_params() == 6532, "expected a 6,532-parameter model"
assert model.count_params() * 4 == 26128, "expected 26,128 weight bytes"
export_dir = os.path.join(tempfile.mkdtemp(), "model")
model.export(export_dir)


def representative_data():
    for row in calibration:
        yield [row[np.newaxis]]


def convert(kind):
    # --8<-- [start:show]
    converter = tf.lite.TFLiteConverter.from_saved_model(export_dir)
    if kind != "float32":
        converter.optimizations = [tf.lite.Optimize.DEFAULT]
    if kind == "float16":
        converter.target_spec.supported_types = [tf.float16]
    if kind == "int8":
        converter.representative_dataset = representative_data
        converter.target_spec.supported_ops = [
            tf.lite.OpsSet.TFLITE_BUILTINS_INT8
        ]
        converter.inference_input_type = tf.int8
        converter.inference_output_type = tf.int8
    return converter.convert()  # bytes of the .tflite file
    # --8<-- [end:show]


def run(tflite_model, inputs):
    interpreter = Interpreter(model_content=tflite_model)
    input_detail = interpreter.get_input_details()[0]
    output_detail = interpreter.get_output_details()[0]
    interpreter.resize_tensor_input(input_detail["index"], inputs.shape)
    interpreter.allocate_tensors()
    if input_detail["dtype"] == np.int8:
        scale, zero_point = input_detail["quantization"]
        inputs = np.round(inputs / scale + zero_point).astype(np.int8)
    interpreter.set_tensor(input_detail["index"], inputs)
    interpreter.invoke()
    outputs = interpreter.get_tensor(output_detail["index"])
    if output_detail["dtype"] == np.int8:
        scale, zero_point = output_detail["quantization"]
        outputs = (outputs.astype(np.float32) - zero_point) * scale
    if input_detail["dtype"] == np.int8:
        assert output_detail["dtype"] == np.int8, (
            "expected int8 outputs"
        )
    return outputs, input_detail["dtype"]


with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # converter deprecation notes
    tflite_models = {
        kind: convert(kind)
        for kind in ["float32", "dynamic", "float16", "int8"]
    }

sizes, errors = {}, {}
print(f"{'conversion':<10} {'bytes':>6}  {'max abs diff':<12}  input")
for kind, tflite_model in tflite_models.items():
    outputs, input_dtype = run(tflite_model, test_inputs)
    sizes[kind] = len(tflite_model)
    errors[kind] = float(np.abs(outputs - expected).max())
    print(
        f"{kind:<10} {sizes[kind]:>6}  {errors[kind]:<12.4g}  "
        f"{np.dtype(input_dtype).name}"
    )


def weight_dtypes(tflite_model):
    interpreter = Interpreter(model_content=tflite_model)
    return {
        np.dtype(t["dtype"]).name
        for t in interpreter.get_tensor_details()
    }


KERNELS = {
    "hidden 1": (64, 32),
    "hidden 2": (64, 64),
    "output": (4, 64),
}


def kernel_dtypes(tflite_model):
    """Dtypes of the tensors shaped like each Dense kernel."""
    interpreter = Interpreter(model_content=tflite_model)
    found = {name: set() for name in KERNELS}
    for tensor in interpreter.get_tensor_details():
        for name, shape in KERNELS.items():
            if tuple(tensor["shape"]) == shape:
                found[name].add(np.dtype(tensor["dtype"]).name)
    return {name: sorted(dtypes) for name, dtypes in found.items()}


def io_dtypes(tflite_model):
    interpreter = Interpreter(model_content=tflite_model)
    return [
        np.dtype(details[0]["dtype"]).name
        for details in (
            interpreter.get_input_details(),
            interpreter.get_output_details(),
        )
    ]


dynamic_kernels = kernel_dtypes(tflite_models["dynamic"])
print("dynamic-range kernels:", dynamic_kernels)
assert dynamic_kernels == {
    "hidden 1": ["int8"],
    "hidden 2": ["int8"],
    "output": ["float32"],
}, "expected int8 hidden kernels and a float32 256-value output kernel"
float16_kernels = kernel_dtypes(tflite_models["float16"])
print("float16 kernels:", float16_kernels)
assert all(
    "float16" in d and "int8" not in d for d in float16_kernels.values()
), "expected float16 weights for every kernel, none int8"
assert weight_dtypes(tflite_models["float32"]) == {"float32"}, (
    "expected only float32 tensors by default"
)
assert io_dtypes(tflite_models["dynamic"]) == ["float32", "float32"], (
    "expected float inputs and outputs in the dynamic-range model"
)
assert io_dtypes(tflite_models["int8"]) == ["int8", "int8"], (
    "expected int8 inputs and outputs with inference_input_type=tf.int8"
)
assert weight_dtypes(tflite_models["int8"]) == {"int8"}, (
    "expected a full integer model: every tensor int8 here"
)


def int8_variant(optimize, int8_io):
    converter = tf.lite.TFLiteConverter.from_saved_model(export_dir)
    if optimize:
        converter.optimizations = [tf.lite.Optimize.DEFAULT]
    converter.representative_dataset = representative_data
    converter.target_spec.supported_ops = [
        tf.lite.OpsSet.TFLITE_BUILTINS_INT8
    ]
    if int8_io:
        converter.inference_input_type = tf.int8
        converter.inference_output_type = tf.int8
    return converter.convert()


with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    float_io = int8_variant(optimize=True, int8_io=False)
    no_default = int8_variant(optimize=False, int8_io=False)
print(
    "int8 without inference types: input, output",
    io_dtypes(float_io),
    "| kernels",
    sorted({d for v in kernel_dtypes(float_io).values() for d in v}),
)
print(
    "int8 recipe without DEFAULT: tensor dtypes",
    sorted(weight_dtypes(no_default)),
)
assert io_dtypes(float_io) == ["float32", "float32"], (
    "expected float32 inputs without inference_input_type"
)
assert all(v == ["int8"] for v in kernel_dtypes(float_io).values()), (
    "expected int8 kernels without inference_input_type"
)
float_io_interpreter = Interpreter(model_content=float_io)
io_indices = {
    float_io_interpreter.get_input_details()[0]["index"],
    float_io_interpreter.get_output_details()[0]["index"],
}
float32_indices = {
    t["index"]
    for t in float_io_interpreter.get_tensor_details()
    if t["dtype"] == np.float32
}
assert float32_indices == io_indices, (
    "expected float32 only at the input and the output"
)
assert weight_dtypes(no_default) == {"float32"}, (
    "expected no quantization without optimizations=[DEFAULT]"
)
assert (
    sizes["int8"]
    < sizes["dynamic"]
    < sizes["float16"]
    < sizes["float32"]
), "expected int8 < dynamic-range < float16 < float32 in file size"
assert errors["float32"] < 1e-5, "expected the default to match Keras"
assert errors["float32"] < errors["float16"] < errors["dynamic"], (
    "expected float16 to be closer to Keras than dynamic-range"
)
assert errors["dynamic"] < errors["int8"], (
    "expected int8 to be the least exact"
)
assert errors["int8"] < 0.1, "expected int8 still close on this model"
assert sizes["float32"] / sizes["dynamic"] < 4, (
    "expected dynamic-range to shrink this model less than 4x"
)
