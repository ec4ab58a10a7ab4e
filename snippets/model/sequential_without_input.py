"""`has never been called and thus has no defined input`: use `model.inputs`

When you hit it: Keras 2 code builds a feature extractor from a
`keras.Sequential`, `keras.Model(model.input, layer.output)`, and gets
"The layer classifier has never been called and thus has no defined
input", even after `fit`.

What is going on: a Sequential with neither `keras.Input` nor
`input_shape=` on its first layer has no input shape, so no weights and
no `inputs` until it is built: `model.inputs` raises "has no defined
inputs yet". `model.build((None, 4))` builds it with a `None` batch
axis; a first call on data records that call's batch size, `(2, 4)`
here, and so did `fit` on 2 rows with `batch_size=2`. A Keras 3
Sequential's `input` and `output` raise until the model itself is
called on a symbolic tensor (a `keras.Input` or another layer's
output); building does not set them. Keras 2 (`tf_keras`) set them at
build time.

Pitfall: `keras.Input`, or `input_shape=` on the first layer, builds
the model at once, but `model.input` still raises. Use
`model.inputs[0]` and `model.outputs[0]`.

Checked: the run tries `model.input` on a Sequential without an input
shape (before and after `build`, a call on data and `fit`), on one with
`input_shape=` and on one with `keras.Input`; each raises, and so does
`model.output`. Before the build, `summary()` shows `?`, as for [an
unbuilt subclass](#summary-output-shapes). Which API to choose, and a
one-output feature extractor: [Sequential, Functional or
subclassing](#choose-model-api).

severity: crash
topics: M17, M11
aliases:
  - "AttributeError: The layer sequential has never been called and thus has no defined input."
  - "ValueError: The layer sequential has never been called and thus has no defined output."
  - "Sequential model 'sequential' has no defined inputs yet."
  - Grad-CAM keras.Model(model.input, model.get_layer(name).output) fails in Keras 3
  - model.summary() shows ? and 0 (unbuilt) for a Sequential model
  - Sequential model input shape is (32, 4) instead of (None, 4)
  - how to get the input tensor of a Sequential model in Keras 3
"""

import warnings

import keras
import numpy as np
import tf_keras

keras.utils.set_random_seed(0)
features = np.random.default_rng(0).normal(size=(2, 4)).astype("f4")
labels = np.zeros((2, 3), "float32")


def bare_model():
    """A Sequential without keras.Input, as Keras 2 code often has."""
    return keras.Sequential(
        [
            keras.layers.Dense(8, activation="relu", name="hidden"),
            keras.layers.Dense(3, name="scores"),
        ],
        name="classifier",
    )


def input_error(model) -> str:
    try:
        _ = model.input
    except (AttributeError, ValueError) as err:  # Keras 3.4: ValueError
        return str(err)
    return "defined"


def summary_rows(model) -> list[str]:
    lines = []
    model.summary(print_fn=lambda line, **kwargs: lines.append(line))
    return [
        " ".join(line.replace("│", " ").split())
        for line in "\n".join(lines).splitlines()
        if "(Dense)" in line
    ]


model = bare_model()
model.compile(optimizer="sgd", loss="mse")
model.fit(features, labels, batch_size=2, verbose=0)
try:
    # --8<-- [start:wrong]
    extractor = keras.Model(model.input, model.layers[0].output)
    # --8<-- [end:wrong]
except (AttributeError, ValueError) as err:  # Keras 3.4: ValueError
    message = str(err)
    print(f"{type(err).__name__}: {message}")
assert message == (
    "The layer classifier has never been called and thus has no "
    "defined input."
), "expected model.input to be missing even after fit"

# --8<-- [start:right]
model = keras.Sequential(
    [
        keras.Input(shape=(4,)),
        keras.layers.Dense(8, activation="relu", name="hidden"),
        keras.layers.Dense(3, name="scores"),
    ],
    name="classifier",
)
grad_model = keras.Model(  # Grad-CAM: a hidden layer and the scores
    model.inputs[0],
    [model.get_layer("hidden").output, model.outputs[0]],
)
# --8<-- [end:right]
hidden_out, scores_out = grad_model(features)
print(
    "grad_model outputs:",
    tuple(hidden_out.shape),
    tuple(scores_out.shape),
)
assert [tuple(o.shape) for o in grad_model.outputs] == [
    (None, 8),
    (None, 3),
]
assert (tuple(hidden_out.shape), tuple(scores_out.shape)) == (
    (2, 8),
    (2, 3),
)
assert model.built, "expected keras.Input to build the model at once"
assert input_error(model).endswith("has no defined input."), (
    "expected model.input to raise even with keras.Input"
)
try:
    _ = model.output
