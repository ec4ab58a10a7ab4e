"""Give serving functions a `None` batch dimension

When you hit it: you export a `tf.function` traced with a fixed batch,
often `[1, ...]` from a one-example test, and clients send several rows.

What is going on: the signature's `input_signature` is saved as is.
Saved with `tf.TensorSpec([1, 4])`, it declares batch 1: `saved_model_cli
show` prints `shape: (1, 4)`. With `None` in the batch position it
prints `shape: (-1, 4)`, any batch size. Before saving, the
`tf.function` itself rejects other shapes
([input_signature card](graphs.md#input-signature-batch-none));
`keras.Model.export` already writes a `None` batch
([export card](save-load.md#export-savedmodel)).

Pitfall: once saved and reloaded, the fixed signature checks no input
shape: here a batch of 3 ran, and 5 features failed only inside the
kernel (`InvalidArgumentError`). Yet `saved_model_cli show` and its
`structured_input_signature` still declare batch 1.

Checked: the run saves and reloads both signatures, and reads them with
the function that `saved_model_cli show` calls and with
`structured_input_signature`.

severity: silent
topics: P1, G5
aliases:
  - SavedModel only accepts batch size 1
  - how do I make the batch size dynamic in an exported model
  - saved_model_cli shows shape (1, 4) instead of (-1, 4)
  - batch inference fails on an exported SavedModel when the client sends several examples
  - Python inputs incompatible with input_signature when the batch size changes
  - structured_input_signature still shows batch size 1 after reloading
  - export a tf.function with input_signature TensorSpec shape [None, ...]
  - exported model takes one image only: batch input for an exported model
"""

import contextlib
import io
import os
import tempfile

import keras
import numpy as np
import tensorflow as tf
from tensorflow.python.tools import saved_model_cli

keras.utils.set_random_seed(0)
os.chdir(tempfile.mkdtemp())
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(2)])
three_rows = tf.constant(np.ones((3, 4), np.float32))


# --8<-- [start:wrong]
@tf.function(input_signature=[tf.TensorSpec([1, 4], tf.float32)])
def fixed_fn(features):
    return model(features)


tf.saved_model.save(
    model, "fixed", signatures={"serving_default": fixed_fn}
)
# saved_model_cli show --dir fixed --tag_set serve \
#   --signature_def serving_default    # shape: (1, 4)
# --8<-- [end:wrong]


# --8<-- [start:right]
@tf.function(input_signature=[tf.TensorSpec([None, 4], tf.float32)])
def serving_fn(features):
    return model(features)


tf.saved_model.save(
    model, "dynamic", signatures={"serving_default": serving_fn}
)
# saved_model_cli show --dir dynamic --tag_set serve \
#   --signature_def serving_default    # shape: (-1, 4)
# --8<-- [end:right]


def cli_shapes(export_dir):
    """The shape lines `saved_model_cli show` prints for the signature."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        saved_model_cli._show_inputs_outputs(
            export_dir, "serve", "serving_default"
        )
    return [
        line.strip()
        for line in out.getvalue().splitlines()
        if line.strip().startswith("shape:")
    ]


fixed_cli, dynamic_cli = cli_shapes("fixed"), cli_shapes("dynamic")
print("saved_model_cli show, fixed:  ", " | ".join(fixed_cli))
print("saved_model_cli show, dynamic:", " | ".join(dynamic_cli))
assert fixed_cli == ["shape: (1, 4)", "shape: (1, 2)"], (
    "expected the fixed export to declare batch 1 (input, output)"
)
assert dynamic_cli == ["shape: (-1, 4)", "shape: (-1, 2)"], (
    "expected the None batch saved as -1"
)

reloaded = tf.saved_model.load("fixed").signatures["serving_default"]
declared = reloaded.structured_input_signature[1]["features"].shape
ran = reloaded(features=three_rows)["output_0"]
print("reloaded fixed signature: declares", declared, "ran", ran.shape)
assert declared == (1, 4), (
    "expected the reloaded signature to declare batch 1"
)
np.testing.assert_allclose(
    ran,
    model(three_rows),
    rtol=1e-6,
    err_msg="expected the batch of 3 to run and match the model",
)
try:
    reloaded(features=tf.ones((3, 5)))
except tf.errors.InvalidArgumentError as err:
    kernel_error = next(
        line
        for line in err.message.splitlines()
        if line.startswith("Matrix size-incompatible")
    )
else:
    raise AssertionError("expected 5 features to fail in the kernel")
print("5 features: InvalidArgumentError:", kernel_error)
assert (
    kernel_error
    == "Matrix size-incompatible: In[0]: [3,5], In[1]: [4,2]"
), "expected the MatMul kernel, not the signature, to reject 5 features"

dynamic = tf.saved_model.load("dynamic").signatures["serving_default"]
np.testing.assert_allclose(
    dynamic(features=three_rows)["output_0"],
    model(three_rows),
    rtol=1e-6,
    err_msg="expected the None-batch signature to run a batch of 3",
)
