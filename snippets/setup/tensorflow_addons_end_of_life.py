"""TensorFlow Addons stopped at 0.23.0, for TF 2.13 to 2.15: use Keras 3 classes

When you hit it: code that imports `tensorflow_addons` (`tfa`) moves
to TensorFlow 2.16 or later, or to Python 3.12, for which no
`tensorflow-addons` release has a wheel.

What is going on: the newest release, 0.23.0 of 2023-11-28, accepts
TensorFlow from 2.13.0 to before 2.16.0 in its
`tensorflow_addons/version.py`: no release from 2.16 on. Its
maintainers ended development
([wind-down notice](https://github.com/tensorflow/addons/issues/2807)).
Keras 3 has counterparts for many of its parts; each runs here.
Four rows name settings or formulas where Keras differs from TFA;
other rows' numbers were not compared.

| TensorFlow Addons | Keras 3 |
|---|---|
| `tfa.optimizers.AdamW` | `keras.optimizers.AdamW` (see the pitfall) |
| `tfa.optimizers.LAMB` | `keras.optimizers.Lamb(epsilon=1e-6)`; its decay skips the trust ratio, and variables excluded from decay keep it |
| `tfa.layers.GroupNormalization` | `keras.layers.GroupNormalization` |
| `tfa.layers.InstanceNormalization` | `keras.layers.GroupNormalization(groups=-1)` |
| `tfa.layers.SpectralNormalization` | `keras.layers.SpectralNormalization` |
| `tfa.losses.SigmoidFocalCrossEntropy` | `keras.losses.BinaryFocalCrossentropy(apply_class_balancing=True, reduction=None)`; it averages over classes, TFA sums |
| `tfa.metrics.F1Score` | `keras.metrics.F1Score` |
| `tfa.metrics.RSquare` | `keras.metrics.R2Score` |
| `tfa.activations.gelu`, `mish` | `keras.activations.gelu(x, approximate=True)`, `mish` |

Pitfall: `keras.optimizers.AdamW` multiplies `weight_decay` by the
learning rate; TFA's `AdamW` subtracted `weight_decay * w` unscaled.
At a fixed learning rate, port `weight_decay=wd` as
`wd / learning_rate`.

Checked: the release facts come from the PyPI snapshot of the date
printed: 0.23.0 has wheels for Python 3.9 to 3.11 and none for
Windows, and its metadata names TensorFlow only in extras, so a plain
`pip install tensorflow-addons` checks no TensorFlow. TFA's unscaled
decay is in `tensorflow_addons/optimizers/weight_decay_optimizers.py`
(`DecoupledWeightDecayExtension._decay_weights_op`), read in
[its source](https://github.com/tensorflow/addons/blob/v0.23.0/tensorflow_addons/optimizers/weight_decay_optimizers.py),
not run. The run calls each Keras counterpart of the table on small
inputs. TFA itself was not run. In
[its source](https://github.com/tensorflow/addons/tree/v0.23.0/tensorflow_addons),
the focal loss applies `alpha=0.25`, sums over classes and returns one
loss per example (`reduction=NONE`), `gelu` defaults to
`approximate=True`, and LAMB has `epsilon=1e-6`, adds the decay to the
update before the trust ratio and, by default, skips the ratio for the
variables you exclude from decay. The run checks the Keras settings of the table
against the first two as formulas copied into NumPy, and that Keras's
`Lamb` decays by `learning_rate * weight_decay` apart from the ratio,
defaults to `epsilon=1e-7` and applies the ratio to variables
excluded from decay, by list and by name; `groups=-1` is checked against per-channel
normalization computed by hand.

severity: silent
topics: S12
aliases:
  - ModuleNotFoundError: No module named 'tensorflow_addons'
  - tensorflow-addons is deprecated, what replaces it
  - TensorFlow Addons (TFA) has ended development and introduction of new features
  - tfa.optimizers.AdamW in Keras 3
  - pip install tensorflow-addons fails on Python 3.12
  - tensorflow_addons with TensorFlow 2.16 and Keras 3
  - tfa.layers.InstanceNormalization replacement
  - AdamW weight decay is much weaker after moving from tfa to keras
"""

