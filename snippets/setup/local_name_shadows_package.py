"""A `tensorflow.py` or `keras/__init__.py` by your script hides the package

When you hit it: the first use of TensorFlow or Keras fails with
`AttributeError: partially initialized module 'tensorflow' has no
attribute 'constant' (most likely due to a circular import)`, `module
'tensorflow' has no attribute 'constant'` or `module 'keras' has no
attribute 'config'`.

What is going on: `import` takes the first match on `sys.path`, whose
first entry is the script's folder (`python train.py`) or the working
directory (`python -c`, `python -m`). A `tensorflow.py`, `keras.py` or
`keras/` with an `__init__.py` there wins over the installed package; a
folder without `__init__.py` loses to it. A script named `tensorflow.py`
imports itself. `diagnose()` finds every candidate on `sys.path`
without running them, so it works where the import fails.

Pitfall: `importlib.metadata` reads the first `.dist-info` or
`.egg-info` on `sys.path`, not what `import` loads; do not trust its
version. Rename the file or folder (delete a `tensorflow.pyc` beside
it too), restart the notebook kernel or Python, then run `diagnose()`
again.

Checked: each case ran in a fresh child Python 3.11. A script named
`tensorflow.py` runs twice, as `__main__` and as `tensorflow`;
`train.py` beside it gets the same error. The file hid nothing from a
script in another folder, nor under
[`python -P`](https://docs.python.org/3/using/cmdline.html#cmdoption-P),
and `mypkg/tensorflow.py` nothing from `python main.py` or `python -m
mypkg.model` run above `mypkg/`. After the rename, a stale
`__pycache__` file was ignored, a `tensorflow.pyc` beside the script
was not; a Python that had imported `tensorflow.py` kept it, a new one
did not. Beside a stale `keras/` (`__version__` 2.15.0), the metadata
named the installed Keras; with a `keras.egg-info` or
`keras-2.15.0.dist-info` there too, `keras` 2.15.0. Python 3.13 (not run here)
words the first two cases `module 'tensorflow' has no attribute
'constant'` with a hint to rename the file
([What's new in 3.13](https://docs.python.org/3/whatsnew/3.13.html#improved-error-messages)).
[keras#18506](https://github.com/keras-team/keras/issues/18506) is the
`keras/` case (`%cd keras` into a git checkout). `tf.__file__` is
`None`? See
[two packages sharing `tensorflow/`](setup.md#tensorflow-folder-shared).

severity: crash
topics: S15, S1
aliases:
  - "AttributeError: partially initialized module 'tensorflow' has no attribute 'constant' (most likely due to a circular import)"
  - "AttributeError: module 'tensorflow' has no attribute 'constant'"
  - module 'tensorflow' has no attribute 'constant' (consider renaming '/app/tensorflow.py' if it has the same name as a third-party module you intended to import)
  - "AttributeError: module 'keras' has no attribute 'config'"
  - I named my file tensorflow.py
  - renamed tensorflow.py but the notebook still imports it
  - keras.config.disable_traceback_filtering() does not work
  - import tensorflow imports my own file instead of the library
  - tf.__file__ points to my project folder
  - importlib.metadata.version and tf.__version__ disagree
"""

import importlib.metadata as md
import inspect
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import keras


# --8<-- [start:show]
def diagnose(name):
    """Run it as the failing code runs: same folder, same way."""
    import importlib.metadata as md
    import importlib.util
    import sys
    from importlib.machinery import PathFinder

    print("sys.path[0]:", repr(sys.path[0]))
    print(f"import {name} loads", importlib.util.find_spec(name).origin)
    for entry in sys.path:  # every candidate, in the order tried
        spec = PathFinder.find_spec(name, [entry])
        if spec and spec.origin:
            print("  found", spec.origin)
        elif spec:  # no __init__.py: loses to a later package, if any
            print("  no __init__.py:", *spec.submodule_search_locations)
    dists = md.packages_distributions().get(name, [])
    for dist in sorted(set(dists)):  # md.version: first on sys.path
        print("  metadata:", dist, md.version(dist))


# --8<-- [end:show]

ROOT = Path(tempfile.mkdtemp()).resolve()
SITE = re.compile(r"\S*/site-packages")
# Child Pythons as a user's: no PYTHONPATH, bytecode written.
ENV = dict(os.environ)
UNSET = ("PYTHONPATH", "PYTHONSAFEPATH", "PYTHONDONTWRITEBYTECODE")
for var in (*UNSET, "PYTHONPYCACHEPREFIX"):
    ENV.pop(var, None)
DIAGNOSE = inspect.getsource(diagnose)


