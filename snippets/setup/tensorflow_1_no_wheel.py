"""`tensorflow==1.15` not found: no PyPI wheel past Python 3.7 or for 64-bit ARM

When you hit it: on a Colab runtime of 2022–2023, `%tensorflow_version
1.x` stops with a `ValueError` saying TensorFlow 1 is unsupported; on
Python 3.8+, `pip install tensorflow==1.15` fails: `Could not
find a version that satisfies the requirement tensorflow==1.15`.

What is going on: PyPI has no source archive of any `tensorflow`
release below 2.10, so pip can only take a wheel whose tags fit your
Python and platform. The 1.x releases, 1.0.0 to 1.15.5 (the last,
January 2021), have CPython wheels up to 3.7 (3.7 from 1.13.1 on),
none for ARM. On Python 3.8+ no 1.x wheel fits: pip's
`(from versions: …)` list holds 2.x releases only. 1.15's Linux wheels
are manylinux2010, so on Linux a pip older than 19.0 sees 1.x only up to
1.14.0, even on Python 3.7.

Pitfall: PyPI's 1.x wheels are for x86-64 Linux and Intel Macs
(CPython ≤3.7) and 64-bit Windows (3.5–3.7); on Python 3.8+,
`tensorflow<2` fails too. Upgrade an old pip; elsewhere, port the code.

Checked: the wheel tags and other files come from the PyPI snapshot
of the date printed, which keeps every release below 2.10, pre-releases
included (0.12.0 to 2.10.0rc3; no 0.x or 1.x pre-release), with the
names of its non-wheel and yanked files (none), and the newest final
patch of each minor release from 2.10 on. 1.4.1 and 1.10.1 have no
Windows wheel. The run asks the installed pip offline, against one
empty stand-in wheel per wheel tag of those releases
([how the run asks pip](setup.md#no-wheel-for-python-or-platform)), so
its `from versions` lists (printed shortened) lack only the releases
from 2.10.0 on other than the newest final patch of each minor release;
pip lists pre-releases too. The old pip is the installed one asked for
`manylinux1_x86_64` and `linux_x86_64` only: pip learned manylinux2010
in 19.0 ([pip 19.0 changelog](https://pip.pypa.io/en/stable/news/#v19-0),
[tensorflow#37235](https://github.com/tensorflow/tensorflow/issues/37235));
in 2019 its list also held pre-releases that the snapshot lacks (1.x
release candidates, 2.0 alphas and betas:
[tensorflow#35061](https://github.com/tensorflow/tensorflow/issues/35061)).
Not read here: piwheels, the index Raspberry Pi OS's pip uses, has
TF-team 1.x wheels for the 32-bit Raspberry Pi (armv7l)
([tensorflow#18202](https://github.com/tensorflow/tensorflow/issues/18202),
[tensorflow-on-arm#27](https://github.com/lhelontra/tensorflow-on-arm/issues/27);
1.14.0 for Python 3.7:
[piwheels/packages#277](https://github.com/piwheels/packages/issues/277));
on Linux with Python 3.8, try NVIDIA's 1.15 build, `nvidia-tensorflow`
from NVIDIA's index (`pip install nvidia-pyindex`, then
`pip install nvidia-tensorflow`;
[NVIDIA/tensorflow#85](https://github.com/NVIDIA/tensorflow/issues/85),
Python 3.8 only:
[NVIDIA/tensorflow#34](https://github.com/NVIDIA/tensorflow/issues/34)).

On 2.21, TF1 graph code that feeds a placeholder through
`tf.compat.v1.Session` still runs inside a `tf.Graph`
([Session and placeholder](graphs.md#tf1-session-placeholder)), but
`tf.contrib` is gone ([TF1 names](debugging.md#tf1-names-gone)) and
`tf.compat.v1.layers.dense` raises
`` `dense` is not available with Keras 3.`` by default. With `tf_keras`
installed and `TF_USE_LEGACY_KERAS=1` set before TensorFlow is
imported, it builds and runs in a Session (a child process here;
[tf.keras is Keras 3](setup.md#tf-keras-is-keras3)). The 2.21 wheel
installed here ships the `tf_upgrade_v2` console script (printed;
[what it renames](debugging.md#tf1-names-gone)). Colab was not run:
its error is raised by Colab's own
[`_tensorflow_magics.py`](https://github.com/googlecolab/colabtools/blob/main/google/colab/_tensorflow_magics.py),
which points to the
[migration guide](https://www.tensorflow.org/guide/migrate), and
quoted in
[tflite-micro#1998](https://github.com/tensorflow/tflite-micro/issues/1998)
and [ghost-free-shadow-removal#47](https://github.com/vinthony/ghost-free-shadow-removal/issues/47)
(2023 and 2022 runtimes);
`tensorflow-gpu==1.15` (not in the snapshot) fails the same way there
([colabtools#3719](https://github.com/googlecolab/colabtools/issues/3719)),
and notebooks of TF1-only libraries such as Lucid break there
([lucid#306](https://github.com/tensorflow/lucid/issues/306),
[post--building-blocks#33](https://github.com/distillpub/post--building-blocks/issues/33)).
Colab moved to Python 3.13 in August 2026
([colabtools#6081](https://github.com/googlecolab/colabtools/issues/6081)).

severity: crash
topics: S15, S2, E17, S8
aliases:
  - "ValueError: Tensorflow 1 is unsupported in Colab."
  - Your notebook should be updated to use Tensorflow 2.
  - "%tensorflow_version 1.x" no longer works in Google Colab
  - "ERROR: Could not find a version that satisfies the requirement tensorflow==1.15.0"
  - "ERROR: No matching distribution found for tensorflow==1.15"
  - pip lists tensorflow versions up to 1.14.0 only, 1.15 missing
  - "AttributeError: `dense` is not available with Keras 3."
  - tensorflow-gpu==1.15
  - install TensorFlow 1.15 on Python 3.10, Apple silicon or aarch64
  - which Python versions does TensorFlow 1.15 support
"""