import ast
import inspect
import json
from pathlib import Path

import keras
import numpy as np
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.version import Version

SNAPSHOT = (
    Path(__file__).resolve().parents[2] / "registry" / "pypi.json"
)
registry = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
packages = registry["packages"]


def constants(source):
    """The string constants a version.py assigns, without running it."""
    return {
        node.targets[0].id: node.value.value
        for node in ast.parse(source).body
        if isinstance(node, ast.Assign)
        and isinstance(node.value, ast.Constant)
    }


# --8<-- [start:show]
tfa = packages["tensorflow-addons"]
last = max(tfa, key=Version)
version_py = constants(tfa[last]["source"]["text"])
accepts = SpecifierSet(
    f">={version_py['INCLUSIVE_MIN_TF_VERSION']},"
    f"<{version_py['EXCLUSIVE_MAX_TF_VERSION']}"
)
print("PyPI snapshot of", registry["fetched"])
print(f"tensorflow-addons {last} ({tfa[last]['uploaded']}):", accepts)
for tf_version in sorted(packages["tensorflow"], key=Version):
    if Version(tf_version) >= Version("2.13"):
        print(f"  tensorflow {tf_version}:", tf_version in accepts)
# --8<-- [end:show]

# --8<-- [start:wrong]
weight = keras.Variable([1.0])
adamw = keras.optimizers.AdamW(learning_rate=0.1, weight_decay=0.01)
adamw.apply_gradients([(keras.ops.zeros([1]), weight)])  # decay only
print("Keras AdamW(weight_decay=0.01):", weight.numpy())
# --8<-- [end:wrong]
unported = weight.numpy()

# --8<-- [start:right]
weight = keras.Variable([1.0])
tfa_decay, learning_rate = 0.01, 0.1
adamw = keras.optimizers.AdamW(
    learning_rate=learning_rate, weight_decay=tfa_decay / learning_rate
)
adamw.apply_gradients([(keras.ops.zeros([1]), weight)])
print("ported TFA decay 0.01:", weight.numpy())  # 1 - 0.01
# --8<-- [end:right]
ported = weight.numpy()

# Snapshot facts.
assert last == "0.23.0" and tfa[last]["uploaded"] == "2023-11-28", last
assert accepts == SpecifierSet(">=2.13.0,<2.16.0"), accepts
tf_releases = sorted(packages["tensorflow"], key=Version)
in_range = [v for v in tf_releases if v in accepts]
assert in_range == ["2.13.1", "2.14.1", "2.15.1"], in_range
assert not any(Version(v) >= Version("2.16") for v in in_range), (
    "expected no release from 2.16 on"
)
assert [v for v in tf_releases if Version(v) >= Version("2.16")] == [
    "2.16.2",
    "2.17.1",
    "2.18.1",
    "2.19.1",
    "2.20.0",
    "2.21.0",
], "expected TensorFlow 2.16 to 2.21 in the snapshot"
for release in tfa:
    assert not any(
        tag.startswith(("cp312", "cp313"))
        for tag in tfa[release]["wheels"]
    ), f"expected no Python 3.12+ wheel in {release}"
tags = tfa[last]["wheels"]
pythons = {tag.split("-")[0] for tag in tags}
assert pythons == {"cp39", "cp310", "cp311"}, pythons
assert not any("win" in tag for tag in tags), (
    "expected no Windows wheel"
)
assert any("win" in tag for tag in tfa["0.22.0"]["wheels"]), (
    "expected the previous release to have had Windows wheels"
)
for meta in tfa[last]["metadata"].values():
    for line in meta["requires_dist"]:
        req = Requirement(line)
        if req.name.startswith("tensorflow"):
            assert req.marker and "extra" in str(req.marker), (
                f"expected TensorFlow only in extras: {line}"
            )
            assert not req.marker.evaluate({"extra": ""}), line
