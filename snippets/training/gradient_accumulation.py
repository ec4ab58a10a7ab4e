"""Accumulate gradients with `gradient_accumulation_steps`

When you hit it: the batch you want does not fit in memory, so you
train on small batches and want one update per N of them.

What is going on: each optimizer algorithm in `keras.optimizers` (`SGD`
here) takes `gradient_accumulation_steps=N`, an integer of at least 2.
It adds each batch's gradients into one accumulator per variable (one
extra copy of the weights' size) and, on every N-th call only, updates
the weights with their mean. From Keras 3.6 (TF 2.17),
`optimizer.iterations` counts those updates; Keras 3.4 (TF 2.16) counts
batches. In a custom loop you do the same by hand: sum the gradients,
divide by N, apply, reset.

Pitfall: from Keras 3.6 the two step counts differ.
`optimizer.iterations` reports updates (batches / N), but a
learning-rate schedule still advances on every batch, so size its
`decay_steps` in batches.

severity: tip
topics: T8
aliases:
  - gradient_accumulation_steps is not a valid argument
  - `gradient_accumulation_steps` must be an integer >= 2
  - simulate a larger batch size when the GPU runs out of memory
  - update the weights every N batches
  - accumulate gradients over several batches in a custom training loop
  - effective batch size larger than fits in memory
  - optimizer.iterations counts updates, not batches
  - gradient accumulation with model.fit
"""

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(0)
features = np.random.rand(8, 3).astype("float32")
labels = features.sum(axis=1, keepdims=True)
train_ds = tf.data.Dataset.from_tensor_slices((features, labels)).batch(
    2
)


def build_model():
    model = keras.Sequential(
        [
            keras.Input((3,)),
            keras.layers.Dense(1, kernel_initializer="zeros"),
        ]
    )
    model.compile(keras.optimizers.SGD(0.1), "mse")
    return model


class WeightLog(keras.callbacks.Callback):
    def on_train_begin(self, logs=None):
        self.kernels = []

    def on_train_batch_end(self, batch, logs=None):
        self.kernels.append(self.model.get_weights()[0].copy())


# --8<-- [start:optimizer]
model = build_model()
model.compile(
    keras.optimizers.SGD(0.1, gradient_accumulation_steps=2),
    "mse",
)
weight_log = WeightLog()
model.fit(train_ds, epochs=1, callbacks=[weight_log], verbose=0)
# --8<-- [end:optimizer]

# --8<-- [start:manual]
manual_model = build_model()
optimizer = keras.optimizers.SGD(0.1)
loss_fn = keras.losses.MeanSquaredError()
variables = manual_model.trainable_variables
accumulated = [tf.zeros_like(v) for v in variables]
for step, (x, y) in enumerate(train_ds, start=1):
    with tf.GradientTape() as tape:
        loss = loss_fn(y, manual_model(x, training=True))
    grads = tape.gradient(loss, variables)
    accumulated = [
        a + g for a, g in zip(accumulated, grads, strict=True)
    ]
    if step % 2 == 0:  # apply the mean of 2 batches
        optimizer.apply_gradients(
            zip([a / 2 for a in accumulated], variables, strict=True)
        )
        accumulated = [tf.zeros_like(v) for v in variables]
# --8<-- [end:manual]

changed = [
    not np.allclose(before, after)
    for before, after in zip(
        [np.zeros((3, 1))] + weight_log.kernels[:-1],
        weight_log.kernels,
        strict=True,
    )
]
accumulators = [
    v
    for v in model.optimizer.variables
    if "gradient_accumulator" in v.name
]
print("weights changed after batch 1..4:", changed)
print(
    "optimizer.iterations after 4 batches:",
    int(model.optimizer.iterations.numpy()),
)
print("accumulator shapes:", [tuple(v.shape) for v in accumulators])
same = np.allclose(
    model.get_weights()[0], manual_model.get_weights()[0]
)
print("manual loop gives the same weights:", same)

assert changed == [False, True, False, True], (
    "expected an update on every 2nd batch only"
)
assert [tuple(v.shape) for v in accumulators] == [
    tuple(v.shape) for v in model.trainable_variables
], "expected one accumulator per variable, of the variable's shape"
keras_version = tuple(int(p) for p in keras.version().split(".")[:2])
counts_updates = keras_version >= (3, 6)
updates = int(model.optimizer.iterations.numpy())
assert updates == (2 if counts_updates else 4), (
    "expected iterations to count 2 updates (Keras 3.6+) or 4 batches;"
    f" got {updates}"
)
assert same, "expected the manual mean-of-2 loop to match the optimizer"
try:
    keras.optimizers.SGD(gradient_accumulation_steps=1)
except ValueError as err:
    steps_error = str(err)
else:
    raise AssertionError(
        "expected gradient_accumulation_steps=1 to raise ValueError"
    )
assert "must be an integer >= 2" in steps_error, "expected N >= 2"
wrappers = {"Optimizer", "LossScaleOptimizer", "MultiOptimizer"}
algorithms = [
    cls
    for name, cls in vars(keras.optimizers).items()
    if isinstance(cls, type)
    and issubclass(cls, keras.optimizers.Optimizer)
    and name not in wrappers
]
assert all(
    cls(gradient_accumulation_steps=2).gradient_accumulation_steps == 2
    for cls in algorithms
), "expected every optimizer class to take gradient_accumulation_steps"

schedule = keras.optimizers.schedules.ExponentialDecay(0.1, 1, 0.5)
scheduled = build_model()
scheduled.compile(
    keras.optimizers.SGD(schedule, gradient_accumulation_steps=2), "mse"
)
scheduled.fit(train_ds, epochs=1, verbose=0)  # 4 batches, 2 updates
scheduled_rate = float(scheduled.optimizer.learning_rate.numpy())
print(f"schedule after 4 batches: {scheduled_rate:.5f} = 0.1 * 0.5**4")
assert int(scheduled.optimizer.iterations.numpy()) == updates, (
    "expected the same count as without a schedule"
)
assert np.isclose(scheduled_rate, 0.1 * 0.5**4), (
    "expected the schedule to advance on every batch, not per update"
)
