"""keras-hub needs Keras 3, says so only from 0.19: older ones land next to Keras 2

When you hit it: `import keras_hub` fails on `from keras import ops`;
`from_preset` raises `AttributeError: 'types.SimpleNamespace' object
has no attribute 'get_registered_object'`
([keras#19456](https://github.com/keras-team/keras/issues/19456)); or
`pip install keras-nlp` exits 0 with a 0.0.x lacking models
([keras-hub#1426](https://github.com/keras-team/keras-hub/issues/1426)).

What is going on: keras-nlp 0.14–0.18 and keras-hub 0.16–0.18 import
`keras.ops`; only keras-hub 0.19+ asks for Keras 3. Older ones
require `tensorflow-text` off macOS; its last Windows
wheels ([2.10.0](setup.md#companion-packages-pin-tensorflow)) are for
Python 3.7–3.10, with TensorFlow 2.10.1 and Keras 2.10. keras-nlp
0.7–0.12 fall back to `tf.keras`, which in Keras 2.10 and 2.11 lacks
`saving`; their stand-in misses `get_registered_object`, which
`from_preset` calls. Where `tensorflow-text` has no wheel for your
Python, pip skips what needs it (Windows 3.11+: keras-nlp 0.5–0.18;
elsewhere: all), at worst to a 0.0.x placeholder.

Pitfall: pip exits 0 on these pairs. Check `pip show
keras-nlp keras-hub keras tensorflow`. Fix: a fresh environment, the
newest keras-hub and Keras (TensorFlow 2.16+), off Windows on a Python
`tensorflow-text` supports; on Windows first `pip uninstall
keras-nlp tensorflow-text`.

Checked: the metadata (printed) comes from the PyPI snapshot of the
date printed, which holds keras-nlp from 0.5 and keras-hub from 0.16,
the newest patch of each release (keras-nlp 0.16+ is the keras-hub of
its version: [companions](setup.md#companion-packages-pin-tensorflow));
keras-hub 0.19.3 is of 2025, the releases below 0.19 of 2024 or
before. No Windows `tensorflow-text` accepts TensorFlow 2.11+, hence
the uninstall. Off Windows every keras-hub 0.19+ still asks for
`tensorflow-text`. Every keras-hub 0.19+ asks for `keras>=3.5` or more, which
only TensorFlow 2.16+ accepts
([pairs](setup.md#tensorflow-keras-pairs)). TensorFlow 2.10.1's
Windows wheel pins Keras 2.10; `tensorflow-text` 2.10.0 has Windows
wheels for Python 3.7–3.10 only, and there asks for TensorFlow below
2.11. The snapshot holds `tensorflow-text` from 2.10; Windows wheels
began in 2.4
([tensorflow/text#430](https://github.com/tensorflow/text/issues/430)),
each release for the TensorFlow of its minor
([README](https://github.com/tensorflow/text#readme)). The snapshot's
first `tensorflow-text` with a Linux wheel for Python 3.12 is 2.18.1,
of 2024-12-16 (2.17.0 stops at 3.11); on 2024-12-01 pip still skipped
keras-hub for it
([keras#20572](https://github.com/keras-team/keras/issues/20572)).

pip (version printed) resolved offline here, with each target's
`--python-version` and `--platform`, on one empty stand-in wheel per
wheel tag of every keras-nlp, keras-hub, Keras, `tensorflow-text` and
TensorFlow release in the snapshot that installs on Windows. A
stand-in keeps only its requirements among these five, those that
apply on Windows: pip reads markers for the machine it runs on, so
with the markers as written a download for `win_amd64` asks for
`tensorflow-text`. TensorFlow's stand-ins carry the Keras pin of its
Linux wheel. `keras-nlp<0.13` and `keras-nlp<0.19` resolve on Python
3.10 to the Keras 2.10 pairs printed, with no warning; on 3.11 and
3.12 pip finds no keras-nlp from 0.5 to 0.18. There the snapshot
stops; pip on PyPI goes on to older releases: users report 0.0.2
(keras-hub#1426) and, on Linux with Python 3.12 in 2024, 0.0.0
([keras-hub#1649](https://github.com/keras-team/keras-hub/issues/1649)).
Unpinned, Windows now gets a Keras 3 keras-hub and no TensorFlow
(printed for Python 3.9 to 3.12). Installing the newest releases is
the advice given in keras#19456. The uninstall (printed) names the
packages of the Windows 3.10 pair that upgrading keras-hub, Keras and
TensorFlow leaves behind, as in
[keras-hub#1985](https://github.com/keras-team/keras-hub/issues/1985).

Not run here: keras-nlp and Keras 2 are not installed. What follows
was read in their PyPI wheels (the snapshot's releases of keras-nlp
0.5–0.18, keras-hub 0.16–0.18 and Keras 2.10–2.15). keras-nlp 0.14.4
and 0.15.1 (`keras_nlp/src/layers/modeling/`) and keras-hub
0.16.1–0.18.1 (`keras_hub/src/bounding_box/converters.py`, which
keras-nlp 0.16.1–0.18.1 reach through `import keras_hub`) run
`from keras import ops` on import; none of those Keras 2 wheels has
`keras/ops`. Keras 2 support ended in keras-nlp 0.14
([release notes](https://github.com/keras-team/keras-nlp/releases/tag/v0.14.0),
[keras-hub#1658](https://github.com/keras-team/keras-hub/pull/1658)).
keras-nlp 0.6.4 to 0.12.1 use `tf.keras` when `tensorflow.keras` is
not Keras 3 (`keras_nlp/src/backend/config.py`) and set
`saving = types.SimpleNamespace()` when `tf.keras` has no `saving`
(`keras_nlp/src/backend/keras.py`, from 0.10
[`keras2.py`](https://github.com/keras-team/keras-hub/blob/9a59a7d2af658f3a95ef0c282ef3bc73dab4a7c3/keras_nlp/src/backend/keras2.py)),
and from 0.7.0 their `keras_nlp/src/utils/preset_utils.py` calls
`keras.saving.get_registered_object`; 0.5.2 has neither. The Keras
wheels have `keras/api/_v2/keras/saving/__init__.py`, with
`get_registered_object`, from 2.12.0 on. The run prints only Python's
own message for an attribute a `types.SimpleNamespace` lacks: the
message keras#19456 shows (its traceback has Windows paths).

severity: silent
topics: S12, S15
aliases:
  - AttributeError: 'types.SimpleNamespace' object has no attribute 'get_registered_object'
  - ImportError: cannot import name 'ops' from 'keras'
  - pip install keras-nlp installs version 0.0
  - keras-nlp on Windows
  - keras_hub with TensorFlow 2.15
  - module 'keras_nlp' has no attribute 'models'
  - which keras-hub version needs Keras 3
  - keras-nlp depends on tensorflow-text; platform_system != "Darwin"
  - tensorflow-text has no Windows wheel, keras-hub on Windows
"""

