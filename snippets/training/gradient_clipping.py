"""`clipnorm` clips each gradient; `global_clipnorm` clips them together

When you hit it: you add gradient clipping against exploding gradients
and pick the first clipping argument the optimizer offers.

What is going on: every `keras.optimizers.Optimizer` takes one of three
arguments. `clipnorm` rescales each variable's gradient to that norm
on its own, `clipvalue` clamps every element, and `global_clipnorm`
rescales all gradients by one factor so their joint norm fits, keeping
the update's direction. In a hand-written loop,
`tf.clip_by_global_norm` does the global version and also returns the
norm before clipping, which is worth logging.

Pitfall: `clipnorm` and `clipvalue` change the direction of the update
when gradients differ in size. An unknown name such as
`gradient_clip_norm=1.0` raises `ValueError: Argument(s) not
recognized`, and setting two of the three raises as well.

severity: silent
topics: T6
aliases:
  - Only one of `clipnorm`, `clipvalue` and `global_clipnorm` can be set
  - At most one of `clipnorm` and `global_clipnorm` can be set
  - loss becomes NaN, how do I clip gradients
  - tf.clip_by_norm vs tf.clip_by_global_norm
  - how to prevent exploding gradients in an RNN
  - clipnorm vs clipvalue vs global_clipnorm
  - clip gradients in a custom training loop before apply_gradients
  - tf.clip_by_global_norm returns the clipped list and the global norm
  - gradient clipping in a Keras 3 optimizer
"""

import keras
import numpy as np
import tensorflow as tf

# Two variables with gradients of norm 5 and 12: joint norm 13.
grads = [tf.constant([3.0, 4.0]), tf.constant([12.0])]


def update(optimizer):
    """The step SGD(learning_rate=1) takes for `grads`."""
    weights = [tf.Variable([0.0, 0.0]), tf.Variable([0.0])]
    optimizer.apply_gradients(zip(grads, weights, strict=True))
    return [
        np.round(-w.numpy().astype(float), 4).tolist() for w in weights
    ]


# --8<-- [start:show]
per_variable = keras.optimizers.SGD(1.0, clipnorm=1.0)
joint = keras.optimizers.SGD(1.0, global_clipnorm=1.0)
elementwise = keras.optimizers.SGD(1.0, clipvalue=1.0)

# The same in a custom loop:
clipped, norm_before = tf.clip_by_global_norm(grads, clip_norm=1.0)
# --8<-- [end:show]

steps = {
    "clipnorm": update(per_variable),
    "global_clipnorm": update(joint),
    "clipvalue": update(elementwise),
}
for name, step in steps.items():
    print(f"{name:16}", step)
print(f"clip_by_global_norm: norm before {float(norm_before):.1f}")

assert steps["clipnorm"] == [[0.6, 0.8], [1.0]], (
    "expected each gradient rescaled to norm 1 on its own"
)
assert steps["global_clipnorm"] == [
    [round(3 / 13, 4), round(4 / 13, 4)],
    [round(12 / 13, 4)],
], "expected all gradients divided by the joint norm 13"
assert steps["clipvalue"] == [[1.0, 1.0], [1.0]], (
    "expected every element clamped to [-1, 1]"
)
assert np.isclose(float(norm_before), 13.0), "expected the joint norm"
manual = [
    np.round(g.numpy().astype(float), 4).tolist() for g in clipped
]
assert manual == steps["global_clipnorm"], (
    "expected clip_by_global_norm to match global_clipnorm"
)

try:
    keras.optimizers.Adam(learning_rate=1e-3, gradient_clip_norm=1.0)
except ValueError as err:
    unknown_error = str(err)
print("ValueError:", unknown_error)
assert "not recognized" in unknown_error, (
    "expected unknown-argument error"
)
try:
    keras.optimizers.SGD(clipnorm=1.0, global_clipnorm=1.0)
except ValueError as err:
    both_error = str(err)
assert "Only one of `clipnorm`" in both_error, "expected one-of error"