def clean(text):
    text = SITE.sub("<site-packages>", text)
    return text.replace(f"{ROOT}/", "").replace(str(ROOT), ".")


def write(path, text):
    path = ROOT / path
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def python(folder, *args):
    """A fresh child Python in ROOT/folder: stdout lines, the last
    stderr line when it failed, and the traceback's files."""
    done = subprocess.run(
        [sys.executable, *args],
        cwd=ROOT / folder,
        env=ENV,
        capture_output=True,
        text=True,
    )
    err = clean(done.stderr).strip().splitlines()
    files = [ln.split('"')[1] for ln in err if ln.startswith("  File")]
    error = err[-1] if done.returncode else None
    return clean(done.stdout).splitlines(), error, files


def diagnosed(folder, *args, name="tensorflow"):
    """diagnose(name) run from `folder`: a script, -c, -m or -P."""
    script = f"{DIAGNOSE}\ndiagnose({name!r})\n"
    write(f"{folder}/diagnose.py", script)
    if args == ("-c",):
        args = ("-c", script)
    out, error, _ = python(folder, *args)
    assert error is None, error
    return out


def show(command, *lines):
    print(command)
    for line in lines:
        print("  " + line)


SCRIPT = (  # the user's experiment, saved as tensorflow.py
    'print("running as", __name__)\n'
    "import tensorflow as tf\n\n"
    "print(tf.constant(1))\n"
)
TRAIN = "import tensorflow as tf\n\nprint(tf.constant(1))\n"
PARTIAL = (
    "AttributeError: partially initialized module 'tensorflow' has no"
    " attribute 'constant' (most likely due to a circular import)"
)
NO_CONSTANT = (
    "AttributeError: module 'tensorflow' has no attribute 'constant'"
)
NO_CONFIG = "AttributeError: module 'keras' has no attribute 'config'"
TF_INIT = "<site-packages>/tensorflow/__init__.py"
KERAS_INIT = "<site-packages>/keras/__init__.py"

# 1. proj/tensorflow.py run as a script, then train.py beside it.
write("proj/tensorflow.py", SCRIPT)
write("proj/train.py", TRAIN)
self_out, self_err, _ = python("proj", "tensorflow.py")
train_out, train_err, train_files = python("proj", "train.py")
cached = sorted(p.name for p in (ROOT / "proj/__pycache__").iterdir())
show("$ python tensorflow.py  # in proj/", *self_out, self_err)
show(
    "$ python train.py  # in proj/, beside tensorflow.py",
    *train_out,
    "traceback through: " + ", ".join(train_files),
    train_err,
)
assert self_out == ["running as __main__", "running as tensorflow"]
assert self_err == PARTIAL, self_err
assert train_out == ["running as tensorflow"], train_out
assert train_err == PARTIAL, train_err
assert train_files == ["proj/train.py", "proj/tensorflow.py"]

# 2. diagnose() in proj/: as a script, with -c, -m, from elsewhere, -P.
runs = {
    "python diagnose.py": diagnosed("proj", "diagnose.py"),
    'python -c "..."': diagnosed("proj", "-c"),
    "python -m diagnose": diagnosed("proj", "-m", "diagnose"),
}
write("elsewhere/diagnose.py", (ROOT / "proj/diagnose.py").read_text())
runs["python ../elsewhere/diagnose.py"] = diagnosed(
    "proj", "../elsewhere/diagnose.py"
)
runs["python -P diagnose.py"] = diagnosed("proj", "-P", "diagnose.py")
show("$ python diagnose.py  # in proj/", *runs["python diagnose.py"])
print("what import tensorflow loads, each run from proj/:")
for how, out in runs.items():
    where = out[0] if "-P" not in how else "sys.path[0]: not proj"
    print(f"  {how}: {out[1].split()[-1]} ({where})")
FOUND = ["  found proj/tensorflow.py", "  found " + TF_INIT]
assert runs["python diagnose.py"][:4] == [
    "sys.path[0]: 'proj'",
    "import tensorflow loads proj/tensorflow.py",
    *FOUND,
], runs["python diagnose.py"]
# find_spec ran nothing: no "running as" line in any run.
assert not any("running as" in ln for o in runs.values() for ln in o)
assert runs['python -c "..."'][:4] == [
    "sys.path[0]: ''",
    "import tensorflow loads proj/tensorflow.py",
    *FOUND,
], runs['python -c "..."']
assert runs["python -m diagnose"][:4] == runs["python diagnose.py"][:4]
assert runs["python ../elsewhere/diagnose.py"][:3] == [
    "sys.path[0]: 'elsewhere'",
    "import tensorflow loads " + TF_INIT,
    "  found " + TF_INIT,
], runs["python ../elsewhere/diagnose.py"]
safe = runs["python -P diagnose.py"]
assert not any("proj" in line for line in safe), safe
assert safe[1:3] == [
    "import tensorflow loads " + TF_INIT,
    "  found " + TF_INIT,
], safe

