"""Read "Graph execution error" from the bottom: reason, node, your frames

When you hit it: `fit`, `predict` or your own `tf.function` fails with
`InvalidArgumentError: Graph execution error:` and `Detected at node …
defined at (most recent call last):`, then a long list of frames.

What is going on: an op failed while the graph ran. The last lines give
the reason: `… = 12 is not in [0, 10)` is an id beyond `Embedding(10,
…)`. The node name is the scope path (model/layer/op here). The frames,
outermost first and with no source text, say who built the op: your
`fit` line, then Keras's code down to the op, or your line in your own
`tf.function`. An error while AutoGraph traces your `tf.function` or
`Dataset.map` function differs: it starts `in user code:` and shows your
source lines, marked `*`.

Pitfall: in `indices[4,2]`, 4 is a row of the failing batch, not of your
array, and `fit` shuffles: the bad id sits in row 13 here. Search the
data for out-of-range ids instead (below).

Checked: with TensorFlow 2.21 and Keras 3.15 on this machine's CPU (the
same asserts pass on 2.19 and 2.20; the matrix line shows the rest), with the bad id in row 13 and batches
of 8: `predict`, which does not shuffle, names row 5 of the second
batch, and so does `fit(shuffle=False)`. Here Keras added `_1` to the model and
layer scopes; a layer inside a nested model gets that model's scope too
(`classifier_1/encoder_1/token_vectors_1/GatherV2`). A `tf.function` of
your own shows the bare op name (`GatherV2`) and its name at the end
(`__inference_lookup_rows_…`). Keras adds the vocabulary size to a
negative id before the lookup (`keras/src/backend/tensorflow/numpy.py`,
`take`): -11 shows as `-1`, and -1 to -10 read a row with no error.

The trace-time errors here kept their type (`ValueError`, and
`TypeError` from `map`); an exception class with its own `__init__` came
back as `StagingError`. `tf.function(autograph=False)` gave no `in user
code:`, and neither did a custom loss in `fit`: Keras marks its train
and predict functions `do_not_convert`
(`keras/src/backend/tensorflow/trainer.py`, `_make_function` and
`make_predict_function`). That message names the loss only in node names
(`compile_loss/bad_loss/sub`); Python's traceback above it shows the
`bad_loss` line.

On a GPU (not run) the lookup does not raise. There `fit` compiles with
XLA by default when every layer supports it, as this model's layers do,
unless a `tf.distribute` strategy, `enable_op_determinism()` or
`run_eagerly=True` is on, or the GPU is Apple's
(`keras/src/trainers/trainer.py`, `Trainer._resolve_auto_jit_compile`
and `model_supports_jit`). Here, with a GPU device faked in the device
list, that default gave XLA, and each of those three settings turned it
off. XLA's gather clamps the id into range: here on the CPU, `fit` with
`jit_compile=True` raised nothing, and id 12 read row 9, the last.
Without XLA, `tf.gather` documents that "a 0 is stored in the
corresponding output value" for an out-of-bound index on GPU
(`tensorflow/python/ops/array_ops.py`, `gather_v2`): a zero vector, not
an error.

severity: crash
topics: E18
aliases:
  - "InvalidArgumentError: Graph execution error: Detected at node sequential/embedding/embedding_lookup defined at (most recent call last):"
  - "[[{{node sequential/embedding/embedding_lookup}}]] [Op:__inference_train_function"
  - "[Op:__inference_multi_step_on_iterator"
  - "[Op:__inference_one_step_on_iterator"
  - indices[0,2] = 12 is not in [0, 10) Embedding in model.fit
  - which line of my code caused the Graph execution error
  - what does the asterisk * mean in a tf.function error traceback
  - in user code File line ValueError tf.function
  - find the bad value in my data that crashes fit
"""

import inspect
import re
import traceback
from pathlib import Path
from unittest import mock

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1)
tokens = np.arange(48).reshape(16, 3) % 10  # ids 0..9
tokens[13, 2] = 12  # one bad id, in the second batch of 8
labels = np.arange(16) % 2
HERE = __file__


