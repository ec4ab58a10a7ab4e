"""Write Python if/for/while on tensors; AutoGraph turns them into graph ops

When you hit it: your `tf.function` branches or loops on a tensor value
and you wonder whether you must rewrite it with `tf.cond` and
`tf.while_loop`.

What is going on: you need not. AutoGraph rewrites `if` on a tensor into
a conditional op and `for ... in tf.range(n)` or `while` on a tensor
into a loop op; one graph then handles every value. The ops are
`StatelessIf` and `StatelessWhile`, or `If` and `While` when a branch,
or a loop's body or condition, holds a stateful op: `tf.print`, a
stateful random op (`tf.random.uniform`, a `tf.random.Generator`), or a
read or an assign of a variable (so a call to a `Dense` layer). A
Python `if` on a tensor does not compile silently wrong.

Pitfall: a condition or range on a Python value runs at trace time:
`for i in range(3)` is unrolled into three copies of the body, and
`if training:` with a Python bool bakes one branch into the graph.

Checked: each listed op is tried in a branch, in a `for` and a `while`
body, and (all but `Dense`) in a `while` condition.
`tf.random.stateless_uniform` in a branch or a loop body keeps
`StatelessIf` and `StatelessWhile`. A variable read in an `if`
condition keeps `StatelessIf`, as the read runs outside the op, before
it.

severity: tip
topics: G6
aliases:
  - do I need tf.cond and tf.while_loop inside tf.function
  - AutoGraph unrolls a Python for loop over range: unrolling makes tracing slow
  - training flag in an if statement only ever takes one branch
  - use Python if statements and for or while loops in tf.function
  - range vs tf.range in a tf.function loop
"""

import keras
import tensorflow as tf


# --8<-- [start:show]
@tf.function
def flip_if_negative(scores):
    if tf.reduce_sum(scores) < 0:  # tensor: becomes StatelessIf
        scores = -scores
    return scores


@tf.function
def total(n):
    acc = tf.constant(0)
    for i in tf.range(n):  # tensor: becomes StatelessWhile
        acc += i
    return acc


@tf.function
def unrolled_total():
    acc = tf.constant(0)
    for i in range(3):  # Python: unrolled at trace
        acc += i
    return acc


# --8<-- [end:show]


def op_types(fn, *specs):
    graph = fn.get_concrete_function(*specs).graph
    return [op.type for op in graph.get_operations()]


positive = flip_if_negative(tf.constant([1.0, 2.0])).numpy().tolist()
negative = flip_if_negative(tf.constant([-4.0, 3.0])).numpy().tolist()
value_traces = flip_if_negative.experimental_get_tracing_count()


@tf.function
def double_until(limit):
    value = tf.constant(1)
    while value < limit:  # tensor: a while loop op
        value *= 2
    return value


@tf.function
def dropout_or_not(scores, training):
    if training:  # Python bool: decided at trace
        scores = scores * 0.5
    return scores


counter = tf.Variable(0)
scale = tf.Variable(2.0)
dense = keras.layers.Dense(2)
dense.build((None, 2))
generator = tf.random.Generator.from_seed(1)


def print_branch(s):
    tf.print("negative")
    return s


def assign_branch(s):
    counter.assign_add(1)
    return s


def print_step(acc, i):
    tf.print(i)
    return acc


def assign_step(acc, i):
    counter.assign_add(i)
    return acc


branch_bodies = {
    "tf.print": print_branch,
    "assign": assign_branch,
    "variable read": lambda s: s * scale,
    "tf.random.uniform": lambda s: s + tf.random.uniform([2]),
    "Generator.uniform": lambda s: s + generator.uniform([2]),
    "Dense call": lambda s: dense(s[None])[0],
}
loop_bodies = {
    "tf.print": print_step,
    "assign": assign_step,
    "variable read": lambda acc, i: acc + scale,
    "tf.random.uniform": lambda acc, i: acc + tf.random.uniform([]),
    "Generator.uniform": lambda acc, i: acc + generator.uniform([]),
    "Dense call": lambda acc, i: acc + dense(tf.ones([1, 2]))[0, 0],
}


def branch_op(body):
    @tf.function
    def fn(scores):
        if tf.reduce_sum(scores) < 0:
            scores = body(scores)
        return scores

    ops = op_types(fn, tf.TensorSpec([2]))
    return [t for t in ops if "If" in t]


def loop_ops_of(body):
    @tf.function
    def for_loop(n):
        acc = tf.constant(0.0)
        for i in tf.range(n):
            acc = body(acc, i)
        return acc

    @tf.function
    def while_loop(n):
        acc, i = tf.constant(0.0), tf.constant(0)
        while i < n:
            acc = body(acc, i)
            i += 1
        return acc

    spec = tf.TensorSpec([], tf.int32)
    return [
        t
        for fn in (for_loop, while_loop)
        for t in op_types(fn, spec)
        if "While" in t
    ]


@tf.function
def stateless_random_branch(scores):
    if tf.reduce_sum(scores) < 0:
        scores = scores + tf.random.stateless_uniform([2], seed=[1, 2])
    return scores


