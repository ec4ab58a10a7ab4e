"""Run `.tflite` files with LiteRT's `ai_edge_litert` interpreter

When you hit it: from TF 2.19, creating `tf.lite.Interpreter` warns
that it is deprecated, and you wonder what replaces it. (In TF 2.18 the
warning only points to LiteRT; TF 2.17 prints none.)

What is going on: the TFLite runtime now ships as LiteRT, in the
`ai-edge-litert` pip package. `ai_edge_litert.interpreter.Interpreter`
has the same methods (`allocate_tensors`, `set_tensor`, `invoke`,
`get_tensor`); on this float32 `Dense` model both gave bit-identical
outputs (with TF 2.18 and 2.19, within 2e-7). The package does not
depend on `tensorflow`, so the serving host can skip it. With TF 2.20,
import `ai_edge_litert` before `tensorflow`: the other order raises
`ImportError: generic_type: type "InterpreterWrapper" is already
registered!` and the process aborts.

Pitfall: in TF 2.21 `tf.lite.Interpreter` still works, but its
`UserWarning` says it is "scheduled for deletion in TF 2.20", a release
already past. Move to LiteRT now; keep `tf.lite.TFLiteConverter` for
conversion.

Checked: besides the package metadata, which lists no `tensorflow`, a
subprocess that blocks every import of `tensorflow` and `keras` runs
the converted file through `ai_edge_litert` and gets the same output.
The warning of each release and the TF 2.20 import order are checked
where this file runs on those releases (the matrix line).

severity: tip
topics: P4
aliases:
  - tflite_runtime.interpreter.Interpreter replacement
  - pip install tflite-runtime alternative
  - run a tflite model without installing tensorflow
  - which interpreter should I use for tflite files now
  - ModuleNotFoundError: No module named 'tflite_runtime'
  - pip install ai-edge-litert
  - from ai_edge_litert.interpreter import Interpreter
  - run a tflite model in Python on a Raspberry Pi
"""

import contextlib
import importlib.metadata
import io
import os
import signal
import subprocess
import sys
import tempfile
import warnings

# Before tensorflow: TF 2.20 aborts on the other order (checked below).
from ai_edge_litert.interpreter import Interpreter

# isort: split
import keras
import numpy as np
import tensorflow as tf

RELEASE = tuple(int(p) for p in tf.__version__.split(".")[:2])

keras.utils.set_random_seed(0)
model = keras.Sequential([keras.Input((8,)), keras.layers.Dense(3)])
features = (
    np.random.default_rng(0).normal(size=(1, 8)).astype("float32")
)
export_dir = os.path.join(tempfile.mkdtemp(), "model")
with contextlib.redirect_stdout(io.StringIO()):  # its save messages
    model.export(export_dir)
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    tflite_model = tf.lite.TFLiteConverter.from_saved_model(
        export_dir
    ).convert()


def predict(interpreter):
    interpreter.allocate_tensors()
    input_index = interpreter.get_input_details()[0]["index"]
    output_index = interpreter.get_output_details()[0]["index"]
    interpreter.set_tensor(input_index, features)
    interpreter.invoke()
    return interpreter.get_tensor(output_index)


with warnings.catch_warnings(record=True) as old_warnings:
    warnings.simplefilter("always")
    # --8<-- [start:wrong]
    old = tf.lite.Interpreter(model_content=tflite_model)
    # --8<-- [end:wrong]
with warnings.catch_warnings(record=True) as new_warnings:
    warnings.simplefilter("always")
    # --8<-- [start:right]
    # pip install ai-edge-litert
    from ai_edge_litert.interpreter import Interpreter

    interpreter = Interpreter(model_content=tflite_model)
    # --8<-- [end:right]

deprecation = [
    w for w in old_warnings if "deprecated" in str(w.message)
]
if RELEASE >= (2, 19):
    assert deprecation, (
        "expected tf.lite.Interpreter to warn that it is deprecated;"
        " no such warning"
    )
    text = " ".join(str(deprecation[0].message).split())
    print(
        f"{deprecation[0].category.__name__}:",
        text.split(" See the")[0],
    )
    assert deprecation[0].category is UserWarning, (
        "expected a UserWarning"
    )
    assert "scheduled for deletion in TF 2.20" in text, (
        "expected the 2.20 date"
    )
    assert (
        "use the LiteRT interpreter from the ai_edge_litert package"
        in text
    ), "expected the warning to name LiteRT as the replacement"
