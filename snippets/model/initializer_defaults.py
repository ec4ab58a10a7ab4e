"""Know the default initializers; a shared initializer instance repeats

When you hit it: you wonder how `Dense` or `Conv2D` start, why nothing
is regularised, or you pass one initializer object to several layers.

What is going on: read the defaults from `layer.get_config()`: kernels
start `GlorotUniform`, biases `Zeros`, LSTM recurrent kernels
`Orthogonal` (`OrthogonalInitializer` in Keras 3.4 and 3.6, TF 2.16's and 2.17's pairs), embeddings
`RandomUniform`; every regularizer is `None`.
An `LSTM` still starts its forget-gate biases at 1
(`unit_forget_bias=True`). A `kernel_regularizer` adds its penalty to
`model.losses`. An initializer with an integer seed, or with none,
returns the same values on every call; one seeded with a
`keras.random.SeedGenerator` does not.

Pitfall: one initializer instance, unseeded or with an integer seed,
shared by two layers gives them identical starting weights. Pass the
name (`"glorot_uniform"`) or a new unseeded instance per layer, and
call `keras.utils.set_random_seed` once for reproducible runs
([seed everything once](setup.md#seed-everything-once)).

Checked: the defaults of `Dense`, `Conv2D`, `LSTM` and `Embedding`.
The ones fill the second quarter of the LSTM bias, the forget gate
(`keras/src/layers/rnn/lstm.py`, `LSTMCell.build`); with
`unit_forget_bias=False` the bias starts at zero. A new instance per
layer with the same integer seed (`GlorotUniform(seed=42)` twice) still
gives twins; different seeds do not.

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

import inspect
import re

import keras
import numpy as np


def initial(layer_config, key):
    value = layer_config[key]
    return value["class_name"] if value else value


dense = keras.layers.Dense(4).get_config()
conv = keras.layers.Conv2D(4, 3).get_config()
lstm_layer = keras.layers.LSTM(2)
lstm = lstm_layer.get_config()
embedding = keras.layers.Embedding(10, 4).get_config()
lstm_layer.build((None, 3, 4))
lstm_bias = lstm_layer.cell.bias.numpy().tolist()
plain_lstm = keras.layers.LSTM(2, unit_forget_bias=False)
plain_lstm.build((None, 3, 4))
regularizers = [
    value
    for config in (dense, conv, lstm, embedding)
    for key, value in config.items()
    if key.endswith("_regularizer")
]
print(
    "Dense:",
    initial(dense, "kernel_initializer"),
    initial(dense, "bias_initializer"),
    "| regularizers:",
    set(regularizers),
)
print(
    "LSTM recurrent:",
    initial(lstm, "recurrent_initializer"),
    "| Embedding:",
    initial(embedding, "embeddings_initializer"),
)
print(
    "LSTM(2) config bias:",
    initial(lstm, "bias_initializer"),
    "| initial bias:",
    lstm_bias,
)
assert initial(dense, "kernel_initializer") == "GlorotUniform", "kernel"
assert initial(dense, "bias_initializer") == "Zeros", "bias"
assert initial(conv, "kernel_initializer") == "GlorotUniform", "conv"
assert initial(conv, "bias_initializer") == "Zeros", "conv bias"
assert len(regularizers) == 11 and set(regularizers) == {None}, (
    "expected every regularizer to be None"
)
keras_version = tuple(
    int(part) for part in re.findall(r"\d+", keras.__version__)[:2]
)
orthogonal = "Orthogonal"
if keras_version < (3, 7):  # Keras 3.4.1 and 3.6.0: TF 2.16 and 2.17
    orthogonal = "OrthogonalInitializer"
assert initial(lstm, "recurrent_initializer") == orthogonal, "LSTM"
assert initial(lstm, "kernel_initializer") == "GlorotUniform", "LSTM"
assert initial(lstm, "bias_initializer") == "Zeros", "LSTM bias"
assert (
    initial(embedding, "embeddings_initializer") == "RandomUniform"
), "E"
assert lstm_bias == [0, 0, 1, 1, 0, 0, 0, 0], "expected forget bias 1"
assert not plain_lstm.cell.bias.numpy().any(), "expected zeros without"

# --8<-- [start:wrong]
init = keras.initializers.GlorotUniform()  # unseeded or seed=42
encoder = keras.layers.Dense(4, kernel_initializer=init)
decoder = keras.layers.Dense(4, kernel_initializer=init)  # same start
# --8<-- [end:wrong]


def same_start(make_initializer):
    """Build two Dense layers; are their kernels identical?"""
    pair = [
        keras.layers.Dense(4, kernel_initializer=make_initializer())
        for _ in range(2)
    ]
    for layer in pair:
        layer.build((None, 4))
    return np.array_equal(
        pair[0].kernel.numpy(), pair[1].kernel.numpy()
    )


def repeats(initializer):
    return np.array_equal(initializer((2, 2)), initializer((2, 2)))


seeded = keras.initializers.GlorotUniform(seed=42)
generated = keras.initializers.GlorotUniform(
    seed=keras.random.SeedGenerator(42)
)
shared = {
    "unseeded": same_start(lambda: init),
    "seed=42": same_start(lambda: seeded),
}
print("one shared instance, identical kernels:", shared)
print(
    "repeats on a second call: unseeded",
    repeats(init),
    "| seed=42",
    repeats(seeded),
    "| SeedGenerator",
    repeats(generated),
)
assert shared == {"unseeded": True, "seed=42": True}, "expected twins"
assert not same_start(lambda: generated), (
    "expected a shared SeedGenerator-seeded instance to give two starts"
)
random_kinds = {
    cls
    for cls in vars(keras.initializers).values()
    if inspect.isclass(cls)
    and issubclass(cls, keras.initializers.Initializer)
    and "seed" in inspect.signature(cls).parameters
}
for cls in random_kinds:
    for seed in (None, 42):
        instance = cls(seed=seed)
        assert same_start(lambda instance=instance: instance), (
            f"expected twins from one shared {cls.__name__}({seed=})"
        )
print("seeded kinds, twins when shared:", len(random_kinds), "of them")
assert repeats(init) and repeats(seeded), "expected repeated values"
assert not repeats(generated), "expected a SeedGenerator to move on"

# --8<-- [start:right]
keras.utils.set_random_seed(42)  # once, for reproducible runs
encoder = keras.layers.Dense(4)  # "glorot_uniform": its own instance
decoder = keras.layers.Dense(4, kernel_initializer="glorot_uniform")
# --8<-- [end:right]
by_name = same_start(lambda: "glorot_uniform")
new_instance = same_start(keras.initializers.GlorotUniform)
print(
    "identical kernels: by name",
    by_name,
    "| a new instance per layer",
    new_instance,
)
assert not by_name and not new_instance, "expected distinct kernels"
same_seed = same_start(
    lambda: keras.initializers.GlorotUniform(seed=42)
)
seeds = iter((1, 2))
other_seeds = same_start(
    lambda: keras.initializers.GlorotUniform(seed=next(seeds))
)
print(
    "identical kernels: new GlorotUniform(seed=42) per layer",
    same_seed,
    "| seeds 1 and 2",
    other_seeds,
)
assert same_seed, "expected a new instance with the same seed to repeat"
assert not other_seeds, "expected different seeds to differ"

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
