"""TF Serving wants `models/<name>/<version>/`, and inputs by signature name

When you hit it: you hand a model to TF Serving (Docker
`tensorflow/serving`) and need the folder layout and a REST request body
that works the first time.

What is going on: export each model version into an integer folder,
`models/classifier/1/`, holding `saved_model.pb` and `variables/`. TF
Serving's REST API documents two body shapes: rows under `"instances"`,
or named columns under `"inputs"`; each name is a signature input name
(`features` here, from `keras.Input(name=...)`), which
`structured_input_signature` shows.

**What CI checks, and what it does not**: this run builds the layout,
loads version 1 from it, and feeds both body shapes through the
`serving_default` signature locally. It does not start TF Serving
(no Docker here), so the HTTP side, `POST
/v1/models/classifier:predict`, is not exercised.

Pitfall: the body's keys must match the signature's input names, not
layer names. Check them in `structured_input_signature`; locally a
wrong name raises `TypeError` ("missing a required argument").

severity: tip
topics: P5
"""

import json
import os
import tempfile

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(0)
inputs = keras.Input((4,), name="features")
model = keras.Model(inputs, keras.layers.Dense(2)(inputs))
base_dir = os.path.join(tempfile.mkdtemp(), "models")

# --8<-- [start:layout]
model.export(os.path.join(base_dir, "classifier", "1"), verbose=False)
# models/classifier/1/saved_model.pb, variables/, assets/
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
    for root, _, files in os.walk(base_dir) for name in files
    if name.endswith(".pb") or root.endswith("variables")
)
print("layout:", layout)
assert "classifier/1/saved_model.pb" in layout, "expected a version folder"
assert "classifier/1/variables/variables.index" in layout, (
    "expected the variables next to saved_model.pb"
)

versions = sorted(os.listdir(os.path.join(base_dir, "classifier")), key=int)
loaded = tf.saved_model.load(
    os.path.join(base_dir, "classifier", versions[-1]))
signature = loaded.signatures["serving_default"]
input_specs = signature.structured_input_signature[1]
print("signature inputs:", {k: v.shape for k, v in input_specs.items()})


def run_locally(body):
    """Feed a REST body through the signature, as the server would."""
    request = json.loads(body)
    if "instances" in request:  # row format: one list per example
        (name,) = input_specs
        columns = {name: request["instances"]}
    else:  # columnar format: one entry per input name
        columns = request["inputs"]
    feeds = {name: tf.constant(values, dtype=input_specs[name].dtype)
             for name, values in columns.items()}
    return signature(**feeds)["output_0"].numpy()


expected = model.predict(np.array(rows, dtype="float32"), verbose=0)
for body in (row_body, column_body):
    np.testing.assert_allclose(
        run_locally(body), expected, rtol=1e-6,
        err_msg="expected the body to run through the signature",
    )
print("instances and inputs bodies give the model's outputs")

try:
    signature(inputs=tf.constant([[0.1, 0.2, 0.3, 0.4]]))
except TypeError as err:
    message = str(err).split(". Received args")[0]
print("TypeError:", message)
assert "missing a required argument: 'features'" in message, (
    "expected a wrong input name to be rejected"
)
