"""ReduceLROnPlateau cuts the rate when the monitored loss stalls

When you hit it: validation loss stops improving and you want the
learning rate lowered automatically instead of restarting training.

What is going on: `keras.callbacks.ReduceLROnPlateau` multiplies the
optimizer's rate by `factor` (default 0.1), but not below `min_lr`,
after `patience` epochs (default 10) without an improvement of more
than `min_delta` in `monitor` (default `val_loss`).
`history.history["learning_rate"]` records the rate each epoch trained
with, so a cut made at the end of epoch 4 shows from epoch 5; the live
value is `model.optimizer.learning_rate`.

Pitfall: the default `patience=10` is long for short runs: on a
20-epoch job the rate may drop once or never. Pair it with an
`EarlyStopping` whose `patience` is larger, or training stops before
the lower rate gets a chance.

severity: tip
topics: T2
aliases:
  - ReduceLROnPlateau reducing learning rate to
  - KeyError: 'lr' in history.history
  - ReduceLROnPlateau never reduces the learning rate
  - how to see the learning rate of each epoch
  - decrease the learning rate when validation loss plateaus
  - ReduceLROnPlateau factor, patience and min_lr
  - history.history['learning_rate'] per epoch
"""

import keras
import numpy as np

# One weight, trained toward 2 while validation wants 1: val_loss is
# best at epoch 3 and worse afterwards, a plateau for the callback.
x_train = np.ones((4, 1), "float32")
y_train = 2 * x_train
x_val = np.ones((4, 1), "float32")
y_val = 1 * x_val
model = keras.Sequential(
    [
        keras.Input((1,)),
        keras.layers.Dense(
            1, use_bias=False, kernel_initializer="zeros"
        ),
    ]
)
model.compile(keras.optimizers.SGD(learning_rate=0.1), "mse")

# --8<-- [start:show]
reduce_lr = keras.callbacks.ReduceLROnPlateau(
    monitor="val_loss",
    factor=0.5,
    patience=1,
    min_lr=1e-3,
)
history = model.fit(
    x_train,
    y_train,
    validation_data=(x_val, y_val),
    epochs=6,
    batch_size=4,
    callbacks=[reduce_lr],
    verbose=0,
)
rates = history.history["learning_rate"]  # one per epoch
live_rate = float(model.optimizer.learning_rate.numpy())
# --8<-- [end:show]

val_losses = history.history["val_loss"]
print("val_loss:     ", [f"{v:.4f}" for v in val_losses])
print("learning_rate:", [f"{r:.4f}" for r in rates])
print(f"optimizer.learning_rate after fit: {live_rate:.5f}")

defaults = keras.callbacks.ReduceLROnPlateau()
assert (defaults.factor, defaults.patience) == (0.1, 10), (
    "expected default factor 0.1 and patience 10"
)
assert defaults.monitor == "val_loss", "expected val_loss by default"
assert np.argmin(val_losses) == 2, (
    "expected the best val_loss at epoch 3"
)
assert np.isclose(rates[3], 0.1), (
    "expected epoch 4 (first without improvement) to train at 0.1"
)
assert np.isclose(rates[4], 0.05), (
    "expected the halved rate to show from the next epoch"
)
assert np.isclose(live_rate, rates[-1] * 0.5), (
    "expected the cut after the last epoch only in the optimizer"
)


def rate_after(val_losses, **callback_args):
    """The rate after the callback sees these epoch ends (from 0.1)."""
    model.optimizer.learning_rate.assign(0.1)
    callback = keras.callbacks.ReduceLROnPlateau(
        monitor="val_loss", patience=1, **callback_args
    )
    callback.set_model(model)
    callback.on_train_begin()
    for epoch, val_loss in enumerate(val_losses):
        callback.on_epoch_end(epoch, {"val_loss": val_loss})
    return round(float(model.optimizer.learning_rate.numpy()), 4)


boundary = {
    "improved by exactly min_delta": rate_after(
        [1.0, 0.5], min_delta=0.5
    ),
    "improved by more": rate_after([1.0, 0.4], min_delta=0.5),
    "stalled, min_lr=0.05": rate_after([1.0, 1.0], min_lr=0.05),
}
print("rate from 0.1:", boundary)
assert boundary["improved by exactly min_delta"] == 0.01, (
    "expected an improvement of exactly min_delta not to count"
)
assert boundary["improved by more"] == 0.1, "expected no cut"
assert boundary["stalled, min_lr=0.05"] == 0.05, (
    "expected the cut to stop at min_lr"
)
