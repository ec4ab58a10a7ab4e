"""`module 'tensorflow' has no attribute 'estimator'`: port to Keras or pin 2.15

When you hit it: Estimator code, or a library built on it, runs on
TensorFlow 2.16 or later and stops with `AttributeError: module
'tensorflow' has no attribute 'estimator'` or `ModuleNotFoundError: No
module named 'tensorflow.python.estimator'`.

What is going on: TensorFlow 2.16 removed `tf.estimator`,
`tf.compat.v1.estimator` too ([2.16.1 release
notes](https://github.com/tensorflow/tensorflow/releases/tag/v2.16.1)).
Port to Keras: keep the `input_fn` and feed its `tf.data.Dataset` to
`keras.Model.fit`, `evaluate` and `predict`; for numeric features, build
the model from a dict of named `keras.Input`s and keep only their keys
(`Dataset.map`): on Keras 3.4–3.15 an extra key can shift the inputs
without an error ([matched by
name](model.md#dict-inputs-matched-by-name)). Or pin `tensorflow==2.15.*`
(2.15.1: Python 3.9–3.11 only), as the release notes advise.
`tensorflow-hub` before 0.16 needs `tf.compat.v1.estimator` on import:
upgrade it ([the hub card](save-load.md#hub-module-vs-savedmodel)).

Pitfall: `pip install tensorflow-estimator` does not bring
`tf.estimator` back: TensorFlow 2.16 and later never import it. An
`input_fn` ending in `.repeat()` needs `steps_per_epoch` (the old
`steps`), or an epoch [runs on](debugging.md#empty-outputs-predict-and-fit).

Checked: each Estimator path in the output raises on the release
printed. After `import tensorflow.compat.v1 as tf` or `from
tensorflow.compat.v1 import …`, `tf.compat.v1.estimator` names its
module `tensorflow.compat.v1`. No `.py` file of `tensorflow` imports
`tensorflow_estimator`: a stand-in on `PYTHONPATH` stays unloaded, and
importing it adds no `tf.estimator`. The real `tensorflow-estimator`
2.15.0 ([last
release](https://pypi.org/project/tensorflow-estimator/#history)) needs
`tensorflow.python.distribute.estimator_training`
([`estimator.py`](https://github.com/tensorflow/estimator/blob/v2.15.0/tensorflow_estimator/python/estimator/estimator.py)),
which is gone. Keras 3 has no `DenseFeatures` (`tf_keras` still has
it: [mixing the two](save-load.md#keras3-and-tf-keras-mixed)); for
categorical columns, try preprocessing layers (`StringLookup`,
`Discretization`) with `Embedding`, or `keras.utils.FeatureSpace`, as
the `tf.feature_column` deprecation warning advises ([a lookup
card](data.md#adapt-after-fixed-vocabulary)). `build` mirrors
`DNNClassifier`: ReLU layers, one sigmoid unit
([`dnn.py`](https://github.com/tensorflow/estimator/blob/master/tensorflow_estimator/python/estimator/canned/dnn.py),
[`binary_class_head.py`](https://github.com/tensorflow/estimator/blob/master/tensorflow_estimator/python/estimator/head/binary_class_head.py));
without them, a
[`LinearClassifier`](https://github.com/tensorflow/estimator/blob/master/tensorflow_estimator/python/estimator/canned/linear.py).
Both score above 0.9 on synthetic test data. The data carry an
`account_id` that no feature column names; fed the Dataset without the
`map`, a model of the two `Input`s alone receives it as `age` (and `age`
as `hours`) on Keras 3.4–3.15 (TF 2.16–2.21), and the Keras 3.16 dev
build in the TF 2.23 nightly drops it, with a warning. In the PyPI
snapshot (newest patch of each release), `tensorflow` 2.10–2.15 requires
`tensorflow-estimator` of its minor on Linux x86-64, macOS x86-64 and
Windows, and on Apple silicon from 2.13; no 2.16–2.21 wheel names it.
Guides: [Estimator to
Keras](https://www.tensorflow.org/guide/migrate/migrating_estimator),
[hooks to
callbacks](https://www.tensorflow.org/guide/migrate/sessionrunhook_callback).

severity: crash
topics: E17, S12
aliases:
  - "AttributeError: module 'tensorflow' has no attribute 'estimator'"
  - "ModuleNotFoundError: No module named 'tensorflow.python.estimator'"
  - "AttributeError: module 'tensorflow.compat.v1' has no attribute 'estimator'"
  - "ModuleNotFoundError: No module named 'tensorflow_estimator'"
  - "ImportError: cannot import name 'estimator_training' from 'tensorflow.python.distribute'"
  - pip install tensorflow-estimator does not fix tf.estimator
  - replacement for tf.estimator.DNNClassifier or LinearClassifier with model.fit
  - tf.feature_column with Keras 3, DenseFeatures missing
"""

