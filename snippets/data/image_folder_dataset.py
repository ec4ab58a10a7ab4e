"""image_dataset_from_directory: labels come from sorted folder names

When you hit it: your images sit in one folder per class and you load
them with `keras.utils.image_dataset_from_directory`.

What is going on: each subfolder is a class; labels are the index of its
name in sorted order (`class_names`). Images are decoded, resized to
`image_size` (default 256×256, aspect ratio ignored), batched by 32 and
shuffled by default. For a validation split, ask for `subset="both"`
with a `seed` so the two subsets do not overlap.

Pitfall: pixels come back as `float32` in 0–255, not 0–1. Add a
`keras.layers.Rescaling(1 / 255)` yourself, and set `image_size` to
what your model expects.

severity: silent
topics: D15
aliases:
  - cannot import name 'ImageDataGenerator' from 'keras.preprocessing.image'
  - `tf.keras.preprocessing.image.ImageDataGenerator` is not recommended for new code
  - ImageDataGenerator flow_from_directory
  - tf.keras.preprocessing.image_dataset_from_directory
  - which class does label 0 belong to
  - class_names order does not match my labels (sorted alphabetically)
  - images from a directory are not normalized to 0-1
  - training and validation subsets overlap with validation_split
"""

import inspect
import os
import tempfile

import keras
import tensorflow as tf

root = tempfile.mkdtemp()
shades = {"dogs": 50, "cats": 200}  # one pixel value per class
for name, count in [("dogs", 2), ("cats", 3)]:
    os.makedirs(os.path.join(root, name))
    for i in range(count):
        pixels = tf.fill(
            (6, 10, 3), tf.constant(shades[name], tf.uint8)
        )
        png = tf.io.encode_png(pixels)
        tf.io.write_file(os.path.join(root, name, f"{i}.png"), png)

# --8<-- [start:show]
train_ds, val_ds = keras.utils.image_dataset_from_directory(
    root,  # root/cats/*.png, root/dogs/*.png
    validation_split=0.4,
    subset="both",
    seed=42,  # required with validation_split and shuffling
    image_size=(64, 64),
    batch_size=2,
)
print(train_ds.class_names)
# --8<-- [end:show]

images, labels = next(iter(train_ds))
pairs = sorted(
    (
        int(label),
        float(tf.reduce_min(image)),
        float(tf.reduce_max(image)),
    )
    for batch_images, batch_labels in train_ds.concatenate(val_ds)
    for image, label in zip(batch_images, batch_labels, strict=True)
)
print("batch:", images.shape, images.dtype.name)
print("(label, min pixel, max pixel):", pairs)
assert train_ds.class_names == ["cats", "dogs"], "expected sorted names"
assert images.shape[1:] == (64, 64, 3), "expected images resized"
assert images.dtype == tf.float32, "expected float32 pixels"
assert pairs == [(0, 200.0, 200.0)] * 3 + [(1, 50.0, 50.0)] * 2, (
    "expected label 0 for cats (200), 1 for dogs (50), in 0-255"
)
train_files, val_files = (
    set(train_ds.file_paths),
    set(val_ds.file_paths),
)
print(
    "files:",
    len(train_files),
    "+",
    len(val_files),
    "shared:",
    train_files & val_files,
)
assert not train_files & val_files, "expected no overlap"
assert len(train_files | val_files) == 5, (
    "expected every file used once"
)

default_ds = keras.utils.image_dataset_from_directory(
    root, verbose=False
)
image_spec, label_spec = default_ds.element_spec
assert image_spec.shape[1:] == (256, 256, 3), "expected 256x256 default"
assert label_spec.dtype == tf.int32, (
    "expected integer labels by default"
)
defaults = inspect.signature(
    keras.utils.image_dataset_from_directory
).parameters
assert defaults["batch_size"].default == 32, "expected batches of 32"
assert defaults["shuffle"].default is True, (
    "expected shuffling by default"
)
assert defaults["crop_to_aspect_ratio"].default is False, (
    "expected no crop"
)
assert defaults["pad_to_aspect_ratio"].default is False, (
    "expected no pad"
)

try:
    keras.utils.image_dataset_from_directory(
        root, validation_split=0.4, subset="training", verbose=False
    )
except ValueError as err:
    message = str(err)
print("ValueError:", message.split(",")[0])
assert "must provide a `seed`" in message, (
    "expected a seed to be required"
)
