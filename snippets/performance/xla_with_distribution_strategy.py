"""XLA under MirroredStrategy: compile one replica's math, not strategy.run

When you hit it: a training step under `tf.distribute.MirroredStrategy`
gets `jit_compile=True` and its first call raises `InvalidArgumentError`,
here on two logical CPUs: `Trying to access resource … located in device
…CPU:1 from device …CPU:0`.

What is going on: `tf.function(jit_compile=True)` around `strategy.run`
compiles every replica's ops into one XLA function run on one device,
which then reads replica 1's variables from the wrong device. Keras
`compile(jit_compile=True)` compiles the step of `fit` around
`strategy.run` too, and fails the same way. Put `jit_compile` on a
function of one replica's math and call it from the plain Python
function you pass to `strategy.run`: each replica compiles its own copy.
Passing the compiled function to `strategy.run` directly fails here too:
TensorFlow moves its `jit_compile` up around all the replicas unless
every replica device is a GPU.

Pitfall: on CPU replicas, keep `apply_gradients` and `all_reduce` out of
the compiled function: inside it they raise ``RuntimeError: `merge_call`
called while defining a new graph or a tf.function``.

Checked: on two logical CPUs. The XLA dump (`XLA_FLAGS=--xla_dump_to`)
holds two HLO modules of `loss_and_grads`, one per replica, and the step
gives the loss and weights of one plain step on the whole batch. The
2.16 cell fails that weights check for a reason apart from XLA: Keras
3.4.1's `apply_gradients` leaves the two replicas' weights apart in this
loop, with or without `jit_compile`. The
GPU rule is in `call_for_each_replica`
(tensorflow/python/distribute/mirrored_run.py); with its
`_is_gpu_device` patched to call the CPUs GPUs, the direct call works
here. On all-GPU replicas, TensorFlow replaces `merge_call` inside XLA
with collective ops (`MirroredExtended._use_merge_call`,
tensorflow/python/distribute/mirrored_strategy.py), so the pitfall may
not hold there. At Keras 3.15 the Keras step is
`TensorFlowTrainer._make_function`
(keras/src/backend/tensorflow/trainer.py); Keras keeps `"auto"` off
under a strategy ([the jit_compile card](model.md#run-eagerly-and-jit-compile));
its maintainers met this same error when trying to turn it on
([keras#19006](https://github.com/keras-team/keras/pull/19006)). GPUs
and several workers were not run: for `MultiWorkerMirroredStrategy`
check [tensorflow#58787](https://github.com/tensorflow/tensorflow/issues/58787),
whose workaround
([tensorflow/models#10845](https://github.com/tensorflow/models/pull/10845))
drops `jit_compile=True` and turns on XLA auto-clustering instead.
Whether XLA pays: [the jit_compile timing card](performance.md#xla-jit-compile);
ops XLA rejects: [the unsupported-op card](performance.md#xla-unsupported-op);
uneven batches and loss scaling:
[the MirroredStrategy card](training.md#mirrored-strategy-cpu).

severity: crash
topics: F4, T11
aliases:
  - Trying to access resource located in device CPU:1 from device CPU:0
  - Cf. https://www.tensorflow.org/xla/known_issues#tfvariable_on_a_different_device
  - jit_compile=True does not work with MirroredStrategy on multiple GPUs
  - MNMG training with jit_compile=True is not working
  - model.compile(jit_compile=True) under strategy.scope() fails in fit
  - how to use XLA jit_compile with tf.distribute
  - jit_compile with MultiWorkerMirroredStrategy
  - should strategy.run be inside a jit_compile tf.function
"""

import inspect
import os
import re
import tempfile
from unittest import mock

import tensorflow as tf

DUMP = tempfile.mkdtemp()
os.environ["XLA_FLAGS"] = f"--xla_dump_to={DUMP}"  # read at first use
cpu = tf.config.list_physical_devices("CPU")[0]
tf.config.set_logical_device_configuration(
    cpu, [tf.config.LogicalDeviceConfiguration()] * 2
)  # two logical CPUs, before any op runs

import keras
import numpy as np
from tensorflow.python.distribute import mirrored_run

strategy = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])
rng = np.random.default_rng(0)
features = rng.random((8, 4), dtype="float32")
targets = features.sum(axis=1, keepdims=True)
train_ds = tf.data.Dataset.from_tensor_slices((features, targets))
dist_ds = strategy.experimental_distribute_dataset(train_ds.batch(8))
batch = next(iter(dist_ds))  # 4 examples on each replica


def build():
    keras.utils.set_random_seed(1)
    with strategy.scope():
        model = keras.Sequential(
            [keras.Input((4,)), keras.layers.Dense(1)]
        )
        optimizer = keras.optimizers.SGD(0.1)
    return model, optimizer


