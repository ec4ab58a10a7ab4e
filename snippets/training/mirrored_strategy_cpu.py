"""MirroredStrategy splits each global batch; an odd last batch unevenly

When you hit it: you move a model to several devices with
`tf.distribute.MirroredStrategy`, or try it on a laptop with two
logical CPUs ([set them up first](setup.md#device-config-before-first-op)).

What is going on: `experimental_distribute_dataset` splits each global
batch across the replicas; see [Batch globally for
experimental_distribute_dataset](deploy.md#distributed-batch-size). A
batch that does not divide evenly splits unevenly: `range(7).batch(4)`
on 2 replicas gives `[0, 1]` and `[2, 3]`, then `[4, 5]` and `[6]`.
`strategy.run` returns one value per replica; `strategy.reduce`
combines them with `SUM` or `MEAN`. Without `global_batch_size`,
`tf.nn.compute_average_loss` divides by the local batch size times the
number of replicas, so the `SUM` over replicas is the true mean loss
only when the split is even. `global_batch_size=4` divides by 4, also
wrong for a last batch of 3.

Pitfall: without `global_batch_size`, `compute_average_loss` silently
gets the mean wrong on an uneven split; a fixed one does on a short last
batch. Pass this step's all-reduced size, or batch by a multiple of
`strategy.num_replicas_in_sync` with `drop_remainder=True`.

Checked: the run passes this step's global size, summed over the
replicas with `all_reduce("SUM", tf.shape(batch)[0])` in the replica
context, as `global_batch_size`: the `SUM` is then the true mean on
each split it tries (2 + 2, 2 + 1, 3 + 2, 3 + 2).

severity: tip
topics: T11
aliases:
  - test MirroredStrategy on a machine without GPUs
  - split one CPU into several logical devices
  - loss is wrong on the last batch with multiple GPUs
  - tf.config.experimental.set_virtual_device_configuration
  - simulate multiple GPUs with logical devices
  - strategy.reduce SUM or MEAN of the per-replica loss
  - PerReplica values returned by strategy.run
  - tf.nn.compute_average_loss with global_batch_size
  - global batch size not divisible by the number of replicas
"""

import tensorflow as tf

cpu = tf.config.list_physical_devices("CPU")[0]
tf.config.set_logical_device_configuration(
    cpu, [tf.config.LogicalDeviceConfiguration()] * 2
)  # two logical CPUs, before any op runs

import numpy as np

# --8<-- [start:show]
strategy = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])
values = tf.data.Dataset.range(7).map(lambda i: tf.cast(i, tf.float32))
train_ds = values.batch(4)  # global batches of 4, 3
dist_ds = strategy.experimental_distribute_dataset(train_ds)


@tf.function
def replica_step(batch):
    per_example_loss = batch**2
    return tf.nn.compute_average_loss(per_example_loss)


for batch in dist_ds:
    losses = strategy.run(replica_step, args=(batch,))
    mean_loss = strategy.reduce("SUM", losses, axis=None)
# --8<-- [end:show]


@tf.function
def fixed_size_step(batch):
    return tf.nn.compute_average_loss(batch**2, global_batch_size=4)


@tf.function
def counted_step(batch):
    context = tf.distribute.get_replica_context()
    global_size = context.all_reduce("SUM", tf.shape(batch)[0])
    return tf.nn.compute_average_loss(
        batch**2, global_batch_size=global_size
    )


def splits_and_means(dataset, step=replica_step):
    """Per global batch: each replica's slice, the SUM of the losses and
    the true mean loss."""
    result = []
    for batch in strategy.experimental_distribute_dataset(dataset):
        local = strategy.experimental_local_results(batch)
        losses = strategy.run(step, args=(batch,))
        summed = float(strategy.reduce("SUM", losses, axis=None))
        split = [[int(v) for v in t] for t in local]
        true_mean = float(np.mean(np.square(sum(split, []))))
        result.append((split, summed, true_mean))
    return result


uneven = splits_and_means(train_ds)
fixed_size = splits_and_means(train_ds, fixed_size_step)
even = splits_and_means(values.batch(4, drop_remainder=True))
odd_size = splits_and_means(
    tf.data.Dataset.range(10)
    .map(lambda i: tf.cast(i, tf.float32))
    .batch(5, drop_remainder=True)
)
counted = splits_and_means(train_ds, counted_step)
counted_odd = splits_and_means(
    tf.data.Dataset.range(10)
    .map(lambda i: tf.cast(i, tf.float32))
    .batch(5),
    counted_step,
)
print("replicas:", strategy.num_replicas_in_sync)
for split, summed, true_mean in uneven:
    print(
        "split", split, f"SUM {summed:.2f}  true mean {true_mean:.2f}"
    )
print(
    "global_batch_size=4, last batch:", f"SUM {fixed_size[-1][1]:.2f}"
)
print("drop_remainder=True:", [split for split, _, _ in even])
for split, summed, true_mean in odd_size:
    print(
        "batch(5):",
        split,
        f"SUM {summed:.2f}  true mean {true_mean:.2f}",
    )

assert strategy.num_replicas_in_sync == 2, "expected two replicas"
assert [split for split, _, _ in uneven] == [
    [[0, 1], [2, 3]],
    [[4, 5], [6]],
], "expected the last global batch of 3 to split 2 + 1"
assert np.isclose(uneven[0][1], uneven[0][2]), (
    "expected the true mean loss on an evenly split batch"
)
assert not np.isclose(uneven[1][1], uneven[1][2]), (
    "expected a wrong mean loss on the unevenly split batch"
)
assert np.isclose(uneven[1][1], (16 + 25) / 4 + 36 / 2), (
    "expected each replica to divide by local size x 2 replicas"
)
assert np.isclose(float(mean_loss), uneven[1][1]), (
    "expected the shown loop to end on that same wrong value"
)
assert len(strategy.experimental_local_results(losses)) == 2, (
    "expected strategy.run to return one value per replica"
)
averaged = strategy.reduce("MEAN", losses, axis=None)
assert np.isclose(float(averaged), float(mean_loss) / 2), (
    "expected MEAN to average the per-replica values"
)
assert np.isclose(fixed_size[1][1], (16 + 25 + 36) / 4), (
    "expected global_batch_size=4 to divide the last batch by 4"
)
assert not np.isclose(fixed_size[1][1], uneven[1][2]), (
    "expected global_batch_size not to fix the short last batch"
)
assert [(split, round(s, 4)) for split, s, _ in even] == [
    ([[0, 1], [2, 3]], round(uneven[0][2], 4))
], "expected drop_remainder=True to keep only the even batch"
assert [split for split, _, _ in odd_size] == [
    [[0, 1, 2], [3, 4]],
    [[5, 6, 7], [8, 9]],
], "expected a global batch of 5 to split 3 + 2"
assert all(not np.isclose(s, m) for _, s, m in odd_size), (
    "expected a wrong mean on every step despite drop_remainder=True"
)
print(
    "all-reduced global_batch_size, SUM == true mean on every split:",
    all(np.isclose(s, m) for _, s, m in counted + counted_odd),
)
assert [split for split, _, _ in counted] == [
    split for split, _, _ in uneven
], "expected the same uneven splits"
assert all(np.isclose(s, m) for _, s, m in counted + counted_odd), (
    "expected this step's all-reduced size to give the true mean"
)
