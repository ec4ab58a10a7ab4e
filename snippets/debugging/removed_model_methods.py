"""`predict_classes` and `optimizer.lr` are gone: use argmax and learning_rate

When you hit it: code written for older Keras fails with "'Sequential'
object has no attribute 'predict_classes'" or "'Adam' object has no
attribute 'lr'".

What is going on: Keras removed `Model.predict_classes` and
`predict_proba`; `predict` returns what the last layer outputs, here
softmax probabilities, so `argmax(axis=-1)` gives the class. For one
sigmoid unit, compare with 0.5 instead. Keras 3's built-in optimizers
have no `lr` alias: read and set `optimizer.learning_rate`, a variable
you `assign` to when the rate is a number. With a schedule it is read-only
([schedules](training.md#learning-rate-schedule)).

Pitfall: `import keras.engine` (Keras 2 internals) fails too, and
`tf_keras` has no `tf_keras.engine` either, only the private
`tf_keras.src.engine`. Port such code to public names (`keras.Layer`,
`keras.Model`).

severity: crash
topics: E12
aliases:
  - "AttributeError: 'Sequential' object has no attribute 'predict_proba'"
  - "AttributeError: 'Functional' object has no attribute 'predict_classes'"
  - "ModuleNotFoundError: No module named 'keras.engine'"
  - K.set_value(model.optimizer.lr, 0.001) fails
  - how to get class labels from model.predict
  - change the learning rate of an optimizer during training
"""

import inspect

import keras
import numpy as np

keras.utils.set_random_seed(0)
features = (
    np.random.default_rng(0).normal(size=(6, 4)).astype("float32")
)
model = keras.Sequential(
    [
        keras.Input(shape=(4,)),
        keras.layers.Dense(3, activation="softmax"),
    ]
)
model.compile(optimizer=keras.optimizers.Adam(1e-3), loss="mse")

try:
    # --8<-- [start:wrong]
    classes = model.predict_classes(features)
    # --8<-- [end:wrong]
except AttributeError as err:
    predict_message = str(err)
try:
    rate = model.optimizer.lr
except AttributeError as err:
    lr_message = str(err)
print("AttributeError:", predict_message)
print("AttributeError:", lr_message)
assert "has no attribute 'predict_classes'" in predict_message
assert not hasattr(model, "predict_proba"), "expected no predict_proba"
assert "'Adam' object has no attribute 'lr'" in lr_message, lr_message
wrappers = {"Optimizer", "LossScaleOptimizer", "MultiOptimizer"}
built_in = [
    cls
    for name, cls in vars(keras.optimizers).items()
    if inspect.isclass(cls)
    and issubclass(cls, keras.optimizers.Optimizer)
    and name not in wrappers
]
for cls in built_in:
    assert not hasattr(cls(), "lr"), f"{cls.__name__} has lr"

# --8<-- [start:right]
probabilities = model.predict(features, verbose=0)
classes = probabilities.argmax(axis=-1)
model.optimizer.learning_rate.assign(1e-4)
# --8<-- [end:right]
print("classes:", classes.tolist())
print(
    f"learning_rate: {float(model.optimizer.learning_rate.numpy()):.0e}"
)
assert classes.shape == (6,) and set(classes) <= {0, 1, 2}
assert np.allclose(probabilities.sum(axis=-1), 1.0), (
    "expected softmax probabilities from predict"
)
assert np.isclose(float(model.optimizer.learning_rate.numpy()), 1e-4)

try:
    import keras.engine  # noqa: F401
except ModuleNotFoundError as err:
    engine_message = str(err)
print("ModuleNotFoundError:", engine_message)
assert engine_message == "No module named 'keras.engine'", (
    engine_message
)
try:
    import tf_keras.engine  # noqa: F401
except ModuleNotFoundError as err:
    legacy_message = str(err)
print("ModuleNotFoundError:", legacy_message)
assert legacy_message == "No module named 'tf_keras.engine'"
import tf_keras.src.engine.base_layer  # noqa: E402, F401  private, works

assert issubclass(keras.layers.Dense, keras.Layer), (
    "expected keras.Layer"
)
assert isinstance(model, keras.Model), "expected keras.Model"
