"""TF-TRT: absent from this build; its frozen graph must fit in 2 GB

When you hit it: you want NVIDIA TensorRT speed for a SavedModel through
`tf.experimental.tensorrt.Converter`, and it raises "Tensorflow has not
been built with TensorRT support", or a large model fails at
protobuf's 2 GB limit (tensorflow/tensorflow#45910).

What is going on: TF-TRT replaces the subgraphs TensorRT supports with
`TRTEngineOp` nodes, for inference on NVIDIA GPUs (NVIDIA's guide,
https://docs.nvidia.com/deeplearning/frameworks/tf-trt-user-guide/).
This wheel has no TensorRT: the build info says so and the converter
raises when created. TensorFlow 2.17 was the last release with it; 2.18
disabled it in CUDA builds (release notes,
https://github.com/tensorflow/tensorflow/releases/tag/v2.18.0). Before
converting, `TrtGraphConverterV2.convert` by default freezes the
variables into `Const` nodes, so every weight lands in one GraphDef:
over 2 GB of weights, it cannot be serialized.

Pitfall: TF-TRT can be slower than plain TensorFlow: many small
TensorRT segments, or new input shapes past the cached engines. Time
both before you deploy.

Checked: the build flag, the converter's error and the defaults come
from this run's TensorFlow 2.21 (CPU build). The freezing is the
converter's own step (`tensorflow/python/compiler/tensorrt/trt_convert.py`,
`TrtGraphConverterV2.convert`), run here on a 1 MiB kernel: every weight
byte went into the frozen GraphDef's `Const` nodes; [the large arrays
card](data.md#large-array-from-tensor-slices) shows the 2 GB limit
itself. `TF_TRT_EXPERIMENTAL_FEATURES=disable_graph_freezing` skips the
freezing only with `use_dynamic_shape=True`; by default the converter
logs "Disabling graph freezing is only possible in dynamic shape mode"
and freezes anyway (same file, `TrtGraphConverterV2.__init__`; read,
not run; experimental, tensorflow/tensorflow#55692). The slow cases
come from NVIDIA/TensorRT#427, tensorflow/tensorrt#183 and the
defaults' docstring (`TrtConversionParams`): with
`maximum_cached_engines=1`, an input shape no cached engine handles
falls back to the TensorFlow subgraph.
TensorFlow 2.17's release notes:
https://github.com/tensorflow/tensorflow/releases/tag/v2.17.0.

severity: tip
topics: P10
aliases:
  - Tensorflow has not been built with TensorRT support.
  - Tensorflow needs to be built with TensorRT support enabled to allow TF-TRT to operate.
  - tensorflow.GraphDef exceeds maximum protobuf size of 2GB with TrtGraphConverterV2
  - Could not find TensorRT
  - TF-TRT Warning: Could not find TensorRT
  - is TensorRT supported in TensorFlow 2.18 or later
  - TF-TRT model slower than the original TensorFlow model
  - from tensorflow.python.compiler.tensorrt import trt_convert as trt
"""

import contextlib
import inspect
import io
import logging
import os
import tempfile

import keras
import tensorflow as tf
from tensorflow.python.compiler.tensorrt import trt_convert as trt
from tensorflow.python.framework import convert_to_constants


class Collect(logging.Handler):
    """Keeps what TensorFlow logs, to print and check it."""

    def __init__(self):
        super().__init__()
        self.messages = []

    def emit(self, record):
        self.messages.append(record.getMessage())


logged = Collect()
tf.get_logger().addHandler(logged)
keras.utils.set_random_seed(0)
model = keras.Sequential([keras.Input((512,)), keras.layers.Dense(512)])
saved_model_dir = os.path.join(tempfile.mkdtemp(), "saved_model")
with contextlib.redirect_stdout(io.StringIO()):  # its summary
    model.export(saved_model_dir)  # Keras 3.4 has no verbose=

# --8<-- [start:show]
build = tf.sysconfig.get_build_info()
print("is_tensorrt_build:", build["is_tensorrt_build"])
try:
    converter = tf.experimental.tensorrt.Converter(
        input_saved_model_dir=saved_model_dir
    )
except RuntimeError as err:
    message = str(err)
    print("RuntimeError:", message)
# --8<-- [end:show]
print("logged:", logged.messages[-1])
assert build["is_tensorrt_build"] is False, "expected no TensorRT here"
assert not trt._pywrap_py_utils.is_tensorrt_enabled(), (
    "expected the TF-TRT bindings to report TensorRT disabled"
)
assert message == "Tensorflow has not been built with TensorRT support."
assert logged.messages[-1] == (
    "Tensorflow needs to be built with TensorRT support enabled to allow "
    "TF-TRT to operate."
), "expected the logged error before the raise"

defaults = tf.experimental.tensorrt.ConversionParams()
print(
    "defaults: precision",
    defaults.precision_mode,
    "| minimum_segment_size",
    defaults.minimum_segment_size,
    "| maximum_cached_engines",
    defaults.maximum_cached_engines,
    "| allow_build_at_runtime",
    defaults.allow_build_at_runtime,
)
assert (
    defaults.precision_mode,
    defaults.minimum_segment_size,
    defaults.maximum_cached_engines,
    defaults.allow_build_at_runtime,
) == ("FP32", 3, 1, True), "expected the documented defaults"
doc = " ".join(trt.TrtConversionParams.__doc__.split())
assert (
    "none of them supports the input shapes, the TRTEngineOp will fall "
    "back to run the original TF subgraph" in doc
), "expected the fallback for shapes past the cached engines"
assert trt._TRT_ENGINE_OP_NAME == "TRTEngineOp", "expected TRTEngineOp"

convert_source = inspect.getsource(trt.TrtGraphConverterV2.convert)
init_source = inspect.getsource(trt.TrtGraphConverterV2.__init__)
assert "convert_variables_to_constants_v2(func)" in convert_source, (
    "expected convert() to freeze the variables first"
)
assert "if self.freeze:" in convert_source, "expected freezing optional"
assert '"disable_graph_freezing"' in init_source, (
    "expected the experimental switch that skips freezing"
)
dynamic_default = (
    inspect.signature(trt.TrtGraphConverterV2.__init__)
    .parameters["use_dynamic_shape"]
    .default
)
assert dynamic_default is None and (
    "self._use_dynamic_shape = False" in init_source
), "expected static shapes by default"
assert (
    "if not self.freeze and not self._use_dynamic_shape:" in init_source
    and "Disabling graph freezing is only possible in dynamic shape mode."
    in init_source
    and "self.freeze = True" in init_source
), "expected the switch to need use_dynamic_shape=True"

# The converter's freezing step, run on the exported signature.
reloaded = tf.saved_model.load(saved_model_dir)  # keeps the variables
serving_fn = reloaded.signatures["serving_default"]
before = serving_fn.graph.as_graph_def()
frozen = convert_to_constants.convert_variables_to_constants_v2(
    serving_fn
).graph.as_graph_def()
weight_bytes = sum(w.numpy().nbytes for w in model.weights)
const_bytes = sum(
    node.ByteSize() for node in frozen.node if node.op == "Const"
)
print(
    f"weights {weight_bytes:,} B | GraphDef before freezing "
    f"{before.ByteSize():,} B, after {frozen.ByteSize():,} B"
)
assert before.ByteSize() < 10_000, "expected the weights outside before"
assert const_bytes >= weight_bytes, (
    "expected the weights in Const nodes"
)
assert frozen.ByteSize() > weight_bytes, (
    "expected the frozen GraphDef to outgrow the weights"
)
