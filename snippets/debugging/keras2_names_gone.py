"""`No module named 'keras.utils.np_utils'` and other Keras 2 names gone

When you hit it: Keras 2 code stops at the first name Keras 3 removed,
with `No module named 'keras.utils.np_utils'`, `cannot import name
'ImageDataGenerator' from 'keras.preprocessing.image'` or `module
'keras.layers' has no attribute 'CuDNNLSTM'`.

What is going on: Keras 3 dropped Keras 2's internal modules
(`keras.engine`, `keras.layers.merge`, `keras.utils.np_utils`), the
`experimental` layer paths, `CuDNNLSTM`, `CuDNNGRU`, `multi_gpu_model`,
`get_session` and `set_session` (`keras.backend.clear_session`
remains). TensorFlow 2 runs eagerly: `keras.ops.convert_to_numpy` reads
a value. [Gone and moved names](names.md) lists 28 old lines, not every
gone name, each with what it does here and a public replacement.
`tf.keras` keeps deprecated Keras 2 names that `keras` lacks:
`preprocessing.image.ImageDataGenerator`, `preprocessing.text.Tokenizer`
and 123 `backend` functions, such as `int_shape`.

Pitfall: `tensorflow.python.keras` still imports: old Keras 2 code
inside TensorFlow, outside its public API. A Keras 3 `Sequential`
rejects its layers, and its own `fit` fails. Import `keras` instead.

Checked: the run executes each old line, and each replacement but two,
which the table marks "not run here": `set_memory_growth` needs a GPU
(on this machine's CPU it raises `Cannot set memory growth on non-GPU
and non-Pluggable devices`), and `keras.wrappers.SKLearnClassifier`
asks for scikit-learn, which is not installed here. The replacements
are public names in Keras 3.15; Keras 3.4 and 3.6 (TF 2.16 and 2.17)
have no `keras.wrappers` (this case runs on each release of the matrix
line). `tf.keras.backend.set_value` fails on
`model.optimizer.learning_rate` with `'str' object has no attribute
'name'`. In the table, paths in `ImportError` messages start at the
package (`…/keras/`) and object addresses read `0x…`; the table is a
file the run wrote. Other cards prove
more: [removed methods](#removed-model-methods) (`keras.engine`,
`optimizer.lr`), [rejected
arguments](#keras3-removed-keyword-arguments) (`lr=`,
`fit_generator`), [`use_cudnn`](#lstm-use-cudnn-true) (`LSTM` on
cuDNN), [image folders](data.md#image-folder-dataset), [legacy
`.h5`](save-load.md#legacy-h5-model), [memory
growth](setup.md#gpu-memory-growth), [`MirroredStrategy`](training.md#mirrored-strategy-cpu).

severity: crash
topics: E17, M18
aliases:
  - ModuleNotFoundError: No module named 'keras.layers.experimental'
  - ImportError: cannot import name 'ImageDataGenerator' from 'keras.preprocessing.image'
  - AttributeError: module 'keras.backend' has no attribute 'get_session'
  - ModuleNotFoundError: No module named 'keras.wrappers.scikit_learn'
  - ModuleNotFoundError: No module named 'keras.layers.merge'
  - 'KerasTensor' object has no attribute '_keras_shape'
  - module 'keras.utils' has no attribute 'multi_gpu_model'
  - from tensorflow.python.keras import layers in TensorFlow 2.16 and later
  - Only instances of `keras.Layer` can be added to a Sequential model
  - K.set_value(model.optimizer.learning_rate, 1e-4) 'str' object has no attribute 'name'
"""

import hashlib
import importlib.util
import os
import re
import tempfile
from pathlib import Path

import keras
import numpy as np
import tensorflow as tf
import tf_keras

# --8<-- [start:show]
for gpu in tf.config.list_physical_devices("GPU"):  # allow_growth
    tf.config.experimental.set_memory_growth(gpu, True)
inputs = keras.Input(shape=(4,))
shape = inputs.shape  # was inputs._keras_shape
scaled = keras.layers.Rescaling(1 / 255)(inputs)  # layers.experimental
merged = keras.layers.concatenate([inputs, scaled])  # layers.merge
labels = keras.utils.to_categorical([0, 2, 1])  # utils.np_utils
recurrent = keras.layers.LSTM(4)  # was CuDNNLSTM
strategy = tf.distribute.MirroredStrategy()  # was multi_gpu_model
# --8<-- [end:show]

