"""TensorFlow.js: export a SavedModel, convert it in its own environment

When you hit it: you want a Keras 3 model in the browser, and
`tensorflowjs_converter` fails on your `.keras` file, or `pip install
tensorflowjs` fights your TensorFlow 2.21.

What is going on: the newest `tensorflowjs` in the snapshot (4.22.0)
needs `tf-keras` (Keras 2) and `tensorflow-decision-forests`, and each
TF-DF release there accepts one TensorFlow minor release (2.19.0
exactly, in the newest): none accepts 2.20 or 2.21. Prefer a separate
virtual environment for the converter, as its README advises. Write the
model with `keras.Model.export` (a SavedModel with the `serve` tag and
a `serving_default` signature), then convert that directory with
`--input_format=tf_saved_model` (the command is in the code).

Pitfall: giving the converter a `.keras` file. In tensorflow/tfjs#8266
one converted with wrong weights, and the reply calls the format
unsupported. Converting a Keras model to a graph model passes
`save_format`, which Keras 3 refuses (tensorflow/tfjs#8229).

Checked: the requirements come from the PyPI snapshot of the date
printed (newest patch of each minor release; TF-DF's pins from its
Linux x86-64 wheels). The converter is not installed here and was not run: the
command and the advice come from its README,
https://github.com/tensorflow/tfjs/tree/master/tfjs-converter, and the
issues named ([the .keras card](save-load.md#keras-file-format) shows
the `save_format` error). The run proves the export: tag, signature,
input and output. For what `model.export` writes, see [Export a
SavedModel](save-load.md#export-savedmodel).

severity: tip
topics: P9, L2, S12
aliases:
  - tensorflowjs_converter keras 3 .keras file not supported
  - convert a Keras model to TensorFlow.js model.json
  - pip install tensorflowjs downgrades tensorflow
  - tensorflowjs requires tf-keras and tensorflow-decision-forests
  - The `save_format` argument is deprecated in Keras 3. Please remove this argument and pass a file path with either `.keras` or `.h5` extension.
  - tensorflowjs_converter --input_format=tf_saved_model --output_format=tfjs_graph_model
  - tfjs.converters.save_keras_model with Keras 3
"""

import contextlib
import importlib.util
import io
import json
import os
import tempfile
from itertools import groupby
from pathlib import Path

import keras
from packaging.requirements import Requirement
from packaging.version import Version
from tensorflow.core.protobuf import saved_model_pb2

SNAPSHOT = (
    Path(__file__).resolve().parents[2] / "registry" / "pypi.json"
)
registry = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
packages = registry["packages"]


def requirement(package, version, name, family):
    """The requirement on `name` in a release's metadata, or None."""
    lines = packages[package][version]["metadata"][family][
        "requires_dist"
    ]
    found = [Requirement(line) for line in lines]
    return next(
        (str(r.specifier) for r in found if r.name == name), None
    )


print("PyPI snapshot of", registry["fetched"])
tfjs_releases = sorted(packages["tensorflowjs"], key=Version)
rows = [
    (
        version,
        tuple(
            requirement("tensorflowjs", version, name, "any") or "-"
            for name in (
                "tensorflow",
                "tf-keras",
                "tensorflow-decision-forests",
            )
        ),
    )
    for version in tfjs_releases
]
print("tensorflowjs    tensorflow     tf-keras   decision-forests")
for needs, group in groupby(rows, key=lambda row: row[1]):
    versions = [version for version, _ in group]
    span = versions[0] + (
        "–" + versions[-1] if len(versions) > 1 else ""
    )
    print(f"{span:15} {needs[0]:14} {needs[1]:10} {needs[2]}")

newest = tfjs_releases[-1]
assert newest == "4.22.0", f"expected 4.22.0 newest, got {newest}"
assert packages["tensorflowjs"][newest]["wheels"] == ["py3-none-any"]
assert dict(rows)[newest] == ("<3,>=2.13.0", ">=2.13.0", ">=1.5.0"), (
    "expected 4.22.0 to need tensorflow, tf-keras and TF-DF"
)
assert [v for v, needs in rows if needs[1] != "-"][0] == "4.18.0", (
    "expected tf-keras required from 4.18.0 on"
)
assert all(needs[2] != "-" for _, needs in rows), (
    "expected every release to require TF-DF"
)

