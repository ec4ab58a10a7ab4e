"""Hunt a NaN or Inf loss in four checks, from the loss back to the op

When you hit it: the loss shows `nan` or `inf`, or `TerminateOnNaN`
prints `Invalid loss, terminating training`.

What is going on: one bad value usually spreads to the ops after it,
so work backwards; some ops hide it (`relu` turns `-inf` into 0).
`keras.callbacks.TerminateOnNaN` stops at the first `nan` or `inf`
loss. `tf.debugging.assert_all_finite` tests the data;
`tf.debugging.check_numerics` returns its input, so it slots in after
any pipeline step; `tf.debugging.enable_check_numerics` names the op.
Steps 2 to 4 raise `tf.errors.InvalidArgumentError`. The planted fault
here: `log(0)` on one zero price.

Pitfall: a smaller learning rate does not cure a data fault like this
one; check the inputs first. With `SGD` or `Adam`, a bad batch already
wrote `nan` or `inf` weights: rebuild the model. Turn op checks off with
`tf.debugging.disable_check_numerics`.

Checked: a
[`LossScaleOptimizer`](training.md#loss-scale-optimizer) skips a step
whose gradients are not finite instead. The op checks
cover ops with float outputs, on the thread that turned them on; some
frequently used ops that TensorFlow deems safe (`Reshape`, `Concat`,
...) are skipped (`tensorflow/python/debug/lib/check_numerics_callback.py`,
`SAFE_OPS`).

severity: crash
topics: E2
aliases:
  - Tensor had NaN values
  - loss becomes nan after a few epochs
  - how to find which layer or op produces NaN
  - accuracy drops to zero and the loss is nan
  - loss is infinite from the first batch
  - Invalid loss, terminating training
  - tf.debugging.enable_check_numerics to find the op that produces NaN
  - NaN or Inf values in the input data
  - model weights are all nan after training
"""

import re
import threading

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(0)
prices = np.array(
    [[120.0], [80.0], [0.0], [45.0], [300.0], [60.0], [95.0], [10.0]],
    dtype="float32",
)  # the planted fault: one zero price
targets = np.full((8, 1), 4.0, dtype="float32")


def preprocess(price):
    return tf.math.log(price)  # log(0) = -inf


def first_line(err):
    text = re.sub(r"\{\{function_node [^}]*\}\}\s*", "", str(err))
    return next(ln.strip() for ln in text.splitlines() if ln.strip())


# --8<-- [start:step1]
# Step 1: stop at the first bad batch instead of training on nan.
model = keras.Sequential(
    [
        keras.Input(shape=(1,)),
        keras.layers.Dense(1),
    ]
)
model.compile(optimizer="sgd", loss="mse")
history = model.fit(
    preprocess(prices),
    targets,
    batch_size=4,
    epochs=5,
    shuffle=False,
    verbose=0,
    callbacks=[keras.callbacks.TerminateOnNaN()],
)  # prints "Batch 0: Invalid loss, terminating training"
# --8<-- [end:step1]
losses = history.history["loss"]
print("step 1, epochs run:", len(losses), "loss:", losses)
assert len(losses) == 1 and not np.isfinite(losses[0]), (
    "expected TerminateOnNaN to stop in the first epoch on an inf loss"
)
slow = keras.Sequential(
    [keras.Input(shape=(1,)), keras.layers.Dense(1)]
)
slow.compile(optimizer=keras.optimizers.SGD(1e-6), loss="mse")
slow_loss = slow.fit(
    preprocess(prices), targets, batch_size=4, shuffle=False, verbose=0
).history["loss"][0]
assert not np.isfinite(slow_loss), (
    "expected a tiny learning rate to fail too"
)
nan_prices = np.where(prices == 0.0, np.nan, prices)  # a missing price
nan_model = keras.Sequential(
    [keras.Input(shape=(1,)), keras.layers.Dense(1)]
)
nan_model.compile(optimizer="sgd", loss="mse")
nan_losses = nan_model.fit(
    nan_prices,
    targets,
    batch_size=4,
    epochs=5,
    shuffle=False,
    verbose=0,
    callbacks=[keras.callbacks.TerminateOnNaN()],
).history["loss"]
print("step 1, with a nan price: epochs run:", len(nan_losses))
assert len(nan_losses) == 1 and np.isnan(nan_losses[0]), (
    "expected TerminateOnNaN to stop in the first epoch on a nan loss"
)
hidden = tf.nn.relu(preprocess(prices))
assert np.isfinite(hidden).all(), "expected relu to hide the -inf"
poisoned = not all(np.isfinite(w).all() for w in model.get_weights())
print("step 1, weights poisoned:", poisoned)
assert poisoned, (
    "expected the bad batch to have written nan/inf weights"
)


