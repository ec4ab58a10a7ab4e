"""Silence TensorFlow's logs: what `TF_CPP_MIN_LOG_LEVEL` hides and what not

When you hit it: `import tensorflow` prints `oneDNN custom operations
are on…` and other lines to stderr, and you want a quiet program or
clean CI logs.

What is going on: TensorFlow's C++ side logs lines that start with a
level letter: `I`, `W`, `E`. `TF_CPP_MIN_LOG_LEVEL` hides most of them
by level: `1` hides `I`, `2` also `W`, `3` also `E`. In 2.21 the
oneDNN notice comes at every level (twice here); 2.16 to 2.20 hide it
from `1` on.
`TF_ENABLE_ONEDNN_OPTS=0` removes it and turns oneDNN's custom
operations off too. Python-side warnings ignore the variable:
TensorFlow's go through `tf.get_logger()` or `warnings` (`tf.data`,
for one), Keras's through absl logging or `warnings`; silence each
there. Some Keras warnings name your line, not Keras's, so
`warnings.filterwarnings("ignore", module="keras")` misses them. Keras 3
prints no `Using TensorFlow backend`.

Pitfall: setting `TF_CPP_MIN_LOG_LEVEL` after `import tensorflow`
(say, in a notebook that already imported it) changes nothing. Set it
before the first import, or in the shell.

Checked: the run starts one fresh Python per row below, on this
machine's CPU-only build, and sorts what each writes to stderr: C++
lines by letter and source file, Python lines by where they come
from. Each imports TensorFlow, runs an op (nothing logged there) and
logs one C++ line per level with
`tf.print(..., output_stream=logging.INFO)` and the like. The
`TF_CPP_MIN_LOG_LEVEL=3` row and the recipe also trigger a deprecation
warning, a `tf.data` `UserWarning`, a Keras `UserWarning`, Keras's
HDF5 warning ([the HDF5 card](save-load.md#legacy-h5-model)) and the
`SyntaxWarning` of `keras.losses.categorical_crossentropy` on one
class, which names the calling line (`stacklevel=2`). In the level-3
row that warning also passes a `module="keras"` filter. A GPU build
was not run here.

severity: tip
topics: S13
aliases:
  - oneDNN custom operations are on. You may see slightly different numerical results
  - To turn them off, set the environment variable TF_ENABLE_ONEDNN_OPTS=0
  - This TensorFlow binary is optimized to use available CPU instructions in performance-critical operations.
  - WARNING: All log messages before absl::InitializeLog() is called are written to STDERR
  - TF_CPP_MIN_LOG_LEVEL=3 does not hide the oneDNN message
  - os.environ TF_CPP_MIN_LOG_LEVEL has no effect
  - how do I hide TensorFlow warnings and info messages
  - tf.get_logger().setLevel('ERROR') and absl.logging.set_verbosity
  - Using TensorFlow backend.
"""

import json
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

if sys.argv[1:2] == ["--child"]:  # a fresh Python for one row
    mode = sys.argv[2]
    if mode == "late":
        # --8<-- [start:wrong]
        import tensorflow as tf

        os.environ["TF_CPP_MIN_LOG_LEVEL"] = "3"  # too late: ignored
        # --8<-- [end:wrong]
    elif mode == "quiet":
        # --8<-- [start:right]
        import os
        import warnings

        os.environ["TF_CPP_MIN_LOG_LEVEL"] = "3"  # before TF loads
        os.environ["TF_ENABLE_ONEDNN_OPTS"] = "0"  # no oneDNN ops
        import absl.logging
        import keras
        import tensorflow as tf

        tf.get_logger().setLevel("ERROR")  # TensorFlow's logger
        absl.logging.set_verbosity(absl.logging.ERROR)  # Keras's
        warnings.simplefilter("ignore")  # every category, any module
        # --8<-- [end:right]
    import logging
    import warnings

    import tensorflow as tf
    from tensorflow.python.util import _pywrap_util_port

    warn = mode in ("quiet", "warn")  # the Python-side triggers
    if warn:
        import absl.logging
        import keras

    def mark(step):
        print(f"[{step}]", file=sys.stderr, flush=True)

    mark("first op")
    tf.reduce_sum(tf.ones([4]))
    mark("tf.print")
    for level in (logging.INFO, logging.WARNING, logging.ERROR):
        tf.print("tf.print at", level, output_stream=level)
    state = {
        "onednn": _pywrap_util_port.IsMklEnabled(),
        "tf logger": tf.get_logger().name,
        "version": tf.__version__,
    }
    if warn:
        mark("python")
        tf.test.is_gpu_available()  # deprecated: a TensorFlow warning
        tf.config.run_functions_eagerly(True)
        tf.data.Dataset.range(3).map(lambda x: x + 1)  # tf.data warns
        tf.config.run_functions_eagerly(False)
        keras.layers.Dense(2, input_shape=(3,))  # a Keras UserWarning
        # a Keras SyntaxWarning that names this line, not Keras's
        keras.losses.categorical_crossentropy([[1.0]], [[0.9]])
        if mode == "warn":  # the same call past a module="keras" filter
            with warnings.catch_warnings(record=True) as caught:
                warnings.filterwarnings("ignore", module="keras")
                keras.losses.categorical_crossentropy([[1.0]], [[0.9]])
            state["module filter"] = [
                [w.category.__name__, w.filename == __file__]
                for w in caught
            ]
        else:
            state["first filter"] = list(map(str, warnings.filters[0]))
        model = keras.Sequential(
            [keras.Input((3,)), keras.layers.Dense(2)]
        )
        model.save("model.h5")  # Keras's HDF5 warning, through absl
        state["backend"] = keras.backend.backend()
        state["absl logger"] = absl.logging.get_absl_logger().name
    mark("end")
    print(json.dumps(state))
    raise SystemExit