import importlib.util
import json
import os
import subprocess
import sys
import zipfile
from concurrent.futures import ThreadPoolExecutor
from importlib import metadata
from pathlib import Path

import tensorflow as tf
from packaging.tags import parse_tag
from packaging.version import Version

SNAPSHOT = (
    Path(__file__).resolve().parents[2] / "registry" / "pypi.json"
)
registry = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
legacy = registry["legacy"]["tensorflow"]  # every release below 2.10
assert "unparsed" not in legacy, f"unreadable files: {legacy}"
newer = registry["packages"]["tensorflow"]  # newest patches, 2.10 on
releases = {**legacy, **newer}

# TF1 layers with Keras 2: a child process with TF_USE_LEGACY_KERAS set
# before TensorFlow is imported (it runs while pip runs below).
LEGACY_LAYERS = """
import tensorflow as tf
with tf.Graph().as_default() as graph:
    x = tf.compat.v1.placeholder(tf.float32, [None, 2])
    y = tf.compat.v1.layers.dense(x, 3)
    with tf.compat.v1.Session(graph=graph) as session:
        session.run(tf.compat.v1.global_variables_initializer())
        out = session.run(y, {x: [[1.0, 2.0]]})
print(tf.compat.v1.layers.dense.__module__, out.shape)
"""
# The pinned environment has tf_keras; a release's matrix environment
# may not (nightly), and then this part is skipped there.
HAS_TF_KERAS = importlib.util.find_spec("tf_keras") is not None
PINNED = tf.__version__.startswith("2.21.")
assert HAS_TF_KERAS or not PINNED, "expected tf_keras next to 2.21"
if HAS_TF_KERAS:
    legacy_child = subprocess.Popen(
        [sys.executable, "-c", LEGACY_LAYERS],
        env={**os.environ, "TF_USE_LEGACY_KERAS": "1"},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )

# Stand-in wheels: one empty wheel per wheel tag of each release in the
# snapshot (pre-releases below 2.10 included), so the installed pip
# matches the same tags as on PyPI, offline.
index = Path("index").resolve()
index.mkdir()
for version, facts in releases.items():
    requires = facts.get("requires_python")  # below 2.10: not kept
    for tag in facts["wheels"]:
        info = f"tensorflow-{version}.dist-info"
        fields = f"Name: tensorflow\nVersion: {version}\n"
        if requires:
            fields += f"Requires-Python: {requires}\n"
        stand_in = index / f"tensorflow-{version}-{tag}.whl"
        with zipfile.ZipFile(stand_in, "w") as wheel:
            wheel.writestr(
                f"{info}/METADATA", "Metadata-Version: 2.1\n" + fields
            )
            wheel.writestr(
                f"{info}/WHEEL",
                f"Wheel-Version: 1.0\nRoot-Is-Purelib: false\nTag: {tag}\n",
            )
            wheel.writestr(f"{info}/RECORD", "")
