"""Empty input: Keras 2 said "Empty logs"; Keras 3.15 fit trains on nothing

When you hit it: a `filter` drops every element, or a split or a file
list leaves nothing. Code written for Keras 2 failed with
``Unexpected result of `train_function` (Empty logs)`` or
``Unexpected result of `predict_function` (Empty batch_outputs)``.

What is going on: those are Keras 2 (`tf_keras`) messages, for a
dataset emptied by `filter`, whose length is unknown; an empty array or
`take(0)` gave `Expected input data to be non-empty.` Keras 3.15
raises neither, for all three inputs: `fit` runs each epoch without a
batch, keeps the weights and returns a `History` with no loss;
`evaluate` returns `[]`; `predict` fails with `UnboundLocalError:
cannot access local variable 'batch_outputs'…`. From `fit`, only a
`UserWarning` says `Your input ran out of data`, once per epoch.

Pitfall: `steps_per_epoch=0` is no empty epoch in Keras 3.15: it counts
as unset, so each epoch is one full pass, and a `repeat()`ed dataset
runs on. Keras 2 rejected 0.

Checked: the output's table comes from this run: Keras 3.15 and
`tf_keras` 2.21 on TensorFlow 2.21, Python 3.11, this machine's CPU
(`steps=0` for `predict`). The same asserts pass with TensorFlow 2.18
to 2.20 and their Keras and `tf_keras`; the matrix line shows where
they fail. Keras
3.15 reads 0 as unset in `keras/src/trainers/epoch_iterator.py`
(`_enumerate_iterator`). Check for an empty dataset before `fit`
(below): `cardinality()` is unknown after `filter`
([cardinality](data.md#cardinality-after-filter)). The check returns at
the first batch, though tf.data may read ahead of it; behind a `filter`
that keeps nothing it reads every source element once. The same warning
comes when data runs short ([ran out of
data](data.md#input-ran-out-of-data)). An empty `validation_data` is
skipped: no `val_loss`, no error.

severity: silent
topics: D25, E18
aliases:
  - "ValueError: Unexpected result of `train_function` (Empty logs). This could be due to issues in input pipeline that resulted in an empty dataset."
  - "ValueError: Unexpected result of `predict_function` (Empty batch_outputs). Please use `Model.compile(..., run_eagerly=True)`"
  - "UnboundLocalError: cannot access local variable 'batch_outputs' where it is not associated with a value"
  - "ValueError: Expected input data to be non-empty."
  - "steps_per_epoch must be positive, None or -1. Received 0."
  - model.fit returns an empty history with no loss
  - model.evaluate returns an empty list
  - fit finishes instantly and the model does not train
  - val_loss missing from history with validation_data
"""

import inspect
import platform
import warnings

import keras
import numpy as np
import tensorflow as tf
import tf_keras

keras.utils.set_random_seed(0)
x_train = np.arange(24, dtype="float32").reshape(8, 3) / 24
y_train = np.ones((8, 1), "float32")
full_ds = tf.data.Dataset.from_tensor_slices((x_train, y_train))


def build_model(api=keras):
    model = api.Sequential([api.Input((3,)), api.layers.Dense(1)])
    model.compile(optimizer="sgd", loss="mse")
    return model


model = build_model()
weights_before = [w.numpy().copy() for w in model.weights]
with warnings.catch_warnings(record=True) as shown:
    warnings.simplefilter("always")
    # --8<-- [start:wrong]
    train_ds = full_ds.filter(lambda x, y: x[0] > 5).batch(4)  # none
    history = model.fit(train_ds, epochs=2, verbose=0)  # no error
    print(history.epoch, history.history)  # [0, 1] {}
    # --8<-- [end:wrong]
ran_out = [w for w in shown if "ran out of data" in str(w.message)]
print(f"{ran_out[0].category.__name__}: {ran_out[0].message}")
assert history.epoch == [0, 1], "expected both epochs to run"
assert history.history == {}, "expected no loss in History"
assert all(
    np.array_equal(before, after.numpy())
    for before, after in zip(weights_before, model.weights, strict=True)
), "expected the weights unchanged"
assert ran_out and ran_out[0].category is UserWarning, (
    "expected only a UserWarning"
)


