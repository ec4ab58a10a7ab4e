"""`model(x)` for a few rows, `model.predict` for many

When you hit it: you score one request at a time with `model.predict`
in a serving loop, or you call `model(x)` on a whole dataset.

What is going on: `keras.Model.predict` splits a NumPy array into
batches of `batch_size` (32 by default); a `tf.data.Dataset` keeps its
own batches. Calling `model(x)` runs all rows as one batch. For a
single-output model, `predict` returns a NumPy array and the call a
`tf.Tensor`; with a list or dict of outputs, a list or dict of them. Both
run in inference mode: `Dropout` is off unless you pass
`training=True`. For inputs that fit in one batch, prefer the call, as
the `predict` docstring itself advises.

Pitfall: the two return different types, so code written for one (e.g.
`.numpy()` on the result) breaks on the other. The values agree.

severity: perf
topics: P7
aliases:
  - 'numpy.ndarray' object has no attribute 'numpy'
  - model.predict is slow for a single sample
  - difference between model.predict and calling the model directly
  - fastest way to get predictions for one input in a serving loop
  - model.predict inside a for loop is very slow
  - predict returns a NumPy array, model(x) returns an EagerTensor
  - model.predict_on_batch vs model(x)
"""

import inspect

import keras
import numpy as np
import tensorflow as tf
from keras.src.trainers.trainer import Trainer

keras.utils.set_random_seed(0)
model = keras.Sequential(
    [
        keras.Input((4,)),
        keras.layers.Dense(8),
        keras.layers.Dropout(0.5),
        keras.layers.Dense(2),
    ]
)
rows = np.random.default_rng(0).normal(size=(100, 4)).astype("float32")

# --8<-- [start:show]
batch_result = model.predict(rows, verbose=0)  # np.ndarray
request = rows[:2]
call_result = model(request)  # tf.Tensor, Dropout off
# --8<-- [end:show]

print(
    "predict ->",
    type(batch_result).__name__,
    "| model(x) ->",
    type(call_result).__name__,
)
assert isinstance(batch_result, np.ndarray), (
    "expected predict -> ndarray"
)
assert tf.is_tensor(call_result), "expected model(x) -> tf.Tensor"
assert not hasattr(batch_result, "numpy"), (
    "expected no .numpy() on arrays"
)
np.testing.assert_allclose(
    call_result.numpy(),
    batch_result[:2],
    rtol=1e-5,
    atol=1e-6,
    err_msg="expected predict and model(x) to agree",
)
np.testing.assert_allclose(
    model(request),
    model(request),
    err_msg="expected model(x) to be deterministic: Dropout off",
)
assert not np.allclose(model(request, training=True), call_result), (
    "expected training=True to turn Dropout on"
)
print("same values; Dropout only with training=True")

batch_size_probe = keras.Sequential(
    [
        keras.Input((4,)),
        keras.layers.Lambda(
            lambda x: (
                keras.ops.zeros_like(x[:, :1])
                + keras.ops.cast(keras.ops.shape(x)[0], "float32")
            )
        ),
    ]
)
seen = batch_size_probe.predict(rows, verbose=0)[:, 0]
batch_sizes = [int(seen[i]) for i in range(0, len(rows), 32)]
called = int(batch_size_probe(rows)[0, 0])
print("predict batch sizes:", batch_sizes, "| model(x) batch:", called)
assert batch_sizes == [32, 32, 32, 4], (
    "expected batches of 32 in predict"
)
seen_64 = batch_size_probe.predict(rows, batch_size=64, verbose=0)[:, 0]
assert [int(seen_64[0]), int(seen_64[64])] == [64, 36], (
    "expected batches of batch_size=64"
)
assert called == 100, "expected model(x) to run all rows at once"
rows_ds = tf.data.Dataset.from_tensor_slices(rows).batch(10)
dataset_sizes = sorted(
    {int(n) for n in batch_size_probe.predict(rows_ds, verbose=0)[:, 0]}
)
print("predict on a Dataset batched by 10: batch sizes", dataset_sizes)
assert dataset_sizes == [10], "expected the Dataset's own batches"

features = keras.Input((4,))
heads = [
    keras.layers.Dense(1)(features),
    keras.layers.Dense(2)(features),
]
for outputs in (heads, {"score": heads[0], "logits": heads[1]}):
    several = keras.Model(features, outputs)
    predicted, returned = (
        several.predict(request, verbose=0),
        several(request),
    )
    kind = type(outputs)
    leaves = {type(v).__name__ for v in keras.tree.flatten(predicted)}
    print(
        f"{kind.__name__} of outputs: predict -> {kind.__name__} of",
        *leaves,
        f"| model(x) -> {type(returned).__name__} of tensors",
    )
    assert isinstance(predicted, kind) and isinstance(returned, kind), (
        f"expected a {kind.__name__} from both"
    )
    assert all(
        isinstance(v, np.ndarray) for v in keras.tree.flatten(predicted)
    ), "expected NumPy arrays from predict"
    assert all(tf.is_tensor(v) for v in keras.tree.flatten(returned)), (
        "expected tensors from the call"
    )

predict_doc = inspect.getsource(Trainer.predict)
assert "small numbers of inputs that fit in one batch" in predict_doc, (
    "expected Keras's predict docstring to recommend __call__"
)
assert (
    "directly use `__call__()` for faster execution" in predict_doc
), "expected the docstring's advice to use the call"
