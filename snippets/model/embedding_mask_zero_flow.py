"""`Embedding(mask_zero=True)`: which layers carry the padding mask on

When you hit it: you pad token sequences with 0, set `mask_zero=True`,
and expect every layer and the loss to ignore the padding.

What is going on: `keras.layers.Embedding(mask_zero=True)` makes id 0
padding: size `input_dim` as vocabulary + 1 and never use 0 for a real
token, or it is masked out too. The mask rides on the output tensor:

| Layers | The mask |
| --- | --- |
| `LSTM`, `GRU` | skip padded steps (on a GPU, pad at the end: [left-padded masks](debugging.md#cudnn-lstm-left-padded-mask)) |
| `GlobalAveragePooling1D` | averages real steps only |
| `Dense` | passes it on, to the loss: a mean over real steps (the nightly build averages every step) |
| `Flatten`, `Conv1D`, `GlobalMaxPooling1D` | drop it, with a warning |
| a custom layer without `supports_masking` | drops it, with a warning |

Keras 2 (`tf_keras`) dropped it at `Flatten` without a warning.

Pitfall: math on the tensor (`x * 2.0`, `keras.ops.multiply`) drops the
mask with no warning at all. Do it inside a layer that sets
`self.supports_masking = True`.

Checked: on this CPU, `LSTM` and `GRU` skip padding at the end and at
the start. On a GPU, their cuDNN path takes only masks padded at the
end, with a real step in every row
(`keras/src/backend/tensorflow/rnn.py`, `_assert_valid_mask`,
called by `_cudnn_lstm` and `_cudnn_gru`).

severity: silent
topics: M14
aliases:
  - does not support masking and will therefore destroy the mask information
  - padding zeros still change my LSTM output
  - how do I make Keras ignore padded timesteps in the loss
  - GlobalMaxPooling1D ignores mask_zero
  - custom layer loses the mask
  - what does mask_zero=True do in an Embedding layer
  - Embedding vocabulary size must be one more than the largest token id when 0 pads
  - supports_masking or compute_mask in a custom layer to pass the mask on
  - Conv1D or Flatten after an Embedding with mask_zero
"""

import re
import warnings

import keras
import numpy as np
import tf_keras

keras.utils.set_random_seed(0)
VOCAB = 9  # real token ids 1..9; 0 is padding
padded = np.array([[5, 3, 0, 0], [2, 7, 1, 4]], "int32")
targets = np.arange(8, dtype="float32").reshape(2, 4, 1)

# --8<-- [start:show]
tokens = keras.Input(shape=(None,), dtype="int32")
x = keras.layers.Embedding(VOCAB + 1, 8, mask_zero=True)(tokens)
x = keras.layers.LSTM(4, return_sequences=True)(x)  # skips padding
tags = keras.layers.Dense(1)(x)  # passes the mask to the loss
tagger = keras.Model(tokens, tags)
tagger.compile(loss="mse")
# --8<-- [end:show]

embedding = keras.layers.Embedding(VOCAB + 1, 8, mask_zero=True)
mask = keras.ops.convert_to_numpy(embedding.compute_mask(padded))
print("mask:", mask.tolist())

lstm, gru = keras.layers.LSTM(4), keras.layers.GRU(4)
same_lstm = np.allclose(
    lstm(embedding(padded[:1])), lstm(embedding(padded[:1, :2]))
)
same_gru = np.allclose(
    gru(embedding(padded[:1])), gru(embedding(padded[:1, :2]))
)
print(f"[5, 3, 0, 0] == [5, 3]: LSTM {same_lstm}, GRU {same_gru}")
left = np.array([[0, 0, 5, 3]], "int32")  # padded at the start
same_left = [
    np.allclose(rnn(embedding(left)), rnn(embedding(padded[:1, :2])))
    for rnn in (lstm, gru)
]
print("[0, 0, 5, 3] == [5, 3] on this CPU (LSTM, GRU):", same_left)

vectors = embedding(padded[:1])
pooled = keras.layers.GlobalAveragePooling1D()(vectors)
real_mean = keras.ops.mean(vectors[:, :2], axis=1)
pool_real = np.allclose(pooled, real_mean)
print("GlobalAveragePooling1D == mean of the 2 real steps:", pool_real)