# 3. A helpers file named tensorflow.py: the import itself succeeds.
write("helpers/tensorflow.py", "def load_data():\n    return []\n")
write(
    "helpers/train.py",
    "import tensorflow as tf\n\nprint(tf.__file__)\ntf.constant(1)\n",
)
helpers_out, helpers_err, _ = python("helpers", "train.py")
show(
    "$ python train.py  # in helpers/, beside tensorflow.py",
    "tf.__file__: " + helpers_out[0],
    helpers_err,
)
assert helpers_out == ["helpers/tensorflow.py"], helpers_out
assert helpers_err == NO_CONSTANT, helpers_err

# 3b. A tensorflow.py inside the user's own package, beside model.py.
write("app/mypkg/__init__.py", "")
write("app/mypkg/tensorflow.py", "def load_data():\n    return []\n")
write("app/mypkg/model.py", f"{DIAGNOSE}\ndiagnose('tensorflow')\n")
write("app/main.py", "import mypkg.model\n")
in_pkg = {}
for how, args in (
    ("python main.py", ["main.py"]),
    ("python -m mypkg.model", ["-m", "mypkg.model"]),
):
    out, error, _ = python("app", *args)
    assert error is None, error
    in_pkg[how] = out
print("diagnose() in app/mypkg/model.py, beside mypkg/tensorflow.py:")
for how, out in in_pkg.items():
    print(f"  {how}: {out[1].split()[-1]} ({out[0]})")
for out in in_pkg.values():
    assert out[:3] == [
        "sys.path[0]: 'app'",
        "import tensorflow loads " + TF_INIT,
        "  found " + TF_INIT,
    ], out
    assert not any("mypkg" in line for line in out), out

# 4. Renamed: the stale __pycache__ file, then a .pyc beside the script.
PYC = f"tensorflow.{sys.implementation.cache_tag}.pyc"
assert PYC == "tensorflow.cpython-311.pyc" and PYC in cached, cached
(ROOT / "proj/tensorflow.py").rename(ROOT / "proj/experiments.py")
assert (ROOT / "proj/__pycache__" / PYC).exists()
renamed = diagnosed("proj", "diagnose.py")
shutil.copy(
    ROOT / "proj/__pycache__" / PYC, ROOT / "proj/tensorflow.pyc"
)
beside = diagnosed("proj", "diagnose.py")
pyc_out, pyc_err, pyc_files = python("proj", "train.py")
(ROOT / "proj/tensorflow.pyc").unlink()
show(
    "renamed to experiments.py, keeping __pycache__/" + PYC,
    renamed[1],
    "and with a copy at proj/tensorflow.pyc:",
    beside[1],
    "python train.py: " + ", ".join(pyc_out),
    pyc_err,
)
assert renamed[1:3] == [
    "import tensorflow loads " + TF_INIT,
    "  found " + TF_INIT,
], renamed
assert beside[1] == "import tensorflow loads proj/tensorflow.pyc"
assert pyc_out == ["running as tensorflow"] and pyc_err == PARTIAL
assert pyc_files[-1] == "proj/tensorflow.py", pyc_files  # compiled from

# 4b. One Python (a notebook's kernel): import, rename, diagnose again.
write("stale/tensorflow.py", "def load_data():\n    return []\n")
SESSION = (
    f"{DIAGNOSE}\n"
    "import os\nimport sys\n\n"
    "import tensorflow as tf\n\n"
    "os.rename('tensorflow.py', 'helpers.py')\n"
    "diagnose('tensorflow')\n"
    "import importlib.util\n\n"
    "import tensorflow as tf\n\n"
    "print('import tensorflow again:', tf.__file__)\n"
    "loaded = sys.modules['tensorflow']\n"
    "print('find_spec is the loaded spec:', loaded is tf and"
    " importlib.util.find_spec('tensorflow') is loaded.__spec__)\n"
)
session, session_err, _ = python("stale", "-c", SESSION)
restarted = diagnosed("stale", "-c")
show(
    "$ python -c <import, rename to helpers.py, diagnose(), import>",
    *session[1:3],
    *session[-2:],
    "then a new python -c: " + restarted[1],
)
assert session_err is None, session_err
assert not (ROOT / "stale/tensorflow.py").exists()
assert session[1:3] == [
    "import tensorflow loads stale/tensorflow.py",  # renamed, gone
    "  found " + TF_INIT,
], session
assert session[-2:] == [
    "import tensorflow again: stale/tensorflow.py",
    "find_spec is the loaded spec: True",
], session
assert restarted[1:3] == [
    "import tensorflow loads " + TF_INIT,
    "  found " + TF_INIT,
], restarted