def weights_finite_after_fit(optimizer):
    probe = keras.Sequential(
        [keras.Input(shape=(1,)), keras.layers.Dense(1)]
    )
    probe.compile(optimizer=optimizer, loss="mse")
    probe.fit(
        preprocess(prices),
        targets,
        batch_size=4,
        shuffle=False,
        verbose=0,
    )
    return all(np.isfinite(w).all() for w in probe.get_weights())


assert not weights_finite_after_fit(keras.optimizers.Adam()), (
    "expected Adam to write nan/inf weights too"
)

try:
    # --8<-- [start:step2]
    # Step 2: is it the data? Check what the model is fed.
    features = preprocess(prices)
    tf.debugging.assert_all_finite(features, "features")
    # --8<-- [end:step2]
except tf.errors.InvalidArgumentError as err:
    step2 = first_line(err)
print("step 2:", step2)
assert "features : Tensor had Inf values" in step2, (
    "expected assert_all_finite to report Inf in the features"
)

try:
    # --8<-- [start:step3]
    # Step 3: which pipeline step? Put a tripwire after each one.
    train_ds = tf.data.Dataset.from_tensor_slices(prices).map(
        lambda price: tf.debugging.check_numerics(
            preprocess(price), "after preprocess"
        )
    )
    for _ in train_ds:  # the tripwire fires while iterating
        pass
    # --8<-- [end:step3]
except tf.errors.InvalidArgumentError as err:
    step3 = first_line(err)
print("step 3:", step3)
finite = tf.constant([1.0, 2.0])
assert np.array_equal(
    tf.debugging.check_numerics(finite, "ok"), finite
), "expected check_numerics to return its input when it is finite"
assert "after preprocess : Tensor had Inf values" in step3, (
    "expected the tripwire after preprocess to fire"
)

try:
    # --8<-- [start:step4]
    # Step 4: which op? Ops now check their float outputs.
    tf.debugging.enable_check_numerics()
    preprocess(prices)
    # --8<-- [end:step4]
except tf.errors.InvalidArgumentError as err:
    step4 = first_line(err)
finally:
    tf.debugging.disable_check_numerics()
print("step 4:", step4)
assert (
    'Detected Infinity or NaN in output 0 of eagerly-executing op "Log"'
    in step4
), "expected enable_check_numerics to name the Log op"

unchecked = {}


def log_zero_in_thread():
    tf.math.log(tf.constant(0.0))  # raises if this thread checks ops
    unchecked["other thread"] = True


tf.debugging.enable_check_numerics()
try:
    worker = threading.Thread(target=log_zero_in_thread)
    worker.start()
    worker.join()
    tf.reshape(tf.constant([np.inf]), [1, 1])  # a safe op: unchecked
    unchecked["Reshape"] = True
finally:
    tf.debugging.disable_check_numerics()
assert unchecked == {"other thread": True, "Reshape": True}, (
    "expected the checks to stay on this thread and skip Reshape"
)


# --8<-- [start:fix]
# The fix: a transform finite on every price >= 0, then a new model.
def preprocess(price):
    return tf.math.log1p(price)  # log(1 + price) is finite at 0


model = keras.Sequential(
    [
        keras.Input(shape=(1,)),
        keras.layers.Dense(1),
    ]
)
model.compile(optimizer="sgd", loss="mse")
# --8<-- [end:fix]
history = model.fit(
    preprocess(prices),
    targets,
    batch_size=4,
    epochs=5,
    shuffle=False,
    verbose=0,
)
assert np.isfinite(preprocess(prices)).all(), "expected finite features"
assert not np.isfinite(preprocess(tf.constant(-1.0))), (
    "expected log1p to be finite only above -1"
)
final_loss = history.history["loss"][-1]
print(f"after the fix, loss: {final_loss:.4f}")
assert np.isfinite(final_loss), "expected a finite loss after the fix"
