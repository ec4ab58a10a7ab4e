"""Freeze layers with trainable=False, then call compile() again

When you hit it: you train a new head on a frozen base, set
`base.trainable = True` to fine-tune, call `fit` again, and the base
does not improve.

What is going on: `trainable = False` moves a layer's weights from
`trainable_weights` to `non_trainable_weights`, recursively. Once `fit`
has run, its training function keeps the variables that were trainable
then: `fit` ignores a later change of `trainable`, either way, until
`compile()` builds a new one. A change between `compile` and the first
`fit` still counts.

Pitfall: Keras 3.15 gives no warning; the unfrozen base silently stays
frozen. Recompile with a new optimizer (usually with a lower learning
rate) after every change of `trainable`.

Checked: after an unfreeze, keeping the optimizer the first `fit`
built (`optimizer=model.optimizer`, or only a new training function
from `model.make_train_function(force=True)`) raises at the next
`fit`; with Keras 3.15 the error says `This optimizer can only be
called for the variables it was originally built with`. A new instance
or a name such as `"adam"` works. After a freeze, both ways are
accepted and the frozen base stays fixed.

severity: silent
topics: M10
aliases:
  - Discrepancy between trainable weights and collected trainable weights
  - did you set model.trainable without calling model.compile after
  - unfrozen layers do not train during fine-tuning
  - do I need to compile again after changing trainable
  - base model weights do not change after setting trainable to True
  - layer.trainable = False has no effect after compile
  - GAN discriminator.trainable = False before compiling the combined model
  - how to freeze layers of a pretrained network in Keras
  - freezing weights of some layers so they stop updating
"""

import re
import warnings

import keras
import numpy as np

keras.utils.set_random_seed(0)
rng = np.random.default_rng(0)
images = rng.normal(size=(32, 8, 8, 3)).astype("float32")
labels = rng.integers(0, 2, size=(32,)).astype("float32")

base = keras.Sequential(
    [
        keras.Input(shape=(8, 8, 3)),
        keras.layers.Conv2D(4, 3),
        keras.layers.BatchNormalization(),
        keras.layers.GlobalAveragePooling2D(),
    ],
    name="base",
)
model = keras.Sequential([base, keras.layers.Dense(1)])
loss = keras.losses.BinaryCrossentropy(from_logits=True)
counts = [
    (len(base.trainable_weights), len(base.non_trainable_weights))
]
kernel = base.layers[0].kernel


def base_moves():
    before = kernel.numpy().copy()
    model.fit(images, labels, epochs=1, batch_size=32, verbose=0)
    return not np.array_equal(before, kernel.numpy())


# --8<-- [start:show]
base.trainable = False
model.compile(optimizer="adam", loss=loss)
# ... fit the new head ...
# --8<-- [end:show]
counts.append(
    (len(base.trainable_weights), len(base.non_trainable_weights))
)
frozen_moves = base_moves()

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    # --8<-- [start:wrong]
    base.trainable = True
    model.fit(images, labels, epochs=1, verbose=0)  # base still frozen
    # --8<-- [end:wrong]
    stale_moves = base_moves()

# --8<-- [start:right]
base.trainable = True
model.compile(optimizer=keras.optimizers.Adam(1e-4), loss=loss)
model.fit(images, labels, epochs=1, verbose=0)  # base trains
# --8<-- [end:right]
recompiled_moves = base_moves()

print(
    "base trainable / non-trainable weights, before, after freezing:",
    counts,
)
print(
    "base kernel changes: frozen",
    frozen_moves,
    "| unfrozen, not recompiled",
    stale_moves,
    "| recompiled",
    recompiled_moves,
)


def fresh():
    """A new base and model, compiled once while the base is frozen."""
    new_base = keras.models.clone_model(base)
    new_model = keras.Sequential([new_base, keras.layers.Dense(1)])
    new_base.trainable = False
    new_model.compile(optimizer="adam", loss=loss)
    return new_base, new_model


