"""The last Dense needs one unit per class; class ids run 0 to units-1

When you hit it: on a CPU without XLA (the default there), `fit` fails
with "Received a label value of 9 which is outside the valid range of
[0, 9)"; with `jit_compile=True`, or on a GPU, the same labels give a
`nan` loss and no error. Or `fit` fails with "must have the same shape"
and two different widths.

What is going on: with `sparse_categorical_crossentropy`, a label is an
index into the model's output, so every id must be below the number of
units. With `categorical_crossentropy`, the one-hot width must equal the
number of units. Size the layer from the data:
`int(labels.max()) + 1` units for ids.

Pitfall: labels numbered from 1 (1 to 9 for nine classes) need a
10-unit layer or `labels - 1`; a 9-unit layer rejects label 9 on a CPU
without XLA, and gives a `nan` loss under XLA or on a GPU.

Checked: on this machine's CPU, with the default `jit_compile` (it
resolves to `False` here) and with `jit_compile=True`. The GPU
behaviour is documented, not run: Keras computes the loss with
`tf.nn.sparse_softmax_cross_entropy_with_logits`
(`keras/src/backend/tensorflow/nn.py`, `sparse_categorical_crossentropy`),
whose `labels` argument says out-of-range values "raise an exception
when this op is run on CPU, and return NaN for corresponding loss and
gradient rows on GPU" (`tensorflow/python/ops/nn_ops.py`,
`sparse_softmax_cross_entropy_with_logits_v2`).

severity: crash
topics: M5
aliases:
  - ValueError: Shapes (None, 30) and (None, 9) are incompatible
  - "Received a label value of 10 which is outside the valid range of [0, 10)"
  - logits and labels must have the same first dimension
  - how many units in the output layer for N classes
  - number of classes does not match the output layer
  - labels start at 1 instead of 0
  - to_categorical num_classes does not match Dense units
"""

import re

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(0)
features = (
    np.random.default_rng(0).normal(size=(36, 4)).astype("float32")
)
labels = np.arange(36) % 9 + 1  # nine classes, numbered 1 to 9


def classifier(units):
    return keras.Sequential(
        [
            keras.Input(shape=(4,)),
            keras.layers.Dense(units, activation="softmax"),
        ]
    )


try:
    # --8<-- [start:wrong]
    model = classifier(9)  # nine classes, but ids 1..9
    model.compile(loss="sparse_categorical_crossentropy")
    model.fit(features, labels, verbose=0)  # label 9: error
    # --8<-- [end:wrong]
except tf.errors.InvalidArgumentError as err:
    sparse_message = str(err)
found = sparse_message.split("Received", 1)[1].split(".")[0]
print(f"InvalidArgumentError: Received{found}")
assert (
    "label value of 9 which is outside the valid range of [0, 9)"
    in (sparse_message)
), "expected the out-of-range label error"
assert "SparseSoftmaxCrossEntropyWithLogits" in sparse_message, (
    "expected the error to come from the fused sparse softmax kernel"
)
assert model.jit_compile is False, "expected no XLA by default on a CPU"

xla_model = classifier(9)
xla_model.compile(
    loss="sparse_categorical_crossentropy", jit_compile=True
)
xla_loss = xla_model.fit(features, labels, verbose=0).history["loss"][0]
print("jit_compile=True, label 9 on 9 units: loss", xla_loss)
assert np.isnan(xla_loss), "expected XLA to give nan and no error"

try:
    model = classifier(9)
    model.compile(loss="categorical_crossentropy")
    one_hot = keras.utils.to_categorical(labels, 10)  # width 10
    model.fit(features, one_hot, verbose=0)
except ValueError as err:
    width_message = str(err)
print("ValueError:", width_message)
assert "must have the same shape" in width_message, width_message
assert re.search(r"target.shape=\(\w+, 10\)", width_message), (
    "expected the label width"
)
assert re.search(r"output.shape=\(\w+, 9\)", width_message), (
    "expected the output width"
)

doc = " ".join(
    tf.nn.sparse_softmax_cross_entropy_with_logits.__doc__.split()
)
assert (
    "raise an exception when this op is run on CPU, and return `NaN` for"
    " corresponding loss and gradient rows on GPU" in doc
), "expected the documented CPU/GPU difference"

# --8<-- [start:right]
units = int(labels.max()) + 1  # ids 1..9 -> 10 units
model = classifier(units)
model.compile(loss="sparse_categorical_crossentropy")
history = model.fit(features, labels, verbose=0)
# or shift the ids to 0..8 and keep 9 units
shifted = classifier(9)
shifted.compile(loss="sparse_categorical_crossentropy")
shifted_history = shifted.fit(features, labels - 1, verbose=0)
# --8<-- [end:right]

loss = history.history["loss"][0]
shifted_loss = shifted_history.history["loss"][0]
print(f"{units} units, ids 1..9: loss {loss:.2f}")
print(f"9 units, ids 0..8:  loss {shifted_loss:.2f}")
assert np.isfinite(loss) and np.isfinite(shifted_loss), (
    "expected a loss"
)
