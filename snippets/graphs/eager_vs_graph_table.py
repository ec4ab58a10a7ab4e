"""Eager vs tf.function at a glance

When you hit it: code that works line by line breaks, or behaves
differently, once you wrap it in `tf.function`.

What is going on: eagerly, each op runs as Python reaches it. Inside
`tf.function`, Python runs once per trace to build a graph, and the
graph runs on each call. The run measures every row:

| | Eager | Inside `tf.function` |
|---|---|---|
| `tf.executing_eagerly()` | `True` | `False` |
| `x.numpy()` | the value | `AttributeError` |
| `x.shape`, `None` signature | `(3,)` | `(None,)`; use `tf.shape(x)` |
| Python `print`, `append` | every call | once per trace |
| `tf.print` | every call | every call |
| `if` on a tensor | Python `bool` | graph cond (`StatelessIf`) |
| float32 op float64 | `InvalidArgumentError` | `TypeError` at trace |
| `tf.Variable(...)` in body | new each call | `ValueError`: create it once |

Pitfall: Python side effects run only while tracing, so a `print` in a
`tf.function` fires when it traces, not on each call. Use `tf.print`,
or call `tf.config.run_functions_eagerly(True)` to debug line by line,
and set it back after.

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

import os
import tempfile

import tensorflow as tf

log_url = "file://" + os.path.join(tempfile.mkdtemp(), "print.log")
python_calls = []


# --8<-- [start:show]
def probe(batch):
    python_calls.append(1)  # Python side effect
    tf.print("tf.print", output_stream=log_url)
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
first_calls = len(python_calls)  # 1 eager call + 1 trace
log_path = log_url[len("file://") :]


def count_lines(path):
    with open(path) as log_file:
        return len(log_file.read().splitlines())


python_calls.clear()
before = count_lines(log_path)
for _ in range(2):
    probe(tf.ones([3]))
eager_calls = len(python_calls)
eager_prints = count_lines(log_path) - before

python_calls.clear()
before = count_lines(log_path)
for _ in range(2):
    graph_probe(tf.ones([3]))
graph_calls = len(python_calls)  # 0: traced already
graph_prints = count_lines(log_path) - before


errors = {}


def error_name(fn, *args):
    try:
        fn(*args)
    except Exception as err:  # the row is about which type is raised
        errors[type(err).__name__] = str(err)
        return type(err).__name__
    return "no error"


def mix_dtypes(a, b):
    return a * b


def bool_of_tensor(score):
    return "yes" if score > 0 else "no"


def make_variable(value):
    counter = tf.Variable(0.0)
    return counter.assign_add(value)


one32, one64 = tf.constant([1.0]), tf.constant([1.0], tf.float64)
graph_if_ops = {
    op.type
    for op in tf.function(bool_of_tensor)
    .get_concrete_function(tf.TensorSpec([]))
    .graph.get_operations()
}
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
    ("Python appends / 2", eager_calls, graph_calls),
    ("tf.print lines / 2", eager_prints, graph_prints),
    (
        "if on a tensor",
        "Python bool"
        if bool_of_tensor(tf.constant(1.0)) == "yes"
        else "?",
        "StatelessIf"
        if "StatelessIf" in graph_if_ops
        else "no cond op",
    ),
    (
        "f32 * f64",
        error_name(mix_dtypes, one32, one64),
        error_name(
            tf.function(mix_dtypes).get_concrete_function, one32, one64
        ),
    ),
    (
        "tf.Variable in body",
        error_name(make_variable, 1.0),
        error_name(tf.function(make_variable), tf.constant(1.0)),
    ),
]
python_calls.clear()
tf.config.run_functions_eagerly(True)
debug_report = graph_probe(tf.ones([3]))
graph_probe(tf.ones([3]))
tf.config.run_functions_eagerly(False)
debug_calls = len(python_calls)
graph_probe(tf.ones([3]))
after_debug_calls = len(python_calls) - debug_calls

for name, eager, graph in rows:
    print(f"{name:20} eager: {str(eager):21} graph: {graph}")

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
assert first_calls == 2, "expected the trace to run the Python once"
assert eager_calls == 2 and graph_calls == 0, (
    "expected Python side effects every eager call, none after tracing"
)
assert eager_prints == 2 and graph_prints == 2, (
    "expected tf.print to run on every call in both modes"
)
assert bool_of_tensor(tf.constant(1.0)) == "yes", (
    "expected bool(tensor) to work eagerly"
)
assert "StatelessIf" in graph_if_ops, (
    "expected a tensor if to become a cond"
)
assert rows[6][1:] == ("InvalidArgumentError", "TypeError"), (
    "expected different dtype-mismatch errors eager vs graph"
)
assert rows[7][1:] == ("no error", "ValueError"), (
    "expected tf.Variable in a tf.function body to raise"
)
eager_counts = [float(make_variable(1.0)) for _ in range(2)]
assert eager_counts == [1.0, 1.0], (
    "expected a new variable, starting from 0, on each eager call"
)
assert "singleton tf.Variables" in errors["ValueError"], (
    "expected the tf.function variable-creation error"
)
assert "created once or created outside" in errors["ValueError"], (
    "expected the error to say: create it once"
)
assert debug_calls == 2 and debug_report["eager"], (
    "expected run_functions_eagerly(True) to run the function eagerly"
)
assert after_debug_calls == 0, (
    "expected the graph back once set to False"
)
