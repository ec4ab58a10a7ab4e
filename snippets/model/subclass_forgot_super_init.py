"""Call super().__init__(**kwargs) first in a Layer or Model subclass

When you hit it: a subclassed layer or model fails with "you forgot to
call `super().__init__()`", or with an odd `AttributeError` such as
"object has no attribute '_dtype_policy'".

What is going on: `keras.layers.Layer.__init__` sets up the state every
layer needs: name, dtype policy, trainable flag, weight tracking. The
object still constructs without it; the first `__call__` raises
`RuntimeError`, and `summary()` or `compile()` raise `AttributeError`.

Pitfall: the error appears far from the cause. Make `super().__init__`
the first statement of `__init__` and forward `**kwargs`, so `name` and
the model's `dtype` policy reach `Layer`.

Checked: with `dtype="float16"` the model's own policy is float16; its
inner `Dense` keeps the global policy (float32).

severity: crash
topics: M3
aliases:
  - It looks like you are subclassing `Model` and you forgot to call
  - object has no attribute '_obj_reference_counts_dict'
  - custom Layer object has no attribute: AttributeError because super().__init__() was never called
  - custom keras layer raises AttributeError as soon as I use it
  - RuntimeError the first time I call my subclassed model
  - what does super().__init__(**kwargs) do in a Keras layer
  - __init__() got an unexpected keyword argument 'name' in a custom layer
  - super(MyLayer, self).__init__() or super().__init__()
"""

import keras
import numpy as np

features = np.zeros((2, 4), dtype="float32")


# --8<-- [start:wrong]
class Classifier(keras.Model):
    def __init__(self, num_classes):
        self.head = keras.layers.Dense(num_classes)  # no super()

    def call(self, inputs):
        return self.head(inputs)


# --8<-- [end:wrong]


model = Classifier(3)  # constructs without complaint
try:
    model(features)
except RuntimeError as err:
    call_message = str(err)
try:
    model.compile(loss="mse")
except AttributeError as err:
    compile_message = str(err)
try:
    model.summary()
except AttributeError as err:
    summary_message = str(err)
print("call:    RuntimeError:", call_message)
print("compile: AttributeError:", compile_message)
assert "forgot to call `super().__init__()`" in call_message, (
    "call error"
)
assert "no attribute" in compile_message, (
    "expected a confusing compile error"
)
assert "no attribute" in summary_message, (
    "expected a confusing summary error"
)


class Scale(keras.layers.Layer):  # a plain Layer fails the same way
    def __init__(self, factor):
        self.factor = factor

    def call(self, inputs):
        return inputs * self.factor


try:
    Scale(2.0)(features)
except RuntimeError as err:
    layer_message = str(err)
assert "forgot to call `super().__init__()`" in layer_message, (
    "layer error"
)


# --8<-- [start:right]
class Classifier(keras.Model):
    def __init__(self, num_classes, **kwargs):
        super().__init__(**kwargs)  # first statement
        self.head = keras.layers.Dense(num_classes)

    def call(self, inputs):
        return self.head(inputs)


# --8<-- [end:right]


model = Classifier(3, name="classifier")
print(
    "fixed: output shape",
    tuple(model(features).shape),
    "name",
    model.name,
)
assert model(features).shape == (2, 3), (
    "expected the fixed model to run"
)
assert model.name == "classifier", "expected **kwargs to reach Layer"
half = Classifier(3, dtype="float16")
print(
    "dtype='float16': the model's policy",
    half.dtype_policy.name,
    "| its Dense:",
    half.head.dtype_policy.name,
)
assert half.dtype_policy.name == "float16", (
    "expected dtype to reach Layer"
)
assert half.head.dtype_policy.name == "float32", (
    "expected the inner Dense to keep the global policy"
)
