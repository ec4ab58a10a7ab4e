"""`module 'tensorflow' has no attribute 'ConfigProto'`: most TF1 names are gone

When you hit it: TF1 code or an old tutorial stops at its first TF1
name, with `module 'tensorflow' has no attribute 'ConfigProto'` or
`module 'tensorflow._api.v2.train' has no attribute 'AdamOptimizer'`.

What is going on: TensorFlow 2 dropped most TF1 names from its main
API. The wheel ships the map that `tf_upgrade_v2` applies
(`tensorflow/tools/compatibility/renames_v2.py`, with the additions of
`all_renames_v2.py`): each TF1 name and its TF2 path, most under
`tf.compat.v1` (and nine rows that send TF2's `tf.keras.optimizers.*`
to the Keras 2 `legacy` classes). [Gone and moved names](names.md) lists every `tf.`
name in it, with the error it raises here and whether its new path
resolves (a `tf.compat.v1` name may still need graph mode to run).

Pitfall: a name that still resolves may now be a TF2 function with
other behaviour (`tf.where` broadcasts; the map's
`tf.compat.v1.where` raises on the same arguments), and `tf.compat.v1` restores names, not TF1's graph
mode. Port the code ([Session and
placeholder](graphs.md#tf1-session-placeholder)).

Checked: the run resolves every `tf.` name of the map on this release:
the old path (it raises `AttributeError`, or still resolves) and the
new path (it resolves; or it is a Keras 3 stub that raises when used;
or it is missing). The table is a file the run wrote. The shown code
runs; it is not what `tf_upgrade_v2` writes.

severity: crash
topics: E17, G10
aliases:
  - AttributeError module tensorflow has no attribute
  - module 'tensorflow._api.v2.train' has no attribute 'GradientDescentOptimizer'
  - module 'tensorflow' has no attribute 'set_random_seed'
  - module 'tensorflow' has no attribute 'random_normal'
  - tf_upgrade_v2 renames TF1 names to tf.compat.v1
  - module 'tensorflow' has no attribute 'contrib'
  - tf.keras.optimizers.legacy is not supported in Keras 3
"""

import hashlib
import os
import tempfile
from pathlib import Path

import keras
import tensorflow as tf
from tensorflow.tools.compatibility import all_renames_v2

# --8<-- [start:show]
tf.random.set_seed(0)  # was tf.set_random_seed
noise = tf.random.normal([3])  # was tf.random_normal
counts = tf.cast([1, 2, 4], tf.float32)  # was tf.to_float
logs = tf.math.log(counts)  # was tf.log
optimizer = keras.optimizers.Adam(1e-3)  # was tf.train.AdamOptimizer
# --8<-- [end:show]


def resolve(name: str):
    """tf.a.b.c as an attribute chain from the tf module."""
    found = tf
    for part in name.split(".")[1:]:
        found = getattr(found, part)
    return found


def error_of(name: str) -> str:
    try:
        resolve(name)
    except AttributeError as err:
        return str(err)
    return ""


def new_path_state(name: str) -> str:
    """yes: it resolves; stub: Keras 3 keeps the name only to raise an
    ImportError when it is used (tf.keras.optimizers.legacy); no."""
    if error_of(name):
        return "no"
    if (
        getattr(resolve(name), "__name__", "")
        == "LegacyOptimizerWarning"
    ):
        return "stub"
    return "yes"


# The map tf_upgrade_v2 applies; a few keys are its own aliases
# (contrib_*), not TensorFlow names.
renames = all_renames_v2.symbol_renames
tf_names = {
    old: new for old, new in renames.items() if old.startswith("tf.")
}
to_legacy = [
    old
    for old, new in tf_names.items()
    if old.startswith("tf.keras.optimizers.") and ".legacy." in new
]
to_compat = [
    new for new in tf_names.values() if new.startswith("tf.compat.v1.")
]
print(
    f"new path under tf.compat.v1: {len(to_compat)}; "
    f"Keras 2 legacy optimizers: {len(to_legacy)}"
)
assert len(to_compat) > len(tf_names) / 2, (
    "expected most under compat.v1"
)
assert len(to_legacy) == 9, f"expected nine legacy rows: {to_legacy}"
rows = []
for old, new in sorted(tf_names.items()):
    rows.append((old, error_of(old), new, new_path_state(new)))

