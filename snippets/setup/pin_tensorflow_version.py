"""Pin TensorFlow and Keras, then check the version that really runs

When you hit it: a fresh install or a new CI image picks up a newer
TensorFlow, and code that passed yesterday behaves differently.

What is going on: pip installs the newest release your requirement
allows. Pin `tensorflow==2.21.*` (patch fixes only) or `==2.21.0`, and
check at start-up that `tf.__version__` matches the installed package.
On Linux x86-64 that package may be `tensorflow-cpu`, where
`importlib.metadata.version("tensorflow")` raises, so ask which
distribution provides the `tensorflow` module.

Pitfall: TensorFlow 2.21 asks only for `keras>=3.12.0`, with no upper
bound. Pinning TensorFlow alone leaves Keras free to move: pin `keras`
too.

severity: tip
topics: S1
"""

import importlib.metadata as metadata

import keras
import tensorflow as tf
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet

# --8<-- [start:show]
# requirements.txt:  tensorflow==2.21.*   keras==3.15.*
TF_PIN = SpecifierSet("==2.21.*")

dist = metadata.packages_distributions()["tensorflow"][0]
installed = metadata.version(dist)  # what pip installed
assert tf.__version__ == installed, (tf.__version__, installed)
assert tf.__version__ in TF_PIN, f"unexpected TF {tf.__version__}"
print(f"{dist} {installed}, keras {keras.__version__}")
# --8<-- [end:show]

keras_req = next(
    Requirement(r) for r in metadata.requires(dist) if r.startswith("keras")
)
print("TensorFlow's own Keras requirement:", keras_req)

assert tf.__version__ == "2.21.0", "expected the site's pinned TF 2.21.0"
assert keras_req.specifier == SpecifierSet(">=3.12.0"), (
    "expected TF 2.21 to require keras>=3.12.0"
)
assert all(spec.operator == ">=" for spec in keras_req.specifier), (
    "expected no upper bound on Keras in TensorFlow's requirements"
)
if dist != "tensorflow":
    try:
        metadata.version("tensorflow")
        raised = False
    except metadata.PackageNotFoundError:
        raised = True
    assert raised, f"expected no 'tensorflow' metadata when {dist} is used"
