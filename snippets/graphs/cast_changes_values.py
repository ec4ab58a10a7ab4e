"""`tf.cast` changed my number: float32 rounding and out-of-range casts

When you hit it: `tf.cast(ids, tf.float32)` turns 16777217 into
16777216.0, or `tf.cast(x, tf.int8)` disagrees with NumPy's `astype`.

What is going on: `float32` has a 24-bit significand, so integers
above 2**24 = 16777216 round to the nearest `float32` (52479843 becomes
52479844.0). NumPy does the same and `float64` (53 bits) keeps them up
to 2**53: not a TensorFlow bug. Float to int truncates toward zero
(-1.7 becomes -1; `tf.round` gives -2). `int32` to `int8` wraps modulo
256, as in NumPy. The `tf.cast` docstring promises nothing for floats
beyond `int8`/`uint8`: on this machine's CPU without XLA, for a
`float32` within `int32` some positions clamp (300.0 becomes 255 in
`uint8`) and others wrap like NumPy (44); NaN, inf and floats beyond
`int32` differ again (see Checked).

Pitfall: without XLA, `tf.cast` here can turn the same float beyond
`int8`/`uint8` into different values at different positions: a short
test can match NumPy, longer data not. Keep IDs `int64`; replace NaN,
then `tf.clip_by_value` or `tf.saturate_cast`.

Checked: TensorFlow 2.21 on this machine's CPU with XLA off (eagerly,
and in a `tf.function` without `jit_compile` at length 40), two
intra-op threads. The block sizes, the list below and the XLA values are
those of the 2.21 wheel here; other releases' wheels can give other
block sizes or XLA values. The 2.16 to 2.20 wheels convert `float16` to
`int8` and `uint8` in blocks of 8, and to `uint8` such a block element
of 32768 or more gives 255; on a release other than 2.16 to 2.21 the
run prints each XLA value that differs from the list instead of
asserting it. The list is for a `float32` source at every length
1 to 100: "block" is one of the first length // 32 * 32 elements,
"tail" one after them. From `float64` or `float16` (NumPy's default
float array is `float64`) the `tf.cast` columns hold with blocks of
16, in mixed tensors too, but to `uint8` a block element of 32768 or
more gives 0, not 255 (a `float32` below 2**31 gives 255); `bfloat16`
was not mapped. NaN, ±inf, ±2**31, ±3e9 and ±1e20 in `float32` or
`float64` give, at every length 1 to 100, what -2**31 gives; so do 96
values spread out to each type's largest, both signs, in block and in
tail positions. A tensor big enough to be split across the threads can
get a tail per shard: 1000003 elements of 300.0 give 8 clamped runs,
each followed by a wrapped one. "XLA" is
`tf.function(jit_compile=True)` at lengths 10, 40 and 100: every
position alike, NaN gives 0. Keras's `jit_compile="auto"` can pick
XLA when a GPU is visible (see
[the jit_compile card](model.md#run-eagerly-and-jit-compile)).

Each value, cast to each type: `tf.cast` in a block / in the tail;
XLA; NumPy; `tf.saturate_cast`.

- 200.0 to `int8`: 127 / -56; 127; -56; 127
- -200.0 to `int8`: -128 / 56; -128; 56; -128
- 3e9, inf to `int8`: -128 / 0; 127; 0, warns; 127
- NaN to `int8`: -128 / 0; 0; 0, warns; block -128, tail 0
- 300.0 to `uint8`: 255 / 44; 255; 44; 255
- -1.0 to `uint8`: 0 / 255; 0; 255; 0
- 3e9, inf to `uint8`: 0 / 0; 255; 0, warns; 255
- NaN to `uint8`: 0 / 0; 0; 0, warns; 0
- 3e9, inf to `int32`: -2147483648 / -2147483648; 2147483647; -2147483648, warns; 2147483520
- -3e9, -inf to `int32`: -2147483648 / -2147483648; -2147483648; -2147483648, warns; -2147483648
- NaN to `int32`: -2147483648 / -2147483648; 0; -2147483648, warns; -2147483648

NumPy gives one value at every position and warns `RuntimeWarning:
invalid value encountered in cast` only for NaN, inf and values outside
`int32`. 100 seeded `float32` values within ±1e9 and the ends of
`int32` (-2**31 and 2147483520, the largest `float32` below 2**31), to
`int8` and `uint8`, follow one rule: a block element is the truncated
value clamped, a tail element the truncated value wrapped, as NumPy
gives it.
Eigen's `EvalRange::run`
(`unsupported/Eigen/CXX11/src/Tensor/TensorExecutor.h` in the 2.21
wheel) converts whole packets, then the rest of its range one element
at a time (`evalScalar`); the packet width is a compile-time constant
of the wheel. `float64` rounds 2**53 + 1 to 2**53: keep hashed IDs
`int64`. From `float32`, `tf.saturate_cast` to `int32` stops at
2147483520 (from `float64`, at 2147483647); to `int64`, from `float32` or
`float64`, it turns 1e20 into -9223372036854775808: clip below 2**63
yourself there.
`tf.round` rounds half to even (2.5 gives 2.0). The `tf.cast` docstring
says only "casting nan and inf values to integral types has undefined
behavior", nothing about overflow; NumPy calls such casts undefined,
their warnings platform dependent
([1.24 notes](https://numpy.org/doc/stable/release/1.24.0-notes.html#numpy-now-gives-floating-point-errors-in-casts)).
Check on a GPU, an ARM CPU or another build before relying on any
out-of-range value: the GPU has its own cast kernels
(`tensorflow/core/kernels/cast_op.h`, `CastFunctor`), and NumPy's
results differ on macOS ARM
([numpy#22951](https://github.com/numpy/numpy/issues/22951)). When a
missing cast raises instead, see
[the dtype mismatch card](debugging.md#dtype-mismatch-in-math).

severity: silent
topics: G2
aliases:
  - Casting some int32 values to float32 causes a change in value
  - tf.cast to int8 produce wrong number
  - tf.cast int8 different from numpy
  - float32 loses precision large integer
  - tf.cast overflow
  - RuntimeWarning: invalid value encountered in cast
  - tf.cast(16777217, tf.float32) gives 16777216
  - does tf.cast clip or wrap out of range values
  - tf.cast NaN to int gives -2147483648
  - tf.saturate_cast vs tf.cast vs tf.clip_by_value
"""

