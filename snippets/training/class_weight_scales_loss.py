"""`class_weight` multiplies the loss; it does not renormalise it

When you hit it: your classes are imbalanced and you pass
`class_weight` (or per-sample `sample_weight`) to `fit`.

What is going on: `keras.Model.fit` turns `class_weight={0: 1, 1: 3}`
into a weight per sample, exactly as if you had passed
`sample_weight`. The loss becomes `sum(weight * loss) / batch_size`:
it is not divided by the sum of the weights. Doubling every weight
doubles the loss and the gradients. `fit` refuses both arguments at
once, and `evaluate` takes only `sample_weight`.

Pitfall: large class weights (say 10 and 50) act like a much higher
learning rate. Normalise them so the average weight per sample is
about 1, for example `n_samples / (n_classes * count)`.

severity: silent
topics: T7
aliases:
  - You cannot `class_weight` and `sample_weight` at the same time.
  - evaluate does not accept class_weight
  - how to handle imbalanced classes in Keras
  - loss is much larger after adding class weights
  - training becomes unstable with large class weights
  - compute class weights with sklearn compute_class_weight balanced
  - sample_weight vs class_weight in model.fit
  - model only predicts the majority class on imbalanced data
  - apply class weights to a binary classifier with one sigmoid output node
"""

import inspect

import keras
import numpy as np

x_train = np.array([[0.0], [1.0], [2.0], [3.0]], "float32")
y_train = np.array([0, 0, 0, 1], "float32")  # 3 negatives, 1 positive


def build_model():
    model = keras.Sequential(
        [
            keras.Input((1,)),
            keras.layers.Dense(
                1, activation="sigmoid", kernel_initializer="zeros"
            ),
        ]
    )
    model.compile(keras.optimizers.SGD(0.1), "binary_crossentropy")
    return model


def one_step(**weight_args):
    """Loss and weight change of one SGD step from the same start."""
    model = build_model()
    history = model.fit(
        x_train, y_train, batch_size=4, verbose=0, **weight_args
    )
    return history.history["loss"][0], float(
        model.get_weights()[0][0, 0]
    )


# --8<-- [start:show]
counts = np.bincount(y_train.astype(int))  # [3, 1]
balanced = {
    label: len(y_train) / (len(counts) * count)
    for label, count in enumerate(counts)
}  # {0: 0.667, 1: 2.0}: mean weight per sample is 1
model = build_model()
model.fit(x_train, y_train, class_weight=balanced, verbose=0)
# --8<-- [end:show]

unweighted = one_step()
by_class = one_step(class_weight={0: 1.0, 1: 3.0})
by_sample = one_step(sample_weight=np.array([1.0, 1.0, 1.0, 3.0]))
doubled = one_step(class_weight={0: 2.0, 1: 6.0})
normalised = one_step(class_weight=balanced)
for name, (loss, kernel) in [
    ("no weights", unweighted),
    ("class_weight 1:3", by_class),
    ("sample_weight", by_sample),
    ("class_weight 2:6", doubled),
    ("balanced", normalised),
]:
    print(f"{name:17} loss {loss:.4f}  kernel step {kernel:+.4f}")

per_sample_loss = np.log(2.0)  # sigmoid(0) = 0.5 for every sample
assert np.isclose(by_class[0], by_sample[0]), (
    "expected class_weight to equal the matching sample_weight"
)
assert np.isclose(by_class[0], per_sample_loss * (1 + 1 + 1 + 3) / 4), (
    "expected sum(weight * loss) / batch_size"
)
assert np.isclose(doubled[0], 2 * by_class[0]), (
    "expected a doubled loss"
)
assert np.isclose(doubled[1], 2 * by_class[1]), (
    "expected a doubled step"
)
assert np.isclose(np.mean([balanced[int(y)] for y in y_train]), 1.0), (
    "expected the balanced weights to average 1 per sample"
)
assert np.isclose(normalised[0], unweighted[0]), (
    "expected an average weight of 1 to keep the loss scale"
)
try:
    one_step(class_weight={0: 1.0, 1: 3.0}, sample_weight=np.ones(4))
except ValueError as err:
    both_error = str(err)
assert "cannot `class_weight` and `sample_weight`" in both_error, (
    "expected fit to refuse both at once"
)
evaluate_args = inspect.signature(keras.Model.evaluate).parameters
assert "class_weight" not in evaluate_args, "expected no class_weight"
assert "sample_weight" in evaluate_args, "expected sample_weight"