def moves(new_base, new_model):
    before = new_base.layers[0].kernel.numpy().copy()
    new_model.fit(images, labels, epochs=1, batch_size=32, verbose=0)
    return not np.array_equal(before, new_base.layers[0].kernel.numpy())


early_base, early_model = fresh()
early_base.trainable = True  # after compile, before the first fit
unfrozen_before_fit = moves(early_base, early_model)

late_base, late_model = fresh()
late_base.trainable = True
late_model.compile(optimizer="adam", loss=loss)
moves(late_base, late_model)
late_base.trainable = False  # freeze after a fit, no recompile
frozen_after_fit = moves(late_base, late_model)

forced_base, forced_model = fresh()
moves(forced_base, forced_model)
forced_base.trainable = True
# A new training function alone meets the optimizer's old variable list.
forced_model.make_train_function(force=True)
try:
    moves(forced_base, forced_model)
    optimizer_error = "none"
except ValueError as err:
    optimizer_error = next(
        part + "."
        for part in str(err).split(". ")
        if part.startswith("This optimizer")
    )
except NotImplementedError as err:  # Keras 3.9 to 3.11: TF 2.18 to 2.20
    optimizer_error = f"NotImplementedError: {err}"
print(
    "unfrozen after compile, before the first fit: base moves",
    unfrozen_before_fit,
)
print(
    "frozen after a fit, not recompiled: base moves", frozen_after_fit
)
print("new train function, old optimizer: ValueError:", optimizer_error)
assert unfrozen_before_fit, "expected a change before the first fit"
assert frozen_after_fit, (
    "expected the stale compile to keep training it"
)
keras_version = tuple(
    int(part) for part in re.findall(r"\d+", keras.__version__)[:2]
)
if (3, 9) <= keras_version < (3, 12):  # TF 2.18 to 2.20 fail otherwise
    assert optimizer_error.startswith("NotImplementedError"), "an error"
else:
    assert "can only be called for the variables it was originally" in (
        optimizer_error
    ), "expected the optimizer to keep its original variables"
assert counts == [(4, 2), (0, 6)], "expected freezing to move 4 weights"
assert not frozen_moves, "expected a frozen base to stay fixed"
assert not stale_moves, "expected the stale compile to keep it frozen"
assert recompiled_moves, "expected recompiling to make the base train"
assert not caught, "expected no warning at all"

reused_base, reused_model = fresh()
moves(reused_base, reused_model)
reused_base.trainable = True
reused_model.compile(optimizer=reused_model.optimizer, loss=loss)
try:
    moves(reused_base, reused_model)
    reused_error = "none"
except (ValueError, NotImplementedError) as err:  # by Keras release
    reused_error = " ".join(str(err).split())
assert reused_error != "none", "expected the same optimizer to fail"
if keras.__version__.startswith("3.15."):
    assert (
        "This optimizer can only be called for the variables it was "
        "originally built with" in reused_error
    ), "expected the optimizer to reject the newly trainable variables"

named_base, named_model = fresh()
moves(named_base, named_model)
named_base.trainable = True
named_model.compile(optimizer="adam", loss=loss)
assert moves(named_base, named_model), (
    "expected a recompile with a new optimizer by name to train the base"
)


def frozen_after_fit_with(refresh):
    """Fit with the base trainable, freeze it, refresh, fit again."""
    new_base, new_model = fresh()
    new_base.trainable = True
    new_model.compile(optimizer="adam", loss=loss)
    moves(new_base, new_model)
    new_base.trainable = False
    refresh(new_model)
    return moves(new_base, new_model)  # raises if the optimizer refuses


freeze_reused = frozen_after_fit_with(
    lambda m: m.compile(optimizer=m.optimizer, loss=loss)
)
freeze_forced = frozen_after_fit_with(
    lambda m: m.make_train_function(force=True)
)
print(
    "frozen after a fit, base moves: optimizer=model.optimizer",
    freeze_reused,
    "| new train function only",
    freeze_forced,
)
assert not freeze_reused, "expected the reused optimizer to accept it"
assert not freeze_forced, "expected a new train function to be enough"