limit_var = tf.Variable(3)


def print_check(acc):
    tf.print(acc)
    return acc < 3


def assign_check(acc):
    counter.assign_add(1)
    return acc < 3


def random_check(draw):
    return lambda acc: acc < 3 + tf.cast(draw([]), tf.int32)  # 3


loop_conditions = {
    "tf.print": print_check,
    "assign": assign_check,
    "variable read": lambda acc: acc < limit_var,
    "tf.random.uniform": random_check(tf.random.uniform),
    "Generator.uniform": random_check(generator.uniform),
}


def condition_loop(check):
    @tf.function
    def count_up():
        acc = tf.constant(0)
        while check(acc):  # the body only adds 1
            acc += 1
        return acc

    return count_up


@tf.function
def read_in_if_condition(scores):
    if limit_var > 0:  # the branch only negates
        scores = -scores
    return scores


stateless_random_if = op_types(
    stateless_random_branch, tf.TensorSpec([2])
)
stateless_random_loops = loop_ops_of(
    lambda acc, i: acc + tf.random.stateless_uniform([], seed=[1, 2])
)
condition_loops = {
    k: condition_loop(c) for k, c in loop_conditions.items()
}
stateful_conditions = {
    k: [t for t in op_types(fn) if "While" in t]
    for k, fn in condition_loops.items()
}
read_if_ops = op_types(read_in_if_condition, tf.TensorSpec([2]))
stateful_ifs = {k: branch_op(b) for k, b in branch_bodies.items()}
stateful_loops = {k: loop_ops_of(b) for k, b in loop_bodies.items()}
if_ops = op_types(flip_if_negative, tf.TensorSpec([None]))
loop_ops = op_types(total, tf.TensorSpec([], tf.int32))
unrolled_ops = op_types(unrolled_total)
while_ops = op_types(double_until, tf.TensorSpec([], tf.int32))
baked_ops = op_types(dropout_or_not, tf.TensorSpec([None]), True)

print("flip_if_negative:", positive, negative, "traces:", value_traces)
print("tensor if      -> StatelessIf:   ", "StatelessIf" in if_ops)
print(
    "tensor while   -> StatelessWhile:", "StatelessWhile" in while_ops
)
print("tf.range for   -> StatelessWhile:", "StatelessWhile" in loop_ops)
print("range(3) for   -> AddV2 copies:  ", unrolled_ops.count("AddV2"))
print("Python bool if -> StatelessIf:   ", "StatelessIf" in baked_ops)
for kind, ops in stateful_ifs.items():
    print("if with", kind, "->", ops)
for kind, ops in stateful_loops.items():
    print("for/while with", kind, "->", ops)

print(
    "stateless_uniform in if / for, while ->",
    [t for t in stateless_random_if if "If" in t],
    stateless_random_loops,
)
for kind, ops in stateful_conditions.items():
    print("while condition with", kind, "->", ops)
print(
    "if condition with variable read ->",
    [t for t in read_if_ops if "If" in t],
)

assert positive == [1.0, 2.0] and negative == [4.0, -3.0], (
    "expected both branches to work from one graph"
)
assert value_traces == 1, "expected one trace for both branches"
assert "StatelessIf" in if_ops, (
    "expected if on a tensor to become a cond"
)
assert "StatelessWhile" in loop_ops, "expected a tf.range loop op"
assert int(total(5)) == 10, "expected 0+1+2+3+4 from the graph loop"
assert "StatelessWhile" in while_ops, (
    "expected while to become a loop op"
)
assert int(double_until(tf.constant(20))) == 32, (
    "expected 1->2->...->32"
)
assert "StatelessIf" not in baked_ops, (
    "expected a Python bool: no cond op"
)
assert "Mul" in baked_ops, (
    "expected the True branch baked into the graph"
)
assert "StatelessWhile" not in unrolled_ops, "expected no loop op"
assert unrolled_ops.count("AddV2") == 3, "expected 3 unrolled additions"
for kind, ops in stateful_ifs.items():
    assert ops == ["If"], f"expected If for a branch with {kind}"
for kind, ops in stateful_loops.items():
    assert ops == ["While", "While"], f"expected While with {kind}"
assert "StatelessIf" in stateless_random_if, (
    "expected stateless_uniform in a branch to keep StatelessIf"
)
assert "If" not in stateless_random_if, "expected no stateful If"
assert stateless_random_loops == ["StatelessWhile", "StatelessWhile"], (
    "expected stateless_uniform in a loop body to keep StatelessWhile"
)
for kind, ops in stateful_conditions.items():
    assert ops == ["While"], (
        f"expected While with {kind} in a condition"
    )
assert "StatelessIf" in read_if_ops and "If" not in read_if_ops, (
    "expected a variable read in an if condition to keep StatelessIf"
)
assert "ReadVariableOp" in read_if_ops, (
    "expected the if condition's read outside the op"
)
assert int(condition_loops["variable read"]()) == 3, (
    "expected the loop to count up to the variable's value"
)
