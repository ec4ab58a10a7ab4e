r"""`load_model` "File not found": the working directory, `\n` in a path, no zip

When you hit it: `keras.models.load_model("model.keras")` raises
``ValueError: File not found: filepath=model.keras. Please ensure the
file is an accessible `.keras` zip file.``, yet `model.keras` sits next
to your script ([tf-keras#780](https://github.com/keras-team/tf-keras/issues/780),
[keras#20259](https://github.com/keras-team/keras/issues/20259)).

What is going on: `load_model` (the same function as
`keras.saving.load_model` and `tf.keras.models.load_model`) looks a
relative path up from the working directory (`os.getcwd()`), not from
the script's folder: build the path from `Path(__file__).parent`. In a
normal string literal, `"C:\new\trained.keras"` holds a newline and a
tab: write `r"C:\new\trained.keras"` or `"C:/new/trained.keras"`.

Pitfall: a `.keras` file that is there but is not a zip, or that you
cannot read, gets the same "File not found": an empty file, a partial
download, a Git LFS pointer. If `Path(path).is_file()` is True, the
path is right.

Checked: `load_model` tests a `.keras` name with `zipfile.is_zipfile`
(`keras/src/saving/saving_api.py`, `load_model`), which returns
`False` when opening the file raises any `OSError` (Python's
`zipfile.py`). The run fakes a `PermissionError` from `open` and gets
"File not found", as a read-only folder does in
[keras#20146](https://github.com/keras-team/keras/issues/20146); so
does an empty folder named `dir.keras`. `"C:\Users\…"` is a
`SyntaxError`. Windows was not run: the escapes are Python's own, and
`PureWindowsPath` reads both spellings as one path. The
pointer test follows the
[Git LFS spec](https://github.com/git-lfs/git-lfs/blob/main/docs/spec.md);
[`git lfs pull`](https://github.com/git-lfs/git-lfs/blob/main/docs/man/git-lfs-pull.adoc)
fetches the file. For "File format not supported", see
[SavedModel in Keras 3](save-load.md#savedmodel-in-keras3); for
`save(..., zipped=False)` folders,
[the file format](save-load.md#keras-file-format). Keras 2
(`tf_keras`) says `OSError: No file or directory found at
model.keras`. These messages are the same on TF 2.16 to 2.21 and the
nightly.

severity: crash
topics: L1, E18
aliases:
  - "ValueError: File not found: filepath=model.keras. Please ensure the file is an accessible `.keras` zip file."
  - Please ensure the file is an accessible `.keras` zip file
  - load_model can't find file on Windows
  - load_model file not found but the file exists
  - load_model File not found in a read-only folder or without read permission
  - "OSError: No file or directory found at model.h5" (tf_keras, Keras 2)
  - relative path to the model file fails when the script runs from another folder
  - Windows path with backslashes in load_model: \n and \t in the string
  - SyntaxError (unicode error) 'unicodeescape' codec can't decode bytes, truncated \UXXXXXXXX escape
  - load_model on a Git LFS pointer file or a partial download
"""

import errno
import hashlib
import os
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path, PureWindowsPath
from unittest import mock

import keras
import tensorflow as tf
import tf_keras

os.chdir(tempfile.mkdtemp())
same_function = (
    keras.saving.load_model is keras.models.load_model
    and tf.keras.models.load_model is keras.models.load_model
)
print("keras.saving / keras.models / tf.keras.models:", same_function)
assert same_function, "expected one load_model behind the three names"


def load_error(path):
    """The exception load_model raises, as 'Type: message'."""
    try:
        keras.models.load_model(path)
    except Exception as err:  # noqa: BLE001 - the type is the finding
        return f"{type(err).__name__}: {err}"
    return "loaded"


def not_found(path):
    return (
        f"ValueError: File not found: filepath={path}. Please ensure"
        " the file is an accessible `.keras` zip file."
    )


os.makedirs("project")  # project/model.keras, project/predict.py
model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
model.save("project/model.keras")
# The child script; the lines between the markers are what the page
# shows (the markers are comments in predict.py too).
PREDICT_PY = """
from pathlib import Path
import keras

try:
    keras.models.load_model("model.keras")
except ValueError as err:
    print("ValueError:", err)
# --8<-- [start:cwd]
# project/predict.py, started as: python project/predict.py
here = Path(__file__).parent  # the folder predict.py is in
model = keras.models.load_model(here / "model.keras")
# load_model("model.keras") would look in os.getcwd()
# --8<-- [end:cwd]
print("Path(__file__).parent / 'model.keras': loaded")
"""
Path("project/predict.py").write_text(PREDICT_PY)
child = subprocess.run(  # from the folder above project/
    [sys.executable, "project/predict.py"],
    capture_output=True,
    text=True,
)
child_lines = child.stdout.splitlines()
print("python project/predict.py, exit", child.returncode)
for line in child_lines:
    print("  " + line)
assert child.returncode == 0, child.stderr[-2000:]
assert child_lines == [
    not_found("model.keras"),
    "Path(__file__).parent / 'model.keras': loaded",
], "expected the relative path to miss and Path(__file__) to load"
assert Path("model.keras").absolute() == Path.cwd() / "model.keras"
os.chdir("project")  # the working directory decides, not the script
from_project = load_error("model.keras")
os.chdir("..")
print("cwd project/: load_model('model.keras')", from_project)
assert from_project == "loaded", "expected the cwd's model.keras"

