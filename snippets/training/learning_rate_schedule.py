"""A schedule-driven optimizer has a readable, not settable, rate

When you hit it: you pass a `LearningRateSchedule` to an optimizer and
want to log the current rate, or you add `ReduceLROnPlateau` to the
same model.

What is going on: a schedule such as
`keras.optimizers.schedules.ExponentialDecay` is a function of the step.
`optimizer.learning_rate` evaluates it at the number of
`apply_gradients` calls (one per batch in `fit`) and returns the current
rate as a tensor. That count equals `optimizer.iterations` unless you
set `gradient_accumulation_steps`; see [Accumulate
gradients](training.md#gradient-accumulation). Because the schedule
owns the rate, assigning to `optimizer.learning_rate` raises
`TypeError`, and so does `ReduceLROnPlateau` the first time it tries to
cut the rate.

Pitfall: a schedule and `ReduceLROnPlateau` do not mix; the crash comes
only when the plateau is reached, possibly hours into training. Pick
one: a schedule, or a float rate plus the callback.

severity: crash
topics: T4, T2
aliases:
  - hence its learning rate is not settable
  - how to print the current learning rate during training
  - get the learning rate value of an optimizer with a decay schedule
  - change the learning rate mid-training when using a schedule
  - TypeError: float() argument must be a string or a number, not 'ExponentialDecay'
  - ReduceLROnPlateau with a LearningRateSchedule crashes
  - optimizer._decayed_lr(tf.float32) in TF 2
  - current value of a CosineDecay or ExponentialDecay learning rate
"""

import keras
import numpy as np

x_train = np.ones((8, 1), "float32")
y_train = 2 * x_train


def build_model(optimizer):
    model = keras.Sequential([keras.Input((1,)), keras.layers.Dense(1)])
    model.compile(optimizer, "mse")
    return model


decaying = keras.optimizers.schedules.ExponentialDecay(0.1, 1, 0.5)
model = build_model(keras.optimizers.SGD(learning_rate=decaying))
try:
    # --8<-- [start:wrong]
    plateau = keras.callbacks.ReduceLROnPlateau(
        monitor="loss",
        patience=0,
        min_delta=10.0,  # fire soon
    )
    model.fit(
        x_train, y_train, epochs=2, callbacks=[plateau], verbose=0
    )  # raises TypeError when the callback fires
    # --8<-- [end:wrong]
except TypeError as err:
    message = str(err)
else:
    raise AssertionError(
        "expected ReduceLROnPlateau on a schedule-driven optimizer to"
        " raise TypeError"
    )
print("TypeError:", message)
steps_before_crash = int(model.optimizer.iterations.numpy())
print(
    "steps trained before the crash:", steps_before_crash, "(2 epochs)"
)
assert "hence its learning rate is not settable" in message, (
    "expected the not-settable error from the schedule-driven optimizer"
)
# 8 samples, batch 32: one step per epoch. The first epoch's end saw
# an improvement (no plateau) and passed; the second epoch's end found
# the plateau and raised.
assert steps_before_crash == 2, (
    "expected both epochs to train before the callback raised"
)

# --8<-- [start:right]
schedule = keras.optimizers.schedules.ExponentialDecay(
    initial_learning_rate=0.1,
    decay_steps=1,
    decay_rate=0.5,
)
optimizer = keras.optimizers.SGD(learning_rate=schedule)
model = build_model(optimizer)  # no ReduceLROnPlateau
model.fit(x_train, y_train, batch_size=4, epochs=1, verbose=0)
current_rate = float(optimizer.learning_rate)  # 0.1 * 0.5 ** steps
# --8<-- [end:right]

steps = int(optimizer.iterations.numpy())
print("steps:", steps, f" current rate: {current_rate:.4f}")
assert steps == 2, "expected 8 samples / batch 4 = 2 steps"
assert keras.ops.is_tensor(optimizer.learning_rate), "expected a tensor"
assert np.isclose(current_rate, 0.1 * 0.5**steps), (
    "expected learning_rate to be the schedule after 2 optimizer calls"
)
assert np.isclose(
    current_rate, float(schedule(optimizer.iterations))
), "expected the same value as calling the schedule directly"

try:
    optimizer.learning_rate = 0.01
    assigned = True
except TypeError:
    assigned = False
assert not assigned, (
    "expected assigning a float rate to raise TypeError"
)