CROSS_DEVICE = (
    "located in device /job:localhost/replica:0/task:0/device:CPU:1"
    " from device /job:localhost/replica:0/task:0/device:CPU:0"
)


def without_path(message):
    return re.sub(r" \(defined @ [^)]*\)", "", message)


def resource_line(err):
    (line,) = [
        line
        for line in str(err).splitlines()
        if line.startswith("Trying to access resource")
    ]
    return without_path(line)


model, optimizer = build()
try:
    # --8<-- [start:wrong]
    def replica_step(x, y):
        with tf.GradientTape() as tape:
            errors = tf.square(model(x) - y)[:, 0]
            loss = tf.nn.compute_average_loss(errors)
        grads = tape.gradient(loss, model.trainable_variables)
        pairs = zip(grads, model.trainable_variables, strict=True)
        optimizer.apply_gradients(pairs)
        return loss

    @tf.function(jit_compile=True)  # all replicas in one XLA function
    def train_step(batch):
        losses = strategy.run(replica_step, args=batch)
        return strategy.reduce("SUM", losses, axis=None)

    train_step(batch)  # raises InvalidArgumentError
    # --8<-- [end:wrong]
except tf.errors.InvalidArgumentError as err:
    wrong = resource_line(err)
else:
    raise AssertionError(
        "expected jit_compile around strategy.run to fail"
    )
print("replicas:", strategy.num_replicas_in_sync)
print("jit_compile around strategy.run: InvalidArgumentError:", wrong)
assert wrong.startswith("Trying to access resource"), wrong
assert "/replica_1/" in wrong, "expected replica 1's variable named"
assert wrong.endswith(CROSS_DEVICE), (
    "expected replica 1's var read on CPU:0"
)
wrong_graph = train_step.get_concrete_function(batch).graph
wrong_devices = {op.device for op in wrong_graph.get_operations()}
wrong_devices.discard("")
print("devices of the ops in that XLA function:", sorted(wrong_devices))
assert {d[-5:] for d in wrong_devices} == {"CPU:0", "CPU:1"}, (
    "expected one compiled function holding both replicas' ops"
)


# --8<-- [start:right]
model, optimizer = build()


@tf.function(jit_compile=True)  # one replica's math: XLA
def loss_and_grads(x, y):
    with tf.GradientTape() as tape:
        errors = tf.square(model(x) - y)[:, 0]
        loss = tf.nn.compute_average_loss(errors)
    return loss, tape.gradient(loss, model.trainable_variables)


def replica_step(x, y):  # plain Python: runs on each replica
    loss, grads = loss_and_grads(x, y)
    pairs = zip(grads, model.trainable_variables, strict=True)
    optimizer.apply_gradients(pairs)  # all-reduces: outside XLA
    return loss


@tf.function  # no jit_compile around strategy.run
def train_step(batch):
    losses = strategy.run(replica_step, args=batch)
    return strategy.reduce("SUM", losses, axis=None)


# --8<-- [end:right]


def hlo_modules(name):
    return {
        f
        for f in os.listdir(DUMP)
        if f"_inference_{name}_" in f
        and f.endswith(".before_optimizations.txt")
    }


start = [w.numpy() for w in model.weights]
before = hlo_modules("loss_and_grads")
loss = float(train_step(batch))
compiled = hlo_modules("loss_and_grads") - before

reference = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])
reference.set_weights(start)
with tf.GradientTape() as tape:
    plain_loss = tf.reduce_mean(
        tf.square(reference(features) - targets)
    )
grads = tape.gradient(plain_loss, reference.trainable_variables)
keras.optimizers.SGD(0.1).apply_gradients(
    zip(grads, reference.trainable_variables, strict=True)
)
same = all(
    np.allclose(a.numpy(), b.numpy(), atol=1e-6)
    for a, b in zip(model.weights, reference.weights, strict=True)
)
print(f"compiled per-replica math: loss {loss:.4f}")
print("HLO modules of loss_and_grads in the XLA dump:", len(compiled))
print(
    "traces of loss_and_grads:",
    loss_and_grads.experimental_get_tracing_count(),
)
print("same loss and weights as one plain step on one device:", same)
assert len(compiled) == 2, "expected XLA to compile once per replica"
assert loss_and_grads.experimental_get_tracing_count() == 2, (
    "expected one trace per replica"
)
assert np.isclose(loss, float(plain_loss)), "expected the same loss"
assert same, "expected the same weights as a single-device step"


# The compiled function passed to strategy.run directly.
def run_directly(fn):
    """One step that passes ``fn`` itself to strategy.run."""

    @tf.function
    def step(batch):
        losses, _ = strategy.run(fn, args=batch)
        return strategy.reduce("SUM", losses, axis=None)

    return float(step(batch))