import importlib.metadata as metadata
import json
import os
import re
import subprocess
import sys
import tempfile
import types
import zipfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.version import Version

SNAPSHOT = (
    Path(__file__).resolve().parents[2] / "registry" / "pypi.json"
)
registry = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
packages = registry["packages"]
KIN = (
    "keras-nlp",
    "keras-hub",
    "keras",
    "tensorflow-text",
    "tensorflow",
)


def releases(package):
    return sorted(packages[package], key=Version)


def requires_dist(package, version, family="linux-x86_64"):
    """Requires-Dist of a release (pure-Python, or a platform's)."""
    meta = packages[package][version]["metadata"]
    wheel = meta.get("any") or meta[family]
    return [Requirement(line) for line in wheel["requires_dist"]]


# --8<-- [start:show]
def asks(package, version):
    """What a release names: its Keras, and when tensorflow-text."""
    keras_req, text_marker = "no keras", "-"
    for req in requires_dist(package, version):
        if req.name in ("keras", "keras-core"):
            keras_req = f"{req.name}{req.specifier}"
        if req.name == "tensorflow-text":
            text_marker = str(req.marker)
    return keras_req, text_marker


print("PyPI snapshot of", registry["fetched"])
for package in ("keras-nlp", "keras-hub"):
    rows = []  # [(Keras it names, tensorflow-text marker), releases]
    for version in releases(package):
        if package == "keras-nlp" and Version(version) >= Version(
            "0.16"
        ):
            continue  # from 0.16 on, keras-nlp is keras-hub
        if rows and rows[-1][0] == asks(package, version):
            rows[-1][1].append(version)
        else:
            rows.append([asks(package, version), [version]])
    for (keras_req, marker), found in rows:
        span = f"{found[0]}-{found[-1]}" if len(found) > 1 else found[0]
        print(f"{package} {span:13} {keras_req:11} text: {marker}")