def frames(message):
    """(file, function) of each 'File ...' line of a message, from the
    first in this file on (a runner or a notebook may come before)."""
    found = []
    for line in message.splitlines():
        if line.strip().startswith('File "'):
            path = line.split('"')[1]
            where = "this file" if path == HERE else path
            found.append((where, line.split(" in ")[-1].strip()))
    return found[[f[0] for f in found].index("this file") :]


def keras_path(path):
    return path[path.index("keras/") :] if "keras/" in path else path


try:
    # --8<-- [start:wrong]
    model = keras.Sequential(
        [
            keras.Input((3,)),
            keras.layers.Embedding(10, 4, name="token_vectors"),
            keras.layers.GlobalAveragePooling1D(),
            keras.layers.Dense(2, activation="softmax"),
        ],
        name="classifier",
    )
    model.compile(
        optimizer="sgd", loss="sparse_categorical_crossentropy"
    )
    # tokens[13, 2] is 12: an id beyond Embedding(10, ...)
    model.fit(tokens, labels, batch_size=8, verbose=0)
    # --8<-- [end:wrong]
except tf.errors.InvalidArgumentError as err:
    fit_message = str(err)
fit_lines = fit_message.splitlines()
node_line = fit_lines[2]
fit_frames = frames(fit_message)
reason = fit_lines[-2]
print(f"InvalidArgumentError: {fit_lines[0]}")
print(node_line)
print("frames from this file on:", len(fit_frames))
print("first:", fit_frames[0])
print("last:", keras_path(fit_frames[-1][0]), "in", fit_frames[-1][1])
print("reason from fit:", reason)
assert fit_lines[0] == "Graph execution error:", "expected the headline"
assert node_line == (
    "Detected at node classifier_1/token_vectors_1/GatherV2 "
    "defined at (most recent call last):"
), "expected the node name to read model/layer/op"
assert fit_frames[0] == ("this file", "<module>"), (
    "expected the first frame to be the fit call in this file"
)
with open(HERE, encoding="utf-8") as source:
    fit_call = 1 + next(
        i
        for i, line in enumerate(source)
        if line.strip()
        == "model.fit(tokens, labels, batch_size=8, verbose=0)"
    )
assert f'"{HERE}", line {fit_call}, in <module>' in fit_message, (
    "expected the first frame to point at the fit line"
)
assert all("/keras/" in f[0] for f in fit_frames[1:]), (
    "expected only Keras frames after the fit line"
)
assert fit_frames[-1] == (fit_frames[-1][0], "take"), "expected take"
assert fit_frames[-1][0].endswith(
    "keras/src/backend/tensorflow/numpy.py"
)
assert not any("tensorflow/python" in f[0] for f in fit_frames), (
    "expected TensorFlow's own frames to be left out"
)
file_lines = [i for i, line in enumerate(fit_lines) if 'File "' in line]
assert all(fit_lines[i + 1] == "" for i in file_lines), (
    "expected no source text under any frame"
)
assert reason.startswith("indices[") and reason.endswith(
    "= 12 is not in [0, 10)"
), "expected the op's reason on the second-to-last line"
assert reason == "indices[4,2] = 12 is not in [0, 10)", (
    "expected fit's shuffling to move row 13 to row 4 of its batch"
)
try:
    model.fit(tokens, labels, batch_size=8, shuffle=False, verbose=0)
except tf.errors.InvalidArgumentError as err:
    unshuffled_reason = str(err).splitlines()[-2]
assert unshuffled_reason == "indices[5,2] = 12 is not in [0, 10)", (
    "expected shuffle=False to keep the row's place: 5 in batch 2"
)
tf_release = tuple(int(v) for v in tf.__version__.split(".")[:2])
train_fn = "multi" if tf_release >= (2, 18) else "one"  # Keras 3.4, 3.6
assert (
    f"[Op:__inference_{train_fn}_step_on_iterator_" in fit_lines[-1]
), "expected the last line to name Keras's train function"

try:
    model.predict(tokens, batch_size=8, verbose=0)
