"""NumPy 2 needs TensorFlow 2.18 or later: the NumPy each release accepts

When you hit it: NumPy 2 lands under TensorFlow 2.17 or older, and
`import tensorflow` prints `A module that was compiled using NumPy 1.x
cannot be run in NumPy … as it may crash`
([tensorflow#102743](https://github.com/tensorflow/tensorflow/issues/102743)).
pip lets a later install break a release's NumPy cap and only reports
the conflict ([as for Keras](setup.md#tensorflow-keras-pairs)); 2.10.1
and 2.11.1 have no cap, so pip says nothing.

What is going on: NumPy 2 refuses modules compiled against NumPy 1.x;
TensorFlow's 2.18 release notes announce a build compiled with NumPy
2.0. Each minor's newest patch asks for: 2.10, 2.11 `numpy>=1.20`;
2.12, 2.13 `<=1.24.3`; 2.14 to 2.17 `<2.0.0`; 2.18 `<2.1.0`; 2.19
`<2.2.0`; 2.20, 2.21 `>=1.26.0`. Below 2.18, install `"numpy<2"`
(2.12, 2.13: `"numpy<=1.24.3"`) or a newer TensorFlow.

Pitfall: `Cannot convert a symbolic … to a numpy array` from inside
TensorFlow's own code (adding an `LSTM`) is an older clash: TensorFlow
2.4 and 2.5 with NumPy 1.20 or later. From your own NumPy call, it is
[the graph-mode error](graphs.md#numpy-on-symbolic-tensor).

Checked: the requirements come from the PyPI snapshot of the date
printed, Linux x86-64 wheel of each minor's newest patch (the snapshot
keeps no other patch; tensorflow#102743 reports one pip command
installing TensorFlow 2.14.0 with NumPy 2.3.4, so 2.14.0 had no cap).
The shown check reads only the declared range. From 2.16 every
platform's wheel asks for the same, Windows 2.16 and 2.17 through
`tensorflow-intel`; for 2.10 to 2.15, the macOS x86-64 and Windows
wheels do (macOS arm64 is not compared).
`numpy<2` picks 1.26.4 on Python 3.9 and later, outside 2.12's and
2.13's range. No TensorFlow below 2.16 ran here; the shown check ran
on the pinned release and the releases of the card's matrix line. The
first
message is NumPy's own (version printed): it answers a module asking
for `numpy.core._multiarray_umath._ARRAY_API`, as NumPy 1.x's
`import_array()` does (NumPy 1.26, `generate_numpy_api.py`). The
second: NumPy (here the version printed; 1.20 and later, per
https://github.com/tensorflow/tensorflow/issues/47691) reads a
symbolic tensor inside a list through its `__array__`, which raises
`NotImplementedError`. TensorFlow 2.21's `_constant_if_small`
(`tensorflow/python/ops/array_ops.py`) catches it; 2.4 and 2.5 caught
only `TypeError` (the same issue). Release notes:
https://github.com/tensorflow/tensorflow/releases/tag/v2.18.0.

severity: crash
topics: G16, S12
aliases:
  - A module that was compiled using NumPy 1.x cannot be run in NumPy 2.0.0 as it may crash.
  - "AttributeError: _ARRAY_API not found"
  - "ImportError: numpy.core.multiarray failed to import"
  - "NotImplementedError: Cannot convert a symbolic Tensor (lstm/strided_slice:0) to a numpy array."
  - which NumPy version is compatible with my TensorFlow version
  - does TensorFlow 2.16 or 2.17 support NumPy 2
  - tensorflow 2.17.1 requires numpy<2.0.0,>=1.23.5; python_version <= "3.11", but you have numpy 2.0.2 which is incompatible.
  - downgrade to numpy<2 for TensorFlow
  - LSTM fails after upgrading numpy to 1.20
"""

import contextlib
import importlib.metadata as metadata
import inspect
import io
import json
from pathlib import Path

import numpy as np
import tensorflow as tf
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.version import Version
from tensorflow.python.framework import tensor
from tensorflow.python.ops import array_ops

# --8<-- [start:check]
# Is NumPy in the range the installed TensorFlow declares?
provider = sorted(metadata.packages_distributions()["tensorflow"])[0]
numpy_version = metadata.version("numpy")
for line in metadata.requires(provider):
    req = Requirement(line)
    if req.name == "numpy" and (
        not req.marker or req.marker.evaluate()
    ):
        fits = numpy_version in req.specifier
        print(
            f"{provider} requires {req}; numpy {numpy_version}: {fits}"
        )
# --8<-- [end:check]
assert fits, "expected the installed pair to fit"
tf_release = tuple(int(v) for v in tf.__version__.split(".")[:2])
assert Version(numpy_version).major == (
    2 if tf_release >= (2, 18) else 1
), (
    "expected NumPy 2 from TF 2.18 on, NumPy 1 before (the matrix's pairs)"
)

