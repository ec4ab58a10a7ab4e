"""`Iterating over a symbolic tf.Tensor is not allowed`: use tensor ops

When you hit it: code that loops over a tensor works eagerly, then
fails once traced (in a `tf.function`, a `Dataset.map` or a Keras 3
layer's `call`) with `OperatorNotAllowedInGraphError: Iterating over a
symbolic tf.Tensor is not allowed`.

What is going on: in a `tf.function`, AutoGraph turns a
`for row in batch:` statement into a graph loop
([AutoGraph](graphs.md#autograph-tensor-conditions)). It leaves a
comprehension, unpacking (`h, w = tf.shape(image)`), `list`, `sum`,
`zip` or `enumerate` over a tensor as Python, and these raise while
tracing. Prefer one vectorised op; else `tf.map_fn`, or a `tf.range`
loop that writes a `tf.TensorArray` (appending to a Python list there
fails).

Pitfall: Keras 3 leaves a layer's `call` unconverted (`tf_keras`,
Keras 2, converts it), so a `for` over a tensor there fails in `fit`.
With `run_eagerly=True`, a `Sequential` or functional model still
traces `call`, unless the layer defines `compute_output_shape`.

Checked: each form listed, in a `tf.function` and in `Dataset.map`
(where it raises at `map()`), and a `for` statement under
`tf.function(autograph=False)`.
`h, w = tf.unstack(tf.shape(image)[:2])` works on an image of known
rank (`[None, None, 3]`); with an unknown rank, as `tf.io.decode_image`
returns, it raises `Cannot infer argument num from shape`, as
`tf.unstack` of a `None` first dimension does. On the float `batch`,
a `tf.map_fn` row function that returns `int32` fails with
`Invalid data types` unless `fn_output_signature=tf.int32`; rows whose
results differ in length fail too, and work with a `tf.RaggedTensorSpec`
there. A `for` or `enumerate` over a
`tf.data.Dataset` works in a `tf.function`. AutoGraph's rules list
`DoNotConvert('keras')` (`tensorflow/python/autograph/core/config.py`).
The loop fails in `fit` with or without `compute_output_shape`, in a
`Sequential` and in a subclassed `keras.Model`. With
`run_eagerly=True` and no `compute_output_shape`, a `Sequential` fails
with `Could not automatically infer the output shape / dtype`; with
it, that `Sequential` trains, and `keras.Input` works. A subclassed
`keras.Model` that calls the layer trains with `run_eagerly=True`
without it. `tf_keras` 2.21 trains the same layer in a `Sequential`,
with and without `run_eagerly`: it wraps `call` in AutoGraph's
`tf_convert` (`tf_keras/src/engine/base_layer.py`,
`Layer._autographed_call`). No older Keras 2 ran here.

severity: crash
topics: G15, G6
aliases:
  - iterating over `tf.Tensor` is not allowed in Graph execution. Use Eager execution or decorate this function with @tf.function.
  - "iterating over `tf.Tensor` is not allowed: AutoGraph did convert this function. This might indicate you are trying to use an unsupported feature."
  - "iterating over `tf.Tensor` is not allowed: AutoGraph did not convert this function. Try decorating it directly with @tf.function."
  - iterating over `tf.Tensor` is not allowed: AutoGraph is disabled in this function.
  - OperatorNotAllowedInGraphError in a list comprehension over a tensor
  - batch_size, height = tf.shape(x) fails inside tf.function
  - how to loop over the rows of a tensor in tf.function
  - for loop over a tensor in a Keras custom layer call
  - Could not automatically infer the output shape / dtype of my layer
"""

import inspect
import re
from pathlib import Path

import keras
import numpy as np
import tensorflow as tf
import tf_keras

batch = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])


def iteration_error(err):
    """The error's own sentence, without traceback or colour codes."""
    text = re.sub(r"\x1b\[[0-9;]*m", "", str(err))
    start = text.index("Iterating over")
    return text[start:].split(" You can attempt")[0]


try:
    # --8<-- [start:wrong]
    @tf.function
    def row_sums(batch):
        return tf.stack([tf.reduce_sum(row) for row in batch])

    row_sums(batch)  # OperatorNotAllowedInGraphError
    # --8<-- [end:wrong]
