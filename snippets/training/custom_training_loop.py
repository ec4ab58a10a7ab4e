"""A custom training loop: a `tf.function` step around a `GradientTape`

When you hit it: you need control that `fit` does not give (two losses,
unusual updates) and write the loop yourself.

What is going on: inside `tf.GradientTape`, call the model with
`training=True`, compute the loss, take `tape.gradient` with respect to
`model.trainable_variables`, and hand both to
`optimizer.apply_gradients`. Wrapping the step in `tf.function` runs it
as a graph. Build the optimizer first: otherwise its first
`apply_gradients` creates its variables while tracing, and the step is
traced twice.

Pitfall: a dataset whose size is not a multiple of the batch size ends
with a smaller batch, and that new shape traces the step again. An
`input_signature` with a `None` batch dimension lets one graph serve
every batch.

severity: tip
topics: T5
aliases:
  - write a training loop from scratch in TensorFlow 2
  - train_step is traced again on the last batch of the epoch
  - custom training loop is slow without tf.function
  - how to train a Keras model without fit
  - GradientTape training loop with optimizer.apply_gradients
  - build the optimizer before the tf.function step
  - TF1 sess.run(train_op) to a TensorFlow 2 eager training loop
  - model(x, training=True) in a custom training loop
"""

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(0)
features = np.random.rand(100, 3).astype("float32")
labels = features @ np.array([[1.0], [-2.0], [0.5]], "float32")
examples = tf.data.Dataset.from_tensor_slices((features, labels))
train_ds = examples.batch(32)
model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])


def mse(model):
    return float(np.mean((model(features).numpy() - labels) ** 2))


first_loss = mse(model)

# --8<-- [start:show]
optimizer = keras.optimizers.Adam(learning_rate=0.1)
optimizer.build(model.trainable_variables)  # before the first trace
loss_fn = keras.losses.MeanSquaredError()
signature = [
    tf.TensorSpec([None, 3], tf.float32),  # any batch size
    tf.TensorSpec([None, 1], tf.float32),
]


@tf.function(input_signature=signature)
def train_step(x, y):
    with tf.GradientTape() as tape:
        predictions = model(x, training=True)
        loss = loss_fn(y, predictions)
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(
        zip(grads, model.trainable_variables, strict=True)
    )
    return loss


for _epoch in range(5):
    for x, y in train_ds:  # 3 batches of 32, then one of 4
        loss = train_step(x, y)
# --8<-- [end:show]

final_loss = mse(model)
steps = int(optimizer.iterations.numpy())

# The same step without a signature: the last, smaller batch retraces.
plain_step = tf.function(train_step.python_function)
for x, y in train_ds:
    plain_step(x, y)

# The same step with a fresh, unbuilt optimizer: one call, two traces.
optimizer = keras.optimizers.Adam(learning_rate=0.1)
unbuilt_step = tf.function(
    train_step.python_function, input_signature=signature
)
unbuilt_step(*next(iter(train_ds)))  # one call

traces = {
    "built, signature": train_step.experimental_get_tracing_count(),
    "no signature": plain_step.experimental_get_tracing_count(),
    "unbuilt optimizer": unbuilt_step.experimental_get_tracing_count(),
}
print(f"loss before: {first_loss:.4f}  after: {final_loss:.4f}")
print("optimizer steps:", steps)
print("traces:", traces)

assert final_loss < first_loss / 10, "expected the loop to fit the data"
assert steps == 5 * 4, "expected one step per batch: 5 epochs x 4"
assert traces["built, signature"] == 1, (
    "expected one trace with a built optimizer and a None batch dimension"
)
assert traces["no signature"] == 2, (
    "expected a second trace for the smaller last batch"
)
assert traces["unbuilt optimizer"] == 2, (
    "expected an unbuilt optimizer to trace the first call twice"
)
