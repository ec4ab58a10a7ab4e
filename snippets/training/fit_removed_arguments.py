"""`fit` no longer takes `workers` or `use_multiprocessing`

When you hit it: older training code passes `workers=`,
`use_multiprocessing=` or `max_queue_size=` to `model.fit`, or calls
`model.fit_generator`.

What is going on: in Keras 3, `keras.Model.fit` accepts only its listed
arguments and raises `TypeError` on any other keyword. The three
loading options now belong to the data source: pass them to the
constructor of your `keras.utils.PyDataset` subclass. `fit_generator`
no longer exists; `fit` takes generators and datasets directly.

Pitfall: the error names the first unknown keyword only. Remove all
three from `fit` together, and move them to the `PyDataset`.

severity: crash
topics: T13
"""

import inspect

import keras
import numpy as np

x_train = np.ones((64, 3), "float32")
y_train = np.ones((64, 1), "float32")
model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
model.compile("sgd", "mse")

try:
    # --8<-- [start:wrong]
    model.fit(x_train, y_train, batch_size=16, verbose=0,
              workers=2, use_multiprocessing=True)  # TypeError
    # --8<-- [end:wrong]
except TypeError as err:
    message = str(err)
print("TypeError:", message)
assert "unexpected keyword argument 'workers'" in message, (
    "expected fit to reject the workers keyword"
)
assert "use_multiprocessing" not in message, (
    "expected only the first unknown keyword in the message"
)


# --8<-- [start:right]
class TrainBatches(keras.utils.PyDataset):
    def __init__(self, features, labels, batch_size, **kwargs):
        super().__init__(**kwargs)  # workers, use_multiprocessing...
        self.features, self.labels = features, labels
        self.batch_size = batch_size

    def __len__(self):
        return int(np.ceil(len(self.features) / self.batch_size))

    def __getitem__(self, index):
        window = slice(index * self.batch_size,
                       (index + 1) * self.batch_size)
        return self.features[window], self.labels[window]


train_batches = TrainBatches(x_train, y_train, batch_size=16,
                             workers=2, max_queue_size=4)
history = model.fit(train_batches, epochs=1, verbose=0)
# --8<-- [end:right]

fit_args = set(inspect.signature(keras.Model.fit).parameters)
moved = {"workers", "use_multiprocessing", "max_queue_size"}
dataset_args = set(inspect.signature(keras.utils.PyDataset).parameters)
print("PyDataset takes:", sorted(dataset_args))
assert not moved & fit_args, "expected none of the three in fit"
assert moved <= dataset_args, "expected all three on PyDataset"
assert train_batches.workers == 2, "expected the PyDataset to keep workers"
assert len(history.history["loss"]) == 1, "expected fit to run one epoch"
assert not hasattr(model, "fit_generator"), "expected no fit_generator"
for legacy_arg in ["use_multiprocessing", "max_queue_size"]:
    try:
        model.fit(x_train, y_train, verbose=0, **{legacy_arg: 1})
        rejected = False
    except TypeError:
        rejected = True
    assert rejected, f"expected fit to reject {legacy_arg}"