keras.utils.set_random_seed(0)
keras_version = tuple(int(p) for p in keras.version().split(".")[:2])
os.chdir(tempfile.mkdtemp())
features = np.random.default_rng(0).normal(size=(8, 4)).astype("f4")
targets = np.random.default_rng(1).normal(size=(8, 1)).astype("f4")
model = keras.Sequential(
    [keras.Input(shape=(4,)), keras.layers.Dense(1)]
)
model.compile(optimizer="sgd", loss="mse")
config = tf.compat.v1.ConfigProto()
config.gpu_options.allow_growth = True

# Each old line as Keras 2 code wrote it, its replacement, and why the
# run cannot run that replacement here ("" when it runs). The old lines
# run as written; the replacements are resolved below and run after
# the table.
NO_GPU = "for allow_growth; GPU only, not run here"
NO_SKLEARN = "needs scikit-learn, not run here"
PRIVATE_LINE = (
    "from tensorflow.python.keras.layers import Dense; "
    "keras.Sequential([Dense(2)])"
)
OLD_AND_NEW = [
    (
        "from keras.preprocessing.image import ImageDataGenerator",
        "keras.utils.image_dataset_from_directory",
        "",
    ),
    (
        "tf.keras.preprocessing.image.ImageDataGenerator",
        "keras.utils.image_dataset_from_directory",
        "",
    ),
    (
        "from keras.layers.experimental.preprocessing import Rescaling",
        "keras.layers.Rescaling",
        "",
    ),
    (
        "tf.keras.layers.experimental.preprocessing.Rescaling",
        "keras.layers.Rescaling",
        "",
    ),
    ("from keras.engine.topology import Layer", "keras.Layer", ""),
    ("from keras.layers.core import Dense", "keras.layers.Dense", ""),
    (
        "from keras.layers.advanced_activations import LeakyReLU",
        "keras.layers.LeakyReLU",
        "",
    ),
    (
        "from keras.layers.merge import concatenate",
        "keras.layers.concatenate",
        "",
    ),
    (
        "from keras.saving import hdf5_format",
        "keras.models.load_model",
        "",
    ),
    (PRIVATE_LINE, "keras.layers.Dense", ""),
    ("inputs._keras_shape", "inputs.shape", ""),
    ("keras.backend.int_shape(inputs)", "inputs.shape", ""),
    ("tf.keras.backend.int_shape(inputs)", "inputs.shape", ""),
    ("keras.backend.placeholder(shape=(None, 4))", "keras.Input", ""),
    (
        "from keras.utils.np_utils import to_categorical",
        "keras.utils.to_categorical",
        "",
    ),
    (
        "from keras.utils.generic_utils import get_custom_objects",
        "keras.saving.get_custom_objects",
        "",
    ),
    (
        "from keras.preprocessing.text import Tokenizer",
        "keras.layers.TextVectorization",
        "",
    ),
    (
        "tf.keras.preprocessing.text.Tokenizer",
        "keras.layers.TextVectorization",
        "",
    ),
    (
        "from keras.models import model_from_yaml",
        "keras.models.model_from_json",
        "",
    ),
    (
        "from keras.wrappers.scikit_learn import KerasClassifier",
        "keras.wrappers.SKLearnClassifier",
        NO_SKLEARN,
    ),
    (
        "keras.backend.get_session().run(total)",
        "keras.ops.convert_to_numpy(total)",
        "",
    ),
    (
        "keras.backend.set_session(tf.compat.v1.Session(config=config))",
        "tf.config.experimental.set_memory_growth",
        NO_GPU,
    ),
    (
        "keras.backend.set_value(model.optimizer.lr, 1e-4)",
        "model.optimizer.learning_rate.assign",
        "",
    ),
    (
        "tf.keras.backend.set_value(model.optimizer.learning_rate, 1e-4)",
        "model.optimizer.learning_rate.assign",
        "",
    ),
    ("keras.layers.CuDNNLSTM(4)", "keras.layers.LSTM", ""),
    ("tf.compat.v1.keras.layers.CuDNNLSTM(4)", "keras.layers.LSTM", ""),
    ("keras.layers.CuDNNGRU(4)", "keras.layers.GRU", ""),
    (
        "keras.utils.multi_gpu_model(model, gpus=2)",
        "tf.distribute.MirroredStrategy",
        "",
    ),
]
namespace = {
    "keras": keras,
    "tf": tf,
    "model": model,
    "inputs": inputs,
    "config": config,
    "total": keras.ops.ones((2,)),
}
# As imported and as resolved: a virtual environment may sit behind a link.
site_packages = {
    str(Path(keras.__file__).parents[1]),
    str(Path(keras.__file__).resolve().parents[1]),
}


