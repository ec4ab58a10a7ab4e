"""Pin TensorFlow and Keras, then check the version that really runs

When you hit it: a fresh install or a new CI image picks up a newer
TensorFlow, and code that passed yesterday behaves differently.

What is going on: a loose requirement such as `tensorflow>=2.16` admits
every newer release. Pin `tensorflow==2.21.*` (2.21 patch releases
only) or `==2.21.0` (exactly one), and check at start-up that
`tf.__version__` is inside the pin.

Pitfall: the installed TensorFlow 2.21 wheel asks only for
`keras>=3.12.0`, with no upper bound, so even a Keras 4 would satisfy
it. Pin `keras` too ([which Keras fits](setup.md#tensorflow-keras-pairs):
on Python 3.10 it stops at 3.12).

Checked: the run reads the requirement of the distribution installed
(the output names it); other TensorFlow distributions of the same
release were not read. Run with TensorFlow 2.16 to 2.20 and a nightly,
the check exits, and their wheels' Keras requirement has no upper bound
either.

severity: tip
topics: S1
aliases:
  - my code broke after pip upgraded TensorFlow
  - requirements.txt versions for tensorflow and keras
  - check which TensorFlow version is installed
  - installing TensorFlow upgraded Keras too
  - install a specific older version with pip, downgrade
  - version changes with each new Docker image or CI run
"""

import importlib.metadata as metadata

import keras
import tensorflow as tf
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet

refused = None
try:
    # --8<-- [start:show]
    # requirements.txt:  tensorflow==2.21.*   keras==3.15.*
    TF_PIN = SpecifierSet("==2.21.*")
    KERAS_PIN = SpecifierSet("==3.15.*")
    if (
        tf.__version__ not in TF_PIN
        or keras.__version__ not in KERAS_PIN
    ):
        raise SystemExit(
            f"TF {tf.__version__}, Keras {keras.__version__}"
        )
    print(f"tensorflow {tf.__version__}, keras {keras.__version__}")
    # --8<-- [end:show]
except SystemExit as exit_request:
    refused = str(exit_request)
tf_release = tuple(int(v) for v in tf.__version__.split(".")[:2])
if tf_release == (2, 21) and keras.__version__.startswith("3.15."):
    assert refused is None, "expected the pinned pair to pass"
else:
    assert (
        refused == f"TF {tf.__version__}, Keras {keras.__version__}"
    ), "expected the check to exit on any other release"

releases = ["2.16.1", "2.20.0", "2.21.0", "2.21.3", "2.22.0", "3.0.0"]
admitted = {
    spec: list(SpecifierSet(spec).filter(releases))
    for spec in (">=2.16", "==2.21.*", "==2.21.0")
}
for spec, versions in admitted.items():
    print(f"tensorflow{spec:9} admits {versions}")
assert admitted[">=2.16"] == releases, "expected every newer release"
assert admitted["==2.21.*"] == ["2.21.0", "2.21.3"], (
    "expected 2.21 patch releases only"
)
assert admitted["==2.21.0"] == ["2.21.0"], (
    "expected exactly one release"
)

# Every installed distribution that provides the tensorflow module.
providers = sorted(set(metadata.packages_distributions()["tensorflow"]))
keras_reqs = {
    dist: next(
        Requirement(r)
        for r in metadata.requires(dist)
        if Requirement(r).name in ("keras", "keras-nightly")
    )
    for dist in providers
}
for dist, req in keras_reqs.items():
    print(f"{dist} {metadata.version(dist)} requires: {req}")
for dist, req in keras_reqs.items():
    if metadata.version(dist).startswith("2.21."):
        assert req.specifier == SpecifierSet(">=3.12.0"), (
            f"expected {dist} to require keras>=3.12.0"
        )
    assert "4.0.0" in req.specifier, (
        "expected no upper bound: a Keras 4 would satisfy it"
    )
