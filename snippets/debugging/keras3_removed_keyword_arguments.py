"""`Argument(s) not recognized`: rename or drop arguments Keras 3 rejects

When you hit it: code from an older tutorial stops at a constructor or
at `fit` with `ValueError: Argument(s) not recognized: {'lr': 0.001}` or
`TypeError: TensorFlowTrainer.fit() got an unexpected keyword argument
'workers'`.

What is going on: Keras 3 optimizers, `fit` and layers that pass their
keywords on to `keras.layers.Layer` reject keyword arguments they do
not know. The common ones from older code:

| Old code | Keras 3 |
|---|---|
| `Adam(lr=...)` | `Adam(learning_rate=...)` |
| `fit(workers=, use_multiprocessing=, max_queue_size=)` | [your `PyDataset`](data.md#pydataset-workers-keras3) |
| `model.fit_generator(gen)` | `model.fit(gen)` |
| `LSTM(time_major=True)` | nothing: pass batch-major data |
| `BatchNormalization(fused=True)` | nothing: remove it |

The `fit` error names only the first unknown keyword, so remove the
three loading options from `fit` together. The errors of `Adam`,
`LSTM` and `BatchNormalization` list every unknown keyword.

Pitfall: a Functional `keras.Model(inputs, outputs, dynamic=True)`
(Keras 3.7 and later), `InputLayer` and `HashedCrossing` drop unknown
keywords silently. `Embedding(input_length=...)`, `SGD(decay=...)` and
`Adam(decay=...)` pass with only a warning
([`decay=` is ignored](#optimizer-decay-ignored)).

Checked: every optimizer class in `keras.optimizers`, eight layers
(their shared `Layer.__init__` in `keras/src/layers/layer.py` raises)
and `fit` reject an unknown keyword. `InputLayer.__init__`
(`keras/src/layers/core/input_layer.py`) and `HashedCrossing.__init__`
(`keras/src/layers/preprocessing/hashed_crossing.py`) take `**kwargs`
but pass on only `name` (`HashedCrossing` also `dtype`). `Functional.__init__`
(`keras/src/models/functional.py`) keeps only `trainable` from its
keywords; Keras 3.4 and 3.6 (TF 2.16's and 2.17's pairs in the
matrix) raise `TypeError` instead.

severity: crash
topics: E12, T13
formerly: training/fit-removed-arguments
aliases:
  - 'Sequential' object has no attribute 'fit_generator' (or 'Model', 'Functional')
  - `lr` is deprecated in Keras optimizer, please use `learning_rate` or use the legacy optimizer
  - The `lr` argument is deprecated, use `learning_rate` instead.
  - `Model.fit_generator` is deprecated and will be removed in a future version. Please use `Model.fit`
  - fit() got an unexpected keyword argument 'use_multiprocessing'
  - Unrecognized keyword arguments passed to LSTM: {'time_major': True}
  - Argument `input_length` is deprecated. Just remove it.
  - workers and max_queue_size removed from fit in newer Keras versions
  - keras.Model(inputs, outputs, dynamic=True) accepted but ignored in Keras 3
"""

import functools
import inspect
import re
import warnings

import keras
import numpy as np

x_train = np.ones((64, 3), dtype="float32")
y_train = np.ones((64, 1), dtype="float32")
model = keras.Sequential(
    [keras.Input(shape=(3,)), keras.layers.Dense(1)]
)

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

model.compile(optimizer="sgd", loss="mse")
try:
    model.fit(
        x_train, y_train, workers=2, use_multiprocessing=True, verbose=0
    )
except TypeError as err:
    fit_message = str(err)
print("TypeError:", fit_message)
assert (
    "fit() got an unexpected keyword argument 'workers'" in fit_message
), "expected fit to reject workers="
assert "use_multiprocessing" not in fit_message, (
    "expected only the first unknown keyword in the message"
)
for legacy_arg in ["use_multiprocessing", "max_queue_size"]:
    try:
        model.fit(x_train, y_train, verbose=0, **{legacy_arg: 1})
    except TypeError:
        pass
    else:
        raise AssertionError(f"expected fit to reject {legacy_arg}")


# --8<-- [start:right]
optimizer = keras.optimizers.Adam(learning_rate=1e-3)
model.compile(optimizer=optimizer, loss="mse")
# workers=, use_multiprocessing=, max_queue_size=: on your PyDataset
history = model.fit(x_train, y_train, batch_size=16, verbose=0)
# --8<-- [end:right]
print(
    "fit without the loading options:",
    len(history.history["loss"]),
    "epoch",
)
assert abs(float(optimizer.learning_rate.numpy()) - 1e-3) < 1e-9, (
    "expected learning_rate= to set the rate"
)
assert len(history.history["loss"]) == 1, (
    "expected fit to run one epoch"
)
moved = {"workers", "use_multiprocessing", "max_queue_size"}
assert not moved & set(inspect.signature(keras.Model.fit).parameters), (
    "expected none of the three loading options in fit"
)


