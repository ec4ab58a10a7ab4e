"""Keras 3 "Your input ran out of data" stops nothing: every epoch is cut short

When you hit it: you pass a `tf.data.Dataset` without `repeat()` to
`keras.Model.fit` with a `steps_per_epoch` larger than one pass, and
see `UserWarning: Your input ran out of data; interrupting training.`

What is going on: Keras 3 raises no error. When the dataset ends
before `steps_per_epoch`, it warns, ends that epoch, restarts the
dataset and goes on: all epochs run, each only one pass long, and
`History` holds every epoch. Keras 2 (`tf_keras`) logged a similar
warning and stopped after the first epoch. Use `repeat()` to get
exactly `steps_per_epoch` steps, or drop `steps_per_epoch` for one
full pass per epoch.

Pitfall: the warning repeats every epoch, but Python shows a warning
once per code location, so you see it once and may miss that every
epoch ran fewer steps than you asked for.

Checked: a callback counts the steps. `optimizer.iterations` counts
one more per cut-short epoch on TF 2.16-2.17 (Keras 3.4-3.6), and
matches from TF 2.18 (Keras 3.9); the run asserts its release's count.

severity: silent
topics: D23, T14
aliases:
  - "batches (in this case, 30 batches). You may need to use the repeat() function"
  - fit stops after the first epoch with steps_per_epoch
  - steps_per_epoch is ignored when training on a tf.data dataset
  - why does model.fit run fewer steps than steps_per_epoch
  - do I need dataset.repeat() to train for several epochs
  - val_loss missing from the logs; training interrupted before the last epoch (validation_steps)
"""

import logging
import warnings

import keras
import numpy as np
import tensorflow as tf
import tf_keras

keras.utils.set_random_seed(0)
x_train = np.ones((40, 1), "float32")
y_train = np.ones((40, 1), "float32")


def build_model(api=keras):
    model = api.Sequential([api.Input((1,)), api.layers.Dense(1)])
    model.compile(optimizer="sgd", loss="mse")
    return model


class StepsPerEpoch(keras.callbacks.Callback):
    def on_epoch_begin(self, epoch, logs=None):
        self.steps = [*getattr(self, "steps", []), 0]

    def on_train_batch_end(self, batch, logs=None):
        self.steps[-1] += 1


model = build_model()
counter = StepsPerEpoch()
with warnings.catch_warnings(record=True) as shown:  # default filters
    # --8<-- [start:wrong]
    train_ds = tf.data.Dataset.from_tensor_slices((x_train, y_train))
    train_ds = train_ds.batch(8)  # 5 batches, no repeat()
    history = model.fit(
        train_ds,
        epochs=3,
        steps_per_epoch=10,
        callbacks=[counter],  # counts the steps of each epoch
        verbose=0,
    )
    print(history.epoch, counter.steps)  # steps per epoch
    # --8<-- [end:wrong]
ran_out = [w for w in shown if "ran out of data" in str(w.message)]
print(f"{ran_out[0].category.__name__}: {ran_out[0].message}")
print("shown by Python's default filters:", len(ran_out), "time(s)")
assert history.epoch == [0, 1, 2], "expected every epoch in History"
assert counter.steps == [5, 5, 5], "expected one pass per epoch"
assert len(ran_out) == 1, "expected the default filters to show it once"
assert ran_out[0].category is UserWarning, (
    "expected a Python UserWarning"
)
keras_release = tuple(int(p) for p in keras.__version__.split(".")[:2])
iterations = int(model.optimizer.iterations.numpy())
expected = 15 if keras_release >= (3, 9) else 18  # one extra per epoch
assert iterations == expected, f"expected {expected}, got {iterations}"

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    build_model().fit(train_ds, epochs=3, steps_per_epoch=10, verbose=0)
warned = sum("ran out of data" in str(w.message) for w in caught)
assert warned == 3, "expected the warning in every epoch"


with warnings.catch_warnings(record=True) as fixed:
    warnings.simplefilter("always")
    # --8<-- [start:right]
    repeat_model = build_model()
    repeat_model.fit(
        train_ds.repeat(), epochs=3, steps_per_epoch=10, verbose=0
    )
    print(repeat_model.optimizer.iterations.numpy())  # 3 x 10 steps

    pass_model = build_model()
    pass_model.fit(train_ds, epochs=3, verbose=0)  # 1 pass/epoch
    print(pass_model.optimizer.iterations.numpy())  # 3 x 5 steps
    # --8<-- [end:right]
assert repeat_model.optimizer.iterations.numpy() == 30, (
    "expected 3 x 10 steps with repeat()"
)
assert pass_model.optimizer.iterations.numpy() == 15, (
    "expected 3 full passes of 5 batches"
)
assert not any("ran out of data" in str(w.message) for w in fixed), (
    "expected no warning with either fix"
)

legacy = build_model(tf_keras)
records = []
handler = logging.Handler()
handler.emit = records.append
logging.getLogger("tensorflow").addHandler(handler)
legacy_history = legacy.fit(
    train_ds, epochs=3, steps_per_epoch=10, verbose=0
)
logging.getLogger("tensorflow").removeHandler(handler)
legacy_text = " ".join(r.getMessage() for r in records)
print("tf_keras History epochs:", legacy_history.epoch)
assert legacy_history.epoch == [0], "expected Keras 2 to stop training"
assert "(in this case, 30 batches)" in legacy_text, (
    "expected the Keras 2 wording"
)
