"""A shuffle buffer holds buffer_size elements: shuffle files, then records

When you hit it: your decoded dataset does not fit in memory, so a
`shuffle` buffer as large as it does not either.

What is going on: `tf.data.Dataset.shuffle(buffer_size)` keeps
`buffer_size` elements in memory: about that count times the size of
one element at that point of the pipeline. Bound it in
two steps. Shuffle the file names (a few bytes each) and
[`interleave`](data.md#interleave-order) several files, then shuffle
records with a small buffer. Shuffle before `map(decode)`, so the
buffer holds encoded records, not decoded images.

Pitfall: `shuffle` after `map(decode)` buffers decoded images, here
about 80 times the bytes of their PNGs. A small buffer alone leaves
records nearly in file order
([buffer size](data.md#shuffle-buffer-size)): shuffle the file names
too.

Checked: a counting source shows the buffer holding `buffer_size`
elements in the call that returns one (and one fewer between calls),
for each size tried. Byte counts are for this card's 64x64 PNGs (in
the output); how much smaller an encoded image is depends on its
format and content. With the file names shuffled, the first 16 images
came from 3 or more of the 8 files, a different set in each of three
epochs, and one epoch held each image once.

severity: perf
topics: D26, D6
aliases:
  - shuffle buffer out of memory, process killed
  - how much RAM does Dataset.shuffle use
  - should I shuffle before or after decoding images
  - shuffle TFRecord file names with list_files
  - Shuffle buffer filled.
"""

import numpy as np
import tensorflow as tf

SHARDS, PER_SHARD = 8, 25  # image ids 0..199, sorted across files
files = [f"shard-{s}.tfrecord" for s in range(SHARDS)]
for shard, path in enumerate(files):
    with tf.io.TFRecordWriter(path) as writer:
        for i in range(PER_SHARD):
            image_id = shard * PER_SHARD + i  # stored as the pixels
            image = tf.fill(
                [64, 64, 3], tf.constant(image_id, tf.uint8)
            )
            writer.write(tf.io.encode_png(image).numpy())


def decode(png):
    return tf.io.decode_png(png, channels=3)


# --8<-- [start:wrong]
images = tf.data.TFRecordDataset(files).map(decode)
# every decoded image in the buffer: wrong when they do not fit in RAM
train_ds = images.shuffle(SHARDS * PER_SHARD, seed=1)
# --8<-- [end:wrong]

# --8<-- [start:right]
train_ds = (
    tf.data.Dataset.from_tensor_slices(files)
    .shuffle(len(files), seed=1)  # file names: cheap
    .interleave(tf.data.TFRecordDataset, cycle_length=4)
    .shuffle(16, seed=1)  # a small buffer of encoded records
    .map(decode)  # decode after the shuffle
)
# --8<-- [end:right]


def image_ids(dataset, n=16):
    return [int(image[0, 0, 0]) for image in dataset.take(n)]


# What one element weighs, encoded and decoded.
png_bytes = [len(r.numpy()) for r in tf.data.TFRecordDataset(files)]
first_png = next(iter(tf.data.TFRecordDataset(files)))
decoded_bytes = decode(first_png).numpy().nbytes
buffer_bytes = {
    "200 decoded images": SHARDS * PER_SHARD * decoded_bytes,
    "16 encoded PNGs": 16 * max(png_bytes),
}
print("one image: PNG", max(png_bytes), "bytes, decoded", decoded_bytes)
for name, size in buffer_bytes.items():
    print(f"buffer of {name}: {size} bytes")
ratio = decoded_bytes / max(png_bytes)
print("decoded / PNG bytes, rounded to tens:", round(ratio, -1))
assert 70 <= ratio <= 90, "expected about 80 times the PNG's bytes"

# A counting source: how many elements has shuffle pulled in?
pulled = []


def count(i):
    pulled.append(int(i))
    return i


sync = tf.data.Options()
sync.experimental_optimization.inject_prefetch = False  # no read-ahead
held, first_pull = {}, {}
for size in (1, 16, 100):
    pulled.clear()
    source = tf.data.Dataset.range(500).map(
        lambda i: tf.py_function(count, [i], tf.int64)
    )
    batches = iter(source.shuffle(size, seed=1).with_options(sync))
    held[size] = []
    for taken in range(1, 6):
        next(batches)
        if taken == 1:
            first_pull[size] = len(pulled)
        held[size].append(len(pulled) - taken)
print(
    "pulled in before the first element, buffer 1, 16, 100:", first_pull
)
print("held between calls:", held)
for size, counts in held.items():
    assert first_pull[size] == size, "expected the buffer filled first"
    assert counts == [size - 1] * 5, (
        f"expected buffer_size - 1 held between calls: {size}, {counts}"
    )

# Order: the file names shuffled, then a small buffer of records.
mixed_shards = {i // PER_SHARD for i in image_ids(train_ds)}
print(
    "first 16 images, files shuffled first, from shards:", mixed_shards
)
assert len(mixed_shards) >= 3, "expected several files"
names_ds = tf.data.Dataset.from_tensor_slices(files).shuffle(8, seed=1)
file_orders = [tuple(names_ds.as_numpy_iterator()) for _ in range(3)]
epochs = [
    sorted({i // PER_SHARD for i in image_ids(train_ds)})
    for _ in range(3)
]
print("shards of the first 16 images, three epochs:", epochs)
assert len(set(file_orders)) == 3, (
    "expected a new file order each epoch"
)
assert len({tuple(shards) for shards in epochs}) == 3, (
    "expected the first images drawn from other files each epoch"
)
assert min(len(shards) for shards in epochs) >= 3, "several files"
everything = sorted(image_ids(train_ds, n=SHARDS * PER_SHARD + 1))
assert everything == list(range(SHARDS * PER_SHARD)), (
    "expected every image once per epoch"
)
wrong_ids = image_ids(images.shuffle(SHARDS * PER_SHARD, seed=1))
assert len({i // PER_SHARD for i in wrong_ids}) >= 3, (
    "full buffer mixes"
)
assert np.array_equal(next(iter(train_ds)).shape, [64, 64, 3]), (
    "expected decoded images out of the pipeline"
)
