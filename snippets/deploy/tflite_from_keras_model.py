"""Keras 3 to TFLite: `from_keras_model` may abort (TF 2.16) or hide the real error

When you hit it: `tf.lite.TFLiteConverter.from_keras_model(model)` on
a Keras 3 model kills the process with `LLVM ERROR: Failed to infer
result type(s).` (TF 2.16), or raises `AttributeError: 'Sequential'
object has no attribute '_get_save_spec'`.

What is going on: TF 2.16's converter saves the model with
`tf.saved_model.save`, then aborts on that SavedModel (the Sequential,
Functional and subclassed models below). Where that save fails (the
`RandomFlip` model), its Keras 2 fallback raises the `_get_save_spec`
error. Fix on 2.16: `model.export(dir)` then `from_saved_model(dir)`,
or Keras 2: `tf_keras` with `TF_USE_LEGACY_KERAS=1`
([how](setup.md#tf-keras-is-keras3)). From TF 2.17, `from_keras_model`
exports the model with Keras 3 (all four convert, as with Keras 3.15.1's
`model.export("m.tflite", format="litert")`). `export` then
`from_saved_model` still fails for `RandomFlip` on every release (its
random ops stay in the SavedModel).

Pitfall: From TF 2.17 the `_get_save_spec` error (to 2.20) or
`ValueError` (later) only says Keras's export failed: e.g. an unbuilt
model (build it: `keras.Input` or `model.build((None, …))`,
[more](model.md#sequential-without-input)) or a call that fails when
traced. `model.export(dir)` shows the real error.

Checked: on this machine's CPU, each file in the table runs in LiteRT's
interpreter ([the LiteRT card](deploy.md#litert-interpreter)) on 4 rows,
matches the Keras model in inference mode within 1e-5 and differs from
it in training mode. From TF 2.17, `from_keras_model` printed Keras's
export message. For the two unbuilt models and for `Flat`, a built
subclass whose `reshape` needs the batch size, the converter's export
step (`_convert_keras_to_saved_model` in
`tensorflow/lite/python/lite.py`) failed, and each error, the one the
release gives for an unbuilt model, came from its Keras 2 fallback;
from TF 2.21 it tells `Flat` (`built=True`) to call `model.build`. `model.export` raised each real
error. On TF 2.16, child processes die of SIGABRT with the LLVM message
for each of the three models, and for `tf.saved_model.save` then
`from_saved_model`; `tf_keras` converts Keras 2 copies of the Sequential
and `RandomFlip` models. On every release the exported `RandomFlip`
SavedModel holds `StatelessRandom…` ops: the converter names them as
neither custom nor Flex ops, or, on TF 2.16, fails first on their
uint32 seed state. `format="litert"` turns on `SELECT_TF_OPS` itself:
`keras.ops.linalg.inv` becomes a Flex op
([the Select ops card](deploy.md#tflite-select-tf-ops)).

severity: crash
topics: P3, M17
aliases:
  - "AttributeError: 'Sequential' object has no attribute '_get_save_spec'"
  - "LLVM ERROR: Failed to infer result type(s)."
  - convert a Keras 3 model to tflite
  - TFLiteConverter.from_keras_model fails after upgrading to TensorFlow 2.16
  - convert a subclassed Keras model to TensorFlow Lite
  - model.export then TFLiteConverter.from_saved_model
  - model.export format="litert" to write a .tflite file
  - do I need tf_keras and TF_USE_LEGACY_KERAS=1 to convert to tflite
  - Model cannot be saved because the input shapes have not been set
  - TFLite conversion fails for a model with a RandomFlip augmentation layer
"""

import contextlib
import io
import os
import re
import signal
import subprocess
import sys
import tempfile
import traceback

# Before tensorflow: with TF 2.20 the other order aborts
# (see deploy/litert_interpreter.py). TF 2.16 has no ai_edge_litert.
try:
    from ai_edge_litert.interpreter import Interpreter
except ImportError:
    Interpreter = None

