"""Read the Output Shape column: Dense does not flatten for you

When you hit it: you put `Dense` straight after a `Conv2D` and expect
`(batch, classes)`, or `summary()` of a subclassed model shows `?`.

What is going on: `keras.layers.Dense` acts on the last axis only, so on
a `(batch, 6, 6, 4)` feature map it returns `(batch, 6, 6, 10)` without
complaint. `Model.summary` shows each layer's output shape and parameter
count; pass `print_fn` to capture it as text. A subclassed model has no
shapes until it is called on data: `summary()` then reports `?` and
"0 (unbuilt)" instead of raising.

Pitfall: the missing `Flatten` or `GlobalAveragePooling2D` may never
raise: `mse` on `(batch,)` labels broadcasts against a one-unit head.
`sparse_categorical_crossentropy` fails late: "must have rank (ndim)
`target.ndim - 1`". Check `model.output_shape` right after building.

Checked: the `mse` case is `Conv2D(4, 3)` then `Dense(1)`, with output
`(None, 6, 6, 1)`. Its loss averages every output against every label
of the batch, and `fit` trains on it without an error.

severity: silent
topics: M11
aliases:
  - This model has not yet been built. Build the model first by calling `build()`
  - model.summary() shows multiple as the Output Shape of a subclassed model
  - summary shows ? and 0 (unbuilt) params
  - Dense after Conv2D returns a 4D output
  - Dense on a 3D input keeps the timesteps axis
  - how to check the output shape of each layer
  - why are the parameters 0 in my model summary
  - save model.summary() to a string or text file with print_fn
  - model.summary() of a subclassed keras.Model shows no output shapes until it is built
"""

import keras
import numpy as np

# --8<-- [start:show]
model = keras.Sequential(
    [
        keras.Input(shape=(8, 8, 3)),
        keras.layers.Conv2D(4, 3, name="conv"),
        keras.layers.Dense(
            10, name="classes"
        ),  # forgot Flatten/pooling
    ]
)
lines = []
model.summary(print_fn=lambda line, **kwargs: lines.append(line))
print(model.output_shape)  # (None, 6, 6, 10), not (None, 10)
# --8<-- [end:show]


def layer_rows(captured, marker):
    text = "\n".join(captured)
    return [
        " ".join(row.replace("│", " ").split())
        for row in text.splitlines()
        if marker in row
    ]


rows = layer_rows(lines, "(None")
for row in rows:
    print(row)
assert model.output_shape == (None, 6, 6, 10), (
    "expected Dense on last axis"
)
assert model.get_layer("classes").count_params() == 4 * 10 + 10, (
    "expected Dense to see only the 4 channels"
)
assert any("(None, 6, 6, 10)" in row for row in rows), (
    "expected the shape"
)

model.compile(loss=keras.losses.SparseCategoricalCrossentropy(True))
try:
    model.evaluate(np.zeros((4, 8, 8, 3)), np.zeros((4,)), verbose=0)
except ValueError as err:
    loss_message = str(err)
print("sparse_categorical_crossentropy: ValueError:", loss_message)
assert "must have rank (ndim) `target.ndim - 1`" in loss_message, (
    "expected a late loss error"
)

keras.utils.set_random_seed(0)
images = np.random.default_rng(0).normal(size=(8, 8, 8, 3))
targets = np.arange(8, dtype="float32")  # shape (batch,)
regressor = keras.Sequential(
    [
        keras.Input(shape=(8, 8, 3)),
        keras.layers.Conv2D(4, 3),
        keras.layers.Dense(1),  # forgot Flatten/pooling
    ]
)
regressor.compile(optimizer="sgd", loss="mse")
outputs = regressor.predict(images, verbose=0)  # (8, 6, 6, 1)
mse = regressor.evaluate(images, targets, batch_size=8, verbose=0)
# Outputs equal to each example's own label still get a loss:
perfect = np.broadcast_to(targets[:, None, None, None], outputs.shape)
perfect_mse = float(keras.losses.MeanSquaredError()(targets, perfect))
all_pairs = np.mean((outputs - targets) ** 2)  # (8, 6, 6, 8)
fit_losses = regressor.fit(
    images, targets, batch_size=8, epochs=2, verbose=0
).history["loss"]
print(
    "mse, Dense(1), labels (batch,): output",
    regressor.output_shape,
    "| fit raises nothing, losses finite:",
    bool(np.isfinite(fit_losses).all()),
)
assert regressor.output_shape == (None, 6, 6, 1), "expected a map"
assert np.isclose(mse, all_pairs, rtol=1e-5), (
    "expected mse to broadcast every output against every label"
)
assert perfect_mse > 1.0, "expected labels compared across examples"
assert len(fit_losses) == 2 and np.isfinite(fit_losses).all(), (
    "expected fit to train without an error"
)


class Classifier(keras.Model):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.head = keras.layers.Dense(3, name="head")

    def call(self, inputs):
        return self.head(inputs)


subclassed = Classifier()
before = []
subclassed.summary(print_fn=lambda line, **kwargs: before.append(line))
subclassed(np.zeros((1, 4), dtype="float32"))
after = []
subclassed.summary(print_fn=lambda line, **kwargs: after.append(line))
row_before = layer_rows(before, "head (Dense)")[0]
row_after = layer_rows(after, "head (Dense)")[0]
print("subclassed, before a call:", row_before)
print("subclassed, after a call: ", row_after)
assert row_before == "head (Dense) ? 0 (unbuilt)", (
    "expected ? and unbuilt"
)
assert row_after == "head (Dense) (1, 3) 15", (
    "expected shape and params"
)
assert subclassed.count_params() == 4 * 3 + 3, (
    "expected weights after call"
)
