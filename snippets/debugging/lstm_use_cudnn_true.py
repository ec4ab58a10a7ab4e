"""`use_cudnn=True was specified, but cuDNN is not supported`: leave it on "auto"

When you hit it: an `LSTM` or `GRU` layer with `use_cudnn=True` fails on
its first call with `use_cudnn=True was specified, but cuDNN is not
supported for this layer configuration with this backend`.

What is going on: `keras.layers.LSTM` and `keras.layers.GRU` default to
`use_cudnn="auto"`: the fast cuDNN kernel when a GPU is present and the
layer fits it (`tanh` activation, `sigmoid` recurrent activation,
`use_bias=True`, no `unroll`), the generic kernel otherwise. `True`
turns that fallback into an error, so the same code can pass on a GPU
machine and fail on a CPU-only one.

Pitfall: building the model does not call the cuDNN path; the error
waits for the first real call, `fit` or `predict`. With a non-default
activation, as here, cuDNN never applies, so `True` fails on a GPU too.

severity: crash
topics: E9
"""

import re

import keras
import numpy as np

sequences = np.ones((2, 3, 5), dtype="float32")  # batch, time, features

try:
    # --8<-- [start:wrong]
    model = keras.Sequential([
        keras.Input(shape=(3, 5)),
        keras.layers.LSTM(4, activation="relu", use_cudnn=True),
    ])  # builds fine
    model.predict(sequences, verbose=0)  # ValueError
    # --8<-- [end:wrong]
except ValueError as err:
    message = re.sub(r"\x1b\[[0-9;]*m", "", str(err))  # drop bold codes
line = next(ln for ln in message.splitlines() if "use_cudnn" in ln)
print("ValueError:", line.split(". ")[0] + ".")
assert "use_cudnn=True was specified, but cuDNN is not supported" in line, (
    "expected the forced-cuDNN error"
)

# --8<-- [start:right]
model = keras.Sequential([
    keras.Input(shape=(3, 5)),
    keras.layers.LSTM(4, activation="relu"),  # use_cudnn="auto"
])
encoded = model.predict(sequences, verbose=0)
# --8<-- [end:right]
print("default use_cudnn:", repr(model.layers[0].use_cudnn))
print("encoded shape:", encoded.shape)
assert model.layers[0].use_cudnn == "auto", "expected 'auto' as default"
forced = keras.Sequential([
    keras.Input(shape=(3, 5)),
    keras.layers.LSTM(4, activation="relu", use_cudnn=True),
])
assert forced.built, "expected the model to build without touching cuDNN"
assert keras.layers.GRU(4).use_cudnn == "auto", "expected 'auto' for GRU"
assert encoded.shape == (2, 4), "expected one 4-unit vector per sequence"

# The layer conditions for cuDNN, from the TensorFlow backend's own check
# (private API, used here only to prove the rule the prose states).
from keras.src.backend.tensorflow.rnn import (  # noqa: E402
    _do_lstm_arguments_support_cudnn as lstm_fits_cudnn,
)

defaults = dict(activation=keras.activations.tanh,
                recurrent_activation=keras.activations.sigmoid,
                unroll=False, use_bias=True)
assert lstm_fits_cudnn(**defaults), "expected the defaults to fit cuDNN"
for change in (dict(activation=keras.activations.relu), dict(unroll=True),
               dict(use_bias=False),
               dict(recurrent_activation=keras.activations.hard_sigmoid)):
    assert not lstm_fits_cudnn(**{**defaults, **change}), (
        f"expected {change} to rule cuDNN out, on any machine")
