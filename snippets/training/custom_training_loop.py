"""A custom training loop: a `tf.function` step around a `GradientTape`

When you hit it: you need control that `fit` does not give (two losses,
unusual updates) and write the loop yourself.

What is going on: inside `tf.GradientTape`, call the model with
`training=True`, compute the loss, take `tape.gradient` with respect to
`model.trainable_variables`, and hand both to
`optimizer.apply_gradients`. Wrapping the step in `tf.function` runs
it as a graph; it traces once per new input shape.

Pitfall: a dataset whose size is not a multiple of the batch size ends
with a smaller batch, and that new shape traces the step a second
time. Give `tf.function` an `input_signature` with a `None` batch
dimension so one graph serves every batch.

severity: tip
topics: T5
"""

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(0)
features = np.random.rand(100, 3).astype("float32")
labels = features @ np.array([[1.0], [-2.0], [0.5]], "float32")
train_ds = tf.data.Dataset.from_tensor_slices((features, labels)).batch(32)

model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
optimizer = keras.optimizers.Adam(learning_rate=0.1)
optimizer.build(model.trainable_variables)  # slots exist before tracing
loss_fn = keras.losses.MeanSquaredError()
first_loss = float(loss_fn(labels, model(features)))

# --8<-- [start:show]
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
        zip(grads, model.trainable_variables, strict=True))
    return loss


for _epoch in range(5):
    for x, y in train_ds:  # 3 batches of 32, then one of 4
        loss = train_step(x, y)
# --8<-- [end:show]

final_loss = float(loss_fn(labels, model(features)))

# The same step without a signature: the last, smaller batch retraces.
plain_step = tf.function(train_step.python_function)
for x, y in train_ds:
    plain_step(x, y)

print(f"loss before: {first_loss:.4f}  after: {final_loss:.4f}")
print("traces with signature:", train_step.experimental_get_tracing_count(),
      " without:", plain_step.experimental_get_tracing_count())
print("optimizer steps:", int(optimizer.iterations))

assert final_loss < first_loss / 10, "expected the loop to fit the data"
assert train_step.experimental_get_tracing_count() == 1, (
    "expected one trace with a None batch dimension"
)
assert plain_step.experimental_get_tracing_count() == 2, (
    "expected a second trace for the smaller last batch"
)
assert int(optimizer.iterations) == 6 * 4, (
    "expected one optimizer step per batch: 6 epochs x 4 batches"
)
