"""TextVectorization: 0 pads, 1 is [UNK], and the .keras file keeps the vocab

When you hit it: you turn strings into token ids with
`keras.layers.TextVectorization` or `keras.layers.StringLookup`, train
on them, then save the model for serving.

What is going on: `adapt` builds the vocabulary from data, most
frequent first. `TextVectorization` reserves index 0 for padding (the
mask token `''`) and 1 for unknown words (`[UNK]`). `StringLookup` has
no mask token by default, so its index 0 is `[UNK]`. Vectorize in
`Dataset.map` while training; for serving, put the same adapted layer
in front of the model. The `.keras` file stores the vocabulary as an
asset and reloads it.

Pitfall: the adapted vocabulary is not in `get_config()`. A layer
rebuilt from its config, or by `keras.models.clone_model`, knows only
`['', '[UNK]']` and fails on first call with `Table not initialized`.

severity: silent
topics: D21
aliases:
  - what does index 1 mean in TextVectorization output
  - why do out-of-vocabulary (OOV) words get index 1
  - StringLookup gives index 0 to OOV strings
  - how to save a TextVectorization layer with its vocabulary
  - "FailedPreconditionError: Table not initialized"
  - get_vocabulary() returns only '' and [UNK] after clone_model or from_config
  - Tokenizer oov_token and word_index: the TextVectorization equivalent
"""

import zipfile

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(0)

# --8<-- [start:indices]
texts = ["the cat sat", "the cat ran", "the dog"]
vectorize = keras.layers.TextVectorization(output_sequence_length=5)
vectorize.adapt(texts)
print(vectorize(["the bird sat"]))  # bird: 1, padding: 0

colors = keras.layers.StringLookup()
colors.adapt(["red", "red", "blue"])
print(colors(["red", "pink"]))  # pink: 0
# --8<-- [end:indices]

vocabulary = [str(word) for word in vectorize.get_vocabulary()]
print("TextVectorization vocabulary:", vocabulary[:4], "...")
print(
    "StringLookup vocabulary:",
    [str(w) for w in colors.get_vocabulary()],
)
assert vocabulary[:4] == ["", "[UNK]", "the", "cat"], (
    "expected padding, [UNK], then the most frequent words"
)
assert vectorize(["the bird sat"]).numpy().tolist() == [
    [2, 1, vocabulary.index("sat"), 0, 0]
], "expected [UNK] = 1 for a new word and 0 as padding"
assert colors.get_vocabulary() == ["[UNK]", "red", "blue"], (
    "expected StringLookup to start at [UNK]"
)
assert colors(["pink"]).numpy().tolist() == [0], "expected [UNK] = 0"

# --8<-- [start:train_and_serve]
labels = [1, 1, 0]
train_ds = tf.data.Dataset.from_tensor_slices((texts, labels))
train_ds = train_ds.batch(2).map(lambda x, y: (vectorize(x), y))
model = keras.Sequential(
    [
        keras.layers.Embedding(vectorize.vocabulary_size(), 8),
        keras.layers.GlobalAveragePooling1D(),
        keras.layers.Dense(1, activation="sigmoid"),
    ]
)
model.compile("adam", "binary_crossentropy")
model.fit(train_ds, epochs=2, verbose=0)

text_in = keras.Input(shape=(), dtype="string")
serving_model = keras.Model(text_in, model(vectorize(text_in)))
serving_model.save("classifier.keras")  # vocabulary included
# --8<-- [end:train_and_serve]

requests = tf.constant(["the cat sat", "a bird"])
restored = keras.models.load_model("classifier.keras")
same = np.allclose(
    restored.predict(requests, verbose=0),
    serving_model.predict(requests, verbose=0),
)
assets = [
    name
    for name in zipfile.ZipFile("classifier.keras").namelist()
    if name.endswith("vocabulary.txt")
]
restored_vocab = next(
    layer.get_vocabulary()
    for layer in restored.layers
    if isinstance(layer, keras.layers.TextVectorization)
)
print("in the .keras zip:", *assets, sep="\n  ")
print("same predictions after reload:", same)
assert assets, "expected the vocabulary stored as an asset file"
assert restored_vocab == vocabulary, "expected the same vocabulary back"
assert same, "expected the reloaded model to match"

config = vectorize.get_config()
assert config["vocabulary"] is None, "expected no vocabulary in config"
rebuilt = keras.layers.TextVectorization.from_config(config)
assert rebuilt.get_vocabulary() == ["", "[UNK]"], (
    "expected from_config to lose the vocabulary"
)
clone = keras.models.clone_model(
    keras.Sequential([keras.Input((), dtype="string"), vectorize])
)
clone_vocab = clone.layers[0].get_vocabulary()
print("vocabulary after clone_model:", clone_vocab)
assert clone_vocab == ["", "[UNK]"], "expected an empty vocabulary"
for name, layer in [("from_config", rebuilt), ("clone_model", clone)]:
    try:
        layer(tf.constant(["the cat"]))
        failure = None
    except tf.errors.FailedPreconditionError as err:
        failure = str(err)
    assert failure and "Table not initialized" in failure, (
        f"expected the {name} layer to fail on its first call"
    )
print(
    "first call after from_config and clone_model: Table not initialized"
)
