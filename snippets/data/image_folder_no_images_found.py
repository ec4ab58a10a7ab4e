"""image_dataset_from_directory: 0 files, a missing folder, wrong classes

When you hit it: `keras.utils.image_dataset_from_directory` fails, or
finds wrong classes.

What is going on: each subfolder not starting with `.` is a class,
searched at any depth for `.bmp`, `.gif`, `.jpeg`, `.jpg`, `.png`,
any case (`.JPG`).

| Symptom | Cause | Fix |
|---|---|---|
| `FileNotFoundError: … 'data'`; Keras ≤3.11: `NotFoundError: Could not find directory data` | relative to the working directory | script: `Path(__file__)`; notebook: an absolute path |
| `… while we found 0 files` | wrong path or no allowed files; a `labels` list skips the folder check | check both |
| "Found 0 files belonging to 0 classes.", then `No images found in directory …` | no class subfolders | top-folder images: class subfolders or `labels=None`; no images: check the path |
| `Found 0 files belonging to … classes.`, the same error | class folders empty, or only `.tif`, `.webp` … | check the folders; convert to PNG or JPEG |

Pitfall: class folders one level too deep load without error:
`data/train/images/cat` passed as `data/train` prints "Found 4 files
belonging to 1 classes.": class_names `['images']`, every label 0.
Pass `data/train/images`.

Checked: `tf_keras` raises the `NotFoundError` too. In Keras 3, with
`labels=None`, a missing folder prints "Found 0 files." (`tf_keras`:
"Found 0 files belonging to 1 classes.") before `No images found`. An
empty class folder is still a class, one no image carries ("Found 2
files belonging to 2 classes."): delete it, or pass
`class_names=["cat"]`. Keras 3.12 and newer read a symlinked folder
inside a class folder only with `follow_links=True`.
`text_dataset_from_directory` and `audio_dataset_from_directory` find
folders the same way. In TF 2.9 a `labels` list missed top-folder
images
([tensorflow#57698](https://github.com/tensorflow/tensorflow/issues/57698),
[keras#16205](https://github.com/keras-team/keras/issues/16205)); here
Keras and `tf_keras` read them.

See also: [image folders](data.md#image-folder-dataset),
[explicit labels](data.md#image-folder-labels-and-boxes),
[a corrupt image](data.md#corrupt-image-in-folder).

severity: crash
topics: D15, D28
aliases:
  - image_dataset_from_directory found 0 files
  - "NotFoundError: Could not find directory data"
  - "ValueError: No images found in directory data. Allowed formats: ('.bmp', '.gif', '.jpeg', '.jpg', '.png')"
  - "Expected the lengths of `labels` to match the number of files in the target directory. len(labels) is 5 while we found 0 files"
  - Impossible to create dataset with non-infered labels
  - image_dataset_from_directory finds only one class
  - image_dataset_from_directory does not read .tif or .webp images
  - are upper-case .JPG files read by image_dataset_from_directory
  - relative path works in Jupyter but not when I run the script
  - empty class folder in image_dataset_from_directory
"""

import contextlib
import inspect
import io
import os
import runpy
import tempfile
from pathlib import Path

import keras
import tensorflow as tf
import tf_keras

PNG = tf.io.encode_png(tf.zeros((4, 4, 3), tf.uint8))
JPEG = tf.io.encode_jpeg(tf.zeros((4, 4, 3), tf.uint8))


def write(path, data=PNG):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    tf.io.write_file(path, data)


def load(loader, directory, **kwargs):
    """(printed line, class_names or the error) of one call."""
    printed = io.StringIO()
    try:
        with contextlib.redirect_stdout(printed):
            found = loader(directory, **kwargs)
        result = found.class_names
    except (OSError, ValueError, tf.errors.NotFoundError) as err:
        result = f"{type(err).__name__}: {err}"
    return printed.getvalue().strip(), result


def report(case, line, result):
    print(f"{case}: {line or '-'} | {result}")


os.chdir(tempfile.mkdtemp())  # every folder below is made here
image_ds = keras.utils.image_dataset_from_directory
keras_release = tuple(int(v) for v in keras.__version__.split(".")[:2])
for name in ("cat/0.png", "cat/1.png", "dog/0.png"):
    write(f"project/data/{name}")
os.makedirs("elsewhere")
os.chdir("elsewhere")  # run from another folder than the script's

# 1. A relative path, run from another folder.
try:
    # --8<-- [start:wrong]
    # train.py sits next to data/ but runs from another folder
    train_ds = keras.utils.image_dataset_from_directory("data")
    # --8<-- [end:wrong]
except (FileNotFoundError, tf.errors.NotFoundError) as err:
    missing = f"{type(err).__name__}: {err}"
print("relative path:", missing)
if keras_release >= (3, 12):  # os.listdir, not tf.io.gfile
    assert missing == (
        "FileNotFoundError: [Errno 2] No such file or directory: 'data'"
    ), missing
else:
    assert missing == "NotFoundError: Could not find directory data"
try:
    tf_keras.utils.image_dataset_from_directory("data")
except tf.errors.NotFoundError as err:
    keras2_missing = f"NotFoundError: {err}"
