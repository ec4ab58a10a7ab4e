"""An object-dtype array of numbers will not become a tensor: cast it first

When you hit it: `fit` raises "Invalid dtype: object" (Keras 3.9 and
later; Keras 3.6 and older give the next message), or
`from_tensor_slices` raises "Failed to convert a NumPy array to a
Tensor (Unsupported object type float)".

What is going on: an array of Python objects (`dtype=object`) that holds
numbers, alone or mixed with text, has no tensor dtype. An object array
of strings alone does convert, to `tf.string`. Such arrays come from
columns that mix numbers and text, or from building an array out of
mixed Python values. `astype("float32")` converts it, numeric strings
such as `"2.5"` included.

Pitfall: `astype` fails on a string that is not a number, with
"could not convert string to float", and silently turns `None` into
`nan`. Clean those values; in pandas, check `df.dtypes` for `object`
columns before calling `fit`.

severity: crash
topics: D1, E7
aliases:
  - "ValueError: Failed to convert a NumPy array to a Tensor (Unsupported object type int)."
  - Unsupported object type float when calling model.fit on a pandas DataFrame
  - convert a pandas DataFrame with object columns to a tensor
  - "could not convert string to float: '?'"
  - numbers read from a CSV file as strings
  - "Unsupported object type list: rows of different lengths in a dtype=object array"
"""

import warnings

import keras
import numpy as np
import tensorflow as tf

rows = [[1.0, "2.5"], [3.0, "4"], [0.5, "1"]]  # a text column
labels = np.array([0.0, 1.0, 0.0], dtype="float32")
model = keras.Sequential(
    [keras.Input(shape=(2,)), keras.layers.Dense(1)]
)
model.compile(loss="mse")

try:
    # --8<-- [start:wrong]
    features = np.array(rows, dtype=object)
    model.fit(features, labels, verbose=0)  # ValueError
    # --8<-- [end:wrong]
except ValueError as err:
    fit_message = str(err)
print("fit:", fit_message)
keras_version = tuple(int(p) for p in keras.__version__.split(".")[:2])
assert (
    "Invalid dtype: object" in fit_message
    if keras_version >= (3, 9)
    else "Unsupported object type float" in fit_message
), fit_message

try:
    tf.data.Dataset.from_tensor_slices(np.array([[1.0], [2.0]], object))
except ValueError as err:
    slices_message = str(err)
print("from_tensor_slices:", slices_message)
assert "Unsupported object type float" in slices_message, slices_message

# --8<-- [start:right]
features = np.array(rows, dtype=object).astype("float32")
model.fit(features, labels, verbose=0)
# --8<-- [end:right]
print(features.dtype, features[:, 1].tolist())
assert features.dtype == np.float32
assert features[:, 1].tolist() == [2.5, 4.0, 1.0], "expected numbers"

try:
    np.array([[1.0, "n/a"]], dtype=object).astype("float32")
except ValueError as err:
    cast_message = str(err)
print("astype:", cast_message)
assert "could not convert string to float" in cast_message, cast_message

with warnings.catch_warnings(record=True) as none_warnings:
    warnings.simplefilter("always")
    missing = np.array([[1.0, None]], dtype=object).astype("float32")
print("astype with None:", missing.tolist(), "warnings:", none_warnings)
assert np.isnan(missing[0, 1]), "expected None to become nan"
assert none_warnings == [], "expected no warning for None"

for kind, values in [("ints", [1, 2]), ("numbers and text", rows)]:
    try:
        tf.data.Dataset.from_tensor_slices(
            np.array(values, dtype=object)
        )
        converted = True
    except ValueError:
        converted = False
    assert not converted, f"expected an object array of {kind} to fail"

texts = np.array(["cat", "dog"], dtype=object)
text_ds = tf.data.Dataset.from_tensor_slices(texts)
print("object array of strings:", text_ds.element_spec.dtype.name)
assert text_ds.element_spec.dtype == tf.string, "expected tf.string"
