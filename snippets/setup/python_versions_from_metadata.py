"""Read supported Python versions from the package, not from memory

When you hit it: you choose a Python for a new environment or CI image,
or pip answers "No matching distribution found for tensorflow".

What is going on: every TensorFlow wheel carries its `Requires-Python`
range and one `Programming Language :: Python :: 3.x` classifier per
version it is built for. `importlib.metadata` reads both from the
installed package (`tensorflow-cpu` on Linux x86-64, `tensorflow`
elsewhere).

| TensorFlow | Python | Source |
|---|---|---|
| 2.21 | 3.10 – 3.13 | installed metadata, asserted below |
| 2.20 | 3.9 – 3.13 | reference (PyPI wheel list), not verified here |
| 2.16 – 2.19 | 3.9 – 3.12 | reference (PyPI wheel list), not verified here |

Pitfall: `Requires-Python` is `>=3.10` with no upper bound, so it
accepts a Python newer than any wheel. Pick a version from the
classifiers.

severity: tip
topics: S2
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

assert info["Version"] == tf.__version__ == "2.21.0", (
    "expected TF 2.21.0"
)
assert requires_python == SpecifierSet(">=3.10"), (
    "expected TF 2.21 to declare Requires-Python >=3.10"
)
assert built_for == ["3.10", "3.11", "3.12", "3.13"], (
    "expected TF 2.21 classifiers for Python 3.10 to 3.13"
)
assert "3.9" not in requires_python, (
    "expected Python 3.9 to be excluded"
)
assert "3.14" in requires_python and "3.14" not in built_for, (
    "expected Requires-Python to accept 3.14 although no classifier names it"
)
assert running in requires_python, (
    "expected this Python to be supported"
)