# --8<-- [end:show]

# The metadata, release by release: no `keras` before 0.19 (keras-core
# in keras-nlp 0.6-0.12), tensorflow-text required on Windows until
# 0.19, then Keras 3 and tensorflow-text off Windows instead of macOS.
DARWIN = 'platform_system != "Darwin"'
WINDOWS = 'platform_system != "Windows"'
ON_WINDOWS = {"platform_system": "Windows", "sys_platform": "win32"}
NAMED = {
    (package, version): asks(package, version)
    for package in ("keras-nlp", "keras-hub")
    for version in releases(package)
    if package == "keras-hub" or Version(version) < Version("0.16")
}
for (package, version), (keras_req, marker) in NAMED.items():
    v = Version(version)
    if v < Version("0.19"):  # keras-nlp 0.5-0.15, keras-hub 0.16-0.18
        assert marker == DARWIN, (package, version, marker)
        (text,) = [
            r
            for r in requires_dist(package, version)
            if r.name == "tensorflow-text"
        ]
        assert text.marker.evaluate(ON_WINDOWS), version
        expected = "no keras"
        if package == "keras-nlp" and Version("0.6") <= v < Version(
            "0.13"
        ):
            expected = "keras-core"
        assert keras_req == expected, (package, version, keras_req)
    else:
        assert package == "keras-hub" and marker == WINDOWS, version
        assert keras_req.startswith("keras>=3."), (version, keras_req)
assert NAMED["keras-hub", "0.19.3"][0] == "keras>=3.5"
nlp = releases("keras-nlp")
assert nlp[0] == "0.5.2", "snapshot from keras-nlp 0.5"
assert nlp[nlp.index("0.12.1") + 1] == "0.14.4", "no keras-nlp 0.13"
assert releases("keras-hub")[0] == "0.16.1", "from keras-hub 0.16"
assert releases("keras-hub")[-1] == "0.32.0" == nlp[-1]
# keras-hub 0.19 (the snapshot keeps its 0.19.3) is of 2025; every
# keras-nlp and keras-hub release it keeps below 0.19, of 2024 or
# before.
uploaded = {
    (package, version): packages[package][version]["uploaded"]
    for package in ("keras-nlp", "keras-hub")
    for version in releases(package)
}
assert uploaded["keras-hub", "0.19.3"].startswith("2025-"), uploaded
assert all(
    date < "2025"
    for (_, version), date in uploaded.items()
    if Version(version) < Version("0.19")
), uploaded

