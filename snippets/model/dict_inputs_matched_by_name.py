"""Several inputs: feed a dict keyed by `keras.Input` names, not a list

When you hit it: a model with several `keras.Input`s, as in the Keras
functional API guide, gets its data as a dict or a list, and `predict`
raises "Missing data for input" or a shape error, or silently
predicts nonsense.

What is going on: fed a dict, a model built from a list of named
`Input`s picks each array by `Input` name (Keras 3.7 and later); key
order does not matter; extra same-length numeric arrays are dropped. A misspelt or
missing key raises `ValueError` naming the `Input`. A list goes by
position only: two inputs of the same shape swap without an error.
Build the model from a dict of named `Input`s; feed exactly those keys.

Pitfall: on Keras 3.4 to 3.15, an extra key sorted before an `Input`'s
name shifts a dict-built model's inputs (at most a `UserWarning`).
Here a later layer raises "expected axis -1 of input shape to have
value 24", or nothing raises.

Checked: here TF 2.21 with Keras 3.15, this machine's CPU. The matrix
pairs TF 2.16 with Keras 3.4, 2.17 with 3.6, 2.18 with 3.9, 2.19 and
2.20 with 3.11, and the 2.23 nightly with a 3.16 dev build; the
boundaries below are Keras releases. On Keras 3.4 and 3.6 a dict fed to
a model built from a list is read in sorted key order, not by name: this
model fails with `Input 0 of layer "priority" is incompatible with the
layer: expected axis -1 of input shape to have value 24`. A model built
from a dict matches by key on every matrix release. On Keras 3.4 to 3.15
it reads a fed dict in sorted key order, so an extra key shifts the
inputs that sort after it; one that sorts after every `Input` name
(`zz`) is dropped. The Keras 3.16 dev build in the TF 2.23 nightly
(3.16.0.dev2026102704) drops each extra key tried here, with the
warning.
Source: `keras/src/models/functional.py`
(`Functional._standardize_inputs`). For the
`Input`-level shape message, see
[the shape mismatch card](debugging.md#layer-shape-mismatch); for
naming `Input`s like their keys, see
[the multi-input card](model.md#functional-multi-io-shared).

severity: silent
topics: M2, E1
aliases:
  - Input 0 of layer "priority" is incompatible with the layer: expected axis -1 of input shape to have value
  - Missing data for input "title". You passed a data dictionary with keys
  - The structure of `inputs` doesn't match the expected structure
  - functional API guide multi-input example fails in Keras 3
  - are dict inputs matched by the name of keras.Input
  - multi-input model gets its inputs in the wrong order
  - fit or predict with a dict of arrays for several inputs
  - extra key in the input dict of a Keras model
"""

import re
import warnings

import keras
import numpy as np
from packaging.version import Version

keras.utils.set_random_seed(0)
rng = np.random.default_rng(0)
title_ids = rng.integers(0, 100, size=(4, 10))  # 4 tickets
body_ids = rng.integers(0, 100, size=(4, 20))
tag_flags = rng.integers(0, 2, size=(4, 12)).astype("float32")
keras_version = Version(keras.__version__).release[:2]  # (3, 15)


def clean(err):
    return re.sub(r"\x1b\[[0-9;]*m", "", str(err))


