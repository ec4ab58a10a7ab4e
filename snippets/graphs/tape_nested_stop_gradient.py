"""Nest tapes for second derivatives; stop_gradient to freeze a term

When you hit it: you need a gradient of a gradient (a Hessian term, a
gradient penalty), or one term of the loss must act as a constant
target.

What is going on: an outer `tf.GradientTape` records what an inner tape
computes, so `outer.gradient(inner_grad, x)` gives the second
derivative, eagerly and inside `tf.function`. `tf.stop_gradient(t)`
passes the value through but tells every tape to treat `t` as a
constant.

Pitfall: call `inner.gradient` inside the outer `with` block. Called
after the outer block closes, the outer tape never records it and the
second derivative is `None`.

severity: tip
topics: G8
aliases:
  - how to compute a Hessian or second derivative in TensorFlow 2
  - WGAN-GP gradient penalty loss with a nested GradientTape in TF2
  - tf.hessians or tf.gradients of tf.gradients
  - PyTorch detach equivalent in TensorFlow
  - second derivative or second gradient from a nested GradientTape is None
  - derivatives of the output with respect to inputs for a physics-informed network (PINN)
  - what does tf.stop_gradient do
"""

import tensorflow as tf

x = tf.Variable(3.0)

# --8<-- [start:show]
with tf.GradientTape() as outer:
    with tf.GradientTape() as inner:
        y = x**3
    dy_dx = inner.gradient(y, x)  # 3x^2 = 27, recorded by outer
d2y_dx2 = outer.gradient(dy_dx, x)  # 6x = 18

with tf.GradientTape() as tape:
    target = tf.stop_gradient(2.0 * x)  # value 6, but a constant
    loss = (x - target) ** 2
grad = tape.gradient(loss, x)  # 2(x - 6) = -6, not +6
# --8<-- [end:show]

with tf.GradientTape() as outer_late, tf.GradientTape() as inner_late:
    y = x**3
late_dy_dx = inner_late.gradient(y, x)  # outside outer_late's block
late_d2 = outer_late.gradient(late_dy_dx, x)

with tf.GradientTape() as tape:
    loss_no_stop = (x - 2.0 * x) ** 2
grad_no_stop = tape.gradient(loss_no_stop, x)


@tf.function
def second_derivative():
    with tf.GradientTape() as outer:
        with tf.GradientTape() as inner:
            y = x**3
        dy_dx = inner.gradient(y, x)
    return outer.gradient(dy_dx, x)


print(
    "dy/dx:",
    float(dy_dx),
    " d2y/dx2:",
    float(d2y_dx2),
    " in tf.function:",
    float(second_derivative()),
)
print(
    "with stop_gradient:", float(grad), " without:", float(grad_no_stop)
)
print("inner.gradient after the outer block:", late_d2)

assert float(dy_dx) == 27.0, "expected 3x^2 = 27 at x=3"
assert float(d2y_dx2) == 18.0, "expected 6x = 18 at x=3"
assert float(second_derivative()) == 18.0, (
    "expected the same in a graph"
)
assert float(grad) == -6.0, "expected the stopped term to be constant"
assert float(grad_no_stop) == 6.0, "expected d(x^2)/dx = 6 without stop"
assert late_d2 is None, "expected None when the outer tape missed it"
