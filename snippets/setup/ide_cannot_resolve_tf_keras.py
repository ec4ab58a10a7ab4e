"""PyCharm or Pylance can't resolve `tensorflow.keras`: import `keras`

When you hit it: PyCharm or VS Code (Pylance) marks `tf.keras` or
`from tensorflow.keras.models import Sequential` as unresolved, or
not resolved from source, yet the code runs.

What is going on: `tensorflow.keras` has no file of its own. TensorFlow
2.21 makes it only when it runs, and PyCharm and Pylance read files
without running them
([a Pylance maintainer on this](https://github.com/microsoft/pylance-release/issues/5482)).
Import `keras` and write `keras.layers.Conv2D`, or
`from keras import layers`: on every release here these lead to real
files, and to the classes `tf.keras` gives
([`tf.keras` is Keras 3](setup.md#tf-keras-is-keras3)).
`from keras.layers import Conv2D` does so from Keras 3.11.2 (TF 2.19
here), not with 3.4.1 to 3.9.0 (TF 2.16–2.18)
([keras#19779](https://github.com/keras-team/keras/issues/19779)). If
`TF_USE_LEGACY_KERAS=True` is set before TensorFlow is imported,
`tensorflow.keras` comes from `tf_keras` (Keras 2): import `tf_keras`
then ([set later, it does not](save-load.md#keras3-and-tf-keras-mixed)).

Pitfall: silencing it with `tensorflow.python.keras`, which is on
disk: it is TensorFlow's private Keras 2 copy, and a Keras 3
`Sequential` rejects its layers
([gone names](debugging.md#keras2-names-gone)). Import `keras`.

Checked: PyCharm and Pylance were not run here. The run reads the
wheel's file list (`RECORD`), which has no `tensorflow/keras` module
file, and `tensorflow/__init__.py`, where no line binds the name
`keras`. When TensorFlow is imported, that file sets `tf.keras` to a
`KerasLazyLoader` with `setattr` and puts
Keras's `keras/_tf_keras` folder on `tensorflow.__path__`, where
`import tensorflow.keras` finds it. The run's own resolver follows
`import` lines from file to file without running them: it finds no
`tensorflow.keras`, `tensorflow.keras.models` or
`tensorflow.keras.layers.Conv2D`, but finds `tf.constant`, `tf.nn`,
`keras.Sequential` and `tf_keras.layers.Conv2D` in their files, and
`Conv2D` and `Sequential` through the names `layers` and `models` of
`keras/__init__.py` (as `import keras` and `from keras import layers`
are read). `from keras.layers import Conv2D`,
`from keras.models import Sequential` and `import keras.layers` it
follows from Keras 3.11.2, where `keras/layers/` is on disk; Keras
3.4.1 to 3.9.0 have no such folder and add `keras/api` to
`keras.__path__` only when they run
([pylance-release#5940](https://github.com/microsoft/pylance-release/issues/5940)).
The first use of `tf.keras` puts the module
`keras._tf_keras.keras` in its place. `import tensorflow.keras` runs
`keras/_tf_keras/keras/__init__.py` a second time, as the module
`tensorflow.keras`, and binds `tf.keras` to it, with the same `Conv2D`
and `Sequential` classes. The other Keras folder put first on
`tensorflow.__path__` (with `TF_USE_LEGACY_KERAS` unset),
`keras/api/_v2`, does not exist in the installed Keras 3, so
workarounds built on `keras.api._v2`
([tensorflow#53144](https://github.com/tensorflow/tensorflow/issues/53144))
do not apply. `tensorflow/__init__.py` and
`tensorflow/python/util/lazy_loader.py` (`KerasLazyLoader._initialize`)
take `1`, `true` or `True` as set. A child process with
`TF_USE_LEGACY_KERAS=True` finds `tensorflow.keras` in
`tf_keras/api/_v2` (now first on `tensorflow.__path__`) and gets
`tf_keras`'s `Conv2D` (`tf_keras` 2.x), not Keras 3's
([the two do not mix](save-load.md#keras3-and-tf-keras-mixed)).
Pyright 1.1.414 (the checker inside Pylance), run outside this card
against this environment, resolves `tensorflow.keras`, `.layers`,
`.models` and `.optimizers` from typeshed's partial TensorFlow 2.18
stubs and warns only that no source file backs them
(`reportMissingModuleSource`); `.utils` and `.preprocessing.image` it
does not resolve (`reportMissingImports`, as in
[pylance-release#7520](https://github.com/microsoft/pylance-release/issues/7520));
through the stubs `tensorflow.keras.models.Sequential` and
`tf.keras.layers.Bidirectional` are of unknown type; `keras`,
`tf_keras` and `tensorflow.python.keras` imports resolve with no
diagnostic. More reports:
[tensorflow#80684](https://github.com/tensorflow/tensorflow/issues/80684)
(PyCharm, 2.18),
[tensorflow#26502](https://github.com/tensorflow/tensorflow/issues/26502)
(`tf.keras`, 2.0),
[tensorflow#57035](https://github.com/tensorflow/tensorflow/issues/57035)
(`Conv2D`),
[tensorflow#60617](https://github.com/tensorflow/tensorflow/issues/60617)
(`Bidirectional`).

severity: tip
topics: S8, M18
aliases:
  - Cannot find reference 'keras' in '__init__.py'
  - Unresolved reference 'Conv2D'
  - Import "tensorflow.keras.models" could not be resolved
  - Import "tensorflow.keras.models" could not be resolved from source
  - Import "tensorflow.keras" could not be resolved Pylance reportMissingImports
  - Import "keras.models" could not be resolved (Keras 3.4 to 3.9)
  - tensorflow.keras could not be resolved pylance
  - PyCharm unresolved reference keras
  - VS Code shows tensorflow.keras import error but the code runs
  - no autocomplete for tf.keras in PyCharm or VS Code
"""

