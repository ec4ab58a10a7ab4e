"""Dense has no activation: pass from_logits=True to the loss

When you hit it: your last layer is `keras.layers.Dense(num_classes)`
with no activation, and the model trains, but worse than it should.

What is going on: `keras.layers.Dense` defaults to `activation=None`
(linear), so it outputs raw scores, called logits. Keras losses such as
`keras.losses.SparseCategoricalCrossentropy` default to
`from_logits=False` and treat their input as probabilities. Either tell
the loss it gets logits, or end the model with `activation="softmax"`.

Pitfall: nothing fails and the loss still falls, so the mistake hides.
Here the same seeded model ends below 90% training accuracy instead of
above 95%.

severity: silent
topics: M4
aliases:
  - should the last layer have softmax or should I use from_logits
  - what are logits in Keras
  - why does my model predict negative values instead of probabilities
  - loss goes down but accuracy stays low with a linear output layer
  - Dense(num_classes) without activation outputs logits: from_logits True or False
  - predictions do not sum to 1, how to get class probabilities from logits
  - forgot activation='softmax' on the output layer, so it gives raw logits
"""

import inspect

import keras
import numpy as np

rng = np.random.default_rng(0)
features = rng.normal(size=(512, 8)).astype("float32")
labels = np.argmax(features @ rng.normal(size=(8, 3)), axis=1)


def train(loss):
    keras.utils.set_random_seed(1)
    # --8<-- [start:model]
    scores = keras.layers.Dense(3)  # no activation: outputs logits
    model = keras.Sequential([keras.Input(shape=(8,)), scores])
    # --8<-- [end:model]
    model.compile(
        optimizer=keras.optimizers.Adam(0.05),
        loss=loss,
        metrics=["accuracy"],
    )
    history = model.fit(
        features, labels, epochs=20, batch_size=64, verbose=0
    )
    return history.history["accuracy"][-1], history.history["loss"]


# --8<-- [start:wrong]
loss = keras.losses.SparseCategoricalCrossentropy()  # expects probs
# --8<-- [end:wrong]
wrong_accuracy, wrong_losses = train(loss)

# --8<-- [start:right]
loss = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
# --8<-- [end:right]
right_accuracy, _ = train(loss)

dense_params = inspect.signature(keras.layers.Dense).parameters
loss_defaults = {
    loss_class.__name__: inspect.signature(loss_class)
    .parameters["from_logits"]
    .default
    for loss_class in (
        keras.losses.SparseCategoricalCrossentropy,
        keras.losses.CategoricalCrossentropy,
        keras.losses.BinaryCrossentropy,
    )
}
activation = keras.layers.Dense(3).get_config()["activation"]
print("Dense default activation:", activation)
print("from_logits default (sparse, categorical, binary):", end=" ")
print(*loss_defaults.values())
print(
    "from_logits=False: loss falls",
    wrong_losses[-1] < wrong_losses[0],
    "| accuracy below 0.90",
    wrong_accuracy < 0.90,
)
print("from_logits=True:  accuracy above 0.95", right_accuracy > 0.95)
assert dense_params["activation"].default is None, (
    "expected None default"
)
assert activation == "linear", (
    "expected Dense to default to no activation"
)
assert set(loss_defaults.values()) == {False}, (
    "expected the losses to expect probabilities by default"
)
assert wrong_losses[-1] < wrong_losses[0], (
    "expected the loss to fall even with the wrong setting"
)
assert right_accuracy > 0.95, (
    "expected from_logits=True to fit the data"
)
assert wrong_accuracy < 0.90, "expected below 90% with the wrong loss"
assert wrong_accuracy < right_accuracy - 0.1, (
    "expected logits read as probabilities to train clearly worse"
)