# keras-hub 0.19+ asks for keras>=3.5 at least; only TensorFlow 2.16+
# accepts such a Keras (0.32.0 asks for keras>=3.15).
hub_floors = {
    asks("keras-hub", v)[0]
    for v in releases("keras-hub")
    if Version(v) >= Version("0.19")
}
assert hub_floors == {f"keras>=3.{m}" for m in (5, 8, 13, 15)}, (
    hub_floors
)
for tf_version in releases("tensorflow"):
    (pin,) = [
        r.specifier
        for r in requires_dist("tensorflow", tf_version)
        if r.name == "keras"
    ]
    for floor in hub_floors:
        fits = [
            v
            for v in releases("keras")
            if v in pin and v in Requirement(floor).specifier
        ]
        assert bool(fits) == (Version(tf_version) >= Version("2.16")), (
            tf_version,
            floor,
            fits,
        )

# TensorFlow 2.10.1's Windows wheel pins Keras 2.10, as its Linux one
# does; tensorflow-text 2.10.0's Windows wheels are for Python 3.7-3.10
# (that none after 2.10 has any is on the companions card).
(windows_keras,) = [
    r.specifier
    for r in requires_dist("tensorflow", "2.10.1", "windows-amd64")
    if r.name == "keras"
]
assert windows_keras == SpecifierSet(">=2.10.0,<2.11"), windows_keras
assert [v for v in releases("keras") if v in windows_keras] == [
    "2.10.0"
]
windows_text = sorted(
    (
        t.split("-")[0]
        for t in packages["tensorflow-text"]["2.10.0"]["wheels"]
        if t.endswith("win_amd64")
    ),
    key=lambda tag: int(tag[3:]),
)
assert windows_text == ["cp37", "cp38", "cp39", "cp310"], windows_text
# The snapshot starts at tensorflow-text 2.10; no release in it with a
# Windows wheel accepts a TensorFlow 2.11+ there.
assert releases("tensorflow-text")[0] == "2.10.0"
for version in releases("tensorflow-text"):
    if not any(
        t.endswith("win_amd64")
        for t in packages["tensorflow-text"][version]["wheels"]
    ):
        continue
    (tf_pin,) = [
        r.specifier
        for r in requires_dist(
            "tensorflow-text", version, "windows-amd64"
        )
        if r.name == "tensorflow"
    ]
    late = [
        v
        for v in releases("tensorflow")
        if Version(v) >= Version("2.11")
    ]
    assert not any(v in tf_pin for v in late), (version, tf_pin)
# Linux, Python 3.12: the first tensorflow-text with a wheel for it.
cp312 = [
    (v, packages["tensorflow-text"][v]["uploaded"])
    for v in releases("tensorflow-text")
    if any(
        t.startswith("cp312-") and "manylinux" in t and "x86_64" in t
        for t in packages["tensorflow-text"][v]["wheels"]
    )
]
print("tensorflow-text, first Linux cp312 wheel:", *cp312[0])
assert cp312[0] == ("2.18.1", "2024-12-16"), cp312
linux_317 = {
    t.split("-")[0]
    for t in packages["tensorflow-text"]["2.17.0"]["wheels"]
    if "linux" in t
}
assert linux_317 == {"cp39", "cp310", "cp311"}, linux_317


# pip itself, offline, on stand-in wheels.
WHEELS_FOR = {  # the platform tags each target can install
    "Windows": re.compile(r"any|win_amd64"),
}
ON = {"Windows": ON_WINDOWS}


