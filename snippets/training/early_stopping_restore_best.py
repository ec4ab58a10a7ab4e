"""EarlyStopping keeps the last weights unless you ask for the best

When you hit it: you train with `validation_data` and an early-stopping
callback, then evaluate, and the model is worse than the best epoch the
log showed.

What is going on: `keras.callbacks.EarlyStopping` watches `val_loss` by
default and stops once it has not improved for `patience` epochs; a
drop smaller than `min_delta` does not count as an improvement.
`restore_best_weights` defaults to `False`, so the model keeps the
weights of the last epoch, `patience` epochs past the best one. With
`True`, it reloads the best epoch's weights when training ends, even
when it never stopped early.

Pitfall: without `restore_best_weights=True` you save and ship the
weights from the epoch where it stopped, not from the best epoch.

severity: silent
topics: T1
aliases:
  - Restoring model weights from the end of the best epoch
  - does EarlyStopping keep the best model
  - early stopping returns the weights from the last epoch
  - final val_loss is higher than the lowest val_loss in history
  - restore_best_weights is False by default
  - model after early stopping is worse than its best epoch
  - how to keep the best weights with EarlyStopping
  - EarlyStopping patience and min_delta
  - Epoch: early stopping
"""

import keras
import numpy as np

# One weight, trained toward 2 while validation wants 1: the validation
# loss falls, reaches its best at epoch 3, then rises again.
x_train = np.ones((4, 1), "float32")
y_train = 2 * x_train
x_val = np.ones((4, 1), "float32")
y_val = 1 * x_val


def train(**early_stopping_args):
    model = keras.Sequential(
        [
            keras.Input((1,)),
            keras.layers.Dense(
                1, use_bias=False, kernel_initializer="zeros"
            ),
        ]
    )
    model.compile(keras.optimizers.SGD(0.1), "mse")
    stopper = keras.callbacks.EarlyStopping(**early_stopping_args)
    history = model.fit(
        x_train,
        y_train,
        validation_data=(x_val, y_val),
        epochs=20,
        batch_size=4,
        callbacks=[stopper],
        verbose=0,
    )
    final_val_loss = model.evaluate(x_val, y_val, verbose=0)
    return stopper, history.history["val_loss"], final_val_loss


# --8<-- [start:wrong]
stopper = keras.callbacks.EarlyStopping(patience=2)  # val_loss
# --8<-- [end:wrong]
# --8<-- [start:right]
stopper = keras.callbacks.EarlyStopping(
    monitor="val_loss",
    patience=2,
    min_delta=0.0,
    restore_best_weights=True,
)
# --8<-- [end:right]

last, val_losses, last_loss = train(patience=2)
best, _, best_loss = train(patience=2, restore_best_weights=True)
coarse, _, _ = train(patience=2, min_delta=0.1)

best_epoch = int(np.argmin(val_losses))
print("val_loss per epoch:", [f"{v:.4f}" for v in val_losses])
print("epochs run:", len(val_losses), " best epoch:", best_epoch + 1)
print(f"after fit, default:                   val_loss {last_loss:.4f}")
print(f"after fit, restore_best_weights=True: val_loss {best_loss:.4f}")
print("best epoch counted with min_delta=0.1:", coarse.best_epoch + 1)

assert stopper.restore_best_weights is True, (
    "the shown callback restores"
)
assert keras.callbacks.EarlyStopping().restore_best_weights is False, (
    "expected restore_best_weights to default to False"
)
assert keras.callbacks.EarlyStopping().monitor == "val_loss", (
    "expected EarlyStopping to watch val_loss by default"
)
assert len(val_losses) == best_epoch + 1 + 2, (
    "expected training to stop `patience` epochs after the best epoch"
)
assert last.stopped_epoch == best_epoch + 2, "expected the stop epoch"
assert np.isclose(last_loss, val_losses[-1]), (
    "expected the default to keep the last epoch's weights"
)
assert np.isclose(best_loss, min(val_losses)), (
    "expected restore_best_weights=True to reload the best epoch"
)
assert best_loss < last_loss, "expected the restored model to be better"
assert coarse.best_epoch < best_epoch, (
    "expected an improvement smaller than min_delta not to count"
)

# Restoring happens at the end of training even without an early stop.
_, no_stop_losses, no_stop_loss = train(
    patience=50, restore_best_weights=True
)
assert len(no_stop_losses) == 20, "expected all 20 epochs to run"
assert np.isclose(no_stop_loss, min(no_stop_losses)), (
    "expected the best weights restored although training never stopped"
)
