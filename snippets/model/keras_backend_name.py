"""`Unable to import backend : pytorch`: `KERAS_BACKEND` takes exact names

When you hit it: after you set `KERAS_BACKEND` or edit `keras.json`,
`import keras` fails with `Unable to import backend : pytorch` or `No
module named 'torch'`, or the first use of `tf.keras` fails with "Keras
cannot be imported. Check that it is installed."

What is going on: when Keras is first imported, it takes the backend
from `KERAS_BACKEND` when set and not empty, else from the `"backend"`
field of `keras.json` in `$KERAS_HOME` (default `~/.keras`, or
`/tmp/.keras` when the home folder is not writable), else the default,
`tensorflow`. Keras 3.15 knows five names, all lowercase:
`tensorflow`, `jax`, `torch`, `numpy`, `openvino`; any other raises
`ValueError`. A known name then imports its packages; `tf.keras`
reports that failure (here: no `jax`) as "Keras cannot be imported".
[Set the variable before the first `import
keras`](#keras-ops-not-tf-on-keras-inputs).

Pitfall: the PyTorch backend is `torch`, not `pytorch`, and `tf` or
`TensorFlow` fail too. Check the backend that runs with
`keras.config.backend()` right after the import.

Checked: only the TensorFlow backend is installed here, so none of the
other four ran: `jax`, `torch` and `openvino` stop at their missing
package, and `numpy` at `scipy`, which the NumPy backend imports here.
Each case is a child process (`sys.executable`) with its own
`KERAS_HOME`, or `HOME` for the default. The `/tmp/.keras` fallback
is read from `keras/src/backend/config.py` (module level), not run: it
would write outside the run's folder. The five names and the
`ValueError` are read from `keras/src/backend/__init__.py`. Keras 3.4
and 3.6 (TF 2.16, 2.17) know four names, not `openvino`; before 3.11
the `numpy` backend stops at `jax`. A Keras 3.16 nightly calls an
unknown name unsupported, and moves `openvino` into its own package. The
default is what `keras/src/backend/config.py` writes into a new
`keras.json` before it reads the variable: `tensorflow` in the run,
with `KERAS_BACKEND=openvino` set.

severity: crash
topics: M15
aliases:
  - "ValueError: Unable to import backend : pytorch"
  - KERAS_BACKEND=torch without PyTorch installed
  - which values does KERAS_BACKEND accept
  - how to check which backend Keras is using
  - where is keras.json and how to set the backend in it
  - tf.keras fails after setting KERAS_BACKEND to jax
"""

import importlib.util
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import keras

# --8<-- [start:show]
# Set it before Python starts, e.g. KERAS_BACKEND=torch python train.py
backend = keras.config.backend()  # the backend that runs
if backend != "tensorflow":
    raise SystemExit(f"this code needs TensorFlow, not {backend}")
# --8<-- [end:show]
print(f"Keras {keras.__version__}: keras.config.backend() = {backend}")
assert backend == keras.backend.backend() == "tensorflow"

IMPORT_KERAS = """
try:
    import keras
    print("backend:", keras.config.backend())
except Exception as err:
    print(f"{type(err).__name__}: {err}")
"""
USE_TF_KERAS = """
import tensorflow as tf
print("import tensorflow: ok")
try:
    tf.keras.Input(shape=(4,))
except Exception as err:
    print(f"{type(err).__name__}: {err}")
"""
clean_env = {
    key: value
    for key, value in os.environ.items()
    if not key.startswith("KERAS_") and key != "TF_USE_LEGACY_KERAS"
}
homes = Path(tempfile.mkdtemp())


