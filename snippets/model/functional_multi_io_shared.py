"""Several inputs, several outputs, one shared layer: the Functional API

When you hit it: a model compares two inputs with the same encoder (a
siamese model) and predicts two things at once, say a class and a score.

What is going on: a layer object called twice in a Functional model
shares one set of weights: it appears once in `model.layers`. Pass
inputs and outputs as dicts: `fit` then takes losses, labels and data
keyed by the dict keys, logs a loss per output key, and `predict`
returns a dict with those keys (Keras 3.5 and later; Keras 3.4 in
`Checked:`). Give each `keras.Input` the `name` of its key: Keras
warns "all keys in the dict must match the names of the corresponding
tensors" otherwise.

Pitfall: to share, create the layer once and call the same object.
Creating `Dense(8)` twice builds two independent encoders: twice the
encoder weights, trained apart.

Checked: with Keras 3.4, TF 2.16's pair in the matrix, a dict of
losses works only when each output layer is named like its key, and
`fit` logs only `loss`.

severity: tip
topics: M2
aliases:
  - siamese network with shared weights in Keras
  - model with two outputs and two losses
  - how to pass labels for multiple outputs to fit
  - reuse the same layer on two inputs
  - multi-input model fit with a dict of arrays
  - dict of losses and per-output loss weights keyed by output name
  - predict returns a dict for a multi-output model
  - two-tower model that shares one encoder
"""

import re
import warnings

import keras
import numpy as np

keras.utils.set_random_seed(0)

# --8<-- [start:show]
left = keras.Input(shape=(4,), name="left")
right = keras.Input(shape=(4,), name="right")
encoder = keras.layers.Dense(8, activation="relu", name="encoder")
merged = keras.layers.Concatenate()([encoder(left), encoder(right)])
same = keras.layers.Dense(1, activation="sigmoid", name="same")(merged)
score = keras.layers.Dense(1, name="score")(merged)
model = keras.Model(
    {"left": left, "right": right}, {"same": same, "score": score}
)
model.compile(
    optimizer="adam",
    loss={"same": "binary_crossentropy", "score": "mse"},
    loss_weights={"same": 1.0, "score": 0.5},
)
# --8<-- [end:show]

rng = np.random.default_rng(0)
inputs = {
    "left": rng.normal(size=(16, 4)).astype("float32"),
    "right": rng.normal(size=(16, 4)).astype("float32"),
}
targets = {
    "same": rng.integers(0, 2, size=(16, 1)).astype("float32"),
    "score": rng.normal(size=(16, 1)).astype("float32"),
}
history = model.fit(inputs, targets, epochs=1, verbose=0)
predictions = model.predict(inputs, verbose=0)

encoder_params = 4 * 8 + 8
head_params = 2 * (16 * 1 + 1)
names = [layer.name for layer in model.layers]
print("layers:", names)
print(
    "params:",
    model.count_params(),
    "=",
    encoder_params,
    "(encoder, once)",
    "+",
    head_params,
    "(heads)",
)
print(
    "history keys:",
    sorted(history.history),
    "| predict keys:",
    sorted(predictions),
)
assert names.count("encoder") == 1, "expected the shared layer once"
assert model.count_params() == encoder_params + head_params == 74, (
    "expected the encoder's weights to be counted once"
)
assert len(model.trainable_weights) == 6, (
    "expected 3 kernels + 3 biases"
)
keras_version = tuple(
    int(part) for part in re.findall(r"\d+", keras.__version__)[:2]
)
per_output = ["loss", "same_loss", "score_loss"]
if keras_version < (3, 5):  # Keras 3.4.1, TF 2.16
    per_output = ["loss"]
assert sorted(history.history) == per_output, (
    "expected one logged loss per output (Keras 3.5 and later)"
)
assert sorted(predictions) == ["same", "score"], "expected a dict back"

unshared = keras.layers.Concatenate()(
    [
        keras.layers.Dense(8)(left),
        keras.layers.Dense(8)(right),
    ]
)
two_encoders = keras.Model(
    [left, right], keras.layers.Dense(1)(unshared)
)
print(
    "two Dense(8) objects instead:",
    two_encoders.count_params(),
    "params",
)
assert two_encoders.count_params() == 2 * encoder_params + 17, (
    "expected separate layer objects to have separate weights"
)


def renamed_run(
    input_names, head_names, loss_keys=("same", "score"), y=None
):
    """Dict keys stay left/right/same/score; the names change."""
    keras.utils.set_random_seed(0)
    a, b = (keras.Input(shape=(4,), name=n) for n in input_names)
    shared = keras.layers.Dense(8, activation="relu")
    both = keras.layers.Concatenate()([shared(a), shared(b)])
    same_head = keras.layers.Dense(1, name=head_names[0])(both)
    score_head = keras.layers.Dense(1, name=head_names[1])(both)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        renamed = keras.Model(
            {"left": a, "right": b},
            {"same": same_head, "score": score_head},
        )
    try:
        renamed.compile(
            optimizer="adam", loss=dict.fromkeys(loss_keys, "mse")
        )
        logged = renamed.fit(inputs, y or targets, epochs=1, verbose=0)
    except ValueError as err:  # Keras 3.4.1 (TF 2.16)
        return str(err).splitlines()[0], [
            str(w.message) for w in caught
        ]
    logged = logged.history
    keys = sorted(logged), sorted(renamed.predict(inputs, verbose=0))
    return keys, [str(w.message) for w in caught]


keys, quiet = renamed_run(
    ("left", "right"), ("same_head", "score_head")
)
_, noisy = renamed_run(("in_a", "in_b"), ("same_head", "score_head"))
print(
    "heads named same_head/score_head, history and predict keys:", keys
)
print("Inputs named in_a/in_b:", len(noisy), "warnings, first:")
print(" ", noisy[0].split(". Received")[0] + ".")
if keras_version < (3, 5):  # Keras 3.4.1, TF 2.16
    assert (
        "key 'same' does not correspond to any model output" in keys
    ), "expected TF 2.16 to reject the dict keys as loss keys"
    by_layer, _ = renamed_run(
        ("left", "right"),
        ("same_head", "score_head"),
        loss_keys=("same_head", "score_head"),
    )
    by_layer_both, _ = renamed_run(
        ("left", "right"),
        ("same_head", "score_head"),
        loss_keys=("same_head", "score_head"),
        y={
            "same_head": targets["same"],
            "score_head": targets["score"],
        },
    )
    assert all(
        "No loss to compute" in str(run)
        for run in (by_layer, by_layer_both)
    ), "expected TF 2.16 not to train with layer names as loss keys"
else:
    assert keys == (per_output, ["same", "score"]), (
        "expected the output dict keys, not the layer names"
    )
assert quiet == [], "expected no warning when Input names match keys"
assert len(noisy) == 2 and all(
    "all keys in the dict must match the names of the corresponding "
    "tensors" in message
    for message in noisy
), "expected a warning per mismatched Input name"
