"""MirroredStrategy splits each global batch; an odd last batch unevenly

When you hit it: you move a model to several devices with
`tf.distribute.MirroredStrategy`, or try it on a laptop by splitting the
CPU into logical devices (first thing: once the runtime starts, changing
them raises `RuntimeError`).

What is going on: the batch your dataset yields is the *global* batch;
`experimental_distribute_dataset` splits it across the replicas. An odd
last batch splits unevenly: `range(7).batch(4)` on 2 replicas gives
`[0, 1]` and `[2, 3]`, then `[4, 5]` and `[6]`. `strategy.run` returns
one value per replica; `strategy.reduce` combines them with `SUM` or
`MEAN`. `tf.nn.compute_average_loss` divides by the local batch size
times the number of replicas, so the `SUM` over replicas is the true
mean loss only when the split is even.

Pitfall: on an uneven last batch, `compute_average_loss` silently gets
the mean wrong. Batch with `drop_remainder=True` so every split is
equal.

severity: tip
topics: T11
aliases:
  - Virtual devices cannot be modified after being initialized
  - test MirroredStrategy on a machine without GPUs
  - split one CPU into several logical devices
  - loss is wrong on the last batch with multiple GPUs
  - tf.config.experimental.set_virtual_device_configuration
  - simulate multiple GPUs with logical devices
  - strategy.reduce SUM or MEAN of the per-replica loss
  - PerReplica values returned by strategy.run
  - tf.nn.compute_average_loss with global_batch_size
"""

import tensorflow as tf

# --8<-- [start:devices]
cpu = tf.config.list_physical_devices("CPU")[0]
tf.config.set_logical_device_configuration(
    cpu, [tf.config.LogicalDeviceConfiguration()] * 2
)  # first thing, before any op runs
# --8<-- [end:devices]

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


def splits_and_means(dataset):
    """Per global batch: each replica's slice, and the SUM of losses."""
    result = []
    for batch in strategy.experimental_distribute_dataset(dataset):
        local = strategy.experimental_local_results(batch)
        losses = strategy.run(replica_step, args=(batch,))
        summed = float(strategy.reduce("SUM", losses, axis=None))
        result.append(([[int(v) for v in t] for t in local], summed))
    return result


uneven = splits_and_means(train_ds)
even = splits_and_means(values.batch(4, drop_remainder=True))
true_means = [np.mean(np.square(b)) for b in ([0, 1, 2, 3], [4, 5, 6])]
print("replicas:", strategy.num_replicas_in_sync)
for split, summed in uneven:
    print("split", split, f"SUM of losses {summed:.2f}")
print("true means:", [f"{m:.2f}" for m in true_means])
print("drop_remainder=True:", [split for split, _ in even])

assert strategy.num_replicas_in_sync == 2, "expected two replicas"
assert [split for split, _ in uneven] == [
    [[0, 1], [2, 3]],
    [[4, 5], [6]],
], "expected the last global batch of 3 to split 2 + 1"
assert np.isclose(uneven[0][1], true_means[0]), (
    "expected the true mean loss on an evenly split batch"
)
assert not np.isclose(uneven[1][1], true_means[1]), (
    "expected a wrong mean loss on the unevenly split batch"
)
assert np.isclose(uneven[1][1], (16 + 25) / 4 + 36 / 2), (
    "expected each replica to divide by local size x 2 replicas"
)
assert np.isclose(float(mean_loss), uneven[1][1]), (
    "expected the shown loop to end on that same wrong value"
)
averaged = strategy.reduce("MEAN", losses, axis=None)
assert np.isclose(float(averaged), float(mean_loss) / 2), (
    "expected MEAN to average the per-replica values"
)
assert even == [([[0, 1], [2, 3]], true_means[0])], (
    "expected drop_remainder=True to keep only even splits, true means"
)

try:
    tf.config.set_logical_device_configuration(
        cpu, [tf.config.LogicalDeviceConfiguration()] * 3
    )
except RuntimeError as err:
    late_error = str(err)
print("RuntimeError:", late_error)
assert "cannot be modified after being initialized" in late_error, (
    "expected logical devices to be fixed once the runtime runs"
)
