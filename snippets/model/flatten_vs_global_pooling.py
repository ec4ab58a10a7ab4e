"""GlobalAveragePooling2D, not Flatten, before a classifier head

When you hit it: you put a `Dense` head on a convolutional base and the
model suddenly has millions of parameters, or it refuses images of
another size.

What is going on: `keras.layers.Flatten` keeps every position of the
feature map, so the next `Dense` gets height × width × channels inputs.
`keras.layers.GlobalAveragePooling2D` averages each channel over the
map, so `Dense` sees only `channels` inputs, whatever the image size.

Pitfall: with `Flatten` the head grows with the feature map (about
49× here, one copy per 7×7 position), and an input of unknown height
and width cannot be built: `Dense` raises "Shapes used to initialize
variables must be fully-defined".

severity: perf
topics: M6
aliases:
  - The last dimension of the inputs to a Dense layer should be defined. Found None.
  - The shape of the input to Flatten is not fully defined (got (None, None, 64))
  - model has too many parameters after the convolutional layers
  - how to train a CNN on images of different sizes
  - input shape (None, None, 3) with a Dense classifier
  - model only accepts the image size it was trained on
  - Flatten or GlobalAveragePooling2D before the Dense classifier
  - classifier head on a pretrained base with include_top=False
"""

import keras

# --8<-- [start:show]
features = keras.Input(shape=(7, 7, 2048))  # a CNN base's output

flat_head = keras.layers.Dense(10)
flat_head(keras.layers.Flatten()(features))  # 100352 inputs

pooled_head = keras.layers.Dense(10)
pooled_head(keras.layers.GlobalAveragePooling2D()(features))  # 2048
# --8<-- [end:show]

print("Flatten + Dense(10):               ", flat_head.count_params())
print("GlobalAveragePooling2D + Dense(10):", pooled_head.count_params())
assert (
    flat_head.count_params() == 7 * 7 * 2048 * 10 + 10 == 1_003_530
), "expected Flatten to feed 7*7*2048 inputs to Dense"
assert pooled_head.count_params() == 2048 * 10 + 10 == 20_490, (
    "expected pooling to feed 2048 inputs to Dense"
)

any_size = keras.Input(shape=(None, None, 2048))
pooled = keras.layers.GlobalAveragePooling2D()(any_size)
assert tuple(pooled.shape) == (None, 2048), (
    "expected pooling to fix size"
)
try:
    keras.layers.Dense(10)(keras.layers.Flatten()(any_size))
except ValueError as err:
    message = str(err)
print(
    "Flatten on (None, None, 2048): ValueError:", message.split(".")[0]
)
assert "must be fully-defined" in message, (
    "expected Dense to reject None"
)
