"""Explicit labels follow sorted file names; batch boxes ragged or padded

When you hit it: your labels sit in a CSV, not in folder names, so you
pass `keras.utils.image_dataset_from_directory(labels=[...])`; or your
images hold different numbers of boxes and one batch must hold them.

What is going on: the list is matched to files directory by directory,
each sorted by name (`img1, img10, img2`), not in your CSV's order:
take the order from `file_paths` of a `labels=None, shuffle=False`
call. For boxes, load images with `labels=None, shuffle=False,
batch_size=None`, then zip them with `from_tensor_slices` of a
`tf.ragged.constant` in that order. `batch` then gives a
`tf.RaggedTensor` of boxes; `padded_batch(padding_values=…)` pads with
`-1`, outside the 0 to 1 coordinates (its default, 0, is a valid one;
[padding rules](data.md#padded-batch-sequences)).

Pitfall: with `shuffle=True` (the default) the function shuffles your
label list in place: a second call with it (for the validation subset)
pairs wrong labels, silently. Use `subset="both"`, or pass a copy.

Checked: in a nested folder, folders come in the order of their full
path as text (`a`, `a-b`, `a/c`), the top folder first; files by name
within each.
A list of the wrong length raises `Expected the lengths of labels to
match the number of files`; a NumPy array raises `The truth value of an
array with more than one element is ambiguous`: pass a list.
`padded_batch` refuses the ragged slices (`padded_batch is only
supported for datasets that produce tensor elements`) until a `map`
turns them into tensors. Base rules (class folders, sizes, splits):
[image folders](data.md#image-folder-dataset).

severity: silent
topics: D28, D15, D16
aliases:
  - image_dataset_from_directory labels list order does not match my CSV
  - Labels should be sorted according to the alphanumeric order of the image file paths
  - Expected the lengths of `labels` to match the number of files in the target directory
  - image_dataset_from_directory validation labels wrong with a labels list
  - batch bounding boxes with a different number of boxes per image
  - object detection tf.data pipeline with variable number of boxes
  - pad bounding boxes to the same count in a batch
  - "`padded_batch` is only supported for datasets that produce tensor elements"
"""

import contextlib
import io
import os

import keras
import numpy as np
import tensorflow as tf

root = "photos"
os.makedirs(root)
for i in range(1, 13):  # img1.png .. img12.png; pixel value = 10 * i
    pixels = tf.fill([4, 4, 3], tf.constant(10 * i, tf.uint8))
    tf.io.write_file(f"{root}/img{i}.png", tf.io.encode_png(pixels))
label_of = {f"img{i}.png": i - 1 for i in range(1, 13)}  # the CSV
csv_order = list(label_of.values())  # img1, img2, ..., img12