except tf.errors.InvalidArgumentError as err:
    predict_reason = str(err).splitlines()[-2]
    assert str(err).startswith("Graph execution error:"), "from predict"
print("reason from predict:", predict_reason)
assert predict_reason == "indices[5,2] = 12 is not in [0, 10)", (
    "expected row 13 to be row 5 of the second batch, not 13"
)

encoder = keras.Sequential(
    [keras.Input((3,)), model.get_layer("token_vectors")],
    name="encoder",
)
nested_model = keras.Sequential(
    [keras.Input((3,)), encoder, keras.layers.GlobalAveragePooling1D()],
    name="classifier",
)
try:
    nested_model.predict(tokens, batch_size=8, verbose=0)
except tf.errors.InvalidArgumentError as err:
    nested_node = str(err).splitlines()[2]
print("nested:", nested_node)
assert nested_node == (
    "Detected at node classifier_1/encoder_1/token_vectors_1/GatherV2 "
    "defined at (most recent call last):"
), "expected the outer model's scope before the layer's"

# --8<-- [start:right]
bad = (tokens < 0) | (tokens >= 10)  # an error shows -11 as -1
print("bad ids at", np.argwhere(bad).tolist())  # [row, col]
# --8<-- [end:right]
assert np.argwhere(bad).tolist() == [[13, 2]], "expected 13, 2"
token_vectors = model.get_layer("token_vectors")
lookup_ids = tf.function(token_vectors)  # a graph, as in fit
negative_rows = lookup_ids(tf.constant([list(range(-1, -11, -1))]))
assert np.array_equal(
    negative_rows[0].numpy(),
    token_vectors.embeddings.numpy()[list(range(9, -1, -1))],
), "expected ids -1 to -10 to read rows 9 to 0, with no error"
try:
    lookup_ids(tf.constant([[1, -11]]))
except tf.errors.InvalidArgumentError as err:
    negative_reason = str(err).splitlines()[-2]
print("id -11:", negative_reason)
assert negative_reason == "indices[0,1] = -1 is not in [0, 10)", (
    "expected -11 reported as -1"
)
assert (
    "tf.where(i < 0, i + tf.cast(tf.shape(x)[axis], i.dtype), i)"
    in (inspect.getsource(keras.src.backend.tensorflow.numpy.take))
), "expected take to add the table's length to a negative id"

table = tf.reshape(tf.range(20.0), (10, 2))


# --8<-- [start:function]
@tf.function
def lookup_rows(ids):
    rows = tf.gather(table, ids)  # the op the error names
    return tf.reduce_sum(rows, axis=0)


# --8<-- [end:function]
try:
    lookup_rows(tf.constant([1, 12]))
except tf.errors.InvalidArgumentError as err:
    function_message = str(err)
function_lines = function_message.splitlines()
assert function_lines[0] == "Graph execution error:", "from tf.function"
print(function_lines[2])
print("frames:", frames(function_message))
print("reason:", function_lines[-2])
gather_line = inspect.getsourcelines(lookup_rows.python_function)[1] + 2
assert function_lines[2] == (
    "Detected at node GatherV2 defined at (most recent call last):"
), "expected the bare op name: no model or layer scope"
assert frames(function_message) == [
    ("this file", "<module>"),
    ("this file", "lookup_rows"),
], "expected the call, then the line in the function"
assert f"line {gather_line}, in lookup_rows" in function_message, (
    "expected the last frame to point at the tf.gather line"
)
assert "[Op:__inference_lookup_rows_" in function_lines[-1], (
    "expected the last line to name the function"
)


@tf.function
def add_bias(features, bias):
    return features + bias  # (2, 3) + (4,): fails while tracing


try:
    add_bias(tf.ones([2, 3]), tf.ones([4]))
except ValueError as err:
    trace_message = str(err)
