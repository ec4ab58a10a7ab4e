"""A retracing warning when each round builds a new model is noise

When you hit it: a loop builds a new Keras model each round (k-fold, a
sweep) and calls `predict` on one batch, and after a few rounds the log
shows `5 out of the last 5 calls to <function
TensorFlowTrainer.make_predict_function.<locals>.one_step_on_data_distributed
at 0x…> triggered tf.function retracing`.

What is going on: each model makes its own `tf.function` for its
predict step and traces it when first used. TensorFlow counts traces of
functions made from the same code together, over recent calls: when
each model makes one call, each new model's first trace reads as a
retrace. Here each model traced once; with four batches per model no
warning came. A one-step `fit` warns too, naming a train function that
depends on the release.

Pitfall: the message's advice, to define your `tf.function` outside of
the loop, does not apply: these functions are Keras's. To see whether a
model retraces its predict step, read its
`predict_function.experimental_get_tracing_count()`.

Checked: in a fresh process, eight new models each predict 128 rows
(four batches): no warning; eight more, four rows each: warnings. In
the run itself, eight new models each predict four rows once: each
predict function traced once, and the warning came in rounds 5 and 6
only (TensorFlow warns at most twice for the same code). Seven new
models each fit one epoch on four rows (one step): two warnings, naming
a `TensorFlowTrainer` train function, not the predict one. The run
captures the warnings with a `logging.Handler` on the `tensorflow`
logger.

severity: tip
topics: E6, T16
aliases:
  - 5 out of the last 5 calls to <function Model.make_predict_function.<locals>.predict_function> triggered tf.function retracing
  - triggered tf.function retracing in a k-fold or cross-validation loop
  - retracing warning when predicting with a new model in a loop
  - multi_step_on_iterator triggered tf.function retracing
  - retracing warning during hyperparameter search, is it a problem
  - one_step_on_data_distributed triggered tf.function retracing
"""

import logging
import re
import subprocess
import sys

import keras
import numpy as np


class Caught(logging.Handler):
    """Keeps what TensorFlow's Python logger says."""

    def __init__(self):
        super().__init__()
        self.messages = []

    def emit(self, record):
        self.messages.append(record.getMessage())


caught = Caught()
logging.getLogger("tensorflow").addHandler(caught)
features = np.zeros((4, 3), "float32")
targets = np.zeros((4, 2), "float32")


def new_model():
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    model.compile(loss="mse")
    return model


# TensorFlow warns at most twice for the same code in a process, so
# the case with no warning runs in a fresh one.
FOUR_BATCHES = """
import logging, keras, numpy as np
said = []
handler = logging.Handler()
handler.emit = lambda record: said.append(record.getMessage())
logging.getLogger("tensorflow").addHandler(handler)
def rounds(rows):
    for _ in range(8):
        model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
        model.predict(np.zeros((rows, 3), "float32"), verbose=0)
    return len(said)
four_batches = rounds(128)  # four batches of 32
print(four_batches, rounds(4) - four_batches)  # then one batch each
"""
done = subprocess.run(
    [sys.executable, "-c", FOUR_BATCHES], capture_output=True, text=True
)
four_batches, then_one = map(int, done.stdout.split()[-2:])
print(
    f"fresh process, eight new models: four batches each {four_batches} "
    f"warnings, then one batch each {then_one}"
)

# --8<-- [start:show]
traces, warned_in = [], []
for round_ in range(1, 9):
    seen = len(caught.messages)
    model = new_model()  # a new model, a new predict function
    model.predict(features, verbose=0)
    traces.append(
        model.predict_function.experimental_get_tracing_count()
    )
    warned_in += [round_] * (len(caught.messages) - seen)
print("traces per model:", traces)  # one each
print("warned in rounds:", warned_in)
# --8<-- [end:show]

predict_said = [
    re.sub(r" at 0x\w+", " at 0x…", m) for m in caught.messages
]
print("first:", predict_said[0].split(". ")[0])

caught.messages.clear()
for _ in range(7):
    new_model().fit(features, targets, epochs=1, verbose=0)
fit_said = [re.sub(r" at 0x\w+", " at 0x…", m) for m in caught.messages]
named = [re.search(r"<function (\S+) at", m)[1] for m in fit_said]
print(
    "seven new models fit:", len(fit_said), "warnings, naming", named[0]
)

assert done.returncode == 0, done.stderr[-2000:]
assert four_batches == 0 and then_one > 0, (four_batches, then_one)
assert traces == [1] * 8, traces
assert warned_in == [5, 6], warned_in
assert predict_said[0].startswith(
    "5 out of the last 5 calls to <function "
    "TensorFlowTrainer.make_predict_function.<locals>."
    "one_step_on_data_distributed at 0x…> "
    "triggered tf.function retracing"
), predict_said[0]
assert (
    "please define your @tf.function outside of the loop"
    in (predict_said[0])
)
assert len(fit_said) == 2 and all(
    "triggered tf.function retracing" in m for m in fit_said
), fit_said
assert all(
    name.startswith("TensorFlowTrainer.") and "predict" not in name
    for name in named
), named
