"""An F1 metric written as a function is a mean of per-batch F1 values

When you hit it: you pass `def f1(y_true, y_pred)` to
`compile(metrics=[f1])`, and its value changes with `batch_size` or
shuffling, disagrees between `fit` and `evaluate` at the same weights,
or differs from the F1 of all predictions at once.

What is going on: Keras wraps a metric function in
`keras.metrics.MeanMetricWrapper`, a `keras.metrics.Mean`. On one
device, a function that returns one number per batch adds one value
per batch: the result is the plain mean of per-batch F1 values, and a
short last batch counts as much as a full one. Under
`tf.distribute.MirroredStrategy` (Keras 3.11.2, 3.15.1, 3.16 nightly),
each replica adds its own slice's value. A per-sample function is
averaged over samples; on one device, batching does not change it.

Pitfall: F1, precision or recall computed per batch in a function. Use
`keras.metrics.F1Score(threshold=0.5)` (by default, one sigmoid column
counts every score above 1e-9 as positive), `Precision`, `Recall` or
`AUC`, or subclass `keras.metrics.Metric` to keep counts across
batches.

Checked: 100 rows, 23 positive, a fixed one-layer classifier, this
machine's CPU. The function's F1 was the unweighted mean of its
per-batch values at batch sizes 8, 32 and 100; only at 100 (one batch)
did it equal the NumPy F1 of all predictions. `fit` with a learning
rate of 0 and shuffled batches of 8 gave an F1 that `evaluate` with
batches of 8 did not reproduce, and gave `evaluate`'s value without
shuffling. In `fit` and at each of the three `evaluate` batch sizes,
`F1Score` and a counting `Metric` subclass matched the NumPy F1, and
`Precision` and `Recall` the NumPy precision and recall; `AUC` did not
change with batch size. With its defaults, `F1Score()` gave the F1 of
calling all 100 rows positive, and its `result()` is a one-element
array. Its default threshold is each row's maximum, and scores
within 1e-9 of zero count as negative (`FBetaScore.update_state` in
`keras/src/metrics/f_score_metrics.py`): called directly, it counted a
score of 2e-9 as positive and one of 1e-10 as negative. Under
`MirroredStrategy` on 2 logical CPUs, `evaluate` with batches of 8
gave the mean F1 of each replica's slice (4 rows; 2 in the last
batch), not the one-device value; `F1Score` and the per-sample
function did not change there. That holds with Keras 3.11.2 (TF 2.19 and
2.20 in the matrix), 3.15.1 (TF 2.21) and the 3.16 nightly. With Keras
3.4.1, 3.6.0 and 3.9.0 (TF 2.16, 2.17 and 2.18 in the matrix), even
`F1Score` was wrong under the strategy (reported in
[keras#19891](https://github.com/keras-team/keras/issues/19891) and
[keras#21054](https://github.com/keras-team/keras/issues/21054)). Why
`fit` and `evaluate` differ in general:
[the running-mean card](training.md#fit-metrics-differ-from-evaluate).

severity: silent
topics: T21, T14
aliases:
  - metrics values in fit and in evaluate do not match with a custom f1
  - custom f1 metric keras gives wrong value
  - f1 score different from sklearn f1_score keras
  - keras metric changes with batch size in evaluate
  - precision recall f1 as a function in compile metrics
  - batch-wise metric approximation keras f1
  - how to compute F1 over the whole validation set in keras
  - keras.metrics.F1Score threshold binary classification
"""

import keras
import numpy as np
import tensorflow as tf
from keras import ops

tf.config.set_logical_device_configuration(  # 2 CPUs for 2 replicas
    tf.config.list_physical_devices("CPU")[0],
    [tf.config.LogicalDeviceConfiguration()] * 2,
)

rng = np.random.default_rng(0)
x_val = rng.normal(size=(100, 4)).astype("float32")
noise = 0.5 * rng.normal(size=100)
y_val = (x_val[:, 0] + noise > 0.8).astype("float32")[:, None]
EPS = keras.backend.epsilon()


def build_model(metrics):
    model = keras.Sequential(
        [keras.Input((4,)), keras.layers.Dense(1, activation="sigmoid")]
    )
    model.set_weights(  # fixed weights: no training needed
        [
            np.array([[2.0], [0.0], [0.0], [0.0]], "float32"),
            np.array([-1.2], "float32"),
        ]
    )
    model.compile(
        keras.optimizers.SGD(0.0),
        "binary_crossentropy",
        metrics=metrics,
    )
    return model