import importlib
import importlib.util
import json
import logging
import os
import subprocess
import sys
import tempfile
import warnings
from pathlib import Path

import keras
import numpy as np
import tensorflow as tf
from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.version import Version

# A stand-in tensorflow_estimator (the package TF <= 2.15 loaded
# tf.estimator from), on PYTHONPATH of a fresh Python started now.
stand_in = Path(tempfile.mkdtemp()) / "stand_in"  # not in the cwd
api = stand_in / "tensorflow_estimator/python/estimator/api"
for version in ("_v1", "_v2"):
    (api / version / "estimator").mkdir(parents=True)
for folder in [p for p in stand_in.rglob("*") if p.is_dir()]:
    (folder / "__init__.py").write_text("")
for version in ("_v1", "_v2"):
    (api / version / "estimator/__init__.py").write_text(
        "DNNClassifier = object\n"
    )
CHILD = """
import json, sys
import tensorflow as tf

def message(code):
    try:
        exec(code, {"tf": tf})
    except AttributeError as err:
        return str(err)
    return "(no error)"

seen = {"loaded by import tensorflow": "tensorflow_estimator" in sys.modules}
seen["tf.estimator"] = message("tf.estimator")
seen["tf.compat.v1.estimator"] = message("tf.compat.v1.estimator")
seen["loaded after both"] = "tensorflow_estimator" in sys.modules
from tensorflow.compat.v1 import logging
seen["after from-import"] = message("tf.compat.v1.estimator")
import tensorflow_estimator
from tensorflow_estimator.python.estimator.api._v2 import estimator
seen["stand-in"] = tensorflow_estimator.__file__
seen["stand-in DNNClassifier"] = estimator.DNNClassifier is object
seen["tf has estimator after"] = hasattr(tf, "estimator")
seen["tf.compat.v1 has estimator after"] = hasattr(tf.compat.v1, "estimator")
print(json.dumps(seen))
"""
child = subprocess.Popen(
    [sys.executable, "-c", CHILD],
    env={**os.environ, "PYTHONPATH": str(stand_in)},
    stdout=subprocess.PIPE,
    stderr=subprocess.DEVNULL,
    text=True,
)

keras.utils.set_random_seed(0)
NAMES = ["age", "hours"]
rng = np.random.default_rng(0)


def make(n):
    x = {name: rng.normal(size=n).astype("float32") for name in NAMES}
    x["account_id"] = 1000 + np.arange(n)  # no feature column names it
    return x, (x["age"] + x["hours"] > 0).astype("float32")


train_x, train_y = make(640)
test_x, test_y = make(320)


class Keep(logging.Handler):
    """Keeps TensorFlow's Python log records (deprecation warnings)."""

    def __init__(self):
        super().__init__()
        self.messages = []

    def emit(self, record):
        self.messages.append(record.getMessage())


tf_log = Keep()
logging.getLogger("tensorflow").addHandler(tf_log)

estimator_error = ""
try:
    # --8<-- [start:wrong]
    columns = [tf.feature_column.numeric_column(n) for n in NAMES]
    classifier = tf.estimator.DNNClassifier(
        feature_columns=columns, hidden_units=[16, 8]
    )
    # --8<-- [end:wrong]
except AttributeError as err:
    estimator_error = f"AttributeError: {err}"
print(estimator_error)
assert estimator_error == (
    "AttributeError: module 'tensorflow' has no attribute 'estimator'"
), estimator_error