except (AttributeError, ValueError) as err:
    assert "has no defined output" in str(err)
else:
    raise AssertionError("expected model.output to raise too")

bare = bare_model()
before = summary_rows(bare)
try:
    _ = bare.inputs
except (AttributeError, ValueError) as err:
    inputs_message = str(err)
print("before:", before)
print("before: model.inputs:", inputs_message)
assert before == [
    "hidden (Dense) ? 0 (unbuilt)",
    "scores (Dense) ? 0 (unbuilt)",
], "expected ? and 0 (unbuilt)"
assert inputs_message == (
    "Sequential model 'classifier' has no defined inputs yet."
)
assert not bare.weights, "expected no weights before the build"
first_input_error = input_error(bare)

bare.build((None, 4))
built_shape = tuple(bare.inputs[0].shape)
built_rows = summary_rows(bare)
called = bare_model()
called(features)  # a call on data: 2 rows
called_shape = tuple(called.inputs[0].shape)
called_rows = summary_rows(called)
print("after build((None, 4)):", built_shape, built_rows[0])
print("after a call on 2 rows:", called_shape, called_rows[0])
assert built_shape == (None, 4) and "(None, 8) 40" in built_rows[0]
assert called_shape == (2, 4) and "(2, 8) 40" in called_rows[0], (
    "expected a call on data to record that batch's shape"
)
fitted = bare_model()
fitted.compile(optimizer="sgd", loss="mse")
fitted.fit(features, labels, batch_size=2, verbose=0)
assert tuple(fitted.inputs[0].shape) == (2, 4), "expected fit to build"

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # Keras 3 warns about input_shape=
    shaped = keras.Sequential(
        [
            keras.layers.Dense(8, input_shape=(4,)),
            keras.layers.Dense(3),
        ],
        name="k2style",
    )
assert shaped.built and tuple(shaped.inputs[0].shape) == (None, 4), (
    "expected input_shape= to build the model at once"
)

errors = {
    "no keras.Input": first_input_error,
    "after build": input_error(bare),
    "after a call on data": input_error(called),
    "after fit": input_error(fitted),
    "with input_shape=": input_error(shaped),
    "with keras.Input": input_error(model),
}
for case, error in errors.items():
    assert "has never been called and thus has no defined input" in (
        error
    ), f"expected model.input to raise {case}"
for built in (bare, called, fitted, shaped):
    try:
        _ = built.output
    except (AttributeError, ValueError) as err:
        assert "has no defined output" in str(err), "expected no output"
    else:
        raise AssertionError("expected model.output to raise")
print("model.input raises:", ", ".join(errors))

symbolic = bare_model()
symbolic(keras.Input(shape=(4,)))  # called on a keras.Input
print("after a call on keras.Input: model.input", symbolic.input.shape)
assert tuple(symbolic.input.shape) == (None, 4), "expected an input"
assert tuple(symbolic.output.shape) == (None, 3), "expected an output"
nested = bare_model()
upstream = keras.layers.Dense(4)(keras.Input(shape=(6,)))
nested(upstream)  # called on another layer's output
print(
    "after a call on a layer's output: model.input", nested.input.shape
)
assert nested.input is upstream, "expected that tensor as its input"
assert tuple(nested.output.shape) == (None, 3), "expected an output"

legacy = tf_keras.Sequential(
    [tf_keras.layers.Dense(8), tf_keras.layers.Dense(3)]
)
legacy.build((None, 4))
print("tf_keras after build: model.input", legacy.input.shape)
print("tf_keras after build: model.output", legacy.output.shape)
assert tuple(legacy.input.shape) == (None, 4), (
    "expected Keras 2's input"
)
assert tuple(legacy.output.shape) == (None, 3), (
    "expected Keras 2's output"
)
