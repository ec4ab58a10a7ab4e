"""A custom training loop: a `tf.function` step around a `GradientTape`

When you hit it: you need control that `fit` does not give (two losses,
unusual updates) and write the loop yourself.

What is going on: inside `tf.GradientTape`, call the model with
`training=True`, compute the loss, take `tape.gradient` with respect to
`model.trainable_variables`, and hand both to
`optimizer.apply_gradients`. Wrapping the step in `tf.function` runs it
as a graph. The `input_signature` with a `None` batch dimension keeps
the smaller last batch from tracing it again; see [Pin a tf.function's
inputs with input_signature](graphs.md#input-signature-batch-none).

Pitfall: an optimizer with slot variables (Adam, SGD with momentum)
creates them in its first `apply_gradients`, inside the trace, so the
step is [traced twice](debugging.md#variable-created-in-tf-function).
Call `optimizer.build(model.trainable_variables)` before the loop. Plain
`SGD` has no slots.

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


def first_call_traces(fresh_optimizer):
    """Traces of the step's first call with an optimizer not yet built."""
    global optimizer
    optimizer = fresh_optimizer
    step = tf.function(
        train_step.python_function, input_signature=signature
    )
    step(*next(iter(train_ds)))  # one call
    return step.experimental_get_tracing_count()


traces = {
    "built Adam, 20 steps": train_step.experimental_get_tracing_count(),
    "unbuilt Adam": first_call_traces(keras.optimizers.Adam(0.1)),
    "unbuilt SGD, momentum 0.9": first_call_traces(
        keras.optimizers.SGD(0.1, momentum=0.9)
    ),
    "unbuilt SGD": first_call_traces(keras.optimizers.SGD(0.1)),
}
print(f"loss before: {first_loss:.4f}  after: {final_loss:.4f}")
print("optimizer steps:", steps)
print("traces:", traces)

assert final_loss < first_loss / 10, "expected the loop to fit the data"
assert steps == 5 * 4, "expected one step per batch: 5 epochs x 4"
assert traces["built Adam, 20 steps"] == 1, (
    "expected one trace with a built optimizer and a None batch dimension"
)
assert traces["unbuilt Adam"] == 2, (
    "expected an unbuilt Adam to trace the first call twice"
)
assert traces["unbuilt SGD, momentum 0.9"] == 2, (
    "expected SGD with momentum to create slots while tracing"
)
assert traces["unbuilt SGD"] == 1, "expected plain SGD to need no build"
