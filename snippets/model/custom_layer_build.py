"""Create a custom layer's weights in build(), not in call()

When you hit it: a custom layer that calls `add_weight` inside `call`
fails with "You cannot add new elements of state (variables or
sub-layers) to a layer that is already built".

What is going on: Keras calls `build(input_shape)` once, just before the
first `call`, then marks the layer built and refuses new weights. Create
weights in `build` with `add_weight`, sized from `input_shape`, so the
layer needs no input size up front. `add_weight(trainable=False)` puts a
weight in `non_trainable_weights`, outside the list that `fit` trains.

Pitfall: setting `layer.trainable = False` moves every weight of the
layer to `non_trainable_weights`; a weight made with `trainable=False`
stays there even when the layer is trainable again.

severity: crash
topics: M7
aliases:
  - where do I create the weights of a custom Keras layer
  - custom layer does not know the input dimension in __init__
  - difference between __init__, build and call in a Keras layer
  - add_weight inside call fails in Keras 3
  - self.add_weight or tf.Variable in a custom layer
  - non-trainable weight in a custom layer such as a counter or running average
  - when does Keras call build() for a custom layer
  - how to write a custom layer with its own trainable weights
"""

import re

import keras
import numpy as np

features = np.ones((2, 3), dtype="float32")


# --8<-- [start:wrong]
class Projection(keras.layers.Layer):
    def call(self, inputs):
        kernel = self.add_weight(shape=(inputs.shape[-1], 4))  # error
        return inputs @ kernel


# --8<-- [end:wrong]


try:
    Projection()(features)
except ValueError as err:
    message = re.sub(r"\x1b\[[0-9;]*m", "", str(err))
line = next(
    row for row in message.splitlines() if "already built" in row
)
print("ValueError:", line.split(". ")[0])
assert "already built" in message, "expected weights in call() to fail"


# --8<-- [start:right]
class Projection(keras.layers.Layer):
    def __init__(self, units, **kwargs):
        super().__init__(**kwargs)
        self.units = units

    def build(self, input_shape):  # runs once, before the first call
        self.kernel = self.add_weight(
            shape=(input_shape[-1], self.units),
            initializer="glorot_uniform",
        )
        self.scale = self.add_weight(
            shape=(), initializer="ones", trainable=False
        )

    def call(self, inputs):
        return self.scale * (inputs @ self.kernel)


# --8<-- [end:right]


layer = Projection(4)
weights_before = len(layer.weights)
layer(features)
counts = (
    len(layer.trainable_weights),
    len(layer.non_trainable_weights),
)
print(
    "kernel",
    tuple(layer.kernel.shape),
    "| weights before first call",
    weights_before,
    "| trainable / non-trainable",
    counts,
)
layer.trainable = False
frozen = (
    len(layer.trainable_weights),
    len(layer.non_trainable_weights),
)
layer.trainable = True
thawed = (
    len(layer.trainable_weights),
    len(layer.non_trainable_weights),
)
print("layer.trainable=False:", frozen, "| back to True:", thawed)
assert weights_before == 0 and layer.built, (
    "expected lazy weight creation"
)
assert tuple(layer.kernel.shape) == (3, 4), (
    "expected size from input_shape"
)
assert counts == (1, 1), "expected scale to be non-trainable"
assert frozen == (0, 2), (
    "expected trainable=False to freeze all weights"
)
assert thawed == (1, 1), "expected scale to stay non-trainable"