def error_of(code: str) -> str:
    """The exception the line raises here, as `Type: message`, or ''."""
    try:
        exec(code, dict(namespace))
    except Exception as err:  # the type is part of the row
        message = str(err)
        for prefix in site_packages:
            message = message.replace(prefix, "…")
        message = re.sub(r"0x[0-9a-f]+", "0x…", message)
        return f"{type(err).__name__}: {message}"
    return ""


def new_path_state(code: str) -> str:
    try:
        eval(code, dict(namespace))
    except Exception:
        return "no"
    return "yes"


rows = [
    (
        old,
        error_of(old),
        f"{new} ({why})" if why else new,
        new_path_state(new),
    )
    for old, new, why in OLD_AND_NEW
]
by_old = {old: error for old, error, _, _ in rows}
still = [old for old, error, _, _ in rows if not error]
for old in (
    "from keras.utils.np_utils import to_categorical",
    "from keras.preprocessing.image import ImageDataGenerator",
    "keras.layers.CuDNNLSTM(4)",
):
    print(f"{old}\n  {by_old[old]}")
print("still resolves:", still)

assert by_old["from keras.utils.np_utils import to_categorical"] == (
    "ModuleNotFoundError: No module named 'keras.utils.np_utils'"
)
assert by_old[
    "from keras.preprocessing.image import ImageDataGenerator"
].startswith(
    "ImportError: cannot import name 'ImageDataGenerator' from "
    "'keras.preprocessing.image' (…/keras/"
), "expected the ImportError, its path cut at the package"
assert by_old["keras.layers.CuDNNLSTM(4)"] == (
    "AttributeError: module 'keras.layers' has no attribute 'CuDNNLSTM'"
)
assert still == [
    "tf.keras.preprocessing.image.ImageDataGenerator",
    "tf.keras.backend.int_shape(inputs)",
    "tf.keras.preprocessing.text.Tokenizer",
], "expected every other old line to raise here"
assert len(rows) == 28, "the card says 28 old lines"
assert not hasattr(keras.layers, "LocallyConnected2D") and not any(
    "LocallyConnected2D" in old for old, _, _ in OLD_AND_NEW
), "expected a gone name that the table does not list"
missing = [
    new for _, new, _ in OLD_AND_NEW if new_path_state(new) != "yes"
]
if keras_version >= (3, 9):
    assert not missing, (
        f"expected every replacement to resolve: {missing}"
    )
elif keras_version <= (3, 6):
    assert missing == ["keras.wrappers.SKLearnClassifier"], missing
for _, new, _ in OLD_AND_NEW:  # public: no private part, no keras.src
    parts = re.findall(r"[A-Za-z_]\w*", new.split("(")[0])
    assert not any(p.startswith("_") or p == "src" for p in parts), new

# Keras 3 dropped the session functions, not clear_session.
for name in ("get_session", "set_session"):
    assert not hasattr(keras.backend, name), name
    assert not hasattr(tf.keras.backend, name), name
assert hasattr(keras.backend, "clear_session"), "expected clear_session"
assert hasattr(tf.keras.backend, "clear_session")

# tf.keras keeps deprecated Keras 2 names that keras lacks.
assert "ImageDataGenerator" not in dir(keras.preprocessing.image)
assert not hasattr(keras.preprocessing, "text"), "keras: no Tokenizer"
kept = [
    tf.keras.preprocessing.image.ImageDataGenerator,
    tf.keras.preprocessing.text.Tokenizer,
]
legacy_backend = sorted(
    name
    for name in dir(tf.keras.backend)
    if not name.startswith("_") and not hasattr(keras.backend, name)
)
kept += [getattr(tf.keras.backend, name) for name in legacy_backend]
print(
    f"tf.keras only: ImageDataGenerator, Tokenizer, "
    f"{len(legacy_backend)} backend functions"
)
assert len(legacy_backend) == 123 and "int_shape" in legacy_backend
assert all(item.__doc__.startswith("DEPRECATED") for item in kept), (
    "expected tf.keras to mark each of them deprecated"
)
set_value_error = by_old[
    "tf.keras.backend.set_value(model.optimizer.learning_rate, 1e-4)"
]
print("tf.keras.backend.set_value(learning_rate):", set_value_error)
assert set_value_error == (
    "AttributeError: 'str' object has no attribute 'name'"
), "expected set_value to fail on a Keras 3 variable"

