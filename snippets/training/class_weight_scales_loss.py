"""`class_weight` multiplies the loss; the default loss does not renormalise it

When you hit it: your classes are imbalanced and you pass
`class_weight` (or per-sample `sample_weight`) to `fit`.

What is going on: `keras.Model.fit` turns `class_weight={0: 1, 1: 3}`
into a weight per sample, exactly as if you had passed
`sample_weight`. With the default reduction, `"sum_over_batch_size"`,
the loss becomes `sum(weight * loss) / batch_size`: it is not divided
by the sum of the weights. Doubling every weight doubles the loss and
the gradients. From Keras 3.9 (TF 2.18), a loss built with
`reduction="mean_with_sample_weight"` divides by that sum instead.
`fit` refuses both arguments at once, and `evaluate` takes only
`sample_weight`.

Pitfall: with SGD, large class weights (say 10 and 50) act like a much
higher learning rate; Adam's steps barely change, but the logged loss
grows. Normalise them to average about 1 per sample, for example
`n_samples / (n_classes * count)`.

Checked: one batch of 4 samples and a one-unit `Dense` model; of the
optimizers, only SGD (one step) and Adam (three steps), with every
class weight multiplied by 10.

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


def one_step(optimizer=None, loss=None, epochs=1, **weight_args):
    """Losses and weight after SGD (or `optimizer`) from the same start."""
    model = build_model()
    if optimizer or loss:
        model.compile(
            optimizer or keras.optimizers.SGD(0.1),
            loss or "binary_crossentropy",
        )
    history = model.fit(
        x_train,
        y_train,
        batch_size=4,
        epochs=epochs,
        verbose=0,
        **weight_args,
    )
    losses = history.history["loss"]
    kernel = float(model.get_weights()[0][0, 0])
    return (losses[0], kernel) if epochs == 1 else (losses, kernel)


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
try:
    build_model().evaluate(
        x_train, y_train, class_weight={0: 1.0, 1: 3.0}, verbose=0
    )
except ValueError as err:
    evaluate_error = str(err)
assert "Arguments not recognized" in evaluate_error, (
    "expected evaluate to refuse class_weight"
)
evaluated = build_model().evaluate(
    x_train,
    y_train,
    sample_weight=np.array([1.0, 1.0, 1.0, 3.0]),
    verbose=0,
)
assert np.isclose(evaluated, by_class[0]), (
    "expected sample_weight to work"
)

# Adam divides the gradient by its running size: the scale cancels.
adam = {
    scale: one_step(
        keras.optimizers.Adam(0.1),
        epochs=3,
        class_weight={0: 1.0 * scale, 1: 3.0 * scale},
    )
    for scale in (1, 10)
}
print(
    "Adam, weights x10: loss x",
    round(adam[10][0][0] / adam[1][0][0]),
    "| same weights after 3 steps:",
    bool(np.isclose(adam[10][1], adam[1][1], rtol=1e-3)),
)
assert np.allclose(
    adam[10][0], np.multiply(adam[1][0], 10), rtol=1e-4
), "expected Adam's logged loss to grow with the weights"
assert np.isclose(adam[10][1], adam[1][1], rtol=1e-3), (
    "expected Adam's steps to stay (nearly) the same"
)
sgd_x10 = one_step(class_weight={0: 10.0, 1: 30.0})
assert np.isclose(sgd_x10[1], 10 * by_class[1]), (
    "expected SGD's step to grow tenfold"
)

# From Keras 3.9 a loss can divide by the sum of the weights instead.
keras_version = tuple(int(p) for p in keras.version().split(".")[:2])
try:
    renormalising = keras.losses.BinaryCrossentropy(
        reduction="mean_with_sample_weight"
    )
except ValueError:
    renormalising = None
assert (renormalising is not None) == (keras_version >= (3, 9)), (
    "expected mean_with_sample_weight from Keras 3.9 on"
)
if renormalising is not None:
    renormalised = [
        one_step(loss=renormalising, class_weight=weights)
        for weights in ({0: 1.0, 1: 3.0}, {0: 2.0, 1: 6.0})
    ]
    print(
        "mean_with_sample_weight, 1:3 and 2:6: loss",
        [round(loss, 4) for loss, _ in renormalised],
    )
    assert np.isclose(renormalised[0][0], per_sample_loss), (
        "expected sum(weight * loss) / sum(weight)"
    )
    assert np.isclose(renormalised[1][1], renormalised[0][1]), (
        "expected doubling the weights to change nothing"
    )
