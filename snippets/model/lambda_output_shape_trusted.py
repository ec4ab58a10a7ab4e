"""Keras 3 builds the model from `Lambda(output_shape=...)` without checking it

When you hit it: `model.summary()` or `model.output_shape` shows a
shape that `predict` does not return, or the layer after a
`keras.layers.Lambda` fails at `predict` with "expected axis -1 of input
shape to have value 4" although the model built without error.

What is going on: given `output_shape`, Keras 3 takes the symbolic
output, `summary()` and the next layer's weights from
`Lambda.compute_output_shape` without running the function. A tuple
excludes the batch axis: the input's goes in front, so `(None, 1)`
becomes `(None, None, 1)`. A callable returns the whole shape:
`lambda s: (7,)` gives `(7,)`. Without `output_shape`, Keras 3 traces
the function on a symbolic tensor and gets the true shape. Keras 2
(`tf_keras`) built the graph from the function's real output.

Pitfall: when the `Lambda` is the last layer, neither building nor
`predict` raises: `predict` returns `(3, 1)` where `output_shape` says
`(None, 4)`. Leave `output_shape` out unless Keras asks for it; then
compare it with one real batch.

Checked: on TF 2.21's Keras, this machine's CPU. Keras asks with "We
could not automatically infer the shape of the Lambda's output" when
tracing fails (here `.numpy()` on a symbolic tensor). `output_shape`
silences that, but `predict` still raises `AttributeError` in the
graph ([`.numpy()` in a graph](graphs.md#numpy-on-symbolic-tensor)).
A list such as `output_shape=[4]` raises `TypeError` at the call.
Saving a `Lambda`: [the safe-mode card](save-load.md#lambda-safe-mode).
Source: `keras/src/layers/core/lambda_layer.py`
(`Lambda.compute_output_shape`).

severity: silent
topics: M11
aliases:
  - Lambda.compute_output_shape generates wrong shape
  - model.summary() shows the wrong output shape for a Lambda layer
  - Lambda output_shape is ignored or not checked
  - We could not automatically infer the shape of the Lambda's output. Please specify the `output_shape` argument for this Lambda layer.
  - Lambda output_shape with the batch dimension adds an extra None axis
  - predict returns a different shape than model.output_shape
  - is incompatible with the layer: expected axis -1 of input shape after a Lambda layer
"""

import re

import keras
import numpy as np
import tf_keras

batch = np.arange(12, dtype="float32").reshape(3, 4)


# --8<-- [start:wrong]
def row_total(t):  # returns (batch, 1)
    return keras.ops.sum(t, axis=-1, keepdims=True)


features = keras.Input(shape=(4,))
total = keras.layers.Lambda(row_total, output_shape=(4,))(features)
model = keras.Model(features, total)
print(model.output_shape)  # (None, 4): the declared shape
print(model.predict(batch, verbose=0).shape)  # (3, 1): the real one
# --8<-- [end:wrong]
assert model.output_shape == (None, 4), "expected the declared shape"
assert model.predict(batch, verbose=0).shape == (3, 1), (
    "expected predict to return the function's real shape, no error"
)
declared = model.layers[-1]
assert declared.compute_output_shape((None, 4)) == (None, 4), (
    "expected compute_output_shape to return the declared shape"
)
calls = []


def counted_total(t):
    calls.append(tuple(t.shape))
    return row_total(t)


keras.layers.Lambda(counted_total, output_shape=(4,))(features)
keras.layers.Lambda(counted_total, output_shape=lambda s: s)(features)
declared_calls = len(calls)
keras.layers.Lambda(counted_total)(features)
print(
    "function runs while building: with output_shape",
    declared_calls,
    "| without",
    len(calls) - declared_calls,
    "on",
    calls[-1],
)
assert declared_calls == 0, (
    "expected a declared tuple or callable to skip tracing"
)
assert len(calls) == 1 and calls[0] == (None, 4), (
    "expected one trace on a symbolic (None, 4) tensor without it"
)
summary_lines = []
model.summary(print_fn=lambda line, **_: summary_lines.append(line))
lambda_rows = [ln for ln in summary_lines if "Lambda" in ln]
assert len(lambda_rows) == 1 and "(None, 4)" in lambda_rows[0], (
    "expected summary() to show the declared (None, 4)"
)
for declared_shape in [(4,), lambda s: (s[0], 4)]:
    declared_out = keras.layers.Lambda(
        row_total, output_shape=declared_shape
    )(features)
    next_dense = keras.layers.Dense(2)
    declared_model = keras.Model(features, next_dense(declared_out))
    rows = []
    declared_model.summary(
        print_fn=lambda ln, rows=rows, **_: rows.append(ln)
    )
    lambda_rows = [ln for ln in rows if "Lambda" in ln]
    assert "(None, 4)" in lambda_rows[0], "expected the declared shape"
    assert tuple(next_dense.kernel.shape) == (4, 2), (
        "expected the next layer built for the declared shape"
    )
