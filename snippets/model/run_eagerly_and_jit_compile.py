"""compile(run_eagerly=True) to debug, jit_compile for XLA

When you hit it: you want to `print` or step through a layer during
`fit`, or you wonder whether `fit` already uses XLA.

What is going on: by default `Model.compile` has `run_eagerly=False`:
`fit` wraps the train step in `tf.function`, so code in `call` runs in
a graph (`tf.executing_eagerly()` is `False` there). `run_eagerly=True`
runs it as plain Python with concrete values, and switches XLA off
(with a warning if you asked for `jit_compile=True`).
`jit_compile="auto"` turns XLA on only with a GPU or other accelerator
visible, no `tf.distribute` strategy, every layer supporting XLA
(`layer.supports_jit`), op determinism off (Keras 3.7 and later) and no
Apple-silicon Mac; on a CPU-only machine it is `False`.

Pitfall: leave `run_eagerly=True` in only while debugging: it gives up
the graph that `fit` otherwise builds for speed. Check
`model.jit_compile` after `compile` to see what "auto" chose.

Checked: this machine has no GPU. For the GPU cases the run makes
`tf.config.list_physical_devices` report a fake one: that shows what
"auto" picks, not XLA running. The rules are in
`keras/src/trainers/trainer.py` (`Trainer._resolve_auto_jit_compile`,
`model_supports_jit`); the Apple-silicon case was not run here.

severity: tip
topics: M9
aliases:
  - If `run_eagerly` is True, then `jit_compile` cannot also be True
  - print inside call shows a symbolic Tensor instead of values during fit
  - tf.config.run_functions_eagerly to debug model.fit
  - how to enable XLA for model.fit
  - debug a custom layer during fit with print or a pdb breakpoint
  - tf.executing_eagerly() is False inside call
  - is XLA on by default in Keras 3, jit_compile='auto'
"""

import inspect
import re
import warnings
from unittest import mock

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
layers = [keras.Input(shape=(4,)), probe, keras.layers.Dense(1)]
model = keras.Sequential(layers)
model.compile(loss="mse", run_eagerly=True)  # plain Python steps
model.fit(features, targets, epochs=1, verbose=0)
print("run_eagerly=True: call() eager:", probe.eager)
# --8<-- [end:show]
debug_eager = probe.eager


class NoXLA(keras.layers.Layer):  # a layer that opts out of XLA
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.supports_jit = False

    def call(self, inputs):
        return inputs


def make_model(*extra_layers):
    return keras.Sequential(
        [keras.Input(shape=(4,)), *extra_layers, keras.layers.Dense(1)]
    )


def mode_in_fit(**compile_args):
    probe = Probe()
    model = make_model(probe)
    model.compile(loss="mse", **compile_args)
    model.fit(features, targets, epochs=1, verbose=0)
    return probe.eager, model


real_devices = tf.config.list_physical_devices
fake_gpu = tf.config.PhysicalDevice("/physical_device:GPU:0", "GPU")


def devices_with_fake_gpu(device_type=None):
    devices = real_devices(device_type)
    return (
        devices + [fake_gpu]
        if device_type in (None, "GPU")
        else devices
    )


def auto_with_gpu(model, **compile_args):
    """What jit_compile="auto" resolves to if a GPU were visible."""
    with mock.patch.object(
        tf.config, "list_physical_devices", devices_with_fake_gpu
    ):
        model.compile(loss="mse", **compile_args)
    return model.jit_compile


defaults = inspect.signature(keras.Model.compile).parameters
default_eager, model = mode_in_fit()
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    _, both = mode_in_fit(run_eagerly=True, jit_compile=True)
messages = [str(w.message) for w in caught]
eager_auto_gpu = auto_with_gpu(make_model(), run_eagerly=True)
has_gpu = bool(tf.config.list_physical_devices("GPU"))
strategy = tf.distribute.MirroredStrategy(["/cpu:0"])
with strategy.scope():
    distributed = make_model()
auto_gpu = {
    "plain": auto_with_gpu(make_model()),
    "strategy": auto_with_gpu(distributed),
    "layer without XLA": auto_with_gpu(make_model(NoXLA())),
}

print(
    "compile defaults: run_eagerly =",
    defaults["run_eagerly"].default,
    "| jit_compile =",
    repr(defaults["jit_compile"].default),
)
print("default:          call() eager:", default_eager)
print(
    "jit_compile='auto', real GPU visible =",
    has_gpu,
    "->",
    model.jit_compile,
)
print("jit_compile='auto', fake GPU:", auto_gpu)
print("jit_compile='auto', fake GPU, run_eagerly=True:", eager_auto_gpu)
print("run_eagerly + jit_compile=True:", messages[0])
assert defaults["run_eagerly"].default is False, (
    "expected graph by default"
)
assert defaults["jit_compile"].default == "auto", "expected 'auto'"
assert default_eager is False, "expected fit to run call() as a graph"
assert debug_eager is True, "expected run_eagerly to run call() eagerly"
assert model.jit_compile is has_gpu, "expected 'auto' = XLA only on GPU"
assert auto_gpu == {
    "plain": True,
    "strategy": False,
    "layer without XLA": False,
}, "expected 'auto' on a GPU to skip strategies and non-XLA layers"
assert both.jit_compile is False, "expected run_eagerly to disable XLA"
assert "cannot also be True" in messages[0], "expected a warning"
assert eager_auto_gpu is False, "expected 'auto' off when eager"

# Last: op determinism cannot be switched off again in this process.
tf.config.experimental.enable_op_determinism()
deterministic = auto_with_gpu(make_model())
print("jit_compile='auto', fake GPU, op determinism on:", deterministic)
keras_version = tuple(
    int(part) for part in re.findall(r"\d+", keras.__version__)[:2]
)
if keras_version >= (3, 7):  # Keras 3.7 and later
    assert deterministic is False, (
        "expected 'auto' off with determinism"
    )
else:  # Keras 3.4.1 and 3.6.0: TF 2.16 and 2.17
    assert deterministic is True, "expected determinism not checked yet"
