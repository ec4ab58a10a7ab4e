"""Create the model and its optimizer inside `strategy.scope()`

When you hit it: under `tf.distribute.MirroredStrategy`, the first
`fit` step raises `Need to be inside "with strategy.scope()"` or
`Mixing different tf.distribute.Strategy objects`.

What is going on: a variable belongs to the strategy whose scope was
open when it was created, and an optimizer keeps the strategy of its
construction. At the first step, Adam adds slot variables (a momentum
and a velocity per weight) under that strategy, next to each weight:
the two must match. Build the model and call `compile` inside the
scope; `fit` opens it by itself. In a custom loop, also call
`optimizer.build(model.trainable_variables)` there. Two logical CPUs
stand in for GPUs ([the MirroredStrategy
card](training.md#mirrored-strategy-cpu)).

Pitfall: an optimizer object made before the scope and passed to
`compile` inside it fails too. Plain `SGD` (no slots) raises nothing
either way, but each replica steps its counter: a learning-rate
schedule runs twice as fast on 2 replicas.

Checked: Keras 3 on two logical CPUs of this machine; addresses are cut
from the messages. An `SGD` with a decay schedule, made before the
scope or compiled outside it, counted 4 iterations in 2 steps and used
the 4th step's rate. In a `tf.function` loop over `strategy.run`, an
Adam not built in the scope failed at its first step with
`InvalidArgumentError` in this run (Keras 3.15). With Keras 2
(`tf_keras`), a model built outside the scope fails: `compile` in the
scope raises "Variable (…) was not created in the distribution
strategy scope of (…)", and a legacy `Adam` made in the scope, applying
gradients in `strategy.run`, raises "Trying to create optimizer slot
variable under the scope for tf.distribute.Strategy …".

severity: crash
topics: T19, T11
aliases:
  - Trying to create optimizer slot variable under the scope for tf.distribute.Strategy, which is different from the scope used for the original variable
  - Need to be inside "with strategy.scope()" for MirroredStrategy
  - Mixing different tf.distribute.Strategy objects
  - was not created in the distribution strategy scope of
  - which objects must be created inside strategy.scope()
  - model.compile outside strategy.scope() with MirroredStrategy
  - This may happen if you're restoring from a checkpoint outside the scope
  - fit fails with Adam but not SGD under MirroredStrategy
"""

import tensorflow as tf

cpu = tf.config.list_physical_devices("CPU")[0]
tf.config.set_logical_device_configuration(
    cpu, [tf.config.LogicalDeviceConfiguration()] * 2
)  # two logical CPUs, before any op runs

import re

import keras
import numpy as np
import tf_keras

keras.utils.set_random_seed(0)
features = np.random.rand(16, 3).astype("float32")
targets = np.random.rand(16, 1).astype("float32")
strategy = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])


def build_model():
    return keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])


def short(err):
    """The message without object addresses or variable values."""
    text = re.sub(
        r"<tensorflow\.python\.distribute\.[\w.]+\.(\w+) object at "
        r"0x[0-9a-f]+>",
        r"\1",
        str(err),
    )
    text = re.sub(
        r"<tf\.Variable '([^']+)'.*?>", r"'\1'", text, flags=re.S
    )
    last = text.strip().splitlines()[-1].strip()  # past "in user code:"
    return last.removeprefix("RuntimeError: ")


try:
    # --8<-- [start:wrong]
    with strategy.scope():
        model = build_model()
    model.compile(optimizer="adam", loss="mse")  # outside the scope
    model.fit(features, targets, epochs=1, verbose=0)  # RuntimeError
    # --8<-- [end:wrong]
except RuntimeError as err:
    wrong_message = short(err)
    compiled_first = model.compiled  # so fit raised, not compile
print("RuntimeError:", wrong_message)
assert compiled_first, "expected compile to pass and fit to raise"
assert wrong_message.startswith(
    "Mixing different tf.distribute.Strategy objects: "
    "MirroredStrategy is not _DefaultDistributionStrategy"
), "expected an optimizer made outside the scope to fail"

with strategy.scope():
    probe = build_model()
    probe.compile(optimizer="adam", loss="mse")
assert [v.name for v in probe.optimizer.variables] == [
    "iteration",
    "learning_rate",
], "expected no slot variables before the first step"
sgd = keras.optimizers.SGD()
sgd.build(probe.trainable_variables)
assert [v.name for v in sgd.variables] == [
    "iteration",
    "learning_rate",
], "expected plain SGD to have no slot variables"

# --8<-- [start:right]
with strategy.scope():
    model = build_model()  # MirroredVariable weights
    model.compile(optimizer="adam", loss="mse")  # and optimizer
model.fit(features, targets, epochs=1, verbose=0)  # opens the scope
# --8<-- [end:right]

weight_kind = type(model.weights[0].value).__name__
kinds = sorted(
    {type(v.value).__name__ for v in model.optimizer.variables}
)
slots = [v.name for v in model.optimizer.variables[2:]]
print("weights:", weight_kind, "| optimizer variables:", kinds)
print("Adam's slots:", slots)
assert weight_kind == "MirroredVariable", "expected mirrored weights"
assert kinds == ["MirroredVariable"], (
    "expected mirrored optimizer state"
)
assert [name.split("_")[-1] for name in slots] == [
    "momentum",
    "velocity",
] * 2, "expected a momentum and a velocity per weight (kernel, bias)"