# --8<-- [start:right]
def check_not_empty(dataset, name):
    if next(iter(dataset), None) is None:  # up to one full pass
        raise ValueError(f"{name} is empty: check the filter")


check_not_empty(full_ds.batch(4), "full_ds")
# --8<-- [end:right]
try:
    check_not_empty(train_ds, "train_ds")
except ValueError as err:
    print("ValueError:", err)
else:
    raise AssertionError("expected the check to catch train_ds")
reads = tf.Variable(0)


def count_read(x, y):
    reads.assign_add(1)
    return x, y


counted_ds = full_ds.map(count_read)
try:
    check_not_empty(
        counted_ds.filter(lambda x, y: x[0] > 5).batch(4), ""
    )
except ValueError:
    empty_reads = int(reads.numpy())
reads.assign(0)
check_not_empty(counted_ds.batch(4), "counted_ds")
# read-ahead in the background makes this count vary: do not print it
first_batch_reads = int(reads.numpy())
print("elements the check read when empty:", empty_reads)
assert empty_reads == len(x_train), "expected a full pass when empty"
assert 4 <= first_batch_reads <= len(x_train), first_batch_reads
assert train_ds.cardinality() == tf.data.UNKNOWN_CARDINALITY, (
    "expected cardinality() unknown after filter"
)
assert full_ds.batch(4).take(0).cardinality() == 0, (
    "expected take(0): 0"
)


models = {api: build_model(api) for api in (keras, tf_keras)}


def outcome(api, call, *args, **kwargs):
    """What a call did: its error's type and first sentence, or what it
    returned."""
    model = models[api]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            result = getattr(model, call)(*args, verbose=0, **kwargs)
        except (ValueError, UnboundLocalError) as err:
            return f"{type(err).__name__}: {str(err).split('. ')[0]}"
    if call == "predict":
        return f"returns {result.shape[0]} rows"
    return f"no error, loss in History: {'loss' in result.history}"


features_ds = full_ds.map(lambda x, y: x)
inputs = {  # name: (fit arguments, predict arguments, extra arguments)
    "empty array": ((x_train[:0], y_train[:0]), (x_train[:0],), {}),
    "take(0)": (
        (full_ds.batch(4).take(0),),
        (features_ds.batch(4).take(0),),
        {},
    ),
    "filter, none kept": (
        (train_ds,),
        (features_ds.filter(lambda x: x[0] > 5).batch(4),),
        {},
    ),
    "0 steps": ((x_train, y_train), (x_train,), {"steps": 0}),
}
table = {}
for name, (fit_args, predict_args, extra) in inputs.items():
    for api in (keras, tf_keras):
        fit_extra = {"steps_per_epoch": 0} if extra else {}
        table[name, api.__name__, "fit"] = outcome(
            api, "fit", *fit_args, **fit_extra
        )
        table[name, api.__name__, "predict"] = outcome(
            api, "predict", *predict_args, **extra
        )
for (name, api, call), result in table.items():
    print(f"{name:17} {api:8} {call:7} {result}")

keras3_empty_fit = "no error, loss in History: False"
keras3_predict = (
    "UnboundLocalError: cannot access local variable 'batch_outputs' "
    "where it is not associated with a value"
)
keras2_non_empty = "ValueError: Expected input data to be non-empty."
for name in ("empty array", "take(0)", "filter, none kept"):
    assert table[name, "keras", "fit"] == keras3_empty_fit, name
    assert table[name, "keras", "predict"] == keras3_predict, name
for name in ("empty array", "take(0)"):
    assert table[name, "tf_keras", "fit"] == keras2_non_empty, name
    assert table[name, "tf_keras", "predict"] == keras2_non_empty, name
assert table["filter, none kept", "tf_keras", "fit"] == (
    "ValueError: Unexpected result of `train_function` (Empty logs)"
), "expected Keras 2's Empty logs for an unknown-length dataset"
assert table["filter, none kept", "tf_keras", "predict"] == (
    "ValueError: Unexpected result of `predict_function` "
    "(Empty batch_outputs)"
), "expected Keras 2's Empty batch_outputs"
assert table["0 steps", "keras", "fit"] == (
    "no error, loss in History: True"
), "expected Keras 3 to train with steps_per_epoch=0"
assert table["0 steps", "keras", "predict"] == ("returns 8 rows"), (
    "expected Keras 3 to predict everything with steps=0"
)
for call in ("fit", "predict"):
    assert table["0 steps", "tf_keras", call] == (
        "ValueError: steps_per_epoch must be positive, None or -1"
    ), f"expected Keras 2 {call} to reject 0 steps"