def stand_ins(folder, python, system, raw=False):
    """One empty wheel per wheel tag of each release of KIN, keeping
    its requirements among KIN: those that apply on `system` or, if
    raw, all of them with their markers as written."""
    env = {**ON[system], "python_version": python, "extra": ""}
    folder.mkdir()
    for package in KIN:
        for version, facts in packages[package].items():
            reqs = requires_dist(package, version)
            if package == "tensorflow":  # its Linux wheel's Keras pin
                reqs = [r for r in reqs if r.name == "keras"]
            kept = [
                str(r) if raw else f"{r.name}{r.specifier}"
                for r in reqs
                if r.name.replace("_", "-") in KIN
                and (raw or not r.marker or r.marker.evaluate(env))
            ]
            lines = ["Metadata-Version: 2.1", f"Name: {package}"]
            lines += [f"Version: {version}"]
            if facts["requires_python"]:
                lines += [
                    f"Requires-Python: {facts['requires_python']}"
                ]
            lines += [f"Requires-Dist: {r}" for r in kept]
            stem = f"{package.replace('-', '_')}-{version}"
            for tag in facts["wheels"]:
                if not WHEELS_FOR[system].fullmatch(tag.split("-")[-1]):
                    continue  # a wheel for another platform
                with zipfile.ZipFile(
                    folder / f"{stem}-{tag}.whl", "w"
                ) as wheel:
                    info = f"{stem}.dist-info"
                    wheel.writestr(
                        f"{info}/METADATA", "\n".join(lines) + "\n"
                    )
                    wheel.writestr(
                        f"{info}/WHEEL",
                        "Wheel-Version: 1.0\nRoot-Is-Purelib: true\n"
                        f"Tag: {tag}\n",
                    )
                    wheel.writestr(f"{info}/RECORD", "")


PLATFORM = {"Windows": "win_amd64"}
pip_env = {
    k: v for k, v in os.environ.items() if not k.startswith("PIP_")
}
pip_env |= {"PIP_CONFIG_FILE": os.devnull}
work = Path(tempfile.mkdtemp())  # stand-ins and downloads
logs = {}  # pip's output per target


# --8<-- [start:pip]
def resolve(requirement, python, system, index="target"):
    """What pip picks for another machine: {name: version}."""
    folder = work / f"{index}-{python}-{system}"  # stand-ins
    dest = work / "wheels" / f"{requirement}-{python}-{system}-{index}"
    cmd = [sys.executable, "-m", "pip", "download", requirement]
    cmd += ["--only-binary=:all:", f"--python-version={python}"]
    cmd += [f"--platform={PLATFORM[system]}", f"--dest={dest}"]
    cmd += ["--no-index", f"--find-links={folder}", "--isolated"]
    cmd += ["--no-cache-dir", "--disable-pip-version-check"]
    done = subprocess.run(
        cmd, capture_output=True, text=True, env=pip_env
    )
    logs[requirement, python, system, index] = done
    if done.returncode:
        return done.stderr.strip().splitlines()[-1]  # pip's error
    return dict(w.name.split("-")[:2] for w in dest.glob("*.whl"))


TARGETS = [
    ("keras-nlp<0.13", "3.10", "Windows"),
    ("keras-nlp<0.19", "3.10", "Windows"),
    ("keras-nlp<0.19", "3.11", "Windows"),
    ("keras-nlp<0.19", "3.12", "Windows"),
    ("keras-nlp", "3.9", "Windows"),
    ("keras-nlp", "3.10", "Windows"),
    ("keras-nlp", "3.11", "Windows"),
    ("keras-nlp", "3.12", "Windows"),
]
# --8<-- [end:pip]

for python, system in sorted({(p, s) for _, p, s in TARGETS}):
    stand_ins(work / f"target-{python}-{system}", python, system)
stand_ins(work / "raw-3.12-Windows", "3.12", "Windows", raw=True)
RAW = ("keras-hub==0.32.0", "3.12", "Windows", "raw")
with ThreadPoolExecutor(len(TARGETS) + 1) as pool:
    picked = dict(
        zip(
            [*TARGETS, RAW],
            pool.map(lambda t: resolve(*t), [*TARGETS, RAW]),
            strict=True,
        )
    )
ORDER = ("keras_nlp", "keras_hub", "keras", "tensorflow_text")
ORDER += ("tensorflow",)
for (requirement, python, system), got in list(picked.items())[:-1]:
    if isinstance(got, dict):
        got = ", ".join(
            f"{name.replace('_', '-')} {got[name]}"
            for name in ORDER
            if name in got
        )
    print(f"{requirement:14} Python {python:4} {system} -> {got}")

