"""`Data cardinality is ambiguous`: x and y need the same number of rows

When you hit it: `model.fit(x, y)` (or `evaluate`, or your
`validation_data`) stops with `ValueError: Data cardinality is
ambiguous. Make sure all arrays contain the same number of
samples.'x' sizes: 97 'y' sizes: 100`.

What is going on: Keras compares the first axis of every array in x, y
and `sample_weight`, and lists each size. Common causes: rows dropped
from x only, labels from another split, y shaped `(1, N)` (`'y' sizes:
1`), or a Python list of samples, read as one input per sample (`'x'
sizes: 3, 3, 3, 3`). `tf.data.Dataset.from_tensor_slices((x, y))` refuses
the same pair: `Dimensions 97 and 100 are not compatible`.

Pitfall: some paths skip the check. `tf.data.Dataset.zip` stops at the
shorter dataset. [`validation_split`](training.md#validation-split-takes-last)
cuts every array at x's length: extra rows of y vanish. With
`train_on_batch` or a generator, a y shaped `(1, N)` broadcasts in an
`mse` loss, silently.

Checked: `fit`, `evaluate`, `validation_data` and `sample_weight`
raise the same error; `predict` reads only x. A dict of two inputs
lists both (`'x' sizes: 100, 99`). With `validation_split` and a y
shorter than x, the sizes named are those of the training or the
validation slice, not of your arrays. `train_on_batch`,
`test_on_batch` and a generator's batch take a `(1, 10)` y for a
`(10, 1)` prediction, with no error: the `mse` is the mean over all
10 × 10 pairs.

severity: crash
topics: D24, D1
aliases:
  - "Data cardinality is ambiguous: x sizes: 100 y sizes: 98 Make sure all arrays contain the same number of samples."
  - Please provide data which shares the same first dimension.
  - "ValueError: Dimensions 100 and 98 are not compatible"
  - x and y have different number of samples in model.fit
  - 'y' sizes: 1 when fitting a Keras model
  - 'x' sizes: 3, 3, 3, 3 with a list of arrays
  - my labels array is shorter than my features after dropna
  - tf.data.Dataset.zip drops elements silently when lengths differ
"""

import keras
import numpy as np
import tensorflow as tf
from keras.src.trainers.data_adapters import array_slicing

keras.utils.set_random_seed(0)
features = np.random.rand(100, 3).astype("float32")
features[[5, 40, 77]] = np.nan  # three incomplete rows
labels = np.random.rand(100, 1).astype("float32")
model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
model.compile(optimizer="sgd", loss="mse")


def sizes_of(err):
    return " ".join(str(err).split())


try:
    # --8<-- [start:wrong]
    clean = features[~np.isnan(features).any(axis=1)]  # x only
    model.fit(clean, labels, verbose=0)  # ValueError
    # --8<-- [end:wrong]
except ValueError as err:
    message = sizes_of(err)
print("ValueError:", message)
assert message == (
    "Data cardinality is ambiguous. Make sure all arrays contain the"
    " same number of samples.'x' sizes: 97 'y' sizes: 100"
), "expected the sizes of x and y in the message"

try:
    tf.data.Dataset.from_tensor_slices((clean, labels))
except ValueError as err:
    slices_message = str(err)
print("from_tensor_slices: ValueError:", slices_message)
assert slices_message == "Dimensions 97 and 100 are not compatible", (
    "expected from_tensor_slices to refuse the pair"
)

# --8<-- [start:right]
keep = ~np.isnan(features).any(axis=1)  # one mask for both
clean, clean_labels = features[keep], labels[keep]
history = model.fit(clean, clean_labels, verbose=0)
# --8<-- [end:right]
print(
    "fit on", len(clean), "rows:", len(history.history["loss"]), "epoch"
)
assert len(clean) == len(clean_labels) == 97, "expected 97 pairs"

x, y = features[:10], labels[:10]


def fails(call):
    try:
        call()
    except ValueError as err:
        return sizes_of(err).split("samples.")[1]
    return None


other_calls = {
    "evaluate": lambda: model.evaluate(x, y[:9], verbose=0),
    "validation_data": lambda: model.fit(
        x, y, validation_data=(x, y[:9]), verbose=0
    ),
    "sample_weight": lambda: model.fit(
        x, y, sample_weight=np.ones(9), verbose=0
    ),
    "y shaped (1, N)": lambda: model.fit(
        x, y.reshape(1, 10), verbose=0
    ),
    "list of samples": lambda: model.fit(list(x[:4]), y[:4], verbose=0),
}
named = {name: fails(call) for name, call in other_calls.items()}
for name, sizes in named.items():
    print(f"{name}: {sizes}")
