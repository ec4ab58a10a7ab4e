"""Override train_step with `compute_loss` and `self.metrics`, not `compiled_loss`

When you hit it: you customise `fit` by overriding `keras.Model.train_step`,
often by porting Keras 2 code that calls `self.compiled_loss` and
`self.compiled_metrics.update_state`.

What is going on: Keras 3.15 keeps those two only as deprecated shims
that warn. The metrics shim also updates the loss tracker in
`self.metrics`, with `y_pred`, so the logged `loss` is the mean
prediction. Call `self.compute_loss(x, y, y_pred)`, update each
metric in `self.metrics` (the `loss` tracker with the loss, the
`compile_metrics` container with `y, y_pred`) and return
`self.get_metrics_result()`. `fit` resets them at each epoch start. To
change only the loss, override `compute_loss` instead.

Pitfall: the shims raise no error and warn only while `fit` traces the
step, not at every batch (unless `run_eagerly=True`). Check that
`history.history["loss"]` matches the loss you compute yourself.

Checked: the TensorFlow backend only (the shims live in its trainer);
a `train_step` for another backend was not run.

severity: silent
topics: T15
aliases:
  - `model.compiled_loss()` is deprecated. Instead, use `model.compute_loss(
  - `model.compiled_metrics()` is deprecated.
  - self.compiled_loss keras 3 replacement
  - custom train_step loss in history is wrong
  - customizing what happens in fit keras 3
  - self.compiled_metrics.update_state(y, y_pred) in Keras 3
  - loss reported by fit differs from the loss computed in train_step
  - return {m.name: m.result() for m in self.metrics}
  - override compute_loss instead of train_step
  - custom train_step metrics are not reset
"""

import warnings

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(0)
x_train = np.random.rand(32, 3).astype("float32")
y_train = x_train @ np.array([[1.0], [-2.0], [0.5]], "float32") + 3.0


# --8<-- [start:wrong]
class Keras2Style(keras.Model):
    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = self.compiled_loss(y, y_pred)  # deprecated shim
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(
            zip(grads, self.trainable_variables, strict=True)
        )
        self.compiled_metrics.update_state(y, y_pred)  # also loss!
        return {m.name: m.result() for m in self.metrics}


# --8<-- [end:wrong]


# --8<-- [start:right]
class Regressor(keras.Model):
    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = self.compute_loss(x, y, y_pred)
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(
            zip(grads, self.trainable_variables, strict=True)
        )
        for metric in self.metrics:  # loss tracker, compile_metrics
            if metric.name == "loss":
                metric.update_state(loss)
            else:
                metric.update_state(y, y_pred)
        return self.get_metrics_result()  # {"loss": ..., "mae": ...}


# --8<-- [end:right]


class ExtraLoss(keras.Model):
    def compute_loss(self, x, y, y_pred, sample_weight=None, **kwargs):
        return super().compute_loss(x, y, y_pred, sample_weight) + 1.0


def build(model_class, run_eagerly=False):
    keras.utils.set_random_seed(0)
    inputs = keras.Input(shape=(3,))
    model = model_class(inputs, keras.layers.Dense(1)(inputs))
    model.compile(
        keras.optimizers.SGD(0.1),
        loss="mse",
        metrics=["mae"],
        run_eagerly=run_eagerly,
    )
    return model


def epoch_losses(model, epochs):
    """Loss and MAE at the weights each epoch starts with (one batch)."""
    snapshots = []
    record = keras.callbacks.LambdaCallback(
        on_epoch_begin=lambda epoch, logs: snapshots.append(
            x_train @ model.layers[-1].kernel.numpy()
            + model.layers[-1].bias.numpy()
        )
    )
    history = model.fit(
        x_train,
        y_train,
        batch_size=32,
        epochs=epochs,
        callbacks=[record],
        verbose=0,
    )
    mse = [float(np.mean((p - y_train) ** 2)) for p in snapshots]
    mae = [float(np.mean(np.abs(p - y_train))) for p in snapshots]
    return history.history, mse, mae, snapshots


old = build(Keras2Style)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    old_logs, old_mse, _, old_pred = epoch_losses(old, epochs=3)
with warnings.catch_warnings(record=True) as caught_again:
    warnings.simplefilter("always")
    old.fit(x_train, y_train, batch_size=32, epochs=3, verbose=0)
again = [w for w in caught_again if "deprecated" in str(w.message)]
with warnings.catch_warnings(record=True) as caught_eager:
    warnings.simplefilter("always")
    build(Keras2Style, run_eagerly=True).fit(
        x_train, y_train, batch_size=8, epochs=2, verbose=0
    )  # 8 batches, no tracing
eager = [w for w in caught_eager if "deprecated" in str(w.message)]
shim_warnings = sorted(
    {
        str(w.message).split(" Instead")[0]
        for w in caught
        if "deprecated" in str(w.message)
    }
)
print("warnings:", shim_warnings)
print("warnings in 3 more epochs:", len(again))
print("warnings with run_eagerly=True, 8 batches:", len(eager))
print(
    f"Keras2Style logged loss {old_logs['loss'][0]:.4f}; real loss "
    f"{old_mse[0]:.4f}; mean prediction {float(old_pred[0].mean()):.4f}"
)

model = build(Regressor)
print("self.metrics:", [m.name for m in model.metrics])
logs, mse, mae, _ = epoch_losses(model, epochs=3)
print("fit loss:", [round(v, 4) for v in logs["loss"]])
print("computed:", [round(v, 4) for v in mse])
print("fit mae: ", [round(v, 4) for v in logs["mae"]])
print("computed:", [round(v, 4) for v in mae])

extra = build(ExtraLoss)
extra_logs, extra_mse, _, _ = epoch_losses(extra, epochs=1)
print(
    f"compute_loss override: logged {extra_logs['loss'][0]:.4f} = "
    f"{extra_mse[0]:.4f} + 1"
)

assert hasattr(old, "compiled_loss") and hasattr(
    old, "compiled_metrics"
)
assert again == [], "expected no warnings once the step is traced"
assert len(eager) == 2 * 8, "expected both shims to warn at every batch"
assert shim_warnings == [
    "`model.compiled_loss()` is deprecated.",
    "`model.compiled_metrics()` is deprecated.",
], "expected both shims to warn"
assert np.isclose(old_logs["loss"][0], old_pred[0].mean(), rtol=1e-5), (
    "expected the shim to log the mean prediction as 'loss'"
)
assert not np.isclose(old_logs["loss"][0], old_mse[0]), (
    "expected it wrong"
)
assert [m.name for m in model.metrics] == ["loss", "compile_metrics"]
assert sorted(logs) == ["loss", "mae"], "expected flat logs"
assert np.allclose(logs["loss"], mse, rtol=1e-5), (
    "expected each epoch's loss from that epoch alone (metrics reset)"
)
assert np.allclose(logs["mae"], mae, rtol=1e-5), "expected matching mae"
assert np.isclose(
    extra_logs["loss"][0], extra_mse[0] + 1.0, rtol=1e-5
), "expected the built-in train_step to log compute_loss's value"
