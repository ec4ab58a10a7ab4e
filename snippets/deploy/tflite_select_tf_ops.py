"""Ops TFLite lacks: `SELECT_TF_OPS` if TF Select has them, and a Flex runtime

When you hit it: `converter.convert()` fails with "Some ops are not
supported by the native TFLite runtime" on a model that runs fine in
TensorFlow.

What is going on: the converter maps each TF op to a TFLite builtin.
By default, an op without one makes `convert()` raise `ConverterError`
(`tf.lite` has no public alias; import it from
`tensorflow.lite.python.convert_phase`). Ops that
TF Select supports, like `MatrixInverse` (`tf.linalg.inv`), are listed
under "TF Select ops"; adding `tf.lite.OpsSet.SELECT_TF_OPS` to
`supported_ops` embeds them as "Flex" ops that call TensorFlow kernels.
Others, like `EagerPyFunc` (`tf.py_function`), are listed under
"Custom ops", and `SELECT_TF_OPS` does not help them.

Pitfall: the conversion then succeeds, but the file only runs where
the Flex delegate is linked. From TF 2.19, neither `ai_edge_litert`'s
interpreter nor `tf.lite.Interpreter` runs it: both raise `RuntimeError`
at `allocate_tensors`. Prefer rewriting the op with builtin ops.

Checked: the matrix line runs this file on each release. Up to TF 2.18
(2.16 to 2.18 run), the `tensorflow` wheel's `tf.lite.Interpreter` runs
the file and inverts the matrix, and so does `ai_edge_litert` 1.0.1 and
1.2.0 next to TF 2.17 and 2.18.

severity: crash
topics: P3
aliases:
  - operators in the model are not supported by the standard TensorFlow Lite runtime
  - op is neither a custom op nor a flex op
  - TFLite interpreter needs to link Flex delegate in order to run the model
  - how do I convert a model with ops that TFLite does not support
  - Node number failed to prepare with a Flex op
  - target_ops=TFLITE_BUILTINS,SELECT_TF_OPS or --enable_select_tf_ops
  - tensorflow-lite-select-tf-ops dependency for Android
  - converter.target_spec.supported_ops with SELECT_TF_OPS
"""

import warnings

# Before tensorflow: with TF 2.20 the other order aborts
# (see deploy/litert_interpreter.py). TF 2.16 has no ai_edge_litert.
try:
    from ai_edge_litert.interpreter import Interpreter
except ImportError:
    Interpreter = None

# isort: split
import numpy as np
import tensorflow as tf
from tensorflow.lite.python.convert_phase import ConverterError

RELEASE = tuple(int(p) for p in tf.__version__.split(".")[:2])


@tf.function(input_signature=[tf.TensorSpec([None, 3, 3], tf.float32)])
def invert(matrices):
    return tf.linalg.inv(matrices)


concrete_fn = invert.get_concrete_function()

try:
    # --8<-- [start:wrong]
    converter = tf.lite.TFLiteConverter.from_concrete_functions(
        [concrete_fn], invert
    )
    tflite_model = converter.convert()  # raises ConverterError
    # --8<-- [end:wrong]
except ConverterError as err:
    lines = str(err).splitlines()
hint = next(ln for ln in lines if ln.startswith("Some ops are not"))
select_ops = next(ln for ln in lines if ln.startswith("TF Select ops"))
print("ConverterError:", hint.split(" See instructions")[0])
print(select_ops)
assert not hasattr(tf.lite, "ConverterError"), (
    "expected no public alias"
)
assert select_ops == "TF Select ops: MatrixInverse", (
    "expected the error to name the op that needs TF Select"
)

# --8<-- [start:right]
converter = tf.lite.TFLiteConverter.from_concrete_functions(
    [concrete_fn], invert
)
converter.target_spec.supported_ops = [
    tf.lite.OpsSet.TFLITE_BUILTINS,  # native ops first
    tf.lite.OpsSet.SELECT_TF_OPS,  # then TF kernels ("Flex")
]
tflite_model = converter.convert()
# --8<-- [end:right]
print("converted with SELECT_TF_OPS:", len(tflite_model) > 0)
assert b"FlexMatrixInverse" in tflite_model, "expected a Flex op inside"

identity = np.eye(3, dtype=np.float32)[np.newaxis] * 2.0
interpreters = {}
if Interpreter is None:
    assert RELEASE == (2, 16), "expected ai_edge_litert from TF 2.17"
else:
    interpreters["ai_edge_litert"] = Interpreter(
        model_content=tflite_model
    )
with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # tf.lite.Interpreter deprecation
    interpreters["tf.lite"] = tf.lite.Interpreter(
        model_content=tflite_model
    )
for name, interpreter in interpreters.items():
    message = ""
    try:
        interpreter.allocate_tensors()
    except RuntimeError as err:
        message = str(err)
    if RELEASE >= (2, 19):
        assert "Flex delegate" in message, (
            f"expected {name} to lack Flex"
        )
        continue
    assert not message, f"expected {name} to run Flex on TF <= 2.18"
    interpreter.set_tensor(
        interpreter.get_input_details()[0]["index"], identity
    )
    interpreter.invoke()
    inverse = interpreter.get_tensor(
        interpreter.get_output_details()[0]["index"]
    )
    print(f"TF {tf.__version__}: {name} runs it")
    np.testing.assert_allclose(
        inverse, identity / 4.0, err_msg=f"expected {name} to invert"
    )
if RELEASE >= (2, 19):
    print("RuntimeError:", message.split(" For the Android")[0])


@tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
def doubled(rows):
    return tf.py_function(lambda a: a * 2, [rows], tf.float32)


for ops in (
    [tf.lite.OpsSet.TFLITE_BUILTINS],
    [tf.lite.OpsSet.TFLITE_BUILTINS, tf.lite.OpsSet.SELECT_TF_OPS],
):
    py_converter = tf.lite.TFLiteConverter.from_concrete_functions(
        [doubled.get_concrete_function()], doubled
    )
    py_converter.target_spec.supported_ops = ops
    try:
        py_converter.convert()
    except ConverterError as err:
        py_lines = str(err).splitlines()
    else:
        raise AssertionError("expected tf.py_function not to convert")
    assert "Custom ops: EagerPyFunc" in py_lines, (
        f"expected EagerPyFunc listed as a custom op with {len(ops)} sets"
    )
    assert not any(ln.startswith("TF Select ops") for ln in py_lines), (
        "expected EagerPyFunc not to be offered to TF Select"
    )
print(
    "tf.py_function, with or without SELECT_TF_OPS: Custom ops: EagerPyFunc"
)

np.testing.assert_allclose(
    invert(identity),
    identity / 4.0,
    err_msg="expected TF itself to run it",
)
