"""An object-dtype NumPy array will not become a tensor: cast it first

When you hit it: `fit` raises "Invalid dtype: object", or
`from_tensor_slices` raises "Failed to convert a NumPy array to a
Tensor (Unsupported object type float)".

What is going on: an array of Python objects (`dtype=object`) has no
tensor dtype, even when every item is a number. Such arrays come from
columns that mix numbers and text, or from building an array out of
mixed Python values. `astype("float32")` converts it, numeric strings
such as `"2.5"` included.

Pitfall: `astype` fails on any item that is not a number, with
"could not convert string to float". Find and clean those values; in
pandas, check `df.dtypes` for `object` columns before calling `fit`.

severity: crash
topics: D1, E7
aliases:
  - "ValueError: Failed to convert a NumPy array to a Tensor (Unsupported object type int)."
  - Unsupported object type float when calling model.fit on a pandas DataFrame
  - convert a pandas DataFrame with object columns to a tensor
  - "could not convert string to float: '?'"
  - numbers read from a CSV file as strings
"""

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
assert "Invalid dtype: object" in fit_message, fit_message

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