ROWS = {
    "unset, then 3 after import": ({}, "late"),
    "TF_CPP_MIN_LOG_LEVEL=1": ({"TF_CPP_MIN_LOG_LEVEL": "1"}, "plain"),
    "TF_CPP_MIN_LOG_LEVEL=2": ({"TF_CPP_MIN_LOG_LEVEL": "2"}, "plain"),
    "TF_CPP_MIN_LOG_LEVEL=3": ({"TF_CPP_MIN_LOG_LEVEL": "3"}, "warn"),
    "the quiet recipe": ({}, "quiet"),
}
WARN_ROWS = ("TF_CPP_MIN_LOG_LEVEL=3", "the quiet recipe")
base = {
    name: value
    for name, value in os.environ.items()
    if not name.startswith(("TF_", "KERAS_", "PYTHONWARNINGS"))
}
base["KERAS_HOME"] = os.getcwd()  # keras.json here, not in ~/.keras


def run(row):
    env, mode = ROWS[row]
    folder = f"row{list(ROWS).index(row)}"
    os.makedirs(folder)
    return subprocess.run(
        [sys.executable, __file__, "--child", mode],
        env={**base, **env},
        cwd=folder,
        capture_output=True,
        text=True,
        check=True,
    )


with ThreadPoolExecutor(2) as pool:
    done = dict(zip(ROWS, pool.map(run, ROWS), strict=True))

CPP = re.compile(  # 2.21's absl format, or 2.16-2.20's
    r"^([IWEF])\d{4} [\d:.]+ +\d+ ([\w.]+):\d+\] (.*)"
    r"|^[\d-]+ [\d:.]+: ([IWEF]) (?:\S+/)?([\w.]+):\d+\] (.*)"
)


def cpp_fields(found):
    """(letter, source file, message) of a C++ log line, either format."""
    groups = found.groups()
    return groups[:3] if groups[0] else groups[3:]


WARNINGS = re.compile(
    r"^\S+/(tensorflow|keras)/\S+\.py:\d+: \w*Warning: "
)
OWN = re.compile(r"^(\S+\.py):\d+: \w*Warning: ")  # names a line here
PYTHON = {
    "WARNING:tensorflow:": "tensorflow logger",
    "WARNING:absl:": "absl (keras)",
}


def sort_stderr(text):
    """{step: [what]} from a child's stderr, split at its markers."""
    steps, step = {}, "import"
    for line in text.splitlines():
        marker = re.fullmatch(r"\[(.+)\]", line)
        if marker:
            step = marker[1]
            continue
        found = CPP.match(line)
        warned = WARNINGS.match(line)
        if found:
            letter, source, message = cpp_fields(found)
            what = f"{letter} {source}"
        elif warned:
            what = f"warnings ({warned[1]})"
        elif OWN.match(line) and OWN.match(line)[1] == __file__:
            what = "warnings (your line)"
        elif line.startswith("WARNING: All log messages before absl"):
            what = "absl::InitializeLog notice"
        else:
            what = next(
                (name for key, name in PYTHON.items() if key in line),
                None,
            )
        if what:
            steps.setdefault(step, []).append(what)
    return steps