def first_step(placement):
    """Train one epoch with the model and the optimizer placed as
    named; return the outcome, the stage it came in, and the rate."""
    stage = "compile"
    try:
        if placement == "model outside":
            model = build_model()
            with strategy.scope():
                model.compile(keras.optimizers.Adam(), "mse")
        elif placement == "Adam object made before":
            optimizer = keras.optimizers.Adam()
            with strategy.scope():
                model = build_model()
                model.compile(optimizer, "mse")
        elif placement == "SGD object made before":
            optimizer = keras.optimizers.SGD(decay())
            with strategy.scope():
                model = build_model()
                model.compile(optimizer, "mse")
        elif placement == "SGD compiled outside":
            with strategy.scope():
                model = build_model()
            model.compile(keras.optimizers.SGD(decay()), "mse")
        else:  # "SGD in the scope", the right placement
            with strategy.scope():
                model = build_model()
                model.compile(keras.optimizers.SGD(decay()), "mse")
        stage = "fit"
        model.fit(features, targets, batch_size=8, epochs=1, verbose=0)
    except RuntimeError as err:
        return f"RuntimeError: {short(err)}", stage, None
    steps = int(model.optimizer.iterations.numpy())
    rate = float(model.optimizer.learning_rate)
    return f"trains, {steps} iterations in 2 steps", stage, rate


def decay():
    return keras.optimizers.schedules.ExponentialDecay(
        0.1, decay_steps=1, decay_rate=0.5
    )  # rate 0.1 * 0.5**iterations


outcomes, stages, rates = {}, {}, {}
for placement in (
    "model outside",
    "Adam object made before",
    "SGD object made before",
    "SGD compiled outside",
    "SGD in the scope",
):
    outcome, stages[placement], rates[placement] = first_step(placement)
    outcomes[placement] = outcome
    print(f"{placement}: {outcomes[placement]}")

assert outcomes["model outside"] == (
    'RuntimeError: Need to be inside "with strategy.scope()" for '
    "MirroredStrategy"
), "expected a model built outside the scope to fail at the first step"
assert outcomes["Adam object made before"].startswith(
    "RuntimeError: Mixing different tf.distribute.Strategy objects"
), "expected an optimizer object made before the scope to fail"
assert (
    stages["model outside"]
    == stages["Adam object made before"]
    == ("fit")
), "expected both to fail in fit, not in compile"
assert outcomes["SGD in the scope"] == (
    "trains, 2 iterations in 2 steps"
), "expected one iteration per step in the right placement"
assert np.isclose(rates["SGD in the scope"], 0.1 * 0.5**2), (
    "expected the schedule at step 2"
)
for placement in ("SGD object made before", "SGD compiled outside"):
    assert outcomes[placement] == "trains, 4 iterations in 2 steps", (
        "expected each of the 2 replicas to step slot-free SGD's counter"
    )
    assert np.isclose(rates[placement], 0.1 * 0.5**4), (
        "expected the schedule to read the doubled counter"
    )


def loop_step(model, optimizer):
    """One custom-loop step on the two replicas."""

    @tf.function
    def step():
        def replica_step():
            with tf.GradientTape() as tape:
                loss = tf.reduce_mean((model(features) - targets) ** 2)
            grads = tape.gradient(loss, model.trainable_variables)
            optimizer.apply_gradients(
                zip(grads, model.trainable_variables, strict=True)
            )

        strategy.run(replica_step)

    step()


with strategy.scope():
    model = build_model()
    optimizer = keras.optimizers.Adam()
try:
    loop_step(model, optimizer)  # slots created inside strategy.run
except tf.errors.InvalidArgumentError as err:
    unbuilt_error = type(err).__name__
else:
    unbuilt_error = "none"
print("custom loop, Adam not built first:", unbuilt_error)
keras_version = tuple(int(p) for p in keras.version().split(".")[:2])
if (3, 6) <= keras_version <= (3, 15):  # Keras 3.4 and 3.16-dev pass
    assert unbuilt_error == "InvalidArgumentError", (
        "expected the loop to fail"
    )

# --8<-- [start:loop]
with strategy.scope():
    model = build_model()
    optimizer = keras.optimizers.Adam()
    optimizer.build(model.trainable_variables)  # slots, in scope
# --8<-- [end:loop]
loop_step(model, optimizer)
loop_kinds = {type(v.value).__name__ for v in optimizer.variables}
print("custom loop, built in the scope:", sorted(loop_kinds))
assert loop_kinds == {"MirroredVariable"}, "expected the loop to run"
assert int(optimizer.iterations.numpy()) == 1, "expected one step"

keras2_model = tf_keras.Sequential(
    [tf_keras.Input((3,)), tf_keras.layers.Dense(1)]
)  # Keras 2, outside the scope
with strategy.scope():
    keras2_optimizer = tf_keras.optimizers.legacy.Adam()
    try:
        keras2_model.compile(keras2_optimizer, "mse")
    except ValueError as err:
        compile_message = short(str(err).split(". ")[0])
print("tf_keras", tf_keras.__version__, "compile in the scope:")
print(compile_message)
assert compile_message.startswith("Variable ('dense") and (
    ") was not created in the distribution strategy scope of "
    "(MirroredStrategy)" in compile_message
), "expected Keras 2's compile to reject a model built outside"
try:
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean((keras2_model(features) - targets) ** 2)
    grads = tape.gradient(loss, keras2_model.trainable_variables)
    strategy.run(
        lambda: keras2_optimizer.apply_gradients(
            zip(grads, keras2_model.trainable_variables, strict=True)
        )
    )
except ValueError as err:
    keras2_message = short(err)
print("legacy Adam, apply_gradients in strategy.run: ValueError:")
print(keras2_message)
assert keras2_message.startswith(
    "Trying to create optimizer slot variable under the scope for "
    "tf.distribute.Strategy (MirroredStrategy), which is different from "
    "the scope used for the original variable"
), "expected the Keras 2 slot-variable message"
