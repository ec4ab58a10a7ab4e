"""`validation_split` holds out the last samples, before any shuffle

When you hit it: you pass `validation_split=0.2` to `fit` on arrays
sorted by label or by time, or on a `tf.data.Dataset`.

What is going on: `keras.Model.fit` cuts the validation set from the
*end* of the arrays before it shuffles anything; `shuffle=True` only
reorders the training part. On a dataset, `validation_split` raises
`ValueError`: split it yourself (`keras.utils.split_dataset`, or
`take`/`skip`) and pass `validation_data`.

Pitfall: with labels sorted, the validation set holds only the classes
at the end (one class, when the last fills the split), and training may
miss a class entirely; `val_loss` then means little. Shuffle the arrays
once before calling `fit`.

severity: silent
topics: T1
aliases:
  - Argument `validation_split` is only supported for tensors or NumPy arrays
  - validation set has only one class
  - is validation_split random
  - validation_split with a tf.data dataset
  - validation_split takes the last part of the data before shuffling
  - val_accuracy is zero with validation_split on data sorted by class
  - validation_split with a generator or PyDataset
"""

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(0)
features = np.random.rand(10, 2).astype("float32")
labels = np.array([0] * 5 + [1] * 5, "float32")  # sorted by label
model = keras.Sequential(
    [
        keras.Input((2,)),
        keras.layers.Dense(1, activation="sigmoid"),
    ]
)
model.compile("sgd", "binary_crossentropy")

# --8<-- [start:wrong]
history = model.fit(
    features,
    labels,
    validation_split=0.2,
    shuffle=True,
    epochs=1,
    verbose=0,
)
# validation = the last 2 rows: both label 1
# --8<-- [end:wrong]

val_loss = history.history["val_loss"][0]
last_rows = model.evaluate(features[-2:], labels[-2:], verbose=0)
first_rows = model.evaluate(features[:2], labels[:2], verbose=0)
print(
    f"val_loss {val_loss:.4f}  last 2 rows {last_rows:.4f}  "
    f"first 2 rows {first_rows:.4f}"
)
assert np.isclose(val_loss, last_rows), (
    "expected the validation set to be the last 20% of the arrays"
)
assert not np.isclose(val_loss, first_rows), (
    "expected not the first rows"
)
assert set(labels[-2:]) == {1.0}, "expected one class held out"

# Imbalanced and sorted: 90 of class 0, then 10 of class 1.
rare_features = np.random.rand(100, 2).astype("float32")
rare_labels = np.array([0] * 90 + [1] * 10, "float32")
rare_history = model.fit(
    rare_features,
    rare_labels,
    validation_split=0.2,
    epochs=1,
    verbose=0,
)
rare_last = model.evaluate(
    rare_features[-20:], rare_labels[-20:], verbose=0
)
print(
    "90 + 10 sorted: validation classes",
    sorted(set(rare_labels[-20:].tolist())),
    "| training classes",
    sorted(set(rare_labels[:80].tolist())),
)
assert np.isclose(rare_history.history["val_loss"][0], rare_last), (
    "expected the validation set to be the last 20 rows again"
)
assert set(rare_labels[-20:]) == {0.0, 1.0}, "expected both classes"
assert set(rare_labels[:80]) == {0.0}, "expected no class 1 in training"

# --8<-- [start:right]
order = np.random.default_rng(0).permutation(len(features))
features, labels = features[order], labels[order]
history = model.fit(
    features, labels, validation_split=0.2, epochs=1, verbose=0
)
# --8<-- [end:right]
assert set(labels[-2:]) == {0.0, 1.0}, "expected both classes held out"

train_ds = tf.data.Dataset.from_tensor_slices((features, labels)).batch(
    2
)
try:
    model.fit(train_ds, validation_split=0.2, verbose=0)
except ValueError as err:
    dataset_error = str(err)
print("ValueError:", dataset_error)
assert "only supported for tensors or NumPy arrays" in dataset_error, (
    "expected validation_split to refuse a dataset"
)
