"""One corrupt image in the folder fails fit mid-epoch, and no error names it

When you hit it: `fit` on a `keras.utils.image_dataset_from_directory`
dataset stops partway with `InvalidArgumentError: Graph execution
error:` and `Unknown image file format. One of JPEG, JPEG XL, PNG, GIF,
BMP, WebP required.` (2.21; 2.16 to 2.20 list fewer formats).

What is going on: the folder is listed by file extension when the
dataset is made, so `Found 7 files` counts a broken `.jpg` (a `.txt` is
left out). Files are decoded only when a batch is read: the error comes
at the batch that holds the file, and neither the error nor the
`ignore_errors(log_warning=True)` log names it. Decode every file of
`file_paths` once with `tf.io.decode_image` to find it (below); that
costs one extra read and decode of the data.

Pitfall: `ignore_errors()` after batching drops the whole batch, good
images with it. With `batch_size=None`, then `ignore_errors()`, then
`batch`, only the bad file goes, silently, but so does every element
your own code fails on.

Checked: on this machine's CPU with TensorFlow 2.16 to 2.21 (only the
reason's format list differs), with 6 PNGs, one text file named
`bad.jpg`, batches of 4 and `shuffle=False`: `fit` ran one batch, then
failed; the batched `ignore_errors()` kept 4 of 6 good images; a
`tf.gather` from a one-entry table in a later `map` made it drop every
dog. Without `log_warning=True`, none of these drops (batched, one image
at a time, the map's) left a Python warning or a log line naming the
file. The check
also caught an empty, a truncated PNG and a truncated JPEG file. Files
Keras does not list (a `.webp`):
[no images found](data.md#image-folder-no-images-found). How to read the failing node:
[Graph execution
error](debugging.md#graph-execution-error-detected-at-node).

severity: crash
topics: D30, D15, E18
aliases:
  - "InvalidArgumentError: Unknown image file format. One of JPEG, PNG, GIF, BMP required."
  - "Graph execution error: Detected at node decode_image/DecodeImage defined at (most recent call last): <stack traces unavailable>"
  - "jpeg::Uncompress failed. Invalid JPEG data or crop window."
  - "Invalid PNG data, size"
  - how to find which image file is corrupt in my dataset folder
  - skip corrupted images in image_dataset_from_directory
  - dataset.ignore_errors() loses a whole batch
  - tf.data.experimental.ignore_errors
"""

import os
import tempfile
import warnings

import keras
import tensorflow as tf

keras.utils.set_random_seed(0)
root = tempfile.mkdtemp()
for name, shade in [("cats", 200), ("dogs", 50)]:
    os.makedirs(os.path.join(root, name))
    for i in range(3):
        pixels = tf.fill((6, 8, 3), tf.constant(shade, tf.uint8))
        path = os.path.join(root, name, f"{i}.png")
        tf.io.write_file(path, tf.io.encode_png(pixels))
tf.io.write_file(os.path.join(root, "dogs", "bad.jpg"), b"not an image")
tf.io.write_file(os.path.join(root, "dogs", "notes.txt"), b"not listed")
tf.io.write_file(os.path.join(root, "dogs", "photo.webp"), b"RIFF")


class StepCounter(keras.callbacks.Callback):
    steps = 0

    def on_train_batch_end(self, batch, logs=None):
        StepCounter.steps += 1


def small_model():
    model = keras.Sequential(
        [
            keras.Input((8, 8, 3)),
            keras.layers.Flatten(),
            keras.layers.Dense(2),
        ]
    )
    model.compile(
        optimizer="sgd",
        loss=keras.losses.SparseCategoricalCrossentropy(
            from_logits=True
        ),
    )
    return model


model = small_model()
try:
    # --8<-- [start:wrong]
    train_ds = keras.utils.image_dataset_from_directory(
        root, image_size=(8, 8), batch_size=4, shuffle=False
    )  # prints "Found 7 files belonging to 2 classes."
    model.fit(train_ds, verbose=0, callbacks=[StepCounter()])
    # --8<-- [end:wrong]
except tf.errors.InvalidArgumentError as err:
    message = str(err)
names = [os.path.relpath(p, root) for p in train_ds.file_paths]
lines = message.splitlines()
print("listed:", names)
print(f"InvalidArgumentError: {lines[0]}")
print(lines[2])
print(lines[4])
print("batches trained before the error:", StepCounter.steps)
assert (
    names[-1] == os.path.join("dogs", "bad.jpg") and len(names) == 7
), "expected the broken .jpg listed, the .txt and .webp left out"
assert lines[0] == "Graph execution error:", "expected the headline"
assert "node decode_image/DecodeImage" in lines[2], (
    "expected the decode"
)
tf_release = tuple(int(v) for v in tf.__version__.split(".")[:2])
if tf_release >= (2, 21):
    assert lines[4] == (
        "Unknown image file format. One of JPEG, JPEG XL, PNG, GIF, BMP, "
        "WebP required."
    ), "expected the decoder's reason"
elif tf_release == (2, 20):
    assert lines[4] == (
        "Unknown image file format. One of JPEG, PNG, GIF, BMP, WebP "
        "required."
    ), "expected the decoder's reason on 2.20"
