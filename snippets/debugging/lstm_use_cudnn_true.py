"""`use_cudnn=True was specified, but cuDNN is not supported`: leave it on "auto"

When you hit it: an `LSTM` or `GRU` layer with `use_cudnn=True` fails on
its first call with `use_cudnn=True was specified, but cuDNN is not
supported for this layer configuration with this backend`.

What is going on: `keras.layers.LSTM` and `keras.layers.GRU` default to
`use_cudnn="auto"`: the fast cuDNN kernel when a GPU is present and the
layer fits it (`tanh` activation, `sigmoid` recurrent activation,
`use_bias=True`, no `unroll`, `recurrent_dropout=0`, and for `GRU`
`reset_after=True`), the generic kernel otherwise. The exception, on a
GPU: a mask that is not right-padded, or has an empty row, fails in a
`tf.function` (`fit`, `predict`) instead of falling back
([left-padded masks](#cudnn-lstm-left-padded-mask)). `True` turns the
fallback into an error, so even a layer with every default fails on a
CPU-only machine.

Pitfall: building the model does not call the cuDNN path; the error
waits for the first real call, `fit` or `predict`. With a non-default
activation, as here, cuDNN never applies, so `True` fails on a GPU too.

Checked: without a GPU (as in the recorded run) the run proves that the
default layers fail with `True`; on a GPU machine it checks instead that
they run. The layer conditions are checked on any machine, for both
layers. The mask exception is read in the source, not run:
`keras/src/backend/tensorflow/rnn.py` (`_assert_valid_mask`, called by
`_cudnn_lstm` and `_cudnn_gru`; `lstm` and `gru` turn its failure into
the fallback only eagerly), `keras/src/layers/rnn/lstm.py`
(`LSTM.inner_loop`) and `keras/src/layers/rnn/gru.py`
(`GRU.inner_loop`).

severity: crash
topics: E9
aliases:
  - will not use cuDNN kernels since it doesn't meet the criteria
  - how to force an LSTM to use the fast GPU kernel
  - tf.keras.layers.CuDNNLSTM replacement
  - LSTM with relu activation is slow on GPU
  - recurrent_dropout makes the LSTM slow on GPU
  - which LSTM or GRU settings can use the cuDNN kernel
  - tf.compat.v1.keras.layers.CuDNNGRU
  - use_cudnn=True fails on a CPU-only machine
"""

import re
from unittest import mock

import keras
import numpy as np
import tensorflow as tf

sequences = np.ones((2, 3, 5), dtype="float32")  # batch, time, features


def first_call_error(layer):
    """The ValueError line of a model's first call, or 'runs'."""
    model = keras.Sequential([keras.Input(shape=(3, 5)), layer])
    try:
        model.predict(sequences, verbose=0)
    except ValueError as err:
        message = re.sub(r"\x1b\[[0-9;]*m", "", str(err))  # bold codes
        return next(
            ln for ln in message.splitlines() if "use_cudnn" in ln
        )
    return "runs"


try:
    # --8<-- [start:wrong]
    lstm = keras.layers.LSTM(4, activation="relu", use_cudnn=True)
    model = keras.Sequential([keras.Input(shape=(3, 5)), lstm])
    model.predict(sequences, verbose=0)  # ValueError; building was fine
    # --8<-- [end:wrong]
except ValueError as err:
    message = re.sub(r"\x1b\[[0-9;]*m", "", str(err))  # drop bold codes
line = next(ln for ln in message.splitlines() if "use_cudnn" in ln)
print("ValueError:", line.split(". ")[0] + ".")
assert (
    "use_cudnn=True was specified, but cuDNN is not supported" in line
), "expected the forced-cuDNN error"
assert model.built, "expected the model to build without touching cuDNN"

