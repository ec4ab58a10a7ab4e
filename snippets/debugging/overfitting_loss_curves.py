"""Read the two loss curves: val loss rising while train loss falls is overfitting

When you hit it: training loss keeps falling but the model does worse
on new data, or both losses stop falling at a high value.

What is going on: `model.fit(..., validation_data=...)` returns a
`History` whose `history["loss"]` and `history["val_loss"]` are the two
curves, one value per epoch. Train falling while validation turns up:
overfitting (more data, regularization, or stop at the lowest val loss).
Both high and flat: underfitting (a bigger model, better features;
train longer only while both still fall).

Pitfall: the training loss alone misleads. Here it fell more than
tenfold after the best epoch while val loss rose by more than half.
Watch `val_loss`; to keep the best epoch, see
[EarlyStopping keeps the last weights](training.md#early-stopping-restore-best).

severity: silent
topics: E13
figure: Big model: val loss dips, then climbs as train loss falls. Linear: both high.
aliases:
  - validation loss increases while training loss decreases
  - model does well on training data but badly on test data
  - how do I know if my model is overfitting or underfitting
  - validation accuracy stops improving after a few epochs
  - training accuracy is high but validation accuracy is low
  - both training and validation loss stay high: underfitting
  - val_loss goes up after a few epochs while loss keeps going down
  - how to reduce overfitting with dropout, regularization or more data
  - val_loss getting higher while train_loss gets lower
"""

import os
import tempfile

import keras
import matplotlib
import numpy as np
import tensorflow as tf

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

rng = np.random.default_rng(0)


def noisy_sine(n):
    x = rng.uniform(-3, 3, (n, 1)).astype("float32")
    y = (np.sin(x) + rng.normal(0, 0.5, (n, 1))).astype("float32")
    return x, y


train_ds = tf.data.Dataset.from_tensors(noisy_sine(12)).repeat()
val_ds = tf.data.Dataset.from_tensors(noisy_sine(200))


def build(hidden_layers, width=256):
    keras.utils.set_random_seed(0)  # same start for every run
    model = keras.Sequential(
        [keras.Input(shape=(1,))]
        + [
            keras.layers.Dense(width, activation="relu")
            for _ in range(hidden_layers)
        ]
        + [keras.layers.Dense(1)]
    )
    model.compile(optimizer=keras.optimizers.Adam(0.005), loss="mse")
    return model


# --8<-- [start:show]
model = build(hidden_layers=2)  # 2 x 256 units for 12 examples
history = model.fit(
    train_ds,
    validation_data=val_ds,
    epochs=12,
    steps_per_epoch=30,
    verbose=0,
)
train_loss = history.history["loss"]
val_loss = history.history["val_loss"]
best = int(np.argmin(val_loss))  # the epoch to stop at
# --8<-- [end:show]
print(
    f"overfit, best epoch {best + 1}: train {train_loss[best]:.3f}"
    f"  val {val_loss[best]:.3f}"
)
print(
    f"overfit, last epoch 12: train {train_loss[-1]:.3f}"
    f"  val {val_loss[-1]:.3f}"
)
assert train_loss[-1] < train_loss[best] / 10, (
    "expected train loss to keep falling after the best epoch"
)
assert val_loss[-1] > val_loss[best] * 1.5, (
    "expected val loss to rise after its minimum"
)

linear = build(hidden_layers=0)  # too small for a sine
curves = linear.fit(
    train_ds,
    validation_data=val_ds,
    epochs=12,
    steps_per_epoch=30,
    verbose=0,
).history
lin_train, lin_val = curves["loss"], curves["val_loss"]
print(
    f"underfit, last epoch 12: train {lin_train[-1]:.3f}"
    f"  val {lin_val[-1]:.3f}"
)
assert abs(lin_train[-1] - lin_train[5]) < 0.01, (
    "expected the small model's train loss to be flat in the second half"
)
assert abs(lin_val[-1] - lin_val[5]) < 0.01, (
    "expected the small model's val loss to be flat in the second half"
)
assert lin_val[-1] > val_loss[best], (
    "expected the small model's val loss above the big model's best"
)
assert lin_train[-1] > 10 * train_loss[-1], (
    "expected the small model's train loss to stay high"
)

figure_dir = os.environ.get("SNIPPET_ARTIFACTS") or tempfile.mkdtemp()
epochs = range(1, 13)
fig, ax = plt.subplots(figsize=(6, 3.2), dpi=100)
ax.plot(epochs, train_loss, label="big model: train loss")
ax.plot(epochs, val_loss, label="big model: val loss")
ax.plot(epochs, lin_train, "--", label="linear model: train loss")
ax.plot(epochs, lin_val, "--", label="linear model: val loss")
ax.axvline(
    best + 1,
    color="grey",
    linewidth=0.8,
    label="lowest val loss: stop here",
)
ax.set_xlabel("epoch")
ax.set_ylabel("MSE")
ax.set_ylim(0, 0.8)
ax.legend(fontsize=8)
fig.tight_layout()
fig.savefig(os.path.join(figure_dir, "loss_curves.png"))
