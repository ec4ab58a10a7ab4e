"""`PyDataset` takes `workers`: pass `**kwargs` on to `super().__init__`

When you hit it: Keras 2 code moves `workers=2` from `fit` to its
`keras.utils.PyDataset` (or `Sequence`) subclass and gets `TypeError:
NoSuperBatches.__init__() got an unexpected keyword argument 'workers'`,
or ``UserWarning: Your `PyDataset` class should call
`super().__init__(**kwargs)` in its constructor.``

What is going on: Keras 3 took `workers`, `use_multiprocessing` and
`max_queue_size` out of `fit`
([it raises](debugging.md#keras3-removed-keyword-arguments)); they are
arguments of the `PyDataset` constructor, and `keras.utils.Sequence` is
the same class. Accept `**kwargs` and pass them to `super().__init__`.
A subclass that never calls it warns once, the first time `workers`,
`use_multiprocessing` or `max_queue_size` is read (here by `fit`), and
runs with the default, `workers=1`.

Pitfall: `super().__init__()` without `**kwargs` drops `workers=2` with
no warning: `fit` runs it with `workers=1`. And the warning's last
sentence is stale: `fit` raises on these arguments, it does not ignore
them.

Checked: on this machine's CPU, `workers=2` made `fit` call
`__getitem__` in a thread pool's `(worker)` threads; the two broken
classes never did, and their `workers` read 1. `use_multiprocessing=True`
was stored, not run. A `for` loop over a `PyDataset` stops after
`len()` batches with Keras 3.11.2 and later (the TF 2.19 and later
pairs in the matrix; TF 2.19 and 2.20 also install with older Keras,
so check `keras.__version__`); Keras 3.4.1 to 3.9.0 (the TF 2.16 to
2.18 pairs in the matrix) have no `PyDataset.__iter__`,
so the loop ignores `__len__` and asks for batches past the end (here
empty ones), the behaviour behind reports such as
[keras#19994](https://github.com/keras-team/keras/issues/19994), fixed
by [keras#21330](https://github.com/keras-team/keras/pull/21330).
`fit` itself stops at `len()` on all of them.

severity: crash
topics: D31, T13
aliases:
  - "Your `PyDataset` class should call `super().__init__(**kwargs)` in its constructor."
  - __init__() got an unexpected keyword argument 'workers' in a keras.utils.Sequence subclass
  - tf.keras.utils.Sequence or tf.keras.utils.PyDataset is abnormal in tensorflow 2.16
  - keras.utils.Sequence vs keras.utils.PyDataset in Keras 3
  - PyDataset ignores __len__ and iterates forever in a for loop
  - where did use_multiprocessing and max_queue_size go in Keras 3
  - how to load batches in parallel with a PyDataset
  - how to use workers and use_multiprocessing in Keras 3
"""

import itertools
import threading
import warnings

import keras
import numpy as np
import tensorflow as tf
from packaging.version import Version

x_train = np.ones((64, 3), dtype="float32")
y_train = np.ones((64, 1), dtype="float32")
model = keras.Sequential(
    [keras.Input(shape=(3,)), keras.layers.Dense(1)]
)
model.compile(optimizer="sgd", loss="mse")


class Batches:
    """__len__ and __getitem__ of every PyDataset below; each call notes
    whether it ran in a thread pool's worker thread."""

    batch_size = 16

    def __len__(self):
        return len(self.features) // self.batch_size

    def __getitem__(self, index):
        in_worker = "(worker)" in threading.current_thread().name
        self.__dict__.setdefault("in_worker", set()).add(in_worker)
        self.__dict__.setdefault("indices", set()).add(index)
        window = slice(
            index * self.batch_size, (index + 1) * self.batch_size
        )
        return self.features[window], self.labels[window]


