"""XLA with jit_compile=True fuses ops; measure before you keep it

When you hit it: a `tf.function` runs a long chain of small elementwise
ops and you wonder whether XLA makes it faster.

What is going on: `tf.function(jit_compile=True)` compiles the whole
function with XLA, which fuses the chain into a single kernel (the run
reads the optimised HLO from `experimental_get_compiler_ir`). Results
agree with the plain graph to float32 rounding. Speed can differ by
device, shape and load: the run prints what it measured on this
machine's CPU (2 cores, TensorFlow 2.21 CPU build), and calls a gap
under 20% no clear winner.

Pitfall: never assume XLA is faster; time warm calls of both versions
on your hardware. The first XLA call also pays for compiling, and each
new input shape compiles again, even when the function is not retraced.

severity: perf
topics: F4
volatile: timings vary from run to run
aliases:
  - tf.function(experimental_compile=True)
  - tf.config.optimizer.set_jit(True)
  - TF_XLA_FLAGS=--tf_xla_auto_jit=2
  - does XLA make training faster
  - jit_compile=True speedup and performance on GPU and CPU
  - jit_compile made my model slower
  - training is slower with XLA than without
  - first call of a compiled function is very slow
  - XLA recompiles for every new input shape
"""

import os
import platform
import time

import numpy as np
import tensorflow as tf


# --8<-- [start:show]
def gelu_chain(x):
    for _ in range(8):  # many small elementwise ops
        x = 0.5 * x * (1 + tf.tanh(0.7978846 * (x + 0.044715 * x**3)))
    return x


any_length = [tf.TensorSpec([None], tf.float32)]  # one trace
plain = tf.function(gelu_chain, input_signature=any_length)
fused = tf.function(
    gelu_chain, input_signature=any_length, jit_compile=True
)
# --8<-- [end:show]


def first_and_best_ms(function, inputs, repeats=10):
    start = time.perf_counter()
    function(inputs).numpy()  # first call: trace (and compile)
    first = (time.perf_counter() - start) * 1000
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        function(inputs).numpy()
        times.append((time.perf_counter() - start) * 1000)
    return first, min(times)


inputs = tf.random.stateless_normal([1_000_000], seed=[1, 2])
_, plain_ms = first_and_best_ms(plain, inputs)
_, fused_ms = first_and_best_ms(fused, inputs)
# A new shape: no retrace (one signature), so the first call times
# XLA's compile; the plain graph runs the new shape at once.
other = tf.random.stateless_normal([300_000], seed=[1, 2])
plain_new_first_ms, _ = first_and_best_ms(plain, other)
fused_new_first_ms, fused_new_ms = first_and_best_ms(fused, other)
if fused_ms < 0.8 * plain_ms:
    winner = "XLA faster here"
elif plain_ms < 0.8 * fused_ms:
    winner = "plain graph faster here"
else:
    winner = "no clear winner here"
graph_ops = len(plain.get_concrete_function().graph.get_operations())
hlo = fused.experimental_get_compiler_ir(inputs)(stage="optimized_hlo")
max_diff = float(tf.reduce_max(tf.abs(plain(inputs) - fused(inputs))))

print(
    f"{os.cpu_count()} CPU cores, {platform.machine()}, "
    f"TensorFlow {tf.__version__}; 1,000,000 float32 values"
)
print(
    f"plain graph: {graph_ops} ops; XLA: {hlo.count('fusion(')} "
    "fused kernel"
)
print(
    f"plain {plain_ms:.1f} ms, XLA {fused_ms:.1f} ms (best of 10) -> "
    f"{winner}"
)
print(
    f"new shape, first call: plain {plain_new_first_ms:.0f} ms, XLA "
    f"{fused_new_first_ms:.0f} ms (XLA warm {fused_new_ms:.1f} ms); "
    f"XLA traces: {fused.experimental_get_tracing_count()}"
)
print(f"largest difference: {max_diff:.1e}")

assert hlo.count("fusion(") == 1, "expected XLA to fuse the whole chain"
assert fused.experimental_get_tracing_count() == 1, (
    "expected one trace for every length"
)
assert fused_new_first_ms > 3 * fused_new_ms, (
    "expected a new shape to compile again without a retrace"
)
assert fused_new_first_ms > 3 * plain_new_first_ms, (
    "expected the first call's extra time to be XLA's compile"
)
assert graph_ops > 50, "expected the plain graph to keep many small ops"
assert np.allclose(plain(inputs), fused(inputs), atol=1e-5), (
    "expected XLA and the plain graph to agree"
)