# tensorflow.python.keras: imports, but is neither Keras 3 nor tf_keras.
import tensorflow.python.keras as private_keras  # noqa: E402

assert not hasattr(tf, "python"), "expected tf.python not to be public"
assert hasattr(private_keras, "engine"), "expected Keras 2's layout"
assert Path(private_keras.__file__).is_relative_to(
    Path(tf.__file__).parent
), "expected it inside the TensorFlow package"
private_dense = private_keras.layers.Dense(2)
assert not isinstance(
    private_dense, (keras.Layer, tf_keras.layers.Layer)
)
private_model = private_keras.Sequential(
    [private_keras.Input((4,)), private_keras.layers.Dense(1)]
)
private_model.compile(optimizer="sgd", loss="mse")
try:
    private_model.fit(features, targets, verbose=0)
except AttributeError as err:
    private_fit = f"AttributeError: {err}"
else:
    private_fit = "fit ran"
print("tensorflow.python.keras in keras.Sequential:")
print(" ", by_old[PRIVATE_LINE].split(". Received")[0])
print("tensorflow.python.keras Sequential.fit:\n ", private_fit)
assert by_old[PRIVATE_LINE].startswith(
    "ValueError: Only instances of `keras.Layer` can be added to a "
    "Sequential model"
), "expected Keras 3 to reject the private copy's layers"
assert private_fit.startswith("AttributeError: module 'tensorflow."), (
    "expected the private copy's own fit to fail"
)

# Run every replacement the table names (the shown code ran some).
for name in ("cats", "dogs"):
    os.makedirs(f"images/{name}")
    png = tf.io.encode_png(tf.zeros((4, 4, 3), tf.uint8))
    tf.io.write_file(f"images/{name}/0.png", png)
image_ds = keras.utils.image_dataset_from_directory(
    "images", image_size=(4, 4), batch_size=2, verbose=False
)


class Scale(keras.Layer):  # was keras.engine.topology.Layer
    def call(self, x):
        return x * 2.0


ran = {
    "image_dataset_from_directory": image_ds.class_names,
    "Rescaling": keras.ops.convert_to_numpy(
        keras.layers.Rescaling(1 / 255)(np.full((1, 2), 255.0))
    ).tolist(),
    "Layer": keras.ops.convert_to_numpy(
        Scale()(np.ones((1, 2)))
    ).tolist(),
    "Dense": tuple(keras.layers.Dense(2)(inputs).shape),
    "LeakyReLU": keras.ops.convert_to_numpy(
        keras.layers.LeakyReLU(negative_slope=0.5)(np.array([[-2.0]]))
    ).tolist(),
    "concatenate": tuple(merged.shape),
    "shape": tuple(shape),
    "Input": type(inputs).__name__,
    "to_categorical": labels.astype(int).tolist(),
    "TextVectorization": None,
    "get_custom_objects": type(
        keras.saving.get_custom_objects()
    ).__name__,
    "model_from_json": keras.models.model_from_json(
        model.to_json()
    ).count_params(),
    "convert_to_numpy": keras.ops.convert_to_numpy(
        namespace["total"]
    ).tolist(),
}
vectorizer = keras.layers.TextVectorization()
vectorizer.adapt(["the cat", "the dog"])
ran["TextVectorization"] = [str(w) for w in vectorizer.get_vocabulary()]
model.save("old_style.h5")  # Keras 3 still reads and writes .h5
ran["load_model"] = keras.models.load_model(
    "old_style.h5", compile=False
).count_params()
with strategy.scope():
    replicated = keras.Sequential(
        [keras.Input(shape=(4,)), keras.layers.Dense(1)]
    )