print(
    "0.23.0 wheels:",
    ", ".join(sorted(pythons, key=lambda t: int(t[3:]))),
    "| Windows: none",
)

# The pitfall: Keras scales the decay by the learning rate.
assert np.allclose(unported, [1.0 - 0.1 * 0.01]), unported  # lr * wd
assert np.allclose(ported, [1.0 - 0.01]), ported

# Each Keras counterpart in the table runs here, on small inputs.
rng = np.random.default_rng(0)
images = rng.normal(size=(2, 4, 4, 8)).astype("float32")
checked = []

lamb = keras.optimizers.Lamb(learning_rate=0.01)
lamb_weight = keras.Variable([1.0, -1.0])
lamb.apply_gradients([(keras.ops.ones([2]), lamb_weight)])
assert np.all(lamb_weight.numpy() < [1.0, -1.0]), lamb_weight.numpy()
# Its decay: learning_rate * weight_decay, outside the trust ratio (a
# zero gradient leaves only the decay). TFA's, inside the ratio, would
# take 1.0 to 1.0 - 0.1 = 0.9 here.
lamb = keras.optimizers.Lamb(learning_rate=0.1, weight_decay=0.01)
lamb_weight = keras.Variable([1.0, -2.0])
lamb.apply_gradients([(keras.ops.zeros([2]), lamb_weight)])
assert np.allclose(lamb_weight.numpy(), [0.999, -1.998]), lamb_weight
# Variables excluded from decay (by list or by name) keep the trust ratio:
# a first step of ones moves w by lr * |w| / |update| * update.
lamb = keras.optimizers.Lamb(learning_rate=0.1, weight_decay=0.01)
by_list = keras.Variable([1.0, -2.0])
by_name = keras.Variable([1.0, -2.0], name="bias")
lamb.exclude_from_weight_decay(var_list=[by_list], var_names=["bias"])
lamb.apply_gradients(
    [(keras.ops.ones([2]), by_list), (keras.ops.ones([2]), by_name)]
)
ratio = np.sqrt(5.0) / np.sqrt(2.0)  # |w| / |update|, update = [1, 1]
for excluded in (by_list, by_name):
    assert np.allclose(
        excluded.numpy(), [1.0 - 0.1 * ratio, -2.0 - 0.1 * ratio]
    ), f"expected the trust ratio on an excluded variable: {excluded}"
lamb_defaults = inspect.signature(keras.optimizers.Lamb).parameters
assert lamb_defaults["epsilon"].default == 1e-7, lamb_defaults
assert not any("adaptation" in name for name in lamb_defaults), (
    "expected no layer-adaptation exclusions in Keras's Lamb"
)
checked.append("optimizers.Lamb")

grouped = keras.layers.GroupNormalization(groups=4)(images)
assert tuple(grouped.shape) == images.shape
checked.append("layers.GroupNormalization")

instance = keras.layers.GroupNormalization(groups=-1, epsilon=1e-3)
by_hand = (images - images.mean(axis=(1, 2), keepdims=True)) / np.sqrt(
    images.var(axis=(1, 2), keepdims=True) + 1e-3
)
assert np.allclose(
    keras.ops.convert_to_numpy(instance(images)), by_hand, atol=1e-5
), "expected groups=-1 to normalize each channel of each example"
assert instance.groups == images.shape[-1], instance.groups
checked.append("layers.GroupNormalization(groups=-1)")

spectral = keras.layers.SpectralNormalization(keras.layers.Dense(3))
assert tuple(spectral(np.ones((2, 5), "float32")).shape) == (2, 3)
checked.append("layers.SpectralNormalization")