def batches():
    while True:
        yield x_train[:16], y_train[:16]


assert not hasattr(model, "fit_generator"), "expected no fit_generator"
generator_history = model.fit(batches(), steps_per_epoch=2, verbose=0)
assert len(generator_history.history["loss"]) == 1, (
    "expected fit to take a generator directly"
)

constructors = [
    (keras.optimizers.Adam, {"lr": 1e-3, "epsilon_hat": 1.0}),
    (
        functools.partial(keras.layers.LSTM, 4),
        {"time_major": True, "unknown_option": 1},
    ),
    (
        keras.layers.BatchNormalization,
        {"fused": True, "virtual_batch_size": 2},
    ),
]
for make, old_kwargs in constructors:
    try:
        make(**old_kwargs)
    except ValueError as err:
        listed = str(err)
    else:
        raise AssertionError(f"expected {make} to raise")
    assert all(f"'{keyword}'" in listed for keyword in old_kwargs), (
        f"expected {make} to list every unknown keyword"
    )
print("ValueError:", listed)
assert "Unrecognized keyword arguments passed to" in listed

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    keras.layers.Embedding(10, 4, input_length=5)
assert any(
    "input_length` is deprecated" in str(w.message) for w in caught
), "expected input_length to be accepted with a warning"
for make in (keras.optimizers.SGD, keras.optimizers.Adam):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        make(decay=0.5)
    assert any(
        "decay` is no longer supported" in str(w.message)
        for w in caught
    ), f"expected {make.__name__} to accept decay= with a warning"
for make in (
    functools.partial(keras.layers.InputLayer, shape=(3,)),
    functools.partial(keras.layers.HashedCrossing, num_bins=2),
):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        make(unknown_option=1)  # no error
    assert not caught, f"expected {make.func.__name__} to stay silent"
try:
    keras.layers.Layer(unknown_option=1)
except ValueError as err:
    assert "Unrecognized keyword arguments passed to Layer" in str(err)
else:
    raise AssertionError("expected Layer.__init__ to reject it")

keras_version = tuple(
    int(part) for part in re.findall(r"\d+", keras.__version__)[:2]
)
for name in dir(keras.optimizers):
    make = getattr(keras.optimizers, name)
    if not (
        inspect.isclass(make)
        and issubclass(make, keras.optimizers.Optimizer)
        and make is not keras.optimizers.Optimizer
    ):
        continue
    args = (
        [keras.optimizers.SGD()] if name == "LossScaleOptimizer" else []
    )
    try:
        make(*args, unknown_option=1)
    except (ValueError, TypeError):
        pass
    else:
        raise AssertionError(
            f"expected {name} to reject unknown_option"
        )
layer_makers = [
    functools.partial(keras.layers.Dense, 1),
    functools.partial(keras.layers.Conv2D, 2, 3),
    functools.partial(keras.layers.Dropout, 0.5),
    functools.partial(keras.layers.Embedding, 10, 4),
    functools.partial(keras.layers.GRU, 2),
    functools.partial(keras.layers.LSTM, 2),
    keras.layers.Flatten,
    keras.layers.BatchNormalization,
]
for make in layer_makers:
    try:
        make(unknown_option=1)
    except ValueError:
        pass
    else:
        raise AssertionError(
            f"expected {make} to reject unknown_option"
        )

inputs = keras.Input(shape=(3,))
outputs = keras.layers.Dense(1)(inputs)
functional_message = ""
try:
    # --8<-- [start:silent]
    functional = keras.Model(inputs, outputs, dynamic=True)  # no error
    # --8<-- [end:silent]
    functional_result = "accepted"
except TypeError as err:
    functional_result = "TypeError"
    functional_message = str(err)
print("keras.Model(inputs, outputs, dynamic=True):", functional_result)
if keras_version >= (3, 7):  # Keras 3.7 and later
    assert functional_result == "accepted", (
        "expected the Functional model to drop dynamic= silently"
    )
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        quiet = keras.Model(inputs, outputs, unknown_option=1)
    assert not caught, "expected no warning for an unknown keyword"
    assert not hasattr(quiet, "unknown_option"), "expected it dropped"
    assert not hasattr(functional, "dynamic"), (
        "expected dynamic dropped"
    )
else:  # Keras 3.4.1 and 3.6.0 (TF 2.16's and 2.17's pairs)
    assert "unexpected keyword argument 'dynamic'" in (
        functional_message
    ), "expected the Functional model to reject dynamic="