OFFLINE = ["--no-index", f"--find-links={index}"]

# --8<-- [start:show]
LINUX = ("manylinux_2_27_x86_64", "manylinux2014_x86_64")
OLD_PIP = ("manylinux1_x86_64", "linux_x86_64")  # pip < 19.0
LINUX_ARM = ("manylinux_2_27_aarch64", "manylinux2014_aarch64")
APPLE_SILICON = ("macosx_14_0_arm64",)
TARGETS = [
    ("3.7", LINUX, "tensorflow==1.15.5"),  # the last 1.x release
    ("3.7", OLD_PIP, "tensorflow==1.15"),  # Linux, pip < 19.0
    ("3.8", LINUX, "tensorflow<2"),  # any 1.x
    ("3.10", LINUX, "tensorflow==1.15.5"),
    ("3.13", LINUX, "tensorflow==1.15"),  # Colab's Python
    ("3.7", LINUX_ARM, "tensorflow<2"),  # Linux aarch64
    ("3.7", APPLE_SILICON, "tensorflow<2"),  # M-series Mac
]
# --8<-- [end:show]


def pick(python, platforms, requirement):
    """The wheel pip picks for another machine, or pip's error."""
    dest = Path("wheels", f"{python}-{platforms[0]}-{requirement}")
    cmd = [sys.executable, "-m", "pip", "download", requirement]
    cmd += ["--no-deps", f"--dest={dest}"]
    cmd += ["--isolated", "--no-cache-dir"]
    cmd += ["--disable-pip-version-check"]
    cmd += [f"--python-version={python}"]
    cmd += [f"--platform={platform}" for platform in platforms]
    try:
        done = subprocess.run(
            cmd + OFFLINE, capture_output=True, text=True, check=True
        )
    except subprocess.CalledProcessError as err:
        return err.stderr.strip()  # pip's error
    assert not done.stderr, done.stderr  # no warning either
    (wheel,) = dest.iterdir()  # the wheel pip downloaded
    return wheel.name


pool = ThreadPoolExecutor(2)  # pip runs while the rest goes on
pending = pool.map(lambda target: pick(*target), TARGETS)

# Every release below 2.10, pre-releases included: wheels only. No
# other file (a source archive of any extension), yanked or not, so pip
# can only take a wheel (the stand-ins hold every release's wheels).
below_210 = sorted(legacy, key=Version)
finals = [v for v in below_210 if not Version(v).is_prerelease]
previews = [v for v in below_210 if Version(v).is_prerelease]
assert below_210[0] == "0.12.0" and below_210[-1] == "2.10.0rc3"
assert finals[-1] == "2.9.3" and len(finals) == 79, finals
assert len(below_210) == 93, len(below_210)
assert all(Version(v) < Version("2.10") for v in below_210)
assert min(Version(v) for v in previews) == Version("2.6.0rc0")
assert not any(Version(v).is_devrelease for v in below_210)
for version, facts in legacy.items():
    assert facts["wheels"], f"expected wheels for {version}"
    assert facts["other_files"] == [], (
        f"expected no source archive for {version}: {facts}"
    )
    assert facts["yanked_files"] == [], (
        f"expected no yanked file in {version}: {facts}"
    )
# The newer releases in the snapshot: the newest final patch of each
# minor release from 2.10 on, so pip's lists here lack only the other
# releases from 2.10.0 on.
newer_versions = [Version(v) for v in newer]
assert [v.release[:2] for v in newer_versions] == [
    (2, minor) for minor in range(10, 22)
], newer_versions
assert not any(v.is_prerelease for v in newer_versions)
# What pip listed in 2019 (tensorflow#35061) but the snapshot lacks:
# 1.x release candidates (no 0.x or 1.x pre-release is kept), and 2.0
# alphas and betas.
assert not {"1.14.0rc0", "2.0.0a0", "2.0.0b0", "2.0.0b1"} & set(legacy)
assert all(Version(v).major == 2 for v in previews), previews

