"""Optimizer `decay=` is ignored in Keras 3: use a learning-rate schedule

When you hit it: older code passes `decay=` to an optimizer; the
training runs, but the learning rate never drops.

What is going on: Keras 3's built-in optimizers (`SGD`, `Adam` and
every other class in `keras.optimizers` that wraps no other optimizer)
accept `decay=` only to warn ``Argument `decay` is no longer supported
and will be ignored``, then train at a constant rate. At Keras 3.15
(TF 2.21) the wrapper `LossScaleOptimizer` raises `ValueError` instead;
on TF 2.16 to 2.20 it warns and ignores `decay=` too. For Keras 2's
inverse-time decay, rate / (1 +
decay × step), pass `keras.optimizers.schedules.InverseTimeDecay` with
`decay_steps=1` as the `learning_rate`.

Pitfall: nothing fails: the only trace is a `UserWarning` that scrolls
away, and the model trains with a rate that stays too high.

Checked: every optimizer class in `keras.optimizers` except the
wrappers trains three steps to the same weight with and without
`decay=0.5` (on TF 2.19 and 2.20 the run leaves out `Muon`, whose
update fails on this card's variable); the schedule matches
`tf_keras`'s legacy `SGD` with `decay=0.5`.

severity: silent
topics: E12
aliases:
  - decay is deprecated in the new Keras optimizer, please check the docstring for valid arguments, or use the legacy optimizer
  - tf.keras.optimizers.legacy.Adam(decay=...)
  - learning rate stays constant although decay is set
  - how to replace the decay argument of Adam or SGD
  - SGD(decay=1e-6, momentum=0.9) from an old tutorial
  - time-based learning rate decay in Keras 3
  - use a learning rate scheduler instead of the decay argument
"""

import inspect
import re
import warnings

import keras
import numpy as np
import tensorflow as tf
import tf_keras


def train(optimizer, steps=3):
    weight = keras.Variable(0.0)
    for _ in range(steps):
        optimizer.apply_gradients([(np.float32(1.0), weight)])
    return float(weight.numpy())


with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    # --8<-- [start:wrong]
    optimizer = keras.optimizers.SGD(learning_rate=0.1, decay=0.5)
    # --8<-- [end:wrong]
wrong_weight = train(optimizer)
message = str(caught[0].message)
print(f"{caught[0].category.__name__}: {message}")
assert (
    message == "Argument `decay` is no longer supported and will be "
    "ignored."
), "expected decay= to be ignored with a warning"
constant_weight = train(keras.optimizers.SGD(learning_rate=0.1))
print(
    f"after 3 steps, decay=0.5: {wrong_weight:.4f}"
    f"  no decay: {constant_weight:.4f}"
)
assert wrong_weight == constant_weight, (
    "expected decay= to change nothing"
)

keras_version = tuple(
    int(part) for part in re.findall(r"\d+", keras.__version__)[:2]
)
wrappers = {"Optimizer", "LossScaleOptimizer", "MultiOptimizer"}
if keras_version < (3, 12):  # Muon in Keras 3.11 needs variable.path
    wrappers.add("Muon")
built_in = [
    cls
    for name, cls in vars(keras.optimizers).items()
    if inspect.isclass(cls)
    and issubclass(cls, keras.optimizers.Optimizer)
    and name not in wrappers
]
for cls in built_in:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        decayed = train(cls(learning_rate=0.1, decay=0.5))
    assert str(caught[0].message) == message, f"expected {cls} to warn"
    assert decayed == train(cls(learning_rate=0.1)), (
        f"expected decay= to change nothing for {cls.__name__}"
    )
print("SGD, Adam and the other built-in optimizers ignore it too")
assert len(built_in) >= 11, "expected SGD, Adam and the others"
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    try:
        keras.optimizers.LossScaleOptimizer(
            keras.optimizers.SGD(), decay=0.5
        )
    except ValueError as err:
        wrapper_message = f"ValueError: {err}"
    else:
        wrapper_message = f"warns: {caught[0].message}"
print("LossScaleOptimizer:", wrapper_message)
if keras_version >= (3, 15):  # TF 2.21
    assert "does not support arguments: `decay`" in wrapper_message
else:  # TF 2.16 to 2.20
    assert wrapper_message == f"warns: {message}", (
        "expected LossScaleOptimizer to warn and ignore decay="
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        wrapped = keras.optimizers.LossScaleOptimizer(
            keras.optimizers.SGD(0.1), decay=0.5
        )
    assert train(wrapped) == train(
        keras.optimizers.LossScaleOptimizer(keras.optimizers.SGD(0.1))
    ), "expected decay= to change nothing for LossScaleOptimizer"

# --8<-- [start:right]
schedule = keras.optimizers.schedules.InverseTimeDecay(
    initial_learning_rate=0.1, decay_steps=1, decay_rate=0.5
)  # 0.1 / (1 + 0.5 * step), as Keras 2's decay=0.5
optimizer = keras.optimizers.SGD(learning_rate=schedule)
# --8<-- [end:right]
right_weight = train(optimizer)
expected = -(0.1 + 0.1 / 1.5 + 0.1 / 2.0)
print(f"after 3 steps, InverseTimeDecay: {right_weight:.4f}")
assert abs(right_weight - expected) < 1e-6, (
    "expected the rate to fall as 0.1 / (1 + 0.5 * step)"
)

legacy_weight = tf.Variable(0.0)
legacy = tf_keras.optimizers.legacy.SGD(learning_rate=0.1, decay=0.5)
for _ in range(3):
    legacy.apply_gradients([(tf.constant(1.0), legacy_weight)])
print(
    f"after 3 steps, Keras 2 SGD(decay=0.5): {float(legacy_weight):.4f}"
)
assert abs(float(legacy_weight) - right_weight) < 1e-6, (
    "expected the schedule to match Keras 2's decay=0.5"
)
