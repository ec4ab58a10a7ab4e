"""Read a SavedModel's input and output key names from the signature

When you hit it: a client gets `KeyError` on the response because the
output is not named after your last layer, or the request uses the
wrong input name.

What is going on: a signature's inputs are keyed by the input names
(`keras.Input(name=...)` or the `TensorSpec` name); its outputs by the
keys of the dict the function returns. A single tensor or a list comes
back as `output_0`, `output_1`, ... Layer names are not used. Read the
real names from `structured_input_signature` and `structured_outputs`
on the loaded signature.

Pitfall: naming the output layer `"scores"` does not make the output key
`"scores"`. Return a dict from the model or the serving function to
choose the keys.

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

keras.utils.set_random_seed(0)
export_root = tempfile.mkdtemp()
features = (
    np.random.default_rng(0).normal(size=(2, 4)).astype("float32")
)

inputs = keras.Input((4,), name="features")
model = keras.Model(
    inputs, keras.layers.Dense(3, name="scores")(inputs)
)
model.export(os.path.join(export_root, "single"), verbose=False)

two_heads = keras.Model(
    inputs, [model.output, keras.layers.Dense(1)(inputs)]
)
two_heads.export(os.path.join(export_root, "list"), verbose=False)
dict_model = keras.Model(inputs, {"scores": model.output})
dict_model.export(
    os.path.join(export_root, "dict_model"), verbose=False
)


# --8<-- [start:show]
@tf.function(
    input_signature=[
        tf.TensorSpec([None, 4], tf.float32, name="features")
    ]
)
def serving_fn(features):
    scores = model(features)
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
    "expected the TensorSpec name as input key"
)
assert output_keys == ["label", "scores"], "expected the dict's keys"


def output_keys_of(name):
    reloaded = tf.saved_model.load(os.path.join(export_root, name))
    return sorted(
        reloaded.signatures["serving_default"].structured_outputs
    )


single_keys = output_keys_of("single")
list_keys = output_keys_of("list")
print("Dense named 'scores' ->", single_keys, "| list ->", list_keys)
assert single_keys == ["output_0"], (
    "expected output_0, not the layer name"
)
assert list_keys == ["output_0", "output_1"], (
    "expected numbered outputs"
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