IMPOSSIBLE = (
    "ERROR: ResolutionImpossible: for help visit"
    " https://pip.pypa.io/en/latest/topics/dependency-resolution/"
    "#dealing-with-dependency-conflicts"
)
KERAS_2_PAIR = {
    "tensorflow_text": "2.10.0",
    "tensorflow": "2.10.1",
    "keras": "2.10.0",
}
assert picked[TARGETS[0]] == {"keras_nlp": "0.12.1"} | KERAS_2_PAIR, (
    f"expected keras-nlp 0.12.1 with Keras 2.10: {picked[TARGETS[0]]}"
)
assert (
    picked[TARGETS[1]]
    == {
        "keras_nlp": "0.18.1",
        "keras_hub": "0.18.1",
    }
    | KERAS_2_PAIR
), f"expected keras-hub with Keras 2: {picked[TARGETS[1]]}"
for target in TARGETS[:2]:  # no warning, exit status 0
    quiet = logs[(*target, "target")]
    assert quiet.returncode == 0 and quiet.stderr == "", quiet.stderr
    assert "WARNING" not in quiet.stdout, "expected no warning"
for target in TARGETS[2:4]:  # Python 3.11, 3.12: none of 0.5-0.18
    assert picked[target] == IMPOSSIBLE, picked[target]
    tried = [
        line.split()[1]
        for line in logs[(*target, "target")].stdout.splitlines()
        if line.strip().startswith("keras-nlp ")
        and line.strip().endswith("depends on tensorflow-text")
    ]
    assert tried == [
        v for v in nlp[::-1] if Version(v) < Version("0.16")
    ], f"expected pip to try every keras-nlp 0.5-0.15: {tried}"
# Unpinned, today: a Keras 3 keras-hub and no TensorFlow on Windows.
for target, hub, keras_version in (
    (TARGETS[4], "0.21.1", "3.10.0"),
    (TARGETS[5], "0.25.1", "3.12.4"),
    (TARGETS[6], "0.32.0", "3.15.1"),
    (TARGETS[7], "0.32.0", "3.15.1"),
):
    assert picked[target] == {
        "keras_nlp": hub,
        "keras_hub": hub,
        "keras": keras_version,
    }, (target, picked[target])
# What to check: the packages of these pairs; tensorflow-text follows
# TensorFlow's minor (companions card), so it tells nothing more.
shown = [
    name.replace("_", "-")
    for name in ORDER
    if name in picked[TARGETS[1]] and name != "tensorflow_text"
]
print("to check:", "pip show", *shown)
assert shown == ["keras-nlp", "keras-hub", "keras", "tensorflow"], shown
# On Windows, what upgrading keras-hub, Keras and TensorFlow leaves.
left = [
    name.replace("_", "-")
    for name in ORDER
    if name in picked[TARGETS[0]]
    and name not in ("keras_hub", "keras", "tensorflow")
]
uninstall = " ".join(["pip uninstall", *left])
print("on Windows, first:", uninstall)
assert uninstall == "pip uninstall keras-nlp tensorflow-text", left
# Markers as written: pip reads them for this (Linux) machine, so a
# --platform=win_amd64 download still asks for tensorflow-text.
print("markers as written, keras-hub==0.32.0 for Windows ->", end=" ")
print(picked[RAW])
assert picked[RAW].startswith("ERROR: No matching distribution found")
assert "tensorflow-text" in picked[RAW], picked[RAW]

# Not keras-nlp: Python's own message for an attribute that a
# types.SimpleNamespace lacks, the form of keras#19456's error.
try:
    getattr(types.SimpleNamespace(), "get_registered_object")  # noqa: B009
except AttributeError as err:
    message = f"AttributeError: {err}"
print("Python, on a types.SimpleNamespace() ->", message)
assert message == (
    "AttributeError: 'types.SimpleNamespace' object has no attribute"
    " 'get_registered_object'"
), message
print("pip", metadata.version("pip"))