loss = tagger.evaluate(padded, targets, verbose=0)
errors = (tagger.predict(padded, verbose=0) - targets)[..., 0] ** 2
real_loss = float(errors[padded != 0].mean())
print(
    f"loss {loss:.4f} | mean over real steps {real_loss:.4f}"
    f" | over all steps {errors.mean():.4f}"
)

# --8<-- [start:wrong]
x = keras.layers.Embedding(VOCAB + 1, 8, mask_zero=True)(tokens)
flat = keras.layers.Flatten()(x)  # UserWarning; mask dropped
scaled = x * 2.0  # mask dropped, no warning
# --8<-- [end:wrong]


# --8<-- [start:right]
class Scale(keras.layers.Layer):
    def __init__(self, factor, **kwargs):
        super().__init__(**kwargs)
        self.factor = factor
        self.supports_masking = True  # pass the mask on

    def call(self, inputs):
        return inputs * self.factor


# --8<-- [end:right]


class PlainScale(keras.layers.Layer):  # no supports_masking
    def call(self, inputs):
        return inputs * 2.0


def mask_after(make_layer_output, keras_module=keras):
    """The output's mask and the mask warnings raised while building it."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        inputs = keras_module.Input(shape=(4,), dtype="int32")
        x = keras_module.layers.Embedding(10, 8, mask_zero=True)(inputs)
        output = make_layer_output(x)
    found = [
        (type(w.message).__name__, str(w.message))
        for w in caught
        if "mask" in str(w.message)
    ]
    return getattr(output, "_keras_mask", None), found


layers = {
    "Dense": lambda x: keras.layers.Dense(3)(x),
    "Scale (supports_masking)": lambda x: Scale(2.0)(x),
    "Flatten": lambda x: keras.layers.Flatten(name="flatten")(x),
    "Conv1D": lambda x: keras.layers.Conv1D(3, 2)(x),
    "GlobalMaxPooling1D": lambda x: keras.layers.GlobalMaxPooling1D()(
        x
    ),
    "PlainScale (custom)": lambda x: PlainScale()(x),
    "x * 2.0": lambda x: x * 2.0,
    "keras.ops.multiply": lambda x: keras.ops.multiply(x, 2.0),
}
results = {name: mask_after(make) for name, make in layers.items()}
kept = [name for name, (m, _) in results.items() if m is not None]
warned = [name for name, (m, w) in results.items() if m is None and w]
silent = [
    name for name, (m, w) in results.items() if m is None and not w
]
print("keep the mask:", kept)
print("drop it, with a warning:", warned)
print("drop it silently:", silent)
warning_kind, warning_text = results["Flatten"][1][0]
print(f"{warning_kind}:", warning_text.split(". However")[0] + ".")

legacy_mask, legacy_warnings = mask_after(
    lambda x: tf_keras.layers.Flatten()(x), keras_module=tf_keras
)
print(
    "Keras 2 Flatten: mask", legacy_mask, "| warnings", legacy_warnings
)

assert mask.tolist() == (padded != 0).tolist(), (
    "expected mask = id != 0"
)
assert same_lstm and same_gru, "expected RNNs to skip padded steps"
assert pool_real, "expected average pooling over real steps only"
keras_version = tuple(
    int(part) for part in re.findall(r"\d+", keras.__version__)[:2]
)
if keras_version >= (3, 16):  # the nightly build
    assert abs(loss - errors.mean()) < 1e-4, "expected a mean over all"
else:
    assert abs(loss - real_loss) < 1e-4, (
        "expected a mean over real steps"
    )
assert same_left == [True, True], "expected left padding skipped too"
assert abs(errors.mean() - real_loss) > 0.1, (
    "expected padding to matter"
)
assert kept == ["Dense", "Scale (supports_masking)"], (
    "layers that keep it"
)
assert warned == [
    "Flatten",
    "Conv1D",
    "GlobalMaxPooling1D",
    "PlainScale (custom)",
], "expected these layers to warn and drop the mask"
assert silent == ["x * 2.0", "keras.ops.multiply"], "silent drops"
assert warning_kind == "UserWarning", "expected Flatten's UserWarning"
assert "will therefore destroy the mask information" in warning_text
assert legacy_mask is None and legacy_warnings == [], (
    "expected Keras 2 to drop the mask at Flatten without a warning"
)
