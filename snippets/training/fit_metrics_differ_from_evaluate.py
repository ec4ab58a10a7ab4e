"""`fit` reports a running mean in training mode; `evaluate` the final weights

When you hit it: the loss or accuracy `fit` prints for the last epoch
differs from `model.evaluate` on the same data, run right after.

What is going on: on one device, the epoch's loss and accuracy in
`fit`'s logs (and in [`History`](training.md#history-and-evaluate))
are means over the epoch's samples (each batch weighted by its size),
each batch scored before its update, while the weights still change;
a metric function that returns one number per batch is a plain mean
over batches instead
([F1 as a function](training.md#function-metric-batch-average)). `fit`
also runs layers in training mode: `Dropout` drops units and
`BatchNormalization` normalizes with each batch's own statistics.
`evaluate` scores the final weights in inference mode. With a learning
rate of 0 and neither layer, this model's two agree.

Pitfall: reading the gap between `fit`'s accuracy and `evaluate`'s as a
bug or as overfitting. To score the final weights on the training data
each epoch, pass it as `validation_data`: `val_loss` then equals
`evaluate`.

Checked: one epoch of 8 batches of 32 on this machine's CPU (one
device), without shuffling; each cause alone, on a small binary classifier trained with
`SGD`. On 232 rows (a last batch of 8), the epoch's loss and accuracy
were the batch values' mean weighted by batch size, not their plain
mean. At learning rate 0, `BatchNormalization` still moved its moving
mean during `fit`; the trainable weights stayed put.

severity: silent
topics: T14
aliases:
  - training accuracy from fit differs from model.evaluate on the same data
  - loss printed by fit is higher than evaluate on the training set
  - why is val_loss lower than loss
  - Keras progress bar accuracy is an average over batches
  - model.evaluate gives different accuracy than the last epoch of fit
  - Dropout and BatchNormalization behave differently in fit and evaluate
"""

import keras
import numpy as np

rng = np.random.default_rng(0)
x_train = rng.normal(size=(256, 8)).astype("float32")
y_train = (x_train[:, :4].sum(axis=1) > 0).astype("float32")
BATCH = 32


def build_model(middle=None, learning_rate=0.05):
    keras.utils.set_random_seed(1)  # the same initial weights each time
    layers = [
        keras.Input((8,)),
        keras.layers.Dense(16, activation="relu"),
    ]
    layers += [middle] if middle else []
    model = keras.Sequential(
        [*layers, keras.layers.Dense(1, activation="sigmoid")]
    )
    model.compile(
        keras.optimizers.SGD(learning_rate),
        "binary_crossentropy",
        metrics=["accuracy"],
    )
    return model


class LossBeforeEachStep(keras.callbacks.Callback):
    """The loss of each batch with the weights before its update."""

    def __init__(self, rows=256):
        super().__init__()
        self.rows = rows  # fit sees x_train[:rows]

    def on_train_batch_begin(self, batch, logs=None):
        rows = slice(batch * BATCH, min((batch + 1) * BATCH, self.rows))
        self.sizes.append(rows.stop - rows.start)
        scores = self.model(x_train[rows])
        loss = keras.losses.binary_crossentropy(
            y_train[rows, None], scores
        )
        self.losses.append(float(np.mean(loss)))
        hits = (np.asarray(scores) > 0.5) == (y_train[rows, None] > 0.5)
        self.accuracies.append(float(np.mean(hits)))

    def on_train_begin(self, logs=None):
        self.losses, self.accuracies, self.sizes = [], [], []


def fit_then_evaluate(model, callbacks=()):
    history = model.fit(
        x_train,
        y_train,
        batch_size=BATCH,
        epochs=1,
        shuffle=False,
        validation_data=(x_train, y_train),
        callbacks=list(callbacks),
        verbose=0,
    )
    logs = {key: values[-1] for key, values in history.history.items()}
    scores = model.evaluate(
        x_train, y_train, batch_size=BATCH, verbose=0, return_dict=True
    )
    return logs, scores


def show(case, logs, scores):
    print(
        f"{case:28} fit loss {logs['loss']:.4f} acc "
        f"{logs['accuracy']:.4f} | evaluate loss {scores['loss']:.4f} "
        f"acc {scores['accuracy']:.4f} | val_loss {logs['val_loss']:.4f}"
    )