import ast
import importlib.metadata
import importlib.util
import inspect
import json
import os
import subprocess
import sys
import types
from importlib.machinery import PathFinder
from pathlib import Path, PurePosixPath

import tensorflow as tf


def find_module(name):
    """The spec of a dotted module name, searched in folders only."""
    spec = None
    parts = name.split(".")
    for depth in range(len(parts)):
        folders = spec.submodule_search_locations if spec else None
        if depth and not folders:
            return None
        spec = PathFinder.find_spec(
            ".".join(parts[: depth + 1]), folders
        )
        if spec is None or spec.origin in (None, "namespace"):
            return None
    return spec


def imported(node):
    """Names an import line binds: {name: (module, attribute)}, with
    attribute None for `import x`."""
    if isinstance(node, ast.ImportFrom) and node.level == 0:
        return {
            a.asname or a.name: (node.module, a.name)
            for a in node.names
        }
    if isinstance(node, ast.Import):
        return {
            a.asname or a.name.split(".")[0]: (
                a.name if a.asname else a.name.split(".")[0],
                None,
            )
            for a in node.names
        }
    return {}


def bindings(spec):
    """Top-level names a module file binds: None for a definition, or
    where an import line takes it from."""
    names = {}
    for node in ast.parse(Path(spec.origin).read_text()).body:
        names.update(imported(node))
        if isinstance(node, (ast.ClassDef, ast.FunctionDef)):
            names[node.name] = None
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    names[target.id] = None
    return names


def resolve(module, name, hops=0):
    """The file that defines `module.name`, read without running
    anything: a static tool's view. None when it is not found."""
    spec = find_module(module)
    if spec is None or hops > 20:
        return None
    names = bindings(spec)
    if name not in names:
        sub = find_module(f"{module}.{name}")
        return sub.origin if sub else None
    if names[name] is None:
        return spec.origin
    source, attribute = names[name]
    sub = find_module(
        source if attribute is None else f"{source}.{attribute}"
    )
    if sub:
        return sub.origin
    return (
        None
        if attribute is None
        else resolve(source, attribute, hops + 1)
    )


TF_DIR = Path(find_module("tensorflow").origin).parent
KERAS_DIR = Path(find_module("keras").origin).parent
SITE = TF_DIR.parent


def rel(path):
    return None if path is None else str(Path(path).relative_to(SITE))


# On disk: the wheel's file list and tensorflow/__init__.py.
wheel = next(
    dist
    for dist in importlib.metadata.distributions()
    if any(str(f) == "tensorflow/__init__.py" for f in dist.files or [])
)
wheel_files = [PurePosixPath(str(f)) for f in wheel.files]
keras_files = [
    f
    for f in wheel_files
    if f.parts[0] == "tensorflow"
    and f.parts[1].split(".")[0] == "keras"
]
print("TensorFlow", tf.__version__, "wheel:", wheel.metadata["Name"])
print("wheel files at tensorflow/keras*:", keras_files)