import pathlib
import warnings

import numpy as np
import tensorflow as tf

# Pinned before the first op: how a big tensor is split across threads
# (checked below) depends on the thread count.
tf.config.threading.set_intra_op_parallelism_threads(2)
# Packet widths and XLA's results are the wheel's: asserted on 2.21 and
# on 2.16 to 2.20 as measured there (float16 in packets of 8).
PINNED = tf.__version__.startswith("2.21")
OLD = tf.__version__.startswith(tuple(f"2.{m}." for m in range(16, 21)))
F16_BLOCK = 8 if OLD else 16

# --8<-- [start:wrong]
ids = tf.constant([16777216, 16777217, 52479843])  # int32
ids_f32 = tf.cast(ids, tf.float32)  # 16777216, 16777216, 52479844
ids_f64 = tf.cast(ids, tf.float64)  # exact

pixels = tf.fill([40], 300.0)  # float32, beyond uint8
as_uint8 = tf.cast(pixels, tf.uint8)  # here: 32 x 255, 8 x 44
# --8<-- [end:wrong]

# --8<-- [start:right]
ids64 = tf.constant([16777217, 52479843], tf.int64)  # keep int64
finite = tf.where(tf.math.is_nan(pixels), 0.0, pixels)  # NaN first
saturated = tf.saturate_cast(finite, tf.uint8)  # 40 x 255
clipped = tf.cast(tf.clip_by_value(finite, 0.0, 255.0), tf.uint8)
# --8<-- [end:right]


def runs(values):
    """Run-length pairs: [255, 255, 44] -> [(255, 2), (44, 1)]."""
    out = []
    for value in np.asarray(values).tolist():
        if out and out[-1][0] == value:
            out[-1][1] += 1
        else:
            out.append([value, 1])
    return [tuple(pair) for pair in out]