# --8<-- [start:windows]
windows_path = "C:\new\trained.keras"  # \n: newline, \t: tab
print(
    "\\n in it:",
    "\n" in windows_path,
    "| \\t in it:",
    "\t" in windows_path,
)
print(load_error(windows_path))  # the path breaks across lines
raw_path = r"C:\new\trained.keras"  # or "C:/new/trained.keras"
# --8<-- [end:windows]
assert "\n" in windows_path and "\t" in windows_path, "escapes"
assert load_error(windows_path) == not_found(windows_path)
assert raw_path == "C:\\new\\trained.keras", "expected backslashes kept"
forward = PureWindowsPath("C:/new/trained.keras")
print("PureWindowsPath('C:/new/trained.keras'):", forward)
assert forward == PureWindowsPath(raw_path), "one Windows path"
try:
    compile(r'model_path = "C:\Users\ana\model.keras"', "p.py", "exec")
except SyntaxError as err:
    users_error = err.msg
else:
    raise AssertionError('expected "C:\\Users" to be a SyntaxError')
print("SyntaxError:", users_error)
assert users_error == (
    "(unicode error) 'unicodeescape' codec can't decode bytes in"
    " position 2-3: truncated \\UXXXXXXXX escape"
), "expected the \\U escape to stop the compile"

# Files that are there but are not a zip, and one this process may
# not read: the same "File not found".
good = Path("project/model.keras").read_bytes()
Path("empty.keras").write_bytes(b"")
Path("partial.keras").write_bytes(good[: len(good) // 2])
Path("lfs.keras").write_text(
    "version https://git-lfs.github.com/spec/v1\n"
    f"oid sha256:{hashlib.sha256(good).hexdigest()}\n"
    f"size {len(good)}\n"
)
Path("locked.keras").write_bytes(good)  # a real zip, made unreadable
os.makedirs("dir.keras")


# --8<-- [start:check]
def check_model_file(path):
    """What is at path, before load_model reads it as .keras."""
    if not str(path).endswith(".keras"):  # case-sensitive, as Keras
        return "not a .keras name"
    path = Path(path)
    if path.is_dir():
        return "a folder, not a .keras zip file"
    if not path.is_file():
        return f"nothing at {path.absolute()}"
    try:
        with open(path, "rb") as model_file:
            head = model_file.read(100)
    except OSError as err:  # there, but this process may not read it
        return f"cannot read it: {err}"
    if head.startswith(b"version https://git-lfs"):
        return "a Git LFS pointer: run git lfs pull"
    if not zipfile.is_zipfile(path):
        return "not a zip: empty, cut short or another format"
    return "a zip, as a .keras file is"


# --8<-- [end:check]
real_open = open


def denied_open(file, *args, **kwargs):
    """open() as for a file without read permission (the run may be
    root, which reads any file)."""
    if str(file).endswith("locked.keras"):
        raise PermissionError(
            errno.EACCES, "Permission denied", os.fspath(file)
        )
    return real_open(file, *args, **kwargs)


paths = (
    "empty.keras",
    "partial.keras",
    "lfs.keras",
    "locked.keras",
    "dir.keras",
    "model.keras",
)
found = {}
with mock.patch("builtins.open", denied_open):
    for path in paths:
        found[path] = (
            check_model_file(path).replace(str(Path.cwd()), "<cwd>"),
            Path(path).is_file(),
            zipfile.is_zipfile(path),
            load_error(path),
        )
for path, (check, is_file, is_zip, error) in found.items():
    print(f"{path}: {check} | is_file {is_file} | is_zipfile {is_zip}")
    assert error == not_found(path), f"expected {path} 'not found'"
print("  each:", not_found("<path>"))
assert {path: found[path][:3] for path in paths} == {
    "empty.keras": (
        "not a zip: empty, cut short or another format",
        True,
        False,
    ),
    "partial.keras": (
        "not a zip: empty, cut short or another format",
        True,
        False,
    ),
    "lfs.keras": ("a Git LFS pointer: run git lfs pull", True, False),
    "locked.keras": (
        "cannot read it: [Errno 13] Permission denied: 'locked.keras'",
        True,
        False,
    ),
    "dir.keras": ("a folder, not a .keras zip file", False, False),
    "model.keras": ("nothing at <cwd>/model.keras", False, False),
}, "expected is_file True only where the path is right"
assert load_error("locked.keras") == "loaded", "readable again"
assert check_model_file("project/model.keras") == (
    "a zip, as a .keras file is"
)
renamed = "model.KERAS"
Path(renamed).write_bytes(good)
assert check_model_file(renamed) == "not a .keras name"
assert load_error(renamed).startswith(
    f"ValueError: File format not supported: filepath={renamed}."
), "expected Keras to read .KERAS as another format"

keras2_messages = []
for path in ("model.keras", "model.h5"):
    try:
        tf_keras.models.load_model(path)
    except OSError as err:
        keras2_messages.append(f"OSError: {err}")
print("tf_keras:", keras2_messages)
assert keras2_messages == [
    "OSError: No file or directory found at model.keras",
    "OSError: No file or directory found at model.h5",
], "expected Keras 2's wording for a missing path"