# isort: split
import keras
import numpy as np
import tensorflow as tf
from tensorflow.core.protobuf import saved_model_pb2
from tensorflow.lite.python import lite
from tensorflow.lite.python.convert_phase import ConverterError

if Interpreter is None:  # TF 2.16: the wheel's own interpreter
    Interpreter = tf.lite.Interpreter
KERAS = tuple(int(p) for p in keras.__version__.split(".")[:2])
RELEASE = tuple(int(p) for p in tf.__version__.split(".")[:2])
# Keras 3.15.1 documents format="litert" (asserted below)
LITERT_FORMAT = '"litert"' in keras.Model.export.__doc__
CARD = os.path.abspath(__file__)  # the TF 2.16 children run it
CHILD = os.environ.get("TFLITE_CARD_CHILD")  # "model:route" in one
os.chdir(tempfile.mkdtemp())  # the files below go there
keras.utils.set_random_seed(0)


# --8<-- [start:show]
def head():
    return [
        keras.layers.Conv2D(4, 3, strides=2, activation="relu"),
        keras.layers.Flatten(),
        keras.layers.Dropout(0.5),
        keras.layers.Dense(3),
    ]


class Net(keras.Model):  # a subclass, as in tensorflow#69237
    def __init__(self):
        super().__init__()
        self.blocks = head()

    def call(self, x, training=False):
        for layer in self.blocks:
            x = layer(x, training=training)
        return x


sequential = keras.Sequential([keras.Input((28, 28, 1)), *head()])
inputs = outputs = keras.Input((28, 28, 1))
for layer in head():
    outputs = layer(outputs)
functional = keras.Model(inputs, outputs)
subclassed = Net()
subclassed(keras.Input((28, 28, 1)))  # builds it: input shape known
flip = keras.layers.RandomFlip("horizontal")  # augmentation
augmented = keras.Sequential([keras.Input((28, 28, 1)), flip, *head()])


def from_keras(model, name):  # name: unused here
    return tf.lite.TFLiteConverter.from_keras_model(model).convert()


def from_export(model, name):  # the converter never sees the model
    model.export(name)  # a SavedModel directory
    return tf.lite.TFLiteConverter.from_saved_model(name).convert()


def keras_litert(model, name):  # Keras writes the .tflite file
    model.export(f"{name}.tflite", format="litert")
    with open(f"{name}.tflite", "rb") as tflite_file:
        return tflite_file.read()


# --8<-- [end:show]

models = {
    "Sequential": sequential,
    "Functional": functional,
    "subclassed": subclassed,
    "RandomFlip": augmented,
}
routes = {
    "from_keras_model": from_keras,
    "export+from_saved_model": from_export,
    'format="litert"': keras_litert,
}

if CHILD:  # a TF 2.16 child process (below): one conversion, then exit
    kind, route = CHILD.split(":")
    if route == "tf.saved_model.save":  # what 2.16's converter does
        tf.saved_model.save(models[kind], kind)
        tf.lite.TFLiteConverter.from_saved_model(kind).convert()
    else:
        from_keras(models[kind], kind)
    sys.exit(0)  # not reached on TF 2.16: the conversion aborts

# TF 2.16: Keras 2 copies of the Sequential and RandomFlip models
KERAS2_CHILD = """
import tensorflow as tf
layers = tf.keras.layers
for first in ([], [layers.RandomFlip("horizontal")]):
    model = tf.keras.Sequential([
        tf.keras.Input((28, 28, 1)), *first,
        layers.Conv2D(4, 3, strides=2, activation="relu"),
        layers.Flatten(), layers.Dropout(0.5), layers.Dense(3)])
    tf.lite.TFLiteConverter.from_keras_model(model).convert()
    print(type(model).__module__.split(".")[0], "converted")
"""


