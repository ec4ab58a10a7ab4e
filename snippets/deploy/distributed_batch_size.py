"""Batch globally for `experimental_distribute_dataset`, per replica in a function

When you hit it: you feed a `tf.distribute.Strategy` with
`strategy.experimental_distribute_dataset(ds)` or
`strategy.distribute_datasets_from_function(dataset_fn)`.

What is going on: `experimental_distribute_dataset` expects batches of
the global size and splits each along its first axis across replicas.
Given an unbatched dataset, it splits each example instead: a feature
vector is cut between replicas. An element with a scalar of known shape
(a bare scalar, or a `(features, label)` pair with a scalar label)
raises `IndexError: list index out of range` at the call; a scalar of
unknown shape (after `tf.io.parse_tensor`) raises
`InvalidArgumentError: Cannot rebatch dataset` on the first batch.
`distribute_datasets_from_function` splits nothing: each replica takes
whole batches from `dataset_fn`, so batch there with
`input_context.get_per_replica_batch_size(GLOBAL_BATCH)`.

Pitfall: batching with the global size inside `dataset_fn` raises no
error; every replica gets a full global batch, so each step sees twice
the examples on two replicas, and an epoch has half the steps.

Checked: two logical CPU devices stand in for two accelerators.

severity: silent
topics: P8, T11
aliases:
  - IndexError list index out of range in experimental_distribute_dataset
  - get_per_replica_batch_size
  - global batch size vs per replica batch size
  - distributed dataset splits my features between replicas
  - why does my epoch have half the steps with distribute_datasets_from_function
  - should I multiply the batch size by the number of GPUs with MirroredStrategy
  - batch size per GPU with strategy.num_replicas_in_sync
"""

import tensorflow as tf

cpu = tf.config.list_physical_devices("CPU")[0]
tf.config.set_logical_device_configuration(
    cpu, [tf.config.LogicalDeviceConfiguration()] * 2
)  # before any op: two replicas on one CPU

import numpy as np

strategy = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])
features = np.arange(32, dtype="float32").reshape(8, 4)  # 8 examples


def replica_batches(dist_ds):
    """Per-replica tensors of the first step, as lists."""
    step = next(iter(dist_ds))
    return [
        t.numpy().tolist()
        for t in strategy.experimental_local_results(step)
    ]


# --8<-- [start:wrong]
train_ds = tf.data.Dataset.from_tensor_slices(features)  # unbatched
dist_ds = strategy.experimental_distribute_dataset(train_ds)
# replica 0 gets features 0-1 of example 0, replica 1 features 2-3


def dataset_fn(input_context):
    ds = tf.data.Dataset.from_tensor_slices(features)
    return ds.batch(4)  # the global batch size


dist_fn_ds = strategy.distribute_datasets_from_function(dataset_fn)
# each replica gets 4 examples: 8 per step, not 4
# --8<-- [end:wrong]
split_example = replica_batches(dist_ds)
print("unbatched, replica slices of step 1:", split_example)
assert split_example == [[0.0, 1.0], [2.0, 3.0]], (
    "expected the features of one example split between replicas"
)
wrong_shapes = [len(b) for b in replica_batches(dist_fn_ds)]
wrong_steps = len(list(dist_fn_ds))
print(
    "global size in dataset_fn: per-replica batches",
    wrong_shapes,
    " steps",
    wrong_steps,
)
assert wrong_shapes == [4, 4], "expected a full batch of 4 per replica"
assert wrong_steps == 1, "expected 8 examples to last 1 step, not 2"

scalars_ds = tf.data.Dataset.range(8)  # element shape ()
labels = np.arange(8) % 2  # one scalar label per example
pairs_ds = tf.data.Dataset.from_tensor_slices((features, labels))
for name, unbatched_ds in [
    ("scalars", scalars_ds),
    ("pairs", pairs_ds),
]:
    try:
        strategy.experimental_distribute_dataset(unbatched_ds)
    except IndexError as err:
        scalar_message = str(err)
    else:
        raise AssertionError(
            f"expected IndexError for unbatched {name}"
        )
    print(
        f"unbatched {name}, scalar of shape (): IndexError:",
        scalar_message,
    )
    assert scalar_message == "list index out of range", (
        f"expected IndexError for {name}"
    )
assert pairs_ds.element_spec[1].shape == (), "expected a scalar label"
parsed_ds = scalars_ds.map(tf.io.serialize_tensor).map(
    lambda record: tf.io.parse_tensor(record, tf.int64)
)
assert parsed_ds.element_spec.shape.rank is None, "expected no shape"
dist_parsed = strategy.experimental_distribute_dataset(parsed_ds)
try:
    next(iter(dist_parsed))
except tf.errors.InvalidArgumentError as err:
    rebatch_message = err.message.split("\n")[0].split("}} ")[-1]
else:
    raise AssertionError("expected InvalidArgumentError on next()")
print(
    "unbatched scalars, unknown shape: InvalidArgumentError:",
    rebatch_message.split(": All")[0],
)
assert rebatch_message.startswith(
    "Cannot rebatch dataset: All components must have at least one "
    "dimension."
), "expected the rebatch error on the first batch"

GLOBAL_BATCH = 4
# --8<-- [start:right]
train_ds = tf.data.Dataset.from_tensor_slices(features)
dist_ds = strategy.experimental_distribute_dataset(
    train_ds.batch(GLOBAL_BATCH)  # global batch, split 2 + 2
)


def dataset_fn(input_context):
    per_replica = input_context.get_per_replica_batch_size(GLOBAL_BATCH)
    ds = tf.data.Dataset.from_tensor_slices(features)
    return ds.batch(per_replica)  # 2 per replica, 4 per step


dist_fn_ds = strategy.distribute_datasets_from_function(dataset_fn)
# --8<-- [end:right]
right = [[row[0] for row in b] for b in replica_batches(dist_ds)]
fn_shapes = [len(b) for b in replica_batches(dist_fn_ds)]
print("global batch 4: first column per replica", right)
print(
    "per-replica size in dataset_fn: batches",
    fn_shapes,
    " steps",
    len(list(dist_fn_ds)),
)
assert right == [[0.0, 4.0], [8.0, 12.0]], (
    "expected examples 0-1 on replica 0 and 2-3 on replica 1"
)
assert fn_shapes == [2, 2], "expected 2 examples per replica"
assert len(list(dist_fn_ds)) == 2, "expected 8 examples in 2 steps of 4"
