"""softmax output plus from_logits=True: Keras patches it, predict does not

When you hit it: the model ends in `activation="softmax"` and the loss
says `from_logits=True`, a pairing many guides call a silent bug.

What is going on: a Keras softmax output carries the logits it came
from. When a Keras loss with `from_logits=True` receives that tensor,
eagerly or inside `tf.function`, it warns "does not represent logits"
and uses the hidden logits, so `fit` trains correctly. `Model.predict`
returns a NumPy array, which carries nothing.

Pitfall: the loss you compute yourself on `predict` output is wrong
(softmax applied twice) while training looked fine. Pick one: logits
with `from_logits=True`, or softmax with the default `False`.

severity: silent
topics: M4
aliases:
  - but the `output` argument was produced by a Softmax activation
  - and thus does not represent logits. Was this intended?
  - loss computed on model.predict output differs from the fit loss
  - is from_logits=True with a softmax last layer a bug
  - should I remove the softmax layer when using from_logits
  - softmax applied twice to the predictions
"""

import warnings

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(0)
features = (
    np.random.default_rng(0).normal(size=(8, 4)).astype("float32")
)
labels = np.arange(8) % 3

# --8<-- [start:show]
model = keras.Sequential(
    [
        keras.Input(shape=(4,)),
        keras.layers.Dense(3, activation="softmax"),
    ]
)
loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
patched = loss_fn(labels, model(features))  # warns, uses the logits
offline = loss_fn(labels, model.predict(features, verbose=0))  # wrong
# --8<-- [end:show]

reference = keras.losses.SparseCategoricalCrossentropy()(
    labels, model(features)
)


@tf.function
def graph_loss(features):
    return loss_fn(labels, model(features))


with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    loss_fn(labels, model(features))
    in_graph = graph_loss(features)
warning_text = str(caught[0].message)

print(f"softmax, from_logits=False:          {float(reference):.4f}")
print(f"softmax, from_logits=True (eager):   {float(patched):.4f}")
print(f"softmax, from_logits=True (graph):   {float(in_graph):.4f}")
print(f"predict output, from_logits=True:    {float(offline):.4f}")
print("warning:", warning_text.split(" and thus")[0].strip('"'))
assert np.isclose(float(patched), float(reference)), (
    "expected Keras to use the logits behind its softmax output"
)
assert np.isclose(float(in_graph), float(reference)), (
    "expected the same rescue inside tf.function"
)
assert not np.isclose(float(offline), float(reference), atol=1e-3), (
    "expected a NumPy softmax output to be treated as logits"
)
assert "does not represent logits" in warning_text, "expected a warning"
probabilities = model.predict(features, verbose=0)
twice = keras.losses.SparseCategoricalCrossentropy()(
    labels, keras.activations.softmax(probabilities)
)
assert np.isclose(float(offline), float(twice)), (
    "expected softmax twice"
)