init_tree = ast.parse((TF_DIR / "__init__.py").read_text())
bound = set()
for node in ast.walk(init_tree):
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        bound |= {
            (a.asname or a.name).split(".")[0] for a in node.names
        }
    elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
        targets = (
            node.targets
            if isinstance(node, ast.Assign)
            else [node.target]
        )
        bound |= {
            n.id
            for t in targets
            for n in ast.walk(t)
            if isinstance(n, ast.Name)
        }
    elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
        bound.add(node.name)
keras_calls = [
    ast.unparse(node)
    for node in ast.walk(init_tree)
    if isinstance(node, ast.Call)
    and any(
        isinstance(arg, ast.Constant) and arg.value == "keras"
        for arg in node.args
    )
]
print("tensorflow/__init__.py binds 'keras':", "keras" in bound)
print("  but calls:", keras_calls)

# At run time: tf.keras before and after first use; the package path.
before_use = type(tf.keras).__name__
tf.keras.layers  # noqa: B018 (first use)
after_use = tf.keras.__name__
print("type(tf.keras) before first use:", before_use)
print("tf.keras after first use:", after_use)
assert after_use == "keras._tf_keras.keras", after_use
assert type(tf.keras) is types.ModuleType, "expected a plain module"
assert tf.keras is sys.modules["keras._tf_keras.keras"], "expected it"
static_path = find_module("tensorflow").submodule_search_locations
print("tensorflow path on disk:", [rel(p) for p in static_path])
print("tensorflow.__path__ at run time:", [rel(p) for p in tf.__path__])
keras_spec = importlib.util.find_spec("tensorflow.keras")
print("find_spec('tensorflow.keras'):", rel(keras_spec.origin))

try:
    # --8<-- [start:wrong]
    # Runs, but there is no tensorflow/keras file to read.
    import tensorflow.keras.models
    from tensorflow.keras import layers
    from tensorflow.keras.layers import Conv2D
    from tensorflow.keras.models import Sequential
    # --8<-- [end:wrong]
except ImportError as err:
    ran = f"ImportError: {err}"
else:
    ran = "ran"
    from_tf = (layers, Conv2D, Sequential)
print("tensorflow.keras imports:", ran)
assert ran == "ran", ran

# --8<-- [start:right]
# Files a static tool reads, on every release here; the same classes.
import keras
from keras import layers, models

model = models.Sequential([keras.layers.Conv2D(8, 3)])
# --8<-- [end:right]

# These run on every release, but have a file only from Keras 3.11.2.
from keras.layers import Conv2D  # noqa: E402
from keras.models import Sequential  # noqa: E402

same = from_tf[1] is Conv2D and from_tf[2] is Sequential
assert models.Sequential is Sequential is keras.Sequential
assert keras.layers.Conv2D is Conv2D and type(model) is Sequential
print("same Conv2D and Sequential classes:", same)

print("a static resolver (files only, nothing run):")
lookups = {
    "tensorflow.keras": ("tensorflow", "keras"),
    "tensorflow.keras.models": ("tensorflow.keras", "models"),
    "tensorflow.keras.layers.Conv2D": (
        "tensorflow.keras.layers",
        "Conv2D",
    ),
    "keras.Sequential": ("keras", "Sequential"),
    "tensorflow.constant": ("tensorflow", "constant"),
    "tensorflow.nn": ("tensorflow", "nn"),
    "tensorflow.python.keras.Sequential": (
        "tensorflow.python.keras",
        "Sequential",
    ),
}
found = {shown: rel(resolve(*pair)) for shown, pair in lookups.items()}
for shown, path in found.items():
    print(f"  {shown} -> {path}")


def follow(module, *names):
    """Attribute by attribute, as `import keras` then
    `keras.layers.Conv2D` is read: each step's file is the next
    module."""
    path = None
    for name in names:
        path = resolve(module, name)
        if path is None:
            return None
        module = rel(path).removesuffix(".py").removesuffix("/__init__")
        module = module.replace("/", ".")
    return path


# Import forms for the keras package, as a static tool reads them.
# `import keras` then `keras.layers.Conv2D`, and `from keras import
# layers` then `layers.Conv2D`, both read the name `layers` in
# keras/__init__.py, then `Conv2D` in the file it leads to.
KERAS_VERSION = tuple(int(p) for p in keras.__version__.split(".")[:2])
forms = {
    "attribute keras.layers.Conv2D": rel(
        follow("keras", "layers", "Conv2D")
    ),
    "attribute keras.models.Sequential": rel(
        follow("keras", "models", "Sequential")
    ),
    "import keras.layers": rel(
        getattr(find_module("keras.layers"), "origin", None)
    ),
    "from keras.layers import Conv2D": rel(
        resolve("keras.layers", "Conv2D")
    ),
    "from keras.models import Sequential": rel(
        resolve("keras.models", "Sequential")
    ),
}
print("Keras", keras.__version__, "import forms:")
for shown, path in forms.items():
    print(f"  {shown} -> {path}")