# --8<-- [start:wrong]
def f1(y_true, y_pred):  # one number for the whole batch
    y_pred = ops.cast(y_pred > 0.5, "float32")
    true_pos = ops.sum(y_true * y_pred)
    precision = true_pos / (ops.sum(y_pred) + EPS)
    recall = true_pos / (ops.sum(y_true) + EPS)
    return 2 * precision * recall / (precision + recall + EPS)


model = build_model(metrics=[f1])
for batch_size in (8, 32, 100):  # the same weights and data
    logs = model.evaluate(
        x_val, y_val, batch_size=batch_size, verbose=0, return_dict=True
    )
    print(f"batch_size {batch_size:3}: f1 {logs['f1']:.4f}")
# --8<-- [end:wrong]


def precision_fn(y_true, y_pred):  # the same mistake for precision
    y_pred = ops.cast(y_pred > 0.5, "float32")
    return ops.sum(y_true * y_pred) / (ops.sum(y_pred) + EPS)


def recall_fn(y_true, y_pred):  # and for recall
    y_pred = ops.cast(y_pred > 0.5, "float32")
    return ops.sum(y_true * y_pred) / (ops.sum(y_true) + EPS)


def hit(y_true, y_pred):  # one value per sample
    y_pred = ops.cast(y_pred > 0.5, "float32")
    return ops.mean(ops.cast(y_pred == y_true, "float32"), axis=-1)


class CountingF1(keras.metrics.Metric):
    """A stateful F1: counts across batches, the ratio in result()."""

    def __init__(self, name="counting_f1"):
        super().__init__(name=name)
        self.counts = self.add_variable(
            shape=(3,), initializer="zeros", name="counts"
        )

    def update_state(self, y_true, y_pred, sample_weight=None):
        y_pred = ops.cast(y_pred > 0.5, "float32")
        self.counts.assign_add(
            ops.stack(
                [
                    ops.sum(y_true * y_pred),  # true positives
                    ops.sum((1 - y_true) * y_pred),  # false positives
                    ops.sum(y_true * (1 - y_pred)),  # false negatives
                ]
            )
        )

    def result(self):
        true_pos, false_pos, false_neg = ops.unstack(self.counts)
        return 2 * true_pos / (2 * true_pos + false_pos + false_neg)


right_f1 = []
# --8<-- [start:right]
model = build_model(
    metrics=[
        keras.metrics.F1Score(threshold=0.5, average="micro"),
        keras.metrics.Precision(),  # also Recall(), AUC()
    ]
)
for batch_size in (8, 32, 100):  # the same F1 each time
    logs = model.evaluate(
        x_val, y_val, batch_size=batch_size, verbose=0, return_dict=True
    )
    print(f"batch_size {batch_size:3}: f1_score {logs['f1_score']:.4f}")
    # --8<-- [end:right]
    right_f1.append(float(logs["f1_score"]))
assert len(set(right_f1)) == 1, (
    "expected F1Score not to depend on batching"
)
model = build_model(
    metrics=[
        f1,
        precision_fn,
        recall_fn,
        hit,
        keras.metrics.F1Score(
            threshold=0.5, average="micro", name="f1_score"
        ),
        keras.metrics.Precision(name="precision"),
        keras.metrics.Recall(name="recall"),
        keras.metrics.AUC(name="auc"),
        CountingF1(),
    ]
)

scores = model.predict(x_val, verbose=0)
predicted = (scores > 0.5).astype("float32")
true_pos = float((predicted * y_val).sum())
false_pos = float((predicted * (1 - y_val)).sum())
false_neg = float(((1 - predicted) * y_val).sum())
numpy_f1 = 2 * true_pos / (2 * true_pos + false_pos + false_neg)
numpy_precision = true_pos / (true_pos + false_pos)
numpy_recall = true_pos / (true_pos + false_neg)
print(
    f"{len(y_val)} rows, {int(y_val.sum())} positive |",
    f"NumPy F1 of all predictions {numpy_f1:.4f}",
)