except tf.errors.OperatorNotAllowedInGraphError as err:
    message = iteration_error(err)
print("OperatorNotAllowedInGraphError:", message)
assert message == (
    "Iterating over a symbolic `tf.Tensor` is not allowed."
), "expected the graph-mode iteration error"
eager = [float(tf.reduce_sum(row)) for row in batch]
print("eagerly the comprehension works:", eager)
assert eager == [3.0, 7.0, 11.0], "expected eager iteration to work"


# --8<-- [start:right]
@tf.function
def row_sums(batch):  # one vectorised op: prefer this
    return tf.reduce_sum(batch, axis=1)


@tf.function
def row_sums_map(batch):  # a function per row
    # a new dtype or ragged results: set fn_output_signature
    return tf.map_fn(tf.reduce_sum, batch)


@tf.function
def row_sums_loop(batch):  # when a row needs Python-like code
    n = tf.shape(batch)[0]
    sums = tf.TensorArray(tf.float32, size=n)
    for i in tf.range(n):  # AutoGraph: a graph while loop
        sums = sums.write(i, tf.reduce_sum(batch[i]))
    return sums.stack()


# --8<-- [end:right]

results = {
    fn.python_function.__name__: fn(batch).numpy().tolist()
    for fn in (row_sums, row_sums_map, row_sums_loop)
}
for name, value in results.items():
    print(f"{name}: {value}")
for name, value in results.items():
    assert value == eager, f"expected {name} to match the eager sums"
batch_spec = tf.TensorSpec([None, 2])
for fn in (row_sums_map, row_sums_loop):
    ops = fn.get_concrete_function(batch_spec).graph.get_operations()
    assert "StatelessWhile" in [op.type for op in ops], (
        "expected one graph loop for any number of rows"
    )


@tf.function
def for_statement(batch):  # converted by AutoGraph
    total = tf.zeros([2])
    for row in batch:
        total += row
    return total


assert for_statement(batch).numpy().tolist() == [9.0, 12.0], "for"
for_ops = for_statement.get_concrete_function(batch_spec).graph
assert "StatelessWhile" in [op.type for op in for_ops.get_operations()]


def add_rows(batch):
    total = tf.zeros([2])
    for row in batch:
        total += row
    return total


def comprehension(b):
    return tf.stack([tf.reduce_sum(row) for row in b])


def unpacking(b):
    first, second, third = b
    return first + second + third


def shape_unpacking(b):
    rows, cols = tf.shape(b)
    return rows * cols


def with_enumerate(b):
    total = tf.zeros([2])
    for i, row in enumerate(b):
        total += row * tf.cast(i, tf.float32)
    return total


def with_zip(b):
    total = tf.zeros([2])
    for row, other in zip(b, b, strict=True):
        total += row * other
    return total


FORMS = {
    "comprehension": comprehension,
    "unpacking": unpacking,
    "h, w = tf.shape(...)": shape_unpacking,
    "list()": lambda b: tf.stack(list(b)),
    "sum()": lambda b: sum(b),
    "zip()": with_zip,
    "enumerate()": with_enumerate,
    "for, autograph=False": add_rows,
}


def fails_when_traced(trace, *args):
    try:
        trace(*args)
    except tf.errors.OperatorNotAllowedInGraphError as err:
        return iteration_error(err) == message
    return False


failing = {}
for name, form in FORMS.items():
    autograph = name != "for, autograph=False"
    in_function = fails_when_traced(
        tf.function(form, autograph=autograph), batch
    )
    map_rows = tf.data.Dataset.from_tensor_slices([batch]).map
    in_map = fails_when_traced(map_rows, form)  # raises at map()
    failing[name] = in_function and (in_map or not autograph)
print("fails when traced:", [n for n, f in failing.items() if f])
assert all(failing.values()), f"expected every form to fail: {failing}"
assert [list(map(float, r)) for r in map(add_rows, [batch])] == [
    [9.0, 12.0]
], "expected the same function to work eagerly"
map_ds = tf.data.Dataset.from_tensor_slices([batch]).map(add_rows)
assert [r.tolist() for r in map_ds.as_numpy_iterator()] == [
    [9.0, 12.0]
], "expected a for statement to work in Dataset.map (AutoGraph)"