# No 0.x or 1.x wheel is for Python 3.8 or newer (or abi3), so pip's
# list on 3.8+ can only hold 2.x releases.
for version in below_210:
    if Version(version).major < 2:
        for file_tag in legacy[version]["wheels"]:
            (tag,) = parse_tag(file_tag)
            assert tag.interpreter in {
                f"cp{n}" for n in (27, 33, 34, 35, 36, 37)
            } and tag.abi.startswith(tag.interpreter), (version, tag)

# The 1.x releases: Python and platform of every wheel tag, per system.
versions = [v for v in below_210 if Version(v).major == 1]
assert versions == [v for v in finals if Version(v).major == 1]
last = versions[-1]
assert versions[0] == "1.0.0", versions[0]
assert last == "1.15.5" and legacy[last]["uploaded"] == "2021-01-06"
assert max(legacy[v]["uploaded"] for v in versions) == "2021-01-06"
SYSTEMS = {"manylinux": "Linux", "macosx": "Mac", "win": "Windows"}
pythons, platforms, per_system = {}, set(), {}
for version in versions:
    for file_tag in legacy[version]["wheels"]:
        (tag,) = parse_tag(file_tag)
        cp = tag.interpreter
        assert cp.startswith("cp"), f"CPython only: {tag}"
        assert tag.abi in {cp + "m", cp + "mu"}, f"not abi3: {tag}"
        python = f"{tag.interpreter[2]}.{tag.interpreter[3:]}"
        pythons.setdefault(version, set()).add(python)
        platforms.add(tag.platform)
        (system,) = [
            name
            for prefix, name in SYSTEMS.items()
            if tag.platform.startswith(prefix)
        ]
        per_system.setdefault(system, set()).add(python)
print("PyPI snapshot of", registry["fetched"])
print(f"tensorflow below 2.10: {len(below_210)} releases,", end=" ")
print(f"{below_210[0]} to {below_210[-1]}, other files: 0")
print(
    f"pre-releases: {previews[0]} ... {previews[-1]}: {len(previews)}"
)
span = f"{versions[0]} to {last}"
print(f"tensorflow 1.x: {len(versions)} releases, {span}", end=" ")
print(f"(uploaded {legacy[last]['uploaded']})")
every_python = set().union(*pythons.values())
for system in SYSTEMS.values():
    found = per_system[system]
    shown = ", ".join(sorted(found, key=Version))
    print(f"1.x CPython on {system}: {shown}")
with_37 = [v for v in versions if "3.7" in pythons[v]]
print("Python 3.7 wheels:", ", ".join(with_37))
print(f"{last}: Python", ", ".join(sorted(pythons[last])))
print("platforms:", ", ".join(sorted(platforms)))

newest = max(every_python, key=Version)
assert newest == "3.7", (
    f"expected no 1.x wheel past Python 3.7: {newest}"
)
assert set(per_system) == {"Linux", "Mac", "Windows"}, per_system
for system in ("Linux", "Mac"):
    assert max(per_system[system], key=Version) == "3.7", per_system
assert per_system["Windows"] == {"3.5", "3.6", "3.7"}, per_system
assert with_37 == [
    v for v in versions if Version(v) >= Version("1.13.1")
]
assert pythons[last] == {"3.6", "3.7"}, pythons[last]
X86_64 = {  # Linux, Intel Mac, 64-bit Windows
    "manylinux1_x86_64",
    "manylinux2010_x86_64",
    "macosx_10_6_intel",
    "macosx_10_9_x86_64",
    "macosx_10_11_x86_64",
    "win_amd64",
}
assert platforms <= X86_64, (
    f"expected x86-64 only: {platforms - X86_64}"
)
assert not any("arm" in p or "aarch" in p for p in platforms)
# Per release: Linux and Intel Mac wheels; Windows but for two. The
# Linux wheels are manylinux1 up to 1.14.0, manylinux2010 from 1.15.0.
no_windows = []
for version in versions:
    tags = [t.split("-")[2] for t in legacy[version]["wheels"]]
    for system in ("manylinux", "macosx"):
        found = any(p.startswith(system) for p in tags)
        assert found, f"expected {system} wheels for {version}"
    if "win_amd64" not in tags:
        no_windows.append(version)
    linux = {p for p in tags if p.startswith("manylinux")}
    old = Version(version) < Version("1.15")
    wanted = "manylinux1_x86_64" if old else "manylinux2010_x86_64"
    assert linux == {wanted}, (version, linux)