def start_child(code=None, env=None):
    """A fresh Python: this file with TFLITE_CARD_CHILD, or `code`."""
    command = [CARD] if code is None else ["-c", code]
    return subprocess.Popen(
        [sys.executable, *command],
        env={**os.environ, **env},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def aborted(child, what):
    """The child died of SIGABRT with the LLVM message."""
    _, stderr = child.communicate()
    assert child.returncode == -signal.SIGABRT, (what, child.returncode)
    assert "LLVM ERROR: Failed to infer result type(s)." in stderr, (
        f"{what}: expected the LLVM message"
    )
    return "aborts (LLVM ERROR)"


children = {}
if RELEASE == (2, 16):  # these abort the process: each in a child
    for kind in ("Sequential", "Functional", "subclassed"):
        env = {"TFLITE_CARD_CHILD": f"{kind}:from_keras_model"}
        children[kind] = start_child(env=env)
    env = {"TFLITE_CARD_CHILD": "Sequential:tf.saved_model.save"}
    children["tf.saved_model.save"] = start_child(env=env)
    env = {"TF_USE_LEGACY_KERAS": "1"}
    children["tf_keras"] = start_child(KERAS2_CHILD, env)

rows = np.random.default_rng(0).normal(size=(4, 28, 28, 1))
rows = rows.astype("float32")


def run_tflite(tflite_model, batch):
    """The LiteRT card's recipe, with the batch resized."""
    interpreter = Interpreter(model_content=tflite_model)
    source = interpreter.get_input_details()[0]
    interpreter.resize_tensor_input(source["index"], batch.shape)
    interpreter.allocate_tensors()
    interpreter.set_tensor(source["index"], batch)
    interpreter.invoke()
    target = interpreter.get_output_details()[0]
    return interpreter.get_tensor(target["index"])


def table_row(first, cells):
    return (
        f"{first:<11} " + " ".join(f"{c:<24}" for c in cells).rstrip()
    )


def convert_and_check(model, kind, route, convert):
    """One cell of the table."""
    if convert is keras_litert and not LITERT_FORMAT:
        return "n/a"
    if kind in children and convert is from_keras:  # TF 2.16
        return aborted(children[kind], f"{kind}, {route}")
    if kind == "RandomFlip" and (
        RELEASE == (2, 16) or convert is from_export
    ):
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                convert(model, kind)
        except (AttributeError, ConverterError) as err:
            failures[route] = err
            return type(err).__name__
        raise AssertionError(f"{kind}, {route}: expected it to fail")
    expected = model(rows, training=False).numpy()
    training = model(rows, training=True).numpy()
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        tflite_model = convert(model, kind)
    got = run_tflite(tflite_model, rows)
    gap = float(np.abs(got - expected).max())
    assert got.shape == expected.shape == (4, 3), got.shape
    assert gap <= 1e-5, f"{kind}, {route}: {gap} from Keras"
    assert np.abs(expected - training).max() > 0.1, (
        f"{kind}: expected training mode to change the Keras outputs"
    )
    assert np.abs(got - training).max() > 0.1, (
        f"{kind}, {route}: expected inference mode in the file"
    )
    if convert is from_keras:  # TF 2.17+
        assert "* Endpoint 'serve'" in printed.getvalue(), (
            "expected from_keras_model to go through Keras's export"
        )
    return "matches Keras"


# The converter's first step: Keras's export (TF 2.16:
# tf.saved_model.save). lite.py returns None, None, None when it fails
# and then runs its Keras 2 fallback. The proof records each outcome.
export_steps = []  # True: the step gave a graph
first_step = (
    lite.TFLiteKerasModelConverterV2._convert_keras_to_saved_model
)


def watched_step(self, output_dir):
    result = first_step(self, output_dir)
    export_steps.append(result[0] is not None)
    return result


lite.TFLiteKerasModelConverterV2._convert_keras_to_saved_model = (
    watched_step
)

print(table_row("model", routes))
if KERAS >= (3, 15):  # the pinned Keras, 3.15.1
    assert LITERT_FORMAT, "expected model.export to document litert"
failures = {}
for kind, model in models.items():
    cells = [
        convert_and_check(model, kind, route, convert)
        for route, convert in routes.items()
    ]
    print(table_row(kind, cells))
assert subclassed.built, "expected the call on keras.Input to build it"
assert all(
    tf.saved_model.contains_saved_model(kind)
    for kind in ("Sequential", "Functional", "subclassed")
)
assert isinstance(failures["export+from_saved_model"], ConverterError)
# RandomFlip, export then from_saved_model: the random ops stay
saved_model = saved_model_pb2.SavedModel()
with open("RandomFlip/saved_model.pb", "rb") as saved_file:
    saved_model.ParseFromString(saved_file.read())
graph_def = saved_model.meta_graphs[0].graph_def
random_ops = sorted(
    {
        node.op
        for function in graph_def.library.function
        for node in function.node_def
        if node.op.startswith("StatelessRandom")
    }
)
assert random_ops, "expected the flip's random ops in the SavedModel"
flip_error = " ".join(str(failures["export+from_saved_model"]).split())
if RELEASE == (2, 16):  # fails first on the ops' seed state
    seeds = [v for v in flip.variables if v.dtype == "uint32"]
    assert [tuple(v.shape) for v in seeds] == [(2,)], seeds
    assert "but got 'tensor<2xui32>'" in flip_error, flip_error
else:
    for op in random_ops:
        unsupported = (
            f"'tf.{op}' op is neither a custom op nor a flex op"
        )
        assert unsupported in flip_error, (op, flip_error)
print("RandomFlip SavedModel:", ", ".join(random_ops))
if RELEASE == (2, 16):
    error = failures["from_keras_model"]  # RandomFlip
    assert (
        "'Sequential' object has no attribute '_get_save_spec'"
        in str(error)
    ), error
    trace = traceback.extract_tb(error.__traceback__)
    assert "_freeze_keras_model" in [frame.name for frame in trace], (
        "expected the error under the Keras 2 fallback"
    )
    try:  # the save the converter tries first fails for it
        tf.saved_model.save(augmented, "augmented")
    except Exception as err:  # an AssertionError from TF
        save_error = type(err).__name__
    else:
        raise AssertionError("expected the save to fail on TF 2.16")
    print("TF 2.16, RandomFlip: tf.saved_model.save raises", save_error)
    print("TF 2.16, tf.saved_model.save + from_saved_model:", end=" ")
    print(
        aborted(children["tf.saved_model.save"], "tf.saved_model.save")
    )
    keras2 = children["tf_keras"]
    keras2_output = keras2.communicate()[0].split()
    assert keras2.returncode == 0, keras2.returncode
    assert keras2_output == ["tf_keras", "converted"] * 2, keras2_output
    print("TF 2.16, tf_keras: Sequential and RandomFlip converted")
else:
    assert "from_keras_model" not in failures, failures

export_steps.clear()
try:
    # --8<-- [start:wrong]
    unbuilt = keras.Sequential([keras.layers.Dense(3)])  # no Input
    tflite_model = tf.lite.TFLiteConverter.from_keras_model(
        unbuilt
    ).convert()  # ValueError; AttributeError on TF 2.17-2.20;
    # ConverterError on 2.16
    # --8<-- [end:wrong]
except (ValueError, AttributeError, ConverterError) as err:
    error = err


def check_fallback(error, class_name):
    """The error when Keras's export fails (TF 2.17+), by release."""
    message = " ".join(str(error).split())
    if RELEASE == (2, 16):  # an unbuilt model
        assert isinstance(error, ConverterError), type(error)
        assert "Could not translate MLIR to FlatBuffer" in message
        return message
    assert export_steps == [False], (
        f"{class_name}: expected Keras's export to fail first"
    )
    export_steps.clear()
    trace = traceback.extract_tb(error.__traceback__)
    assert "_freeze_keras_model" in [frame.name for frame in trace], (
        f"{class_name}: expected the error under the Keras 2 fallback"
    )
    if (2, 17) <= RELEASE <= (2, 20):
        assert isinstance(error, AttributeError), type(error)
        assert (
            f"'{class_name}' object has no attribute '_get_save_spec'"
            in message
        ), message
    else:
        assert isinstance(error, ValueError), type(error)
        assert (
            "cannot be saved because the input shapes have not been set"
            in message
        ), message
    return message


message = check_fallback(error, "Sequential")
if "cannot be saved" in message:  # drop the model's name
    message = "Model … " + message[message.index("cannot be saved") :]
print(f"{type(error).__name__}:", message.split(". ")[0])
export_steps.clear()
try:
    with contextlib.redirect_stdout(io.StringIO()):
        tf.lite.TFLiteConverter.from_keras_model(Net()).convert()
except (ValueError, AttributeError, ConverterError) as err:
    check_fallback(err, "Net")
    print(f"never-called subclass: {type(err).__name__} as well")
else:
    raise AssertionError("expected a never-called subclass to fail")
try:
    unbuilt.export("unbuilt")
except ValueError as err:
    export_message = str(err)
print("model.export:", export_message)
assert "has not yet been built" in export_message, export_message


class Flat(keras.Model):  # built, but its reshape needs the batch size
    def __init__(self):
        super().__init__()
        self.dense = keras.layers.Dense(3)

    def call(self, x):
        return self.dense(keras.ops.reshape(x, (x.shape[0], -1)))


if RELEASE >= (2, 17):  # the same error for a built model
    flat = Flat()
    flat(rows)  # a NumPy batch: builds it, batch size known
    assert flat.built, "expected the call to build it"
    export_steps.clear()
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            tf.lite.TFLiteConverter.from_keras_model(flat).convert()
    except (ValueError, AttributeError) as err:
        flat_message = check_fallback(err, "Flat")
        flat_error = type(err).__name__
    else:
        raise AssertionError("expected the converter to fail on Flat")
    if flat_error == "ValueError":  # it tells a built model to build
        assert "built=True" in flat_message, flat_message
        assert "call `model.build(input_shape)`" in flat_message
    try:
        flat.export("flat")
    except TypeError as err:  # the real error, from tracing Flat.call
        flat_export = re.sub(r"\x1b\[[0-9;]*m", "", str(err))
    else:
        raise AssertionError("expected Flat.export to fail")
    assert "Failed to convert elements of (None, -1) to Tensor" in (
        flat_export
    ), flat_export
    print(
        f"built Flat, reshape on the batch size: {flat_error} as well"
    )
    real_error = flat_export[flat_export.index("Failed") :]
    print("Flat.export: TypeError:", real_error.split(". ")[0])

if RELEASE >= (2, 17):  # TF 2.16's from_keras_model: see the table
    # --8<-- [start:right]
    unbuilt.build((None, 8))  # or keras.Input((8,)) as first layer
    with contextlib.redirect_stdout(io.StringIO()):  # export's
        tflite_model = tf.lite.TFLiteConverter.from_keras_model(
            unbuilt
        ).convert()
    # --8<-- [end:right]
    features = np.ones((2, 8), "float32")
    np.testing.assert_allclose(
        run_tflite(tflite_model, features),
        unbuilt(features).numpy(),
        atol=1e-5,
        err_msg="expected the built model to convert",
    )
    source = Interpreter(model_content=tflite_model).get_input_details()
    batch_free = source[0]["shape_signature"].tolist() == [-1, 8]
    assert batch_free, "expected model.build((None, 8)) to keep it free"
    print("after model.build((None, 8)): converts")

if LITERT_FORMAT:  # format="litert" turns on SELECT_TF_OPS
    matrices = keras.Input((3, 3))
    inverse = keras.layers.Lambda(keras.ops.linalg.inv)(matrices)
    inverter = keras.Model(matrices, inverse)
    with contextlib.redirect_stdout(io.StringIO()):
        flex_model = keras_litert(inverter, "inverter")
    assert b"FlexMatrixInverse" in flex_model, "expected a Flex op"
    print(
        'format="litert" on linalg.inv: FlexMatrixInverse in the file'
    )