api_appends = [
    ast.unparse(node)
    for node in ast.walk(
        ast.parse((KERAS_DIR / "__init__.py").read_text())
    )
    if isinstance(node, ast.Call)
    and ast.unparse(node.func) == "__path__.append"
]
print("keras/__init__.py __path__.append:", api_appends)
print("keras.__path__ at run time:", [rel(p) for p in keras.__path__])


def legacy_values(path):
    """The values of TF_USE_LEGACY_KERAS a file tests for."""
    found = []
    for node in ast.walk(ast.parse(Path(path).read_text())):
        if (
            isinstance(node, ast.Compare)
            and "TF_USE_LEGACY_KERAS" in ast.unparse(node.left)
            and isinstance(node.comparators[0], ast.Tuple)
        ):
            found.append(ast.literal_eval(node.comparators[0]))
    return found


LOADER = TF_DIR / "python" / "util" / "lazy_loader.py"
values = {
    "tensorflow/__init__.py": legacy_values(TF_DIR / "__init__.py"),
    "lazy_loader.py": legacy_values(LOADER),
}
print("TF_USE_LEGACY_KERAS values taken as set:", values)

# With TF_USE_LEGACY_KERAS=True, in a child process.
LEGACY = """
import importlib.util, inspect, json
import keras, tensorflow as tf, tf_keras
from tensorflow.keras.layers import Conv2D
convs = (Conv2D, tf.keras.layers.Conv2D)
spec = importlib.util.find_spec("tensorflow.keras")
print(json.dumps({
    "tensorflow.keras": spec.origin,
    "tf_keras Conv2D": all(c is tf_keras.layers.Conv2D for c in convs),
    "keras Conv2D": any(c is keras.layers.Conv2D for c in convs),
    "tf_keras version": tf_keras.__version__,
    "tf_keras Conv2D file": inspect.getfile(tf_keras.layers.Conv2D),
    "path": tf.__path__[:3],
}))
"""
child = subprocess.run(
    [sys.executable, "-c", LEGACY],
    env={**os.environ, "TF_USE_LEGACY_KERAS": "True"},
    capture_output=True,
    text=True,
    check=True,
)
legacy = json.loads(child.stdout.strip().splitlines()[-1])
print("TF_USE_LEGACY_KERAS=True:")
print(
    "  find_spec('tensorflow.keras'):", rel(legacy["tensorflow.keras"])
)
print("  tensorflow.__path__[:3]:", [rel(p) for p in legacy["path"]])
print(
    "  tensorflow.keras Conv2D is tf_keras's:",
    legacy["tf_keras Conv2D"],
    "| is keras's:",
    legacy["keras Conv2D"],
)
tf_keras_conv = rel(resolve("tf_keras.layers", "Conv2D"))
print("  static: tf_keras.layers.Conv2D ->", tf_keras_conv)

