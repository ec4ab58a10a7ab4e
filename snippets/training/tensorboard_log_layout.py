"""What the TensorBoard callback writes, and logging your own scalars

When you hit it: you point TensorBoard at a log folder and want to know
which run is which, or add your own curves from a custom loop.

What is going on: `keras.callbacks.TensorBoard(log_dir)` writes one
event file under `log_dir/train/` and, when `fit` has validation data,
one under `log_dir/validation/`. Both hold `epoch_loss`, so TensorBoard
draws the two curves on one chart. For your own values, open a writer
with `tf.summary.create_file_writer` and call `tf.summary.scalar`
inside `writer.as_default()`. The callback and `tf.summary.scalar`
need the `tensorboard` package
([install it](training.md#tensorboard-not-installed));
`create_file_writer` itself does not.

Pitfall: `tf.summary.scalar` with no default writer writes nothing and
returns a boolean tensor that is `False`, without an error; with a
writer but no `step` it raises `ValueError: No step set`.

severity: tip
topics: T10
aliases:
  - tf.summary.FileWriter
  - tf.summary.experimental.set_step
  - TensorBoard shows nothing from my custom training loop
  - train and validation loss on the same TensorBoard chart
  - which folder do I pass to tensorboard --logdir
  - tf.summary.scalar writes nothing without a default writer
  - ValueError: No step set for tf.summary.scalar
  - log custom scalars to TensorBoard with tf.summary.create_file_writer
  - TensorBoard train and validation runs in separate folders
  - AttributeError: module has no attribute Summary: TF 1.x tf.Summary.Value with simple_value for custom scalars
"""

import os
import sys
import tempfile

import keras
import numpy as np
import tensorflow as tf

# Not exported under a public name; imported to catch the exact type.
from tensorflow.python.summary.tb_summary import TBNotInstalledError

log_dir = tempfile.mkdtemp()
x_train = np.ones((8, 1), "float32")
model = keras.Sequential([keras.Input((1,)), keras.layers.Dense(1)])
model.compile("sgd", "mse")

# --8<-- [start:callback]
tensorboard = keras.callbacks.TensorBoard(log_dir=log_dir)
model.fit(
    x_train,
    x_train,
    validation_data=(x_train, x_train),
    epochs=2,
    callbacks=[tensorboard],
    verbose=0,
)
# log_dir/train/events.out.tfevents...
# log_dir/validation/events.out.tfevents...
# --8<-- [end:callback]

# --8<-- [start:custom]
writer = tf.summary.create_file_writer(os.path.join(log_dir, "custom"))
with writer.as_default():
    for step in range(3):
        tf.summary.scalar("grad_norm", 1.0 / (step + 1), step=step)
writer.flush()
# --8<-- [end:custom]


def tags_in(run):
    """Scalar tags and their steps in the one event file of a run."""
    run_dir = os.path.join(log_dir, run)
    (event_file,) = os.listdir(run_dir)
    found = set()
    for record in tf.data.TFRecordDataset(
        os.path.join(run_dir, event_file)
    ):
        event = tf.compat.v1.Event.FromString(record.numpy())
        found.update(
            (value.tag, event.step) for value in event.summary.value
        )
    return found


print("runs:", sorted(os.listdir(log_dir)))
for run in ["train", "validation"]:
    print(f"{run} tags:", sorted({tag for tag, _ in tags_in(run)}))

assert sorted(os.listdir(log_dir)) == [
    "custom",
    "train",
    "validation",
], "expected one folder per run"
assert all(
    os.listdir(os.path.join(log_dir, run))[0].startswith(
        "events.out.tfevents"
    )
    for run in ["train", "validation"]
), "expected an event file in each run folder"
assert {("epoch_loss", 0), ("epoch_loss", 1)} <= tags_in("train"), (
    "expected epoch_loss for epochs 0 and 1 in train/"
)
assert {("epoch_loss", 0), ("epoch_loss", 1)} <= tags_in(
    "validation"
), "expected epoch_loss for epochs 0 and 1 in validation/"
assert tags_in("custom") == {("grad_norm", s) for s in range(3)}, (
    "expected the three custom scalars"
)

no_validation_dir = tempfile.mkdtemp()
model.fit(
    x_train,
    x_train,
    epochs=1,
    callbacks=[keras.callbacks.TensorBoard(log_dir=no_validation_dir)],
    verbose=0,
)
print(
    "fit without validation data:",
    sorted(os.listdir(no_validation_dir)),
)
assert os.listdir(no_validation_dir) == ["train"], (
    "expected no validation/ folder without validation data"
)

written = tf.summary.scalar("grad_norm", 0.5, step=0)  # no writer
print("without a writer:", repr(written))
assert tf.is_tensor(written) and written.dtype == tf.bool, (
    "expected a boolean tensor, not a Python bool"
)
assert not bool(written), "expected False"
writer.flush()
assert tags_in("custom") == {("grad_norm", s) for s in range(3)}, (
    "expected nothing new written"
)
try:
    with writer.as_default():
        tf.summary.scalar("grad_norm", 0.5)
except ValueError as err:
    step_error = str(err)
print("ValueError:", step_error)
assert "No step set" in step_error, "expected the missing-step error"

# Last: hide the tensorboard package, as if it were not installed.
# tf.summary.scalar imports it on each call; the writer does not.
for name in [
    n for n in sys.modules if n.split(".")[0] == "tensorboard"
]:
    del sys.modules[name]
sys.modules["tensorboard"] = None
bare_dir = tempfile.mkdtemp()
bare_writer = tf.summary.create_file_writer(bare_dir)
with bare_writer.as_default():
    raw_written = bool(tf.summary.write("raw", 1.0, step=0))
    try:
        tf.summary.scalar("grad_norm", 1.0, step=0)
        scalar_result = "no error"
    except TBNotInstalledError:
        scalar_result = "TBNotInstalledError"
bare_writer.flush()
print(
    "without tensorboard: create_file_writer + tf.summary.write ->",
    raw_written,
    "| tf.summary.scalar ->",
    scalar_result,
)
assert raw_written and len(os.listdir(bare_dir)) == 1, (
    "expected create_file_writer to work without tensorboard"
)
assert scalar_result == "TBNotInstalledError", (
    "expected tf.summary.scalar to need tensorboard"
)