sorted_rows = {row: sort_stderr(done[row].stderr) for row in ROWS}
for row, steps in sorted_rows.items():
    print(f"{row}:")
    for step in ("import", "first op", "tf.print", "python"):
        shown = steps.get(step, [])
        counts = {
            what: shown.count(what) for what in dict.fromkeys(shown)
        }
        text = ", ".join(
            f"{what} x{n}" if n > 1 else what
            for what, n in counts.items()
        )
        if step == "python" and row not in WARN_ROWS:
            text = "(not triggered)"
        print(f"  {step:8}: {text or '-'}")

onednn_line = next(
    cpp_fields(CPP.match(line))[2]
    for line in done["unset, then 3 after import"].stderr.splitlines()
    if CPP.match(line) and "oneDNN" in line
)
print("port.cc says:", onednn_line[:44] + "…")
states = {row: json.loads(done[row].stdout) for row in ROWS}
for row, state in states.items():
    print(f"{row}: oneDNN ops on: {state['onednn']}")
print("Keras backend:", states["the quiet recipe"]["backend"])

# The proof. TensorFlow is never imported here: each child loads it
# after its own environment is set.
for row in ROWS:
    assert states[row]["tf logger"] == "tensorflow", "tf.get_logger()"
for row in WARN_ROWS:
    assert states[row]["absl logger"] == "absl", "absl's logger"
    assert states[row]["backend"] == "tensorflow", row
assert onednn_line.startswith("oneDNN custom operations are on."), (
    onednn_line
)
assert "set the environment variable `TF_ENABLE_ONEDNN_OPTS=0`" in (
    onednn_line
), "expected the notice to name TF_ENABLE_ONEDNN_OPTS=0"
tf_print = {
    row: steps.get("tf.print", []) for row, steps in sorted_rows.items()
}
LETTERS = {
    "unset, then 3 after import": ["I", "W", "E"],
    "TF_CPP_MIN_LOG_LEVEL=1": ["W", "E"],
    "TF_CPP_MIN_LOG_LEVEL=2": ["E"],
    "TF_CPP_MIN_LOG_LEVEL=3": [],
    "the quiet recipe": [],
}
for row, letters in LETTERS.items():
    assert tf_print[row] == [f"{x} logging_ops.cc" for x in letters], (
        f"expected {row} to show {letters}: {tf_print[row]}"
    )
PYTHON_SIDE = [
    "absl (keras)",
    "tensorflow logger",
    "warnings (keras)",
    "warnings (tensorflow)",
    "warnings (your line)",
]
version = states["TF_CPP_MIN_LOG_LEVEL=1"]["version"]
tf_release = tuple(int(v) for v in version.split(".")[:2])
for row, steps in sorted_rows.items():
    op_lines = steps.get("first op", [])
    if tf_release > (2, 21):  # a nightly here looks for CUDA at the op
        op_lines = [x for x in op_lines if x != "E cuda_platform.cc"]
    assert not op_lines, f"expected the op to log nothing: {row}"
    imported = steps.get("import", [])
    onednn = imported.count("I port.cc")
    if row == "the quiet recipe":
        assert all(
            re.fullmatch(r"\[.+\]", line)
            for line in done[row].stderr.splitlines()
        ), f"expected nothing but the markers: {done[row].stderr}"
        assert "[python]" in done[row].stderr.splitlines(), row
        continue
    if tf_release >= (2, 21):
        assert onednn == 2, (
            f"expected the oneDNN notice twice, at every level: {row}"
        )
    elif row == "unset, then 3 after import":
        assert onednn >= 1, "expected the oneDNN notice at level 0"
    else:
        assert onednn == 0, f"expected 2.16-2.20 to hide it: {row}"
    assert ("I cpu_feature_guard.cc" in imported) == (
        row == "unset, then 3 after import"
    ), f"expected the CPU-feature I line at level 0 only: {row}"
    if row in WARN_ROWS:
        assert sorted(steps["python"]) == PYTHON_SIDE, (
            f"expected every Python-side warning at level 3: {row}"
        )
    else:
        assert "python" not in steps, row
assert states["TF_CPP_MIN_LOG_LEVEL=3"]["module filter"] == [
    ["SyntaxWarning", True]
], "expected a module='keras' filter to miss a warning naming your line"
assert states["the quiet recipe"]["first filter"] == [
    "ignore",
    "None",
    "<class 'Warning'>",
    "None",
    "0",
], "expected the recipe to ignore every category from any module"
assert all(
    s["onednn"] == (row != "the quiet recipe")
    for row, s in states.items()
), "expected TF_ENABLE_ONEDNN_OPTS=0 to turn oneDNN's ops off"
assert not any(
    "Using TensorFlow backend" in d.stdout + d.stderr
    for d in done.values()
), "expected Keras 3 not to announce its backend"