trace_lines = trace_message.strip().splitlines()
print("ValueError:", trace_lines[0])
# The frame names a line number; print it as N so that the output does
# not change when lines above it move, and assert the real number.
frame = trace_lines[2].replace(HERE, "this file")
return_line = 1 + next(
    i
    for i, line in enumerate(Path(HERE).read_text().splitlines())
    if line.strip().startswith("return features + bias")
)
assert f", line {return_line}, in add_bias" in frame, (
    "expected the * frame to name the line of the return"
)
print(re.sub(r"line \d+", "line N", frame))
print("   ", trace_lines[3].strip().split("  #")[0])
print(trace_lines[-1].strip().split(" for ")[0])
assert trace_lines[0] == "in user code:", (
    "expected the AutoGraph framing"
)
assert trace_lines[2].endswith("in add_bias  *"), "expected a * frame"
assert trace_lines[3].strip().startswith("return features + bias"), (
    "expected the source line under the frame"
)
assert (
    trace_lines[-1]
    .strip()
    .startswith("ValueError: Dimensions must be equal, but are 3 and 4")
), "expected the original error at the end"
add_bias_plain = tf.function(add_bias.python_function, autograph=False)
try:
    add_bias_plain(tf.ones([2, 3]), tf.ones([4]))
except ValueError as err:
    plain_message = str(err)
assert plain_message.startswith("Dimensions must be equal"), (
    plain_message
)
assert (
    "in user code:" not in plain_message and " *" not in plain_message
)


class ShapeMismatch(Exception):
    def __init__(self, got, wanted):
        super().__init__(f"got {got}, wanted {wanted}")


@tf.function
def check_width(features):
    if features.shape[1] != 4:
        raise ShapeMismatch(features.shape[1], 4)
    return features


try:
    check_width(tf.ones([2, 3]))
except Exception as err:  # noqa: BLE001 - the type is what we check
    custom_error = err
assert type(custom_error).__name__ == "StagingError", type(custom_error)
assert str(custom_error).strip().startswith("in user code:")
converted = inspect.getsource(
    __import__(
        "tensorflow.python.autograph.pyct.error_utils",
        fromlist=["ErrorMetadataBase"],
    ).ErrorMetadataBase.get_message
)
assert (
    "if frame_info.is_converted:\n        formatted_line += '  *'"
    in (converted)
), "expected * to mark a frame AutoGraph converted"


def parse(record):
    return record + tf.constant(1.0)  # int64 + float32


try:
    tf.data.Dataset.range(3).map(parse)
except TypeError as err:
    map_message = str(err)
assert map_message.strip().startswith("in user code:"), (
    "expected Dataset.map to frame its trace error the same way"
)
assert "in parse  *" in map_message, "expected the map function marked"
assert "return record + tf.constant(1.0)" in map_message, (
    "expected the map function's source line"
)


def bad_loss(y_true, y_pred):
    return tf.reduce_mean(y_true[:, :3] - y_pred)  # (8, 3) - (8, 2)


loss_model = keras.Sequential(
    [keras.Input((3,)), keras.layers.Dense(2)]
)
loss_model.compile(optimizer="sgd", loss=bad_loss)
try:
    loss_model.fit(np.ones((8, 3)), np.ones((8, 3)), verbose=0)
except ValueError as err:
    loss_message = str(err)
    loss_traceback = "".join(traceback.format_exception(err))
print("custom loss in fit:", loss_message.split(" = ")[0])
assert "in user code:" not in loss_message, (
    "expected no AutoGraph framing from fit"
)
assert "{{node compile_loss/bad_loss/sub}}" in loss_message, (
    "expected the node name to carry the loss function's name"
)
assert loss_message.count("bad_loss") == loss_message.count(
    "compile_loss/bad_loss/"
), "expected the loss named only inside node names"
loss_line = inspect.getsourcelines(bad_loss)[1] + 1
assert f'"{HERE}", line {loss_line}, in bad_loss' in loss_traceback, (
    "expected Python's traceback to show the bad_loss line"
)
assert loss_traceback.index("in bad_loss") < loss_traceback.index(
    "ValueError: Dimensions must be equal"
), "expected the frame above the message"
make_function = inspect.getsource(
    keras.src.backend.tensorflow.trainer.TensorFlowTrainer._make_function
)
assert (
    make_function.count("@tf.autograph.experimental.do_not_convert")
    == 2
)
predict_function = inspect.getsource(
    keras.src.backend.tensorflow.trainer.TensorFlowTrainer.make_predict_function
)
assert "@tf.autograph.experimental.do_not_convert" in predict_function

