"""TFLite Node number N (GATHER) failed to invoke: find the op, check the ids

When you hit it: `interpreter.invoke()` raises `RuntimeError: gather
index out of boundsNode number 3 (GATHER) failed to invoke.`: which
op is node 3?

What is going on: TFLite glues the op's own message to `Node number 3
(GATHER) failed to invoke.` with no space; 3 is the op's index in its
subgraph. `tf.lite.experimental.Analyzer.analyze(model_content=…)` lists
it as `Op#3 GATHER(T#7, T#10) -> [T#11]`. Output T#11,
`…/token_vectors_1/GatherV2;`, names the layer (Keras 3.15 added `_1`);
table T#7's `shape:[10, 4]` gives `input_dim`, 10. Id 12 ≥ 10: look
for an unknown-token id or a larger tokenizer vocabulary. Map bad ids
to a known id, or size `input_dim` to the vocabulary. Check `ids < 0`
too: -11 fails, -1 to -10 silently read rows 9 to 0.

Pitfall: a failed `invoke` leaves its message in the interpreter; later
failures repeat all earlier ones first, even after a good `invoke`. Read
the last `Node number` sentence; WHILE or IF there means the op named
before it failed inside it.

Checked: on this machine's CPU, converted by `model.export` then
`from_saved_model` ([why](deploy.md#tflite-from-keras-model)), run with
`tf.lite.Interpreter`; LiteRT's interpreter
([card](deploy.md#litert-interpreter)) raised the same message, and
repeated it after a good `invoke`, where `ai_edge_litert` is installed
(from TF 2.17 here). The interpreter ran again after the error, and
`Embedding(13, 4)` ran id 12. Ops 0 to 2 (LESS, ADD, SELECT_V2) add
`input_dim` to negative ids. A `tf.while_loop` and a `tf.cond` reading
id 12 gave `…(GATHER) failed to invoke.Node number 0 (WHILE) failed to
invoke.` and the same with IF; the GATHER was op 4 of the Analyzer's
`while_body` and op 0 of `cond_true`. Keras on a GPU does not raise
here (not run; [why](debugging.md#graph-execution-error-detected-at-node)).

severity: crash
topics: P4, P3
aliases:
  - "RuntimeError: gather index out of boundsNode number 3 (GATHER) failed to invoke."
  - gather index out of bounds tflite
  - Node number (GATHER) failed to invoke
  - "failed to invoke.Node number 0 (WHILE) failed to invoke."
  - tflite interpreter invoke RuntimeError
  - what is node number in tflite error
  - tflite embedding index out of range token id larger than vocabulary
  - find which layer a tflite node number belongs to
  - tflite negative token id embedding
"""

# Before tensorflow: with TF 2.20 the other order aborts
# (see deploy/litert_interpreter.py). TF 2.16 has no ai_edge_litert.
try:
    from ai_edge_litert.interpreter import Interpreter as LiteRT
except ImportError:
    LiteRT = None

# isort: split
import contextlib
import io
import os
import re
import tempfile
import warnings

import keras
import numpy as np
import tensorflow as tf

RELEASE = tuple(int(p) for p in tf.__version__.split(".")[:2])
FRAME = re.compile(r"Node number (\d+) \((\w+)\) failed to (\w+)\.")
# tf.lite.Interpreter's deprecation warning (see the LiteRT card): TF 2.18
# says "Warning: Please use the LiteRT interpreter", later releases
# "Warning: tf.lite.Interpreter is deprecated"
warnings.filterwarnings(
    "ignore",
    message=r"\s*Warning: (Please use the LiteRT|tf\.lite\.Interpreter)",
)
work_dir = tempfile.mkdtemp()
keras.utils.set_random_seed(0)


def to_tflite(model, name):
    """Export, then convert: works on every release (TFLite card)."""
    export_dir = os.path.join(work_dir, name)
    with contextlib.redirect_stdout(io.StringIO()):  # export's lines
        model.export(export_dir)
    return tf.lite.TFLiteConverter.from_saved_model(
        export_dir
    ).convert()


def analyzer_lines(tflite_model):
    """What Analyzer.analyze prints, one stripped line each."""
    report = io.StringIO()
    with contextlib.redirect_stdout(report):
        tf.lite.experimental.Analyzer.analyze(
            model_content=tflite_model
        )
    return [line.strip() for line in report.getvalue().splitlines()]


