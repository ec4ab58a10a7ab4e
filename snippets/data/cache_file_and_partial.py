"""cache(filename) outlives your data; a partial pass caches nothing

When you hit it: you cache to disk with `Dataset.cache(filename)` to
skip preprocessing on the next run, or you cache and then `take` a few
batches.

What is going on: a file cache is written once a pass over the data
completes, as `filename.index` and `filename.data-*`. Any later
pipeline with the same `filename` reads those files and never looks at
its source again. A pass that stops early (`cache().take(k)`) is
discarded with a log warning, so every epoch recomputes.

Pitfall: change the source data or preprocessing and a stale cache file
keeps serving the old elements, silently. Delete the files, or put a
version in the file name.

severity: silent
topics: D5
aliases:
  - The calling iterator did not fully read the dataset being cached
  - the partially cached contents of the dataset will be discarded. You should use dataset.take(k).cache().repeat() instead
  - concurrent caching iterator running - cache lockfile already exists
  - changed my preprocessing but the dataset still returns old values
  - how to clear a stale tf.data cache file after the source data changes
"""

import os
import tempfile

import tensorflow as tf

cache_dir = tempfile.mkdtemp()

# --8<-- [start:stale]
path = os.path.join(cache_dir, "train_v1")
old_ds = tf.data.Dataset.range(3).cache(path)
list(old_ds)  # first full pass writes the cache files

new_ds = tf.data.Dataset.range(100, 103).cache(path)  # new data
print([int(x) for x in new_ds])  # the old elements
# --8<-- [end:stale]

assert [int(x) for x in new_ds] == [0, 1, 2], "expected the stale cache"
assert sorted(os.listdir(cache_dir)) == [
    "train_v1.data-00000-of-00001",
    "train_v1.index",
], "expected an index file and a data file"

decoded = []


def decode(record):  # counts how often the expensive step runs
    def work(value):
        decoded.append(int(value))
        return value

    return tf.py_function(work, [record], tf.int64)


records = tf.data.Dataset.range(10)

# --8<-- [start:wrong]
sample_ds = records.map(decode).cache().take(2)  # never cached
# --8<-- [end:wrong]
log_path = os.path.join(cache_dir, "stderr.log")
saved_stderr = os.dup(2)
with open(log_path, "w") as log_file:
    os.dup2(log_file.fileno(), 2)  # catch TensorFlow's C++ log
    for _ in range(3):
        list(sample_ds)
    os.dup2(saved_stderr, 2)
wrong_calls = len(decoded)
with open(log_path) as log_file:
    warning = "did not fully read the dataset being cached"
    assert warning in log_file.read(), "expected a log warning"
print("log: The calling iterator", warning)

decoded.clear()
# --8<-- [start:right]
sample_ds = records.map(decode).take(2).cache()  # cached after epoch 1
# --8<-- [end:right]
for _ in range(3):
    list(sample_ds)
right_calls = len(decoded)
print("decode calls over 3 epochs:", wrong_calls, "vs", right_calls)
assert wrong_calls == 6, (
    "expected cache().take(2) to recompute each epoch"
)
assert right_calls == 2, "expected take(2).cache() to decode once"
