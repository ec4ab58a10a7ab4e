"""One sigmoid unit needs binary_crossentropy, not categorical

When you hit it: a yes/no classifier ends in `Dense(1,
activation="sigmoid")`, is compiled with `categorical_crossentropy`, and
its loss reads 0.0000 from the first epoch while accuracy crawls.

What is going on: categorical crossentropy normalises each row of
outputs to sum to 1. With one output that is always 1.0, so the loss is
exactly 0. The weights still move, driven by a nonzero gradient of that
zero loss, a numerical artefact rather than a learning signal. Keras
only emits a `SyntaxWarning` suggesting `binary_crossentropy`.

Pitfall: a zero loss looks like success. Two classes with one sigmoid
output take `binary_crossentropy`; two softmax outputs take one of the
categorical losses.

severity: silent
topics: M5
aliases:
  - expected y_pred.shape to be (batch_size, num_classes) with num_classes > 1
  - binary classification loss is exactly zero every epoch
  - which loss for a binary classifier with one output neuron
  - loss is 0 but the model does not learn
  - Dense(1, activation='sigmoid') with categorical_crossentropy
  - binary_crossentropy or categorical_crossentropy for two classes
  - accuracy stuck around 50% with a sigmoid output
"""

import warnings

import keras
import numpy as np
import tensorflow as tf

rng = np.random.default_rng(0)
features = rng.normal(size=(512, 8)).astype("float32")
labels = (features[:, 0] + features[:, 1] > 0).astype("float32")


def build(loss):
    keras.utils.set_random_seed(1)
    # --8<-- [start:model]
    model = keras.Sequential(
        [
            keras.Input(shape=(8,)),
            keras.layers.Dense(1, activation="sigmoid"),
        ]
    )
    # --8<-- [end:model]
    model.compile(
        optimizer=keras.optimizers.Adam(0.05),
        loss=loss,
        metrics=["accuracy"],
    )
    return model


def train(model):
    history = model.fit(
        features, labels, epochs=5, batch_size=128, verbose=0
    )
    return history.history


with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    # --8<-- [start:wrong]
    model = build("categorical_crossentropy")
    # --8<-- [end:wrong]
    wrong = train(model)
    with tf.GradientTape() as tape:
        zero_loss = tf.reduce_mean(
            keras.losses.categorical_crossentropy(
                labels[:, None], model(features)
            )
        )
    bias_grad = tape.gradient(zero_loss, model.layers[0].bias)

# --8<-- [start:right]
model = build("binary_crossentropy")
# --8<-- [end:right]
right = train(model)

kinds = sorted({type(w.message).__name__ for w in caught})
print(
    f"categorical: loss {wrong['loss'][-1]:.4f}  "
    f"accuracy {wrong['accuracy'][-1]:.4f}"
)
print(
    f"binary:      loss {right['loss'][-1]:.4f}  "
    f"accuracy {right['accuracy'][-1]:.4f}"
)
print(
    f"loss {float(zero_loss):.1f}, its bias gradient {float(bias_grad[0]):.4f}"
)
print("warning categories:", kinds)
assert all(value == 0.0 for value in wrong["loss"]), "expected loss 0.0"
assert float(zero_loss) == 0.0 and float(bias_grad[0]) != 0.0, (
    "expected a nonzero gradient from a zero loss"
)
assert wrong["accuracy"][-1] < right["accuracy"][-1] - 0.1, (
    "expected categorical crossentropy to learn far less"
)
assert kinds == ["SyntaxWarning"], "expected only a SyntaxWarning"
