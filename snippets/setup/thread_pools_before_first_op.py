"""Size the CPU thread pools before the first op, or it raises

When you hit it: you share a machine or run several workers per host,
and cap TensorFlow's threads with
`tf.config.threading.set_intra_op_parallelism_threads`.

What is going on: TensorFlow has two CPU pools: intra-op threads split
one op (a large matmul), inter-op threads run independent ops side by
side. The default `0` lets TensorFlow choose. The pools are created
when the runtime starts, at the first op, and cannot be resized.

Pitfall: calling the setter after any tensor exists raises
`RuntimeError`. Set both right after the imports, before building data
or models.

severity: crash
topics: S5
"""

import tensorflow as tf

defaults = (
    tf.config.threading.get_intra_op_parallelism_threads(),
    tf.config.threading.get_inter_op_parallelism_threads(),
)

# --8<-- [start:right]
# Right after the imports, before any tensor exists.
tf.config.threading.set_intra_op_parallelism_threads(2)
tf.config.threading.set_inter_op_parallelism_threads(1)
# --8<-- [end:right]
configured = (
    tf.config.threading.get_intra_op_parallelism_threads(),
    tf.config.threading.get_inter_op_parallelism_threads(),
)
print("defaults:", defaults, "-> configured:", configured)

try:
    # --8<-- [start:wrong]
    weights = tf.ones([64, 64])  # the runtime starts here
    tf.config.threading.set_intra_op_parallelism_threads(4)  # raises
    # --8<-- [end:wrong]
except RuntimeError as err:
    intra_message = str(err)
print("RuntimeError:", intra_message)

try:
    tf.config.threading.set_inter_op_parallelism_threads(4)
except RuntimeError as err:
    inter_message = str(err)
print("RuntimeError:", inter_message)

assert defaults == (0, 0), "expected 0 (TensorFlow chooses) by default"
assert configured == (2, 1), "expected the values set before the first op"
assert intra_message == (
    "Intra op parallelism cannot be modified after initialization."
), "expected the intra-op error after the runtime started"
assert "Inter op parallelism cannot be modified" in inter_message, (
    "expected the inter-op error after the runtime started"
)
assert tf.config.threading.get_intra_op_parallelism_threads() == 2, (
    "expected the pool size set before the first op to stay"
)
