"""Resume a custom training loop with `tf.train.CheckpointManager`

When you hit it: you train with your own `tf.GradientTape` loop, so
there is no `fit` callback to save progress, and you need to resume.

What is going on: `tf.train.Checkpoint` saves the variables of the
objects you attach by keyword: model, optimizer, a step counter.
`tf.train.CheckpointManager` numbers the saves (by its own counter, or
by `checkpoint_number=` as here), deletes all but the newest
`max_to_keep`, and `tf.train.latest_checkpoint(dir)` finds the
newest for `restore`. Optimizer slots created after `restore` still get
their saved values.

Pitfall: `restore` matches objects by those keyword names and does not
raise when nothing matches: `Checkpoint(net=model)` restores nothing
from a `model=` checkpoint. Call `status.assert_existing_objects_matched()`.

severity: tip
topics: L7
aliases:
  - Python objects that were not bound to checkpointed values
  - continue training after a crash without model.fit
  - restore the optimizer state and step counter in a custom training loop
  - tf.train.latest_checkpoint to resume from the newest save
  - tf.compat.v1.train.Saver
  - keep only the last N checkpoints
"""

import os
import tempfile

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(0)
features = tf.random.normal((16, 4))
targets = tf.random.normal((16, 1))
ckpt_dir = tempfile.mkdtemp()


def build():
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])
    return model, keras.optimizers.Adam(0.01)


def train_step(model, optimizer):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean((model(features) - targets) ** 2)
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(
        zip(grads, model.trainable_variables, strict=True)
    )


model, optimizer = build()
# --8<-- [start:save]
step = tf.Variable(0, dtype=tf.int64)
checkpoint = tf.train.Checkpoint(
    model=model, optimizer=optimizer, step=step
)
manager = tf.train.CheckpointManager(
    checkpoint, ckpt_dir, max_to_keep=2
)

for _ in range(5):
    train_step(model, optimizer)
    step.assign_add(1)
    manager.save(checkpoint_number=step)
# --8<-- [end:save]

kept = [os.path.basename(path) for path in manager.checkpoints]
print("kept:", kept)
assert kept == ["ckpt-4", "ckpt-5"], "expected only the newest 2 kept"
index_files = sorted(
    f for f in os.listdir(ckpt_dir) if f.endswith("index")
)
assert index_files == ["ckpt-4.index", "ckpt-5.index"], (
    "expected older checkpoints deleted from disk"
)

counted_dir = tempfile.mkdtemp()
counted = tf.train.CheckpointManager(
    tf.train.Checkpoint(step=tf.Variable(0)), counted_dir, max_to_keep=2
)
for _ in range(3):
    counted.save()  # no checkpoint_number: the manager counts
own_numbers = [os.path.basename(path) for path in counted.checkpoints]
print("kept, numbered by the manager:", own_numbers)
assert own_numbers == ["ckpt-2", "ckpt-3"], (
    "expected the manager to number saves itself"
)
given = os.path.basename(counted.save(checkpoint_number=10))
assert given == "ckpt-10", "expected checkpoint_number= to name it"

trained_model, trained_optimizer = model, optimizer

# --8<-- [start:resume]
model, optimizer = build()  # e.g. in a new process
step = tf.Variable(0, dtype=tf.int64)
checkpoint = tf.train.Checkpoint(
    model=model, optimizer=optimizer, step=step
)
status = checkpoint.restore(tf.train.latest_checkpoint(ckpt_dir))
status.assert_existing_objects_matched()
# --8<-- [end:resume]

print(
    "resumed at step",
    int(step),
    "| optimizer iterations",
    int(optimizer.iterations.numpy()),
)
assert int(step) == 5, "expected the step counter restored"
assert int(optimizer.iterations.numpy()) == 5, (
    "expected the optimizer restored"
)
np.testing.assert_allclose(
    model(features),
    trained_model(features),
    err_msg="expected the restored model to give the same outputs",
)
train_step(model, optimizer)  # creates Adam's slots: deferred restore
train_step(trained_model, trained_optimizer)
np.testing.assert_allclose(
    model(features),
    trained_model(features),
    rtol=1e-6,
    err_msg="expected the next step to match: Adam moments restored",
)
print("restored model matches, and so does the next training step")

wrong_model, _ = build()
initial = [v.numpy().copy() for v in wrong_model.variables]
wrong_status = tf.train.Checkpoint(net=wrong_model).restore(
    manager.latest_checkpoint
)  # no error here
unchanged = all(
    np.array_equal(before, v.numpy())
    for before, v in zip(initial, wrong_model.variables, strict=True)
)
print(
    "net= restore left every variable at its initial value:", unchanged
)
assert len(initial) == 2 and unchanged, (
    "expected a name mismatch to restore no variable"
)
try:
    wrong_status.assert_existing_objects_matched()
except AssertionError as err:
    first_line = str(err).splitlines()[0]
print("AssertionError:", first_line.split(":")[0])
assert "not bound to checkpointed values" in first_line, (
    "expected the check to catch a name mismatch"
)