assert keras2_missing == "NotFoundError: Could not find directory data"
wrong_script = Path("../project/wrong_train.py").resolve()
wrong_script.write_text(
    'import keras\nkeras.utils.image_dataset_from_directory("data")\n'
)
try:
    runpy.run_path(str(wrong_script))  # data/ is next to this script
except (FileNotFoundError, tf.errors.NotFoundError) as err:
    from_script = f"{type(err).__name__}: {err}"
assert from_script == missing, "expected the script's folder ignored"
os.chdir("../project")
cwd_line, cwd_names = load(image_ds, "data")
assert cwd_names == ["cat", "dog"], "expected data/ found from project/"
os.chdir("../elsewhere")
_, absolute_names = load(image_ds, os.path.abspath("../project/data"))
assert absolute_names == ["cat", "dog"], (
    "expected an absolute path found"
)
try:  # a notebook cell runs as exec(), with no __file__
    exec("Path(__file__)", {"Path": Path})
except NameError as err:
    no_file = str(err)
assert no_file == "name '__file__' is not defined", no_file


# --8<-- [start:right]
def load_train_ds():  # in train.py: data/ next to the script
    here = Path(__file__).resolve().parent
    return keras.utils.image_dataset_from_directory(here / "data")


# --8<-- [end:right]
script = Path("../project/train.py").resolve()
script.write_text(
    "from pathlib import Path\nimport keras\n\n"
    + inspect.getsource(load_train_ds)
    + "\ntrain_ds = load_train_ds()\n"
)
ran = runpy.run_path(str(script))  # __file__ is train.py's path
print("right:", ran["train_ds"].class_names)
assert ran["train_ds"].class_names == ["cat", "dog"], "expected found"

none_line, none_result = load(image_ds, "data", labels=None)
report("missing, labels=None", none_line, none_result)
assert none_line == "Found 0 files.", none_line
assert none_result == (
    "ValueError: No images found in directory data. Allowed formats:"
    " ('.bmp', '.gif', '.jpeg', '.jpg', '.png')"
), none_result
keras2_none_line, keras2_none_result = load(
    tf_keras.utils.image_dataset_from_directory, "data", labels=None
)
report("tf_keras, missing, labels=None", keras2_none_line, "-")
assert keras2_none_line == "Found 0 files belonging to 1 classes.", (
    keras2_none_line
)
assert keras2_none_result == none_result, keras2_none_result
_, list_result = load(image_ds, "data", labels=[0, 0, 0, 1, 1])
report("missing, labels list", "-", list_result)
assert list_result.endswith(
    "len(labels) is 5 while we found 0 files in directory data."
), list_result
os.chdir("..")
for name in ("a.webp", "b.tif", "c.webp", "d.tif", "e.webp"):
    write(f"webp_list/{name}", b"not read")
_, webp_result = load(image_ds, "webp_list", labels=[0, 0, 0, 1, 1])
report("no allowed files, labels list", "-", webp_result)
assert webp_result.endswith(
    "len(labels) is 5 while we found 0 files in directory webp_list."
), webp_result

# 2. Class folders one level deeper than expected.
for name in ("cat/0.png", "cat/1.png", "dog/0.png", "dog/1.png"):
    write(f"deep/train/images/{name}")
deep_line, deep_names = load(image_ds, "deep/train", shuffle=False)
deep_labels = [
    int(label)
    for _, label in image_ds("deep/train", verbose=False).unbatch()
]
report("one level deeper", deep_line, deep_names)
print("  labels:", deep_labels)
assert deep_line == "Found 4 files belonging to 1 classes.", deep_line
assert deep_names == ["images"], "expected the folder as the only class"
assert deep_labels == [0, 0, 0, 0], "expected label 0 for every image"
fixed_line, fixed_names = load(image_ds, "deep/train/images")
assert fixed_names == ["cat", "dog"], "expected the parent to work"

# 3. Images only in the top folder, or none.
for i in range(3):
    write(f"flat/{i}.png")
flat_line, flat_result = load(image_ds, "flat")
report("top folder only", flat_line, flat_result)
assert flat_line == "Found 0 files belonging to 0 classes.", flat_line
assert flat_result.startswith(
    "ValueError: No images found in directory flat."
), flat_result
no_label_line, _ = load(image_ds, "flat", labels=None)
assert no_label_line == "Found 3 files.", "expected labels=None to work"
for loader in (image_ds, tf_keras.utils.image_dataset_from_directory):
    list_line, _ = load(loader, "flat", labels=[0, 1, 1])
    assert list_line == "Found 3 files belonging to 2 classes.", (
        "expected a labels list matched to top-folder images"
    )
os.makedirs("nothing")
nothing_line, nothing_result = load(image_ds, "nothing")
report("empty folder", nothing_line, nothing_result)
assert nothing_line == "Found 0 files belonging to 0 classes.", (
    nothing_line
)
assert nothing_result.startswith(
    "ValueError: No images found in directory nothing."
), nothing_result
nothing_none_line, nothing_none_result = load(
    image_ds, "nothing", labels=None
)
assert nothing_none_line == "Found 0 files.", nothing_none_line
assert nothing_none_result == nothing_result, (
    "expected labels=None not to help an empty folder"
)

