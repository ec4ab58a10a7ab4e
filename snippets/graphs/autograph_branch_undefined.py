"""Give a variable a value on every branch of a tensor if

When you hit it: code that ran eagerly on your test inputs fails once
you add `@tf.function`, with `ValueError: 'label' must also be
initialized in the else branch`.

What is going on: a graph conditional (`tf.cond`) must return the same
names, with the same dtypes, from both branches, because either may run.
AutoGraph turns an `if` on a tensor into such a conditional, so a name
set in only one branch has no value on the other path. Eagerly, Python
runs just the branch taken: the code works for inputs that take it
(0.9 here), and an input that skips it (0.1) raises
`UnboundLocalError`. `tf.function` raises at trace time, even for 0.9:
it reports the bug before an input skips the branch.

Pitfall: initialise the name before the `if` with the other branch's
dtype: a Python `0.0` against an `int32` tensor raises `TypeError:
'label' has dtype int32 in the main branch, but dtype float32 in the
else branch`.

severity: crash
topics: G6, G10
aliases:
  - the else branch must also have a return statement.
  - 'label' must also be initialized in the main branch
  - variable set only inside an if statement fails in tf.function
  - return inside an if without else in tf.function
  - A value must also be returned from the else branch
  - tf.cond true_fn and false_fn must return the same structure and dtype
"""

import tensorflow as tf


# --8<-- [start:wrong]
def pick_label(score):
    if score > 0.5:
        label = tf.constant(1)
    return label


# --8<-- [end:wrong]


eager_label = int(pick_label(tf.constant(0.9)))  # fine eagerly
try:
    pick_label(tf.constant(0.1))  # skips the branch
    eager_skip = "no error"
except UnboundLocalError as err:
    eager_skip = type(err).__name__
try:
    tf.function(pick_label)(tf.constant(0.9))
except ValueError as err:
    message = str(err).strip().splitlines()[-1].strip()
print("eager: 0.9 ->", eager_label, "| 0.1 ->", eager_skip)
print("graph:", message)


# --8<-- [start:right]
@tf.function
def pick_label(score):
    label = tf.constant(0)  # defined on every path
    if score > 0.5:
        label = tf.constant(1)
    return label


# --8<-- [end:right]


labels = [int(pick_label(tf.constant(s))) for s in (0.9, 0.1)]
print("fixed:", labels)


@tf.function
def mixed_types(score):
    label = 0.0  # Python float, not a tensor
    if score > 0.5:
        label = tf.constant(1)  # int32 tensor
    return label


try:
    mixed_types(tf.constant(0.9))
except TypeError as err:
    mixed_message = str(err).strip().splitlines()[-1].strip()
print("mixed:", mixed_message)

assert eager_label == 1, "expected the eager call to work"
assert eager_skip == "UnboundLocalError", (
    "expected the eager call that skips the branch to fail"
)
assert "must also be initialized in the else branch" in message, (
    "expected AutoGraph's undefined-in-branch error"
)
assert labels == [1, 0], "expected both paths to work once initialised"
assert "has dtype int32 in the main branch" in mixed_message, (
    "expected mismatched branch dtypes to raise TypeError"
)
