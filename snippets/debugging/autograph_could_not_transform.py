"""`AutoGraph could not transform`: the function was traced as plain Python

When you hit it: the log shows `WARNING:tensorflow:AutoGraph could not
transform <function ...> and will run it as-is.`, followed by a `Cause:`
line, from a `Dataset.map` or a `tf.function`.

What is going on: AutoGraph reads a function's source to turn Python
control flow on tensors (`if`, `for`, `while`, `x if c else y`) and
builtins such as `len` and `int` into graph ops
([AutoGraph](graphs.md#autograph-tensor-conditions)). When it cannot,
TensorFlow traces the function unconverted. The `Cause:` line says
why, such as two lambdas with the same arguments on one line, a
`for`/`else` or a `self.__name` attribute. Plain tensor arithmetic, as
here, still gives the right result. The rest fails at trace time:
`OperatorNotAllowedInGraphError` for `if`, `while` or `for` on a
tensor, `TypeError` for `range(tensor)`, `len(tensor)` or
`int(tensor)`.

Pitfall: `@tf.autograph.experimental.do_not_convert` only silences the
warning; use it on plain tensor arithmetic only. Else fix the cause:
one lambda per line (or named functions), no `for`/`else`, and
`self._name` in place of `self.__name`.

Checked: the warning goes through the `tensorflow` Python logger
(`tf.get_logger()`), not `warnings`. For the full conversion traceback,
call `tf.autograph.set_verbosity(1)` (or set `AUTOGRAPH_VERBOSITY=1`)
and `tf.get_logger().setLevel("INFO")`; verbosity alone shows nothing
more at the default `WARNING` level. `AUTOGRAPH_STRICT_CONVERSION=1`
raises the cause as an exception instead.

severity: silent
topics: E15, G6
aliases:
  - will run it as-is
  - Unable to locate the source code of
  - found multiple definitions with identical signatures at the location
  - To silence this warning, decorate the function with do_not_convert
  - for/else statement not yet supported
  - mangled names are not yet supported
  - should I worry about the autograph warning in dataset map
  - tf.autograph.set_verbosity to see why AutoGraph failed
"""

import logging
import os
import re
import warnings

import tensorflow as tf


class Collect(logging.Handler):
    """Keeps what TensorFlow logs, to print and check it."""

    def __init__(self):
        super().__init__(logging.DEBUG)
        self.records = []

    def emit(self, record):
        self.records.append(record)


logged = Collect()
tf.get_logger().addHandler(logged)


def warnings_text():
    return [
        re.sub(r" at 0x[0-9a-f]+", "", r.getMessage())
        for r in logged.records
        if "could not transform" in r.getMessage()
    ]


raw_ds = tf.data.Dataset.from_tensor_slices([1.0, -2.0, 3.0])

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    # --8<-- [start:wrong]
    train_ds = raw_ds.map(lambda x: x * 2.0).map(lambda x: x + 1.0)
    # --8<-- [end:wrong]
assert not any("AutoGraph" in str(w.message) for w in caught), (
    "expected the logger, not the warnings module"
)
found = warnings_text()
first, cause = found[0].splitlines()[:2]
print("WARNING:tensorflow:" + first)
print(cause.split(" This error")[0])
print("values still right:", [float(v) for v in train_ds])
assert len(found) == 2, "expected one warning per lambda on the line"
assert "AutoGraph could not transform <function <lambda>>" in first
assert "will run it as-is" in first, "expected the fall-back warning"
assert "found multiple definitions with identical signatures" in cause
assert list(train_ds.as_numpy_iterator()) == [3.0, -3.0, 7.0], (
    "expected plain arithmetic to survive without AutoGraph"
)

try:
    abs_ds = raw_ds.map(lambda x: x if x > 0 else -x).map(lambda x: x)
except tf.errors.OperatorNotAllowedInGraphError as err:
    harm = str(err).split(". ")[0]
print("with control flow:", harm)
assert "as a Python `bool` is not allowed" in harm, (
    "expected unconverted control flow on a tensor to fail at trace time"
)


def clip_sign(x):
    if x > 0:
        x = -x
    for _ in range(1):
        break
    else:  # for/else: AutoGraph gives up on the whole function
        pass
    return x


def halve_until_small(x):
    while x > 1.0:
        x = x / 2.0
    for _ in range(1):
        break
    else:
        pass
    return x


def sum_pair(x):
    total = 0.0
    for value in tf.stack([x, x]):
        total += value
    else:
        pass
    return total


def count_up(x):
    for _ in range(tf.cast(x, tf.int32)):
        x = x + 1.0
    else:
        pass
    return x


def batch_mean(x):
    for _ in range(1):
        break
    else:
        pass
    return tf.reduce_sum(x) / tf.cast(len(x), tf.float32)


def to_int(x):
    for _ in range(1):
        break
    else:
        pass
    return int(x) + 1


unconverted = {}
for fn, ds in (
    (clip_sign, raw_ds),
    (halve_until_small, raw_ds),
    (sum_pair, raw_ds),
    (count_up, raw_ds),
    (batch_mean, raw_ds.batch(3)),
    (to_int, raw_ds),
):
    try:
        ds.map(fn)
    except (tf.errors.OperatorNotAllowedInGraphError, TypeError) as err:
        unconverted[fn.__name__] = (type(err).__name__, str(err))
