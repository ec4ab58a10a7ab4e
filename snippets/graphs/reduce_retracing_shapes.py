"""Let tf.function generalise shapes with reduce_retracing=True

When you hit it: a `tf.function` receives batches whose length changes
(last partial batch, variable-length text) and traces again for each new
shape.

What is going on: by default `tf.function` traces one graph per input
shape it sees. With `tf.function(reduce_retracing=True)` it relaxes the
changed dimension to `None` after the second shape, so one general graph
serves every later length. `experimental_get_tracing_count()` tells you
how many traces a function made.

Pitfall: a general graph knows less (`x.shape[0]` is `None` in it), so
code that needs the static length must use `tf.shape(x)[0]`. For a
fixed contract, prefer an `input_signature`.

Checked: the run records `x.shape[0]` as 1 in the first trace and
`None` in the general one; for `[rows, 4]` batches the general graph
sees `[None, 4]`. `tf.zeros([x.shape[0]])` then raises
`TypeError`, while `tf.zeros([tf.shape(x)[0]])` works for lengths 1
to 4.

severity: perf
topics: G4
aliases:
  - experimental_relax_shapes is deprecated, use reduce_retracing instead
  - experimental_relax_shapes=True
  - tf.function recompiles for every new sequence length
  - how to stop retracing when the input shape changes
  - retraces for the last smaller batch
"""

import tensorflow as tf


@tf.function
def default_sum(tokens):
    return tf.reduce_sum(tokens)


# --8<-- [start:show]
@tf.function(reduce_retracing=True)
def relaxed_sum(tokens):
    return tf.reduce_sum(tokens)


for length in range(1, 7):  # six different shapes
    tokens = tf.ones([length])
    default_sum(tokens)  # 6 traces
    relaxed_sum(tokens)  # 2 traces: [1], then [None]
# --8<-- [end:show]

default_count = default_sum.experimental_get_tracing_count()
relaxed_count = relaxed_sum.experimental_get_tracing_count()
print("default traces:         ", default_count)
print("reduce_retracing traces:", relaxed_count)

general = relaxed_sum.get_concrete_function(tf.TensorSpec([None]))
print("general graph input:", general.structured_input_signature[0][0])

static_lengths = []


@tf.function(reduce_retracing=True)
def zeros_static(tokens):
    static_lengths.append(tokens.shape[0])  # Python: at trace time
    return tf.zeros([tokens.shape[0]]) + tokens


@tf.function(reduce_retracing=True)
def zeros_dynamic(tokens):
    return tf.zeros([tf.shape(tokens)[0]]) + tokens


batch_shapes = []


@tf.function(reduce_retracing=True)
def batch_sum(batch):
    batch_shapes.append(batch.shape.as_list())  # at trace time
    return tf.reduce_sum(batch)


for rows in (1, 2, 3):
    batch_sum(tf.ones([rows, 4]))
print("[rows, 4] shapes per trace:", batch_shapes)

zeros_static(tf.ones([1]))
try:
    zeros_static(tf.ones([2]))  # general graph: shape[0] is None
    static_error = "no error"
except TypeError:
    static_error = "TypeError"
dynamic_sums = [
    float(tf.reduce_sum(zeros_dynamic(tf.ones([n]))))
    for n in range(1, 5)
]
print("static length per trace:", static_lengths, "->", static_error)
print("tf.shape version, sums:", dynamic_sums)

assert default_count == 6, "expected one trace per input shape"
assert relaxed_count == 2, "expected the shape to be relaxed to None"
assert general.inputs[0].shape.as_list() == [None], (
    "expected the relaxed graph to accept any length"
)
assert relaxed_sum.experimental_get_tracing_count() == 2, (
    "expected the general graph to be reused, not traced again"
)
assert static_lengths == [1, None], (
    "expected x.shape[0] to be None in the general graph"
)
assert batch_shapes == [[1, 4], [None, 4]], (
    "expected only the changed dimension to become None"
)
assert static_error == "TypeError", (
    "expected a static-length body to fail in the general graph"
)
assert dynamic_sums == [1.0, 2.0, 3.0, 4.0], (
    "expected tf.shape(x)[0] to work for every length"
)
assert zeros_dynamic.experimental_get_tracing_count() == 2, (
    "expected the tf.shape version to use the general graph"
)