def start_child(
    code, backend_var=None, config=None, case="", where="KERAS_HOME"
):
    """A fresh Python with its own KERAS_HOME (or HOME) and keras.json;
    the children run side by side, and each is read when it is done."""
    home = homes / case
    home.mkdir()
    if config is not None:
        (home / "keras.json").write_text(json.dumps(config))
    env = {**clean_env, where: str(home)}
    if backend_var is not None:
        env["KERAS_BACKEND"] = backend_var
    child = subprocess.Popen(
        [sys.executable, "-c", code],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    return child, home


def lines_of(started):
    child, _ = started
    return child.communicate()[0].strip().splitlines()


tf_keras_child = start_child(
    USE_TF_KERAS, backend_var="jax", case="tf.keras"
)
children = {
    name: start_child(IMPORT_KERAS, backend_var=name, case=name)
    for name in (
        "pytorch",
        "tf",
        "TensorFlow",
        "jax",
        "torch",
        "numpy",
        "openvino",
    )
}
config_only = start_child(
    IMPORT_KERAS, config={"backend": "pytorch"}, case="config"
)
both = start_child(
    IMPORT_KERAS,
    backend_var="pytorch",
    config={"backend": "jax"},
    case="both",
)
empty = start_child(
    IMPORT_KERAS,
    backend_var="",
    config={"backend": "pytorch"},
    case="empty",
)
user_home = start_child(
    IMPORT_KERAS, backend_var="pytorch", case="home", where="HOME"
)

results = {
    name: lines_of(child)[-1] for name, child in children.items()
}
for name, result in results.items():
    print(f"KERAS_BACKEND={name}: {result}")

keras_release = tuple(int(v) for v in keras.__version__.split(".")[:2])
unknown = (
    "Unsupported" if keras_release >= (3, 16) else "Unable to import"
)
for wrong in ("pytorch", "tf", "TensorFlow"):
    assert results[wrong] == (
        f"ValueError: {unknown} backend : {wrong}"
    ), f"expected an unknown name; {wrong}: {results[wrong]}"
source = Path(keras.__file__).parent / "src" / "backend" / "__init__.py"
known = set(re.findall(r'backend\(\) == "(\w+)"', source.read_text()))
missing = {
    "jax": "jax",
    "torch": "torch",
    "openvino": "openvino",
    "numpy": "scipy" if keras_release >= (3, 11) else "jax",
}
if keras_release >= (3, 16):  # a nightly: a separate package
    del missing["openvino"]
    assert results["openvino"].startswith(
        "ImportError: The openvino backend is not installed."
    ), results["openvino"]
if keras_release < (3, 9):  # Keras 3.4 and 3.6 (TF 2.16, 2.17)
    del missing["openvino"]
    assert results["openvino"] == (
        "ValueError: Unable to import backend : openvino"
    ), "expected openvino unknown before Keras 3.9"
for name, package in missing.items():
    assert results[name] == (
        f"ModuleNotFoundError: No module named '{package}'"
    ), f"expected {name} to need {package}; {name}: {results[name]}"

print("names in keras/src/backend/__init__.py:", sorted(known))
assert known == {"tensorflow", "jax", "torch", "numpy"} | (
    {"openvino"} if (3, 9) <= keras_release < (3, 16) else set()
), "expected five names in Keras 3.9 to 3.15, four otherwise"
assert all(name == name.lower() for name in known), "expected lowercase"
if keras_release < (3, 16):  # a nightly looks up other names in plugins
    assert (
        'raise ValueError(f"Unable to import backend : {backend()}")'
        in (source.read_text())
    ), "expected every other name to raise ValueError"
for package in ("jax", "torch", "openvino", "scipy"):
    assert importlib.util.find_spec(package) is None, f"{package} here"

written_home = children["openvino"][1]
written = json.loads((written_home / "keras.json").read_text())
print("keras.json written by that import:", written["backend"])
assert written["backend"] == "tensorflow", (
    "expected the default, not the variable, in a new keras.json"
)

outcomes = {
    "keras.json pytorch, no variable": lines_of(config_only)[-1],
    "keras.json jax, KERAS_BACKEND=pytorch": lines_of(both)[-1],
    "keras.json pytorch, KERAS_BACKEND empty": lines_of(empty)[-1],
}
for case, outcome in outcomes.items():
    print(f"{case}: {outcome}")
    assert outcome.endswith("backend : pytorch"), f"{case}: {outcome}"
lines_of(user_home)
assert (user_home[1] / ".keras" / "keras.json").is_file(), (
    "expected ~/.keras when KERAS_HOME is unset"
)
config_source = source.with_name("config.py").read_text()
assert (
    '_keras_base_dir = os.path.expanduser("~")\n'
    "    if not os.access(_keras_base_dir, os.W_OK):\n"
    '        _keras_base_dir = "/tmp"\n'
    '    _KERAS_DIR = os.path.join(_keras_base_dir, ".keras")'
) in config_source, "expected /tmp/.keras when ~ is not writable"

tf_keras_lines = lines_of(tf_keras_child)
print("KERAS_BACKEND=jax, then tf.keras:", tf_keras_lines[-1])
assert tf_keras_lines[0] == "import tensorflow: ok", (
    "expected TensorFlow itself to import"
)
assert tf_keras_lines[-1] == (
    "ImportError: Keras cannot be imported. Check that it is installed."
), "expected tf.keras to hide the missing jax"
