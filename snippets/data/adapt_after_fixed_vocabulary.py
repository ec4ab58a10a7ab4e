"""`Cannot adapt layer … after setting a static vocabulary`: adapt or fix

When you hit it: you build `keras.layers.StringLookup(vocabulary=[...])`
(or `TextVectorization`, `IntegerLookup`), then call `adapt`, which
raises `ValueError: Cannot adapt layer 'string_lookup' after setting a
static vocabulary via vocabulary argument or set_vocabulary() method.`

What is going on: a `vocabulary` given to the constructor marks the
layer as fixed, and `adapt` refuses it; a copy from `get_config()`
keeps the mark. Choose one: drop `vocabulary` and `adapt`, or keep
your list and skip `adapt`. To extend a fixed list, adapt a fresh
layer and append its new tokens after yours, so your ids stay. A
`TextVectorization` error names its inner `StringLookup`, not your
layer. Basics: [adapt and OOV](data.md#text-vectorization-vocab).

Pitfall: despite the message, `set_vocabulary()` does not block
`adapt`: `adapt` after it replaces your list, silently, with ids
reordered by frequency; your tokens missing from the data become OOV.

Checked: the error for each of the three layers, and for one rebuilt
with `from_config`; `set_vocabulary()` then `adapt` on each of the
three. In Keras 3 (version printed),
only the constructor's `vocabulary` sets the mark
(`_has_input_vocabulary` in `keras/src/layers/preprocessing/index_lookup.py`).

severity: crash
topics: D29, D21
aliases:
  - "TextVectorization: Cannot adapt layer 'string_lookup_1' after setting a static vocabulary"
  - Cannot adapt StringLookup layer after setting a static vocabulary via init argument or `set_vocabulary`.
  - Cannot adapt layer 'integer_lookup' after setting a static vocabulary via `vocabulary` argument or `set_vocabulary()` method.
  - how to add new words to a StringLookup vocabulary
  - extend a TextVectorization vocabulary with adapt
  - adapt StringLookup with a predefined vocabulary
  - set_vocabulary then adapt changes my token ids
"""

import keras

train_colors = ["red", "blue", "red", "green", "blue", "blue"]

try:
    # --8<-- [start:wrong]
    colors = keras.layers.StringLookup(vocabulary=["green", "red"])
    colors.adapt(train_colors)  # ValueError
    # --8<-- [end:wrong]
except ValueError as err:
    message = str(err)
print("ValueError:", message)
assert message == (
    "Cannot adapt layer 'string_lookup' after setting a static vocabulary"
    " via `vocabulary` argument or `set_vocabulary()` method."
), "expected adapt to refuse a layer given a vocabulary"

# --8<-- [start:right]
fixed = ["green", "red"]  # ids you must keep: 1 and 2
fresh = keras.layers.StringLookup()
fresh.adapt(train_colors)  # most frequent first
new = [t for t in fresh.get_vocabulary()[1:] if t not in fixed]
colors = keras.layers.StringLookup(vocabulary=fixed + new)
# --8<-- [end:right]

vocabulary = [str(token) for token in colors.get_vocabulary()]
print("extended vocabulary:", vocabulary)
assert vocabulary == ["[UNK]", "green", "red", "blue"], (
    "expected the fixed ids kept and the new token appended"
)
assert colors(["green", "red", "blue"]).numpy().tolist() == [1, 2, 3]


def adapt_error(layer, data):
    try:
        layer.adapt(data)
    except ValueError as err:
        return str(err)
    return None


errors = {
    "StringLookup": adapt_error(
        keras.layers.StringLookup(vocabulary=["red"]), train_colors
    ),
    "IntegerLookup": adapt_error(
        keras.layers.IntegerLookup(vocabulary=[7]), [7, 8, 8]
    ),
    "TextVectorization": adapt_error(
        keras.layers.TextVectorization(
            vocabulary=["red"], name="color_words"
        ),
        ["red blue", "blue"],
    ),
    "from_config": adapt_error(
        keras.layers.StringLookup.from_config(colors.get_config()),
        train_colors,
    ),
}
for layer_name, error in errors.items():
    print(f"{layer_name}: {error.split(' after')[0]}")
    assert "after setting a static vocabulary" in error, layer_name
assert "'color_words'" not in errors["TextVectorization"], "inner name"
assert (
    "Cannot adapt layer 'string_lookup" in errors["TextVectorization"]
), "expected the error to name the inner StringLookup"

replaced = keras.layers.StringLookup()
replaced.set_vocabulary(["green", "red", "purple"])
before = replaced(["green", "red", "purple"]).numpy().tolist()
replaced.adapt(train_colors)  # no error; no purple in the data
after = replaced(["green", "red", "purple"]).numpy().tolist()
print(
    "set_vocabulary, then adapt: ids of green, red, purple",
    before,
    "->",
    after,
)
assert before == [1, 2, 3] and after == [3, 2, 0], (
    "expected adapt to replace the set vocabulary, ids by frequency,"
    " and a set token absent from the data to become OOV (0)"
)
numbers = keras.layers.IntegerLookup()
numbers.set_vocabulary([7, 9])
numbers_before = numbers([7, 9]).numpy().tolist()
numbers.adapt([9, 8, 8, 8, 9, 9, 9])  # no 7 in the data
numbers_after = numbers([7, 9]).numpy().tolist()
print(
    "IntegerLookup, ids of 7, 9:", numbers_before, "->", numbers_after
)
assert numbers_before == [1, 2] and numbers_after == [0, 1], (
    "expected IntegerLookup's set vocabulary replaced too"
)
words = keras.layers.TextVectorization()
words.set_vocabulary(["green", "red"])
words.adapt(["red red blue"])
assert [str(t) for t in words.get_vocabulary()] == [
    "",
    "[UNK]",
    "red",
    "blue",
], "expected TextVectorization's set vocabulary replaced too"
print("keras", keras.__version__)
