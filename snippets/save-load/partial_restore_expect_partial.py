"""Partial restore: `expect_partial()` silences the warning, and a real mismatch

When you hit it: you restore a training checkpoint (model and optimizer)
into the model alone, for inference, and later TensorFlow logs
"Detecting that an object or model or tf.train.Checkpoint is being
deleted with unrestored values…", then one "Value in checkpoint could
not be found in the restored object" line per optimizer value.

What is going on: `tf.train.Checkpoint.restore` restores what matches
and keeps count of the rest; the warning comes when the restore's
record is freed (here at `del checkpoint`). The weights are restored.
The status that `restore` returns offers checks:
`assert_consumed()` raises unless every value in the file was used, so
it fails on a partial restore; `assert_existing_objects_matched()`
checks only the objects your program has. `expect_partial()` marks the
restore as partial: no warning.

Pitfall: `expect_partial()` alone also hides a restore that matched
nothing, such as a renamed keyword ([the CheckpointManager
card](save-load.md#checkpoint-manager-resume)). Chain both:
`restore(path).assert_existing_objects_matched().expect_partial()`.

Checked: the table is this run's outcome of each check for a restore
into the model alone; "warns" means the warning was logged when the
checkpoint was freed. Restored into the model and the optimizer that
wrote it, `assert_consumed()` passes. Under a wrong keyword (`net=`
for `model=`), `expect_partial()` passed and nothing was logged, though
no weight was restored; the chain above raised.

severity: tip
topics: L11, L7
aliases:
  - Detecting that an object or model or tf.train.Checkpoint is being deleted with unrestored values
  - Value in checkpoint could not be found in the restored object: (root).optimizer
  - To silence these warnings, use status.expect_partial()
  - restore only the model weights from a checkpoint that has the optimizer
  - assert_consumed fails with Unresolved object in checkpoint
  - difference between assert_consumed and assert_existing_objects_matched
  - warning at the end of the program after checkpoint.restore
"""

import gc
import logging
import tempfile

import keras
import numpy as np
import tensorflow as tf


class Collect(logging.Handler):
    """Keeps the warnings TensorFlow logs, to print and check them."""

    def __init__(self):
        super().__init__()
        self.messages = []

    def emit(self, record):
        self.messages.append(record.getMessage())


logged = Collect()
tf.get_logger().addHandler(logged)
keras.utils.set_random_seed(0)
features = tf.random.normal((8, 4))


def build_model():
    return keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])


model = build_model()
optimizer = keras.optimizers.Adam(0.01)
with tf.GradientTape() as tape:
    loss = tf.reduce_mean(model(features) ** 2)
grads = tape.gradient(loss, model.trainable_variables)
optimizer.apply_gradients(
    zip(grads, model.trainable_variables, strict=True)
)
path = tf.train.Checkpoint(model=model, optimizer=optimizer).save(
    tempfile.mkdtemp() + "/ckpt"
)

# --8<-- [start:wrong]
serving_model = build_model()
checkpoint = tf.train.Checkpoint(model=serving_model)  # no optimizer
checkpoint.restore(path)  # restores the weights: no error, no log
# --8<-- [end:wrong]
at_restore = len(logged.messages)
del checkpoint  # frees the restore's record: now the warning
gc.collect()
assert at_restore == 0, "expected nothing logged by restore itself"
print("logged:", logged.messages[0].split(". ")[0])
print(logged.messages[1])
value_lines = [m for m in logged.messages if m.startswith("Value in")]
print(
    f"... {len(value_lines)} such lines: Adam's iterations, rate, slots"
)
assert logged.messages[0].startswith(
    "Detecting that an object or model or tf.train.Checkpoint is being "
    "deleted with unrestored values. See the following logs for the "
    "specific values in question. To silence these warnings, use "
    "`status.expect_partial()`."
), "expected the unrestored-values warning"
assert len(value_lines) == len(logged.messages) - 1 == 6, (
    "expected one line per optimizer value: iterations, rate, 4 slots"
)
assert all(
    "could not be found in the restored object: (root).optimizer"
    in line
    for line in value_lines
), "expected only optimizer values left over"
np.testing.assert_allclose(
    serving_model(features),
    model(features),
    err_msg="expected the weights restored despite the warning",
)

# --8<-- [start:right]
serving_model = build_model()
checkpoint = tf.train.Checkpoint(model=serving_model)
status = checkpoint.restore(path)
status.assert_existing_objects_matched().expect_partial()
# --8<-- [end:right]
before = len(logged.messages)
del checkpoint, status
gc.collect()
assert len(logged.messages) == before, (
    "expected expect_partial() silent"
)
np.testing.assert_allclose(
    serving_model(features),
    model(features),
    err_msg="expected restored",
)


def checks(keyword, names):
    """Each named status check on a restore of a new model under
    keyword: whether it raises, and whether the warning follows."""
    target = build_model()
    result, errors = {}, {}
    for check in names:
        before = len(logged.messages)
        checkpoint = tf.train.Checkpoint(**{keyword: target})
        status = checkpoint.restore(path)
        try:
            getattr(status, check)()
            outcome = "passes"
        except AssertionError as err:
            outcome = "raises"
            errors[check] = str(err).splitlines()[0]
        del checkpoint, status
        gc.collect()
        if len(logged.messages) > before:
            outcome += ", warns"
        result[check] = outcome
    restored = np.allclose(target(features), model(features))
    return result, errors, restored


ALL_CHECKS = (
    "assert_consumed",
    "assert_existing_objects_matched",
    "expect_partial",
)
partial, partial_errors, partial_restored = checks("model", ALL_CHECKS)
print(f"{'model= (partial restore)':34} outcome")
for check in partial:
    print(f"{check + '()':34} {partial[check]}")
print(f"{'weights restored':34} {partial_restored}")
print(
    "assert_consumed:", partial_errors["assert_consumed"].split(":")[0]
)
renamed, _, renamed_restored = checks("net", ("expect_partial",))
print(
    "net= (wrong keyword): expect_partial()",
    renamed["expect_partial"],
    "| weights restored",
    renamed_restored,
)

assert partial == {
    "assert_consumed": "raises, warns",
    "assert_existing_objects_matched": "passes, warns",
    "expect_partial": "passes",
}, "expected only assert_consumed to reject a partial restore"
assert partial_errors["assert_consumed"].startswith(
    "Unresolved object in checkpoint (root).optimizer"
), "expected assert_consumed to name an unused optimizer value"
assert partial_restored, "expected the partial restore to load weights"
assert renamed == {"expect_partial": "passes"}, (
    "expected expect_partial alone to hide a restore that matched nothing"
)
assert not renamed_restored, (
    "expected the wrong keyword to restore nothing"
)
try:
    tf.train.Checkpoint(net=build_model()).restore(
        path
    ).assert_existing_objects_matched().expect_partial()
    chain = "passes"
except AssertionError:
    chain = "raises"
gc.collect()
assert chain == "raises", (
    "expected the chain to catch the wrong keyword"
)

full = tf.train.Checkpoint(model=model, optimizer=optimizer)
full.restore(path).assert_consumed()  # every value used: passes
