"""Eager vs tf.function at a glance

When you hit it: code that works line by line breaks, or behaves
differently, once you wrap it in `tf.function`.

What is going on: eagerly, each op runs as Python reaches it. Inside
`tf.function`, Python runs once per trace to build a graph, and the
graph runs on each call.

| | Eager | Inside `tf.function` |
|---|---|---|
| `tf.executing_eagerly()` | `True` | `False` |
| `x.numpy()` | the value | [`AttributeError`](graphs.md#numpy-on-symbolic-tensor) |
| `x.shape`, `None` signature | `(3,)` | `(None,)`; [use `tf.shape(x)`](graphs.md#reduce-retracing-shapes) |
| Python `print`, `append` | every call | [once per trace](graphs.md#python-side-effects-trace-only) |
| `tf.print` | every call | [every call](graphs.md#tf-print-goes-to-stderr) |
| `if` on a tensor | Python `bool` | [graph cond](graphs.md#autograph-tensor-conditions) |
| float32 op float64 | [`InvalidArgumentError`](debugging.md#dtype-mismatch-in-math) | `TypeError` at trace |
| `tf.Variable(...)` in body | [new each call](debugging.md#variable-created-in-tf-function) | `ValueError`: create it once |

Pitfall: a `print` in a `tf.function` fires while tracing, not on each
call ([side effects](graphs.md#python-side-effects-trace-only)). Use
`tf.print`, or [run functions eagerly](debugging.md#debug-tf-function-eagerly)
to debug line by line, and set it back after.

Checked: this run checks the first three rows and the eager `if`; each
link leads to the card that proves the rest of its row.

severity: tip
topics: G10
aliases:
  - difference between eager execution and graph mode
  - code works without @tf.function but breaks with it
  - tf.config.experimental_run_functions_eagerly
  - how to debug a tf.function line by line
  - tf.executing_eagerly() returns False
  - works eagerly but fails or behaves differently inside tf.function
"""

import tensorflow as tf


# --8<-- [start:show]
def probe(batch):
    return {
        "eager": tf.executing_eagerly(),
        "has_numpy": hasattr(batch, "numpy"),
        "static_shape": batch.shape.as_list(),
        "dynamic_size": tf.shape(batch)[0],
    }


graph_probe = tf.function(
    probe, input_signature=[tf.TensorSpec([None], tf.float32)]
)
eager_report = probe(tf.ones([3]))
graph_report = graph_probe(tf.ones([3]))  # Python values: trace-time
# --8<-- [end:show]


def bool_of_tensor(score):
    return "yes" if score > 0 else "no"


eager_if = [bool_of_tensor(tf.constant(v)) for v in (1.0, -1.0)]
rows = [
    ("executing_eagerly", eager_report["eager"], graph_report["eager"]),
    (
        "has .numpy()",
        eager_report["has_numpy"],
        graph_report["has_numpy"],
    ),
    (
        "static shape",
        eager_report["static_shape"],
        graph_report["static_shape"],
    ),
    (
        "tf.shape(x)[0]",
        int(eager_report["dynamic_size"]),
        int(graph_report["dynamic_size"]),
    ),
]
for name, eager, graph in rows:
    print(f"{name:18} eager: {str(eager):6} graph: {graph}")
print("eager if on 1.0, -1.0:", eager_if)

assert eager_report["eager"] and not graph_report["eager"], (
    "expected executing_eagerly True outside, False inside"
)
assert eager_report["has_numpy"] and not graph_report["has_numpy"], (
    "expected .numpy() only on eager tensors"
)
assert eager_report["static_shape"] == [3], "expected a concrete shape"
assert graph_report["static_shape"] == [None], (
    "expected the static shape to be unknown (None) in the graph"
)
assert int(graph_report["dynamic_size"]) == 3, "expected tf.shape = 3"
assert int(eager_report["dynamic_size"]) == 3, "expected tf.shape = 3"
assert eager_if == ["yes", "no"], (
    "expected a Python bool from a tensor comparison eagerly"
)