elif RELEASE == (2, 18):
    texts = [" ".join(str(w.message).split()) for w in old_warnings]
    print("TF 2.18 warns:", texts)
    assert not deprecation, "expected no 'deprecated' on TF 2.18"
    assert any("ai_edge_litert" in t for t in texts), (
        "expected TF 2.18 to point to LiteRT"
    )
else:
    print(f"TF {tf.__version__} warns:", old_warnings)
    assert RELEASE == (2, 17) and not old_warnings, (
        "expected no warning on TF 2.17"
    )
print("running TensorFlow", tf.__version__)
if RELEASE == (2, 21):  # the Pitfall's release
    assert RELEASE > (2, 20), "expected TF 2.20 to be already past"
assert not [
    w for w in new_warnings if "deprecated" in str(w.message)
], "expected no deprecation warning from LiteRT"

old_result, new_result = predict(old), predict(interpreter)
keras_result = model.predict(features, verbose=0)
print(
    "LiteRT == tf.lite:",
    np.array_equal(old_result, new_result),
    "| max diff vs Keras:",
    f"{np.abs(new_result - keras_result).max():.1e}",
)
if RELEASE in ((2, 18), (2, 19)):
    np.testing.assert_allclose(
        old_result,
        new_result,
        rtol=0,
        atol=2e-7,
        err_msg="expected outputs within 2e-7 on TF 2.18 and 2.19",
    )
else:
    assert np.array_equal(old_result, new_result), (
        "expected bit-identical outputs from both interpreters"
    )
litert_requires = importlib.metadata.requires("ai-edge-litert")
assert not any(r.startswith("tensorflow") for r in litert_requires), (
    "expected ai-edge-litert not to depend on tensorflow"
)

NO_TENSORFLOW = """
import importlib.abc, sys
import numpy as np

class BlockTensorFlow(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name.split(".")[0] in ("tensorflow", "tf_keras", "keras"):
            raise ImportError("blocked: " + name)

sys.meta_path.insert(0, BlockTensorFlow())
from ai_edge_litert.interpreter import Interpreter

interpreter = Interpreter(model_path=sys.argv[1])
interpreter.allocate_tensors()
interpreter.set_tensor(
    interpreter.get_input_details()[0]["index"], np.load(sys.argv[2])
)
interpreter.invoke()
output = interpreter.get_output_details()[0]["index"]
np.save(sys.argv[3], interpreter.get_tensor(output))
print(sorted(m for m in sys.modules if m.split(".")[0] == "tensorflow"))
"""
work_dir = tempfile.mkdtemp()
model_path = os.path.join(work_dir, "model.tflite")
with open(model_path, "wb") as model_file:
    model_file.write(tflite_model)
np.save(os.path.join(work_dir, "features.npy"), features)
child = subprocess.run(
    [
        sys.executable,
        "-c",
        NO_TENSORFLOW,
        model_path,
        os.path.join(work_dir, "features.npy"),
        os.path.join(work_dir, "out.npy"),
    ],
    capture_output=True,
    text=True,
)
assert child.returncode == 0, (
    f"expected LiteRT alone to run:{child.stderr}"
)
alone_result = np.load(os.path.join(work_dir, "out.npy"))
print(
    "LiteRT with tensorflow imports blocked: same output",
    np.array_equal(alone_result, new_result),
    "| tensorflow modules loaded:",
    child.stdout.strip(),
)
assert child.stdout.strip() == "[]", "expected no tensorflow module"
assert np.array_equal(alone_result, new_result), (
    "expected the same output without tensorflow"
)
np.testing.assert_allclose(
    new_result,
    keras_result,
    rtol=1e-5,
    atol=1e-6,
    err_msg="expected LiteRT to match Keras",
)

if RELEASE == (2, 20):  # the import order
    clash = subprocess.run(
        [
            sys.executable,
            "-c",
            "import tensorflow\n"
            "from ai_edge_litert.interpreter import Interpreter",
        ],
        capture_output=True,
        text=True,
    )
    print("TF 2.20, tensorflow imported first: exit", clash.returncode)
    assert clash.returncode == -signal.SIGABRT and (
        'ImportError: generic_type: type "InterpreterWrapper" is already '
        "registered!" in clash.stderr
    ), "expected the import to fail after tensorflow on TF 2.20"