def op_line(lines, node, subgraph=0):
    """The Analyzer's line for op `node` of Subgraph#`subgraph`."""
    (first,) = [
        i
        for i, line in enumerate(lines)
        if line.startswith(f"Subgraph#{subgraph} ")
    ]
    ops = []
    for line in lines[first + 1 :]:
        if not line.startswith("Op#"):
            break
        ops.append(line)
    (line,) = [line for line in ops if line.startswith(f"Op#{node} ")]
    return line


def tensors_of(line):
    """Tensor numbers in an Analyzer line: inputs, then outputs."""
    return [int(n) for n in re.findall(r"T#(-?\d+)", line)]


def failure(interpreter, call):
    """The RuntimeError message of interpreter.invoke."""
    try:
        call()
    except RuntimeError as err:
        assert type(err) is RuntimeError, type(err)
        return str(err)
    raise AssertionError(f"expected {call.__name__} to fail")


VOCAB = 10
model = keras.Sequential(
    [
        keras.Input((3,), dtype="int32"),  # 3 token ids
        keras.layers.Embedding(VOCAB, 4, name="token_vectors"),
        keras.layers.Reshape((12,)),
        keras.layers.Dense(2),
    ],
    name="classifier",
)
tflite_model = to_tflite(model, "classifier")
good_ids = np.array([[1, 2, 3]], "int32")
message = None

# --8<-- [start:wrong]
interpreter = tf.lite.Interpreter(model_content=tflite_model)
interpreter.allocate_tensors()
ids_in = interpreter.get_input_details()[0]["index"]
out = interpreter.get_output_details()[0]["index"]
interpreter.set_tensor(ids_in, np.array([[1, 2, 3]], "int32"))
interpreter.invoke()  # runs
good_rows = interpreter.get_tensor(out)
ids = np.array([[1, 12, 3]], "int32")  # 12 >= input_dim 10
interpreter.set_tensor(ids_in, ids)
try:
    interpreter.invoke()
except RuntimeError as err:
    message = str(err)
    print("RuntimeError:", message)
# --8<-- [end:wrong]
assert message is not None, "expected invoke to raise RuntimeError"
gap = np.abs(good_rows - model(good_ids).numpy()).max()
print("ids [[1, 2, 3]]: runs, matches Keras:", bool(gap <= 1e-5))
assert gap <= 1e-5, gap
first_message = message
assert message == (
    "gather index out of boundsNode number 3 (GATHER) failed to invoke."
), message
assert FRAME.fullmatch(message[len("gather index out of bounds") :])

# --8<-- [start:find]
found = re.findall(r"Node number (\d+) \((\w+)\)", message)
node = int(found[-1][0])  # not WHILE or IF here: see the Pitfall
report = io.StringIO()
with contextlib.redirect_stdout(report):  # a long report
    tf.lite.experimental.Analyzer.analyze(model_content=tflite_model)
lines = [line.strip() for line in report.getvalue().splitlines()]
op = next(line for line in lines if line.startswith(f"Op#{node} "))
print(op)  # Subgraph#0's op: inputs -> outputs, by tensor number
for t in re.findall(r"T#(\d+)", op):  # each tensor's own line
    line = next(x for x in lines if x.startswith(f"T#{t}("))
    print(line.split(" RO ")[0])  # name, shape, type
# --8<-- [end:find]
assert found == [("3", "GATHER")], found
assert lines == analyzer_lines(tflite_model)
assert op == op_line(lines, node) == "Op#3 GATHER(T#7, T#10) -> [T#11]"
details = interpreter._get_ops_details()[node]  # private API
assert (details["index"], details["op_name"]) == (3, "GATHER"), details
assert tensors_of(op) == [*details["inputs"], *details["outputs"]], (
    "expected the Analyzer and _get_ops_details to agree on node 3"
)
assert any(line.startswith("Subgraph#0 main(") for line in lines)
assert not any(line.startswith("Subgraph#1") for line in lines)
tensor_lines = lines[lines.index("Tensors of Subgraph#0") :]
names = {
    t["index"]: t["name"] for t in interpreter.get_tensor_details()
}
# What the loop printed: the op, then T#7, T#10, T#11 (this section's
# own lines) with name, shape and type
shown = [op] + [
    x.split(" RO ")[0]
    for t in tensors_of(op)
    for x in tensor_lines
    if x.startswith(f"T#{t}(")
]
assert len(shown) == 4 and line.startswith(shown[3]), shown
for t, printed_line in zip((7, 10, 11), shown[1:], strict=True):
    (full,) = [x for x in tensor_lines if x.startswith(f"T#{t}(")]
    assert full.startswith(printed_line), (full, printed_line)
    assert re.fullmatch(
        rf"T#{t}\({re.escape(names[t])}\) shape(_signature)?:"
        r"\[[-\d, ]*\], type:[A-Z0-9]+",
        printed_line,
    ), printed_line
