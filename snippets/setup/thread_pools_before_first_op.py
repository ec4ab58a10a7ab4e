"""Size the CPU thread pools before the first op, or it raises

When you hit it: you share a machine or run several workers per host,
and cap TensorFlow's threads with
`tf.config.threading.set_intra_op_parallelism_threads`.

What is going on: TensorFlow has two CPU pools for ops: intra-op
threads split one op (a large matmul), inter-op threads run independent
ops side by side. The default `0` lets TensorFlow choose. The pools are
created when the runtime starts, at the first op, with the sizes set by
then, and are never resized. tf.data has its own threads: see
[tf.data's thread budget](performance.md#cpu-threading-settings).

Pitfall: calling a setter after any tensor exists raises `RuntimeError`,
unless it repeats the value already set, which changes nothing. Set
both right after the imports, before building data or models.

Checked: the run counts the threads the runtime started, on Linux: the
intra-op and inter-op threads, plus one more. At 2.21 the inter-op
ones are named `tf_Compute` and the extra one `tf_graph_runner`; the
intra-op ones keep the process's name. TF 2.16 to 2.20 leave them all
unnamed, so there the run checks the total only.

severity: crash
topics: S5
aliases:
  - set_intra_op_parallelism_threads raises RuntimeError
  - limit the number of CPU threads
  - uses all CPU cores on a shared machine
  - set_inter_op_parallelism_threads has no effect
  - tf.ConfigProto(intra_op_parallelism_threads=1, inter_op_parallelism_threads=1)
  - run on a single CPU core
"""

import os
from collections import Counter

import tensorflow as tf


def thread_names():
    """How many of this process's threads bear each name (Linux)."""
    names = Counter()
    for task in os.listdir("/proc/self/task"):
        with open(f"/proc/self/task/{task}/comm") as comm:
            names[comm.read().strip()] += 1
    return names


with open("/proc/self/comm") as comm:
    process_name = comm.read().strip()  # unnamed threads inherit it
defaults = (
    tf.config.threading.get_intra_op_parallelism_threads(),
    tf.config.threading.get_inter_op_parallelism_threads(),
)
threads_before = thread_names()

# --8<-- [start:right]
# Right after the imports, before any tensor exists.
tf.config.threading.set_intra_op_parallelism_threads(1)
tf.config.threading.set_inter_op_parallelism_threads(1)
# --8<-- [end:right]

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

tf.config.threading.set_intra_op_parallelism_threads(1)  # same: passes
tf.matmul(weights, weights)  # an op on the pools
started = thread_names() - threads_before
print("threads started:", sum(started.values()), "(pools of 1 and 1)")
tf_release = tuple(int(part) for part in tf.__version__.split(".")[:2])
named = tf_release >= (2, 21)  # thread names are new in 2.21
if named:
    intra_threads, inter_threads = (
        started[process_name],
        started["tf_Compute"],
    )
    print(
        "by name: intra-op",
        intra_threads,
        "| inter-op",
        inter_threads,
        "| tf_graph_runner",
        started["tf_graph_runner"],
    )

assert defaults == (0, 0), "expected 0 (TensorFlow chooses) by default"
assert intra_message == (
    "Intra op parallelism cannot be modified after initialization."
), "expected the intra-op error after the runtime started"
assert "Inter op parallelism cannot be modified" in inter_message, (
    "expected the inter-op error after the runtime started"
)
assert sum(started.values()) == 1 + 1 + 1, (
    "expected 1 intra-op + 1 inter-op thread, plus one"
)
if named:
    assert inter_threads == 1, (
        "expected the runtime to start 1 inter-op thread"
    )
    assert intra_threads == 1, (
        "expected the runtime to start 1 intra-op thread"
    )
    assert started["tf_graph_runner"] == 1, (
        "expected one tf_graph_runner"
    )
else:
    assert set(started) == {process_name}, (
        "expected older releases to leave the new threads unnamed"
    )