def cross_device_error(fn):
    try:
        run_directly(fn)
    except tf.errors.InvalidArgumentError as err:
        return resource_line(err)
    raise AssertionError("expected the direct call to fail on CPUs")


model, optimizer = build()
direct = cross_device_error(loss_and_grads)
direct_same = direct.endswith(CROSS_DEVICE)
print(
    "compiled function passed to strategy.run: same error:", direct_same
)
assert "/replica_1/" in direct and direct_same, direct

lift_rule = inspect.getsource(mirrored_run.call_for_each_replica)
assert (
    "_is_gpu_device(d) for d in strategy.extended.worker_devices"
    in (lift_rule)
), "expected the lift to depend on every device being a GPU"
assert "wrapped = fn._clone(" in lift_rule, (
    "expected fn cloned, jit kept"
)
# Control: a new compiled function, without the patch, fails the same.
fresh = tf.function(loss_and_grads.python_function, jit_compile=True)
fresh_error = cross_device_error(fresh)
fresh_same = fresh_error.endswith(CROSS_DEVICE)
print(
    "new compiled function, CPUs as CPUs: same error:",
    fresh_same,
    "| traces:",
    fresh.experimental_get_tracing_count(),
)
assert "/replica_1/" in fresh_error and fresh_same, fresh_error
assert fresh.experimental_get_tracing_count() == 0, (
    "expected no per-replica trace without the patch"
)
with mock.patch.object(mirrored_run, "_is_gpu_device", lambda d: True):
    model, optimizer = build()
    as_gpu = tf.function(
        loss_and_grads.python_function, jit_compile=True
    )
    gpu_rule_loss = run_directly(as_gpu)
print(
    "same, with the CPUs counted as GPUs: works, traces:",
    as_gpu.experimental_get_tracing_count(),
    f"| loss {gpu_rule_loss:.4f}",
)
assert as_gpu.experimental_get_tracing_count() == 2, (
    "expected a per-replica call on all-GPU replicas"
)
assert np.isclose(gpu_rule_loss, float(plain_loss)), (
    "expected the direct call to give the plain step's loss"
)

# Keras compile(jit_compile=True) under the strategy.
with strategy.scope():
    fit_model = keras.Sequential(
        [keras.Input((4,)), keras.layers.Dense(1)]
    )
    fit_model.compile(optimizer="sgd", loss="mse", jit_compile=True)
try:
    fit_model.fit(features, targets, batch_size=8, epochs=1, verbose=0)
except tf.errors.InvalidArgumentError as err:
    fit_error = resource_line(err)
else:
    raise AssertionError("expected fit with jit_compile=True to fail")
fit_same = fit_error.endswith(CROSS_DEVICE)
print(
    "Keras compile(jit_compile=True): model.jit_compile =",
    fit_model.jit_compile,
    "| fit: same error:",
    fit_same,
)
assert fit_model.jit_compile is True, "expected Keras to keep True"
assert "/replica_1/" in fit_error and fit_same, fit_error

# Where the Keras step is built (private; read only where it exists).
trainers = [
    c for c in type(fit_model).__mro__ if "_make_function" in vars(c)
]
for trainer in trainers:
    keras_step = inspect.getsource(trainer._make_function)
    print(
        f"read {trainer.__module__}.{trainer.__name__}._make_function"
    )
    assert "self.distribute_strategy.run(step_function" in keras_step
    assert "jit_compile=self.jit_compile" in keras_step
if keras.__version__.startswith("3.15."):
    names = [f"{c.__module__}.{c.__name__}" for c in trainers]
    assert names == [
        "keras.src.backend.tensorflow.trainer.TensorFlowTrainer"
    ], names


# Sync points inside the per-replica compiled function.
def sync_inside(sync):
    model, optimizer = build()

    @tf.function(jit_compile=True)
    def compiled(x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(model(x) - y))
        grads = tape.gradient(loss, model.trainable_variables)
        if sync == "apply_gradients":
            optimizer.apply_gradients(
                zip(grads, model.trainable_variables, strict=True)
            )
        else:
            context = tf.distribute.get_replica_context()
            loss = context.all_reduce("SUM", loss)
        return loss

    @tf.function
    def step(batch):
        return strategy.run(lambda x, y: compiled(x, y), args=batch)

    try:
        step(batch)
    except RuntimeError as err:
        return str(err)
    raise AssertionError(f"expected {sync} inside XLA to fail")


MERGE_CALL = (
    "RuntimeError: `merge_call` called while defining a new graph"
    " or a tf.function."
)
for sync in ("apply_gradients", "all_reduce"):
    message = sync_inside(sync)
    print(f"{sync} inside the compiled function:", MERGE_CALL)
    assert MERGE_CALL in message, message