else:
    assert lines[4] == (
        "Unknown image file format. One of JPEG, PNG, GIF, BMP required."
    ), "expected the decoder's reason on 2.16-2.19"
assert "bad.jpg" not in message, "expected no file name in the error"
assert StepCounter.steps == 1, "expected one batch before the bad one"


# --8<-- [start:right]
def unreadable(paths):
    """The files tf.io.decode_image cannot decode: one full pass."""
    bad = []
    for path in paths:
        try:
            tf.io.decode_image(  # as Keras decodes: 3 channels
                tf.io.read_file(path),
                channels=3,
                expand_animations=False,
            )
        except tf.errors.InvalidArgumentError:
            bad.append(path)
    return bad


for path in unreadable(train_ds.file_paths):
    os.remove(path)  # or move it aside
train_ds = keras.utils.image_dataset_from_directory(
    root, image_size=(8, 8), batch_size=4
)
# --8<-- [end:right]
history = small_model().fit(train_ds, verbose=0)
pixels = tf.random.stateless_uniform(
    (32, 32, 3), seed=(1, 2), maxval=256, dtype=tf.int32
)
png = tf.io.encode_png(tf.cast(pixels, tf.uint8)).numpy()
jpeg = tf.io.encode_jpeg(tf.cast(pixels, tf.uint8)).numpy()
scratch = tempfile.mkdtemp()  # outside the image folder
broken = {
    "empty.png": b"",
    "cut.png": png[:-200],
    "cut.jpg": jpeg[:-200],
}
for name, data in broken.items():
    tf.io.write_file(os.path.join(scratch, name), data)
caught = unreadable([os.path.join(scratch, name) for name in broken])
assert [os.path.basename(p) for p in caught] == list(broken), (
    "expected the check to catch empty and truncated files"
)
print("after removing it:", len(train_ds.file_paths), "files, fit ok")
assert len(train_ds.file_paths) == 6, "expected only the 6 PNGs left"
assert "loss" in history.history, "expected fit to run to the end"

tf.io.write_file(os.path.join(root, "dogs", "bad.jpg"), b"not an image")
batched = keras.utils.image_dataset_from_directory(
    root, image_size=(8, 8), batch_size=4, shuffle=False, verbose=False
)
# --8<-- [start:skip]
# drops a whole batch: the good images in it too
batched_kept = batched.ignore_errors()
# one image at a time: drops the bad file only, silently
single = keras.utils.image_dataset_from_directory(
    root, image_size=(8, 8), batch_size=None, shuffle=False
)
single_kept = single.ignore_errors().batch(4)
# --8<-- [end:skip]


def with_logs(read):
    """What read() returns, with the C++ log (file 2) and the Python
    warnings written while it ran."""
    saved_stderr = os.dup(2)
    with tempfile.TemporaryFile("w+") as log_file:
        os.dup2(log_file.fileno(), 2)  # the C++ log goes to file 2
        try:
            with warnings.catch_warnings(
                record=True
            ) as python_warnings:
                warnings.simplefilter("always")
                result = read()
        finally:
            os.dup2(saved_stderr, 2)
        log_file.seek(0)
        return result, log_file.read(), python_warnings


batched_count, batched_log, batched_warnings = with_logs(
    lambda: sum(int(labels.shape[0]) for _, labels in batched_kept)
)
single_count, single_log, single_warnings = with_logs(
    lambda: sum(int(labels.shape[0]) for _, labels in single_kept)
)
print(
    "good images kept: batched", batched_count, "| single", single_count
)
assert batched_count == 4, "expected the batch with bad.jpg dropped"
assert single_count == 6, "expected every good image kept"
assert "Unknown image file format" not in batched_log, batched_log
assert "bad.jpg" not in batched_log and not batched_warnings, (
    "expected the batched ignore_errors() to drop it silently too"
)
assert "Unknown image file format" not in single_log, single_log
assert "bad.jpg" not in single_log and not single_warnings, (
    "expected the default ignore_errors() to drop it silently"
)

_, log_text, _ = with_logs(
    lambda: list(single.ignore_errors(log_warning=True))
)
assert "Unknown image file format" in log_text, (
    "expected a logged error"
)
assert "bad.jpg" not in log_text, "expected no file name in the log"

class_weights = tf.constant([1.0])  # a bug: one weight for two classes
weighted = single.map(
    lambda image, label: (image, label, tf.gather(class_weights, label))
)
kept_labels, weighted_log, weighted_warnings = with_logs(
    lambda: [int(label) for _, label, _ in weighted.ignore_errors()]
)
print("labels left when your own map has a bug:", kept_labels)
assert kept_labels == [0, 0, 0], "expected every dog dropped"
assert "is not in [0, 1)" not in weighted_log, "expected no log"
assert "Unknown image file format" not in weighted_log, weighted_log
assert not weighted_warnings, "expected no Python warning either"
_, weighted_logged, _ = with_logs(
    lambda: list(weighted.ignore_errors(log_warning=True))
)
assert "indices = 1 is not in [0, 1)" in weighted_logged, (
    "expected the map's error, when logging is asked for"
)