class StepCounter(keras.callbacks.Callback):
    def __init__(self, stop_after=None):
        super().__init__()
        self.steps, self.stop_after = [], stop_after

    def on_epoch_begin(self, epoch, logs=None):
        self.steps.append(0)

    def on_train_batch_end(self, batch, logs=None):
        self.steps[-1] += 1
        if sum(self.steps) == self.stop_after:
            self.model.stop_training = True


empty_names = ("empty array", "take(0)", "filter, none kept")
empty_steps = {}
for name in empty_names:
    empty_model = build_model()
    before = [w.numpy().copy() for w in empty_model.weights]
    counter = StepCounter()
    with warnings.catch_warnings(record=True) as shown:
        warnings.simplefilter("always")
        fitted = empty_model.fit(
            *inputs[name][0], epochs=2, callbacks=[counter], verbose=0
        )
    empty_steps[name] = counter.steps
    assert fitted.epoch == [0, 1] and fitted.history == {}, name
    assert all(
        np.array_equal(start, end.numpy())
        for start, end in zip(before, empty_model.weights, strict=True)
    ), f"expected the weights unchanged: {name}"
    ran_out = [w for w in shown if "ran out of data" in str(w.message)]
    assert [w.category for w in ran_out] == [UserWarning] * 2, name
    assert all(  # the other warning also comes for a full dataset
        str(w.message).startswith("`shuffle=True` was passed, but")
        for w in shown
        if w not in ran_out
    ), [str(w.message) for w in shown]
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    evaluated = [
        model.evaluate(*inputs[name][0], verbose=0)
        for name in empty_names
    ]
print("fit, 2 epochs, steps per epoch:", empty_steps)
print("evaluate on the three empty inputs:", evaluated)
assert all(steps == [0, 0] for steps in empty_steps.values()), (
    "expected epochs without a batch"
)
assert evaluated == [[], [], []], "expected evaluate to return []"
reads_zero_as_unset = inspect.getsource(
    keras.src.trainers.epoch_iterator.EpochIterator._enumerate_iterator
)
assert "self.steps_per_epoch or self._num_batches or -1" in (
    reads_zero_as_unset
), "expected 0 steps to fall back to the dataset's length"

one_pass = StepCounter()
model.fit(
    full_ds.batch(4),
    epochs=2,
    steps_per_epoch=0,
    callbacks=[one_pass],
    verbose=0,
)
endless = StepCounter(stop_after=10)
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    model.fit(
        full_ds.batch(4).repeat(),
        steps_per_epoch=0,
        callbacks=[endless],
        verbose=0,
    )
print(
    "steps_per_epoch=0, 2-batch dataset: steps per epoch",
    one_pass.steps,
)
print(
    "same, repeat(): steps in epoch 1 until a callback stopped it:",
    endless.steps,
)
assert one_pass.steps == [2, 2], "expected one full pass per epoch"
assert endless.steps == [10], "expected the epoch to run past one pass"

validated_keys = {}
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    for name in empty_names:
        validation = inputs[name][0]
        validated = model.fit(
            x_train,
            y_train,
            validation_data=validation[0]
            if len(validation) == 1
            else validation,
            verbose=0,
        )
        validated_keys[name] = sorted(validated.history)
print("empty validation_data, History keys:", validated_keys)
assert all(keys == ["loss"] for keys in validated_keys.values()), (
    "expected no val_loss and no error for each empty input"
)

versions = (keras.__version__, tf_keras.__version__, tf.__version__)
print(
    "keras, tf_keras, tensorflow:",
    versions,
    "python",
    platform.python_version()[:4],
)
if tf.__version__.startswith("2.21."):  # the recorded run
    assert versions[0].startswith("3.15."), "expected Keras 3.15"
    assert versions[1].startswith("2.21."), "expected tf_keras 2.21"
assert platform.python_version().startswith("3.11."), "expected 3.11"
