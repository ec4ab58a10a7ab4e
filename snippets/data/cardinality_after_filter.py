"""After filter, len() of a dataset raises: its length is not known

When you hit it: you need the number of batches (for a progress bar, a
schedule, `steps_per_epoch`) and call `len(train_ds)` after a `filter`.

What is going on: `tf.data.Dataset.cardinality` is computed without
reading data. `filter` can drop any number of elements, so the result is
`tf.data.UNKNOWN_CARDINALITY` (-2); `repeat()` gives
`tf.data.INFINITE_CARDINALITY` (-1). `take(n)` and `skip(n)` keep a
known length, clipped to what exists. If you know the true count, declare
it with `tf.data.experimental.assert_cardinality`, which checks it.

Pitfall: `len()` on such a dataset raises `TypeError: The dataset length
is unknown.`; `cardinality()` returns -2 without raising, so test for it
before doing arithmetic with it.

severity: crash
topics: D13
aliases:
  - "TypeError: The dataset is infinite."
  - "TypeError: object of type 'PrefetchDataset' has no len()"
  - how to count the elements of a tf.data dataset
  - get the length or size of a tf.data dataset
  - number of batches in a filtered dataset
  - tf.data.experimental.cardinality
  - cardinality returns UNKNOWN_CARDINALITY after filter
  - fit progress bar shows step/Unknown in the first epoch instead of the number of steps
  - dataset size or number of iterations not known after from_generator or filter
"""

import tensorflow as tf

examples = tf.data.Dataset.range(10)

try:
    # --8<-- [start:wrong]
    train_ds = examples.filter(lambda x: x % 2 == 0)
    steps = len(train_ds)  # raises TypeError
    # --8<-- [end:wrong]
except TypeError as err:
    message = str(err)
print("TypeError:", message)
assert message == "The dataset length is unknown.", (
    "expected unknown length"
)

# --8<-- [start:right]
print(int(train_ds.cardinality()))  # -2: unknown, no error
train_ds = train_ds.apply(tf.data.experimental.assert_cardinality(5))
print(len(train_ds), len(examples.take(20)), len(examples.skip(3)))
# --8<-- [end:right]

assert examples.filter(lambda x: x > 0).cardinality() == (
    tf.data.UNKNOWN_CARDINALITY
), "expected -2 after filter"
assert tf.data.UNKNOWN_CARDINALITY == -2, (
    "expected the constant to be -2"
)
assert (
    examples.repeat().cardinality() == tf.data.INFINITE_CARDINALITY
), "expected -1 after repeat()"
assert tf.data.INFINITE_CARDINALITY == -1, (
    "expected the constant to be -1"
)
assert len(train_ds) == 5, "expected the declared length"
assert len(examples.take(20)) == 10, "expected take to clip to the data"
assert len(examples.skip(3)) == 7, "expected skip to subtract"
assert len(examples.skip(20)) == 0, "expected skip to clip at 0"
infinite = None
try:
    len(examples.repeat())
except TypeError as err:
    infinite = str(err)
assert infinite == "The dataset is infinite.", "expected infinite"

reads = []


def read_record(x):  # counts each element read
    def work(value):
        reads.append(int(value))
        return value

    return tf.py_function(work, [x], tf.int64)


counted = examples.map(read_record).filter(lambda x: x % 2 == 0)
print("cardinality", int(counted.cardinality()), "reads", len(reads))
assert len(reads) == 0, "expected cardinality() to read no element"

wrong_count = examples.filter(lambda x: x % 2 == 0).apply(
    tf.data.experimental.assert_cardinality(3)
)
try:
    list(wrong_count)
except tf.errors.FailedPreconditionError as err:
    check = str(err)
assert "expected to contain 3 elements" in check, (
    "expected a checked count"
)