focal = keras.losses.BinaryFocalCrossentropy()
focal_loss = float(
    focal(np.array([[1.0, 0.0]]), np.array([[0.8, 0.3]]))
)
plain = float(
    keras.losses.BinaryCrossentropy()(
        np.array([[1.0, 0.0]]), np.array([[0.8, 0.3]])
    )
)
assert 0 < focal_loss < plain, (focal_loss, plain)


def tfa_focal(y_true, y_pred, alpha=0.25, gamma=2.0):
    """TFA 0.23.0's sigmoid_focal_crossentropy, copied into NumPy."""
    clipped = np.clip(y_pred, 1e-7, 1 - 1e-7)
    ce = -(
        y_true * np.log(clipped) + (1 - y_true) * np.log(1 - clipped)
    )
    p_t = y_true * y_pred + (1 - y_true) * (1 - y_pred)
    alpha_factor = y_true * alpha + (1 - y_true) * (1 - alpha)
    return np.sum(alpha_factor * (1 - p_t) ** gamma * ce, axis=-1)


labels = np.array([[1.0, 0.0], [0.0, 1.0]])
scores = np.array([[0.8, 0.3], [0.4, 0.9]])
balanced = keras.losses.BinaryFocalCrossentropy(
    apply_class_balancing=True, reduction=None
)
per_example = keras.ops.convert_to_numpy(balanced(labels, scores))
assert per_example.shape == (2,), "expected one loss per example"
scalar_focal = keras.losses.BinaryFocalCrossentropy(
    apply_class_balancing=True
)
assert scalar_focal.reduction == "sum_over_batch_size", (
    scalar_focal.reduction
)
assert np.ndim(scalar_focal(labels, scores)) == 0, "expected one scalar"
assert np.allclose(
    per_example * labels.shape[-1], tfa_focal(labels, scores), atol=1e-6
), "expected apply_class_balancing=True, times classes, to match TFA"
default = keras.losses.BinaryFocalCrossentropy(reduction=None)
assert not np.allclose(
    keras.ops.convert_to_numpy(default(labels, scores)) * 2,
    tfa_focal(labels, scores),
    atol=1e-3,
), "expected Keras's default focal loss to differ from TFA's"
checked.append("losses.BinaryFocalCrossentropy")

f1 = keras.metrics.F1Score(average="macro", threshold=0.5)
f1.update_state(
    np.array([[1, 0], [0, 1]], "float32"),
    np.array([[0.9, 0.2], [0.3, 0.6]], "float32"),
)
assert np.isclose(float(f1.result()), 1.0, atol=1e-5), f1.result()
checked.append("metrics.F1Score")

r2 = keras.metrics.R2Score()
r2.update_state(
    np.array([[1.0], [2.0], [3.0]]), np.array([[1.0], [2.0], [3.0]])
)
assert np.isclose(float(r2.result()), 1.0), r2.result()
checked.append("metrics.R2Score")

for name in ("gelu", "mish"):
    out = keras.ops.convert_to_numpy(
        getattr(keras.activations, name)(
            np.array([0.0, 1.0], "float32")
        )
    )
    assert out[0] == 0.0 and 0.8 < out[1] < 0.9, (name, out)
    checked.append(f"activations.{name}")
gelu_default = inspect.signature(keras.activations.gelu).parameters
assert gelu_default["approximate"].default is False, gelu_default
x = np.array([-1.0, 0.5, 1.0, 2.0], "float32")
tanh_gelu = (
    0.5 * x * (1 + np.tanh(np.sqrt(2 / np.pi) * (x + 0.044715 * x**3)))
)
approx = keras.ops.convert_to_numpy(
    keras.activations.gelu(x, approximate=True)
)
exact = keras.ops.convert_to_numpy(keras.activations.gelu(x))
assert np.allclose(approx, tanh_gelu, atol=1e-6), approx
assert not np.allclose(exact, tanh_gelu, atol=1e-5), exact

print("ran here:", ", ".join(checked))
print("keras", keras.__version__)
