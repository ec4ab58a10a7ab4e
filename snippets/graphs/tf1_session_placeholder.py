"""`tf.Session` and `tf.placeholder` are TF 1: call functions instead

When you hit it: old code or a tutorial fails with "module 'tensorflow'
has no attribute 'Session'" (or `placeholder`, `get_default_graph`).

What is going on: TensorFlow 2 runs ops eagerly, so there is no session
to run a graph in and no placeholder to feed. The TF 1 API is still
under `tf.compat.v1`. `tf.compat.v1.placeholder` raises in eager code,
but builds under `tf.Graph().as_default()`, which a
`tf.compat.v1.Session(graph=...)` runs
([one graph per model](graphs.md#tf1-tensor-from-another-graph)).
Port the code: a placeholder becomes a function argument, `sess.run` a
call, and `tf.function` makes the graph.

Pitfall: `tf.compat.v1.disable_eager_execution()` runs TF 1 graph code
as a stopgap, but it turns eager mode off for the whole process: a
Keras 3 `fit` then fails.

severity: crash
topics: G10
aliases:
  - "AttributeError: module 'tensorflow' has no attribute 'placeholder'"
  - "AttributeError: module 'tensorflow' has no attribute 'get_default_graph'"
  - tf.placeholder() is not compatible with eager execution
  - migrate TensorFlow 1 code to TensorFlow 2
  - sess.run and feed_dict in TensorFlow 2
  - tf.global_variables_initializer in TF2
"""

import keras
import numpy as np
import tensorflow as tf

assert tf.executing_eagerly(), "expected eager execution"
try:
    # --8<-- [start:wrong]
    sess = tf.Session()  # TF 1
    # --8<-- [end:wrong]
except AttributeError as err:
    session_message = str(err)
print("AttributeError:", session_message)
assert (
    session_message == "module 'tensorflow' has no attribute 'Session'"
)
assert not hasattr(tf, "placeholder"), "expected no tf.placeholder"
assert not hasattr(tf, "get_default_graph"), "expected none"

try:
    tf.compat.v1.placeholder(tf.float32, shape=[None, 2])
except RuntimeError as err:
    placeholder_message = str(err)
print("RuntimeError:", placeholder_message)
assert "not compatible with eager execution" in placeholder_message
graph = tf.Graph()
with graph.as_default():  # eager code stops inside the block
    fed_x = tf.compat.v1.placeholder(tf.float32, shape=[None, 2])
    fed_sum = tf.reduce_sum(fed_x * 2.0, axis=1)
    assert not tf.executing_eagerly() and fed_x.graph is graph
with tf.compat.v1.Session(graph=graph) as sess:
    graph_result = sess.run(fed_sum, {fed_x: [[1.0, 2.0]]})
assert tf.executing_eagerly(), "expected eager again after the block"
assert graph_result.tolist() == [6.0], "expected the graph to run"


# --8<-- [start:right]
@tf.function  # was: x = tf.placeholder(...); sess.run(y, feed_dict)
def scores(x):
    return tf.reduce_sum(x * 2.0, axis=1)


print("scores:", scores(tf.constant([[1.0, 2.0], [3.0, 4.0]])).numpy())
# --8<-- [end:right]
assert scores(tf.ones((1, 2))).numpy().tolist() == [4.0]
assert hasattr(tf.compat.v1, "Session"), "expected the compat API"

# The stopgap: TF 1 code runs, for the whole process, and Keras 3 breaks.
tf.compat.v1.disable_eager_execution()
x = tf.compat.v1.placeholder(tf.float32, shape=[None, 2])
with tf.compat.v1.Session() as sess:
    fed = sess.run(tf.reduce_sum(x * 2.0, axis=1), {x: [[1.0, 2.0]]})
print("TF 1 graph after disable_eager_execution:", fed)
assert fed.tolist() == [6.0] and not tf.executing_eagerly()
model = keras.Sequential(
    [keras.Input(shape=(2,)), keras.layers.Dense(1)]
)
model.compile(loss="mse")
try:
    model.fit(np.ones((4, 2)), np.ones(4), verbose=0)
except RuntimeError as err:
    keras_message = str(err)
print("Keras 3 fit: RuntimeError:", keras_message)
assert (
    "only supports Python-style iteration in eager mode"
    in keras_message
)