# The names the shown code replaces raise, and their TF2 forms ran.
for old in (
    "tf.set_random_seed",
    "tf.random_normal",
    "tf.to_float",
    "tf.log",
    "tf.train.AdamOptimizer",
):
    assert error_of(old), f"expected {old} to be gone"
assert logs.dtype == tf.float32 and noise.shape == (3,), "ran"
assert optimizer.learning_rate.numpy() > 0, (
    "the Keras optimizer is built"
)

# Names users paste: each raises, and the map's path resolves.
by_old = {
    old: (message, new, state) for old, message, new, state in rows
}
for old in (
    "tf.ConfigProto",
    "tf.train.AdamOptimizer",
    "tf.random_normal",
):
    message, new, state = by_old[old]
    print(f"{old}: {message}")
    assert state == "yes", f"expected {new} to resolve here"
assert by_old["tf.ConfigProto"][0] == (
    "module 'tensorflow' has no attribute 'ConfigProto'"
), "expected the exact message for tf.ConfigProto"
assert by_old["tf.train.AdamOptimizer"][0] == (
    "module 'tensorflow._api.v2.train' has no attribute 'AdamOptimizer'"
), "expected the exact message for tf.train.AdamOptimizer"
assert error_of("tf.contrib") == (
    "module 'tensorflow' has no attribute 'contrib'"
), "expected tf.contrib to be gone (it is not in the map)"
assert "tf.contrib" not in renames, "contrib has no new path"
stubs = [row for row in rows if row[3] == "stub"]
for _old, _, new, _ in stubs:
    try:
        resolve(new)()
    except ImportError as err:
        assert "is not supported in Keras 3" in str(err), new
    else:
        raise AssertionError(f"expected {new} to raise when used")

gone = [row for row in rows if row[1]]
assert len(gone) > len(rows) / 2, "expected most TF1 names to be gone"
try:  # a compat.v1 name is back, TF1's graph mode is not
    tf.compat.v1.placeholder(tf.float32, [None, 4])
    placeholder_error = ""
except RuntimeError as err:
    placeholder_error = str(err)
print("tf.compat.v1.placeholder:", placeholder_error)
assert "not compatible with eager execution" in placeholder_error, (
    "expected compat.v1 to restore the name, not graph mode"
)
missing_new = [row for row in rows if row[3] == "no"]
still = [row for row in rows if not row[1]]
assert any(old == "tf.where" for old, *_ in still), "tf.where resolves"
cond = tf.constant([True, False])
then = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
other = tf.zeros([3, 2])
picked = tf.where(cond, then, other)  # TF2: broadcasts cond
print("tf.where (TF2):", picked.numpy().tolist())
assert picked.numpy().tolist() == [
    [1.0, 0.0],
    [3.0, 0.0],
    [5.0, 0.0],
], "expected tf.where to broadcast the condition over rows"
assert by_old["tf.where"][1] == "tf.compat.v1.where", "the map's path"
try:
    tf.compat.v1.where(cond, then, other)
    v1_error = "(no error)"
except tf.errors.InvalidArgumentError as err:
    v1_error = err.message
print("tf.compat.v1.where:", v1_error.split("}}")[-1].strip()[:70])
assert "must match size of 'cond'" in v1_error, (
    "expected TF1's where to reject what TF2's broadcasts"
)
assert all(
    message.startswith(("module '", "type object '"))
    and " has no attribute " in message
    for _, message, _, _ in gone
), "expected every gone name to raise the plain AttributeError"

table = "old\terror here\tnew path\tnew path exists\n" + "".join(
    "\t".join(row) + "\n" for row in rows
)
folder = Path(os.environ.get("SNIPPET_ARTIFACTS") or tempfile.mkdtemp())
(folder / "names.tsv").write_text(table, encoding="utf-8")
digest = hashlib.sha256(table.encode()).hexdigest()[:12]
print(
    f"TF {tf.__version__}: {len(rows)} tf. names in the "
    f"tf_upgrade_v2 map (of {len(renames)} keys)"
)
print(f"  gone (AttributeError): {len(gone)}")
print(f"  still resolve: {len(still)}")
print(f"  new path is a Keras 3 stub: {len(stubs)}")
print(f"  new path missing here: {len(missing_new)}")
print(f"table names.tsv, sha256 {digest}")
