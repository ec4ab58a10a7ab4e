"""`Using a symbolic tf.Tensor as a Python bool is not allowed`: use TF checks

When you hit it: code that works eagerly fails once it is traced (in a
`tf.function`, `Dataset.map` or a Keras model) with
`OperatorNotAllowedInGraphError: Using a symbolic tf.Tensor as a Python
bool is not allowed`.

What is going on: while tracing, a tensor has no value yet, so Python
cannot decide `assert t` or `bool(t)`. AutoGraph rewrites an `if` on a
tensor into a graph conditional
([AutoGraph](graphs.md#autograph-tensor-conditions)), but by default
not these. Use the TensorFlow form: `tf.debugging.assert_*` for checks,
`tf.cond` for choices.

Pitfall: eagerly the same line runs fine; it fails only when traced:
under `@tf.function`, in `Dataset.map`, in a layer's `call` inside a
Keras model. A plain `if t > 0:` works in a `tf.function`; an
`assert t` does not, by default.

Checked: with `tf.function`'s `experimental_autograph_options` set to
`tf.autograph.experimental.Feature.ASSERT_STATEMENTS`, AutoGraph turns
the `assert` into a graph check that raises `InvalidArgumentError` on
bad data; `bool(t)` still fails with it.

severity: crash
topics: E8
aliases:
  - use Eager execution mode or decorate this function with @tf.function
  - A symbolic KerasTensor cannot be used as a boolean.
  - assert on a tensor fails inside tf.function
  - how to check a tensor's value inside a tf.function
  - using a `tf.Tensor` as a Python `bool` is not allowed: AutoGraph did convert this function
  - Python assert on a tensor in a Keras layer call or train_step
  - tf.debugging.assert_equal instead of assert in graph mode
"""

import keras
import numpy as np
import tensorflow as tf

pixels = tf.constant([0.0, 128.0, 255.0])


def normalize(batch):
    assert tf.reduce_all(batch >= 0), "negative pixels"
    return batch / 255.0


eager = normalize(pixels)  # eagerly the assert works
print("eager:", [round(float(v), 3) for v in eager])

try:
    # --8<-- [start:wrong]
    @tf.function
    def normalize(batch):
        assert tf.reduce_all(batch >= 0), "negative pixels"
        return batch / 255.0

    normalize(pixels)  # OperatorNotAllowedInGraphError
    # --8<-- [end:wrong]
except tf.errors.OperatorNotAllowedInGraphError as err:
    line = str(err).strip().splitlines()[-1].strip()
print(line.split(" You can attempt")[0])
assert (
    "Using a symbolic `tf.Tensor` as a Python `bool` is not allowed"
    in (line)
), "expected the graph-mode bool error"


def check_pixels(batch):  # the same assert, no @tf.function
    assert tf.reduce_all(batch >= 0), "negative pixels"
    return batch / 255.0


class CheckPixels(keras.layers.Layer):
    def call(self, batch):
        return check_pixels(batch)


assert np.allclose(CheckPixels()(pixels), eager), "eager layer call"
traced_without_decorator = {
    "Dataset.map": lambda: tf.data.Dataset.from_tensor_slices(
        [pixels]
    ).map(check_pixels),
    "layer in a model": lambda: keras.Sequential(
        [keras.Input(shape=(3,)), CheckPixels()]
    ),
    "layer in fit": lambda: fit_once(
        keras.Sequential([CheckPixels(), keras.layers.Dense(1)])
    ),
}


def fit_once(model):
    model.compile(loss="mse")
    model.fit(pixels[None], np.ones((1, 1)), verbose=0)


failed = []
for context, build in traced_without_decorator.items():
    try:
        build()
    except tf.errors.OperatorNotAllowedInGraphError as err:
        assert "as a Python `bool` is not allowed" in str(err), context
        failed.append(context)
print("fails when traced, no @tf.function:", failed)
assert failed == list(traced_without_decorator), (
    "expected every traced context to reject the assert"
)


# --8<-- [start:right]
@tf.function
def normalize(batch):
    tf.debugging.assert_non_negative(batch, message="negative pixels")
    return batch / 255.0


# --8<-- [end:right]


print("graph:", [round(float(v), 3) for v in normalize(pixels)])
try:
    normalize(tf.constant([-1.0, 2.0]))
except tf.errors.InvalidArgumentError as err:
    assert "negative pixels" in str(err), (
        "expected the check to still fire"
    )
else:
    raise AssertionError("expected assert_non_negative to reject -1")


def is_bright(value):
    return bool(value > 100)


asserts_on = tf.autograph.experimental.Feature.ASSERT_STATEMENTS
for options in (None, asserts_on):
    try:
        tf.function(is_bright, experimental_autograph_options=options)(
            tf.constant(128.0)
        )
    except tf.errors.OperatorNotAllowedInGraphError:
        pass
    else:
        raise AssertionError(
            f"expected bool() on a tensor to fail in a graph ({options})"
        )


@tf.function(experimental_autograph_options=asserts_on)
def normalize_converted(batch):
    assert tf.reduce_all(batch >= 0), "negative pixels"
    return batch / 255.0


converted = normalize_converted(pixels)
print("ASSERT_STATEMENTS:", [round(float(v), 3) for v in converted])
try:
    normalize_converted(tf.constant([-1.0, 2.0]))
except tf.errors.InvalidArgumentError as err:
    assert "negative pixels" in str(err), (
        "expected the converted assert to check the data"
    )
else:
    raise AssertionError("expected the converted assert to reject -1")
