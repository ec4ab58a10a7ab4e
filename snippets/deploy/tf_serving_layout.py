"""For TF Serving, export to `models/<name>/<version>/`; key bodies by input name

When you hit it: you hand a model to TF Serving (Docker
`tensorflow/serving`) and need the folder layout and a REST request body
that works the first time.

What is going on: export each model version into an integer folder,
`models/classifier/1/`. `model.export` writes `saved_model.pb` and
`variables/` there, with a `serving_default` signature (tag `serve`,
method `tensorflow/serving/predict`). Its input names are set as
[the signature keys card](deploy.md#signature-output-keys) shows:
`features` here. Send rows under `"instances"`
or named columns under `"inputs"`, the two keys TF Serving's REST parser
reads (`tensorflow_serving/util/json_tensor.cc`,
`FillPredictRequestFromJson`).

Pitfall: key the body by the signature's input names, not layer names;
`saved_model_cli show` lists them. Called locally with a wrong name, the
signature raises `TypeError` ("missing a required argument").

Checked: no TF Serving here (no Docker). The run reads the signature
back with the function `saved_model_cli show` calls and with
`tf.saved_model.load`, and feeds both bodies to it through a local
stand-in that reads them as that parser does. It proves the bodies fit
the signature, not that TF Serving accepts them; the HTTP side, `POST
/v1/models/classifier:predict`, is not exercised.

severity: tip
topics: P5
aliases:
  - tensorflow serving docker model directory structure
  - JSON request format for the TF Serving REST predict API
  - how to deploy a Keras model with TensorFlow Serving
  - why does TF Serving need a numbered version folder
  - row format vs columnar format in a predict request
  - Missing 'inputs' or 'instances' key
  - TF Serving REST error: JSON object does not have named input
  - Servable not found for request: Latest
  - curl POST /v1/models/name:predict example body
"""

import contextlib
import io
import json
import os
import tempfile

import keras
import numpy as np
import tensorflow as tf
from tensorflow.python.tools import saved_model_cli

keras.utils.set_random_seed(0)
# model.export's save messages go to the log, not to the output.
keras.config.disable_interactive_logging()
inputs = keras.Input((4,), name="features")
model = keras.Model(inputs, keras.layers.Dense(2)(inputs))
base_dir = os.path.join(tempfile.mkdtemp(), "models")

# --8<-- [start:layout]
model.export(os.path.join(base_dir, "classifier", "1"))
# models/classifier/1/saved_model.pb, variables/, assets/
# saved_model_cli show --dir models/classifier/1 --tag_set serve \
#   --signature_def serving_default     # lists inputs['features']
# docker run -p 8501:8501 -v "$PWD/models:/models" \
#   -e MODEL_NAME=classifier tensorflow/serving
# --8<-- [end:layout]

# --8<-- [start:body]
rows = [[0.1, 0.2, 0.3, 0.4], [1.0, 0.0, 0.0, 1.0]]
row_body = json.dumps({"instances": rows})  # one list per example
column_body = json.dumps({"inputs": {"features": rows}})
# --8<-- [end:body]

layout = sorted(
    os.path.relpath(os.path.join(root, name), base_dir)
    for root, _, files in os.walk(base_dir)
    for name in files
    if name.endswith(".pb") or root.endswith("variables")
)
print("layout:", layout)
assert "classifier/1/saved_model.pb" in layout, (
    "expected a version folder"
)
assert "classifier/1/variables/variables.index" in layout, (
    "expected the variables next to saved_model.pb"
)
assert os.path.isdir(
    os.path.join(base_dir, "classifier", "1", "assets")
), "expected an assets/ folder next to saved_model.pb"

# What `saved_model_cli show --dir ... --tag_set serve --signature_def
# serving_default` prints, from the function that command calls.
version_dir = os.path.join(base_dir, "classifier", "1")
cli_out = io.StringIO()
with contextlib.redirect_stdout(cli_out):
    saved_model_cli._show_inputs_outputs(
        version_dir, "serve", "serving_default"
    )
cli_text = cli_out.getvalue()
cli_lines = [
    ln.strip()
    for ln in cli_text.splitlines()
    if ln.strip().startswith(("inputs[", "shape:", "Method name"))
]
print("saved_model_cli show:", " | ".join(cli_lines))
assert cli_text.count("tensor_info:") == 2, (
    "expected one input, one output"
)
assert "inputs['features'] tensor_info:" in cli_text, (
    "expected saved_model_cli to list the input the body uses"
)
assert "shape: (-1, 4)" in cli_text, (
    "expected any batch size, 4 features"
)
assert "Method name is: tensorflow/serving/predict" in cli_text, (
    "expected a Predict signature"
)

loaded = tf.saved_model.load(version_dir)
signature = loaded.signatures["serving_default"]
input_specs = signature.structured_input_signature[1]
assert set(json.loads(column_body)["inputs"]) == set(input_specs), (
    "expected the columnar body keyed by the signature's input names"
)
assert np.array(json.loads(row_body)["instances"]).shape[1:] == (4,), (
    "expected each instance to match the signature's shape (-1, 4)"
)


def run_locally(body):
    """Stand-in for the server: feed a REST body to the signature, as
    FillPredictRequestFromJson in TF Serving's json_tensor.cc reads it."""
    request = json.loads(body)
    if "instances" in request:  # row format: one list per example
        (name,) = input_specs
        columns = {name: request["instances"]}
    else:  # columnar format: one entry per input name
        columns = request["inputs"]
    feeds = {
        name: tf.constant(values, dtype=input_specs[name].dtype)
        for name, values in columns.items()
    }
    return signature(**feeds)["output_0"].numpy()


expected = model.predict(np.array(rows, dtype="float32"), verbose=0)
for body in (row_body, column_body):
    np.testing.assert_allclose(
        run_locally(body),
        expected,
        rtol=1e-6,
        err_msg="expected the body to run through the signature",
    )
print("instances and inputs bodies give the model's outputs")

layer_name = model.layers[-1].name  # the Dense layer, not an input
try:
    signature(**{layer_name: tf.constant([[0.1, 0.2, 0.3, 0.4]])})
except TypeError as err:
    message = str(err).split(". Received args")[0]
print(f"keyed by layer name {layer_name!r}: TypeError:", message)
assert "missing a required argument: 'features'" in message, (
    "expected a wrong input name to be rejected"
)