@tf.function
def image_area(image):
    height, width = tf.unstack(tf.shape(image)[:2])
    return height * width


assert int(image_area(tf.zeros([4, 5, 3]))) == 20, "expected 4 * 5"
image_spec = tf.TensorSpec([None, None, 3])
area = image_area.get_concrete_function(image_spec).structured_outputs
assert area.dtype == tf.int32, "expected a known rank to trace"
decoded = tf.function(tf.io.decode_image).get_concrete_function(
    tf.TensorSpec([], tf.string)
)
assert decoded.structured_outputs.shape.rank is None, (
    "expected decode_image to return an unknown rank"
)
try:
    image_area.get_concrete_function(tf.TensorSpec(None, tf.uint8))
except ValueError as err:
    rank_message = str(err).strip().split("ValueError: ")[-1]
print(
    "tf.unstack(tf.shape(image)[:2]), no rank: ValueError:",
    rank_message,
)
assert "Cannot infer argument `num` from shape" in rank_message, (
    "expected tf.unstack to need a known rank"
)
try:
    tf.function(
        lambda b: tf.add_n(tf.unstack(b))
    ).get_concrete_function(batch_spec)
except ValueError as err:
    unstack_message = str(err).strip().split("ValueError: ")[-1]
print("tf.unstack, None rows: ValueError:", unstack_message)
assert "Cannot infer argument `num` from shape" in unstack_message, (
    "expected tf.unstack to need a static first dimension"
)


@tf.function
def over_dataset(batch):
    total = tf.zeros([2])
    rows = tf.data.Dataset.from_tensor_slices(batch)
    for i, row in enumerate(rows):  # a Dataset, not a tensor
        total += row * tf.cast(i, tf.float32)
    return total


assert over_dataset(batch).numpy().tolist() == [13.0, 16.0], (
    "expected enumerate over a Dataset to work in a tf.function"
)


@tf.function
def appended_to_list(batch):
    sums = []
    for i in tf.range(tf.shape(batch)[0]):
        sums.append(tf.reduce_sum(batch[i]))
    return tf.stack(sums)


try:
    appended_to_list(batch)
except ValueError as err:
    list_error = type(err).__name__
print("Python list in a tf.range loop:", list_error)
assert list_error == "InaccessibleTensorError", (
    "expected a Python list append in a graph loop to fail"
)


def row_int(row):
    return tf.cast(tf.reduce_sum(row), tf.int32)


def prefix(row):  # the row's first int(row[0]) values
    return row[: tf.cast(row[0], tf.int32)]


def map_rows(fn, signature=None):
    return tf.function(
        lambda b: tf.map_fn(fn, b, fn_output_signature=signature)
    )(batch)


map_fn_errors = {}
for name, fn in (("int32 rows", row_int), ("ragged", prefix)):
    try:
        map_rows(fn)
    except tf.errors.InvalidArgumentError as err:
        map_fn_errors[name] = " ".join(err.message.split())
print("tf.map_fn, no fn_output_signature:", sorted(map_fn_errors))
assert (
    "Invalid data types; op elements int32 but list elements float"
    in (map_fn_errors["int32 rows"])
), "expected a new dtype to fail without fn_output_signature"
assert "Incompatible shapes during merge" in map_fn_errors["ragged"], (
    "expected rows of different lengths to fail without a signature"
)
with_signature = [
    map_rows(row_int, tf.int32).numpy().tolist(),
    map_rows(prefix, tf.RaggedTensorSpec([None], tf.float32)).to_list(),
]
print("with fn_output_signature:", with_signature)
assert with_signature == [
    [3, 7, 11],
    [[1.0], [3.0, 4.0], [5.0, 6.0]],
], "expected fn_output_signature to fix both"


class RowTotals(keras.layers.Layer):
    def call(self, inputs):
        total = tf.zeros_like(inputs[0])
        for row in inputs:  # a for statement, in a layer
            total += row
        return inputs + total  # the column totals added to each row


class ShapedTotals(RowTotals):
    def compute_output_shape(self, input_shape):
        return input_shape