# --8<-- [start:right]
lstm = keras.layers.LSTM(4, activation="relu")  # use_cudnn="auto"
model = keras.Sequential([keras.Input(shape=(3, 5)), lstm])
encoded = model.predict(sequences, verbose=0)
# --8<-- [end:right]
print("default use_cudnn:", repr(model.layers[0].use_cudnn))
print("encoded shape:", encoded.shape)
assert model.layers[0].use_cudnn == "auto", "expected 'auto' as default"
assert keras.layers.GRU(4).use_cudnn == "auto", (
    "expected 'auto' for GRU"
)
assert encoded.shape == (2, 4), (
    "expected one 4-unit vector per sequence"
)

# The headline case: default layers with use_cudnn=True.
has_gpu = bool(tf.config.list_physical_devices("GPU"))
forced = {
    "LSTM": first_call_error(keras.layers.LSTM(4, use_cudnn=True)),
    "GRU": first_call_error(keras.layers.GRU(4, use_cudnn=True)),
}
print("GPU visible:", has_gpu)
for name, outcome in forced.items():
    print(f"default {name}(use_cudnn=True):", outcome.split(". ")[0])
for name, outcome in forced.items():
    if has_gpu:
        assert outcome == "runs", (
            f"expected a default {name} to fit cuDNN"
        )
    else:
        assert outcome.startswith("use_cudnn=True was specified"), (
            f"expected a default {name} to fail without a GPU"
        )

# The layer conditions for cuDNN (private API, used only as proof).
# The backend checks the arguments of the cell ...
from keras.src.backend.tensorflow.rnn import (  # noqa: E402
    _do_gru_arguments_support_cudnn as gru_fits_cudnn,
)
from keras.src.backend.tensorflow.rnn import (  # noqa: E402
    _do_lstm_arguments_support_cudnn as lstm_fits_cudnn,
)

defaults = dict(
    activation=keras.activations.tanh,
    recurrent_activation=keras.activations.sigmoid,
    unroll=False,
    use_bias=True,
)
assert lstm_fits_cudnn(**defaults), "expected the defaults to fit cuDNN"
for change in (
    dict(activation=keras.activations.relu),
    dict(unroll=True),
    dict(use_bias=False),
    dict(recurrent_activation=keras.activations.hard_sigmoid),
):
    assert not lstm_fits_cudnn(**{**defaults, **change}), (
        f"expected {change} to rule cuDNN out, on any machine"
    )
    assert not gru_fits_cudnn(
        **{**defaults, **change}, reset_after=True
    ), f"expected {change} to rule cuDNN out for GRU too"
assert gru_fits_cudnn(**defaults, reset_after=True), (
    "expected the GRU defaults (reset_after=True) to fit cuDNN"
)
assert not gru_fits_cudnn(**defaults, reset_after=False), (
    "expected reset_after=False to rule cuDNN out for GRU"
)
assert keras.layers.GRU(4).cell.reset_after is True, (
    "expected reset_after=True by default"
)


# ... and the layer itself skips the backend's cuDNN kernel when
# recurrent_dropout is set: spy on that call, on any machine.
def cudnn_requested(layer, backend_fn):
    calls = []

    def spy(*args, **kwargs):
        calls.append(1)
        raise NotImplementedError  # what the backend does without cuDNN

    owner = keras.src.backend  # the nightly build: backend.rnn.lstm
    if not hasattr(owner, backend_fn):
        owner = keras.src.backend.rnn
    with mock.patch.object(owner, backend_fn, spy):
        first_call_error(layer)
    return bool(calls)


for layer_class, backend_fn in (
    (keras.layers.LSTM, "lstm"),
    (keras.layers.GRU, "gru"),
):
    assert cudnn_requested(layer_class(4), backend_fn), (
        f"expected a default {backend_fn} to ask the backend for cuDNN"
    )
    assert not cudnn_requested(
        layer_class(4, recurrent_dropout=0.1), backend_fn
    ), f"expected recurrent_dropout to rule cuDNN out ({backend_fn})"