gather_doc = " ".join(tf.gather.__doc__.split())
assert (
    "On GPU, if an out of bound index is found, a 0 is stored in the "
    "corresponding output value." in gather_doc
), "expected tf.gather's documented GPU behaviour"
assert "never validated on GPU" in gather_doc, "expected no GPU check"
take_source = inspect.getsource(keras.src.backend.tensorflow.numpy.take)
assert "return tf.gather(x, indices, axis=axis)" in take_source, (
    "expected Keras's TensorFlow take to call tf.gather"
)
gather_fn = inspect.unwrap(tf.gather)
assert (
    inspect.getsourcefile(gather_fn).endswith(
        "tensorflow/python/ops/array_ops.py"
    )
    and gather_fn.__name__ == "gather_v2"
), "expected array_ops.gather_v2"

trainer = keras.src.trainers.trainer
assert model.jit_compile is False, "expected no XLA by default on a CPU"
assert trainer.model_supports_jit(model), (
    "expected XLA on a GPU machine"
)
assert (
    'filter(lambda x: x.device_type != "CPU", devices)'
    in inspect.getsource(trainer.Trainer._resolve_auto_jit_compile)
), "expected auto to turn XLA on only with a non-CPU device"
xla_model = keras.Sequential(
    [
        keras.Input((3,)),
        keras.layers.Embedding(10, 4),
        keras.layers.GlobalAveragePooling1D(),
        keras.layers.Dense(2, activation="softmax"),
    ]
)
xla_model.compile(
    optimizer="sgd",
    loss="sparse_categorical_crossentropy",
    jit_compile=True,
)
xla_history = xla_model.fit(tokens, labels, batch_size=8, verbose=0)
assert xla_model.jit_compile is True and "loss" in xla_history.history
xla_layer = xla_model.layers[0]
xla_rows = tf.function(xla_layer, jit_compile=True)(tf.constant([[12]]))
print("fit with jit_compile=True: no error; id 12 read row 9")
assert np.array_equal(
    xla_rows[0, 0].numpy(), xla_layer.embeddings.numpy()[9]
), "expected XLA to clamp id 12 to the last row"


# Which GPU runs get XLA by default: fake a GPU in the device list, so
# that Trainer._resolve_auto_jit_compile gets past its CPU-only check.
fake_gpu = [
    *tf.config.list_physical_devices(),
    tf.config.PhysicalDevice("/physical_device:GPU:0", "GPU"),
]
with tf.distribute.MirroredStrategy(["/cpu:0"]).scope():
    mirrored_model = keras.models.clone_model(xla_model)
assert mirrored_model._distribute_strategy is not None
with mock.patch.object(
    tf.config, "list_physical_devices", return_value=fake_gpu
):
    xla_model.compile(optimizer="sgd", loss="mse")
    assert xla_model.jit_compile is True, "expected XLA with a GPU"
    assert mirrored_model._resolve_auto_jit_compile() is False, (
        "expected no XLA under a tf.distribute strategy"
    )
    xla_model.compile(optimizer="sgd", loss="mse", run_eagerly=True)
    assert xla_model.jit_compile is False, "expected no XLA eagerly"
    assert xla_model._resolve_auto_jit_compile() is True
    tf.config.experimental.enable_op_determinism()  # last: no undo
    assert not trainer.model_supports_jit(xla_model), (
        "expected no XLA with op determinism"
    )
    assert xla_model._resolve_auto_jit_compile() is False
apple_check = inspect.getsource(trainer.model_supports_jit)
assert (
    'platform.system() == "Darwin" and "arm" in platform.processor()'
    in apple_check
), "expected XLA off on an Apple-silicon GPU"
if tf.__version__.startswith("2.21."):  # the recorded run
    assert keras.__version__.startswith("3.15."), "expected Keras 3.15"
