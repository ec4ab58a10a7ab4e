"""`has never been called and thus has no defined input`: use `model.inputs`

When you hit it: Keras 2 code builds a feature extractor from a
`keras.Sequential`, `keras.Model(model.input, layer.output)`, and gets
"The layer classifier has never been called and thus has no defined
input", even after `fit`.

What is going on: a Sequential without `keras.Input` has no input shape,
so no weights and no `inputs` until it is built: `summary()` shows `?`
and "0 (unbuilt)", `model.inputs` raises "has no defined inputs yet".
`model.build((None, 4))` builds it with a `None` batch axis; a first
call on data records that call's batch size instead, `(2, 4)` here, and
so did `fit` on 2 rows with `batch_size=2`. Separately, a Keras 3
Sequential's `input` and `output` raise until the model itself is
called on a `keras.Input`; building does not set them. Keras 2
(`tf_keras`) set them at build time.

Pitfall: starting with `keras.Input` builds the model at once, but
`model.input` still raises. Use `model.inputs[0]` and
`model.outputs[0]`.

Checked: the run tries `model.input` on a Sequential without
`keras.Input` (before and after `build`, a call on data and `fit`) and
on one with it; each raises. Which API to choose: [Sequential,
Functional or subclassing](#choose-model-api).

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
extractor = keras.Model(model.inputs[0], model.layers[0].output)
# --8<-- [end:right]
print("with keras.Input:", summary_rows(model))
print("extractor output_shape:", extractor.output_shape)
assert extractor.output_shape == (None, 8), (
    "expected a feature extractor"
)
assert summary_rows(model)[0] == "hidden (Dense) (None, 8) 40"
assert model.outputs[0].shape == (None, 3), "expected model.outputs"
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

errors = {
    "no keras.Input": first_input_error,
    "after build": input_error(bare),
    "after a call on data": input_error(called),
    "after fit": input_error(fitted),
    "with keras.Input": input_error(model),
}
for case, error in errors.items():
    assert "has never been called and thus has no defined input" in (
        error
    ), f"expected model.input to raise {case}"
for built in (bare, called, fitted):
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

legacy = tf_keras.Sequential(
    [tf_keras.layers.Dense(8), tf_keras.layers.Dense(3)]
)
legacy.build((None, 4))
print("tf_keras after build: model.input", legacy.input.shape)
assert tuple(legacy.input.shape) == (None, 4), (
    "expected Keras 2's input"
)
