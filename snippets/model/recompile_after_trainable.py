"""Freeze layers with trainable=False, then call compile() again

When you hit it: you train a new head on a frozen base, set
`base.trainable = True` to fine-tune, call `fit` again, and the base
does not improve.

What is going on: `trainable = False` moves a layer's weights from
`trainable_weights` to `non_trainable_weights`, recursively. `fit`
reuses the training function it built for the current compile, with
the variable list it had then, so a later change of `trainable` has no
effect until you call `compile()` again.

Pitfall: Keras 3.15 gives no warning; the unfrozen base silently stays
frozen. Recompile (usually with a lower learning rate) after every
change of `trainable`.

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
    (len(model.trainable_weights), len(model.non_trainable_weights))
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
    (len(model.trainable_weights), len(model.non_trainable_weights))
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
    "trainable / non-trainable weights, before and after freezing:",
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
assert counts == [(6, 2), (2, 6)], "expected freezing to move 4 weights"
assert not frozen_moves, "expected a frozen base to stay fixed"
assert not stale_moves, "expected the stale compile to keep it frozen"
assert recompiled_moves, "expected recompiling to make the base train"
assert not [w for w in caught if "trainable" in str(w.message)], (
    "expected no warning about the changed trainable state"
)
