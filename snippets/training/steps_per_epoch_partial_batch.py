"""`fit` keeps the partial last batch; a short `steps_per_epoch` splits epochs

When you hit it: your sample count is not a multiple of the batch size
and you set `steps_per_epoch=len(x_train) // batch_size` because you
heard `fit` drops the last partial batch.

What is going on: it does not. `keras.Model.fit` on arrays runs
`ceil(n / batch_size)` steps per epoch, the last one smaller, so every
sample is used each epoch. A `steps_per_epoch` smaller than that does
not restart the data at each epoch: the next epoch continues the same
pass and runs out after the leftover batches. It warns "Your input ran
out of data; interrupting training", yet only that epoch ends: the pass
restarts in the next one.

Pitfall: with 100 samples, batch 32 and `steps_per_epoch=3`, epochs
alternate between 3 steps and 1 step. Leave `steps_per_epoch` unset for
finite data; set it only for a `.repeat()`ed dataset.

severity: silent
topics: T14
aliases:
  - does model.fit drop the last incomplete batch
  - progress bar shows a different number of steps every other epoch
  - how to compute steps_per_epoch from dataset size and batch size
  - number of samples not divisible by the batch size
  - steps_per_epoch = len(x_train) // batch_size
  - epochs alternate between full and short with steps_per_epoch
"""

import warnings

import keras
import numpy as np
import tensorflow as tf

x_train = np.ones((100, 1), "float32")
y_train = np.ones((100, 1), "float32")


class SampleCounter(keras.layers.Layer):
    """Identity layer that counts the samples it sees in training."""

    def build(self, input_shape):
        self.seen = self.add_weight(
            shape=(),
            initializer="zeros",
            dtype="int32",
            trainable=False,
        )

    def call(self, inputs, training=False):
        if training:
            self.seen.assign_add(tf.shape(inputs)[0])
        return inputs


class StepsPerEpoch(keras.callbacks.Callback):
    def on_train_begin(self, logs=None):
        self.steps = []

    def on_epoch_begin(self, epoch, logs=None):
        self.steps.append(0)

    def on_train_batch_end(self, batch, logs=None):
        self.steps[-1] += 1


def build_model():
    model = keras.Sequential(
        [keras.Input((1,)), SampleCounter(), keras.layers.Dense(1)]
    )
    model.compile("sgd", "mse")
    return model


with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    # --8<-- [start:wrong]
    model, steps = build_model(), StepsPerEpoch()
    model.fit(
        x_train,
        y_train,
        batch_size=32,
        epochs=4,
        steps_per_epoch=len(x_train) // 32,  # 3
        callbacks=[steps],
        verbose=0,
    )
    # --8<-- [end:wrong]
short_steps = steps.steps
short_seen = int(model.layers[0].seen.numpy())
ran_out = [
    str(w.message)
    for w in caught
    if "ran out of data" in str(w.message)
]

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    # --8<-- [start:right]
    model, steps = build_model(), StepsPerEpoch()
    model.fit(
        x_train,
        y_train,
        batch_size=32,
        epochs=4,
        callbacks=[steps],
        verbose=0,
    )  # 4 steps per epoch
    # --8<-- [end:right]
default_steps = steps.steps
default_seen = int(model.layers[0].seen.numpy())
default_ran_out = any(
    "ran out of data" in str(w.message) for w in caught
)

print(
    "unset:              steps", default_steps, " samples", default_seen
)
print(
    "steps_per_epoch=3:  steps",
    short_steps,
    " samples",
    short_seen,
    " warnings:",
    len(ran_out),
)
print("warning:", ran_out[0].split(". ")[0])

assert default_steps == [4, 4, 4, 4], (
    "expected ceil(100 / 32) = 4 steps"
)
assert default_seen == 4 * 100, "expected every sample in every epoch"
assert not default_ran_out, (
    "expected no warning without steps_per_epoch"
)
assert short_steps == [3, 1, 3, 1], (
    "expected epochs to alternate 3 and 1 steps"
)
assert short_seen == 2 * 100, "expected two full passes in four epochs"
assert len(ran_out) == 2, "expected a warning in epochs 2 and 4"
assert ran_out[0].startswith(
    "Your input ran out of data; interrupting training."
), "expected the 'ran out of data' warning"