tfdf_pins = {}
for version in sorted(
    packages["tensorflow-decision-forests"], key=Version
):
    tfdf_pins[version] = requirement(
        "tensorflow-decision-forests",
        version,
        "tensorflow",
        "linux-x86_64",
    )
print("TF-DF", ", ".join(f"{v} {s}" for v, s in tfdf_pins.items()))


def tfdf_accepting(minor):
    """The TF-DF releases that accept some 2.<minor>.0-9 TensorFlow."""
    found = []
    for version, spec in tfdf_pins.items():
        allowed = Requirement(f"tensorflow{spec}").specifier
        if any(f"2.{minor}.{patch}" in allowed for patch in range(10)):
            found.append(version)
    return found


accepts = {minor: tfdf_accepting(minor) for minor in range(16, 22)}
for minor, versions in accepts.items():
    print(
        f"TensorFlow 2.{minor}: accepted by TF-DF", versions or "none"
    )

assert tfdf_pins["1.12.0"] == "==2.19.0", "expected 2.19.0, newest pin"
for version, spec in tfdf_pins.items():
    assert spec.startswith("==") or (
        spec.startswith("~=") and spec.count(".") == 2
    ), (
        f"expected TF-DF {version} to accept one TensorFlow minor: {spec}"
    )
assert min(tfdf_pins, key=Version) == "1.1.0", "expected TF-DF from 1.1"
assert all(accepts[minor] for minor in (16, 17, 18, 19)), (
    "expected a TF-DF for each of TensorFlow 2.16 to 2.19"
)
assert not accepts[20] and not accepts[21], (
    "expected no TF-DF for TensorFlow 2.20 or 2.21"
)
newest_tensorflow = Requirement(
    "tensorflow" + dict(rows)[newest][0]
).specifier
assert all(
    v in newest_tensorflow
    for v in packages["tensorflow"]
    if Version(v) >= Version("2.16")
), "expected tensorflowjs 4.22.0 to admit TensorFlow 2.16 to 2.21"
assert all(v.startswith("2.") for v in packages["tf-keras"]), (
    "expected every tf-keras release to be a Keras 2"
)

# export prints its endpoints, with object ids that change per run
with contextlib.redirect_stdout(io.StringIO()):
    # --8<-- [start:show]
    model = keras.Sequential(
        [keras.Input((4,), name="features"), keras.layers.Dense(3)]
    )
    saved_model_dir = os.path.join(
        tempfile.mkdtemp(), "saved_model_dir"
    )
    model.export(saved_model_dir)
    # then, in the converter's own environment:
    # tensorflowjs_converter --input_format=tf_saved_model \
    #     --output_format=tfjs_graph_model saved_model_dir web_model
    # --8<-- [end:show]

saved_model = saved_model_pb2.SavedModel()
saved_model.ParseFromString(
    Path(saved_model_dir, "saved_model.pb").read_bytes()
)
(graph,) = saved_model.meta_graphs
signature = graph.signature_def["serving_default"]
((input_name, input_info),) = signature.inputs.items()
((output_name, output_info),) = signature.outputs.items()
print("tags:", list(graph.meta_info_def.tags))
for kind, name, info in (
    ("input", input_name, input_info),
    ("output", output_name, output_info),
):
    shape = [dim.size for dim in info.tensor_shape.dim]
    print(f"serving_default {kind}: {name} {shape}")
    assert shape[0] == -1, "expected a free batch dimension"
print(
    "tensorflowjs installed here:",
    bool(importlib.util.find_spec("tensorflowjs")),
)

assert list(graph.meta_info_def.tags) == ["serve"], "expected serve"
assert input_name == "features", "expected the Input's name"
assert output_name == "output_0", "expected Keras's output key"
assert importlib.util.find_spec("tensorflowjs") is None, (
    "expected the converter not to be installed here"
)
