"""A GradientTape gives gradients once, unless persistent

When you hit it: you need two gradients from one forward pass (say, of two
losses) and call `tape.gradient` a second time.

What is going on: `tf.GradientTape` frees the operations it recorded when
`gradient()` returns, to release memory. A second call on the same tape
raises, eagerly and inside `tf.function` alike. `persistent=True` keeps
the record until the tape is deleted.

Pitfall: a persistent tape keeps what it recorded until it is deleted;
`del` it as soon as you are done, or, when you want the sum of both
gradients, make one call: `tape.gradient([loss_a, loss_b], ...)`.

severity: crash
topics: G8, E10
aliases:
  - GradientTape.gradient can only be called once on non-persistent tapes
  - generator and discriminator losses from one forward pass
  - two or more losses, called twice or several times
  - persistent=True keeps memory until the tape is deleted
  - second call raises RuntimeError
"""

import tensorflow as tf

x = tf.Variable(3.0)

try:
    # --8<-- [start:wrong]
    with tf.GradientTape() as tape:
        y = x * x
        z = y * x
    dy_dx = tape.gradient(y, x)  # 6.0
    dz_dx = tape.gradient(z, x)  # raises RuntimeError
    # --8<-- [end:wrong]
except RuntimeError as err:
    message = str(err)
print("RuntimeError:", message)
assert "non-persistent" in message, (
    "expected the non-persistent tape error"
)

# --8<-- [start:right]
with tf.GradientTape(persistent=True) as tape:
    y = x * x
    z = y * x
dy_dx = tape.gradient(y, x)
dz_dx = tape.gradient(z, x)
del tape  # release what the tape holds
# --8<-- [end:right]
print("dy/dx =", float(dy_dx), " dz/dx =", float(dz_dx))
assert float(dy_dx) == 6.0, "expected d(x^2)/dx = 2x = 6 at x=3"
assert float(dz_dx) == 27.0, "expected d(x^3)/dx = 3x^2 = 27 at x=3"

with tf.GradientTape() as tape:
    y = x * x
    z = y * x
summed = tape.gradient([y, z], x)
assert float(summed) == 33.0, (
    "expected a list of targets to sum: 6 + 27"
)


@tf.function
def two_gradients():
    with tf.GradientTape() as tape:
        y = x * x
        z = y * x
    return tape.gradient(y, x), tape.gradient(z, x)


try:
    two_gradients()
except RuntimeError as err:
    graph_message = str(err)
assert "non-persistent" in graph_message, "expected the same in a graph"
