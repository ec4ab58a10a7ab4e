"""`RNN mask that does not correspond to right-padded sequences`: pad at the end

When you hit it: on a GPU, an `LSTM` or `GRU` fed a mask (from
`Embedding(mask_zero=True)` or `mask=`) fails inside a `tf.function`
with `assertion failed: [You are passing a RNN mask that does not
correspond to right-padded sequences, while using cuDNN...`.

What is going on: the cuDNN kernel takes a length per sequence, so it
accepts only masks of the form `[True, True, False, False]`: tokens
first, padding last, at least one token per row. Left padding
(`keras.utils.pad_sequences` defaults to `padding="pre"`) or an empty,
fully padded row breaks that. Pad with `padding="post"` and drop empty
sequences, or pass `use_cudnn=False` to the layer.

Pitfall: the same code passes on a CPU, where no cuDNN runs. On the GPU,
outside `tf.function` the layer silently falls back to the generic
kernel; only graph calls fail.

Checked: not run here: the machine that builds the site has no GPU, so
the run is skipped (on a GPU it also runs the CPU side in a subprocess
with no GPU visible). Each claim rests on the source at the pinned
release:

- The message (a `tf.Assert`), the length per sequence and the rule
  (tokens first, padding last, at least one token per row):
  `keras/src/backend/tensorflow/rnn.py` (`_assert_valid_mask`,
  `_is_sequence_right_padded`, `_has_fully_masked_sequence`,
  `_compute_sequence_length_from_mask`), called by `_cudnn_lstm` and
  `_cudnn_gru` in the same file.
- Nothing checks the mask on a CPU: `cudnn_ok` in that file needs a GPU
  (`_is_gpu_available`), else `lstm` and `gru` raise
  `NotImplementedError` and the layer uses the generic kernel.
- The silent eager fallback: in `lstm` and `gru` the failed check
  (`tf.errors.InvalidArgumentError`) becomes `NotImplementedError`,
  which `LSTM.inner_loop` in `keras/src/layers/rnn/lstm.py` (and
  `GRU.inner_loop` in `keras/src/layers/rnn/gru.py`) catch. In a
  `tf.function` the check is a graph op that fails later, when the graph
  runs, outside that `try`. With `use_cudnn=False`, `inner_loop` never
  calls the cuDNN path.
- `padding="pre"` is the default of `pad_sequences` in
  `keras/src/utils/sequence_utils.py`.

severity: crash
topics: E9
requires: gpu
aliases:
  - With cuDNN, RNN masks can only be used for right-padding
  - LSTM with Embedding mask_zero=True fails on GPU but works on CPU
  - should I pad sequences at the start or the end for an LSTM
  - masked LSTM worked with tf.keras 2.x but fails on the GPU with Keras 3
  - pad_sequences padding='post' for an LSTM on the GPU
  - InvalidArgumentError assertion failed in a masked cuDNN LSTM or GRU
  - an all-zero padded sequence crashes the LSTM on GPU
  - Masking layer before an LSTM fails on GPU with CUDNN_STATUS_BAD_PARAM in cudnn_rnn_ops
"""

import os
import re
import subprocess
import sys

import keras
import numpy as np
import tensorflow as tf

assert tf.config.list_physical_devices("GPU"), "this entry needs a GPU"
keras.utils.set_random_seed(0)
sequences = [[3, 7], [5, 2, 9]]
embed = keras.layers.Embedding(10, 8)
lstm = keras.layers.LSTM(16)  # use_cudnn="auto": cuDNN on a GPU


@tf.function
def encode(tokens):
    return lstm(embed(tokens), mask=tokens != 0)


lstm(embed(np.ones((2, 3), dtype="int32")))  # build weights eagerly


def graph_error(tokens, encode_fn=encode):
    """The mask message of a failing graph call, or 'runs'."""
    try:
        encode_fn(tf.constant(tokens))
    except tf.errors.InvalidArgumentError as err:
        return re.search(
            r"You are passing a RNN mask[^.]*\.", str(err)
        )[0]
    return "runs"


try:
    # --8<-- [start:wrong]
    tokens = keras.utils.pad_sequences(sequences)  # padding="pre"
    encode(tf.constant(tokens))  # InvalidArgumentError on a GPU
    # --8<-- [end:wrong]
except tf.errors.InvalidArgumentError as err:
    message = str(err)
found = re.search(r"You are passing a RNN mask[^.]*\.", message)[0]
print("InvalidArgumentError: assertion failed: [" + found)
print("pre-padded:", tokens.tolist())
assert "does not correspond to right-padded sequences" in found, (
    "expected cuDNN's right-padding check to reject a left-padded mask"
)

empty_row = keras.utils.pad_sequences([[3, 7], []], 3, padding="post")
print("with an empty row:", empty_row.tolist(), graph_error(empty_row))
assert graph_error(empty_row) == found, (
    "expected a fully padded row to fail the same check"
)

gru = keras.layers.GRU(16)  # the same check guards cuDNN's GRU
gru(embed(np.ones((2, 3), dtype="int32")))
encode_gru = tf.function(lambda t: gru(embed(t), mask=t != 0))
assert graph_error(tokens, encode_gru) == found, (
    "expected a GRU to fail the same check on the left-padded mask"
)

# Outside tf.function the same left-padded call runs: the layer catches
# the failed check and uses the generic kernel, as use_cudnn=False does.
generic = keras.layers.LSTM(16, use_cudnn=False)
generic(embed(tokens))
generic.set_weights(lstm.get_weights())
eager = lstm(embed(tokens), mask=tokens != 0)
fallback = generic(embed(tokens), mask=tokens != 0)
print(
    "eager call, pre-padded: runs, same as use_cudnn=False:",
    np.allclose(eager, fallback, atol=1e-5),
)
assert np.allclose(eager, fallback, atol=1e-5), (
    "expected the eager call to fall back silently to the generic kernel"
)
generic_graph = tf.function(lambda t: generic(embed(t), mask=t != 0))
assert tuple(generic_graph(tf.constant(tokens)).shape) == (2, 16), (
    "expected use_cudnn=False to accept the left-padded mask in a graph"
)

# --8<-- [start:right]
tokens = keras.utils.pad_sequences(sequences, padding="post")
encoded = encode(tf.constant(tokens))
# --8<-- [end:right]
print("post-padded:", tokens.tolist(), "encoded:", tuple(encoded.shape))
assert tuple(encoded.shape) == (2, 16), (
    "expected one vector per sequence"
)

CPU_RUN = """
import keras, tensorflow as tf
assert not tf.config.list_physical_devices("GPU")
embed, lstm = keras.layers.Embedding(10, 8), keras.layers.LSTM(16)
encode = tf.function(lambda t: lstm(embed(t), mask=t != 0))
for rows, padding in ([[3, 7], [5, 2, 9]], "pre"), ([[3, 7], []], "post"):
    tokens = keras.utils.pad_sequences(rows, 3, padding=padding)
    print("cpu ok", padding, tuple(encode(tf.constant(tokens)).shape))
"""
cpu = subprocess.run(
    [sys.executable, "-c", CPU_RUN],
    capture_output=True,
    text=True,
    env={**os.environ, "CUDA_VISIBLE_DEVICES": ""},
    timeout=300,
)
print(" | ".join(cpu.stdout.splitlines()))
assert "cpu ok pre (2, 16)" in cpu.stdout, (
    "expected the same left-padded mask to pass where no GPU is visible"
)
assert "cpu ok post (2, 16)" in cpu.stdout, (
    "expected a fully padded row to pass where no GPU is visible"
)
