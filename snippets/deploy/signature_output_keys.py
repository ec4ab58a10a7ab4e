"""Read a SavedModel's input and output key names from the signature

When you hit it: a client gets `KeyError` on the response because the
output is not named after your last layer, or the request uses the
wrong input name.

What is going on: a signature's inputs are keyed by the input names
(`keras.Input(name=...)` with `model.export`, or the `TensorSpec` name,
else the function's argument name); its outputs by the keys of the dict
the function returns. A single tensor or a list comes back as
`output_0`, `output_1`, ... A Keras 3 model's signature does not use
layer names (`model.export` or `tf.saved_model.save`); a Keras 2
(`tf_keras`) SavedModel keys outputs by the output layer's name. Read
the real names from `structured_input_signature` and
`structured_outputs` on the loaded signature.

Pitfall: in Keras 3, naming the output layer `"scores"` does not make
the output key `"scores"`. Return a dict from the model or the serving
function to choose the keys.

severity: silent
topics: P2, L2
aliases:
  - how to rename the outputs of the serving_default signature
  - TF Serving response keys do not match my layer names
  - how do I find the input tensor name of a SavedModel
  - what names does saved_model_cli show for the model outputs
  - serving output is named output_0 instead of my layer name
  - return a dict from the serving function to name the outputs
  - KeyError on the signature outputs of a loaded SavedModel
"""

import os
import tempfile

import keras
import numpy as np
import tensorflow as tf
import tf_keras

keras.utils.set_random_seed(0)
# model.export's save messages go to the log, not to the output.
keras.config.disable_interactive_logging()
export_root = tempfile.mkdtemp()
features = (
    np.random.default_rng(0).normal(size=(2, 4)).astype("float32")
)

inputs = keras.Input((4,), name="features")
model = keras.Model(
    inputs, keras.layers.Dense(3, name="scores")(inputs)
)
model.export(os.path.join(export_root, "single"))

two_heads = keras.Model(
    inputs, [model.output, keras.layers.Dense(1)(inputs)]
)
two_heads.export(os.path.join(export_root, "list"))
dict_model = keras.Model(inputs, {"scores": model.output})
dict_model.export(os.path.join(export_root, "dict_model"))


# --8<-- [start:show]
@tf.function(
    input_signature=[
        tf.TensorSpec([None, 4], tf.float32, name="features")
    ]
)
def serving_fn(batch):  # the input key is the spec's name, "features"
    scores = model(batch)
    return {"scores": scores, "label": tf.argmax(scores, axis=-1)}


tf.saved_model.save(
    model,
    os.path.join(export_root, "dict"),
    signatures={"serving_default": serving_fn},
)

loaded = tf.saved_model.load(os.path.join(export_root, "dict"))
signature = loaded.signatures["serving_default"]
print(signature.structured_input_signature)
for name, spec in sorted(signature.structured_outputs.items()):
    print(name, spec.shape, spec.dtype.name)
# --8<-- [end:show]

input_keys = list(signature.structured_input_signature[1])
output_keys = sorted(signature.structured_outputs)
assert input_keys == ["features"], (
    "expected the TensorSpec name, not the argument name, as input key"
)
assert output_keys == ["label", "scores"], "expected the dict's keys"


def keys_of(name):
    """Input keys and sorted output keys of serving_default."""
    reloaded = tf.saved_model.load(os.path.join(export_root, name))
    signature = reloaded.signatures["serving_default"]
    return (
        list(signature.structured_input_signature[1]),
        sorted(signature.structured_outputs),
    )


def output_keys_of(name):
    return keys_of(name)[1]


def save_unnamed(name, make_outputs):
    """Saves a function whose TensorSpec has no name."""

    @tf.function(input_signature=[tf.TensorSpec([None, 4], tf.float32)])
    def unnamed_fn(batch):
        return make_outputs(model(batch))

    tf.saved_model.save(
        model,
        os.path.join(export_root, name),
        signatures={"serving_default": unnamed_fn},
    )


save_unnamed("unnamed_tensor", lambda scores: scores)
save_unnamed(
    "unnamed_list", lambda scores: [scores, tf.argmax(scores, axis=-1)]
)
unnamed_inputs, fn_tensor_keys = keys_of("unnamed_tensor")
assert unnamed_inputs == ["batch"], (
    "expected the argument name when the TensorSpec has no name"
)
assert fn_tensor_keys == ["output_0"], (
    "expected a function's single tensor as output_0"
)
assert keys_of("unnamed_list")[1] == ["output_0", "output_1"], (
    "expected a function's list as output_0, output_1"
)
assert keys_of("single")[0] == ["features"], (
    "expected model.export to key the input by keras.Input(name=...)"
)
tf.saved_model.save(model, os.path.join(export_root, "keras3_saved"))


single_keys = output_keys_of("single")
list_keys = output_keys_of("list")
print(
    "Keras 3 Dense named 'scores' ->",
    single_keys,
    "| list ->",
    list_keys,
)
assert single_keys == ["output_0"], (
    "expected output_0, not the layer name"
)
assert list_keys == ["output_0", "output_1"], (
    "expected numbered outputs"
)
assert output_keys_of("keras3_saved") == ["output_0"], (
    "expected tf.saved_model.save of a Keras 3 model to number outputs"
)

legacy_inputs = tf_keras.Input((4,), name="features")
legacy = tf_keras.Model(
    legacy_inputs,
    tf_keras.layers.Dense(3, name="scores")(legacy_inputs),
)
legacy.save(os.path.join(export_root, "legacy"), save_format="tf")
tf.saved_model.save(legacy, os.path.join(export_root, "legacy_saved"))
legacy_keys = output_keys_of("legacy")
print("tf_keras Dense named 'scores' ->", legacy_keys)
assert legacy_keys == output_keys_of("legacy_saved") == ["scores"], (
    "expected a Keras 2 SavedModel to key outputs by the layer name"
)
dict_model_keys = output_keys_of("dict_model")
print("model returning {'scores': ...} ->", dict_model_keys)
assert dict_model_keys == ["scores"], (
    "expected a dict model to keep its keys"
)

result = signature(features=tf.constant(features))
np.testing.assert_allclose(
    result["scores"],
    model.predict(features, verbose=0),
    rtol=1e-6,
    err_msg="expected the signature to reproduce the model's outputs",
)
