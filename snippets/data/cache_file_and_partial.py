"""cache(filename) outlives your data; a partial pass caches nothing

When you hit it: you cache to disk with `Dataset.cache(filename)` to
skip preprocessing on the next run, or you cache and then `take` a few
batches.

What is going on: a file cache is written once a pass over the data
completes, as `filename.index` and `filename.data-*`. Any later
pipeline with the same `filename` reads those files and never runs its
source. A pass that stops early (`cache().take(k)`) is discarded with a
log warning, in memory and on disk, so every epoch recomputes.

Pitfall: change the source data or preprocessing but keep the element
dtype and shape, and a stale cache file keeps serving the old elements,
silently. A new dtype fails with `Data type mismatch`. Delete the files,
or version the file name.

Checked: a stale file read by a same-spec, a float and a vector
pipeline; a partial pass over an in-memory and over a file cache.

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
import warnings

import tensorflow as tf

cache_dir = tempfile.mkdtemp()

# --8<-- [start:stale]
path = os.path.join(cache_dir, "train_v1")
old_ds = tf.data.Dataset.range(3).cache(path)
list(old_ds)  # first full pass writes the cache files

new_ds = tf.data.Dataset.range(100, 103).cache(path)  # new data
print([int(x) for x in new_ds])  # the old elements
# --8<-- [end:stale]

stale_log_path = os.path.join(tempfile.mkdtemp(), "stale.log")
saved_stderr = os.dup(2)
with (
    open(stale_log_path, "w") as log_file,
    warnings.catch_warnings(record=True) as stale_warnings,
):
    warnings.simplefilter("always")
    os.dup2(log_file.fileno(), 2)  # catch TensorFlow's C++ log
    stale = [int(x) for x in new_ds]
    os.dup2(saved_stderr, 2)
os.close(saved_stderr)
with open(stale_log_path) as log_file:
    stale_log = [  # TF 2.16-2.20 log the end of every iteration
        line
        for line in log_file.read().splitlines()
        if "End of sequence" not in line
    ]
assert stale == [0, 1, 2], "expected the stale cache"
assert stale_log == [] and stale_warnings == [], (
    "expected the stale read to log and warn nothing"
)
assert sorted(os.listdir(cache_dir)) == [
    "train_v1.data-00000-of-00001",
    "train_v1.index",
], "expected an index file and a data file"

source_reads = []


def read_source(value):  # counts reads of the new source
    def work(v):
        source_reads.append(int(v))
        return v

    result = tf.py_function(work, [value], tf.int64)
    result.set_shape([])
    return result


counted_ds = (
    tf.data.Dataset.range(100, 103).map(read_source).cache(path)
)
assert [int(x) for x in counted_ds] == [0, 1, 2], "expected stale data"
assert source_reads == [], "expected the source never to run"

spec_errors = {}
for kind, changed_ds in [
    ("float", tf.data.Dataset.from_tensor_slices([1.5, 2.5])),
    ("vector", tf.data.Dataset.range(6).batch(2)),
]:
    try:
        list(changed_ds.cache(path))
    except tf.errors.InvalidArgumentError as err:
        spec_errors[kind] = str(err).split("}} ")[-1].split(" [Op")[0]
print("float source:", spec_errors["float"])
print("vector source:", spec_errors["vector"])
assert "Data type mismatch" in spec_errors["float"], (
    "expected dtype error"
)
assert "Incompatible shapes" in spec_errors["vector"], (
    "expected a shape error"
)

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
    wrong_calls = len(decoded)
    file_path = os.path.join(cache_dir, "sample")
    file_sample_ds = records.map(decode).cache(file_path).take(2)
    for _ in range(3):
        list(file_sample_ds)
    file_calls = len(decoded) - wrong_calls
    os.dup2(saved_stderr, 2)
os.close(saved_stderr)
with open(log_path) as log_file:
    log = log_file.read()
warning = "did not fully read the dataset being cached"
assert log.count(warning) >= 6, "expected a warning for each pass"
print("log: The calling iterator", warning)
print(
    "file cache after partial passes:",
    os.path.exists(file_path + ".index"),
)
assert not os.path.exists(file_path + ".index"), (
    "expected no cache file"
)
assert file_calls == 6, "expected a partial file cache to recompute"

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