# --8<-- [start:right]
def input_fn(features, labels, training, batch_size=32):
    """The Estimator-era input_fn, unchanged."""
    ds = tf.data.Dataset.from_tensor_slices((dict(features), labels))
    if training:
        ds = ds.shuffle(1000, seed=0).repeat()
    return ds.batch(batch_size)


def model_keys(features, labels):
    """Only the keys the Inputs name: drops account_id."""
    return {n: features[n] for n in NAMES}, labels


def build(hidden_units):  # [] for a LinearClassifier
    # numeric features: one float Input per feature, by name
    inputs = {n: keras.Input(shape=(1,), name=n) for n in NAMES}
    h = keras.layers.Concatenate()(list(inputs.values()))
    for units in hidden_units:
        h = keras.layers.Dense(units, activation="relu")(h)
    outputs = keras.layers.Dense(1, activation="sigmoid")(h)
    model = keras.Model(inputs, outputs)
    model.compile(
        optimizer=keras.optimizers.Adam(0.01),
        loss=keras.losses.BinaryCrossentropy(),
        metrics=[keras.metrics.BinaryAccuracy()],
    )
    return model


model = build(hidden_units=[16, 8])
train_ds = input_fn(train_x, train_y, True).map(model_keys)
# was classifier.train(input_fn=..., steps=200)
model.fit(train_ds, steps_per_epoch=200, verbose=0)
test_ds = input_fn(test_x, test_y, False).map(model_keys)
loss, accuracy = model.evaluate(test_ds, verbose=0)
probabilities = model.predict(test_ds, verbose=0)
# --8<-- [end:right]

# The rewrite ran: 200 steps on the repeated Dataset, then evaluate and
# predict on the finite one.
assert int(model.optimizer.iterations.numpy()) == 200, "200 steps"
assert probabilities.shape == (len(test_y), 1), probabilities.shape
assert ((probabilities >= 0) & (probabilities <= 1)).all()
assert accuracy > 0.9, f"expected the DNN to learn: {accuracy}"
dense = [x for x in model.layers if isinstance(x, keras.layers.Dense)]
assert [x.activation.__name__ for x in dense] == [
    "relu",
    "relu",
    "sigmoid",
], "ReLU layers, one sigmoid unit"
assert dense[-1].units == 1
linear = build(hidden_units=[])
linear.fit(train_ds, steps_per_epoch=200, verbose=0)
_, linear_accuracy = linear.evaluate(test_ds, verbose=0)
assert linear_accuracy > 0.9, f"expected it to learn: {linear_accuracy}"
assert len(linear.layers) == 2 + 2, "inputs, Concatenate, Dense(1)"

# Without the map: what a model of the two Inputs alone receives.
keras_version = Version(keras.__version__).release[:2]  # (3, 15)
probe_inputs = {n: keras.Input(shape=(1,), name=n) for n in NAMES}
probe = keras.Model(
    probe_inputs,
    keras.layers.Concatenate()(list(probe_inputs.values())),
)
row = [test_x["age"][0], test_x["hours"][0]]
np.testing.assert_allclose(
    probe.predict(test_ds.take(1), verbose=0)[0], row
)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    unmapped = input_fn(test_x, test_y, False).take(1)
    got = probe.predict(unmapped, verbose=0)[0]  # runs, no error
if keras_version >= (3, 16):  # the nightly's dev build
    np.testing.assert_allclose(got, row)
    assert any(
        "Ignored fields: 'account_id'" in str(w.message) for w in caught
    ), "expected the nightly to drop account_id, with a warning"
    fate = "dropped"
else:  # Keras 3.4 to 3.15: sorted keys, account_id first
    assert test_x["account_id"][0] == 1000
    np.testing.assert_allclose(got, [1000, test_x["age"][0]])
    fate = "read as age, age as hours"
print(f"with map: age, hours | without, account_id: {fate}")


class Batches(keras.callbacks.Callback):
    """Counts batches; stops training after `limit`."""

    def __init__(self, limit):
        super().__init__()
        self.limit, self.seen, self.epochs_ended = limit, 0, []

    def on_train_batch_end(self, batch, logs=None):
        self.seen += 1
        if self.seen == self.limit:
            self.model.stop_training = True

    def on_epoch_end(self, epoch, logs=None):
        self.epochs_ended.append(self.seen)