results = {}
for batch_size in (8, 32, 100):
    results[batch_size] = model.evaluate(
        x_val, y_val, batch_size=batch_size, verbose=0, return_dict=True
    )
    starts = range(0, len(y_val), batch_size)
    per_batch = [
        float(f1(y_val[i : i + batch_size], scores[i : i + batch_size]))
        for i in starts
    ]
    sizes = [len(y_val[i : i + batch_size]) for i in starts]
    logged = results[batch_size]
    assert np.isclose(logged["f1"], np.mean(per_batch), atol=1e-5), (
        "expected the function's F1 to be the plain mean of per-batch F1"
    )
    if len(set(sizes)) > 1:
        assert not np.isclose(
            logged["f1"],
            np.average(per_batch, weights=sizes),
            atol=1e-3,
        ), "expected no weighting by batch size"
    for name, value in (
        ("f1_score", numpy_f1),
        ("counting_f1", numpy_f1),
        ("precision", numpy_precision),
        ("recall", numpy_recall),
    ):
        assert np.isclose(logged[name], value, atol=1e-5), (
            f"expected {name} over the whole set"
        )
    assert np.isclose(logged["hit"], results[8]["hit"], atol=1e-6), (
        "expected a per-sample function not to depend on batch_size"
    )
    assert np.isclose(logged["auc"], results[8]["auc"], atol=1e-6), (
        "expected AUC not to depend on batch_size"
    )

print(
    "CountingF1 (a Metric subclass) by batch_size:",
    [round(float(results[b]["counting_f1"]), 4) for b in (8, 32, 100)],
)
print(
    "precision function by batch_size:",
    [round(results[b]["precision_fn"], 4) for b in (8, 32, 100)],
    f"| NumPy {numpy_precision:.4f}",
)
print(
    "recall function by batch_size:   ",
    [round(results[b]["recall_fn"], 4) for b in (8, 32, 100)],
    f"| NumPy {numpy_recall:.4f}",
)
wrapped = model.metrics[1].metrics[0]  # the compiled f1
print("compile(metrics=[f1]) holds:", type(wrapped).__name__)
assert isinstance(wrapped, keras.metrics.MeanMetricWrapper), (
    "expected the function wrapped in MeanMetricWrapper"
)
assert isinstance(wrapped, keras.metrics.Mean), "expected a Mean"
numpy_hits = float(np.mean(predicted == y_val))
for batch_size in (8, 32, 100):
    assert np.isclose(results[batch_size]["hit"], numpy_hits), (
        "expected a per-sample function averaged over samples"
    )
    if batch_size < 100:
        assert not np.isclose(
            results[batch_size]["recall_fn"], numpy_recall, atol=1e-3
        ), "expected a per-batch recall to differ from the whole set's"
matching = [
    b
    for b in results
    if np.isclose(results[b]["f1"], numpy_f1, atol=1e-5)
]
assert matching == [100], (
    "expected a match with NumPy only in one batch"
)
assert np.isclose(right_f1[0], numpy_f1, atol=1e-5), (
    "expected F1Score to be the F1 of all predictions"
)
assert len({round(results[b]["f1"], 4) for b in results}) == 3, (
    "expected a different F1 for each batch size"
)
for batch_size in (8, 32):
    assert not np.isclose(
        results[batch_size]["precision_fn"], numpy_precision, atol=1e-3
    ), "expected a per-batch precision to differ from the whole set's"
assert np.isclose(
    results[100]["precision_fn"], numpy_precision, atol=1e-5
), "expected one batch to give the whole set's precision"

keras.utils.set_random_seed(3)
model = build_model(
    metrics=[
        f1,
        keras.metrics.F1Score(threshold=0.5, average="micro"),
        keras.metrics.Precision(name="precision"),
        keras.metrics.Recall(name="recall"),
        CountingF1(),
    ]
)
fit_logs = model.fit(
    x_val, y_val, batch_size=8, epochs=1, verbose=0
).history
fitted = model.evaluate(
    x_val, y_val, batch_size=8, verbose=0, return_dict=True
)
print(
    f"fit (lr 0, batches of 8, shuffled): f1 function {fit_logs['f1'][0]:.4f}, "
    f"F1Score {fit_logs['f1_score'][0]:.4f}"
)
assert not np.isclose(fit_logs["f1"][0], fitted["f1"], atol=1e-3), (
    "expected fit's shuffled batches to give another per-batch mean"
)
for name, value in (
    ("f1_score", numpy_f1),
    ("counting_f1", numpy_f1),
    ("precision", numpy_precision),
    ("recall", numpy_recall),
):
    assert np.isclose(fit_logs[name][0], value, atol=1e-5), (
        f"expected {name} in fit to be the whole set's value at lr 0"
    )
