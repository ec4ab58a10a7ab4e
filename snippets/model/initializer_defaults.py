"""Know the default initializers; a seeded initializer repeats itself

When you hit it: you wonder how `Dense` or `Conv2D` start, why nothing
is regularised, or you pass one seeded initializer to several layers.

What is going on: read the defaults from `layer.get_config()`: kernels
start `GlorotUniform`, biases `Zeros`, LSTM recurrent kernels
`Orthogonal`, embeddings `RandomUniform`; every regularizer is `None`.
A `kernel_regularizer` adds its penalty to `model.losses`. An
initializer with a `seed` returns the same values on every call.

Pitfall: one seeded initializer instance shared by two layers gives them
identical starting weights. For reproducible runs, call
`keras.utils.set_random_seed` once instead, or give each layer its own
seed.

severity: silent
topics: M8
aliases:
  - The initializer GlorotUniform is unseeded and being called multiple times
  - what is the default weight initialization of a Dense layer
  - two layers start with identical weights
  - default kernel_initializer and bias_initializer in Keras
  - how to make weight initialization reproducible
  - are biases initialized to zero by default
  - default initializer of LSTM recurrent kernels and of Embedding weights
  - where does the kernel_regularizer L2 penalty go, model.losses
"""

import random

import keras
import numpy as np


def initial(layer_config, key):
    value = layer_config[key]
    return value["class_name"] if value else value


dense = keras.layers.Dense(4).get_config()
conv = keras.layers.Conv2D(4, 3).get_config()
lstm = keras.layers.LSTM(4).get_config()
embedding = keras.layers.Embedding(10, 4).get_config()
print(
    "Dense:",
    initial(dense, "kernel_initializer"),
    initial(dense, "bias_initializer"),
    "| regularizer:",
    initial(dense, "kernel_regularizer"),
)
print(
    "LSTM recurrent:",
    initial(lstm, "recurrent_initializer"),
    "| Embedding:",
    initial(embedding, "embeddings_initializer"),
)
assert initial(dense, "kernel_initializer") == "GlorotUniform", "kernel"
assert initial(dense, "bias_initializer") == "Zeros", "bias"
assert initial(conv, "kernel_initializer") == "GlorotUniform", "conv"
assert initial(conv, "kernel_regularizer") is None, "no regularizer"
assert initial(dense, "kernel_regularizer") is None, "no regularizer"
assert initial(dense, "bias_regularizer") is None, "no regularizer"
assert initial(lstm, "recurrent_initializer") == "Orthogonal", "LSTM"
assert (
    initial(embedding, "embeddings_initializer") == "RandomUniform"
), "E"

# --8<-- [start:wrong]
init = keras.initializers.GlorotUniform(seed=42)
encoder = keras.layers.Dense(4, kernel_initializer=init)
decoder = keras.layers.Dense(4, kernel_initializer=init)  # same start
# --8<-- [end:wrong]
encoder.build((None, 4))
decoder.build((None, 4))
twins = np.array_equal(encoder.kernel.numpy(), decoder.kernel.numpy())
assert np.array_equal(init((2, 2)), init((2, 2))), "expected repeats"

# --8<-- [start:right]
keras.utils.set_random_seed(42)  # seeds Python, NumPy and TF at once
encoder = keras.layers.Dense(4)
decoder = keras.layers.Dense(4)
# --8<-- [end:right]
encoder.build((None, 4))
decoder.build((None, 4))
distinct = not np.array_equal(
    encoder.kernel.numpy(), decoder.kernel.numpy()
)
print(
    "shared seeded initializer: identical kernels",
    twins,
    "| set_random_seed: distinct kernels",
    distinct,
)
assert twins, "expected a seeded initializer to repeat its values"
assert distinct, "expected unseeded layers to differ"
keras.utils.set_random_seed(7)
python_draw, numpy_draw = random.random(), np.random.random()
assert python_draw == random.Random(7).random(), (
    "expected Python seeded"
)
assert numpy_draw == np.random.RandomState(7).random_sample(), "NumPy"

model = keras.Sequential(
    [
        keras.Input(shape=(4,)),
        keras.layers.Dense(
            2, kernel_regularizer=keras.regularizers.L2(0.01)
        ),
    ]
)
penalty = 0.01 * np.sum(model.layers[0].kernel.numpy() ** 2)
print(f"L2(0.01) penalty in model.losses: {float(model.losses[0]):.4f}")
assert len(model.losses) == 1, "expected one regularization loss"
assert np.isclose(float(model.losses[0]), penalty), (
    "expected 0.01*sum(w^2)"
)
