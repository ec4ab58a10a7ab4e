"""compile(run_eagerly=True) to debug, jit_compile for XLA

When you hit it: you want to `print` or step through a layer during
`fit`, or you wonder whether `fit` already uses XLA.

What is going on: by default `Model.compile` has `run_eagerly=False`:
`fit` wraps the train step in `tf.function`, so code in `call` runs in
a graph (`tf.executing_eagerly()` is `False` there). `run_eagerly=True`
runs it as plain Python with concrete values. `jit_compile="auto"`
turns XLA on only where a GPU or other accelerator is visible; on a
CPU-only machine it resolves to `False`. `run_eagerly=True` also
switches XLA off, with a warning.

Pitfall: leave `run_eagerly=True` in only while debugging: it gives up
the graph that `fit` otherwise builds for speed. Check
`model.jit_compile` after `compile` to see what "auto" chose.

severity: tip
topics: M9
"""

import inspect
import warnings

import keras
import numpy as np
import tensorflow as tf

features = np.zeros((8, 4), dtype="float32")
targets = np.zeros((8, 1), dtype="float32")


# --8<-- [start:show]
class Probe(keras.layers.Layer):
    def call(self, inputs):
        self.eager = tf.executing_eagerly()  # False inside a graph
        return inputs


probe = Probe()
model = keras.Sequential([
    keras.Input(shape=(4,)), probe, keras.layers.Dense(1),
])
model.compile(loss="mse", run_eagerly=True)  # plain Python steps
model.fit(features, targets, epochs=1, verbose=0)
print("run_eagerly=True: call() eager:", probe.eager)
# --8<-- [end:show]
debug_eager = probe.eager


def mode_in_fit(**compile_args):
    probe = Probe()
    model = keras.Sequential([keras.Input(shape=(4,)), probe,
                              keras.layers.Dense(1)])
    model.compile(loss="mse", **compile_args)
    model.fit(features, targets, epochs=1, verbose=0)
    return probe.eager, model


defaults = inspect.signature(keras.Model.compile).parameters
default_eager, model = mode_in_fit()
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    _, both = mode_in_fit(run_eagerly=True, jit_compile=True)
messages = [str(w.message) for w in caught]
has_gpu = bool(tf.config.list_physical_devices("GPU"))

print("compile defaults: run_eagerly =", defaults["run_eagerly"].default,
      "| jit_compile =", repr(defaults["jit_compile"].default))
print("default:          call() eager:", default_eager)
print("jit_compile='auto' with GPU visible =", has_gpu, "->",
      model.jit_compile)
print("run_eagerly + jit_compile=True:", messages[0])
assert defaults["run_eagerly"].default is False, "expected graph by default"
assert defaults["jit_compile"].default == "auto", "expected 'auto'"
assert default_eager is False, "expected fit to run call() as a graph"
assert debug_eager is True, "expected run_eagerly to run call() eagerly"
assert model.jit_compile is has_gpu, "expected 'auto' = XLA only on GPU"
assert both.jit_compile is False, "expected run_eagerly to disable XLA"
assert "cannot also be True" in messages[0], "expected a warning"