SNAPSHOT = (
    Path(__file__).resolve().parents[2] / "registry" / "pypi.json"
)
registry = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
packages = registry["packages"]


def numpy_reqs(package, version, family):
    meta = packages[package][version]["metadata"][family]
    reqs = [Requirement(line) for line in meta["requires_dist"]]
    found = [r for r in reqs if r.name == "numpy"]
    if found:
        return found
    shim = [  # Windows 2.16 and 2.17: tensorflow -> tensorflow-intel
        r
        for r in reqs
        if r.name == "tensorflow-intel"
        and r.marker.evaluate({"platform_system": "Windows"})
    ]
    if shim and family == "windows-amd64":
        assert shim[0].specifier == SpecifierSet(f"=={version}")
        return numpy_reqs("tensorflow-intel", version, family)
    return []


print("PyPI snapshot of", registry["fetched"])
releases = sorted(packages["tensorflow"], key=Version)
for version in releases:
    lines = numpy_reqs("tensorflow", version, "linux-x86_64")
    print(f"tensorflow {version}:", "; ".join(map(str, lines)))

NUMPY_PINS = {  # release -> (Python 3.11 pin, Python 3.12 pin)
    "2.10.1": (">=1.20",) * 2,
    "2.11.1": (">=1.20",) * 2,
    "2.12.1": ("<=1.24.3,>=1.22",) * 2,
    "2.13.1": ("<=1.24.3,>=1.22",) * 2,
    "2.14.1": ("<2.0.0,>=1.23.5",) * 2,
    "2.15.1": ("<2.0.0,>=1.23.5",) * 2,
    "2.16.2": ("<2.0.0,>=1.23.5", "<2.0.0,>=1.26.0"),
    "2.17.1": ("<2.0.0,>=1.23.5", "<2.0.0,>=1.26.0"),
    "2.18.1": ("<2.1.0,>=1.26.0",) * 2,
    "2.19.1": ("<2.2.0,>=1.26.0",) * 2,
    "2.20.0": (">=1.26.0",) * 2,
    "2.21.0": (">=1.26.0",) * 2,
}
assert releases == list(NUMPY_PINS), (
    f"expected 2.10 to 2.21: {releases}"
)


def pin_on(reqs, python):
    env = {"python_version": python}
    (req,) = [r for r in reqs if not r.marker or r.marker.evaluate(env)]
    return req.specifier


for version, expected in NUMPY_PINS.items():
    meta = packages["tensorflow"][version]["metadata"]
    linux = numpy_reqs("tensorflow", version, "linux-x86_64")
    for python, pin in zip(("3.11", "3.12"), expected, strict=True):
        assert pin_on(linux, python) == SpecifierSet(pin), (
            f"expected tensorflow {version} to need numpy{pin} on {python}"
        )
    if Version(version) < Version("2.16"):  # shims to other packages
        meta = ("macos-x86_64", "windows-amd64")
    for family in meta:
        other = numpy_reqs("tensorflow", version, family)
        assert sorted(map(str, other)) == sorted(map(str, linux)), (
            f"expected {version}'s {family} wheel to ask the same"
        )
    assert "windows-amd64" in meta, f"expected a Windows row: {version}"

# Below 2.18 every NumPy 2 is outside the range, except for 2.10, 2.11.
older = [v for v in NUMPY_PINS if Version(v) < Version("2.18")]
no_ceiling = [
    v
    for v in older
    if "2.0.2"
    in pin_on(numpy_reqs("tensorflow", v, "linux-x86_64"), "3.10")
]
print("below 2.18, NumPy 2.0.2 satisfies the metadata of:", no_ceiling)
assert no_ceiling == ["2.10.1", "2.11.1"], "expected 2.10 and 2.11 only"
for version in older:
    for python in ("3.10", "3.11", "3.12"):
        spec = pin_on(
            numpy_reqs("tensorflow", version, "linux-x86_64"), python
        )
        caps = [s for s in spec if s.operator in ("<", "<=")]
        assert bool(caps) == (version not in no_ceiling), version
        numpy_2_fits = [
            v
            for v in packages["numpy"]
            if Version(v).major == 2 and v in spec
        ]
        assert not caps or not numpy_2_fits, "expected a cap below 2"
for version in no_ceiling:
    tags = packages["tensorflow"][version]["wheels"]
    assert any(t.startswith("cp310-") for t in tags), "a 3.10 wheel"
    assert all(
        v
        in pin_on(
            numpy_reqs("tensorflow", version, "linux-x86_64"), "3.10"
        )
        for v in ("2.0.2", "2.1.3", "2.2.6")  # NumPy 2 on Python 3.10
    ), f"expected {version} to accept every NumPy 2 for Python 3.10"
