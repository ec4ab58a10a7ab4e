"""Python print in map runs once; enable_debug_mode runs it per element

When you hit it: you put `print` or a breakpoint in a `Dataset.map`
function to look at your data and see it fire once, with no values.

What is going on: `map` traces your function into a graph once. Python
code runs only during that trace and sees symbolic tensors, never
data. `tf.data.experimental.enable_debug_mode()` (call it before
building the pipeline) then also runs the function eagerly, once per
element, in order, so `print` sees values. First, check the pipeline
alone: iterate `train_ds.take(1)` without the model.

Pitfall: debug mode is global and removes the parallelism (elements
come in order even with `deterministic=False`); keep it out of real
training. It still traces once, so
[`.numpy()` in `map` still fails](graphs.md#numpy-on-symbolic-tensor).

severity: tip
topics: D18
aliases:
  - this option does not apply to tf.data functions. To force eager execution of tf.data functions, please use `tf.data.experimental.enable_debug_mode()`
  - Dataset.map does not run eagerly, even with tf.config.run_functions_eagerly(True)
  - pdb.set_trace or a breakpoint in a Dataset.map function is hit once, then never again
  - how to look at the values inside a tf.data map function
  - print(x) in map shows Tensor("args_0:0", shape=(), dtype=string) instead of values
  - map function seems to process only one element instead of every example
"""

import time

import tensorflow as tf

calls = []


def record_call(record):
    """What the map function received, and whether it ran eagerly."""
    eager = tf.executing_eagerly()
    value = int(record.numpy()) if eager else None
    calls.append((type(record).__name__, eager, value))


def parse_and_record(record):
    record_call(record)
    return record * 10


records = tf.data.Dataset.range(3)
traced_ds = records.map(parse_and_record)
built_calls = list(calls)
values = [int(x) for x in traced_ds]
print("normal mode, the map function ran:", calls)
assert built_calls == [("SymbolicTensor", False, None)], (
    "expected one trace while building the pipeline"
)
assert calls == built_calls, "expected no Python call per element"
assert values == [0, 10, 20], "expected the graph to do the work"

# --8<-- [start:show]
tf.data.experimental.enable_debug_mode()  # before building the pipeline


def parse(record):
    print("parse got", record, "eager:", tf.executing_eagerly())
    return record * 10


train_ds = records.map(parse, num_parallel_calls=tf.data.AUTOTUNE)
for batch in train_ds.batch(3).take(1):  # the pipeline alone
    print(batch.numpy())
# --8<-- [end:show]

assert batch.numpy().tolist() == [0, 10, 20], (
    "expected the parsed batch"
)

calls.clear()
debug_ds = records.map(parse_and_record, num_parallel_calls=4)
built_calls = list(calls)
for _ in range(2):
    values = [int(x) for x in debug_ds]
print("debug mode, the map function ran:", calls[:3], "...")
assert built_calls == [("SymbolicTensor", False, None)], (
    "expected one trace while building, even in debug mode"
)
assert calls[1:] == [("EagerTensor", True, v) for v in (0, 1, 2)] * 2, (
    "expected one eager call per element, in order, on every pass"
)


def slow_first(record):
    def work(value):
        if int(value) == 0:
            time.sleep(0.3)
        return value

    return tf.py_function(work, [record], tf.int64)


sequential = records.map(
    slow_first, num_parallel_calls=4, deterministic=False
)
assert [int(x) for x in sequential] == [0, 1, 2], (
    "expected debug mode to run elements one at a time, in order"
)
try:
    records.map(lambda record: record.numpy())
except AttributeError as err:
    message = str(err).strip().splitlines()[-1].strip()
assert "'SymbolicTensor' object has no attribute 'numpy'" in message, (
    "expected the map function to be traced even in debug mode"
)
