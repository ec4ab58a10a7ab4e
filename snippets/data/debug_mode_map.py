"""Python print in map runs once; enable_debug_mode runs it per element

When you hit it: you put `print` or a breakpoint in a `Dataset.map`
function to look at your data and see it fire once, with no values.

What is going on: `map` traces your function into a graph once. Python
code runs only during that trace and sees symbolic tensors, never
data. `tf.data.experimental.enable_debug_mode()` (call it before
building the pipeline) then runs the function eagerly for each
element, one at a time, so `print` and `pdb` see values. First, check
the pipeline alone: iterate `train_ds.take(1)` without the model.

Pitfall: debug mode is global and removes the parallelism (elements
come in order even with `deterministic=False`); keep it out of real
training. It still traces once, so `.numpy()` in `map` still fails.

severity: tip
topics: D18
"""

import time

import tensorflow as tf

seen = []


def parse(record):
    seen.append(type(record).__name__)  # a Python side effect
    return record * 10


records = tf.data.Dataset.range(3)
traced_ds = records.map(parse)
print("normal mode, Python saw:", seen)
assert seen == ["SymbolicTensor"], "expected one trace, no values"

# --8<-- [start:show]
tf.data.experimental.enable_debug_mode()  # before building the pipeline


def parse(record):
    print("parse got", int(record))  # a real value now
    return record * 10


train_ds = records.map(parse, num_parallel_calls=tf.data.AUTOTUNE)
for batch in train_ds.batch(3).take(1):  # the pipeline alone
    print(batch.numpy())
# --8<-- [end:show]

assert batch.numpy().tolist() == [0, 10, 20], "expected the parsed batch"


def slow_first(record):
    def work(value):
        if int(value) == 0:
            time.sleep(0.3)
        return value

    return tf.py_function(work, [record], tf.int64)


sequential = records.map(
    slow_first, num_parallel_calls=4, deterministic=False)
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
