"""Models in a loop: `clear_session()` resets layer names and the dtype policy

When you hit it: a sweep or a k-fold loop builds a new model each round,
and the second round fails with "No such layer: dense", or the names
read `dense_2`, `dense_3`.

What is going on: Keras numbers generated names with global counters,
so every new model gets new suffixes. `keras.utils.clear_session()`
resets Keras's global state, counters included, and runs a full garbage
collection. That state also holds the global dtype policy: it goes back
to `keras.config.floatx()` (`float32` unless you changed it), which
`clear_session` keeps. It does not reseed: call
`keras.utils.set_random_seed` after it for the same initial weights
each round. A model you no longer reference is freed by the garbage
collector, with or without `clear_session`.

Pitfall: `set_global_policy("mixed_float16")` once, above the loop,
lasts only until the first `clear_session()`; the later rounds train in
`floatx()` (`float32`) without a warning. Set the policy after
`clear_session()`.

Checked: memory use was not measured; the run checks with weak
references that dropped models are collected.

severity: silent
topics: T16
aliases:
  - ValueError No such layer: dense. Existing layers are
  - layer names keep increasing dense_1 dense_2 in a for loop
  - memory grows when creating keras models in a loop
  - does clear_session reset mixed precision policy
  - k-fold cross validation keras reset model each fold
  - K.clear_session() or tf.keras.backend.clear_session() between models
  - memory leak when repeatedly building and training models
  - hyperparameter search loop gets slower and uses more memory each iteration
  - mixed precision policy lost after clear_session
"""

import gc
import warnings
import weakref

import keras
import numpy as np

x_train = np.random.default_rng(0).random((16, 3), dtype="float32")
y_train = x_train.sum(axis=1, keepdims=True)


def build(units):
    return keras.Sequential(
        [
            keras.Input(shape=(3,)),
            keras.layers.Dense(units, activation="relu"),
            keras.layers.Dense(1),
        ]
    )


try:
    # --8<-- [start:wrong]
    for units in (4, 8, 16):
        model = build(units)  # dense, dense_1 | dense_2, dense_3
        hidden = model.get_layer("dense")  # ValueError in round 2
    # --8<-- [end:wrong]
except ValueError as err:
    lookup_error = str(err)
round_two = [layer.name for layer in model.layers]
print("round 2 layers:", round_two)
print("ValueError:", lookup_error)

keras.mixed_precision.set_global_policy("mixed_float16")  # the pitfall
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    keras.utils.clear_session()  # with mixed_float16 set above
    policy_after_clear = keras.mixed_precision.global_policy().name
    layer_policy = build(4).layers[0].dtype_policy.name
print(
    "policy after clear_session():",
    policy_after_clear,
    layer_policy,
    "| warnings:",
    len(caught),
)
keras.config.set_floatx("float64")
keras.mixed_precision.set_global_policy("mixed_float16")
keras.utils.clear_session()
float64_policy = keras.mixed_precision.global_policy().name
float64_floatx = keras.config.floatx()
keras.config.set_floatx("float32")
keras.utils.clear_session()
print("with floatx float64:", float64_policy, float64_floatx)

names, policies = [], []
# --8<-- [start:right]
for units in (4, 8, 16):
    keras.utils.clear_session()  # names, policy, state: reset
    keras.mixed_precision.set_global_policy("mixed_float16")
    keras.utils.set_random_seed(42)  # reproducible rounds
    model = build(units)
    hidden = model.get_layer("dense")
    # --8<-- [end:right]
    names.append([layer.name for layer in model.layers])
    policies.append(hidden.dtype_policy.name)
print("with clear_session:   ", names, policies)
keras.mixed_precision.set_global_policy("float32")


def first_weight(seed):
    keras.utils.clear_session(free_memory=False)  # same reset, no gc
    if seed is not None:
        keras.utils.set_random_seed(seed)
    return round(float(build(4).layers[0].kernel[0, 0]), 4)


seeded = [first_weight(42), first_weight(42)]
unseeded = [first_weight(None), first_weight(None)]
print("first kernel value, clear_session + seed:", seeded)
print("first kernel value, clear_session alone: ", unseeded)

collections = []
gc.callbacks.append(
    lambda phase, info: collections.append(info["generation"])
)
keras.utils.clear_session()
gc.callbacks.pop()

fitted = build(4)
fitted.compile("adam", "mse")
fitted.fit(x_train, y_train, epochs=1, verbose=0)
fitted_ref = weakref.ref(fitted)
del fitted, model, hidden
gc.collect()  # no clear_session
print(
    "clear_session() runs a full collection:",
    2 in collections,
    "| dropped fitted model freed:",
    fitted_ref() is None,
)

assert round_two == ["dense_2", "dense_3"], "expected growing names"
assert lookup_error == (
    "No such layer: dense. Existing layers are: ['dense_2', 'dense_3']."
), "expected get_layer('dense') to fail on the second model"
assert names == [["dense", "dense_1"]] * 3, (
    "expected names reset per round"
)
assert policy_after_clear == layer_policy == "float32", (
    "expected the policy to be reset"
)
assert not caught, "expected no warning when the policy is reset"
assert (float64_policy, float64_floatx) == ("float64", "float64"), (
    "expected the policy to follow floatx, which clear_session keeps"
)
assert policies == ["mixed_float16"] * 3, (
    "expected the policy per round"
)
assert seeded[0] == seeded[1], "expected the same initial weights"
assert unseeded[0] != unseeded[1], (
    "expected clear_session not to reseed"
)
assert 2 in collections, (
    "expected clear_session to collect generation 2"
)
assert fitted_ref() is None, "expected a dropped model to be collected"