# Without steps_per_epoch the repeated input_fn gives an epoch that
# does not end: it ends here only because a callback stops it.
one_pass = -(-len(train_y) // 32)  # 20 batches
endless = Batches(limit=3 * one_pass)
linear.fit(train_ds, callbacks=[endless], verbose=0)
print(
    f"no steps_per_epoch: epoch 1 still running after {endless.seen}",
    f"batches ({endless.seen // one_pass} passes), stopped by a callback",
)
assert endless.epochs_ended == [3 * one_pass], endless.epochs_ended
print(
    "Keras rewrite, test accuracy > 0.9:",
    f"DNN {accuracy > 0.9}, linear {linear_accuracy > 0.9}",
)

# Feature columns: still there, deprecated, and nothing in Keras 3
# takes them; the preprocessing layers named for categorical columns.
warned = [m for m in tf_log.messages if "numeric_column" in m]
print(
    "tf.feature_column.numeric_column works, deprecated:", bool(warned)
)
assert warned and "Use Keras preprocessing layers instead" in warned[0]
assert [c.key for c in columns] == NAMES, "the columns were built"
assert not hasattr(keras.layers, "DenseFeatures")
assert not hasattr(tf.keras.layers, "DenseFeatures")
assert "tf.keras.utils.FeatureSpace" in warned[0], warned[0]
for name in ("StringLookup", "Discretization"):
    layer = getattr(keras.layers, name)
    assert ".layers.preprocessing." in layer.__module__, layer
assert issubclass(keras.layers.Embedding, keras.layers.Layer)
assert hasattr(keras.utils, "FeatureSpace")


# Every Estimator path on this release.
def error_of(code):
    try:
        exec(code, {"tf": tf})
    except Exception as err:  # noqa: BLE001 - the error is the result
        message = str(err).split(" (/")[0]  # no install path
        return f"{type(err).__name__}: {message}"
    return "(no error)"


COMPAT_AS_TF = "import tensorflow.compat.v1 as tf; tf.estimator"
PATHS = {
    "tf.estimator": "AttributeError: module 'tensorflow' has no"
    " attribute 'estimator'",
    "import tensorflow.estimator": "ModuleNotFoundError: No module"
    " named 'tensorflow.estimator'",
    "from tensorflow import estimator": "ImportError: cannot import"
    " name 'estimator' from 'tensorflow'",
    "import tensorflow.python.estimator": "ModuleNotFoundError: No"
    " module named 'tensorflow.python.estimator'",
    # before any import names tensorflow.compat.v1 (order matters)
    "tf.compat.v1.estimator": "AttributeError: module"
    " 'tensorflow._api.v2.compat.v1' has no attribute 'estimator'",
    COMPAT_AS_TF: "AttributeError: module 'tensorflow.compat.v1' has"
    " no attribute 'estimator'",
    "from tensorflow.compat.v1 import estimator": "ImportError: cannot"
    " import name 'estimator' from 'tensorflow.compat.v1'",
    "import tensorflow_estimator": "ModuleNotFoundError: No module"
    " named 'tensorflow_estimator'",
}
RENAMED = (
    "AttributeError: module 'tensorflow.compat.v1' has no attribute"
    " 'estimator'"
)
print("TensorFlow", tf.__version__, "(install paths cut)")
assert Version(tf.__version__) >= Version("2.16"), tf.__version__
for code, expected in PATHS.items():
    got = error_of(code)
    print(f"  {code:49} -> {got}")
    assert got == expected, f"{code}: {got}"
    if code == COMPAT_AS_TF:  # the module now has that name
        renamed = error_of("tf.compat.v1.estimator")
        print(f"  {'then tf.compat.v1.estimator':49} -> {renamed}")
        assert renamed == RENAMED, renamed

# Keras 2 (tf_keras) still has DenseFeatures; imported only now, as it
# imports tensorflow.compat.v1 (the order the paths above rely on).
assert importlib.util.find_spec("tf_keras") is not None
tf_keras = importlib.import_module("tf_keras")  # Keras 2
print(
    "DenseFeatures in keras.layers: False, in tf_keras.layers:",
    hasattr(tf_keras.layers, "DenseFeatures"),
)
assert hasattr(tf_keras.layers, "DenseFeatures"), tf_keras.__version__

# TensorFlow never imports tensorflow_estimator: its source...
package = Path(tf.__file__).parent
naming = {}
for source in sorted(package.rglob("*.py")):
    text = source.read_text(encoding="utf-8", errors="replace")
    if "tensorflow_estimator" in text:
        naming[source.relative_to(package).as_posix()] = text
(hooks,) = naming  # the one file that names it
mentions = naming[hooks].count("tensorflow_estimator")
link = "https://github.com/tensorflow/estimator/blob/master/"
linked = naming[hooks].count(link + "tensorflow_estimator/")
print(f"tensorflow/*.py naming tensorflow_estimator: {hooks} (2 links)")
assert hooks == "python/training/basic_session_run_hooks.py", hooks
assert mentions == linked == 2, "expected two links, no import"

# ...and the stand-in, on PYTHONPATH before `import tensorflow`, is
# never loaded; importing it changes nothing.
seen = json.loads(child.communicate()[0])
assert child.returncode == 0, child.returncode
print(
    "stand-in tensorflow_estimator on PYTHONPATH: loaded by TensorFlow",
    seen["loaded by import tensorflow"] or seen["loaded after both"],
    "| after import tensorflow_estimator: tf.estimator",
    seen["tf has estimator after"],
)
assert Path(seen["stand-in"]).is_relative_to(stand_in), seen
assert seen["stand-in DNNClassifier"], "the stand-in loaded"
assert not seen["loaded by import tensorflow"]
assert not seen["loaded after both"]
assert (
    "AttributeError: " + seen["tf.estimator"] == PATHS["tf.estimator"]
)
assert (
    "AttributeError: " + seen["tf.compat.v1.estimator"]
    == (PATHS["tf.compat.v1.estimator"])
), "fresh process: the _api.v2 name"
assert "AttributeError: " + seen["after from-import"] == RENAMED, seen
assert not seen["tf has estimator after"]
assert not seen["tf.compat.v1 has estimator after"]

# tensorflow-estimator 2.15.0 imports estimator_training, gone here.
assert (
    importlib.util.find_spec(
        "tensorflow.python.distribute.estimator_training"
    )
    is None
)
NEEDED = "from tensorflow.python.distribute import estimator_training"
missing = error_of(NEEDED)
print(f"tensorflow-estimator 2.15.0 needs: {NEEDED} -> {missing}")
assert missing == (
    "ImportError: cannot import name 'estimator_training' from"
    " 'tensorflow.python.distribute'"
), missing

# The PyPI snapshot: which releases require tensorflow-estimator.
SNAPSHOT = (
    Path(__file__).resolve().parents[2] / "registry" / "pypi.json"
)
registry = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
packages = registry["packages"]
print("PyPI snapshot of", registry["fetched"])
FAMILY = {
    "linux-x86_64": ("Linux", "x86_64", "linux"),
    "linux-aarch64": ("Linux", "aarch64", "linux"),
    "macos-arm64": ("Darwin", "arm64", "darwin"),
    "macos-x86_64": ("Darwin", "x86_64", "darwin"),
    "windows-amd64": ("Windows", "AMD64", "win32"),
}


def requirements(package, version, family):
    """The Requires-Dist lines that apply on that platform (no extra)."""
    system, machine, platform = FAMILY[family]
    env = default_environment()
    env.update(
        platform_system=system,
        platform_machine=machine,
        sys_platform=platform,
        extra="",
    )
    lines = packages[package][version]["metadata"][family]
    for line in lines["requires_dist"]:
        req = Requirement(line)
        if req.marker is None or req.marker.evaluate(env):
            yield req


def estimator_spec(package, version, family):
    """(spec, how): how the wheel requires tensorflow-estimator."""
    found = list(requirements(package, version, family))
    for req in found:
        if req.name == "tensorflow-estimator":
            return req.specifier, "itself"
    for req in found:
        if req.name in ("tensorflow-intel", "tensorflow-macos"):
            (pinned,) = [s.version for s in req.specifier]
            assert pinned == version, (req, version)
            assert req.name != package, "a wheel that requires itself"
            spec, _ = estimator_spec(req.name, pinned, family)
            return spec, f"via {req.name}"
        if req.name == "tensorflow-cpu-aws":
            return None, "via tensorflow-cpu-aws (not in the snapshot)"
    return None, "no"


def estimator_lines(package, version, family):
    lines = packages[package][version]["metadata"][family]
    return [
        line
        for line in lines["requires_dist"]
        if Requirement(line).name == "tensorflow-estimator"
    ]


def names_it(package, version):
    """Any wheel's Requires-Dist naming it, whatever its marker."""
    return any(
        Requirement(line).name == "tensorflow-estimator"
        for metadata in packages[package][version]["metadata"].values()
        for line in metadata["requires_dist"]
    )


rows = {}  # (package, family, how) -> versions whose spec matches
for package in ("tensorflow", "tensorflow-cpu"):
    assert list(packages[package]) == [
        f"2.{minor}.{patch}"
        for minor, patch in zip(
            range(10, 22),
            [1, 1, 1, 1, 1, 1, 2, 1, 1, 1, 0, 0],
            strict=True,
        )
    ], "expected the newest patch of 2.10 to 2.21"
    for version in packages[package]:
        minor = int(version.split(".")[1])
        for family in packages[package][version]["metadata"]:
            spec, how = estimator_spec(package, version, family)
            if minor >= 16:
                assert spec is None, (package, version, family, how)
                continue
            if family == "linux-aarch64":
                assert how.startswith("via tensorflow-cpu-aws"), how
                continue
            want = SpecifierSet(f">=2.{minor}.0,<2.{minor + 1}")
            assert spec == want, (package, version, family, spec)
            rows.setdefault((package, family, how), []).append(version)
for (package, family, how), versions in sorted(rows.items()):
    if package == "tensorflow":
        span = f"{versions[0]}-{versions[-1]}"
        print(f"  {package} {span:13} {family:13} {how}")
line_215 = estimator_lines("tensorflow", "2.15.1", "linux-x86_64")
print("tensorflow 2.15.1 Requires-Dist:", *line_215)
assert line_215 == ["tensorflow-estimator (<2.16,>=2.15.0)"], line_215
TENSORFLOW_1015 = [f"2.{m}.1" for m in range(10, 16)]
assert rows == {
    ("tensorflow", "linux-x86_64", "itself"): TENSORFLOW_1015,
    ("tensorflow", "macos-x86_64", "itself"): TENSORFLOW_1015,
    ("tensorflow", "macos-arm64", "via tensorflow-macos"): [
        "2.13.1",
        "2.14.1",
    ],
    ("tensorflow", "macos-arm64", "itself"): ["2.15.1"],
    ("tensorflow", "windows-amd64", "itself"): ["2.10.1"],
    ("tensorflow", "windows-amd64", "via tensorflow-intel"): [
        f"2.{m}.1" for m in range(11, 16)
    ],
    ("tensorflow-cpu", "linux-x86_64", "itself"): TENSORFLOW_1015,
    ("tensorflow-cpu", "macos-x86_64", "itself"): TENSORFLOW_1015,
    ("tensorflow-cpu", "windows-amd64", "via tensorflow-intel"): (
        TENSORFLOW_1015
    ),
}, rows
# Apple silicon: no tensorflow wheel at all before 2.13.
assert [
    v
    for v in TENSORFLOW_1015
    if "macos-arm64" in packages["tensorflow"][v]["metadata"]
] == ["2.13.1", "2.14.1", "2.15.1"]
# No 2.16+ wheel of the four packages names it.
later = [
    (package, version)
    for package in (
        "tensorflow",
        "tensorflow-cpu",
        "tensorflow-intel",
        "tensorflow-macos",
    )
    for version in packages[package]
    if int(version.split(".")[1]) >= 16
]
print("2.16+ wheels naming it:", [pv for pv in later if names_it(*pv)])
assert len(later) == 6 + 6 + 3 + 1, later
assert not any(names_it(*pv) for pv in later), "expected none"
# Pinning 2.15: wheels for CPython 3.9-3.11 only.
tags = packages["tensorflow"]["2.15.1"]["wheels"]
pythons = sorted({tag.split("-")[0] for tag in tags})
print("tensorflow 2.15.1 wheels:", pythons)
assert pythons == ["cp310", "cp311", "cp39"], pythons