class Totals(keras.Model):  # subclassed: no symbolic call in fit
    def __init__(self, layer):
        super().__init__()
        self.totals, self.dense = layer, keras.layers.Dense(1)

    def call(self, inputs):
        return self.dense(self.totals(inputs))


def fit_once(run_eagerly, layer=RowTotals, subclassed=False):
    if subclassed:
        model = Totals(layer())
    else:
        model = keras.Sequential([layer(), keras.layers.Dense(1)])
    model.compile(loss="mse", run_eagerly=run_eagerly)
    model.fit(np.ones((4, 2)), np.ones((4, 1)), verbose=0)
    return "trains"


def layer_error(case):
    try:
        case()
    except tf.errors.OperatorNotAllowedInGraphError as err:
        return re.sub(r"\x1b\[[0-9;]*m", "", str(err))
    return None


layer_cases = {
    "keras.Input": lambda: RowTotals()(keras.Input((2,))),
    "Sequential with keras.Input": lambda: keras.Sequential(
        [keras.Input((2,)), RowTotals()]
    ),
    "tf.function": lambda: tf.function(RowTotals())(batch),
    "fit": lambda: fit_once(run_eagerly=False),
    "fit, run_eagerly=True": lambda: fit_once(run_eagerly=True),
    "fit, compute_output_shape": lambda: fit_once(False, ShapedTotals),
    "fit, subclassed Model": lambda: fit_once(False, subclassed=True),
}
layer_messages = {
    name: layer_error(case) for name, case in layer_cases.items()
}
print("for in a layer's call fails:", list(layer_messages))
assert None not in layer_messages.values(), (
    f"expected a for statement in call to fail in each case: {layer_messages}"
)
for name, text in layer_messages.items():
    assert iteration_error(text) == message, name
eager_fit = layer_messages["fit, run_eagerly=True"]
print(eager_fit.split(" of '")[0].split("\n")[-1])
assert "Could not automatically infer the output shape / dtype" in (
    eager_fit
), "expected Keras to fail while inferring the output shape"
for name in ("keras.Input", "Sequential with keras.Input"):
    assert "Could not automatically infer" in layer_messages[name], name
for name in ("fit, compute_output_shape", "fit, subclassed Model"):
    assert (
        "Could not automatically infer" not in layer_messages[name]
    ), f"expected {name} to fail in the traced loop itself"
run_eagerly_works = {
    "Sequential, compute_output_shape": fit_once(True, ShapedTotals),
    "keras.Input, compute_output_shape": ShapedTotals()(
        keras.Input((2,))
    ).shape,
    "subclassed Model": fit_once(True, subclassed=True),
}
print("with run_eagerly=True:", run_eagerly_works)
assert run_eagerly_works == {
    "Sequential, compute_output_shape": "trains",
    "keras.Input, compute_output_shape": (None, 2),
    "subclassed Model": "trains",
}, "expected no symbolic call, so the eager loop to run"
assert RowTotals()(batch).numpy().tolist() == [
    [10.0, 14.0],
    [12.0, 16.0],
    [14.0, 18.0],
], "expected the layer to work when called eagerly on its own"
autograph_rules = (
    Path(tf.__file__).parent / "python/autograph/core/config.py"
).read_text(encoding="utf-8")
assert "DoNotConvert('keras')" in autograph_rules, (
    "expected AutoGraph to leave Keras code unconverted"
)


class LegacyRowTotals(tf_keras.layers.Layer):  # Keras 2
    call = RowTotals.call


legacy_fits = []
for run_eagerly in (False, True):
    legacy = tf_keras.Sequential(
        [LegacyRowTotals(), tf_keras.layers.Dense(1)]
    )
    legacy.compile(loss="mse", run_eagerly=run_eagerly)
    history = legacy.fit(np.ones((4, 2)), np.ones((4, 1)), verbose=0)
    legacy_fits.append(len(history.history["loss"]))
print("tf_keras", tf_keras.__version__, "fit epochs:", legacy_fits)
assert legacy_fits == [1, 1], (
    "expected tf_keras to train the same layer"
)
legacy_source = inspect.getsource(
    tf_keras.layers.Layer._autographed_call
)
assert "autograph.tf_convert(" in legacy_source, (
    "expected tf_keras to convert call with AutoGraph"
)
