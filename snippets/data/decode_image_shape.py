"""Decode images with a fixed channel count so map knows their shape

When you hit it: you decode image bytes inside `Dataset.map` and the
next op, often `tf.image.resize`, fails while the pipeline is built.

What is going on: `map` traces your function as a graph, where only
static shapes are known. `tf.io.decode_image` accepts any format,
animated GIFs included, so its result there has no shape at all.
Eagerly the same code works, because real tensors have shapes. Decode with
`channels=3` (and `expand_animations=False` for `decode_image`): the
shape becomes `(None, None, 3)` for `decode_png`, `decode_jpeg` and
`decode_image`.

Pitfall: the default `channels=0` keeps what each file holds, so one
grayscale PNG gives a 1-channel image in a 3-channel dataset. Force
`channels=3`, or check with `tf.ensure_shape`, which raises
`InvalidArgumentError` on that image when the pipeline runs.

severity: crash
topics: D11
aliases:
  - Cannot add tensor to the batch: number of elements does not match. Shapes are: [tensor]: [h,w,1], [batch]: [h,w,3]
  - tf.io.decode_image has no static shape inside Dataset.map, so tf.image.resize fails
  - decode_image works eagerly but fails in dataset.map
  - decode_jpeg gives shape (None, None, None)
  - some images in my folder are grayscale, others RGB
  - Cannot batch tensors with different shapes in component 0: a grayscale image (1 channel) among RGB ones (3)
  - PNG with an alpha channel gives 4 channels (RGBA) instead of 3
  - expand_animations=False for GIF files in decode_image
  - tf.image.resize_images or resize fails in map: image rank or shape not statically known
"""

import tensorflow as tf

gray = tf.io.encode_png(tf.zeros((5, 7, 1), tf.uint8))
image_bytes = tf.data.Dataset.from_tensors(gray)

try:
    # --8<-- [start:wrong]
    def load(png):
        image = tf.io.decode_image(png)
        return tf.image.resize(image, (4, 4))

    train_ds = image_bytes.map(load)  # raises while tracing
    # --8<-- [end:wrong]
except ValueError as err:
    message = str(err).strip().splitlines()[-1].strip()
print(message)
assert "'images' contains no shape" in message, (
    "expected no static shape"
)
assert load(gray).shape == (4, 4, 1), (
    "expected the same code to run eagerly"
)


# --8<-- [start:right]
def load(png):
    image = tf.io.decode_png(png, channels=3)  # gray -> RGB too
    image = tf.ensure_shape(image, [None, None, 3])
    return tf.image.resize(image, (4, 4))


train_ds = image_bytes.map(load)
print(train_ds.element_spec.shape)
# --8<-- [end:right]

assert train_ds.element_spec.shape == (4, 4, 3), (
    "expected a static shape"
)
any_image = image_bytes.map(tf.io.decode_image).element_spec
assert any_image.shape.rank is None, "expected decode_image: no rank"
still_image = image_bytes.map(
    lambda png: tf.io.decode_image(
        png, channels=3, expand_animations=False
    )
).element_spec
assert still_image.shape.as_list() == [None, None, 3], (
    "expected channels=3, expand_animations=False to fix the rank"
)
assert tf.io.decode_png(gray).shape[-1] == 1, (
    "expected channels=0 to keep the file's single channel"
)

first = next(iter(train_ds))
print("gray PNG through the fixed pipeline:", first.shape)
assert first.shape == (4, 4, 3), "expected gray decoded to 3 channels"
jpeg_bytes = tf.data.Dataset.from_tensors(
    tf.io.encode_jpeg(tf.zeros((5, 7, 1), tf.uint8))
)
for name, decoded in [
    ("decode_png", image_bytes.map(lambda p: tf.io.decode_png(p, 3))),
    ("decode_jpeg", jpeg_bytes.map(lambda p: tf.io.decode_jpeg(p, 3))),
]:
    assert decoded.element_spec.shape.as_list() == [None, None, 3], (
        f"expected {name}(channels=3) alone to give (None, None, 3)"
    )
animated = image_bytes.map(lambda p: tf.io.decode_image(p, channels=3))
assert animated.element_spec.shape.rank is None, (
    "expected decode_image to need expand_animations=False too"
)

checked_ds = image_bytes.map(
    lambda png: tf.ensure_shape(tf.io.decode_png(png), [None, None, 3])
)
try:
    list(checked_ds)
    ensure_error = None
except tf.errors.InvalidArgumentError as err:
    ensure_error = type(err).__name__
print("ensure_shape on the gray PNG, channels=0:", ensure_error)
assert ensure_error == "InvalidArgumentError", (
    "expected tf.ensure_shape to catch the 1-channel image"
)