# The wheel has no tensorflow/keras module file, on its list or on disk.
assert any(str(f) == "tensorflow/__init__.py" for f in wheel_files)
assert keras_files == [], (
    f"expected no tensorflow/keras*: {keras_files}"
)
assert find_module("tensorflow.keras") is None, "expected no file"
# __init__.py binds no 'keras'; it calls setattr with a KerasLazyLoader.
assert "keras" not in bound, "expected no import or assignment of keras"
assert {"data", "nn", "constant"} <= bound, (
    "expected the AST walk to work"
)
assert keras_calls == [
    "setattr(_current_module, 'keras', _KerasLazyLoader(globals()))"
], f"expected one setattr of a KerasLazyLoader: {keras_calls}"
assert before_use == "KerasLazyLoader", "expected the lazy loader"
# The path: on disk only tensorflow/; at run time Keras's folders first.
assert static_path == [str(TF_DIR)], static_path
assert tf.__path__[:3] == [
    str(KERAS_DIR / "api" / "_v2"),
    str(KERAS_DIR / "_tf_keras"),
    str(TF_DIR),
], f"expected Keras's folders put before tensorflow/: {tf.__path__}"
assert keras.__version__.startswith("3."), keras.__version__
assert not (KERAS_DIR / "api" / "_v2").exists(), (
    "expected no keras/api/_v2 in Keras 3"
)
assert find_module("keras.api._v2.keras") is None, "expected no _v2"
assert keras_spec.origin == str(
    KERAS_DIR / "_tf_keras" / "keras" / "__init__.py"
), keras_spec.origin
# The tensorflow.keras imports run, as a second module of that file.
assert ran == "ran", ran
module = sys.modules["tensorflow.keras"]
assert module.__file__ == keras_spec.origin, module.__file__
assert module is not sys.modules["keras._tf_keras.keras"], "one module"
assert tf.keras is module, "expected the import to rebind tf.keras"
assert tensorflow.keras.models.Sequential is Sequential
assert from_tf[0].Conv2D is Conv2D and layers.Conv2D is Conv2D
assert tf.keras.layers.Conv2D is Conv2D, "expected one Conv2D"
assert same, (
    "expected tensorflow.keras and keras to give the same classes"
)
# The static resolver: no tensorflow.keras; keras and the rest resolve.
assert found["tensorflow.keras"] is None
assert found["tensorflow.keras.models"] is None
assert found["tensorflow.keras.layers.Conv2D"] is None
assert Path(resolve("keras", "Sequential")) == Path(
    inspect.getfile(Sequential)
)
# layers (models) as a name of keras/__init__.py leads to the class's
# own file on every release here.
CONV_FILE = rel(inspect.getfile(Conv2D))
SEQ_FILE = rel(inspect.getfile(Sequential))
assert forms["attribute keras.layers.Conv2D"] == CONV_FILE, forms
assert forms["attribute keras.models.Sequential"] == SEQ_FILE, forms
static_keras_path = find_module("keras").submodule_search_locations
if KERAS_VERSION < (3, 10):
    # Keras 3.4.1 to 3.9.0 (TF 2.16 to 2.18 here): no keras/layers
    # folder; keras/__init__.py adds keras/api to __path__ at run time.
    assert api_appends == [
        "__path__.append(os.path.join(os.path.dirname(__file__), 'api'))"
    ], api_appends
    assert keras.__path__ == [str(KERAS_DIR), str(KERAS_DIR / "api")]
    assert static_keras_path == [str(KERAS_DIR)], static_keras_path
    assert not (KERAS_DIR / "layers").exists(), "expected no folder"
    assert forms["import keras.layers"] is None, forms
    assert forms["from keras.layers import Conv2D"] is None, forms
    assert forms["from keras.models import Sequential"] is None, forms
else:
    # Keras 3.11.2 on (TF 2.19 on here): keras/layers/ is on disk.
    assert api_appends == [], api_appends
    assert keras.__path__ == static_keras_path == [str(KERAS_DIR)], (
        "expected keras's run-time path to be its folder on disk"
    )
    assert forms["import keras.layers"] == "keras/layers/__init__.py"
    assert forms["from keras.layers import Conv2D"] == CONV_FILE, forms
    assert forms["from keras.models import Sequential"] == SEQ_FILE
assert found["tensorflow.constant"] == rel(
    inspect.getfile(inspect.unwrap(tf.constant))
)
assert found["tensorflow.nn"] == "tensorflow/_api/v2/nn/__init__.py"
assert found["tensorflow.python.keras.Sequential"] == (
    "tensorflow/python/keras/engine/sequential.py"
), "expected the private Keras 2 copy on disk"
# TF_USE_LEGACY_KERAS: both files take 1, true, True; then tf_keras.
assert values == {
    "tensorflow/__init__.py": [("true", "True", "1")],
    "lazy_loader.py": [("true", "True", "1")],
}, values
assert legacy["tensorflow.keras"] == str(
    SITE / "tf_keras" / "api" / "_v2" / "keras" / "__init__.py"
), legacy["tensorflow.keras"]
assert legacy["path"][0] == str(SITE / "tf_keras" / "api" / "_v2")
assert legacy["tf_keras Conv2D"] and not legacy["keras Conv2D"], legacy
assert tf_keras_conv == rel(legacy["tf_keras Conv2D file"]), (
    "expected the resolver to reach tf_keras's Conv2D file"
)
assert tf_keras_conv.startswith("tf_keras/src/"), tf_keras_conv
assert legacy["tf_keras version"].startswith("2."), "expected Keras 2"