ran["MirroredStrategy"] = strategy.num_replicas_in_sync
ran["LSTM"] = tuple(recurrent(np.zeros((2, 3, 5), "f4")).shape)
ran["GRU"] = tuple(keras.layers.GRU(4)(np.zeros((2, 3, 5), "f4")).shape)
model.optimizer.learning_rate.assign(1e-2)
ran["assign"] = round(float(model.optimizer.learning_rate.numpy()), 4)

# The two replacements that cannot run here, and why.
not_run = {}
gpus = tf.config.list_physical_devices("GPU")
if gpus:
    ran["set_memory_growth"] = len(gpus)
else:
    cpu = tf.config.list_physical_devices("CPU")[0]
    try:
        tf.config.experimental.set_memory_growth(cpu, True)
    except ValueError as err:
        not_run["set_memory_growth"] = str(err)
if not hasattr(keras, "wrappers"):  # Keras 3.4 and 3.6
    not_run["SKLearnClassifier"] = "no keras.wrappers in this release"
else:
    try:
        keras.wrappers.SKLearnClassifier(model=lambda: model)
    except ImportError as err:
        not_run["SKLearnClassifier"] = str(err).split(".")[0]
    else:
        ran["SKLearnClassifier"] = "constructed"
print(f"ran {len(ran)} replacements; not run here:")
for name, reason in not_run.items():
    print(f"  {name}: {reason}")

assert ran["image_dataset_from_directory"] == ["cats", "dogs"]
assert ran["Rescaling"] == [[1.0, 1.0]], "expected 255 / 255"
assert ran["Layer"] == [[2.0, 2.0]], "expected a keras.Layer subclass"
assert ran["Dense"] == (None, 2), "expected a Keras 3 Dense"
assert ran["LeakyReLU"] == [[-1.0]], "expected the negative slope"
assert ran["concatenate"] == (None, 8) and ran["shape"] == (None, 4)
assert ran["Input"] == "KerasTensor", "expected a symbolic input"
assert ran["to_categorical"] == [[1, 0, 0], [0, 0, 1], [0, 1, 0]]
assert ran["TextVectorization"] == ["", "[UNK]", "the", "dog", "cat"]
assert ran["get_custom_objects"] == "dict"
assert ran["model_from_json"] == ran["load_model"] == 5
assert ran["convert_to_numpy"] == [1.0, 1.0]
assert tf.executing_eagerly(), "expected TensorFlow 2 to run eagerly"
assert ran["MirroredStrategy"] == max(1, len(gpus)), "one per device"
assert replicated.count_params() == 5, "expected a model in the scope"
assert ran["LSTM"] == (2, 4) and ran["GRU"] == (2, 4), "expected RNNs"
assert ran["assign"] == 0.01
if not gpus:
    assert not_run["set_memory_growth"] == (
        "Cannot set memory growth on non-GPU and non-Pluggable devices"
    ), "expected set_memory_growth to need a GPU"
assert importlib.util.find_spec("sklearn") is None, "scikit-learn here"
if keras_version >= (3, 9):
    assert not_run["SKLearnClassifier"] == (
        "SKLearnClassifier requires `scikit-learn` to be installed"
    ), (
        "expected the wrapper to ask for scikit-learn (not installed here)"
    )
replacements = {
    new.split("(")[0].split(".")[-1] for _, new, _ in OLD_AND_NEW
}
assert set(ran) | set(not_run) == replacements, (
    "one key per replacement"
)
assert not set(ran) & set(not_run), "a replacement ran or did not"
marked = {
    new.split(" (")[0] for _, _, new, _ in rows if "not run here" in new
}
assert marked == {
    "tf.config.experimental.set_memory_growth",
    "keras.wrappers.SKLearnClassifier",
}, "expected the table to mark what the run did not run"

table = "old\terror here\tnew path\tnew path exists\n" + "".join(
    "\t".join(row) + "\n" for row in rows
)
assert all(
    "\t" not in field and "\n" not in field
    for row in rows
    for field in row
), "expected one line per row"
folder = Path(os.environ.get("SNIPPET_ARTIFACTS") or tempfile.mkdtemp())
(folder / "names.tsv").write_text(table, encoding="utf-8")
digest = hashlib.sha256(table.encode()).hexdigest()[:12]
print(
    f"Keras {keras.__version__}: {len(rows)} old lines, "
    f"{len(rows) - len(still)} raise"
)
print(f"table names.tsv, sha256 {digest}")
