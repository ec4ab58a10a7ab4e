"""Update a tf.Variable with assign, never by rebinding its name

When you hit it: you keep a counter or a weight in a `tf.Variable` and
write `step = step + 1` or `step += 1` to update it.

What is going on: `step + 1` reads the variable and returns a new
immutable `tf.Tensor`; `=` then points the Python name at that tensor,
and the variable is gone from your code. `tf.Variable.assign`,
`assign_add` and `assign_sub` change the variable in place, eagerly and
inside `tf.function`, where they persist across calls.

Pitfall: `step = step + 1` fails silently: later code gets a tensor
with no `assign`, so no update reaches the variable. `step += 1` at
least raises `RuntimeError: variable += value with tf.Variables is not
supported`.

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
"""

import tensorflow as tf

# --8<-- [start:wrong]
step = tf.Variable(0)
step = step + 1  # now a Tensor; the Variable is lost
# --8<-- [end:wrong]
rebound_type = type(step).__name__
rebound_has_assign = hasattr(step, "assign")
print("after step = step + 1:", rebound_type)

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

assert rebound_type == "EagerTensor", (
    "expected rebinding to give a Tensor"
)
assert not rebound_has_assign, "expected the tensor to have no assign"
assert "is not supported" in message, (
    "expected += on a Variable to raise"
)
assert isinstance(step, tf.Variable), "expected assign_add to keep it"
assert int(step) == 4, "expected 1 eager + 3 graph increments"
step.assign_sub(4)
assert int(step) == 0, "expected assign_sub to subtract in place"
