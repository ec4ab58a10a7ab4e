"""Shuffle with a buffer as large as the dataset, before batching

When you hit it: your data is sorted (by class, by date) and you rely on
`tf.data.Dataset.shuffle` to mix it.

What is going on: `shuffle(buffer_size)` fills a buffer with the next
`buffer_size` elements and picks from it at random, refilling as it
goes. An element can come out at most `buffer_size - 1` places early
(though it may linger late), so a small buffer on sorted data leaves it
nearly sorted. After `batch`, it shuffles whole batches and never mixes
their contents.

Pitfall: `shuffle(10)` on class-sorted data still yields batches of a
single class, with no warning. Use a buffer of the dataset's size when
it fits in memory, else shuffle the file list too.

Checked: on 2.21 nothing reached stderr while the small buffer ran.
Releases 2.16 to 2.20 log "Local rendezvous is aborting …" there at
the end of the pass, a line that does not mention the shuffle.

severity: silent
topics: D6
aliases:
  - Filling up shuffle buffer (this may take a while)
  - what buffer_size should I use for shuffle
  - what does buffer_size mean in Dataset.shuffle
  - every batch contains only one class
  - shuffle is not random enough, data stays nearly sorted
  - shuffle before or after batch
  - shuffle a dataset that does not fit in memory
"""

import os
import tempfile

import numpy as np
import tensorflow as tf

labels = np.repeat([0, 1], 50)  # sorted by class
train_ds = tf.data.Dataset.from_tensor_slices(labels)

# --8<-- [start:wrong]
small = train_ds.shuffle(10, seed=1).batch(8)
late = train_ds.batch(8).shuffle(100, seed=1)  # shuffles batches only
# --8<-- [end:wrong]

# --8<-- [start:right]
mixed = train_ds.shuffle(len(labels), seed=1).batch(8)
# --8<-- [end:right]

log_path = os.path.join(tempfile.mkdtemp(), "stderr.log")
saved_stderr = os.dup(2)
with open(log_path, "w") as log_file:
    os.dup2(log_file.fileno(), 2)  # Python and C++ messages
    small_batches = [b.numpy().tolist() for b in small]
    os.dup2(saved_stderr, 2)
os.close(saved_stderr)
with open(log_path) as log_file:
    logged = log_file.read()
single = sum(len(set(b)) == 1 for b in small_batches)
print(
    f"buffer 10: {single} of {len(small_batches)} batches hold one class"
)
assert single > len(small_batches) // 2, "expected mostly one class"
lines = logged.splitlines()
assert not [ln for ln in lines if "shuffle" in ln.lower()], (
    "expected no warning about the shuffle"
)
tf_release = tuple(int(v) for v in tf.__version__.split(".")[:2])
if tf_release == (2, 21):
    assert logged == "", "expected nothing on stderr on 2.21"
elif (2, 16) <= tf_release <= (2, 20):
    assert lines and all(
        "Local rendezvous is aborting" in ln for ln in lines
    ), "expected only the end-of-sequence log line on 2.16-2.20"
first_small = next(iter(small)).numpy().tolist()
first_mixed = next(iter(mixed)).numpy().tolist()
print("buffer 10: ", first_small)
print("buffer 100:", first_mixed)
assert set(first_small) == {0}, (
    "expected a small buffer to keep one class"
)
assert set(first_mixed) == {0, 1}, (
    "expected a full buffer to mix classes"
)

shuffled_batches = [b.numpy().tolist() for b in late]
plain_batches = [b.numpy().tolist() for b in train_ds.batch(8)]
assert shuffled_batches != plain_batches, "expected batches reordered"
ids = tf.data.Dataset.range(100).batch(8).shuffle(100, seed=1)
id_batches = [b.numpy().tolist() for b in ids]
assert all(b == list(range(b[0], b[0] + len(b))) for b in id_batches), (
    "expected shuffle after batch to leave each batch's contents alone"
)

out = [int(x) for x in tf.data.Dataset.range(1000).shuffle(10, seed=1)]
earlier = max(x - i for i, x in enumerate(out))
later = max(i - x for i, x in enumerate(out))
print(
    "buffer 10, 1000 elements: most places early",
    earlier,
    "late",
    later,
)
assert earlier <= 10 - 1, (
    "expected at most buffer_size - 1 places early"
)
assert later > 10, "expected an element able to linger much longer"
