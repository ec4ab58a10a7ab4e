"""MirroredStrategy splits each global batch across replicas

When you hit it: you move a model to several devices with
`tf.distribute.MirroredStrategy`, or try it on a laptop by splitting the
CPU into logical devices.

What is going on: the batch size your dataset yields is the *global*
batch; `experimental_distribute_dataset` gives each replica an equal
share, the last partial batch too. `strategy.run` returns one
value per replica; `strategy.reduce` combines them with `SUM` or
`MEAN`. `tf.nn.compute_average_loss` divides by the global batch, so
summing it over replicas gives the true mean loss; leave its
`global_batch_size` unset, or a fixed value under-weights the partial
last batch.

Pitfall: logical devices must be configured before TensorFlow starts
its runtime; later calls raise `RuntimeError`. Consider scaling the
global batch with the number of replicas, and the learning rate with
it, then re-tune.

severity: tip
topics: T11
"""

import tensorflow as tf

# --8<-- [start:devices]
cpu = tf.config.list_physical_devices("CPU")[0]
tf.config.set_logical_device_configuration(
    cpu, [tf.config.LogicalDeviceConfiguration()] * 2
)  # first thing, before any op runs
# --8<-- [end:devices]

import keras
import numpy as np

# --8<-- [start:show]
strategy = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])
train_ds = tf.data.Dataset.range(10).map(
    lambda i: tf.cast(i, tf.float32)).batch(4)  # global batch 4
dist_ds = strategy.experimental_distribute_dataset(train_ds)


@tf.function
def replica_step(batch):
    per_example_loss = batch ** 2
    # No global_batch_size: divides by the global size of this batch.
    return tf.size(batch), tf.nn.compute_average_loss(per_example_loss)


batch_losses = []
for batch in dist_ds:
    sizes, losses = strategy.run(replica_step, args=(batch,))
    batch_losses.append(strategy.reduce("SUM", losses, axis=None))
# --8<-- [end:show]

split = [
    [[int(v) for v in t] for t in strategy.experimental_local_results(b)]
    for b in dist_ds
]
print("replicas:", strategy.num_replicas_in_sync,
      " per-replica slices:", split)
print("mean loss per batch:", [f"{float(v):.2f}" for v in batch_losses])
first = next(iter(dist_ds))
sizes, losses = strategy.run(replica_step, args=(first,))
local_sizes = [int(s) for s in strategy.experimental_local_results(sizes)]
mean_size = float(strategy.reduce("MEAN", sizes, axis=None))
print("first batch: local sizes", local_sizes, " MEAN", mean_size)

assert strategy.num_replicas_in_sync == 2, "expected two replicas"
assert split == [[[0, 1], [2, 3]], [[4, 5], [6, 7]], [[8], [9]]], (
    "expected each global batch of 4 split 2 + 2, the last 1 + 1"
)
assert local_sizes == [2, 2], "expected a per-replica batch of 2"
expected_means = [np.mean([0, 1, 4, 9]), np.mean([16, 25, 36, 49]),
                  np.mean([64, 81])]
assert np.allclose([float(v) for v in batch_losses], expected_means), (
    "expected the SUM of per-replica average losses to be the global mean"
)
assert mean_size == 2.0, "expected MEAN to average the replicas"


@tf.function
def fixed_size_step(batch):
    return tf.nn.compute_average_loss(batch ** 2, global_batch_size=4)


last = list(dist_ds)[-1]
fixed = strategy.reduce(
    "SUM", strategy.run(fixed_size_step, args=(last,)), axis=None)
assert np.isclose(float(fixed), (64 + 81) / 4), (
    "expected a fixed global_batch_size to divide the last batch by 4"
)

with strategy.scope():
    model = keras.Sequential([keras.Input((1,)), keras.layers.Dense(1)])
    model.compile("sgd", "mse")
features = np.ones((16, 1), "float32")
model.fit(features, features, batch_size=8, epochs=1, verbose=0)
assert int(model.optimizer.iterations.numpy()) == 2, (
    "expected fit to run 16 / 8 = 2 global steps"
)
assert type(model.weights[0].value).__name__ == "MirroredVariable", (
    "expected variables created in scope to be mirrored"
)
try:
    tf.config.set_logical_device_configuration(
        cpu, [tf.config.LogicalDeviceConfiguration()] * 3
    )
except RuntimeError as err:
    late_error = str(err)
assert "cannot be modified after being initialized" in late_error, (
    "expected logical devices to be fixed once the runtime runs"
)