def np_cast(values, dtype):
    """NumPy's astype, with the warnings it gives."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        out = np.asarray(values, np.float32).astype(dtype)
    return out, [f"{w.category.__name__}: {w.message}" for w in caught]


# float32 has 24 significand bits: 2**24 + 1 is the first integer lost.
print("int32 -> float32:", ids_f32.numpy().tolist())
print("int32 -> float64:", ids_f64.numpy().tolist())
np_f32 = ids.numpy().astype(np.float32)
print("NumPy  -> float32:", np_f32.tolist())
assert np.finfo(np.float32).nmant + 1 == 24, "24-bit significand"
assert 2**24 == 16777216
assert ids_f32.numpy().tolist() == [16777216.0, 16777216.0, 52479844.0]
assert ids_f64.numpy().tolist() == [16777216.0, 16777217.0, 52479843.0]
assert np_f32.tolist() == ids_f32.numpy().tolist(), "NumPy agrees"
assert ids.numpy().astype(np.float64).tolist() == (
    ids_f64.numpy().tolist()
), "expected NumPy's float64 to keep them too"
assert ids.dtype == tf.int32
assert np.finfo(np.float64).nmant + 1 == 53, "53-bit significand"
# float64 keeps every integer up to 2**53: a seeded sample and the top.
id_rng = np.random.default_rng(53)
upto53 = np.concatenate(
    [id_rng.integers(2**24, 2**53, 10000), [2**53 - 1, 2**53]]
)
back = tf.cast(tf.cast(upto53, tf.float64), tf.int64).numpy()
assert back.tolist() == upto53.tolist(), "expected float64 to keep them"
assert upto53.astype(np.float64).astype(np.int64).tolist() == (
    upto53.tolist()
), "expected NumPy's float64 to keep them too"
hashed = tf.constant([2**53, 2**53 + 1], tf.int64)
assert tf.cast(hashed, tf.float64).numpy().tolist() == [2.0**53] * 2, (
    "expected float64 to round 2**53 + 1 to 2**53"
)
# Every integer from 0 to 2**24 survives; above it, odd ones round.
upto = tf.range(0, 2**24 + 1, dtype=tf.int32)
assert bool(
    tf.reduce_all(tf.cast(tf.cast(upto, tf.float32), tf.int32) == upto)
)
above = tf.constant([2**24 + 1, 2**24 + 3, 2**25 + 1])
assert tf.cast(above, tf.float32).numpy().tolist() == [
    16777216.0,
    16777220.0,
    33554432.0,
], "expected round to nearest, ties to even, above 2**24"
assert tf.cast(ids64, tf.float64).numpy().tolist() == [
    16777217.0,
    52479843.0,
], "expected float64 to keep the IDs"
assert tf.cast(ids64, tf.float32).numpy().tolist()[0] == 16777216.0, (
    "expected int64 -> float32 to round the same way"
)

# Float -> int truncates toward zero; tf.round rounds half to even.
signed = tf.constant([-1.7, 1.7, -2.5, 2.5])
truncated = tf.cast(signed, tf.int32).numpy().tolist()
rounded = tf.round(signed).numpy().tolist()
print("tf.cast [-1.7, 1.7, -2.5, 2.5] -> int32:", truncated)
print("tf.round:", rounded)
assert truncated == [-1, 1, -2, 2], "expected truncation toward zero"
assert rounded == [-2.0, 2.0, -2.0, 2.0], "expected half to even"
assert np.asarray(signed).astype(np.int32).tolist() == truncated
for kind in (tf.int8, tf.uint8, tf.int64):
    assert (
        tf.cast(tf.constant([-1.7, 1.7]), kind).numpy().tolist()[1] == 1
    )
assert tf.cast(tf.constant([-1.7]), tf.int8).numpy().tolist() == [-1]

# Out of range: which positions clamp, which wrap.
print("tf.cast 40 x 300.0 -> uint8:", runs(as_uint8))
np_u8, np_warned = np_cast(pixels, np.uint8)
print("NumPy  40 x 300.0 -> uint8:", runs(np_u8), np_warned)
print("saturate_cast:", runs(saturated), " clip + cast:", runs(clipped))
assert runs(as_uint8) == [(255, 32), (44, 8)]
assert runs(np_u8) == [(44, 40)] and np_warned == []
assert runs(saturated) == [(255, 40)] and runs(clipped) == [(255, 40)]

cast_fn = tf.function(lambda x, kind: tf.cast(x, kind))  # no XLA
vector = [tf.TensorSpec([None], tf.float32)]  # one trace per dtype
xla_fns = {
    kind: tf.function(
        lambda x, kind=kind: tf.cast(x, kind),
        jit_compile=True,
        input_signature=vector,
    )
    for kind in (tf.int8, tf.uint8, tf.int32)
}
# value, dtype: (tf.cast block, tail, XLA, NumPy, saturate block, tail)
table = {
    (200.0, tf.int8): (127, -56, 127, -56, 127, 127),
    (-200.0, tf.int8): (-128, 56, -128, 56, -128, -128),
    (3e9, tf.int8): (-128, 0, 127, 0, 127, 127),
    (float("inf"), tf.int8): (-128, 0, 127, 0, 127, 127),
    (float("nan"), tf.int8): (-128, 0, 0, 0, -128, 0),
    (300.0, tf.uint8): (255, 44, 255, 44, 255, 255),
    (-1.0, tf.uint8): (0, 255, 0, 255, 0, 0),
    (3e9, tf.uint8): (0, 0, 255, 0, 255, 255),
    (float("inf"), tf.uint8): (0, 0, 255, 0, 255, 255),
    (float("nan"), tf.uint8): (0, 0, 0, 0, 0, 0),
}
int_min, int_max = -(2**31), 2**31 - 1
for value in (3e9, -3e9, float("inf"), float("-inf"), float("nan")):
    sat = 2147483520 if value > 0 else int_min
    xla = int_max if value > 0 else 0 if value != value else int_min
    table[(value, tf.int32)] = (
        int_min,
        int_min,
        xla,
        int_min,
        sat,
        sat,
    )
warned = {}
xla_differs = []  # on releases whose XLA values are not asserted
for (value, kind), expected in table.items():
    first, rest, xla_value, numpy_value, sat_first, sat_rest = expected
    for length in range(1, 101):
        x = tf.fill([length], tf.constant(value, tf.float32))
        blocks = length // 32 * 32
        want = [first] * blocks + [rest] * (length - blocks)
        got = tf.cast(x, kind).numpy().tolist()
        assert got == want, (value, kind.name, length, runs(got))
        sat_want = [sat_first] * blocks + [sat_rest] * (length - blocks)
        sat_got = tf.saturate_cast(x, kind).numpy().tolist()
        assert sat_got == sat_want, (value, kind.name, length)
        np_values, np_warnings = np_cast(x, kind.as_numpy_dtype)
        assert np_values.tolist() == [numpy_value] * length, (
            value,
            kind,
        )
        warned[(value, kind.name)] = np_warnings
    graph = cast_fn(tf.fill([40], tf.constant(value, tf.float32)), kind)
    assert runs(graph) == runs(want[:32] + [rest] * 8), (value, "graph")
    for length in (10, 40, 100):
        x = tf.fill([length], tf.constant(value, tf.float32))
        got = xla_fns[kind](x).numpy().tolist()
        assert got == got[:1] * length, (value, kind.name, "XLA")
        if PINNED or OLD:
            assert got[0] == xla_value, (value, kind.name, "XLA")
        elif got[0] != xla_value:
            differs = f"{value} -> {kind.name}: {got[0]}"
            if differs not in xla_differs:
                xla_differs.append(differs)
if xla_differs:
    print(f"XLA in TF {tf.__version__}, not as in the list:")
    print(" ", "; ".join(xla_differs))
# float64 and float16 sources: the same values, in blocks of 16 (of 8
# for float16 in 2.16 to 2.20). The rows for one dtype share a tensor:
# a position clamps or wraps whatever the values around it.
for kind in (tf.int8, tf.uint8, tf.int32):
    rows = [(v, want) for (v, k), want in table.items() if k == kind]
    for length in range(1, 101):
        mixed = [rows[i % len(rows)] for i in range(length)]
        for source, block in (
            (tf.float64, 16),
            (tf.float16, F16_BLOCK),
        ):
            want16 = [
                want[0] if i < length // block * block else want[1]
                for i, (_, want) in enumerate(mixed)
            ]
            x_wide = tf.constant([v for v, _ in mixed], source)
            got16 = tf.cast(x_wide, kind).numpy().tolist()
            assert got16 == want16, (source.name, kind.name, length)
# NaN, inf and floats beyond int32 give what -2**31 gives.
beyond = [2.0**31, 3e9, 1e20, float("inf")]
beyond += [-v for v in beyond] + [float("nan")]
for source in (tf.float32, tf.float64):
    for kind in (tf.int8, tf.uint8, tf.int32):
        for length in range(1, 101):
            low = tf.fill([length], tf.constant(-(2.0**31), source))
            want = tf.cast(low, kind).numpy().tolist()
            for value in beyond:
                x = tf.fill([length], tf.constant(value, source))
                got = tf.cast(x, kind).numpy().tolist()
                assert got == want, (value, source.name, kind.name)
                if source == tf.float32 and length == 40:
                    assert cast_fn(x, kind).numpy().tolist() == want
        # 96 values up to the type's largest, both signs: in tensors of
        # 96 every element is block, in tensors of 15 every one tail.
        top = np.finfo(source.as_numpy_dtype).max
        spread = np.append(np.geomspace(2.0**31, top / 2, 47), top)
        spread = np.concatenate([spread, -spread]).astype(
            source.as_numpy_dtype
        )
        for size in (96, 15):
            low = tf.fill([size], tf.constant(-(2.0**31), source))
            want = tf.cast(low, kind).numpy().tolist()
            for chunk in np.resize(spread, 96 * 15).reshape(-1, size):
                got = tf.cast(tf.constant(chunk), kind).numpy().tolist()
                assert got == want, (source.name, kind.name, size)
# To uint8 from float64 or float16, a block element from 32768 up to
# 2**31 gives 0 (beyond: the loop above); from float32, 255 (and from
# float16 in 2.16 to 2.20). Chunks of 1024 have no tail.
high = np.concatenate(
    [
        np.arange(32768, 65536, dtype=np.float64),
        np.geomspace(65536, 2**31 - 1, 1024),
    ]
)
for source, block in (
    (tf.float64, 0),
    (tf.float16, 255 if OLD else 0),
    (tf.float32, 255),
):
    np_dtype = source.as_numpy_dtype
    in_range = high[high <= np.finfo(np_dtype).max]  # float16: 65504
    values = np.unique(in_range.astype(np_dtype))
    values = values[values.astype(float) < 2**31]  # float32 rounds up
    values = np.resize(values, -(-len(values) // 1024) * 1024)
    for chunk in values.reshape(-1, 1024):
        got = tf.cast(tf.constant(chunk), tf.uint8).numpy().tolist()
        assert got == [block] * 1024, source.name
    below = np.nextafter(np_dtype(32768), np_dtype(0))  # float16: 32752
    edge = tf.fill([32], tf.constant(below, source))
    assert tf.cast(edge, tf.uint8).numpy().tolist() == [255] * 32
print(
    "XLA 40 x 300.0 -> uint8:",
    runs(xla_fns[tf.uint8](pixels)),
    " NaN -> int8:",
    runs(xla_fns[tf.int8](tf.fill([40], float("nan")))),
)
# A NumPy float array is float64: blocks of 16.
np_pixels = np.full(20, 300.0)
assert np_pixels.dtype == np.float64
assert runs(tf.cast(np_pixels, tf.uint8)) == [(255, 16), (44, 4)]
assert runs(tf.cast(np_pixels[:15], tf.uint8)) == [(44, 15)]

# A big tensor is split across the two threads: a tail per shard.
big = tf.cast(tf.fill([1000003], 300.0), tf.uint8).numpy()
starts = np.flatnonzero(np.diff(big)) + 1
run_values = big[np.concatenate([[0], starts])].tolist()
print(
    "1000003 x 300.0 -> uint8, 2 threads, runs:", run_values[:4], "..."
)
assert run_values == [255, 44] * 8, run_values
assert big[0] == 255 and big[-1] == 44
assert tf.config.threading.get_intra_op_parallelism_threads() == 2

for (value, kind_name), caught in warned.items():
    beyond = not abs(value) < 2**31  # NaN, inf or outside int32
    assert caught == (
        ["RuntimeWarning: invalid value encountered in cast"]
        if beyond
        else []
    ), (value, kind_name, caught)

# Random floats within int32: blocks clamp, the tail wraps like NumPy.
rng = np.random.default_rng(0)
for kind in (tf.int8, tf.uint8):
    info = np.iinfo(kind.as_numpy_dtype)
    for scale in (1e3, 1e9):
        floats = rng.uniform(-scale, scale, 100).astype(np.float32)
        ends = [-(2.0**31), 2147483520.0]  # int32's ends in float32
        floats[:2] = floats[-2:] = ends
        got = tf.cast(floats, kind).numpy()
        whole = np.trunc(floats).astype(np.int64)
        clamped = np.clip(whole, info.min, info.max)
        wrapped = (whole - info.min) % 256 + info.min
        assert got[:96].tolist() == clamped[:96].tolist(), kind
        assert got[96:].tolist() == wrapped[96:].tolist(), kind
        np_got, np_warnings = np_cast(floats, kind.as_numpy_dtype)
        assert np_got.tolist() == wrapped.tolist() and not np_warnings
print("NumPy 3e9 -> int8:", warned[(3e9, "int8")][0])

# int32 -> int8 / uint8 wraps modulo 256 at every position, like NumPy.
for length in range(1, 101):
    wide = tf.fill([length], 200)
    assert tf.cast(wide, tf.int8).numpy().tolist() == [-56] * length
    assert tf.cast(-wide, tf.uint8).numpy().tolist() == [56] * length
    assert (
        tf.cast(wide + 100, tf.uint8).numpy().tolist() == [44] * length
    )
int_values = np.array(
    [127, 128, 200, 255, 256, 300, -1, -129], np.int32
)
for kind in (tf.int8, tf.uint8):
    got = tf.cast(int_values, kind).numpy().tolist()
    assert got == int_values.astype(kind.as_numpy_dtype).tolist()
    assert got == [
        (v + 128) % 256 - 128 if kind == tf.int8 else v % 256
        for v in int_values.tolist()
    ], "expected wrap modulo 256"
print(
    "int32 [200, 300, -1] -> int8:",
    tf.cast([200, 300, -1], tf.int8).numpy().tolist(),
)

# NaN survives clip_by_value and saturate_cast; replace it first.
with_nan = tf.fill([40], float("nan"))
assert runs(
    tf.cast(tf.clip_by_value(with_nan, -128.0, 127.0), tf.int8)
) == [
    (-128, 32),
    (0, 8),
], "expected clip_by_value to let NaN through"
cleaned = tf.where(tf.math.is_nan(with_nan), 0.0, with_nan)
assert runs(tf.saturate_cast(cleaned, tf.int8)) == [(0, 40)]
assert runs(tf.saturate_cast(finite, tf.uint8)) == [(255, 40)]
for wide_float in (tf.float32, tf.float64):
    huge = tf.fill([40], tf.constant(1e20, wide_float))
    assert (
        tf.saturate_cast(huge, tf.int64).numpy().tolist()
        == [-(2**63)] * 40
    ), "expected saturate_cast -> int64 not to clamp 1e20"
    np_float = wide_float.as_numpy_dtype
    below = np.nextafter(np_float(2.0**63), np_float(0))
    assert below < 2**63
    safe = tf.clip_by_value(huge, -(2.0**63), below)
    assert tf.cast(safe, tf.int64).numpy().tolist() == [int(below)] * 40
# saturate_cast to int32 from float64 stops at 2**31 - 1 (from float32
# at 2147483520: the table).
for value in (3e9, float("inf")):
    for length in range(1, 101):
        x = tf.fill([length], tf.constant(value, tf.float64))
        got = tf.saturate_cast(x, tf.int32).numpy().tolist()
        assert got == [int_max] * length, (value, length)
top32 = float(np.nextafter(np.float32(2**31), np.float32(0)))
assert top32 == 2147483520, "the largest float32 below 2**31"
assert tf.round(tf.constant([2.5])).numpy().tolist() == [2.0]

# What the docstrings say.
cast_doc = " ".join(tf.cast.__doc__.split())
assert (
    "casting nan and inf values to integral types has undefined behavior"
    in cast_doc
)
assert "overflow" not in cast_doc.lower() and "saturat" not in cast_doc
sat_doc = " ".join(tf.saturate_cast.__doc__.split())
assert "casts the input to `dtype` without overflow" in sat_doc
print(
    "tf.cast docstring:",
    "casting nan and inf values to integral types has undefined behavior",
)
cast_header = (
    pathlib.Path(tf.__file__).parent
    / "include/tensorflow/core/kernels/cast_op.h"
)
header = cast_header.read_text()
assert "struct CastFunctor" in header
include = pathlib.Path(tf.__file__).parent / "include"
executor = (
    include / "unsupported/Eigen/CXX11/src/Tensor/TensorExecutor.h"
)
assert executor.exists() or not PINNED, "the 2.21 wheel's path"
if not executor.exists():  # the 2.23 nightly here
    executor = include / "contrib/Eigen/src/Tensor/TensorExecutor.h"
eigen = executor.read_text()
vectorized = eigen[
    eigen.index("struct EvalRange<Evaluator, StorageIndex, ") :
]
vectorized = vectorized[: vectorized.index("alignBlockSize")]
assert "/*Vectorizable*/ true" in vectorized.split("\n")[0]
assert "static constexpr int PacketSize" in vectorized
assert vectorized.index("evaluator.evalPacket(i)") < vectorized.index(
    "evaluator.evalScalar(i)"
), "expected whole packets first, then one element at a time"
assert "their specializations are different than that for CPUs" in (
    " ".join(header.replace("//", " ").split())
), "expected separate GPU cast kernels"