def pairs(dataset):
    """(image number, label) for every image, read from its pixels."""
    return sorted(
        (int(image[0, 0, 0]) // 10, int(label))
        for image, label in dataset.unbatch()
    )


truth = sorted((i, i - 1) for i in range(1, 13))
load = dict(image_size=(4, 4), verbose=False)

# --8<-- [start:wrong]
train_ds = keras.utils.image_dataset_from_directory(
    root,
    labels=csv_order,
    **load,  # the CSV's order: wrong
)
# --8<-- [end:wrong]
wrong = pairs(train_ds)
print("CSV order, wrong pairs:", [p for p in wrong if p not in truth])
assert wrong != truth, "expected labels matched to the wrong images"

# --8<-- [start:right]
order = keras.utils.image_dataset_from_directory(
    root, labels=None, shuffle=False, verbose=False
).file_paths  # the order the labels must follow
labels = [label_of[os.path.basename(path)] for path in order]
train_ds = keras.utils.image_dataset_from_directory(
    root, labels=labels, **load
)
# --8<-- [end:right]
print("file order:", [os.path.basename(p) for p in order[:5]], "...")
assert [os.path.basename(p) for p in order[:5]] == [
    "img1.png",
    "img10.png",
    "img11.png",
    "img12.png",
    "img2.png",
], "expected names sorted as text"
assert pairs(train_ds) == truth, "expected every image with its label"

print(
    "label list after that call, changed in place:",
    labels != [label_of[os.path.basename(p)] for p in order],
)
assert labels != [label_of[os.path.basename(p)] for p in order], (
    "expected shuffle=True to reorder the caller's list"
)
labels = [label_of[os.path.basename(p)] for p in order]
original = list(labels)
split_log = io.StringIO()  # "Using 9 files for training." and so on
with contextlib.redirect_stdout(split_log):
    subsets = [
        keras.utils.image_dataset_from_directory(
            root,
            labels=labels,  # the same list object, twice
            validation_split=0.25,
            subset=subset,
            seed=1,
            **load,
        )
        for subset in ("training", "validation")
    ]
two_calls = pairs(subsets[0]) + pairs(subsets[1])
fresh = [label_of[os.path.basename(p)] for p in order]
with contextlib.redirect_stdout(split_log):
    both = keras.utils.image_dataset_from_directory(
        root,
        labels=fresh,
        validation_split=0.25,
        subset="both",
        seed=1,
        **load,
    )
print(
    "two calls, one list: wrong pairs:",
    len(set(two_calls) - set(truth)),
)
print(
    "subset='both': wrong pairs:",
    len(set(pairs(both[0]) + pairs(both[1])) - set(truth)),
)
assert set(pairs(subsets[0])) <= set(truth), "expected the first right"
assert not set(pairs(subsets[1])) <= set(truth), (
    "expected the second call, with the shuffled list, mismatched"
)
assert sorted(pairs(both[0]) + pairs(both[1])) == truth, "expected both"
with contextlib.redirect_stdout(split_log):
    copies = [
        keras.utils.image_dataset_from_directory(
            root,
            labels=list(original),  # a copy for each call
            validation_split=0.25,
            subset=subset,
            seed=1,
            **load,
        )
        for subset in ("training", "validation")
    ]
assert sorted(pairs(copies[0]) + pairs(copies[1])) == truth, "copies"


for folder in ("nested/a/c", "nested/a-b", "nested/b"):
    os.makedirs(folder)
nested_files = [  # written in another order than the listing
    "nested/b/x.png",
    "nested/a/c/deep.png",
    "nested/z.png",
    "nested/a-b/x.png",
    "nested/a/y.png",
]
for path in nested_files:
    tf.io.write_file(
        path, tf.io.encode_png(tf.zeros([2, 2, 3], tf.uint8))
    )
nested = keras.utils.image_dataset_from_directory(
    "nested", labels=[0, 1, 2, 3, 4], shuffle=False, verbose=False
)
print("nested folder order:", nested.file_paths)
assert nested.file_paths == [
    "nested/z.png",
    "nested/a/y.png",
    "nested/a-b/x.png",  # "a-" sorts before "a/"
    "nested/a/c/deep.png",
    "nested/b/x.png",
], "expected folders in the order of their full path as text"
try:
    keras.utils.image_dataset_from_directory(
        root, labels=labels[:5], **load
    )
except ValueError as err:
    length_message = str(err).split(". len(")[0]
print("5 labels, 12 files: ValueError:", length_message)
assert length_message == (
    "Expected the lengths of `labels` to match the number of files in"
    " the target directory"
), "expected one label per file"
try:
    keras.utils.image_dataset_from_directory(
        root, labels=np.array(labels), **load
    )
except ValueError as err:
    array_message = str(err).split(". Use")[0]
print("NumPy array of labels: ValueError:", array_message)
assert array_message == (
    "The truth value of an array with more than one element is ambiguous"
), "expected a NumPy array to be refused"

# Boxes: 0, 1 or 2 per image, (y1, x1, y2, x2) in 0..1, in file order.
box_rows = [[[0.1, 0.1, 0.5, 0.5]] * (i % 3) for i in range(12)]
# --8<-- [start:boxes]
images = keras.utils.image_dataset_from_directory(
    root, labels=None, shuffle=False, batch_size=None, **load
)
boxes = tf.ragged.constant(box_rows, ragged_rank=1, inner_shape=(4,))
train_ds = tf.data.Dataset.zip(
    images, tf.data.Dataset.from_tensor_slices(boxes)
)
ragged_ds = train_ds.batch(4)  # boxes: tf.RaggedTensor
padded_ds = train_ds.map(lambda image, box: (image, box)).padded_batch(
    4,
    padding_values=(0.0, -1.0),  # -1: not a box
)
# --8<-- [end:boxes]

_, ragged_boxes = next(iter(ragged_ds))
_, padded_boxes = next(iter(padded_ds))
print("ragged:", type(ragged_boxes).__name__, ragged_boxes.shape)
print(
    "padded:",
    padded_boxes.shape,
    "boxes per image:",
    tf.reduce_sum(tf.cast(padded_boxes[..., 0] >= 0, tf.int32), 1)
    .numpy()
    .tolist(),
)
assert isinstance(ragged_boxes, tf.RaggedTensor), (
    "expected ragged boxes"
)
assert ragged_boxes.row_lengths().numpy().tolist() == [0, 1, 2, 0]
assert padded_boxes.shape == (4, 2, 4), (
    "expected padding to the longest"
)
assert padded_boxes[0].numpy().tolist() == [[-1.0] * 4] * 2, "all -1"
default_pad = train_ds.map(
    lambda image, box: (image, box)
).padded_batch(4)
_, zero_padded = next(iter(default_pad))
print("default padding:", zero_padded[0].numpy().tolist())
assert zero_padded[0].numpy().tolist() == [[0.0] * 4] * 2, (
    "expected 0 as the default padding: a box at the corner"
)
try:
    train_ds.padded_batch(4, padding_values=(0.0, -1.0))
except TypeError as err:
    refusal = str(err).split(" but ")[0]
print("padded_batch on ragged slices: TypeError:", refusal)
assert refusal == (
    "`padded_batch` is only supported for datasets that produce tensor"
    " elements"
), "expected padded_batch to refuse the ragged slices"