# Output T#11 names the layer; Keras 3.15 (3.4 to 3.15 in the matrix)
# adds _1 to the scopes in its own tf.function trace, 3.16 does not
layer = model.get_layer("token_vectors")
KERAS = tuple(int(p) for p in keras.__version__.split(".")[:2])
suffix = "_1" if KERAS < (3, 16) else ""
scope = f"classifier{suffix}/token_vectors{suffix}/GatherV2"
traced = tf.function(model).get_concrete_function(
    tf.TensorSpec([None, 3], tf.int32)
)
assert scope in [o.name for o in traced.graph.get_operations()], scope
assert names[11] == scope + ";", names[11]
assert shown[3].startswith(f"T#11({scope};) "), shown[3]
if KERAS == (3, 15):
    assert names[11] == "classifier_1/token_vectors_1/GatherV2;"
try:
    model.get_layer("token_vectors_1")
    raise AssertionError("expected no layer named token_vectors_1")
except ValueError:
    pass
# Input T#7 is the table: the Embedding's weights, shape [10, 4]
assert details["inputs"][0] == 7, details
assert shown[1].startswith(f"T#7({scope}/ReadVariableOp) "), shown[1]
assert "shape:[10, 4]," in shown[1], shown[1]
table = interpreter.get_tensor(7)
assert np.array_equal(table, layer.embeddings.numpy())
assert table.shape[0] == layer.input_dim == VOCAB == 10
# Ops 0 to 2: ids < 0 ? ids + 10 : ids, fed to the GATHER
less, add, select = interpreter._get_ops_details()[:3]
wrap_ops = [o["op_name"] for o in (less, add, select)]
assert wrap_ops == ["LESS", "ADD", "SELECT_V2"], wrap_ops
assert re.fullmatch(
    r"Op#0 LESS\(T#0, T#\d+\[0\]\) -> \[T#\d+\]", op_line(lines, 0)
)
assert re.fullmatch(
    r"Op#1 ADD\(T#0, T#\d+\[10\]\) -> \[T#\d+\]", op_line(lines, 1)
)
assert ids_in == 0, ids_in
assert select["inputs"].tolist() == [
    *less["outputs"],
    *add["outputs"],
    ids_in,
], select
assert details["inputs"][1] == select["outputs"][0], details
assert interpreter._get_ops_details.__name__.startswith("_")

# --8<-- [start:right]
bad = (ids < 0) | (ids >= VOCAB)  # VOCAB: the Embedding's input_dim
print("bad ids at", np.argwhere(bad).tolist())  # [row, position]
UNK = 1  # e.g. your tokenizer's unknown-token id, if it is < VOCAB
interpreter.set_tensor(ids_in, np.where(bad, UNK, ids).astype("int32"))
interpreter.invoke()  # the same interpreter runs again
# or: keras.layers.Embedding(input_dim=<tokenizer vocabulary size>, …)
# --8<-- [end:right]
mapped = np.where(bad, UNK, ids).astype("int32")
gap = np.abs(interpreter.get_tensor(out) - model(mapped).numpy()).max()
print("bad ids mapped to UNK: runs, matches Keras:", bool(gap <= 1e-5))
assert gap <= 1e-5, gap
assert np.argwhere(bad).tolist() == [[0, 1]]

wide_model = keras.Sequential(
    [
        keras.Input((3,), dtype="int32"),
        keras.layers.Embedding(13, 4),
        keras.layers.Reshape((12,)),
        keras.layers.Dense(2),
    ]
)
wide = tf.lite.Interpreter(model_content=to_tflite(wide_model, "wide"))
wide.allocate_tensors()
wide.set_tensor(wide.get_input_details()[0]["index"], ids)
wide.invoke()  # raises if id 12 were out of range
wide_rows = wide.get_tensor(wide.get_output_details()[0]["index"])
assert np.abs(wide_rows - wide_model(ids).numpy()).max() <= 1e-5
print("Embedding(13, 4): id 12 runs")

# The pitfall: later failures repeat the earlier messages first
counts = []
for _ in range(2):  # after the good invoke above
    interpreter.set_tensor(ids_in, ids)
    message = failure(interpreter, interpreter.invoke)
    counts.append(message.count("Node number"))
    assert message == first_message * counts[-1], message
