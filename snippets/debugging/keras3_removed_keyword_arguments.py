"""`Argument(s) not recognized`: rename or drop arguments Keras 3 rejects

When you hit it: code from an older tutorial stops at a constructor or
at `fit` with `ValueError: Argument(s) not recognized: {'lr': 0.001}` or
`TypeError: TensorFlowTrainer.fit() got an unexpected keyword argument
'workers'`.

What is going on: Keras 3 checks keyword arguments and rejects the ones
it does not know. The common ones from older code:

| Rejected | Use instead |
|---|---|
| `Adam(lr=...)` | `Adam(learning_rate=...)` |
| `fit(workers=, use_multiprocessing=)` | `keras.utils.PyDataset(workers=...)` |
| `LSTM(time_major=True)` | nothing: pass batch-major data |
| `BatchNormalization(fused=True)` | nothing: remove it |

Pitfall: some old arguments pass with only a warning:
`Embedding(input_length=...)`, and optimizer `decay=`, which then does
nothing ([next entry](#optimizer-decay-ignored)). Read the warnings
after an upgrade.

severity: crash
topics: E12
"""

import inspect
import warnings

import keras
import numpy as np

features = np.ones((8, 3), dtype="float32")
labels = np.ones((8, 1), dtype="float32")
model = keras.Sequential([keras.Input(shape=(3,)), keras.layers.Dense(1)])

try:
    # --8<-- [start:wrong]
    optimizer = keras.optimizers.Adam(lr=1e-3)  # ValueError
    # --8<-- [end:wrong]
except ValueError as err:
    lr_message = str(err)
print("ValueError:", lr_message)
assert lr_message == "Argument(s) not recognized: {'lr': 0.001}", (
    "expected Adam to reject lr="
)

model.compile(optimizer="adam", loss="mse")
try:
    model.fit(features, labels, workers=4, use_multiprocessing=True,
              verbose=0)
except TypeError as err:
    fit_message = str(err)
print("TypeError:", fit_message)
assert "fit() got an unexpected keyword argument 'workers'" in fit_message, (
    "expected fit to reject workers="
)

# --8<-- [start:right]
optimizer = keras.optimizers.Adam(learning_rate=1e-3)
model.compile(optimizer=optimizer, loss="mse")
model.fit(features, labels, verbose=0)  # workers= lives on PyDataset
# --8<-- [end:right]
assert abs(float(optimizer.learning_rate) - 1e-3) < 1e-9, (
    "expected learning_rate= to set the rate"
)
dataset_args = inspect.signature(keras.utils.PyDataset).parameters
assert {"workers", "use_multiprocessing"} <= set(dataset_args), (
    "expected PyDataset to take workers= and use_multiprocessing="
)

for layer_class, kwargs in [
    (keras.layers.LSTM, {"units": 4, "time_major": True}),
    (keras.layers.BatchNormalization, {"fused": True}),
]:
    try:
        layer_class(**kwargs)
    except ValueError as err:
        assert "Unrecognized keyword arguments passed to" in str(err), (
            f"expected {layer_class.__name__} to reject the old argument"
        )
    else:
        raise AssertionError(f"expected {layer_class.__name__} to raise")

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    keras.layers.Embedding(10, 4, input_length=5)
assert any("input_length` is deprecated" in str(w.message) for w in caught), (
    "expected input_length to be accepted with a warning"
)
