"""Integer labels take sparse_categorical_crossentropy, one-hot take categorical

When you hit it: `fit` or `evaluate` stops at the first batch with "must
have the same rank", "must have the same shape" (class ids of shape
`(batch, 1)`) or "must have rank (ndim) `target.ndim - 1`".

What is going on: `categorical_crossentropy` wants one-hot labels, shape
`(batch, classes)`; `sparse_categorical_crossentropy` wants class ids,
shape `(batch,)` or `(batch, 1)`. On matching labels both give the same
loss. The
metric string `"accuracy"` adapts to either label form.

Pitfall: at this release (Keras 3.15) the message names `target` (your
labels) and `output` (the model's predictions), not the loss. Convert
labels with `keras.utils.to_categorical` or switch the loss.

severity: crash
topics: M5
aliases:
  - ValueError: Shapes (None, 1) and (None, 3) are incompatible
  - logits and labels must have the same first dimension, got logits shape
  - logits and labels must be broadcastable (categorical loss given integer labels)
  - Can not squeeze dim[1], expected a dimension of 1, got 10
  - do I need to one-hot encode labels for crossentropy
  - my labels are integers 0 to 9, which loss should I use
  - sparse_categorical_crossentropy vs categorical_crossentropy
  - categorical_crossentropy with integer class labels: shapes are incompatible
  - to_categorical to one-hot encode the labels
"""

import keras
import numpy as np

keras.utils.set_random_seed(0)
features = (
    np.random.default_rng(0).normal(size=(64, 4)).astype("float32")
)
labels = np.arange(64) % 3  # class ids 0, 1, 2
one_hot = keras.utils.to_categorical(labels, 3)

model = keras.Sequential(
    [
        keras.Input(shape=(4,)),
        keras.layers.Dense(3, activation="softmax"),
    ]
)

try:
    # --8<-- [start:wrong]
    model.compile(loss="categorical_crossentropy", metrics=["accuracy"])
    model.evaluate(features, labels, verbose=0)  # class ids: ValueError
    # --8<-- [end:wrong]
except ValueError as err:
    ids_message = str(err)
print("ValueError:", ids_message)
assert "must have the same rank" in ids_message, "expected a rank error"

try:
    model.compile(loss="sparse_categorical_crossentropy")
    model.evaluate(features, one_hot, verbose=0)
except ValueError as err:
    one_hot_message = str(err)
print("ValueError:", one_hot_message.split(". ")[0])
assert "target.ndim - 1" in one_hot_message, "expected a rank error"

column = labels.reshape(-1, 1)  # class ids as a column, (64, 1)
try:
    model.compile(loss="categorical_crossentropy")
    model.evaluate(features, column, verbose=0)
except ValueError as err:
    column_message = str(err)
print("ValueError:", column_message.split(". ")[0])
assert "must have the same shape" in column_message, "a shape error"

# --8<-- [start:right]
model.compile(
    loss="sparse_categorical_crossentropy", metrics=["accuracy"]
)
sparse_loss, sparse_acc = model.evaluate(features, labels, verbose=0)
model.compile(loss="categorical_crossentropy", metrics=["accuracy"])
dense_loss, dense_acc = model.evaluate(features, one_hot, verbose=0)
# --8<-- [end:right]
model.compile(loss="sparse_categorical_crossentropy")
column_loss = model.evaluate(
    features, column, verbose=0, return_dict=True
)["loss"]
assert np.isclose(column_loss, sparse_loss), (
    "expected sparse to take (batch, 1) class ids as well"
)

true_acc = np.mean(
    model.predict(features, verbose=0).argmax(1) == labels
)
print(
    f"sparse + class ids:       loss {sparse_loss:.4f}  accuracy {sparse_acc:.4f}"
)
print(
    f"categorical + one-hot:    loss {dense_loss:.4f}  accuracy {dense_acc:.4f}"
)
print(f"accuracy from argmax, by hand:                 {true_acc:.4f}")
assert all(
    "target" in message
    and "output" in message
    and "crossentropy" not in message
    for message in (ids_message, one_hot_message, column_message)
), "expected target and output named, not the loss"
assert np.isclose(sparse_loss, dense_loss), (
    "expected the same loss value"
)
assert np.isclose(sparse_acc, true_acc), (
    "expected 'accuracy' to use ids"
)
assert np.isclose(dense_acc, true_acc), (
    "expected 'accuracy' to use 1-hot"
)