def outcome(model, data):
    """Predictions, or the error's key line, and the warnings."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            result = model.predict(data, verbose=0)
        except ValueError as err:
            lines = clean(err).splitlines()
            result = next(
                (ln for ln in lines if "incompatible" in ln), lines[0]
            )
    return result, [clean(w.message) for w in caught]


# --8<-- [start:show]
title = keras.Input(shape=(None,), name="title")  # word ids
body = keras.Input(shape=(None,), name="body")
tags = keras.Input(shape=(12,), name="tags")
pool = keras.layers.GlobalAveragePooling1D()
merged = keras.layers.Concatenate()(
    [
        pool(keras.layers.Embedding(100, 8)(title)),
        pool(keras.layers.Embedding(100, 4)(body)),
        tags,
    ]
)
priority = keras.layers.Dense(1, name="priority")(merged)
model = keras.Model([title, body, tags], priority)  # as in the guide
# --8<-- [end:show]
reference = model.predict([title_ids, body_ids, tag_flags], verbose=0)

# --8<-- [start:wrong]
swapped = model.predict([body_ids, title_ids, tag_flags], verbose=0)
# --8<-- [end:wrong]
print(
    "list with title and body swapped: runs; same predictions?",
    bool(np.allclose(swapped, reference)),
)
assert not np.allclose(swapped, reference), "expected other predictions"

named = {"tags": tag_flags, "title": title_ids, "body": body_ids}
by_name, by_name_warnings = outcome(model, named)
extra_kept, extra_warnings = outcome(
    model, {**named, "id": tag_flags, "zz": tag_flags}
)
if keras_version >= (3, 7):  # by name; TF 2.18 and later in the matrix
    print(
        "list-built model, dict in another key order: same predictions"
    )
    np.testing.assert_allclose(by_name, reference, rtol=1e-6)
    np.testing.assert_allclose(extra_kept, reference, rtol=1e-6)
    assert by_name_warnings == extra_warnings == [], (
        "expected no warning"
    )
    print("  with extra keys 'id', 'zz': dropped, no warning")
else:  # Keras 3.4 to 3.6: sorted key order (body, tags, title)
    print("list-built model, dict:", by_name.split(" is ")[0])
    assert (
        'Input 0 of layer "priority" is incompatible with the layer: '
        "expected axis -1 of input shape to have value 24" in by_name
    ), "expected the guide's error on Keras 3.4 and 3.6"
    assert "but received input with shape (4, 22)" in by_name

misspelt = {"titel": title_ids, "body": body_ids, "tags": tag_flags}
for label, data, missing in [
    ("misspelt", misspelt, "title"),
    ("missing", {"title": title_ids, "body": body_ids}, "tags"),
]:
    try:
        model.predict(data, verbose=0)
    except ValueError as err:
        message = clean(err)
    else:
        raise AssertionError(f"expected a {label} key to raise")
    print(f"{label} key: ValueError:", message.split(". You")[0])
    assert message.startswith(f'Missing data for input "{missing}"'), (
        "expected the message to name the Input without data"
    )
    assert "Expected the following keys: ['title', 'body', 'tags']" in (
        message
    ), "expected the message to list the Input names"

# --8<-- [start:right]
model = keras.Model(
    {"title": title, "body": body, "tags": tags}, priority
)
named = {"tags": tag_flags, "title": title_ids, "body": body_ids}
scores = model.predict(named, verbose=0)  # key order does not matter
# --8<-- [end:right]
np.testing.assert_allclose(scores, reference, rtol=1e-6)
print("dict-built model, dict in another key order: same predictions")
print("  its inputs, flattened:", [t.name for t in model.inputs])
assert [t.name for t in model.inputs] == ["body", "tags", "title"], (
    "expected a dict of Inputs to be flattened in sorted key order"
)

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    try:
        # --8<-- [start:extra_key]
        ids = np.arange(4.0).reshape(4, 1)
        extra = {**named, "id": ids}  # one key too many
        model.predict(extra, verbose=0)  # ValueError on Keras 3.4-3.15
        # --8<-- [end:extra_key]
        line = "runs"
    except ValueError as err:
        lines = clean(err).splitlines()
        line = next(ln for ln in lines if "incompatible" in ln)
structure = [w for w in caught if "structure" in str(w.message)]
# A second extra key whose shape fits, sorted between body and tags.
shifted, shifted_warnings = outcome(
    model, {**named, "summary": tag_flags}
)
by_hand = model.predict(
    {"body": body_ids, "tags": tag_flags, "title": tag_flags}, verbose=0
)
if keras_version >= (3, 16):  # the nightly's dev build: dropped
    print("  extra keys 'id', 'summary': dropped, same predictions")
    assert line == "runs", "expected the nightly to drop the extra key"
    assert "Ignored fields: 'id'" in str(structure[0].message)
    np.testing.assert_allclose(shifted, reference, rtol=1e-6)
    assert any(
        "Ignored fields: 'summary'" in w for w in shifted_warnings
    )
else:  # Keras 3.4 to 3.15: the flattened data shift by one place
    print(
        "  extra key 'id':",
        line.split("incompatible with the layer: ")[1],
    )
    assert re.search(r"of layer .priority. is incompatible", line), (
        "expected the layer after the merge to raise"
    )
    assert "expected axis -1 of input shape to have value 24" in line, (
        "expected the merged width the model was built for"
    )
    assert "but received input with shape (4, 13)" in line, (
        "expected 'id' (4, 1) read as tags, the tags (4, 12) as title"
    )
    np.testing.assert_allclose(shifted, by_hand, rtol=1e-6)
    print(
        "  extra key 'summary' shaped like tags: runs; same predictions?",
        bool(np.allclose(shifted, reference)),
    )
    assert not np.allclose(shifted, reference), "expected a shift"
if keras_version >= (3, 6):  # TF 2.17 and later in the matrix
    first = str(structure[0].message)
    print(
        "  the extra key 'id' warns first: UserWarning:",
        first.split(".")[0].split(":")[0],
    )
    assert structure[0].category is UserWarning, (
        "expected a UserWarning"
    )
    assert (
        "The structure of `inputs` doesn't match the expected structure"
        in first
    ), "expected the structure warning"
else:  # Keras 3.4 and 3.5: no warning at all
    assert structure == [], "expected Keras 3.4 and 3.5 to say nothing"

# An extra key that sorts after every Input name is cut off the end.
last, last_warnings = outcome(model, {**named, "zz": ids})
print("  extra key 'zz', sorted last: dropped, same predictions")
np.testing.assert_allclose(last, reference, rtol=1e-6)
if keras_version >= (3, 6):
    assert any(
        "The structure of `inputs` doesn't match the expected structure"
        in w
        for w in last_warnings
    ), "expected the structure warning for 'zz'"
