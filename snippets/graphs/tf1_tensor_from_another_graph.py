"""`must be from the same graph`: build every TF1 op in one `tf.Graph`

When you hit it: TF1 code run through `tf.compat.v1` stops with
`ValueError: Tensor("Cast_2:0", shape=(384,), dtype=int32) must be from
the same graph as Tensor("mul:0", shape=(384,), dtype=int32)`, or
`sess.run` says `… is not an element of this graph.`

What is going on: every TF1 tensor belongs to one `tf.Graph`. A new op
goes into the graph of its first tensor input (the default graph if it
has none), so an input from another graph raises as the op is built;
a `tf.compat.v1.Session(graph=...)` runs only its own graph's tensors.
Here a tensor built under one `as_default()` block is used under
another. Build the whole model in one graph, or
[port it to functions](graphs.md#tf1-session-placeholder).

Pitfall: under another graph's `as_default()`, `tokens * 2`, whose one
tensor input comes from the first graph, goes into the first graph,
without error. `sess.run` fails later, naming `mul:0`, a name each
graph has.

Checked: on this release the message ends with ` (graphs are … and
…).`, the two graphs' addresses, and names the later input first; the
graph rule is `_get_graph_from_inputs` in
`tensorflow/python/framework/ops.py`.
Some calls on first-graph tensors raise instead: `tf.reduce_sum(tokens)`
without `axis` first builds a `Const` in the default graph
(`_ReductionDims` in `tensorflow/python/ops/math_ops.py`), so the error
names `Const:0`, an op you did not write, and leaves it there.
Feeding a tensor of another graph raises `TypeError: Cannot interpret
feed_dict key as Tensor`. With eager execution on (the TF2 default), a
`tf.compat.v1.Session()` made outside any `as_default()` block runs the
global default graph, which eager code leaves empty (`The Session graph
is empty.`); made inside `with graph.as_default():`, it runs `graph`.
In eager code, `tokens + 1` raises `TypeError: … is out of scope and
cannot be used here.`, and so does a `tf.function` that adds the
captured `tokens` or gets it as its argument. `tf.size(tokens)` reads
only the static shape and returns 384 with no error. `.numpy()` and
`tf.print` on it raise `AttributeError`, as `.numpy()` does on
[a traced tensor](graphs.md#numpy-on-symbolic-tensor).
Colab no longer runs TensorFlow 1, and pip finds no 1.x wheel for a
new Python: [TensorFlow 1 wheels](setup.md#tensorflow-1-no-wheel).
Prefer porting such a notebook to TF2.

severity: crash
topics: G17, G10
aliases:
  - "ValueError: Tensor(\"Cast_2:0\", shape=(384,), dtype=int32) must be from the same graph as Tensor(\"mul:0\", shape=(384,), dtype=int32)."
  - must be from the same graph as Tensor
  - Tensor Tensor("dense_1/Softmax:0", shape=(?, 10), dtype=float32) is not an element of this graph.
  - "TypeError: Cannot interpret feed_dict key as Tensor: Tensor Tensor(...) is not an element of this graph."
  - "RuntimeError: The Session graph is empty. Add operations to the graph before calling run()."
  - keep tf.Graph and tf.Session together with graph.as_default()
  - mixing tensors from two graphs in TensorFlow 1 code
"""

import re

import tensorflow as tf


def masked(err):
    """The message without the graphs' memory addresses."""
    return re.sub(r"0x[0-9a-f]+", "0x…", str(err))


try:
    # --8<-- [start:wrong]
    input_graph = tf.Graph()
    with input_graph.as_default():
        ids = tf.range(384, dtype=tf.int64)
        for _ in range(3):  # Cast, Cast_1, Cast_2
            tokens = tf.cast(ids, tf.int32)

    model_graph = tf.Graph()
    with model_graph.as_default():
        scaled = tf.range(384) * 2  # mul:0
        total = scaled + tokens  # ValueError: tokens is in input_graph
    # --8<-- [end:wrong]
except ValueError as err:
    same_graph_message = str(err)
    print("ValueError:", masked(err))
assert ids.graph is input_graph and scaled.graph is model_graph, (
    "expected an op without tensor inputs in the default graph"
)
assert same_graph_message.startswith(
    'Tensor("Cast_2:0", shape=(384,), dtype=int32) must be from the same'
    ' graph as Tensor("mul:0", shape=(384,), dtype=int32) (graphs are '
), "expected the pasted TF1 message, then the two graphs"
assert same_graph_message.endswith(">)."), same_graph_message
assert same_graph_message.count("Graph object at 0x") == 2, (
    "expected both graphs' addresses in the message"
)
ops_before = len(model_graph.get_operations())
try:
    with model_graph.as_default():
        tokens + scaled  # the other order
except ValueError as err:
    swapped_message = str(err)
assert swapped_message.startswith('Tensor("mul:0"'), (
    "expected the later input to be named first"
)
assert len(model_graph.get_operations()) == ops_before, (
    "expected the failed op not to be added to the graph"
)
assert "AddV2" not in {op.type for op in model_graph.get_operations()}
with model_graph.as_default():
    try:
        tf.reduce_sum(tokens)  # no axis: a Const in model_graph first
    except ValueError as err:
        reduce_message = str(err)
    else:
        raise AssertionError(
            "expected reduce_sum without axis to raise"
        )
