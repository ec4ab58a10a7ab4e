"""Debug a `tf.function` by running it eagerly for a while

When you hit it: inside a `tf.function`, `print` shows
`Tensor("logits:0", shape=(2,), dtype=float32)` only when the function
traces (the first call, then each new input shape), `.numpy()` raises
`AttributeError`, and a breakpoint stops only while tracing.

What is going on: a `tf.function` runs your Python only to trace a
graph; other calls run the graph
([side effects](graphs.md#python-side-effects-trace-only),
[`.numpy()` in a graph](graphs.md#numpy-on-symbolic-tensor)).
`tf.config.run_functions_eagerly(True)` makes every `tf.function` run
as plain Python on every call, the train step of `Model.fit` included.
It is global, so call `tf.config.run_functions_eagerly(False)` when
done.

Pitfall: the switch does not reach `tf.data` functions: use
`tf.data.experimental.enable_debug_mode()` for `map`
([debug mode](data.md#debug-mode-map)). For one model, prefer
[`model.compile(run_eagerly=True)`](model.md#run-eagerly-and-jit-compile).

severity: tip
topics: E5
aliases:
  - 'SymbolicTensor' object has no attribute 'numpy'
  - tf.config.experimental_run_functions_eagerly
  - why does print run only once inside my tf.function
  - how to set a breakpoint inside train_step or model.fit
  - see the values of tensors while debugging a graph
  - step through a tf.function with pdb or an IDE debugger
  - breakpoint stops only on the first call of a tf.function
  - tf.config.run_functions_eagerly(True) to debug a tf.function
"""

import warnings

import keras
import numpy as np
import tensorflow as tf

seen = []


@tf.function
def scaled_loss(logits):
    seen.append(str(logits))  # what print() would show
    try:
        seen.append(float(logits.numpy().sum()))
    except AttributeError as err:
        seen.append(f"AttributeError: {err}")
    return tf.reduce_sum(logits) * 0.5


scaled_loss(tf.constant([1.0, 2.0]))  # traced: Python runs
scaled_loss(tf.constant([3.0, 4.0]))  # same shape: graph only
scaled_loss(tf.constant([1.0, 2.0, 3.0]))  # new shape: traced again
print("as graph, Python saw:", seen[::2])
assert seen == [
    'Tensor("logits:0", shape=(2,), dtype=float32)',
    "AttributeError: 'SymbolicTensor' object has no attribute 'numpy'",
    'Tensor("logits:0", shape=(3,), dtype=float32)',
    "AttributeError: 'SymbolicTensor' object has no attribute 'numpy'",
], "expected Python to run on the two traces only, with no values"


class Probe(keras.layers.Layer):
    def call(self, inputs):
        modes.append(tf.executing_eagerly())
        return inputs


def inspect_example(example):
    map_modes.append(tf.executing_eagerly())
    return example


modes, map_modes = [], []
features, labels = np.ones((4, 2)), np.ones((4, 1))
model = keras.Sequential(
    [keras.Input(shape=(2,)), Probe(), keras.layers.Dense(1)]
)
model.compile(optimizer="sgd", loss="mse")
model.fit(features, labels, epochs=2, verbose=0)
default_modes = set(modes)
modes.clear()
seen.clear()
with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # TF warns that tf.data ignores it
    # --8<-- [start:show]
    tf.config.run_functions_eagerly(True)  # global: every tf.function
    scaled_loss(tf.constant([1.0, 2.0]))  # Python runs, with values
    model.fit(features, labels, epochs=2, verbose=0)  # call() too
    train_ds = tf.data.Dataset.range(3).map(inspect_example)  # traced
    list(train_ds)
    tf.config.run_functions_eagerly(False)  # switch back when done
    # --8<-- [end:show]
print("eagerly, Python saw:", seen)
print("fit by default, call() eager:", default_modes)
print("fit with the switch, call() eager:", set(modes))
print("Dataset.map with the switch, eager:", map_modes)
assert seen == ["tf.Tensor([1. 2.], shape=(2,), dtype=float32)", 3.0], (
    "expected values and a working .numpy() with the switch on"
)
assert default_modes == {False}, "expected fit to trace by default"
assert set(modes) == {True}, "expected the global switch to reach fit"
assert map_modes == [False], (
    "expected Dataset.map functions to be traced even with the switch on"
)
assert not tf.config.functions_run_eagerly(), "expected the switch off"
