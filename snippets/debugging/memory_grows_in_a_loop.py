"""Memory grows in a loop: count the graphs and tensors it keeps first

When you hit it: resident memory climbs while a loop calls a
`tf.function` or a model, and it looks like a TensorFlow leak.

What is going on: a `tf.function` keeps every graph it traces, one per
new Python number ([retracing warning](debugging.md#retracing-warning))
or input shape, for as long as the function object lives;
`keras.utils.clear_session()` does not drop them. A `tf.function`
created inside the loop traces again on every step, but each dropped
one is freed, its graph included. A list that holds each step's output
tensors holds their memory. Pass numbers as tensors or fix an
`input_signature`, and keep `float(...)` values. For a few rows per
step, prefer calling the model to `predict`
([predict vs call](deploy.md#predict-vs-call)).

Pitfall: calling growth a leak before counting traces
(`experimental_get_tracing_count()`) and kept tensors. Retraced shapes:
[`reduce_retracing`](graphs.md#reduce-retracing-shapes); models built
in a loop: [`clear_session`](training.md#models-in-a-loop).

Checked: on this machine's CPU (the versions are printed), with resident
memory (`VmRSS`) read before and after each loop, each time after
`gc.collect()` and glibc's `malloc_trim(0)`, after a warm-up; the
numbers vary from run to run, the asserts allow wide margins. Here
100 traces grew it by more than 4 MiB; a shortened loop of
[tensorflow#62551](https://github.com/tensorflow/tensorflow/issues/62551)
(5000 eager and 1000 `tf.function` calls of `tf.zeros`) and 300 eager
calls of a one-layer model grew it by under 4 MiB each; the eager
`tf.zeros` loop grew it by over 1.5 MiB with TF 2.16 in the matrix,
and by under 1.5 MiB with 2.17 and later. 100 functions made in the
loop and dropped grew it by under 2 MiB, and their graphs left the
eager context's function library (`AtomicFunction.__del__` in
`tensorflow/python/eager/polymorphic_function/atomic_function.py`
removes them); the kept function's 100 float graphs stayed there until
it was deleted. Only these loops ran here, not the reports' models. Users report growth tied to
releases: a model's forward pass with Python 3.11 and TF 2.12
([tensorflow#60131](https://github.com/tensorflow/tensorflow/issues/60131)),
that `tf.zeros` loop with Python 3.11 and TF 2.15,
training with TF 2.16 and 2.17 but not 2.11.1
([tensorflow#73457](https://github.com/tensorflow/tensorflow/issues/73457)),
fitting many models with TF 2.18
([tensorflow#80753](https://github.com/tensorflow/tensorflow/issues/80753)).
Check such growth on your own release with a loop like these before
you upgrade or report it. The graph cache has no size limit: tracing
only adds to it and reads it
(`tensorflow/python/eager/polymorphic_function/tracing_compilation.py`,
`tensorflow/core/function/polymorphism/function_cache.py`).

severity: perf
topics: E19, G4, T16
volatile: resident memory varies from run to run
aliases:
  - memory leak when calling model in a loop tensorflow
  - RAM keeps increasing with every call of a tf.function
  - Python 3.11 TensorFlow memory leak
  - memory leak in forward pass model(x) in a for loop
  - memory usage grows every iteration of a training loop
  - memory is definitely leaking when training many models
  - clear_session does not free memory of tf.function
  - creating @tf.function repeatedly in a loop
  - does tf.function cache every trace forever
"""

import ctypes
import gc
import inspect
import re
import sys
import weakref

import keras
import numpy as np
import tensorflow as tf
from tensorflow.core.function.polymorphism import function_cache
from tensorflow.python.eager import context as eager_context
from tensorflow.python.eager.polymorphic_function import (
    tracing_compilation,
)


def resident_mib():
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise AssertionError("expected VmRSS in /proc/self/status")


def settled_mib():  # before a loop: hand freed heap back first
    gc.collect()
    ctypes.CDLL("libc.so.6").malloc_trim(0)  # glibc, Linux
    return resident_mib()


print(
    f"Python {sys.version_info.major}.{sys.version_info.minor},",
    f"TensorFlow {tf.__version__}, Keras {keras.__version__}",
)
features = tf.ones([4])


@tf.function
def warm_up(features, factor):
    return features * factor


for step in range(30):  # first traces load code and caches
    warm_up(features, step / 30)
    warm_up(features, tf.constant(step / 30))
assert warm_up.experimental_get_tracing_count() == 31, (
    "expected 30 traces for floats and one for all the tensors"
)

keras.utils.set_random_seed(0)
model = keras.Sequential([keras.Input((16,)), keras.layers.Dense(256)])
batch = np.ones((1024, 16), "float32")  # output: 1 MiB per call
for _ in range(20):
    model(batch)
gc.collect()
gc.freeze()  # later gc.collect() calls skip the objects made so far

before = settled_mib()
for _ in range(300):
    model(batch)  # eager forward pass, nothing kept
call_growth = settled_mib() - before


def zeros():
    return tf.zeros(shape=(1,))


zeros_fn = tf.function(zeros)
for _ in range(1000):  # warm-up
    zeros()
    zeros_fn()
before = settled_mib()
for _ in range(5000):
    zeros()
eager_growth = settled_mib() - before
before = settled_mib()
for _ in range(1000):
    zeros_fn()
