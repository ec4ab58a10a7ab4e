"""`No gradients provided for any variable`: the loss must be differentiable

When you hit it: `fit` or `optimizer.apply_gradients` raises
`ValueError: No gradients provided for any variable.`, often after you
wrote a loss that counts errors or thresholds predictions.

What is going on: `tf.argmax`, `tf.round` and casts to integers have no
gradient, so a loss built on them gives `None` for every weight; so
does a forward pass run before the `tf.GradientTape` opened. A Keras 3
optimizer drops `None` gradients and raises when none are left. Train
on a differentiable loss (cross-entropy on the logits); keep `argmax`
for metrics. To round in the forward pass, use the straight-through
trick `x + tf.stop_gradient(tf.round(x) - x)`.

Pitfall: when only some gradients are `None`, nothing raises: a
`UserWarning` ("Gradients do not exist for variables ...") is all you
get, and those variables never change.

severity: crash
topics: G14
aliases:
  - "No gradients provided for any variable: (['dense/kernel:0', 'dense/bias:0'],)"
  - No gradients provided for any variable, check your graph for ops
  - Gradients do not exist for variables when minimizing the loss
  - custom accuracy loss function does not train
  - how to backpropagate through argmax or round
  - loss built with tf.round, tf.cast or tf.argmax is not differentiable
  - straight-through estimator
"""

import warnings

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(0)
features = np.random.rand(32, 4).astype("float32")
labels = np.random.randint(0, 3, size=32)
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3)])

try:
    # --8<-- [start:wrong]
    def error_rate(labels, logits):  # argmax has no gradient
        predicted = tf.argmax(logits, axis=-1, output_type=tf.int32)
        wrong = tf.not_equal(predicted, tf.cast(labels, tf.int32))
        return tf.reduce_mean(tf.cast(wrong, tf.float32))

    model.compile(optimizer="adam", loss=error_rate)
    model.fit(features, labels, verbose=0)  # ValueError
    # --8<-- [end:wrong]
except ValueError as err:
    fit_message = str(err)
print("fit: ValueError:", fit_message)

loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
optimizer = keras.optimizers.SGD(learning_rate=0.1)
logits = model(features)  # forward pass outside the tape
with tf.GradientTape() as tape:
    loss = loss_fn(labels, logits)
grads = tape.gradient(loss, model.trainable_variables)
try:
    optimizer.apply_gradients(
        zip(grads, model.trainable_variables, strict=True)
    )
except ValueError as err:
    tape_message = str(err)
print("outside the tape: ValueError:", tape_message)

# --8<-- [start:right]
model.compile(
    optimizer="adam",
    loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
    metrics=["accuracy"],  # argmax belongs in a metric
)
history = model.fit(features, labels, verbose=0)
# --8<-- [end:right]
print("fixed loss:", round(history.history["loss"][0], 3))

head = keras.layers.Dense(1)
unused = keras.layers.Dense(1)
head.build((None, 4))
unused.build((None, 4))
partial_optimizer = keras.optimizers.SGD(learning_rate=0.1)
variables = head.trainable_variables + unused.trainable_variables
before = [v.numpy().copy() for v in variables]
with tf.GradientTape() as tape:
    loss = tf.reduce_mean(head(features) ** 2)
partial_grads = tape.gradient(loss, variables)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    partial_optimizer.apply_gradients(
        zip(partial_grads, variables, strict=True)
    )
partial_warning = [
    w for w in caught if "do not exist" in str(w.message)
]
print(
    partial_warning[0].category.__name__ + ":",
    str(partial_warning[0].message).split(" when")[0],
)
changed = [
    not np.array_equal(b, v.numpy())
    for b, v in zip(before, variables, strict=True)
]

x = tf.Variable([0.4, 1.6])
with tf.GradientTape(persistent=True) as tape:
    rounded = tf.reduce_sum(tf.round(x))
    as_int = tf.reduce_sum(tf.cast(tf.cast(x, tf.int32), tf.float32))
    straight = tf.reduce_sum(x + tf.stop_gradient(tf.round(x) - x))
    picked = tf.cast(tf.argmax(x * [1.0, 2.0]), tf.float32)
round_grad = tape.gradient(rounded, x)
argmax_grad = tape.gradient(picked, x)
int_grad = tape.gradient(as_int, x)
straight_grad = tape.gradient(straight, x)
del tape
print(
    "gradients of round, int cast, argmax:",
    round_grad,
    int_grad,
    argmax_grad,
)

assert fit_message == "No gradients provided for any variable.", (
    "expected fit on an argmax loss to raise"
)
assert tape_message == "No gradients provided for any variable.", (
    "expected a loss from outside the tape to raise"
)
assert all(g is None for g in grads), "expected no gradient at all"
assert np.isfinite(history.history["loss"][0]), (
    "expected training to run"
)
assert partial_warning[0].category is UserWarning, (
    "expected a UserWarning"
)
assert changed == [True, True, False, False], (
    "expected only the variables with gradients to change"
)
assert round_grad is None and int_grad is None, (
    "expected round and int casts to have no gradient"
)
assert argmax_grad is None, "expected argmax to have no gradient"
assert float(straight) == 2.0, (
    "expected the straight-through value rounded"
)
assert straight_grad.numpy().tolist() == [1.0, 1.0], (
    "expected the straight-through trick to pass a gradient of 1"
)