assert np.isclose(fitted["f1_score"], numpy_f1, atol=1e-5), (
    "expected evaluate after fit to agree with F1Score in fit"
)

model = build_model(metrics=[f1])
in_order = model.fit(
    x_val, y_val, batch_size=8, epochs=1, shuffle=False, verbose=0
).history["f1"][0]
print(
    f"fit (lr 0, batches of 8, not shuffled): f1 function {in_order:.4f}"
)
assert np.isclose(in_order, fitted["f1"], atol=1e-5), (
    "expected the same batches in the same order to give evaluate's value"
)

default_logs = build_model(metrics=[keras.metrics.F1Score()]).evaluate(
    x_val, y_val, batch_size=8, verbose=0, return_dict=True
)
default_f1 = float(np.ravel(default_logs["f1_score"])[0])
default_metric = keras.metrics.F1Score()
default_metric.update_state(y_val, scores)
positives = float(y_val.sum())
all_positive_f1 = (
    2 * positives / (2 * positives + len(y_val) - positives)
)
print(
    f"F1Score() defaults: {default_f1:.4f},",
    f"result() shape {tuple(np.shape(default_metric.result()))}",
    f"| F1 if every row is positive {all_positive_f1:.4f}",
)
assert np.shape(default_metric.result()) == (1,), (
    "expected a one-element array"
)
for value in (default_f1, float(default_metric.result()[0])):
    assert np.isclose(value, all_positive_f1, atol=1e-5), (
        "expected the default threshold to mark every row positive"
    )
assert not np.isclose(default_f1, numpy_f1, atol=1e-3)
tiny = keras.metrics.F1Score()  # labels 1, 0, 1, 0
tiny.update_state(
    np.array([[1.0], [0.0], [1.0], [0.0]], "float32"),
    np.array([[0.3], [2e-9], [1e-10], [1e-13]], "float32"),
)
tiny_counts = [
    float(np.ravel(variable)[0])
    for variable in (
        tiny.true_positives,
        tiny.false_positives,
        tiny.false_negatives,
    )
]
print(
    "F1Score() on scores 0.3, 2e-9, 1e-10, 1e-13 (labels 1, 0, 1, 0):",
    "true positives, false positives, false negatives",
    tiny_counts,
)
assert tiny_counts == [1.0, 1.0, 1.0], (
    "expected 2e-9 positive, and 1e-10 and 1e-13 negative"
)

strategy = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])
with strategy.scope():
    mirrored = build_model(
        metrics=[
            f1,
            hit,
            keras.metrics.F1Score(threshold=0.5, average="micro"),
        ]
    )
mirrored_logs = mirrored.evaluate(
    x_val, y_val, batch_size=8, verbose=0, return_dict=True
)
slices = [(i, i + 4) for i in range(0, 96, 4)] + [(96, 98), (98, 100)]
per_replica = [float(f1(y_val[a:b], scores[a:b])) for a, b in slices]
print(
    f"MirroredStrategy, {strategy.num_replicas_in_sync} replicas,",
    f"batches of 8: f1 {mirrored_logs['f1']:.4f}",
    f"(one device {results[8]['f1']:.4f}),",
    f"f1_score {mirrored_logs['f1_score']:.4f}",
)
assert strategy.num_replicas_in_sync == 2
keras_release = tuple(
    int(part) for part in keras.__version__.split(".")[:2]
)
if keras_release >= (3, 11):
    assert np.isclose(
        mirrored_logs["f1"], np.mean(per_replica), atol=1e-5
    ), "expected the mean F1 of each replica's slice"
    assert not np.isclose(
        mirrored_logs["f1"], results[8]["f1"], atol=1e-3
    ), "expected replicas to change the function's value"
    assert np.isclose(mirrored_logs["f1_score"], numpy_f1, atol=1e-5), (
        "expected F1Score not to depend on replicas"
    )
    assert np.isclose(mirrored_logs["hit"], numpy_hits, atol=1e-6), (
        "expected a per-sample function not to depend on replicas"
    )
elif keras_release <= (3, 9):  # keras#19891, keras#21054
    assert not np.isclose(
        mirrored_logs["f1_score"], numpy_f1, atol=1e-3
    ), "expected F1Score under the strategy to be wrong too"
