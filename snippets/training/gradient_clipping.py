"""`clipnorm` clips each gradient; `global_clipnorm` clips them together

When you hit it: you add gradient clipping against exploding gradients
and pick the first clipping argument the optimizer offers.

What is going on: each optimizer algorithm in `keras.optimizers`
(`SGD`, `Adam`, …) takes one of three arguments; setting two raises
``ValueError: Only one of `clipnorm`, … can be set``. `clipnorm` scales
down each variable's gradient whose norm exceeds it, on its own;
`clipvalue` clamps every element; `global_clipnorm` rescales all
gradients by one factor when their joint norm exceeds it, keeping the
update's direction. Gradients within the limit pass unchanged. On a
`LossScaleOptimizer`, set them on the inner optimizer: Keras 3.15
refuses them on the wrapper, and Keras 3.4 to 3.11 (TF 2.16 to 2.20)
accept them there but do not clip.

Pitfall: `clipnorm` and `clipvalue` change the update's direction when
they scale gradients (or elements) by different factors, as with norms
5 and 12. An unknown name such as `gradient_clip_norm=1.0` raises
`ValueError: Argument(s) not recognized`.

Checked: in your own loop, `tf.clip_by_global_norm` gives the same
clipped gradients as `global_clipnorm` and returns the norm before
clipping (13 here), which is worth logging. The `LossScaleOptimizer`
case runs on each release of the matrix line.

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


def update(optimizer, gradients=grads):
    """The step SGD(learning_rate=1) takes for `gradients`."""
    weights = [tf.Variable([0.0, 0.0]), tf.Variable([0.0])]
    optimizer.apply_gradients(zip(gradients, weights, strict=True))
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


def same_direction(step, gradients):
    flat_step = np.concatenate([np.ravel(part) for part in step])
    flat_grad = np.concatenate([np.ravel(g) for g in gradients])
    cosine = flat_step @ flat_grad
    cosine /= np.linalg.norm(flat_step) * np.linalg.norm(flat_grad)
    return bool(np.isclose(cosine, 1.0))


mixed = [tf.constant([3.0, 4.0]), tf.constant([0.5])]  # norms 5, 0.5
small = [tf.constant([0.3, 0.4]), tf.constant([0.5])]  # within limits
clip_args = ["clipnorm", "global_clipnorm", "clipvalue"]
for name in clip_args:
    small_step = update(keras.optimizers.SGD(1.0, **{name: 1.0}), small)
    assert small_step == [[0.3, 0.4], [0.5]], (
        f"expected {name} to leave gradients within the limit unchanged"
    )
    assert same_direction(steps[name], grads) == (
        name == "global_clipnorm"
    ), f"expected only global_clipnorm to keep the direction ({name})"
per_variable_mixed = update(
    keras.optimizers.SGD(1.0, clipnorm=1.0), mixed
)
print("clipnorm, norms 5 and 0.5:", per_variable_mixed)
assert per_variable_mixed == [[0.6, 0.8], [0.5]], (
    "expected only the gradient over the limit scaled down"
)
assert not same_direction(per_variable_mixed, mixed), (
    "expected a new direction"
)

wrappers = {"Optimizer", "LossScaleOptimizer", "MultiOptimizer"}
algorithms = [
    cls
    for name, cls in vars(keras.optimizers).items()
    if isinstance(cls, type)
    and issubclass(cls, keras.optimizers.Optimizer)
    and name not in wrappers
]
takes_all = [
    getattr(cls(**{name: 1.0}), name) == 1.0
    for cls in algorithms
    for name in clip_args
]
print("SGD, Adam and the other classes take all three:", all(takes_all))
assert all(takes_all), "expected every optimizer class to take them"
keras_version = tuple(int(p) for p in keras.version().split(".")[:2])


def scaled_update(optimizer):
    """The step for `grads`, scaled by the loss scale as in a loop."""
    scale = float(optimizer.scale_loss(tf.constant(1.0)))
    return update(optimizer, [g * scale for g in grads])


for name in clip_args:
    try:
        wrapper = keras.optimizers.LossScaleOptimizer(
            keras.optimizers.SGD(1.0), **{name: 1.0}
        )
        wrapper_error, wrapper_step = "", scaled_update(wrapper)
    except ValueError as err:
        wrapper_error = str(err)
    if keras_version >= (3, 15):
        assert (
            f"set `{name}` on the `inner_optimizer`" in wrapper_error
        ), f"expected LossScaleOptimizer to refuse {name}"
    elif keras_version <= (3, 11):
        assert wrapper_error == "", f"expected {name} accepted"
        assert wrapper_step == [[3.0, 4.0], [12.0]], (
            f"expected {name} on the wrapper not to clip"
        )
    inner = keras.optimizers.LossScaleOptimizer(
        keras.optimizers.SGD(1.0, **{name: 1.0})
    )
    assert scaled_update(inner) == steps[name], (
        f"expected {name} on the inner optimizer to clip"
    )
if wrapper_error:
    print("ValueError:", wrapper_error)
else:
    print("LossScaleOptimizer(..., clip): step", wrapper_step)
print("on its inner optimizer: clips as SGD does")

try:
    keras.optimizers.Adam(learning_rate=1e-3, gradient_clip_norm=1.0)
except ValueError as err:
    unknown_error = str(err)
print("ValueError:", unknown_error)
assert "Argument(s) not recognized" in unknown_error, (
    "expected unknown-argument error"
)
for pair in [clip_args[:2], clip_args[1:], clip_args[::2]]:
    try:
        keras.optimizers.SGD(**dict.fromkeys(pair, 1.0))
        both_error = ""
    except ValueError as err:
        both_error = str(err)
    assert (
        "Only one of `clipnorm`, `clipvalue` and `global_clipnorm`"
        " can be set" in both_error
    ), pair
print("ValueError:", both_error.split(". Received")[0])
