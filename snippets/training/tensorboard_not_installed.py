"""TensorBoard logging needs `pip install tensorboard` on TF 2.21

When you hit it: you add `keras.callbacks.TensorBoard` or call
`tf.summary.scalar` in a fresh TensorFlow 2.21 environment without the
`tensorboard` package, and `fit` stops after its first training step.

What is going on: the TensorFlow 2.21 package read here does not list
`tensorboard` among its requirements; TF 2.16–2.20 did.
`tf.summary.scalar`, `histogram` and `image` import their
implementation from the `tensorboard` package when first called, and
raise `TBNotInstalledError` when it is missing. The TensorBoard callback
calls them, so the error surfaces inside `fit`.

Pitfall: the error comes from inside `fit`, after the first batch,
not at import or in the callback's constructor. Add `tensorboard` (same
minor version as TensorFlow) to your requirements.

Checked: each run reads the requirements of the distribution that
provides the `tensorflow` module (its name is in the output); the
TF 2.16–2.20 lines of the matrix ran the same check on their wheels.
It did not read the metadata of the other TensorFlow wheels.

severity: crash
topics: T10
aliases:
  - TensorBoard is not installed, missing implementation for tf.summary.scalar
  - tensorboard command not found after pip install tensorflow
  - does tensorflow include tensorboard
  - AttributeError: module 'tensorflow._api.v2.summary' has no attribute 'scalar'
  - TensorBoard callback fails after the first batch of fit
  - is tensorboard a dependency of the tensorflow pip package
"""

import sys

# Simulate an environment without the tensorboard package, so the
# entry shows the same error whether or not it is installed here.
for name in [
    n for n in sys.modules if n.split(".")[0] == "tensorboard"
]:
    del sys.modules[name]
sys.modules["tensorboard"] = None

import importlib.metadata
import tempfile

import keras
import numpy as np
import tensorflow as tf

# Not exported under a public name; imported to catch the exact type.
from tensorflow.python.summary.tb_summary import (
    TBNotInstalledError,
)

log_dir = tempfile.mkdtemp()
x_train = np.ones((16, 1), "float32")
model = keras.Sequential([keras.Input((1,)), keras.layers.Dense(1)])
model.compile("sgd", "mse")


try:
    # --8<-- [start:show]
    tensorboard = keras.callbacks.TensorBoard(log_dir)  # no error yet
    model.fit(
        x_train,
        x_train,
        batch_size=8,
        epochs=3,
        verbose=0,
        callbacks=[tensorboard],
    )  # raises
    # --8<-- [end:show]
except TBNotInstalledError as err:
    message = str(err)
else:
    raise AssertionError(
        "expected fit with the TensorBoard callback to raise"
        " TBNotInstalledError"
    )
print("TBNotInstalledError:", message)
steps_done = int(model.optimizer.iterations.numpy())
print("training steps before the error:", steps_done)
assert "TensorBoard is not installed" in message, "expected missing TB"
assert steps_done == 1, (
    "expected the error after the first of two batches"
)

for summary_op, value in [
    (tf.summary.histogram, [1.0, 2.0]),
    (tf.summary.image, tf.zeros([1, 2, 2, 1])),
]:
    try:
        summary_op("probe", value, step=0)
        raised = False
    except TBNotInstalledError:
        raised = True
    assert raised, f"expected {summary_op.__name__} to need tensorboard"

distribution = importlib.metadata.packages_distributions()[
    "tensorflow"
][0]
requirements = importlib.metadata.requires(distribution) or []
print(
    distribution,
    importlib.metadata.version(distribution),
    "requires tensorboard:",
    any(r.startswith("tensorboard") for r in requirements),
)
tb_requirements = [
    r for r in requirements if r.startswith("tensorboard")
]
tf_minor = int(tf.__version__.split(".")[1])
if tf_minor >= 21:
    assert not tb_requirements, (
        "expected TensorFlow not to depend on tensorboard; it requires"
        f" {tb_requirements}"
    )
else:  # TF 2.16-2.20 pin tensorboard to their own minor version
    assert len(tb_requirements) == 1, "expected a tensorboard pin"
    assert f"2.{tf_minor}" in tb_requirements[0], (
        f"expected tensorboard 2.{tf_minor}; got {tb_requirements}"
    )
