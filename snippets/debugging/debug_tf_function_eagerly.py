"""Debug a `tf.function` by running it eagerly for a while

When you hit it: inside a `tf.function`, `print` shows
`Tensor("...", dtype=float32)` once and never again, `.numpy()` raises
`AttributeError`, and a breakpoint stops only on the first call.

What is going on: a `tf.function` runs your Python once to trace a
graph; later calls run the graph, not your code. After
`tf.config.run_functions_eagerly(True)` every `tf.function` runs as
plain Python: `print`, `.numpy()` and `pdb` work on every call. It is
global, so call `tf.config.run_functions_eagerly(False)` when done.

Pitfall: the switch reaches Keras `fit` too, but not `tf.data`
functions: use `tf.data.experimental.enable_debug_mode()` for `map`. For
one model, prefer `model.compile(run_eagerly=True)`.

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
import tensorflow as tf

seen = []
printed = []


@tf.function
def scaled_loss(logits):
    printed.append(str(logits))  # what print() would show
    seen.append(type(logits).__name__)
    try:
        seen.append(float(logits.numpy().sum()))
    except AttributeError as err:
        seen.append(f"AttributeError: {err}")
    return tf.reduce_sum(logits) * 0.5


# --8<-- [start:show]
scaled_loss(tf.constant([1.0, 2.0]))  # traced: Python runs once
scaled_loss(tf.constant([3.0, 4.0]))  # graph: Python does not run
graph_seen = list(seen)

tf.config.run_functions_eagerly(True)  # global switch
seen.clear()
scaled_loss(tf.constant([1.0, 2.0]))  # now plain Python each call
scaled_loss(tf.constant([3.0, 4.0]))
tf.config.run_functions_eagerly(False)  # switch back
# --8<-- [end:show]
print("as graph:", graph_seen)
print("eagerly: ", seen)
assert graph_seen == [
    "SymbolicTensor",
    "AttributeError: 'SymbolicTensor' object has no attribute 'numpy'",
], "expected one trace with a symbolic tensor and no .numpy()"
assert seen == ["EagerTensor", 3.0, "EagerTensor", 7.0], (
    "expected eager tensors and working .numpy() on every call"
)
assert printed[0] == 'Tensor("logits:0", shape=(2,), dtype=float32)', (
    "expected print() at trace time to show a symbolic tensor, no values"
)
assert not tf.config.functions_run_eagerly(), "expected the switch off"


class Probe(keras.layers.Layer):
    def call(self, inputs):
        modes.append(tf.executing_eagerly())
        return inputs


def fit_modes(**compile_args):
    model = keras.Sequential(
        [keras.Input(shape=(2,)), Probe(), keras.layers.Dense(1)]
    )
    model.compile(optimizer="sgd", loss="mse", **compile_args)
    modes.clear()  # record only what fit does
    model.fit(tf.ones((4, 2)), tf.ones((4, 1)), epochs=2, verbose=0)
    return set(modes)


modes = []
assert fit_modes() == {False}, (
    "expected fit to trace a graph by default"
)
tf.config.run_functions_eagerly(True)
assert fit_modes() == {True}, "expected the global switch to reach fit"
tf.config.run_functions_eagerly(False)
assert fit_modes(run_eagerly=True) == {True}, (
    "expected compile(run_eagerly=True) to run that model eagerly"
)


def record_mode(x):
    map_modes.append(tf.executing_eagerly())
    return x


map_modes = []
tf.config.run_functions_eagerly(True)
with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # TF warns that tf.data ignores it
    list(tf.data.Dataset.range(3).map(record_mode))
tf.config.run_functions_eagerly(False)
assert map_modes == [False], (
    "expected Dataset.map functions to be traced even with the switch on"
)

map_modes.clear()
tf.data.experimental.enable_debug_mode()  # global and one-way: last
list(tf.data.Dataset.range(3).map(record_mode))
assert map_modes[1:] == [True, True, True], (
    "expected tf.data debug mode to run map eagerly for every element"
)
