"""Ship the preprocessing inside the model, or serving gets raw inputs

When you hit it: the model scores well in training and evaluation, but
in production its predictions are far off, with no error anywhere.

What is going on: preprocessing done in the `tf.data` pipeline (here
`keras.layers.Normalization` in `Dataset.map`) is not part of the
model, so `model.predict` on raw serving inputs skips it. Wrap the same
adapted layer and the model in one model and serve that.

Pitfall: raw and scaled inputs have the same shape and dtype, so the
mismatch is silent; compare a few served predictions with the
pipeline's before you ship.

severity: silent
topics: E14
"""

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(0)
rng = np.random.default_rng(0)
sizes = rng.uniform(40, 200, (256, 1)).astype("float32")  # m2
prices = (3.0 * sizes + rng.normal(0, 10, (256, 1))).astype("float32")

# --8<-- [start:pipeline]
normalize = keras.layers.Normalization()
normalize.adapt(sizes)
train_ds = (
    tf.data.Dataset.from_tensor_slices((sizes, prices))
    .batch(32)
    .map(lambda x, y: (normalize(x), y))  # scaled in the pipeline
)
# --8<-- [end:pipeline]
model = keras.Sequential([keras.Input(shape=(1,)), keras.layers.Dense(1)])
model.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse")
model.fit(train_ds.repeat(), steps_per_epoch=40, epochs=3, verbose=0)

request = np.array([[120.0]], dtype="float32")  # raw size from a client
expected = float(model.predict(normalize(request), verbose=0)[0, 0])

# --8<-- [start:wrong]
served = model.predict(request, verbose=0)  # raw size, never scaled
# --8<-- [end:wrong]
wrong = float(served[0, 0])

# --8<-- [start:right]
serving_model = keras.Sequential([
    keras.Input(shape=(1,)),
    normalize,  # the same adapted layer, now inside
    model,
])
served = serving_model.predict(request, verbose=0)
# --8<-- [end:right]
right = float(served[0, 0])

print(f"true price for 120 m2:  about {3.0 * 120:.0f}")
print(f"pipeline prediction:    {expected:.1f}")
print(f"model on raw input:     {wrong:.1f}")
print(f"serving_model:          {right:.1f}")
assert abs(expected - 360.0) < 20, "expected the trained model to be close"
assert abs(wrong - expected) > 1000, "expected raw input to be far off"
assert abs(right - expected) < 1e-3, "expected the wrapped model to match"