below_2 = max((v for v in packages["numpy"] if v < "2"), key=Version)
assert below_2 == "1.26.4", "expected numpy<2 to pick 1.26.4"
assert packages["numpy"][below_2]["requires_python"] == ">=3.9", (
    "expected numpy<2 to give 1.26.4 on Python 3.9 and later"
)
in_range = {
    v: below_2
    in pin_on(numpy_reqs("tensorflow", v, "linux-x86_64"), "3.11")
    for v in older
}
print('"numpy<2" (1.26.4) is in the range of:', in_range)
assert [v for v, ok in in_range.items() if not ok] == [
    "2.12.1",
    "2.13.1",
], "expected numpy<2 to fit every release below 2.18 but 2.12, 2.13"
for version in ("2.12.1", "2.13.1"):
    spec = pin_on(
        numpy_reqs("tensorflow", version, "linux-x86_64"), "3.11"
    )
    assert "1.24.3" in spec and "1.24.4" not in spec, "numpy<=1.24.3"

numpy_releases = sorted(packages["numpy"], key=Version)
numpy_2 = [v for v in numpy_releases if Version(v).major == 2]
accepted = {
    version: [
        v
        for v in numpy_2
        if v
        in pin_on(
            numpy_reqs("tensorflow", version, "linux-x86_64"), "3.12"
        )
    ]
    for version in NUMPY_PINS
}
print("NumPy 2 in the snapshot (newest patch of each minor):", numpy_2)
for version, found in accepted.items():
    print(f"tensorflow {version} accepts NumPy 2 releases:", found)
assert accepted["2.16.2"] == accepted["2.17.1"] == [], "no NumPy 2"
assert accepted["2.18.1"] == ["2.0.2"], "expected NumPy 2.0 only"
assert accepted["2.19.1"] == ["2.0.2", "2.1.3"], "expected up to 2.1"
assert accepted["2.20.0"] == accepted["2.21.0"] == numpy_2, (
    "expected no ceiling: every NumPy 2 release in the snapshot"
)
for version in ("2.20.0", "2.21.0"):
    spec = pin_on(
        numpy_reqs("tensorflow", version, "linux-x86_64"), "3.12"
    )
    assert all(s.operator == ">=" for s in spec), (
        "expected a floor only"
    )
    assert "3.0.0" in spec, "expected even a NumPy 3 to satisfy it"

# The first message: what NumPy 2 answers a module compiled against
# NumPy 1.x, whose import_array() asks for this table.
if Version(np.__version__).major >= 2:  # the NumPy 2 side only
    stderr = io.StringIO()
    with contextlib.redirect_stderr(stderr):
        try:
            from numpy.core._multiarray_umath import _ARRAY_API  # noqa: F401
        except ImportError as err:
            abi_message = " ".join(str(err).split())
    print(
        f"NumPy {np.__version__}:", abi_message.split(". To support")[0]
    )
    assert abi_message.startswith(
        "A module that was compiled using NumPy 1.x cannot be run in NumPy"
    ), "expected NumPy's message for a module built against NumPy 1.x"
    assert "as it may crash" in abi_message, (
        "expected the whole sentence"
    )
    assert "downgrade to 'numpy<2'" in abi_message, (
        "expected its advice"
    )
    assert stderr.getvalue().strip().startswith("A module that was"), (
        "expected NumPy to print it to stderr as well"
    )


# The second: NumPy reading a symbolic tensor inside a list, as
# tf.zeros did on an LSTM's state shape in TensorFlow 2.4 and 2.5.
@tf.function
def zero_state(sequences):
    with tf.name_scope("lstm"):
        batch_size = tf.shape(sequences)[0]
    try:
        np.prod([batch_size, 20])
    except NotImplementedError as err:
        numpy_errors.append(str(err).split(". This error")[0])
    return tf.zeros([batch_size, 20])  # TF 2.21 catches it


numpy_errors = []
state = zero_state.get_concrete_function(tf.TensorSpec([None, 5, 2]))
print("np.prod([symbolic, 20]): NotImplementedError:", numpy_errors[0])
print("tf.zeros([symbolic, 20]) in TF", tf.__version__, "->", end=" ")
print(state.structured_outputs.shape)
assert numpy_errors == [
    "Cannot convert a symbolic tf.Tensor (lstm/strided_slice:0) to a"
    " numpy array"
], "expected NumPy to refuse a list holding a symbolic tensor"
assert state.structured_outputs.shape.as_list() == [None, 20], (
    "expected tf.zeros to work in TensorFlow 2.21"
)
array_source = inspect.getsource(tensor.Tensor.__array__)
assert "Cannot convert a symbolic tf.Tensor" in array_source, (
    "expected the message to come from the tensor's __array__"
)
source = inspect.getsource(array_ops._constant_if_small)
assert "except (NotImplementedError, TypeError):" in source, (
    "expected TensorFlow 2.21 to catch NumPy's NotImplementedError"
)