print("tuple or callable: summary() and the next kernel use (None, 4)")


def shapes(output_shape):
    """Symbolic and predicted shape of row_total under output_shape."""
    inputs = keras.Input(shape=(4,))
    outputs = keras.layers.Lambda(row_total, output_shape=output_shape)(
        inputs
    )
    real = keras.Model(inputs, outputs).predict(batch, verbose=0)
    return tuple(outputs.shape), real.shape


cases = {
    "omitted": None,
    "(1,)": (1,),
    "(4,), wrong": (4,),
    "(None, 1), batch included": (None, 1),
    "lambda s: (s[0], 7)": lambda s: (s[0], 7),
    "lambda s: (7,)": lambda s: (7,),
}
expected_symbolic = {
    "omitted": (None, 1),
    "(1,)": (None, 1),
    "(4,), wrong": (None, 4),
    "(None, 1), batch included": (None, None, 1),
    "lambda s: (s[0], 7)": (None, 7),
    "lambda s: (7,)": (7,),
}
print("output_shape=               symbolic         predict")
for label, output_shape in cases.items():
    symbolic, real = shapes(output_shape)
    print(f"  {label:26} {symbolic!s:16} {real}")
    assert symbolic == expected_symbolic[label], (
        f"expected {label} to give {expected_symbolic[label]}"
    )
    assert real == (3, 1), "expected the real output to stay (3, 1)"
fixed_batch = keras.Input(shape=(4,), batch_size=3)
assert keras.layers.Lambda(row_total, output_shape=(1,))(
    fixed_batch
).shape == (3, 1), "expected the input's batch axis in front"
try:
    keras.layers.Lambda(row_total, output_shape=[4])(features)
except TypeError as err:
    print("output_shape=[4]: TypeError at the call")
    assert "can only concatenate tuple" in str(err), "expected the list"
else:
    raise AssertionError("expected a list output_shape to raise")

legacy_inputs = tf_keras.Input(shape=(4,))
legacy_lambda = tf_keras.layers.Lambda(
    lambda t: t[:, :1], output_shape=(4,)
)
legacy_output = legacy_lambda(legacy_inputs)
print(
    "tf_keras, output_shape=(4,): symbolic",
    tuple(legacy_output.shape),
    "| compute_output_shape",
    tuple(legacy_lambda.compute_output_shape((None, 4))),
)
assert tuple(legacy_output.shape) == (None, 1), (
    "expected Keras 2 to build the graph from the real output"
)
assert tuple(legacy_lambda.compute_output_shape((None, 4))) == (
    None,
    4,
), "expected Keras 2 compute_output_shape to return the declared one"

try:
    # --8<-- [start:next_layer]
    head = keras.layers.Dense(2, name="head")
    classifier = keras.Model(features, head(total))
    print(head.kernel.shape)  # (4, 2): built for the declared shape
    classifier.predict(batch, verbose=0)  # ValueError
    # --8<-- [end:next_layer]
except ValueError as err:
    message = re.sub(r"\x1b\[[0-9;]*m", "", str(err))
    line = next(
        ln for ln in message.splitlines() if "incompatible" in ln
    )
else:
    raise AssertionError("expected the layer after the Lambda to raise")
print("ValueError:", line.split("is incompatible with the layer: ")[1])
assert tuple(head.kernel.shape) == (4, 2), "expected a (4, 2) kernel"
assert re.search(r"of layer .head. is incompatible", line), (
    "expected the layer after the Lambda to raise"
)
assert (
    "expected axis -1 of input shape to have value 4, but received "
    "input with shape (3, 1)" in line
), "expected the declared 4 against the real 1"

# --8<-- [start:right]
total = keras.layers.Lambda(row_total)(features)  # traced: (None, 1)
# --8<-- [end:right]
assert tuple(total.shape) == (None, 1), "expected the traced shape"
checked = keras.Model(features, total)
assert (
    checked.predict(batch, verbose=0).shape[1:]
    == (checked.output_shape[1:])
), "expected the traced shape to match one real batch"

try:
    keras.layers.Lambda(lambda t: t.numpy())(features)
except NotImplementedError as err:
    infer_message = re.sub(r"\x1b\[[0-9;]*m", "", str(err))
print(
    "NotImplementedError:", infer_message.splitlines()[2].split(".")[0]
)
assert (
    "We could not automatically infer the shape of the Lambda's output"
    in infer_message
), "expected Keras to ask for output_shape"
silenced = keras.layers.Lambda(lambda t: t.numpy(), output_shape=(4,))
numpy_model = keras.Model(features, silenced(features))
try:
    numpy_model.predict(batch, verbose=0)
except AttributeError as err:
    print("with output_shape, predict: AttributeError")
    assert "has no attribute 'numpy'" in str(err), "expected .numpy()"
else:
    raise AssertionError("expected predict to fail in the graph")
