"""NumPy or Python random in Dataset.map runs once: every element matches

When you hit it: you augment in `tf.data.Dataset.map` with
`np.random` or Python's `random` and the model seems to see the same
flip or shift on every image.

What is going on: `map` traces your function into a graph once. Python
code runs only during that trace, so `np.random.rand()` is drawn once
and its value is baked into the graph as a constant. Use TensorFlow
random ops, which run per element: a `tf.random.Generator` draws fresh
values each element and each epoch. `tf.image.stateless_random_*` ops
need a new seed per element and per epoch:
[feed them a seed stream](data.md#stateless-augment-seeds).

Pitfall: nothing fails or warns. An `if np.random.rand() < 0.5:` flip
picks one branch while tracing, so either every image is flipped or
none is, in every epoch.

Checked: on 2.21 the frozen pipeline wrote nothing to stderr and raised
no Python warning. On TensorFlow 2.16 stderr held at most the "Local
rendezvous is aborting …" line at the end of the pass, which does not
mention the random values.

severity: silent
topics: D19
aliases:
  - why is my NumPy random augmentation the same for every image
  - random.random() returns the same number in tf.data map
  - np.random.uniform inside map is not random
  - np.random.randint in a Dataset.map function gives a constant
  - random flip in dataset map always flips or never flips
  - use tf.random.Generator in Dataset.map for per-element randomness
"""

import os
import random
import sys
import tempfile
import warnings

import numpy as np
import tensorflow as tf

np.random.seed(0)
# six 1x2 images [0, 1]; flipped, an image reads [1, 0]
images = tf.data.Dataset.from_tensor_slices(
    tf.tile([[[[0.0], [1.0]]]], [6, 1, 1, 1])
)


# --8<-- [start:wrong]
def augment(image):
    if np.random.rand() < 0.5:  # drawn once, while tracing
        image = tf.image.flip_left_right(image)
    return image + np.random.uniform(-0.2, 0.2)


frozen_ds = images.map(augment)
# --8<-- [end:wrong]
wrong_augment = augment


# --8<-- [start:right]
rng = tf.random.Generator.from_seed(42)


def augment(image):
    if rng.uniform([]) < 0.5:  # a tensor: AutoGraph makes a tf.cond
        image = tf.image.flip_left_right(image)
    return image + rng.uniform([], -0.2, 0.2)


train_ds = images.map(augment)
# --8<-- [end:right]


def describe(ds):
    """Per image: was it flipped, and the brightness shift added."""
    out = []
    for image in ds:
        left, right = float(image[0, 0, 0]), float(image[0, 1, 0])
        out.append((left > right, round(min(left, right), 3)))
    return out


frozen = describe(frozen_ds)
print("np.random:  flipped", [f for f, _ in frozen])
print("            shift  ", [s for _, s in frozen])
fresh, fresh_again = describe(train_ds), describe(train_ds)
print("Generator:  flipped", [f for f, _ in fresh])
print("            shift  ", [s for _, s in fresh])

assert len(set(frozen)) == 1, (
    "expected one flip and shift for all images"
)
assert describe(frozen_ds) == frozen, (
    "expected the same values every epoch"
)
assert len({f for f, _ in fresh}) == 2, (
    "expected some flipped, some not"
)
assert len({s for _, s in fresh}) == 6, "expected a new shift per image"
assert fresh_again != fresh, "expected new values in the next epoch"

python_ds = images.map(lambda image: image + random.uniform(-0.2, 0.2))
assert len({float(x[0, 0, 0]) for x in python_ds}) == 1, (
    "expected Python's random to be frozen the same way"
)

stateful_ds = images.map(lambda image: image + tf.random.uniform([]))
assert len({float(x[0, 0, 0]) for x in stateful_ds}) == 6, (
    "expected tf.random ops to run once per element"
)

calls = []


def counting_augment(image):
    calls.append(1)
    return wrong_augment(image)


counted_ds = images.map(counting_augment)
for _epoch in range(2):
    list(counted_ds)
assert len(calls) == 1, "expected the Python body to run once in all"

log_path = os.path.join(tempfile.mkdtemp(), "stderr.log")
saved_stderr = os.dup(2)
with open(log_path, "w") as log_file:
    os.dup2(log_file.fileno(), 2)  # Python and C++ messages
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        list(images.map(wrong_augment))
    sys.stderr.flush()
    os.dup2(saved_stderr, 2)
os.close(saved_stderr)
with open(log_path) as log_file:
    logged = log_file.read()
print(
    "Python warnings:",
    len(caught),
    "| stderr lines:",
    len(logged.splitlines()),
)
assert not caught, "expected no warning about the frozen random values"
tf_release = tuple(int(v) for v in tf.__version__.split(".")[:2])
if tf_release == (2, 16):
    assert all(
        "Local rendezvous is aborting" in ln
        for ln in logged.splitlines()
    ), "expected only the end-of-sequence log line on 2.16"
else:
    assert logged == "", "expected nothing on stderr either"
