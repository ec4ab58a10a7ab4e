"""Read supported Python versions from the package, not from memory

When you hit it: you choose a Python for a new environment or CI image,
or pip finds no matching distribution for `tensorflow`.

What is going on: the installed TensorFlow's metadata carries its
`Requires-Python` range and one Python classifier per Python version
the release declares. `importlib.metadata` reads both from the
installed distribution (the output names it).

| TensorFlow | Python | Asserted by |
|---|---|---|
| 2.21 | 3.10 – 3.13 | this run's installed classifiers |
| 2.20 | 3.9 – 3.13 | the run on 2.20 (release line) |
| 2.16 – 2.19 | 3.9 – 3.12 | the runs on 2.16 – 2.19 |

Which wheels each release has, per Python and platform:
[no wheel for your target](setup.md#no-wheel-for-python-or-platform).

Pitfall: `Requires-Python` is `>=3.10` with no upper bound, so it
accepts Python 3.14, which no classifier names. Pick a version from
the classifiers.

severity: tip
topics: S2
aliases:
  - which Python version does TensorFlow support
  - can I install TensorFlow on Python 3.14
  - pip install tensorflow fails, unable to install on a new Python release or version
  - supported Python versions for each TensorFlow release
"""

import importlib.metadata as metadata
import platform
import re

import tensorflow as tf
from packaging.specifiers import SpecifierSet
from packaging.version import Version

# --8<-- [start:show]
dist = metadata.packages_distributions()["tensorflow"][0]
info = metadata.metadata(dist)
requires_python = SpecifierSet(info["Requires-Python"])
built_for = sorted(
    (
        c.rsplit(" :: ", 1)[1]
        for c in info.get_all("Classifier")
        if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)
    ),
    key=Version,
)
print(f"{dist} {info['Version']}: Requires-Python {requires_python}")
print("classifiers:", ", ".join(built_for))
# --8<-- [end:show]

running = platform.python_version()
print("this run: Python", ".".join(running.split(".")[:2]))

# The card's table, one row per release: Requires-Python, classifiers.
TABLE = {
    "2.21": (">=3.10", ["3.10", "3.11", "3.12", "3.13"]),
    "2.20": (">=3.9", ["3.9", "3.10", "3.11", "3.12", "3.13"]),
    **{
        f"2.{minor}": (">=3.9", ["3.9", "3.10", "3.11", "3.12"])
        for minor in range(16, 20)
    },
}
release = ".".join(tf.__version__.split(".")[:2])
assert Version(info["Version"]) == Version(tf.__version__), (
    "expected the metadata of the running TensorFlow"
)
assert release in TABLE, (
    f"expected a table row for TF {release}; it declares"
    f" Requires-Python {requires_python}, classifiers {built_for}"
)
declared, classifiers = TABLE[release]
assert requires_python == SpecifierSet(declared), (
    f"expected TF {release} to declare Requires-Python {declared},"
    f" not {requires_python}"
)
assert built_for == classifiers, (
    f"expected TF {release} classifiers {classifiers}, not {built_for}"
)
older = f"3.{Version(built_for[0]).minor - 1}"  # 3.9 for TF 2.21
newer = f"3.{Version(built_for[-1]).minor + 1}"  # 3.14 for TF 2.21
assert older not in requires_python, (
    f"expected Python {older} to be excluded"
)
assert newer in requires_python and newer not in built_for, (
    f"expected Requires-Python to accept {newer} although no"
    " classifier names it"
)
assert running in requires_python, (
    "expected this Python to be supported"
)