# --8<-- [start:show]
model = build_model()  # Dense layers only, SGD(0.05)
recorder = LossBeforeEachStep()
history = model.fit(
    x_train,
    y_train,
    batch_size=32,
    epochs=1,
    shuffle=False,
    callbacks=[recorder],
    verbose=0,
)
fit_loss = history.history["loss"][-1]  # mean over 256 samples
final_loss = model.evaluate(x_train, y_train, verbose=0)[0]
# --8<-- [end:show]
rerun_logs, rerun_scores = fit_then_evaluate(build_model())
show("weights change (lr 0.05)", rerun_logs, rerun_scores)
print(
    "mean of the 8 losses before each step:",
    f"{np.mean(recorder.losses):.4f}",
)
assert not np.isclose(fit_loss, final_loss, atol=1e-3), (
    "expected fit's loss to differ from evaluate's"
)
assert np.isclose(fit_loss, np.mean(recorder.losses), atol=1e-5), (
    "expected fit's loss to be the mean of the pre-update batch losses"
)
assert np.isclose(
    history.history["accuracy"][-1], np.mean(recorder.accuracies)
), (
    "expected fit's accuracy to be the mean of pre-update batch accuracies"
)

uneven = LossBeforeEachStep(rows=232)
uneven_history = build_model().fit(
    x_train[:232],
    y_train[:232],
    batch_size=BATCH,
    epochs=1,
    shuffle=False,
    callbacks=[uneven],
    verbose=0,
)
print(
    "232 rows, batches of",
    sorted(set(uneven.sizes), reverse=True),
    "| fit loss is the mean weighted by batch size:",
    bool(
        np.isclose(
            uneven_history.history["loss"][-1],
            np.average(uneven.losses, weights=uneven.sizes),
            atol=1e-5,
        )
    ),
)
assert uneven.sizes == [32] * 7 + [8], "expected a last batch of 8"
for key, values in (
    ("loss", uneven.losses),
    ("accuracy", uneven.accuracies),
):
    logged = uneven_history.history[key][-1]
    assert np.isclose(
        logged, np.average(values, weights=uneven.sizes), atol=1e-5
    ), f"expected the epoch {key} weighted by batch size"
    assert not np.isclose(logged, np.mean(values), atol=1e-3), (
        f"expected the epoch {key} to differ from the plain batch mean"
    )
assert np.isclose(rerun_logs["loss"], fit_loss, atol=1e-6), (
    "expected the same run again"
)
assert not np.isclose(
    rerun_logs["accuracy"], rerun_scores["accuracy"], atol=1e-3
), "expected fit's accuracy to differ from evaluate's too"

frozen = build_model(learning_rate=0.0)
frozen_logs, frozen_scores = fit_then_evaluate(frozen)
show("no change (lr 0)", frozen_logs, frozen_scores)
for key in ("loss", "accuracy"):
    assert np.isclose(
        frozen_logs[key], frozen_scores[key], atol=1e-6
    ), f"expected fit and evaluate to agree at lr 0 ({key})"

dropout_logs, dropout_scores = fit_then_evaluate(
    build_model(keras.layers.Dropout(0.5, seed=2), learning_rate=0.0)
)
show("Dropout(0.5), lr 0", dropout_logs, dropout_scores)
assert not np.isclose(
    dropout_logs["loss"], dropout_scores["loss"], atol=1e-3
), "expected Dropout to change fit's loss only"
assert np.isclose(dropout_scores["loss"], frozen_scores["loss"]), (
    "expected evaluate to skip Dropout: the same loss as without it"
)

norm = keras.layers.BatchNormalization()
norm_model = build_model(norm, learning_rate=0.0)
weights_before = [
    w.numpy().copy() for w in norm_model.trainable_weights
]
norm_logs, norm_scores = fit_then_evaluate(norm_model)
show("BatchNormalization, lr 0", norm_logs, norm_scores)
assert not np.isclose(
    norm_logs["loss"], norm_scores["loss"], atol=1e-3
), "expected BatchNormalization to make fit's loss differ"
assert all(
    np.array_equal(before, after.numpy())
    for before, after in zip(
        weights_before, norm_model.trainable_weights, strict=True
    )
), "expected lr 0 to leave the trainable weights unchanged"
assert len(weights_before) == 6, "expected 2 Dense and 1 norm layer"
assert np.any(norm.moving_mean.numpy() != 0.0), (
    "expected fit to move BatchNormalization's moving mean"
)

for logs, scores in (
    (rerun_logs, rerun_scores),
    (dropout_logs, dropout_scores),
    (norm_logs, norm_scores),
):
    assert np.isclose(logs["val_loss"], scores["loss"], atol=1e-6), (
        "expected val_loss on the same data to equal evaluate"
    )

hidden = norm_model.layers[0](x_train[:BATCH])
batch_normed = norm(hidden, training=True).numpy()
assert np.allclose(batch_normed.mean(axis=0), 0.0, atol=1e-4), (
    "expected training mode to normalize with the batch's own mean"
)
assert not np.allclose(
    norm(hidden, training=False).numpy().mean(axis=0), 0.0, atol=1e-2
), "expected inference mode to use the moving statistics instead"