def fit_report(batches):
    """fit for one epoch: the warnings, and whether a worker loaded."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        model.fit(batches, epochs=1, verbose=0)
    worker_ran = True in batches.__dict__.get("in_worker", set())
    caught = [(w.category.__name__, str(w.message)) for w in caught]
    return caught, worker_ran


print("keras.utils.Sequence is keras.utils.PyDataset:", end=" ")
print(keras.utils.Sequence is keras.utils.PyDataset)
assert keras.utils.Sequence is keras.utils.PyDataset, (
    "expected one class"
)
assert tf.keras.utils.Sequence is keras.utils.PyDataset, "tf.keras too"

try:
    # --8<-- [start:wrong]
    # Batches, defined above: __len__ and __getitem__
    class NoSuperBatches(Batches, keras.utils.PyDataset):
        def __init__(self, features, labels):  # no **kwargs, no super
            self.features, self.labels = features, labels

    train_batches = NoSuperBatches(x_train, y_train, workers=2)
    # --8<-- [end:wrong]
except TypeError as err:
    init_message = str(err)
print("TypeError:", init_message)
assert init_message == (
    "NoSuperBatches.__init__() got an unexpected keyword argument "
    "'workers'"
), "expected the subclass to refuse workers="

no_super = NoSuperBatches(x_train, y_train)
no_super_warnings, no_super_worker = fit_report(no_super)
warning_category, warning_message = no_super_warnings[0]
print(f"{warning_category}:", warning_message)
print("no super().__init__: workers", no_super.workers, end=", ")
print("a worker thread loaded batches:", no_super_worker)
assert no_super_warnings == [
    (
        "UserWarning",
        "Your `PyDataset` class should call `super().__init__(**kwargs)` in "
        "its constructor. `**kwargs` can include `workers`, "
        "`use_multiprocessing`, `max_queue_size`. Do not pass these "
        "arguments to `fit()`, as they will be ignored.",
    )
], no_super_warnings
assert no_super.workers == 1 and not no_super_worker, (
    "expected 1 thread"
)
moved = ("workers", "use_multiprocessing", "max_queue_size")
for first_read in moved:
    read_first = NoSuperBatches(x_train, y_train)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        getattr(read_first, first_read)  # warns here
        for name in moved:
            getattr(read_first, name)  # already set: silent
    assert [w.category for w in caught] == [UserWarning], first_read
fit_warnings, _ = fit_report(read_first)
assert fit_warnings == [], "expected fit silent after an earlier read"


# --8<-- [start:silent]
class DroppedKwargsBatches(Batches, keras.utils.PyDataset):
    def __init__(self, features, labels, **kwargs):
        super().__init__()  # kwargs not passed on: workers=2 is lost
        self.features, self.labels = features, labels


# --8<-- [end:silent]
dropped = DroppedKwargsBatches(x_train, y_train, workers=2)
dropped_warnings, dropped_worker = fit_report(dropped)
print(
    "super().__init__() without kwargs: workers",
    dropped.workers,
    end="",
)
print(", warnings:", len(dropped_warnings), end=", ")
print("a worker thread loaded batches:", dropped_worker)
assert dropped_warnings == [], "expected no warning"
assert dropped.workers == 1 and not dropped_worker, "expected 1 thread"


# --8<-- [start:right]
class TrainBatches(Batches, keras.utils.PyDataset):
    def __init__(self, features, labels, **kwargs):
        super().__init__(**kwargs)  # workers, use_multiprocessing, ...
        self.features, self.labels = features, labels


train_batches = TrainBatches(x_train, y_train, workers=2)
model.fit(train_batches, epochs=1, verbose=0)
# --8<-- [end:right]
train_warnings, train_worker = fit_report(train_batches)
print(
    "super().__init__(**kwargs): workers", train_batches.workers, end=""
)
print(", a worker thread loaded batches:", train_worker)
assert train_warnings == [] and train_batches.workers == 2
assert train_worker, "expected __getitem__ in a worker thread"
multiprocessing_batches = TrainBatches(
    x_train, y_train, use_multiprocessing=True, max_queue_size=4
)
assert multiprocessing_batches.use_multiprocessing is True
assert multiprocessing_batches.max_queue_size == 4

for name in moved:  # the warning's "ignored" is stale: fit raises
    try:
        model.fit(x_train, y_train, verbose=0, **{name: 2})
    except TypeError as err:
        assert f"unexpected keyword argument '{name}'" in str(err)
    else:
        raise AssertionError(f"expected fit to raise on {name}=")

batches = TrainBatches(x_train, y_train)
looped = list(itertools.islice(iter(batches), 6))  # at most 6
print(f"for loop over {len(batches)} batches: got", len(looped), end="")
print(", sizes", [len(features) for features, _ in looped])
has_iter = "__iter__" in vars(keras.utils.PyDataset)
if Version(keras.__version__) >= Version("3.11.2"):
    assert has_iter and len(looped) == len(batches) == 4, looped
elif Version(keras.__version__) <= Version("3.9.0"):  # 3.4.1 on
    assert not has_iter, "expected no PyDataset.__iter__"
    assert len(looped) == 6 and len(looped[5][0]) == 0, (
        "expected the loop to go past __len__, with empty batches"
    )
batches.indices = set()
model.fit(batches, epochs=2, verbose=0)
print("indices fit asked for:", sorted(batches.indices))
assert batches.indices == set(range(len(batches))), (
    "expected fit to stop at len() on every release"
)
