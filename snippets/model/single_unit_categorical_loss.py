"""One sigmoid unit needs binary_crossentropy, not categorical

When you hit it: a yes/no classifier ends in `Dense(1,
activation="sigmoid")`, is compiled with `categorical_crossentropy`, and
its loss reads 0.0000 from the first epoch while accuracy crawls.

What is going on: a Keras sigmoid output carries its logit, and
`categorical_crossentropy` takes it as a softmax logit. A softmax over
one value is always 1.0, so the loss is exactly 0. The weights still
move: the fused kernel's gradient is softmax − label, here 1 − y per
row, which pushes every negative example's score down, however low it
already is. Keras only emits a `SyntaxWarning` suggesting
`binary_crossentropy`.

Pitfall: a zero loss looks like success. Two classes with one sigmoid
output take `binary_crossentropy`; two softmax outputs take one of the
categorical losses.

Checked: with the TensorFlow backend, whose `sigmoid` attaches
`_keras_logits` and whose `categorical_crossentropy` reads it
(`keras/src/backend/tensorflow/nn.py`, `sigmoid`, `_get_logits`).

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
    kernel_before = model.layers[0].kernel.numpy().copy()
    wrong = train(model)
    dense = model.layers[0]
    moved = not np.allclose(kernel_before, dense.kernel.numpy())
    with tf.GradientTape(persistent=True) as tape:
        scores = (
            tf.matmul(features, dense.kernel) + dense.bias
        )  # logits
        tape.watch(scores)
        zero_loss = tf.reduce_mean(
            keras.losses.categorical_crossentropy(
                labels[:, None], keras.activations.sigmoid(scores)
            )
        )
    bias_grad = float(tape.gradient(zero_loss, dense.bias)[0])
    row_grads = tape.gradient(zero_loss, scores).numpy()[:, 0]
    carries_logits = hasattr(model(features), "_keras_logits")

# --8<-- [start:right]
model = build("binary_crossentropy")
# --8<-- [end:right]
right = train(model)

kinds = sorted({type(w.message).__name__ for w in caught})
suggests = any("binary_crossentropy" in str(w.message) for w in caught)
print(
    "categorical: loss exactly 0.0 every epoch:",
    all(value == 0.0 for value in wrong["loss"]),
)
print(
    "accuracy: categorical below binary by more than 0.1:",
    wrong["accuracy"][-1] < right["accuracy"][-1] - 0.1,
)
print("weights moved anyway:", moved)
print("sigmoid output carries its logit:", carries_logits)
print(
    f"loss {float(zero_loss):.1f}, its bias gradient {bias_grad:.4f}",
    f"= 1 - mean(labels) {1 - labels.mean():.4f}",
)
print(
    "gradient per row == (1 - y) / N:",
    np.allclose(row_grads * len(labels), 1 - labels),
)
print("warnings:", kinds, "| suggests binary_crossentropy:", suggests)
assert all(value == 0.0 for value in wrong["loss"]), "expected loss 0.0"
assert moved, "expected the weights to move despite the zero loss"
assert carries_logits, "expected the sigmoid output to carry its logit"
assert float(zero_loss) == 0.0, "expected an exact zero loss"
assert np.isclose(bias_grad, 1 - labels.mean()), "expected 1 - mean(y)"
assert np.allclose(row_grads * len(labels), 1 - labels), (
    "expected the gradient softmax - label = 1 - y on every row"
)
assert wrong["accuracy"][-1] < right["accuracy"][-1] - 0.1, (
    "expected categorical crossentropy to learn far less"
)
assert kinds == ["SyntaxWarning"], "expected only a SyntaxWarning"
assert suggests, "expected the warning to suggest binary_crossentropy"
