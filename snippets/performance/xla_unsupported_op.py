"""jit_compile=True fails on ops XLA cannot compile, such as Python calls

When you hit it: you add `jit_compile=True` to a function that calls
`tf.numpy_function` or a `tf.strings` op, and its first call raises.

What is going on: with `jit_compile=True` XLA must compile every op in
the function; there is no fallback for an op without an XLA kernel. The
error comes at the first call (when the function is traced and
compiled), not where you decorate it. Replace the op with a TensorFlow
op, or call it outside the compiled function and pass its result in: a
`jit_compile=False` function called from inside is compiled too.

Pitfall: there is no partial compile. One unsupported op (a Python
callback, a string op) fails the whole function with
`InvalidArgumentError: Detected unsupported operations`; the message
names what XLA cannot compile, which may be the input, not the op.

Checked: the name is `PyFunc` for `tf.numpy_function`, `EagerPyFunc`
for `tf.py_function`, `AsString` for `tf.strings.as_string` on a float
input, and `_Arg` (the function's argument) when a string tensor is
passed in, as to `tf.strings.join`.

severity: crash
topics: F4
aliases:
  - tf2xla conversion failed while converting
  - No registered 'PyFunc' OpKernel for XLA_GPU_JIT devices compatible with node
  - XLA compilation requires that operator arguments that represent shapes or dimensions be evaluated to concrete values at compile time
  - Input 1 to node `Reshape` with op Reshape must be a compile-time constant.
  - tf.py_function or tf.numpy_function with model.compile(jit_compile=True) fails
  - tf.strings op inside a jit_compile function raises
  - jit_compile fails when an output shape depends on tensor values
"""

import re

import numpy as np
import tensorflow as tf

readings = tf.constant([1.0, 2.0, 3.0])

try:
    # --8<-- [start:wrong]
    @tf.function(jit_compile=True)
    def log_scale(x):
        y = tf.numpy_function(np.log1p, [x], tf.float32)
        return 2.0 * y

    scaled = log_scale(readings)  # raises InvalidArgumentError
    # --8<-- [end:wrong]
except tf.errors.InvalidArgumentError as err:
    first_line = str(err).splitlines()[0]
    message = re.sub(
        r"\[[^\]]*\]", "", first_line
    )  # drop config hashes
print("InvalidArgumentError:", message)
assert "Detected unsupported operations" in message, (
    "expected XLA error"
)
assert "XLA_CPU_JIT: PyFunc" in message, "expected PyFunc named"


@tf.function(jit_compile=True)
def as_text(x):
    return tf.strings.as_string(x)  # decorating does not raise


try:
    as_text(readings)  # the first call compiles, and raises
except tf.errors.InvalidArgumentError as err:
    string_message = str(err).splitlines()[0]
assert "Detected unsupported operations" in string_message, (
    "expected string ops to fail too"
)
assert "XLA_CPU_JIT: AsString" in string_message, (
    "expected the AsString op named"
)


@tf.function(jit_compile=True)
def join_text(text):
    return tf.strings.join([text, text])


@tf.function(jit_compile=True)
def py_log_scale(x):
    return 2.0 * tf.py_function(np.log1p, [x], tf.float32)


named = {}
for case, function, argument in [
    ("string input", join_text, tf.constant(["a"])),
    ("py_function", py_log_scale, readings),
]:
    try:
        function(argument)
    except tf.errors.InvalidArgumentError as err:
        named[case] = (
            str(err).split(" on XLA_CPU_JIT: ")[1].split(" ")[0]
        )
        assert "Detected unsupported operations" in str(err), (
            "expected the same XLA error"
        )
print("unsupported node named:", named)
assert named == {
    "string input": "_Arg",
    "py_function": "EagerPyFunc",
}, "expected the string argument and EagerPyFunc to be named"


# --8<-- [start:right]
@tf.function(jit_compile=True)
def log_scale(x):
    return 2.0 * tf.math.log1p(x)  # a TensorFlow op XLA can compile


scaled = log_scale(readings)
# --8<-- [end:right]
print("scaled:", [f"{value:.4f}" for value in scaled.numpy()])
assert np.allclose(scaled, 2.0 * np.log1p([1.0, 2.0, 3.0])), (
    "expected the XLA version to compute 2*log1p(x)"
)


@tf.function(jit_compile=False)
def uncompiled_log(x):
    return tf.numpy_function(np.log1p, [x], tf.float32)


@tf.function(jit_compile=True)
def nested_scale(x):
    return 2.0 * uncompiled_log(x)  # inlined, so compiled as well


try:
    nested_scale(readings)
except tf.errors.InvalidArgumentError as err:
    nested_message = str(err).splitlines()[0]
else:
    raise AssertionError("expected the nested numpy_function to fail")
nested_fails = "PyFunc" in nested_message
print("jit_compile=False called inside: fails on PyFunc:", nested_fails)
assert "Detected unsupported operations" in nested_message, (
    "expected a jit_compile=False function called inside to be compiled"
)
assert "PyFunc" in nested_message, "expected the nested PyFunc named"


# --8<-- [start:outside]
@tf.function(jit_compile=True)
def scale(y):
    return 2.0 * y


scaled = scale(uncompiled_log(readings))  # Python op runs outside XLA
# --8<-- [end:outside]
print("called outside:", [f"{value:.4f}" for value in scaled.numpy()])
assert np.allclose(scaled, 2.0 * np.log1p([1.0, 2.0, 3.0])), (
    "expected the Python op called outside to work"
)