# 4. Extensions: the allow list, and case.
allowed = keras.src.utils.image_dataset_utils.ALLOWLIST_FORMATS
assert allowed == (".bmp", ".gif", ".jpeg", ".jpg", ".png"), allowed
for name in ("cat/x.tif", "cat/x.tiff", "dog/x.webp", "dog/x.heic"):
    write(f"formats/{name}", b"not read")
formats_line, formats_result = load(image_ds, "formats")
report(".tif .tiff .webp .heic", formats_line, formats_result)
assert formats_line == "Found 0 files belonging to 2 classes.", (
    formats_line
)
assert formats_result.startswith("ValueError: No images found"), (
    formats_result
)
os.makedirs("empty_classes/cat")
os.makedirs("empty_classes/dog")
empty_classes_line, empty_classes_result = load(
    image_ds, "empty_classes"
)
report("empty class folders", empty_classes_line, empty_classes_result)
assert empty_classes_line == "Found 0 files belonging to 2 classes.", (
    empty_classes_line
)
assert empty_classes_result.startswith(
    "ValueError: No images found in directory empty_classes."
), empty_classes_result
for ext in ("BMP", "GIF", "Jpeg", "JPG", "PNG"):
    data = {"JPG": JPEG, "Jpeg": JPEG, "PNG": PNG}.get(ext, b"listed")
    write(f"upper/photos/x.{ext}", data)
upper_line, _ = load(image_ds, "upper")
report(".BMP .GIF .Jpeg .JPG .PNG", upper_line, "listed")
assert upper_line == "Found 5 files belonging to 1 classes.", upper_line

# 5. An empty class folder.
write("empty/cat/0.png")
write("empty/cat/1.png")
os.makedirs("empty/dog")
empty_line, empty_names = load(image_ds, "empty")
empty_labels = sorted(
    int(label)
    for _, label in image_ds("empty", verbose=False).unbatch()
)
report("empty class folder", empty_line, empty_names)
assert empty_line == "Found 2 files belonging to 2 classes.", empty_line
assert empty_names == ["cat", "dog"] and empty_labels == [0, 0], (
    "expected the empty folder as a class no image carries"
)
chosen_line, _ = load(image_ds, "empty", class_names=["cat"])
assert chosen_line == "Found 2 files belonging to 1 classes.", (
    chosen_line
)
os.makedirs("empty/.ipynb_checkpoints")
hidden_line, hidden_names = load(image_ds, "empty")
assert hidden_names == ["cat", "dog"], "expected no class for a .folder"
os.rmdir("empty/dog")
deleted_line, _ = load(image_ds, "empty")
assert deleted_line == "Found 2 files belonging to 1 classes.", (
    deleted_line
)

# 6. Any depth, and symlinked folders inside a class folder.
write("linked/cat/0.png")
write("linked/cat/a/b/c/0.png")
write("store/extra/0.png")
write("store/extra/1.png")
os.symlink(os.path.abspath("store/extra"), "linked/cat/more")
link_line, _ = load(image_ds, "linked")
follow_line, _ = load(image_ds, "linked", follow_links=True)
report("symlinked folder in a class", link_line, "-")
assert follow_line == "Found 4 files belonging to 1 classes.", (
    follow_line
)
if keras_release >= (3, 12):  # os.walk(followlinks=follow_links)
    assert link_line == "Found 2 files belonging to 1 classes.", (
        link_line
    )
else:
    assert link_line == follow_line, link_line

# The text and audio loaders list folders the same way.
for name in ("cat/0", "dog/0"):
    write(f"deep_text/train/images/{name}.txt", b"a text")
    write(
        f"deep_audio/train/images/{name}.wav",
        tf.audio.encode_wav(tf.zeros((8, 1)), 16000),
    )
text_ds = keras.utils.text_dataset_from_directory
audio_ds = keras.utils.audio_dataset_from_directory
utils = keras.src.utils
assert "fname.lower().endswith(formats)" in inspect.getsource(
    utils.dataset_utils.iter_valid_files
), "expected the extension, lower-cased, against the allow list"
assert 'formats=(".txt",)' in inspect.getsource(
    utils.text_dataset_utils
), "expected .txt for text"
assert utils.audio_dataset_utils.ALLOWED_FORMATS == (".wav",)
for module in (
    utils.image_dataset_utils,
    utils.text_dataset_utils,
    utils.audio_dataset_utils,
):
    source = inspect.getsource(module)
    assert "dataset_utils.index_directory(" in source, module.__name__
for loader, folder in (
    (text_ds, "deep_text"),
    (audio_ds, "deep_audio"),
):
    line, names = load(loader, f"{folder}/train")
    _, gone = load(loader, "no_such_folder")
    report(loader.__name__, line, names)
    assert names == ["images"], "expected one class, one level deep"
    if keras_release >= (3, 12):  # os.listdir, not tf.io.gfile
        assert gone.startswith("FileNotFoundError"), gone
    else:
        assert gone.startswith("NotFoundError: Could not find"), gone
