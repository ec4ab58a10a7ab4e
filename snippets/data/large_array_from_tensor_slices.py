"""Big NumPy arrays: from_tensor_slices copies them; graphs cap them at 2 GB

When you hit it: your training set is one large NumPy array, and
`tf.data.Dataset.from_tensor_slices` adds twice its size to your
process memory, or a `map` fails with `Cannot create a tensor proto
whose content is larger than 2GB`.

What is going on: `from_tensor_slices` copies the array into tensors it
owns: later changes to the array do not reach the dataset. Inside a
graph (a `map` function, a `tf.function`) a NumPy array becomes a
`Const` node, and a constant cannot exceed 2 GB. For data that size,
prefer streaming from disk: `from_generator` over a memory-mapped
`.npy`, TFRecord files, or `tf.data.Dataset.save` once, then
`Dataset.load`.

Pitfall: indexing the array from `map` (`tf.gather(images, i)`) to
avoid the copy embeds the whole array in the graph: the 2 GB error.

Checked: on Linux, CPU: once the dataset was built and the array
deleted, resident memory stayed about twice the array above its start.
A new tensor of the array's size then fit in freed memory and a second
did not: one copy was a freed temporary, the dataset keeps the other.
The 2 GB array is `np.zeros`, never written, so the OS does not
allocate it; the error comes before any copy.

severity: crash
topics: D20
aliases:
  - "ValueError: GraphDef cannot be larger than 2GB."
  - from_tensor_slices runs out of memory with a big numpy array
  - from_tensor_slices doubles RAM usage
  - how to train on a numpy array that does not fit in memory
  - tf.data dataset from a large .npy file
  - memory-mapped numpy (np.load mmap_mode) with from_generator
  - tf.gather from a big numpy array inside map embeds it in the graph
"""

import gc
import resource

import numpy as np
import tensorflow as tf


def resident_mib():
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * 4096 / 2**20


tf.constant(np.ones(2**18, np.float32))  # warm up the runtime
before = resident_mib()

# --8<-- [start:copy]
features = np.ones(16 * 2**20, np.float32)  # 64 MiB
train_ds = tf.data.Dataset.from_tensor_slices(features)
features[0] = -1.0  # the dataset keeps its own copy
del features  # frees the array, not the dataset's copy
# --8<-- [end:copy]
gc.collect()
held = resident_mib() - before
same_size = tf.fill([16 * 2**20], 2.0)  # a new 64 MiB tensor
reuse_growth = resident_mib() - before - held
another = tf.fill([16 * 2**20], 3.0)  # no freed copy left for this one
another_growth = resident_mib() - before - held - reuse_growth
first = float(next(iter(train_ds)))
print("first element after the change:", first)
print(f"resident memory growth: {held / 64:.0f}x the array")
print(
    "same-size tensors after it: first fit in freed memory:",
    reuse_growth < 16,
    "| second did not:",
    another_growth > 48,
)
assert first == 1.0, "expected the dataset not to see the change"
assert 1.8 < held / 64 < 2.3, "expected about twice the array in memory"
assert reuse_growth < 16, "expected one of the two copies freed"
assert another_growth > 48, "expected the other copy still held"
del same_size, another

peak_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
try:
    # --8<-- [start:wrong]
    images = np.zeros((43_691, 64, 64, 3), np.float32)  # 2.0 GiB

    def load(index):
        return tf.gather(images, index)

    train_ds = tf.data.Dataset.range(len(images)).map(load)  # raises
    # --8<-- [end:wrong]
except ValueError as err:
    message = str(err).strip().splitlines()[-1].strip()
print(message)
assert images.nbytes >= 2**31, "expected just over 2 GiB"
peak_growth = (
    resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - peak_before
)
assert peak_growth < 256 * 1024, "expected no copy of the 2 GiB array"
assert "content is larger than 2GB" in message, (
    "expected the 2 GB limit"
)


@tf.function
def big_constant():
    return tf.constant(images)[0, 0, 0, 0]


try:
    big_constant()
except ValueError as err:
    assert "larger than 2GB" in str(err), (
        "expected tf.constant to hit it too"
    )
else:
    raise AssertionError("expected a >2 GB constant in a graph to fail")
del images

small = np.arange(12, dtype=np.float32).reshape(6, 2)


@tf.function
def total():
    ds = tf.data.Dataset.from_tensor_slices(small)
    return ds.reduce(0.0, lambda acc, row: acc + tf.reduce_sum(row))


graph = total.get_concrete_function().graph
embedded = [
    tf.make_ndarray(op.get_attr("value"))
    for op in graph.get_operations()
    if op.type == "Const"
]
assert any(np.array_equal(value, small) for value in embedded), (
    "expected from_tensor_slices in a tf.function to embed a Const"
)

np.save(
    "images.npy", np.random.default_rng(0).random((8, 64, 64, 3), "f")
)

# --8<-- [start:right]
images = np.load("images.npy", mmap_mode="r")  # mapped, not loaded
train_ds = tf.data.Dataset.from_generator(
    lambda: iter(images),
    output_signature=tf.TensorSpec((64, 64, 3), tf.float32),
)
train_ds.save("train_data")  # once: sharded files on disk
train_ds = tf.data.Dataset.load("train_data")  # in the training job
# --8<-- [end:right]

loaded = np.stack([image.numpy() for image in train_ds])
print("loaded back:", loaded.shape, train_ds.element_spec.shape)
assert np.array_equal(loaded, images), "expected the same images back"
assert train_ds.element_spec.shape == (64, 64, 3), (
    "expected the spec kept"
)