print("unconverted if, while, for:", unconverted["clip_sign"][0])
print("unconverted range(tensor):", unconverted["count_up"][0])
for name in ("clip_sign", "halve_until_small", "sum_pair"):
    assert unconverted[name][0] == "OperatorNotAllowedInGraphError", (
        f"expected {name} to fail at trace time without AutoGraph"
    )
assert (
    "cannot be interpreted as an integer" in unconverted["count_up"][1]
)
assert unconverted["count_up"][0] == "TypeError", (
    "expected range(tensor) to raise TypeError without AutoGraph"
)
print("unconverted len(tensor), int(tensor):", unconverted["to_int"][0])
assert (
    "len is not well defined for a symbolic Tensor"
    in (unconverted["batch_mean"][1])
), "expected len(tensor) to raise TypeError without AutoGraph"
assert (
    unconverted["batch_mean"][0]
    == unconverted["to_int"][0]
    == ("TypeError")
), "expected len and int of a tensor to fail without AutoGraph"
assert "'SymbolicTensor'" in unconverted["to_int"][1], "int(tensor)"

logged.records.clear()
# --8<-- [start:right]
doubled_ds = raw_ds.map(lambda x: x * 2.0)  # one lambda per line
train_ds = doubled_ds.map(lambda x: x + 1.0)
abs_ds = raw_ds.map(lambda x: x if x > 0 else -x)  # now converted
# --8<-- [end:right]
print(
    "one lambda per line:",
    len(warnings_text()),
    "warnings;",
    "abs:",
    [float(v) for v in abs_ds],
)
assert warnings_text() == [], (
    "expected no warning with one lambda per line"
)
assert list(abs_ds.as_numpy_iterator()) == [1.0, 2.0, 3.0], (
    "expected the conditional expression to become a graph op"
)


@tf.function
def pad_to_three(values):
    for _ in range(3):
        break
    else:  # for/else: AutoGraph gives up on the whole function
        pass
    return values


pad_to_three(tf.ones([2]))
assert "for/else statement not yet supported" in warnings_text()[0]


class Standardizer(tf.Module):
    def __init__(self):
        self.__mean = tf.constant(2.0)  # name-mangled attribute

    @tf.function
    def __call__(self, values):
        return values - self.__mean


Standardizer()(tf.ones([2]))
assert "mangled names are not yet supported" in warnings_text()[1]

# The fixes for these causes: named functions, no for/else, _name.
logged.records.clear()


def double(x):
    return x * 2.0


def add_one(x):
    return x + 1.0


named_ds = raw_ds.map(double).map(add_one)  # named: no warning
len_ds = raw_ds.batch(3).map(lambda x: len(x))  # converted: tf.shape
int_ds = raw_ds.map(lambda x: int(x) + 1)  # converted: tf.cast
converted = {
    "len": list(len_ds.as_numpy_iterator()),
    "int": list(int_ds.as_numpy_iterator()),
}


@tf.function
def pad_to_three(values):
    for _ in range(3):
        break
    return values


pad_to_three(tf.ones([2]))


class Standardizer(tf.Module):
    def __init__(self):
        self._mean = tf.constant(2.0)  # one underscore

    @tf.function
    def __call__(self, values):
        return values - self._mean


Standardizer()(tf.ones([2]))
assert warnings_text() == [], (
    "expected named functions, no for/else and _mean to convert"
)
assert list(named_ds.as_numpy_iterator()) == [3.0, -3.0, 7.0], "named"
assert converted == {"len": [3], "int": [2, -1, 4]}, (
    "expected AutoGraph to convert len and int of a tensor"
)

logged.records.clear()


@tf.function
@tf.autograph.experimental.do_not_convert  # no control flow on tensors
def pad_to_three(values):
    for _ in range(3):
        break
    else:
        pass
    return values


pad_to_three(tf.ones([2]))
assert warnings_text() == [], "expected do_not_convert to silence it"


def conversion_tracebacks():
    return [
        r
        for r in logged.records
        if r.exc_info
        and r.getMessage().startswith("Error transforming entity")
    ]


logged.records.clear()
os.environ["AUTOGRAPH_VERBOSITY"] = "1"
tf.get_logger().setLevel("INFO")
raw_ds.map(lambda x: x * 3.0).map(lambda x: x - 1.0)
assert conversion_tracebacks(), (
    "expected AUTOGRAPH_VERBOSITY=1 plus INFO level to log the traceback"
)
del os.environ["AUTOGRAPH_VERBOSITY"]
tf.get_logger().setLevel("NOTSET")  # back to the default: WARNING

logged.records.clear()
tf.autograph.set_verbosity(1)
raw_ds.map(lambda x: x * 3.0).map(lambda x: x - 1.0)
assert not conversion_tracebacks(), (
    "expected verbosity alone to add nothing at the default WARNING level"
)
tf.get_logger().setLevel("INFO")
raw_ds.map(lambda x: x * 3.0).map(lambda x: x - 1.0)
assert conversion_tracebacks(), (
    "expected set_verbosity(1) plus INFO level to log the traceback"
)
tf.get_logger().setLevel("NOTSET")
tf.autograph.set_verbosity(0)

os.environ["AUTOGRAPH_STRICT_CONVERSION"] = "1"
try:
    raw_ds.map(lambda x: x * 4.0).map(lambda x: x - 4.0)
except NotImplementedError as err:
    strict = str(err)
assert "found multiple definitions" in strict, (
    "expected strict mode to raise"
)
del os.environ["AUTOGRAPH_STRICT_CONVERSION"]
