"""Sequential, Functional or subclassing: pick by what you need to inspect

When you hit it: you start a model and must choose between
`keras.Sequential`, the Functional API (`keras.Model(inputs, outputs)`)
and subclassing `keras.Model`.

What is going on: all three build the same layers and weights. A
Functional model, or a Sequential that starts with `keras.Input`,
records a graph of layers, so it knows its `inputs`, its
`output_shape` and every layer's symbolic `output` before it sees data.
A subclass is only Python code in `call`: Keras cannot see inside.

| | Sequential (with `Input`) | Functional | Subclass |
|---|---|---|---|
| topology | one chain | any graph | any Python |
| `inputs`, `output_shape` | yes | yes | no |
| model from an inner layer | yes | yes | only by calling its layers again |
| `get_config` for saving | automatic | automatic | you write it for `__init__` arguments ([details](model.md#subclassed-model-get-config)) |

Pitfall: a subclassed model has no `inputs` or `output_shape`, and
after a call on data its layers have no `output`. Build a feature
extractor by calling its layers again on a new `keras.Input`. Prefer
Functional unless `call` needs Python control flow.

Checked: a Sequential without `keras.Input` is another case: see
[a Sequential without Input](#sequential-without-input).

severity: tip
topics: M1
aliases:
  - has never been called and thus has no defined output shape
  - Layer dense has no inbound nodes.
  - Layer my_model is not connected, no input to return
  - difference between Sequential, functional API and model subclassing
  - get an intermediate layer output from a subclassed model
  - build a feature extractor from the inner layers of a subclassed model
  - when should I subclass keras.Model instead of using the functional API
  - subclassed model has no inputs, outputs or output shape attribute
"""

import keras
import numpy as np

features = np.zeros((2, 4), dtype="float32")

# --8<-- [start:sequential]
sequential = keras.Sequential(
    [
        keras.Input(shape=(4,)),
        keras.layers.Dense(8, activation="relu"),
        keras.layers.Dense(3),
    ]
)
# --8<-- [end:sequential]

# --8<-- [start:functional]
inputs = keras.Input(shape=(4,))
hidden = keras.layers.Dense(8, activation="relu")(inputs)
functional = keras.Model(inputs, keras.layers.Dense(3)(hidden))
# --8<-- [end:functional]


# --8<-- [start:subclass]
class Classifier(keras.Model):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.hidden = keras.layers.Dense(
            8, activation="relu", name="hidden"
        )
        self.head = keras.layers.Dense(3)

    def call(self, inputs):
        return self.head(self.hidden(inputs))


subclassed = Classifier()
subclassed(features)  # creates the weights
# --8<-- [end:subclass]

params = [
    m.count_params() for m in (sequential, functional, subclassed)
]
sub_rebuilt = Classifier.from_config(subclassed.get_config())
sub_rebuilt(features)
extractor = keras.Model(functional.inputs, functional.layers[1].output)
seq_extractor = keras.Model(
    sequential.inputs, sequential.layers[0].output
)
rebuilt = [
    type(m).from_config(m.get_config())
    for m in (sequential, functional)
]
print("params (sequential, functional, subclass):", params)
print(
    "output_shape:",
    sequential.output_shape,
    functional.output_shape,
    "| feature extractor:",
    extractor.output_shape,
)
try:
    print(subclassed.output_shape)
except AttributeError as err:
    shape_message = str(err)
else:
    raise AssertionError("expected a subclass to have no output_shape")
try:
    print(subclassed.hidden.output)
except (AttributeError, ValueError) as err:  # Keras 3.4: ValueError
    output_message = f"{type(err).__name__}: {err}"
else:
    raise AssertionError(
        "expected a subclass's layer to have no output"
    )
# After the checks above: a symbolic call gives the layer an output.
new_inputs = keras.Input(shape=(4,))
sub_extractor = keras.Model(new_inputs, subclassed.hidden(new_inputs))
print("subclass has inputs:", hasattr(subclassed, "inputs"))
print(
    "subclass extractor from a new Input:",
    sub_extractor.output_shape,
    "shares weights:",
    sub_extractor.layers[1].kernel is subclassed.hidden.kernel,
)
print("subclass: AttributeError:", shape_message)
print("subclass layer:", output_message)
assert params == [67, 67, 67], "expected identical weights in all three"
assert (
    sequential.output_shape == functional.output_shape == (None, 3)
), "expected graph models to know their output shape"
assert extractor.output_shape == (None, 8), (
    "expected an inner-layer model"
)
assert seq_extractor.output_shape == (None, 8), (
    "expected the same for Seq."
)
assert [m.count_params() for m in rebuilt] == [67, 67], (
    "expected graph models to rebuild from their automatic config"
)
assert "no attribute 'output_shape'" in shape_message, (
    "expected no shape"
)
assert "has never been called" in output_message, "expected no output"
assert not hasattr(subclassed, "inputs"), "expected no inputs"
assert sub_extractor.output_shape == (None, 8), "expected an extractor"
assert sub_extractor.layers[1].kernel is subclassed.hidden.kernel, (
    "expected the extractor to share the subclass's weights"
)
assert sub_rebuilt.count_params() == 67, (
    "expected a subclass without __init__ arguments to rebuild"
)
assert all(
    isinstance(layer.output, keras.KerasTensor)
    for model in (sequential, functional)
    for layer in model.layers
), "expected every layer of a graph model to have a symbolic output"
