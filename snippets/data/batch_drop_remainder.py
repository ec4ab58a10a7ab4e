"""batch keeps the short last batch, so the batch dimension is None

When you hit it: you want a fixed batch size in the static shape, yet
`element_spec` shows `None` for the batch axis.

What is going on: `tf.data.Dataset.batch` defaults to
`drop_remainder=False`. The last batch may be smaller, so the static
batch dimension is `None`. `drop_remainder=True` drops that short batch
and makes the dimension a fixed number.

Pitfall: `drop_remainder` defaults to `False`. Setting it to `True`
throws away up to `batch_size - 1` examples per epoch, so a validation
or test set batched that way loses data.

severity: tip
topics: D7
aliases:
  - last batch is smaller than the batch size
  - model input shape is (None, 28, 28) instead of (32, 28, 28)
  - static batch size for a stateful LSTM or a TPU
  - incomplete final batch in tf.data
  - drop_remainder=True to get a fixed batch dimension instead of None
  - how to drop the last partial batch of a dataset
  - error only on the final, smaller batch of every epoch
  - element_spec shows None for the batch size after Dataset.batch
  - different batch shape with drop_remainder=True vs False
"""

import inspect

import tensorflow as tf

examples = tf.data.Dataset.range(10)

# --8<-- [start:show]
keep_last = examples.batch(4)  # batches of 4, 4, 2
fixed = examples.batch(4, drop_remainder=True)  # 4, 4
print(keep_last.element_spec.shape, fixed.element_spec.shape)
# --8<-- [end:show]

sizes = [len(b) for b in keep_last]
fixed_sizes = [len(b) for b in fixed]
print("batch sizes:", sizes, "vs", fixed_sizes)
default = inspect.signature(tf.data.Dataset.batch).parameters
assert default["drop_remainder"].default is False, "expected False"
assert keep_last.element_spec.shape.as_list() == [None], "expected None"
assert fixed.element_spec.shape.as_list() == [4], "expected a fixed 4"
assert sizes == [4, 4, 2], "expected the short last batch kept"
assert fixed_sizes == [4, 4], "expected the last 2 examples dropped"
lost = [
    n - sum(len(b) for b in tf.data.Dataset.range(n).batch(4, True))
    for n in range(1, 13)
]
print("examples dropped for 1..12 examples:", lost)
assert lost == [n % 4 for n in range(1, 13)], "expected n % 4 dropped"
assert max(lost) == 4 - 1, "expected at most batch_size - 1 dropped"