print("failures 2 and 3, 'Node number' sentences:", counts)
assert counts == [2, 3], counts

# Negative ids: -1 to -10 read rows 9 to 0 with no error; -11 fails
negative = tf.lite.Interpreter(model_content=tflite_model)
negative.allocate_tensors()
for k in range(1, VOCAB + 1):
    negative.set_tensor(ids_in, np.array([[-k, 2, 3]], "int32"))
    negative.invoke()  # raises nothing
    row = model(np.array([[VOCAB - k, 2, 3]])).numpy()
    assert np.abs(negative.get_tensor(out) - row).max() <= 1e-5, k
negative.set_tensor(ids_in, np.array([[-11, 2, 3]], "int32"))
negative_message = failure(negative, negative.invoke)
negative_tail = negative_message[
    negative_message.index("indices_has") :
]
print("ids -1 to -10 read rows 9 to 0; id -11:", negative_tail)
assert negative_tail == (
    "indices_has_only_positive_elements was not true."
    "gather index out of boundsNode number 3 (GATHER) failed to invoke."
), negative_message
assert re.fullmatch(
    r"\S*gather\.cc:\d+ ", negative_message[: -len(negative_tail)]
)

if LiteRT is not None:  # LiteRT's interpreter: the same messages
    litert = LiteRT(model_content=tflite_model)
    litert.allocate_tensors()
    litert.set_tensor(ids_in, ids)
    litert_message = failure(litert, litert.invoke)
    assert litert_message == first_message, litert_message
    litert.set_tensor(ids_in, good_ids)
    litert.invoke()  # a good invoke in between
    litert.set_tensor(ids_in, ids)
    litert_again = failure(litert, litert.invoke)
    assert litert_again == first_message * 2, litert_again
    print("LiteRT: the same message, repeated after a good invoke")
else:
    assert RELEASE == (2, 16), "expected ai_edge_litert from TF 2.17"


# Control flow: the op fails inside a WHILE's or an IF's subgraph
rows = tf.constant(np.arange(40, dtype="float32").reshape(VOCAB, 4))


@tf.function(input_signature=[tf.TensorSpec([3], tf.int32)])
def loop(ids):
    def body(i, total):
        return i + 1, total + tf.gather(rows, ids[i])

    start = (tf.constant(0), tf.zeros([4]))
    return tf.while_loop(lambda i, total: i < 3, body, start)[1]


@tf.function(
    input_signature=[
        tf.TensorSpec([3], tf.int32),
        tf.TensorSpec([], tf.bool),
    ]
)
def branch(ids, flag):
    return tf.cond(
        flag,
        lambda: tf.gather(rows, ids) * 2.0,
        lambda: tf.zeros([3, 4]),
    )


cases = (
    (loop, [ids[0]], "WHILE", ("4", "GATHER"), r"while_body\("),
    (
        branch,
        [ids[0], np.array(True)],
        "IF",
        ("0", "GATHER"),
        r"cond_true",
    ),
)
for fn, args, outer, inner, body_name in cases:
    flat = tf.lite.TFLiteConverter.from_concrete_functions(
        [fn.get_concrete_function()], fn
    ).convert()
    flow = tf.lite.Interpreter(model_content=flat)
    flow.allocate_tensors()
    for detail, value in zip(
        flow.get_input_details(), args, strict=True
    ):
        flow.set_tensor(detail["index"], value)
    flow_message = failure(flow, flow.invoke)
    print(f"{outer}:", flow_message)
    assert flow_message == (
        f"gather index out of boundsNode number {inner[0]} (GATHER) "
        f"failed to invoke.Node number 0 ({outer}) failed to invoke."
    ), flow_message
    assert FRAME.findall(flow_message) == [
        (*inner, "invoke"),
        ("0", outer, "invoke"),
    ]
    # _get_ops_details: the main subgraph only
    listed = [o["op_name"] for o in flow._get_ops_details()]
    assert listed == [outer], listed
    flow_lines = analyzer_lines(flat)
    top = op_line(flow_lines, 0)
    assert top.startswith(f"Op#0 {outer}("), top
    (body_index,) = [
        int(line.split()[0][len("Subgraph#") :])
        for line in flow_lines
        if line.startswith("Subgraph#")
        and re.match(body_name, line.split()[1])
    ]
    assert re.search(rf"(Body|Then): Subgraph#{body_index}\b", top), top
    inner_line = op_line(flow_lines, int(inner[0]), body_index)
    assert inner_line.startswith(f"Op#{inner[0]} GATHER("), inner_line
