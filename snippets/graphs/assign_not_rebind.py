"""Update a tf.Variable with assign, never by rebinding its name

When you hit it: you keep a counter or a weight in a `tf.Variable` and
write `step = step + 1` or `step += 1` to update it.

What is going on: `step + 1` reads the variable and returns a new
immutable `tf.Tensor`; `=` then points the Python name at that tensor,
and the variable no longer changes. `tf.Variable.assign`, `assign_add`
and `assign_sub` change the variable in place, eagerly and inside
`tf.function`, where they persist across calls. Keras 3 weights
(`layer.kernel`, `add_weight`) are not `tf.Variable`s: on them `+=`
raises nothing and rebinds the name too. From Keras 3.9 (TF 2.18) they
are `keras.Variable`s.

Pitfall: `step = step + 1` fails silently: the name holds a tensor that
counts up while the variable keeps its old value. On a `tf.Variable`,
`step += 1` at least raises `RuntimeError: variable += value with
tf.Variables is not supported`.

severity: silent
topics: G3
aliases:
  - 'tensorflow.python.framework.ops.EagerTensor' object has no attribute 'assign'
  - 'SymbolicTensor' object has no attribute 'assign_add'
  - 'Tensor' object has no attribute 'assign'
  - Variable += value not supported. Use variable.assign_add(value) to modify the variable value and variable = variable + value to get a new Tensor object.
  - how to increment a tf.Variable counter
  - my tf.Variable keeps its old value after I update it
  - tf.assign and tf.assign_add in TF 1.x
  - tf.Variable turns into a plain tf.Tensor after step = step + 1 in a loop
  - keras.Variable += does not update the layer weight
"""

import keras
import tensorflow as tf

# --8<-- [start:wrong]
step = tf.Variable(0)
counter = step  # the same Variable, e.g. held by a model
for _ in range(3):
    step = step + 1  # a new Tensor; the Variable is left behind
# --8<-- [end:wrong]
rebound_type = type(step).__name__
rebound_has_assign = hasattr(step, "assign")
rebound_value = int(step)
print("after 3 x step = step + 1:", rebound_type, rebound_value)
print("the Variable itself:", int(counter))

step = tf.Variable(0)
try:
    step += 1
except RuntimeError as err:
    message = str(err)
print("RuntimeError:", message.split(". ")[0])

# --8<-- [start:right]
step = tf.Variable(0)
step.assign_add(1)  # in place


@tf.function
def train_step():
    step.assign_add(1)  # also in place inside a graph


for _ in range(3):
    train_step()
# --8<-- [end:right]
print("after assign_add:", type(step).__name__, int(step))


@tf.function
def rescale():
    step.assign(step * 2)
    step.assign_sub(1)


for _ in range(2):
    rescale()  # (4*2-1)*2-1 = 13
graph_value = int(step)
step.assign(10)
step.assign_sub(4)
eager_value = int(step)
print("assign/assign_sub: graph", graph_value, "| eager", eager_value)

layer = keras.layers.Dense(2)
layer.build((None, 3))
extra = keras.layers.Layer().add_weight(shape=(), initializer="zeros")
kernel_before = layer.kernel.numpy().copy()
kernel = layer.kernel
kernel += 1.0  # no error: rebinds the name
weight = extra
weight += 1.0


@tf.function
def graph_plus_equal():
    rebound = extra
    rebound += 1.0
    return rebound


graph_result = float(graph_plus_equal())
print(
    "Keras weight +=:",
    type(kernel).__name__,
    "| kernel changed:",
    bool((layer.kernel.numpy() != kernel_before).any()),
    "| add_weight value:",
    extra.numpy(),
)

assert rebound_type == "EagerTensor", (
    "expected rebinding to give a Tensor"
)
assert not rebound_has_assign, "expected the tensor to have no assign"
assert rebound_value == 3, "expected the tensor to count up"
assert int(counter) == 0, "expected the Variable to stay 0"
assert "is not supported" in message, (
    "expected += on a Variable to raise"
)
assert isinstance(step, tf.Variable), "expected assign_add to keep it"
assert graph_value == 13, "expected assign and assign_sub to persist"
assert rescale.experimental_get_tracing_count() == 1, (
    "expected one graph for both calls"
)
assert eager_value == 6, "expected eager assign and assign_sub"
keras_3_9 = tuple(int(p) for p in keras.version().split(".")[:2]) >= (
    3,
    9,
)
for keras_var in (layer.kernel, extra):
    if (
        keras_3_9
    ):  # Keras 3.4-3.6 export another class as keras.Variable
        assert isinstance(keras_var, keras.Variable), (
            "expected Keras vars"
        )
    assert not isinstance(keras_var, tf.Variable), (
        "expected Keras 3 weights not to be tf.Variables"
    )
assert isinstance(kernel, tf.Tensor), "expected += to give a tensor"
assert isinstance(weight, tf.Tensor), "expected += to give a tensor"
assert (layer.kernel.numpy() == kernel_before).all(), (
    "expected += to leave the kernel unchanged"
)
assert graph_result == 1.0, "expected += in a graph to give a tensor"
assert extra.numpy() == 0.0, "expected += to leave add_weight unchanged"