print("tf.reduce_sum(tokens):", reduce_message.split(" (graphs")[0])
assert reduce_message.startswith(
    'Tensor("Const:0", shape=(1,), dtype=int32) must be from the same'
    ' graph as Tensor("Cast_2:0"'
), reduce_message
assert len(model_graph.get_operations()) == ops_before + 1, (
    "expected the helper Const left in model_graph"
)
assert model_graph.get_operations()[-1].type == "Const"
with model_graph.as_default():
    summed = tf.reduce_sum(tokens, axis=0)  # axis given: no Const first
assert summed.graph is input_graph, "expected the first graph, silently"
# --8<-- [start:silent]
with model_graph.as_default():
    doubled = tokens * 2  # no error: built in input_graph
# --8<-- [end:silent]
print("doubled:", doubled.name, "| in input_graph:", end=" ")
print(doubled.graph is input_graph)
assert doubled.graph is input_graph, (
    "expected the first graph, silently"
)
assert doubled.name == "mul:0" and scaled.name == "mul:0", (
    "expected the same name in both graphs"
)

with tf.compat.v1.Session(graph=model_graph) as sess:
    try:
        sess.run(doubled)  # the error comes here, at run time
    except ValueError as err:
        fetch_message = str(err)
        print("ValueError:", fetch_message)
    try:
        sess.run(scaled, feed_dict={tokens: [1] * 384})
    except TypeError as err:
        feed_message = str(err)
        print("TypeError:", feed_message)
assert fetch_message.endswith(
    'Tensor Tensor("mul:0", shape=(384,), dtype=int32) is not an element'
    " of this graph.)"
), "expected sess.run to refuse a tensor of another graph"
assert feed_message.startswith(
    'Cannot interpret feed_dict key as Tensor: Tensor Tensor("Cast_2:0"'
) and feed_message.endswith("is not an element of this graph."), (
    "expected a feed of another graph's tensor to be refused"
)

# --8<-- [start:right]
graph = tf.Graph()
with graph.as_default():  # every op: input, model, output
    ids = tf.range(384, dtype=tf.int64)
    tokens = tf.cast(ids, tf.int32)
    scaled = tf.range(384) * 2
    total = scaled + tokens
with tf.compat.v1.Session(graph=graph) as sess:
    print("total[:4]:", sess.run(total)[:4].tolist())
# --8<-- [end:right]
assert total.graph is graph and tokens.graph is graph
assert total.op.type == "AddV2", "expected + to build an AddV2 op"
with tf.compat.v1.Session(graph=graph) as sess:
    assert sess.run(total)[:4].tolist() == [0, 3, 6, 9]

assert tf.executing_eagerly(), "expected the TF2 default: eager"
eager_sum = tf.constant(1) + 1  # eager code adds no op to a graph
try:
    with tf.compat.v1.Session() as sess:  # no graph=, no as_default()
        assert sess.graph is tf.compat.v1.get_default_graph()
        sess.run(tokens)
except RuntimeError as err:
    empty_message = str(err)
print("RuntimeError:", empty_message)
assert empty_message == (
    "The Session graph is empty. Add operations to the graph before "
    "calling run()."
), "expected the eager default graph to be empty"
with graph.as_default(), tf.compat.v1.Session() as sess:  # no graph=
    assert sess.graph is graph, (
        "expected the as_default() block's graph"
    )
    assert sess.run(total)[:4].tolist() == [0, 3, 6, 9]
try:
    tokens + 1  # a graph tensor in eager code
except TypeError as err:
    eager_message = str(err)
assert "is out of scope and cannot be used here." in eager_message
try:
    tokens.numpy()
except AttributeError as err:
    numpy_message = str(err)
else:
    raise AssertionError("expected .numpy() to fail on a graph tensor")
assert "has no attribute 'numpy'" in numpy_message, numpy_message
try:
    tf.print(tokens)
except AttributeError:
    pass
else:
    raise AssertionError("expected tf.print to fail on a graph tensor")
static_size = tf.size(tokens)  # the static shape: no error
print("tf.size(tokens) in eager code:", int(static_size))
assert int(static_size) == 384 and int(tf.rank(tokens)) == 1


@tf.function
def shift(x):
    return x + tokens  # a graph tensor in a tf.function


try:
    shift(tf.constant(1))
except TypeError as err:
    function_message = str(err)
print("TypeError:", function_message.splitlines()[0])
assert "is out of scope and cannot be used here." in function_message


@tf.function
def add_one(x):
    return x + 1


@tf.function
def passthrough(x):
    return x


for function in (add_one, passthrough):
    try:
        function(tokens)  # a graph tensor as the argument
    except TypeError as err:
        argument_message = str(err)
    else:
        raise AssertionError(
            "expected a graph tensor argument to raise"
        )
    assert (
        "is out of scope and cannot be used here." in argument_message
    )
