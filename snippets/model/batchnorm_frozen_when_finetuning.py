"""Keep BatchNormalization frozen with trainable=False when fine-tuning

When you hit it: you fine-tune a base that contains
`keras.layers.BatchNormalization`, called as `base(inputs,
training=False)` in a Functional model as many guides advise, and
expect its statistics to stay fixed once the base is unfrozen.

What is going on: in a Functional model of Keras 3.15 (TensorFlow
2.21), the `training` value that `fit` passes (`True`) overrides the
`training=False` written when the graph was built, so the batch
statistics update again (the nightly build fails this check: see the
matrix line). What holds here is the layer flag: a
`BatchNormalization` with `trainable = False` runs in inference mode
(it normalises with its moving statistics) even in `fit`.

Pitfall: unfreeze the base, then set `trainable = False` again on each
`BatchNormalization` layer before you recompile. Its moving mean and
variance then stay fixed while the other layers adapt.

severity: silent
topics: M10
aliases:
  - accuracy drops after I unfreeze the pretrained base for fine-tuning
  - moving_mean and moving_variance change even though I passed training=False
  - how do I freeze batch norm layers in transfer learning
  - base_model(x, training=False) is ignored by fit in Keras 3.15
  - fine-tuning ResNet, Inception or EfficientNet with BN layers ruins validation accuracy
  - BatchNormalization layer.trainable = False versus training=False
  - BN moving statistics keep updating during fit after unfreezing
  - keep BN layers in inference mode while fine-tuning the rest
"""

import keras
import numpy as np

rng = np.random.default_rng(0)
images = rng.normal(2.0, 3.0, size=(32, 8, 8, 3)).astype("float32")
labels = rng.integers(0, 2, size=(32,)).astype("float32")


def make_model():
    keras.utils.set_random_seed(0)
    base = keras.Sequential(
        [
            keras.Input(shape=(8, 8, 3)),
            keras.layers.Conv2D(4, 3),
            keras.layers.BatchNormalization(),
            keras.layers.GlobalAveragePooling2D(),
        ]
    )
    inputs = keras.Input(shape=(8, 8, 3))
    outputs = keras.layers.Dense(1)(base(inputs, training=False))
    return base, keras.Model(inputs, outputs)


def fine_tune(base, model):
    conv, batch_norm = base.layers[0], base.layers[1]
    conv_before = conv.kernel.numpy().copy()
    stats = [batch_norm.moving_mean, batch_norm.moving_variance]
    stats_before = [s.numpy().copy() for s in stats]
    model.compile(
        optimizer=keras.optimizers.Adam(1e-3),
        loss=keras.losses.BinaryCrossentropy(from_logits=True),
    )
    model.fit(images, labels, epochs=1, batch_size=32, verbose=0)
    return (
        not np.array_equal(conv_before, conv.kernel.numpy()),
        any(
            not np.array_equal(before, s.numpy())
            for before, s in zip(stats_before, stats, strict=True)
        ),
    )


# --8<-- [start:wrong]
base, model = make_model()  # calls base(inputs, training=False)
base.trainable = True  # fit passes training=True: BN updates
# --8<-- [end:wrong]
wrong = fine_tune(base, model)
wrong_base = base

# --8<-- [start:right]
base, model = make_model()
base.trainable = True
for layer in base.layers:
    if isinstance(layer, keras.layers.BatchNormalization):
        layer.trainable = False  # inference mode, even in fit
# --8<-- [end:right]
right = fine_tune(base, model)

for label, (conv_moved, mean_moved) in [
    ("training=False only:      ", wrong),
    ("BatchNorm trainable=False:", right),
]:
    print(
        label,
        "conv changed",
        conv_moved,
        "| BN moving stats changed",
        mean_moved,
    )


def modes_agree(base):
    """Does the BN layer give the same output with training=True?"""
    conv, batch_norm = base.layers[0], base.layers[1]
    features = conv(images[:8])
    return np.allclose(
        batch_norm(features, training=True),
        batch_norm(features, training=False),
    )


trainable_agrees, frozen_agrees = (
    modes_agree(wrong_base),
    modes_agree(base),
)
print("BN output, training=True equals training=False:")
print("  trainable BN:", trainable_agrees)
print("  frozen BN:   ", frozen_agrees)
assert wrong == (True, True), "expected fit to override training=False"
assert right == (True, False), "expected BN frozen while conv trains"
assert not trainable_agrees, "expected batch stats when trainable"
assert frozen_agrees, "expected a frozen BN to use its moving stats"
