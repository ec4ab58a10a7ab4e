"""softmax plus from_logits=True: crossentropy patches it, focal and predict don't

When you hit it: the model ends in `activation="softmax"` and the loss
says `from_logits=True`, a pairing many guides call a silent bug.

What is going on: a Keras softmax output carries the logits it came
from. When `SparseCategoricalCrossentropy` or `CategoricalCrossentropy`
with `from_logits=True` receives that tensor, eagerly or inside
`tf.function`, it warns "does not represent logits" and uses the hidden
logits: the loss, and `fit`, match `from_logits=False`.
`CategoricalFocalCrossentropy` does not: it applies softmax twice,
silently. `Model.predict` returns a NumPy array, which carries nothing.

Pitfall: the loss you compute yourself on `predict` output is wrong
(softmax applied twice) while training looked fine. Pick one: logits
with `from_logits=True`, or softmax with the default `False`.

Checked: `fit` and the `tf.function` case run with the sparse loss;
the other two losses are called eagerly.

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
warning_text = str(caught[0].message)
with warnings.catch_warnings(record=True) as caught_in_graph:
    warnings.simplefilter("always")
    in_graph = graph_loss(features)  # warns while tracing
assert any(
    "does not represent logits" in str(w.message)
    for w in caught_in_graph
), "expected the warning inside tf.function too"

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

one_hot = keras.utils.to_categorical(labels, 3)
outputs = model(features)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    categorical = {
        from_logits: float(
            keras.losses.CategoricalCrossentropy(
                from_logits=from_logits
            )(one_hot, outputs)
        )
        for from_logits in (True, False)
    }
categorical_warned = any(
    "does not represent logits" in str(w.message) for w in caught
)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    focal = keras.losses.CategoricalFocalCrossentropy(from_logits=True)
    focal_patched = float(focal(one_hot, outputs))
focal_warnings = [str(w.message) for w in caught]
plain_probs = keras.ops.convert_to_numpy(outputs)  # no hidden logits
focal_twice = float(
    keras.losses.CategoricalFocalCrossentropy()(
        one_hot, keras.ops.softmax(plain_probs)
    )
)
focal_right = float(
    keras.losses.CategoricalFocalCrossentropy()(one_hot, outputs)
)
print(
    "CategoricalCrossentropy, True == False:",
    np.isclose(categorical[True], categorical[False]),
    "| warned:",
    categorical_warned,
)
print(
    "CategoricalFocalCrossentropy(from_logits=True): softmax twice",
    np.isclose(focal_patched, focal_twice),
    "| == from_logits=False:",
    np.isclose(focal_patched, focal_right),
    "| warnings:",
    len(focal_warnings),
)
assert np.isclose(categorical[True], categorical[False]), "CCE patched"
assert categorical_warned, "expected CategoricalCrossentropy to warn"
assert np.isclose(focal_patched, focal_twice), "expected softmax twice"
assert not np.isclose(focal_patched, focal_right), "expected no patch"
assert focal_warnings == [], "expected the focal loss to stay silent"


def fit_losses(from_logits):
    keras.utils.set_random_seed(0)
    copy = keras.Sequential(
        [
            keras.Input(shape=(4,)),
            keras.layers.Dense(3, activation="softmax"),
        ]
    )
    copy.compile(
        optimizer="sgd",
        loss=keras.losses.SparseCategoricalCrossentropy(
            from_logits=from_logits
        ),
    )
    return copy.fit(features, labels, epochs=3, verbose=0).history[
        "loss"
    ]


with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    fit_patched = fit_losses(True)
fit_reference = fit_losses(False)
same_fit = np.allclose(fit_patched, fit_reference)
print(
    "fit, 3 epochs: from_logits=True losses == False losses:", same_fit
)
assert same_fit, "expected fit to train as with from_logits=False"
probabilities = model.predict(features, verbose=0)
twice = keras.losses.SparseCategoricalCrossentropy()(
    labels, keras.activations.softmax(probabilities)
)
assert np.isclose(float(offline), float(twice)), (
    "expected softmax twice"
)