assert named == {
    "evaluate": "'x' sizes: 10 'y' sizes: 9",
    "validation_data": "'x' sizes: 10 'y' sizes: 9",
    "sample_weight": "'x' sizes: 10 'y' sizes: 10 'sample_weight' sizes: 9",
    "y shaped (1, N)": "'x' sizes: 10 'y' sizes: 1",
    "list of samples": "'x' sizes: 3, 3, 3, 3 'y' sizes: 4",
}, f"expected the same check everywhere: {named}"
assert model.predict(x, verbose=0).shape == (10, 1), "predict: x only"

first = keras.Input((3,), name="first")
second = keras.Input((2,), name="second")
joined = keras.layers.Concatenate()([first, second])
two_inputs = keras.Model([first, second], keras.layers.Dense(1)(joined))
two_inputs.compile(optimizer="sgd", loss="mse")
dict_sizes = fails(
    lambda: two_inputs.fit(
        {"first": features, "second": np.ones((99, 2))},
        labels,
        verbose=0,
    )
)
print("two inputs:", dict_sizes)
assert dict_sizes == "'x' sizes: 100, 99 'y' sizes: 100", "both inputs"

# Paths that skip the check.
zipped = tf.data.Dataset.zip(
    tf.data.Dataset.from_tensor_slices(clean),
    tf.data.Dataset.from_tensor_slices(labels),
)
print("Dataset.zip of 97 and 100 rows:", int(zipped.cardinality()))
assert int(zipped.cardinality()) == 97, "expected the shorter length"
model.fit(zipped.batch(32), shuffle=False, verbose=0)  # no error

long_labels = np.random.rand(12, 1).astype("float32")  # 2 extra rows
split_fit = model.fit(x, long_labels, validation_split=0.2, verbose=0)
print(
    "validation_split with 10 x rows and 12 y rows: no error,",
    len(split_fit.history["val_loss"]),
    "epoch",
)
assert "val_loss" in split_fit.history, "expected fit to run quietly"
(_, y_train), (_, y_val) = array_slicing.train_validation_split(
    (x, long_labels), validation_split=0.2
)
assert (len(y_train), len(y_val)) == (8, 2), (
    "expected y cut at x's 10 rows: its last 2 rows dropped"
)
slice_sizes = [
    fails(
        lambda n=n: model.fit(x, y[:n], validation_split=0.2, verbose=0)
    )
    for n in (8, 5)
]
print("validation_split, 10 x rows and 8 or 5 y rows:", slice_sizes)
assert slice_sizes == [
    "'x' sizes: 2 'y' sizes: 0",  # the validation slice
    "'x' sizes: 8 'y' sizes: 5",  # the training slice
], "expected the sizes of a slice, not of your arrays"

# Per batch: no cardinality check, and a y shaped (1, N) broadcasts.
x, y = clean[:10], clean_labels[:10]  # no NaN rows this time
model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
model.compile(optimizer="sgd", loss="mse")
y_row = y.reshape(1, 10)
prediction = model.predict(x, verbose=0)  # (10, 1)
broadcast_mse = float(np.mean((y_row - prediction) ** 2))  # 10 x 10
matched_mse = float(np.mean((y - prediction) ** 2))
tested = float(model.test_on_batch(x, y_row))
trained = float(model.train_on_batch(x, y_row))


def one_batch():
    yield x, y_row


before_step = model.predict(x, verbose=0)
generator_fit = model.fit(one_batch(), steps_per_epoch=1, verbose=0)
print(
    "y shaped (1, 10), no error from:",
    "test_on_batch, train_on_batch, a generator",
)
assert not np.isclose(broadcast_mse, matched_mse), "a different loss"
assert np.isclose(tested, broadcast_mse, rtol=1e-4), (
    "expected the loss over every (prediction, label) pair"
)
assert np.isclose(trained, broadcast_mse, rtol=1e-4), (
    "expected train_on_batch to take the same broadcast loss"
)
assert np.isclose(
    generator_fit.history["loss"][0],
    np.mean((y_row - before_step) ** 2),
    rtol=1e-4,
), "expected the generator's batch to take the broadcast loss too"
assert fails(lambda: model.fit(x, y_row, verbose=0)) == (
    "'x' sizes: 10 'y' sizes: 1"
), "expected fit on arrays to refuse the same y"
