"""Give serving functions a `None` batch dimension

When you hit it: you export a `tf.function` traced with a fixed batch,
often `[1, ...]` from a one-example test, and clients send several rows.

What is going on: `input_signature` fixes the shapes a `tf.function`
accepts; a call outside them raises `TypeError`. `None` in the batch
position accepts any batch size with a single trace. `keras.Model.export`
already writes a `None` batch dimension.

Pitfall: once saved and reloaded, the signature no longer rejects other
batch sizes: it ran a batch of 3 here. Yet its
`structured_input_signature`, what tools reading the SavedModel see,
still declares batch 1.

severity: crash
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

import os
import tempfile

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(0)
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(2)])
three_rows = tf.constant(np.ones((3, 4), np.float32))
one_row = three_rows[:1]


try:
    # --8<-- [start:wrong]
    @tf.function(input_signature=[tf.TensorSpec([1, 4], tf.float32)])
    def fixed_fn(features):
        return model(features)

    fixed_fn(three_rows)  # a batch of 3 rows: TypeError
    # --8<-- [end:wrong]
except TypeError as err:
    message = str(err).split(". Received args")[0]
print("TypeError:", message)
assert "Can not cast TensorSpec(shape=(3, 4)" in message, (
    "expected a batch of 3 to be rejected by a batch-1 signature"
)


# --8<-- [start:right]
@tf.function(input_signature=[tf.TensorSpec([None, 4], tf.float32)])
def serving_fn(features):
    return model(features)


# --8<-- [end:right]


print(
    "batch 1 ->",
    serving_fn(one_row).shape,
    "| batch 3 ->",
    serving_fn(three_rows).shape,
    "| traces:",
    serving_fn.experimental_get_tracing_count(),
)
assert serving_fn(three_rows).shape == (3, 2), "expected any batch size"
assert serving_fn.experimental_get_tracing_count() == 1, (
    "expected one trace for every batch size"
)

export_dir = os.path.join(tempfile.mkdtemp(), "fixed")
tf.saved_model.save(
    model, export_dir, signatures={"serving_default": fixed_fn}
)
reloaded = tf.saved_model.load(export_dir).signatures["serving_default"]
declared = reloaded.structured_input_signature[1]["features"].shape
ran = reloaded(features=three_rows)["output_0"].shape
print("reloaded fixed signature: declares", declared, "ran", ran)
assert declared == (1, 4), (
    "expected the saved signature to declare batch 1"
)
assert ran == (3, 2), "expected the reloaded signature not to re-check"
np.testing.assert_allclose(
    reloaded(features=three_rows)["output_0"],
    model(three_rows),
    rtol=1e-6,
    err_msg="expected the reloaded signature to match the model",
)

export_spec = os.path.join(tempfile.mkdtemp(), "exported")
model.export(export_spec, verbose=False)
exported = tf.saved_model.load(export_spec).signatures[
    "serving_default"
]
exported_shape = list(exported.structured_input_signature[1].values())[
    0
]
print("model.export declares", exported_shape.shape)
assert exported_shape.shape[0] is None, "expected export to use None"