# 5. Keras: keras.py beside a script; keras/ folders in the working
# directory, with and without __init__.py.
CALLER = (
    "import keras\n\n"
    "print(keras.__file__, getattr(keras, '__version__', None))\n"
    "keras.config.disable_traceback_filtering()\n"
)
write("k1/keras.py", "# my notes on Keras\n")
write("k1/debug.py", CALLER)
write("k2/keras/__init__.py", '__version__ = "2.15.0"  # stale copy\n')
write("k2/debug.py", CALLER)
write("k3/keras/src/layers.py", "# a checkout's folder\n")
k1_out, k1_err, _ = python("k1", "debug.py")
k2_out, k2_err, _ = python("k2", "debug.py")
k2_diag = diagnosed("k2", "-c", name="keras")
k3_diag = diagnosed("k3", "-c", name="keras")
show("$ python debug.py  # in k1/, beside keras.py", *k1_out, k1_err)
show(
    "$ python debug.py  # in k2/, beside a stale keras/",
    *k2_out,
    k2_err,
)
show("diagnose('keras') in k2/, with -c", *k2_diag)
show("diagnose('keras') in k3/, keras/ without __init__.py", *k3_diag)
assert k1_out == ["k1/keras.py None"], k1_out
assert k2_out == ["k2/keras/__init__.py 2.15.0"], k2_out
assert k1_err == k2_err == NO_CONFIG, (k1_err, k2_err)
(keras_dist,) = md.packages_distributions()["keras"]
METADATA = f"  metadata: {keras_dist} {keras.__version__}"
assert k2_diag == [
    "sys.path[0]: ''",
    "import keras loads k2/keras/__init__.py",
    "  found k2/keras/__init__.py",
    "  found " + KERAS_INIT,
    METADATA,
], k2_diag
assert md.version(keras_dist) == keras.__version__ != "2.15.0"
assert k3_diag == [
    "sys.path[0]: ''",
    "import keras loads " + KERAS_INIT,
    "  no __init__.py: k3/keras",
    "  found " + KERAS_INIT,
    METADATA,
], k3_diag
# With no package after it, the folder without __init__.py is loaded.
write("k3/my_notes/todo.py", "# nothing installed is named my_notes\n")
assert diagnosed("k3", "-c", name="my_notes") == [
    "sys.path[0]: ''",
    "import my_notes loads None",
    "  no __init__.py: k3/my_notes",
]

# 6. The stale keras/ with its metadata beside it: a checkout where
# setup.py or `pip install .` ran (egg-info), or a `pip --target` one.
STALE = "Metadata-Version: 2.1\nName: keras\nVersion: 2.15.0\n"
write("k4/keras/__init__.py", '__version__ = "2.15.0"  # stale copy\n')
write("k4/keras.egg-info/PKG-INFO", STALE)
write("k4/keras.egg-info/top_level.txt", "keras\n")
write("k5/keras/__init__.py", '__version__ = "2.15.0"  # stale copy\n')
write("k5/keras-2.15.0.dist-info/METADATA", STALE)
write(
    "k5/keras-2.15.0.dist-info/RECORD",
    "keras/__init__.py,,\nkeras-2.15.0.dist-info/METADATA,,\n",
)
# A nightly's Keras is `keras-nightly`: diagnose() lists it too.
STALE_LINES = ["  metadata: keras 2.15.0"]
if keras_dist != "keras":
    STALE_LINES.append(METADATA)
print("diagnose('keras') beside a stale keras/ and its metadata:")
for folder, meta in (
    ("k4", "keras.egg-info"),
    ("k5", "keras-2.15.0.dist-info"),
):
    out = diagnosed(folder, "-c", name="keras")
    print(f"  with {meta}: loads {out[1].split()[-1]};{out[4]}")
    assert out == [
        "sys.path[0]: ''",
        f"import keras loads {folder}/keras/__init__.py",
        f"  found {folder}/keras/__init__.py",
        "  found " + KERAS_INIT,
        *STALE_LINES,
    ], out
# The TensorFlow case in proj/: one metadata line, the installed one.
(tf_dist,) = md.packages_distributions()["tensorflow"]
assert runs["python diagnose.py"][4:] == [
    f"  metadata: {tf_dist} {md.version(tf_dist)}"
], runs["python diagnose.py"]
shutil.rmtree(ROOT)