function_growth = settled_mib() - before
print(
    f"300 model calls: RSS {call_growth:+.1f} MiB;",
    f"5000 eager tf.zeros: {eager_growth:+.1f} MiB;",
    f"1000 tf.function tf.zeros: {function_growth:+.1f} MiB",
)
for name, growth in (
    ("model calls", call_growth),
    ("eager tf.zeros", eager_growth),
    ("tf.function tf.zeros", function_growth),
):
    assert growth < 4.0, f"expected under 4 MiB for {name} here"
tf_release = tuple(int(part) for part in tf.__version__.split(".")[:2])
if tf_release == (2, 16):  # the tf.zeros leak of tensorflow#62551
    assert eager_growth > 1.5, "expected eager tf.zeros to grow on 2.16"
else:
    assert eager_growth < 1.5, "expected eager tf.zeros not to grow"

created, graph_names = [], []
before = settled_mib()
for _ in range(100):
    step_fn = tf.function(lambda features: features * 2.0)
    step_fn(features)  # a new function: a new trace every step
    created.append(weakref.ref(step_fn))
    assert step_fn.experimental_get_tracing_count() == 1
    graph = step_fn.get_concrete_function(features)  # no new trace
    graph_names.append(graph.function_def.signature.name)
    assert eager_context.context().has_function(graph_names[-1])
del step_fn, graph
gc.collect()
created_growth = settled_mib() - before
alive = sum(ref() is not None for ref in created)
registered = sum(
    eager_context.context().has_function(name) for name in graph_names
)
print(
    f"tf.function made in the loop: 100 traces, {alive} still alive,",
    f"{registered} graphs registered, RSS {created_growth:+.1f} MiB",
)
assert len(set(graph_names)) == 100, "expected 100 distinct graphs"
assert alive == 0, "expected dropped functions to be collected"
assert registered == 0, "expected their graphs removed from the runtime"
assert created_growth < 2.0, "expected dropped graphs to free memory"

before = settled_mib()


# --8<-- [start:wrong]
@tf.function
def scale(features, factor):
    return features * factor


for step in range(100):
    scale(features, step / 100)  # a new float: a new graph, kept
# --8<-- [end:wrong]
traced_growth = settled_mib() - before
traces = scale.experimental_get_tracing_count()
scale(features, 0.5)  # seen before: no new trace
keras.utils.clear_session()
scale(features, 0.25)  # still kept after clear_session
kept_traces = scale.experimental_get_tracing_count()
print(
    f"Python floats: {traces} traces, RSS {traced_growth:+.1f} MiB;",
    f"after clear_session still {kept_traces} graphs",
)
assert traces == 100, "expected one trace per new Python float"
assert kept_traces == 100, "expected the old graphs to be reused, kept"
assert traced_growth > 4.0, "expected 100 kept graphs to take memory"

for length in (1, 2, 3, 1, 2, 3):  # new shapes, then the same again
    scale(tf.ones([length]), 1.0)
assert scale.experimental_get_tracing_count() == 103, (
    "expected one kept graph per input shape"
)
kept_names = {
    scale.get_concrete_function(
        features, step / 100
    ).function_def.signature.name
    for step in range(100)
}
assert scale.experimental_get_tracing_count() == 103, "no new trace"
assert len(kept_names) == 100, "expected 100 distinct float graphs"
assert all(map(eager_context.context().has_function, kept_names)), (
    "expected a live function's graphs in the function library"
)
scale_ref = weakref.ref(scale)
graph_ref = weakref.ref(scale.get_concrete_function(features, 0.5))
del scale
gc.collect()
assert scale_ref() is None, "expected the function to be collected"
assert graph_ref() is None, "expected its graphs to go with it"
assert not any(map(eager_context.context().has_function, kept_names)), (
    "expected its graphs to leave the function library"
)

before = settled_mib()


# --8<-- [start:right]
@tf.function(input_signature=[tf.TensorSpec([4]), tf.TensorSpec([])])
def scale_fixed(features, factor):
    return features * factor


for step in range(100):
    scale_fixed(features, step / 100)  # converted to a tensor
# --8<-- [end:right]
fixed_growth = settled_mib() - before
fixed_traces = scale_fixed.experimental_get_tracing_count()
print(
    f"input_signature: {fixed_traces} trace, RSS {fixed_growth:+.1f} MiB"
)
assert fixed_traces == 1, "expected one graph for every float"
assert fixed_growth < 2.0, "expected no growth without new graphs"


before = settled_mib()
# --8<-- [start:tensors]
kept, totals = [], []
for _ in range(50):
    outputs = model(batch)
    kept.append(outputs)  # holds every 1 MiB output
    totals.append(float(tf.reduce_sum(outputs)))  # a float only
# --8<-- [end:tensors]
kept_growth = settled_mib() - before
kept_refs = [weakref.ref(t) for t in kept]
outputs_ref = weakref.ref(outputs)
del kept, outputs
gc.collect()
print(
    f"50 outputs kept in a list: RSS {kept_growth:+.1f} MiB;",
    f"alive after del: {sum(r() is not None for r in kept_refs)}",
)
assert kept_growth > 25.0, (
    "expected 50 kept 1 MiB outputs to hold memory"
)
assert all(r() is None for r in kept_refs), "expected del to free them"
assert outputs_ref() is None, "expected the last output freed too"
assert all(isinstance(total, float) for total in totals)

tracing_source = inspect.getsource(tracing_compilation)
cache_calls = set(
    re.findall(r"function_cache\.(\w+)\(", tracing_source)
)
print("tracing calls on the graph cache:", sorted(cache_calls))
assert cache_calls == {"add", "generalize", "lookup"}, (
    "expected tracing never to delete or clear cached graphs"
)
assert (
    list(inspect.signature(function_cache.FunctionCache).parameters)
    == []
), "expected no size limit to configure"
