"""`RNN mask that does not correspond to right-padded sequences`: pad at the end

When you hit it: on a GPU, an `LSTM` or `GRU` fed a mask (from
`Embedding(mask_zero=True)` or `mask=`) fails inside a `tf.function`
with `assertion failed: [You are passing a RNN mask that does not
correspond to right-padded sequences, while using cuDNN...`.

What is going on: the cuDNN kernel takes a length per sequence, so it
accepts only masks of the form `[True, True, False, False]`: tokens
first, padding last. Left padding (`keras.utils.pad_sequences` defaults
to `padding="pre"`) breaks that. Pad with `padding="post"`, or pass
`use_cudnn=False` to the layer (slower).

Pitfall: the same code passes on a CPU, where no cuDNN runs, and fails
on the GPU machine. For `Failed to get convolution algorithm` (cuDNN
could not start, often for lack of GPU memory), consider
`tf.config.experimental.set_memory_growth` before any op runs.

severity: crash
topics: E9
requires: gpu
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

try:
    # --8<-- [start:wrong]
    tokens = keras.utils.pad_sequences(sequences)  # padding="pre"
    encode(tf.constant(tokens))  # InvalidArgumentError on a GPU
    # --8<-- [end:wrong]
except tf.errors.InvalidArgumentError as err:
    message = str(err)
found = re.search(r"You are passing a RNN mask[^.]*\.", message).group(0)
print("InvalidArgumentError: assertion failed: [" + found)
print("pre-padded:", tokens.tolist())
assert "does not correspond to right-padded sequences" in found, (
    "expected cuDNN's right-padding check to reject a left-padded mask"
)

# --8<-- [start:right]
tokens = keras.utils.pad_sequences(sequences, padding="post")
encoded = encode(tf.constant(tokens))
# --8<-- [end:right]
print("post-padded:", tokens.tolist(), "encoded:", tuple(encoded.shape))
assert tuple(encoded.shape) == (2, 16), "expected one vector per sequence"

CPU_RUN = """
import keras, tensorflow as tf
assert not tf.config.list_physical_devices("GPU")
embed, lstm = keras.layers.Embedding(10, 8), keras.layers.LSTM(16)
tokens = tf.constant(keras.utils.pad_sequences([[3, 7], [5, 2, 9]]))
encode = tf.function(lambda t: lstm(embed(t), mask=t != 0))
print("cpu ok", tuple(encode(tokens).shape))
"""
cpu = subprocess.run(
    [sys.executable, "-c", CPU_RUN], capture_output=True, text=True,
    env={**os.environ, "CUDA_VISIBLE_DEVICES": ""}, timeout=300,
)
assert "cpu ok (2, 16)" in cpu.stdout, (
    "expected the same left-padded mask to pass where no GPU is visible"
)
