"""Resize images before batch: map then batch can reshape them silently

When you hit it: you decode image files of different sizes in
`Dataset.map`, then `batch`, and iterating fails with `Cannot add
tensor to the batch: number of elements does not match` or `Cannot
batch tensors with different shapes in component 0`.

What is going on: `tf.data.Dataset.batch` stacks elements into one
dense tensor, so a batch needs one image shape. A `batch` right after
`map` is fused with it (`map_and_batch_fusion`, on by default), and the
fused op compares only element counts: the first message. Unfused, you
get the second. Resize in `map`, before `batch`: `tf.image.resize`
stretches, `tf.image.resize_with_pad` keeps the aspect ratio and pads
with zeros. Or keep each size with
[`ragged_batch`](data.md#padded-batch-sequences).

Pitfall: fused, images with equal pixel counts batch without error:
put a 2x4 and a 4x2 image together and one is reshaped to the other's
shape, its pixels scrambled. Resize every image, even when nothing
fails.

Checked: the fused message is printed up to its shapes; it ends with
the two images' shapes, `[tensor]: [...], [batch]: [...]`.

severity: silent
topics: D22, D11
aliases:
  - "number of elements does not match. Shapes are: [tensor]:"
  - how to batch images of different sizes in tf.data
  - portrait and landscape photos in the same batch
  - resize images in a tf.data pipeline before batching
  - images with different height and width in one dataset
  - batched images look scrambled after map and batch, no error
  - map_and_batch_fusion
"""

import inspect

import numpy as np
import tensorflow as tf

landscape = np.arange(24, dtype=np.uint8).reshape(2, 4, 3)
portrait = (100 + np.arange(24, dtype=np.uint8)).reshape(4, 2, 3)
square = np.full((3, 3, 3), 200, np.uint8)
pngs = [
    tf.io.encode_png(image).numpy()
    for image in (landscape, portrait, square, landscape)
]
png_ds = tf.data.Dataset.from_tensor_slices(pngs)

# --8<-- [start:wrong]
images_ds = png_ds.map(lambda png: tf.io.decode_png(png, channels=3))
train_ds = images_ds.batch(2)  # iterating raises, or worse
# --8<-- [end:wrong]

batches = iter(train_ds)
first = next(batches)  # 2x4 and 4x2: no error
try:
    next(batches)  # 3x3 and 2x4
except tf.errors.InvalidArgumentError as err:
    fused = str(err)[str(err).index("Cannot add") :].split(" [Op")[0]
print("2x4 + 4x2 images: one batch, no error, one image reshaped")
print("InvalidArgumentError:", fused.split(" Shapes are")[0])
flat = sorted(image.numpy().ravel().tolist() for image in first)
assert flat == [
    landscape.ravel().tolist(),
    portrait.ravel().tolist(),
], "expected both images' pixels, in memory order, under one shape"
assert first.shape[1:3] in [(2, 4), (4, 2)], (
    "expected one image's shape"
)
assert "number of elements does not match" in fused, (
    "expected the fused error"
)
assert "[3,3,3]" in fused and "[2,4,3]" in fused, (
    "expected both shapes named"
)

unfused_options = tf.data.Options()
unfused_options.experimental_optimization.map_and_batch_fusion = False
for unfused_ds in [
    train_ds.with_options(unfused_options),
    images_ds.prefetch(2).batch(2),  # a step between map and batch
]:
    try:
        next(iter(unfused_ds))
    except tf.errors.InvalidArgumentError as err:
        unfused = str(err)[str(err).index("Cannot batch") :].split(
            " [Op"
        )[0]
        assert "different shapes in component 0" in unfused, (
            "expected the shape error"
        )
    else:
        raise AssertionError(
            "expected unfused batch to reject 4x2 + 2x4"
        )
print("InvalidArgumentError:", unfused)


# --8<-- [start:right]
def fit_box(image):
    return tf.image.resize_with_pad(image, 4, 4)  # float32 (bilinear)


train_ds = images_ds.map(fit_box).batch(2)
# --8<-- [end:right]

resized = [batch.shape.as_list() for batch in train_ds]
print("resize_with_pad batches:", resized)
assert resized == [[2, 4, 4, 3], [2, 4, 4, 3]], "expected 4x4 images"
assert next(iter(train_ds)).dtype == tf.float32, "expected float32 out"
bilinear = inspect.signature(tf.image.resize_with_pad).parameters[
    "method"
]
assert bilinear.default == tf.image.ResizeMethod.BILINEAR, (
    "expected bilinear by default"
)

wide = next(iter(images_ds.map(fit_box)))[..., 0].numpy()
assert wide[[0, 3]].max() == 0, (
    "expected zero rows padded above and below"
)
assert np.allclose(wide[1:3], landscape[..., 0]), (
    "expected 2x4 unscaled"
)
assert tf.image.resize(landscape, (4, 4)).shape == (4, 4, 3), (
    "expected resize to stretch to the target size"
)