print("1.x without Windows wheels:", ", ".join(no_windows))
assert no_windows == ["1.4.1", "1.10.1"], no_windows

picked = dict(zip(TARGETS, pending, strict=True))
pool.shutdown()


def listed(error):
    """The versions in pip's '(from versions: ...)'."""
    shown = error.split("(from versions: ")[1].split(")")[0]
    return [] if shown == "none" else shown.split(", ")


def shortened(result):
    """pip's first line, its version list cut to first ... last."""
    first = result.splitlines()[0]
    if "(from versions: " not in first:
        return first
    shown = listed(result)
    if len(shown) > 4:
        cut = f"{shown[0]} ... {shown[-1]}: {len(shown)} versions"
        first = first.replace(", ".join(shown), cut)
    return first.replace(" (from", "\n    (from")


NAMES = {LINUX: "Linux x86-64", LINUX_ARM: "Linux aarch64"}
NAMES[APPLE_SILICON] = "macOS arm64"
NAMES[OLD_PIP] = "Linux, pip<19"
for (python, where, requirement), result in picked.items():
    print(f"Python {python:4} {NAMES[where]:13} {requirement:18} ->")
    print("   ", shortened(result))
for target, result in picked.items():
    requirement = target[2]
    if target == ("3.7", LINUX, "tensorflow==1.15.5"):
        assert result == (
            "tensorflow-1.15.5-cp37-cp37m-manylinux2010_x86_64.whl"
        ), f"expected the 1.15.5 wheel on Python 3.7: {result}"
        continue
    assert result.startswith(
        "ERROR: Could not find a version that satisfies the requirement"
        f" {requirement} (from versions: "
    ), f"expected pip's no-wheel error for {target}: {result}"
    assert result.endswith(
        f"\nERROR: No matching distribution found for {requirement}"
    ), result
    if target[1] == OLD_PIP:  # 1.x up to 1.14.0, nothing newer
        assert listed(result) == ["1.13.1", "1.13.2", "1.14.0"], result
        continue
    assert all(Version(v).major == 2 for v in listed(result)), result
on_38 = []
for target, result in picked.items():
    if Version(target[0]) >= Version("3.8"):
        assert listed(result), f"expected 2.x releases listed: {target}"
        on_38 += listed(result)
shown = sorted(set(on_38) & set(previews), key=Version)
print(
    f"pre-releases listed on 3.8+: {shown[0]} ... {shown[-1]}:", end=" "
)
print(len(shown))
assert "2.6.0rc0" in on_38, "expected pip to list pre-releases too"

# TF1 layers: a Keras 3 stub by default, which raises when used.
with tf.Graph().as_default():
    x = tf.compat.v1.placeholder(tf.float32, [None, 2])
    try:
        tf.compat.v1.layers.dense(x, 3)
    except AttributeError as err:
        layers_message = str(err)
    else:
        raise AssertionError("expected tf.compat.v1.layers to raise")
print("tf.compat.v1.layers.dense: AttributeError:", layers_message)
assert layers_message == "`dense` is not available with Keras 3."

# With tf_keras and TF_USE_LEGACY_KERAS=1, the child built and ran it.
if HAS_TF_KERAS:
    child_out, child_err = legacy_child.communicate(timeout=300)
    assert legacy_child.returncode == 0, child_err[-2000:]
    last = child_out.strip().splitlines()[-1]
    layer_module, shape = last.split(" ", 1)
    print(
        "TF_USE_LEGACY_KERAS=1: dense from", layer_module, "->", shape
    )
    assert layer_module.startswith("tf_keras."), layer_module
    assert shape == "(1, 3)", shape
else:
    print("tf_keras: not installed in this environment")

# The installed wheel (2.21 where the site is built) still installs
# the `tf_upgrade_v2` command.
(dist_name,) = metadata.packages_distributions()["tensorflow"]
dist = metadata.distribution(dist_name)
print("installed:", dist.metadata["Name"], dist.version)
assert Version(dist.version) == Version(tf.__version__), dist.version
(tf_upgrade_v2,) = [
    entry
    for entry in dist.entry_points
    if entry.group == "console_scripts"
    and entry.name == "tf_upgrade_v2"
]
print("console script:", tf_upgrade_v2.name, "=", tf_upgrade_v2.value)
