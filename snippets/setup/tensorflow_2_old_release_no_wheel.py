"""`tensorflow==2.4.1` not found: each 2.0–2.9 fits 2–4 Pythons (2.4: 3.6–3.8)

When you hit it: on Python 3.9 or newer (Colab: 3.13), `pip install
tensorflow==2.4.1` gives `Could not find a version that satisfies the
requirement`; on a Raspberry Pi, a downloaded wheel gives `is not a
supported wheel on this platform`.

What is going on: pip's `(from versions: …)` lists only releases with
a wheel for your Python and platform; none below 2.10 has a source
archive ([TensorFlow 1](setup.md#tensorflow-1-no-wheel)). Each 2.0–2.9
has wheels for 2–4 CPython versions, only for Linux x86-64, Intel Macs,
64-bit Windows. In `tensorflow-2.9.0-cp39-none-linux_aarch64.whl`,
`cp39` is CPython 3.9, `linux_aarch64` 64-bit ARM Linux; both must
match. On a 32-bit OS, pip 20.1+ never takes `aarch64` wheels, even
on an `aarch64` kernel; PyPI has no 32-bit Linux wheel up to 2.21.

Pitfall: 2.4.1 needs 64-bit CPython 3.6–3.8 on x86-64 (Linux: pip
19.0+): use a venv with one, or port forward. On a Pi 3+, a 64-bit OS
gets PyPI wheels from 2.10 (Python 3.7–3.10; 3.11: 2.12, 3.12: 2.16,
3.13: 2.20).

Checked: wheel tags from the PyPI snapshot of the date printed (every
release below 2.10, and the newest patch of each minor from 2.10 on);
pip ran offline against stand-ins of them, as on
[TensorFlow 1](setup.md#tensorflow-1-no-wheel), so its lists lack the
other patches, and the first release with an aarch64 wheel for a
Python counts only the newest patch of each minor from 2.10 on. The
old pip is the installed one asked for `manylinux1_x86_64` and
`linux_x86_64` only, pip 19.0 the same plus `manylinux2010_x86_64`:
pip learned manylinux2010 in 19.0
([pip 19.0 changelog](https://pip.pypa.io/en/stable/news/#v19-0)).
The aarch64 wheel is named like the one in
[Tensorflow-bin#54](https://github.com/PINTO0309/Tensorflow-bin/issues/54);
the 32-bit tags come from the installed pip's and packaging's code
with `uname -m` mocked. On a 32-bit OS with an `aarch64` kernel,
older pips asked for `linux_aarch64`
([pip#7352](https://github.com/pypa/pip/pull/7352)); packaging 20.2
fixed it
([packaging changelog](https://packaging.pypa.io/en/stable/changelog.html)),
and pip 20.1 took packaging 20.3
([pip 20.1 changelog](https://pip.pypa.io/en/stable/news/#v20-1)).
No ARM machine ran; piwheels, which Raspberry Pi OS's pip also asks
(that issue's log), was not read. pip's Python
3.9 list matches
[colabtools#3521](https://github.com/googlecolab/colabtools/issues/3521)'s
up to 2.10.0rc3. Sourced, not run: Colab's Python
([colabtools#6081](https://github.com/googlecolab/colabtools/issues/6081)),
the Pi 3 as the first 64-bit Pi
([Raspberry Pi OS (64-bit)](https://www.raspberrypi.com/news/raspberry-pi-os-64-bit/)).
`pip debug --verbose` lists the tags your pip accepts
([pip debug](https://pip.pypa.io/en/stable/cli/pip_debug/)).

severity: crash
topics: S15, S2
aliases:
  - "ERROR: Could not find a version that satisfies the requirement tensorflow==2.4.1"
  - "ERROR: No matching distribution found for tensorflow==2.2.0"
  - "ERROR: tensorflow-2.9.0-cp39-none-linux_aarch64.whl is not a supported wheel on this platform."
  - is not a supported wheel on this platform
  - pip install tensorflow==2.4.1 python 3.10
  - tensorflow 2.2 python 3.8 only
  - raspberry pi 32-bit tensorflow
  - cannot downgrade TensorFlow to 2.4.1 on Colab
  - which Python versions do TensorFlow 2.0 to 2.9 support
  - what do cp39 and linux_aarch64 mean in a wheel file name
"""

import json
import os
import subprocess
import sys
import zipfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from unittest import mock

import packaging
import pip
from packaging import tags as packaging_tags
from packaging.tags import compatible_tags, cpython_tags, parse_tag
from packaging.utils import parse_wheel_filename
from packaging.version import Version
from pip._vendor import packaging as pip_packaging
from pip._vendor.packaging import tags as pip_tags

SNAPSHOT = (
    Path(__file__).resolve().parents[2] / "registry" / "pypi.json"
)
registry = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
legacy = registry["legacy"]["tensorflow"]  # every release below 2.10
assert "unparsed" not in legacy, f"unreadable files: {legacy}"
newer = registry["packages"]["tensorflow"]  # newest patches, 2.10 on
releases = {**legacy, **newer}


def stand_in(path, version, tag, requires=None):
    """An empty wheel with the given tag, for pip to match offline."""
    info = f"tensorflow-{version}.dist-info"
    fields = f"Name: tensorflow\nVersion: {version}\n"
    if requires:
        fields += f"Requires-Python: {requires}\n"
    with zipfile.ZipFile(path, "w") as wheel:
        wheel.writestr(
            f"{info}/METADATA", "Metadata-Version: 2.1\n" + fields
        )
        wheel.writestr(
            f"{info}/WHEEL",
            f"Wheel-Version: 1.0\nRoot-Is-Purelib: false\nTag: {tag}\n",
        )
        wheel.writestr(f"{info}/RECORD", "")


# Stand-in wheels: one per wheel tag of each release in the snapshot
# (the method of tensorflow_1_no_wheel.py), for pip to match offline.
index = Path("index").resolve()
index.mkdir()
for version, facts in releases.items():
    for tag in facts["wheels"]:
        path = index / f"tensorflow-{version}-{tag}.whl"
        stand_in(path, version, tag, facts.get("requires_python"))
OFFLINE = ["--no-index", f"--find-links={index}"]
# The third-party wheel of Tensorflow-bin#54, as an empty stand-in.
downloads = Path("downloads").resolve()
downloads.mkdir()
WHEEL_FILE = downloads / "tensorflow-2.9.0-cp39-none-linux_aarch64.whl"
stand_in(WHEEL_FILE, "2.9.0", "cp39-none-linux_aarch64")
WHEEL = str(WHEEL_FILE)

LINUX = ("manylinux_2_27_x86_64", "manylinux2014_x86_64")
ARM_OR_32 = (  # Apple silicon, ARM Linux, 32-bit Windows and Linux
    "macosx_14_0_arm64",
    "manylinux2014_aarch64",
    "win32",
    "manylinux2014_i686",
    "linux_armv7l",
)
PI_32 = ("linux_armv7l", "linux_armv8l")  # 32-bit Pi OS (see below)
PI_64 = ("linux_aarch64",)  # 64-bit ARM Linux
OLD_PIP = ("manylinux1_x86_64", "linux_x86_64")  # pip < 19.0
PIP_19 = ("manylinux2010_x86_64", *OLD_PIP)  # pip 19.0
TARGETS = [  # Python, platforms, what pip is asked for
    ("3.10", LINUX, "tensorflow==2.4.1"),
    ("3.8", LINUX, "tensorflow==2.4.1"),
    ("3.6", OLD_PIP, "tensorflow==2.4.1"),  # Linux, pip < 19.0
    ("3.6", PIP_19, "tensorflow==2.4.1"),
    ("3.8", ARM_OR_32, "tensorflow==2.4.1"),
    ("3.9", LINUX, "tensorflow==2.2.0"),  # colabtools#3521
    ("3.9", PI_32, WHEEL),  # the downloaded aarch64 wheel
    ("3.7", PI_64, WHEEL),
    ("3.9", PI_64, WHEEL),
]


def pick(python, platforms, requirement):
    """The wheel pip picks for another machine, or pip's error."""
    label = Path(requirement).name
    dest = Path("wheels", f"{python}-{platforms[0]}-{label}")
    cmd = [sys.executable, "-m", "pip", "download", requirement]
    cmd += ["--no-deps", "--only-binary=:all:", f"--dest={dest}"]
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

# --8<-- [start:show]
# A wheel's name: name-version[-build]-python-abi-platform.whl
name, version, _, tags = parse_wheel_filename(Path(WHEEL).name)
(tag,) = tags
print(name, version, "->", tag.interpreter, tag.abi, tag.platform)


def fits(python, platform):
    """Does the wheel's tag fit CPython `python` on `platform`?"""
    major, minor = map(int, python.split("."))
    kwargs = dict(python_version=(major, minor), platforms=[platform])
    accepted = {*cpython_tags(**kwargs), *compatible_tags(**kwargs)}
    return tag in accepted


for platform in ("linux_aarch64", "linux_armv7l"):
    grid = {p: fits(p, platform) for p in ("3.8", "3.9", "3.10")}
    print(f"{platform:13}", grid)
# --8<-- [end:show]

# The wheel name's tags, and what they fit: CPython 3.9 only (no abi3,
# no py3 tag) and 64-bit ARM Linux only.
assert (str(name), str(version)) == ("tensorflow", "2.9.0")
assert str(tag) == "cp39-none-linux_aarch64", tag
for minor in range(5, 14):
    python = f"3.{minor}"
    for platform in ("linux_aarch64", "linux_armv7l", "linux_armv6l"):
        expected = python == "3.9" and platform == "linux_aarch64"
        assert fits(python, platform) == expected, (python, platform)


# A 32-bit Python's platform tags, from the installed pip's tag code
# (and packaging's), with `uname -m` set to what a 64-bit kernel says
# (aarch64; armv8l under linux32) or a 32-bit one (armv7l, armv6l).
def asked(module, machine):
    uname = os.uname_result(("Linux", "pi", "6.6", "#1", machine))
    with (
        mock.patch.object(os, "uname", return_value=uname),
        mock.patch.dict(os.environ),
    ):
        os.environ.pop("_PYTHON_HOST_PLATFORM", None)
        return list(module._linux_platforms(is_32bit=True))


print(
    f"32-bit Python, pip {pip.__version__} (packaging"
    f" {pip_packaging.__version__}) asks for (linux_* tags):"
)
for machine in ("aarch64", "armv8l", "armv7l", "armv6l"):
    for source, module in (("pip", pip_tags), ("pkg", packaging_tags)):
        platforms = asked(module, machine)
        plain = [p for p in platforms if p.startswith("linux_")]
        if source == "pip":
            print(f"  uname -m {machine:8}->", ", ".join(plain))
        assert plain, (source, machine, platforms)
        assert not any("aarch64" in p for p in platforms), platforms
        assert set(plain) <= {f"linux_armv{v}l" for v in (6, 7, 8)}
# The pip run here is 20.1+, with packaging 20.2+ (the fix; Checked).
assert Version(pip.__version__) >= Version("20.1"), pip.__version__
assert Version(pip_packaging.__version__) >= Version("20.2")
assert Version(packaging.__version__) >= Version("20.2")

# The 2.x releases below 2.10, pre-releases included.
two = sorted(
    (v for v in legacy if Version(v).release[:2] < (2, 10)), key=Version
)
two = [v for v in two if Version(v).major == 2]
assert two[0] == "2.0.0" and two[-1] == "2.9.3", two


def one(file_tag):
    (parsed,) = parse_tag(file_tag)
    return parsed


def python_of(parsed):
    assert parsed.interpreter.startswith("cp"), parsed
    assert parsed.abi.startswith(parsed.interpreter), f"abi3? {parsed}"
    return f"{parsed.interpreter[2]}.{parsed.interpreter[3:]}"


def family(platform):
    """The OS family of a 2.0-2.9 platform tag, or an error."""
    if platform.startswith("manylinux") and platform.endswith("x86_64"):
        return "Linux x86-64"
    if platform.startswith("macosx_") and platform.endswith(
        ("_x86_64", "_intel")
    ):
        return "macOS Intel"
    if platform == "win_amd64":
        return "Windows x64"
    raise AssertionError(f"unexpected platform {platform}")


def pythons_of(version, where=None):
    return {
        python_of(one(t))
        for t in legacy[version]["wheels"]
        if where is None or family(one(t).platform) == where
    }


FAMILIES = ("Linux x86-64", "macOS Intel", "Windows x64")
# Every 2.0-2.9 release: x86-64 wheels only, for all three families,
# each for 2 to 4 CPython versions (and none for 3.11 or newer).
for version in two:
    found = {family(one(t).platform) for t in legacy[version]["wheels"]}
    assert found == set(FAMILIES), (version, found)
    assert 2 <= len(pythons_of(version)) <= 4, version
    assert all(
        Version(p) < Version("3.11") for p in pythons_of(version)
    )


def span(pythons):
    """{'2.7', '3.5', '3.6', '3.7'} -> '2.7 3.5-3.7'."""
    runs = []
    for python in sorted(pythons, key=Version):
        v = Version(python)
        last = runs[-1][-1] if runs else None
        if last and (last.major, last.minor + 1) == (v.major, v.minor):
            runs[-1].append(v)
            continue
        runs.append([v])
    return " ".join(
        str(r[0]) if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs
    )


finals = [v for v in two if not Version(v).is_prerelease]
rows = []
for minor in range(10):
    patches = [
        v for v in finals if Version(v).release[:2] == (2, minor)
    ]
    cells = []
    for where in FAMILIES:
        per_patch = [pythons_of(v, where) for v in patches]
        cells.append(span(set().union(*per_patch)))
    newest = patches[-1]
    rows.append(
        f"2.{minor:<4}{patches[0] + '-' + newest:13}"
        + "".join(f"{cell:13}" for cell in cells)
        + f"{newest}: {span(pythons_of(newest))}"
    )
print("PyPI snapshot of", registry["fetched"])
print("CPython with a wheel, in any final patch of the minor")
print(
    f"{'minor':6}{'finals':13}"
    + "".join(f"{f:13}" for f in FAMILIES)
    + "newest patch"
)
print(*rows, sep="\n")
EXPECTED_ROWS = [
    "2.0   2.0.0-2.0.4  2.7 3.5-3.7  2.7 3.5-3.7  3.5-3.7      2.0.4: 3.6-3.7",
    "2.1   2.1.0-2.1.4  2.7 3.5-3.7  2.7 3.5-3.7  3.5-3.7      2.1.4: 3.6-3.7",
    "2.2   2.2.0-2.2.3  3.5-3.8      3.5-3.8      3.5-3.8      2.2.3: 3.6-3.8",
    "2.3   2.3.0-2.3.4  3.5-3.8      3.5-3.8      3.5-3.8      2.3.4: 3.6-3.8",
    "2.4   2.4.0-2.4.4  3.6-3.8      3.6-3.8      3.6-3.8      2.4.4: 3.6-3.8",
    "2.5   2.5.0-2.5.3  3.6-3.9      3.6-3.9      3.6-3.9      2.5.3: 3.7-3.9",
    "2.6   2.6.0-2.6.5  3.6-3.9      3.6-3.9      3.6-3.9      2.6.5: 3.7-3.9",
    "2.7   2.7.0-2.7.4  3.7-3.9      3.7-3.9      3.7-3.9      2.7.4: 3.7-3.9",
    "2.8   2.8.0-2.8.4  3.7-3.10     3.7-3.10     3.7-3.10     2.8.4: 3.7-3.10",
    "2.9   2.9.0-2.9.3  3.7-3.10     3.7-3.10     3.7-3.10     2.9.3: 3.7-3.10",
]
assert rows == EXPECTED_ROWS, rows
# 2.4 (every patch) and 2.4.1: CPython 3.6-3.8, on each OS family;
# on Linux, manylinux2010 wheels only (pip 19.0+; Checked).
for version in (v for v in two if v.startswith("2.4.")):
    for where in FAMILIES:
        assert span(pythons_of(version, where)) == "3.6-3.8", version
    on_linux = {
        one(t).platform
        for t in legacy[version]["wheels"]
        if family(one(t).platform) == "Linux x86-64"
    }
    assert on_linux == {"manylinux2010_x86_64"}, (version, on_linux)

# ARM and 32-bit, over every release in the snapshot (0.x to 2.9.3 and
# 2.10.0rc0-rc3, then the newest patch of 2.10 ... 2.21).
ordered = sorted(releases, key=Version)
assert ordered[0] == "0.12.0" and ordered[-1] == "2.21.0", ordered
assert [Version(v).release[:2] for v in newer] == [
    (2, m) for m in range(10, 22)
], list(newer)
aarch64 = []
for version in ordered:
    platforms = {one(t).platform for t in releases[version]["wheels"]}
    linux = {
        p for p in platforms if p.startswith(("linux", "manylinux"))
    }
    assert all(p.endswith(("_x86_64", "_aarch64")) for p in linux), (
        f"expected no 32-bit Linux wheel in {version}: {linux}"
    )
    if any(p.endswith("_aarch64") for p in linux):
        aarch64.append(version)
first_arm = aarch64[0]
arm_tags = sorted(
    {
        one(t).platform
        for t in legacy[first_arm]["wheels"]
        if "aarch64" in t
    }
)
print(f"first aarch64 wheels: {first_arm}", end=" ")
print(f"(uploaded {legacy[first_arm]['uploaded']}):", *arm_tags)
assert first_arm == "2.10.0rc0", aarch64
assert aarch64 == [
    v for v in ordered if Version(v) >= Version(first_arm)
]
# The first release with an aarch64 wheel for each CPython.
first_for = {}
for version in ordered:
    for t in releases[version]["wheels"]:
        if one(t).platform.endswith("_aarch64"):
            first_for.setdefault(python_of(one(t)), version)
first_for = dict(sorted(first_for.items(), key=lambda i: Version(i[0])))
print("first aarch64 wheel per Python:", first_for)
assert first_for == {
    **{f"3.{m}": "2.10.0rc0" for m in range(7, 11)},
    "3.11": "2.12.1",
    "3.12": "2.16.2",
    "3.13": "2.20.0",
}, first_for

# What pip said.
picked = dict(zip(TARGETS, pending, strict=True))
pool.shutdown()


def listed(error):
    """The versions in pip's '(from versions: ...)'."""
    shown = error.split("(from versions: ")[1].split(")")[0]
    return [] if shown == "none" else shown.split(", ")


NAMES = {LINUX: "Linux x86-64", ARM_OR_32: "ARM or 32-bit"}
NAMES[PI_32] = "32-bit ARM"
NAMES[PI_64] = "linux_aarch64"
NAMES[OLD_PIP] = "pip < 19.0"
NAMES[PIP_19] = "pip 19.0"
for (python, where, requirement), result in picked.items():
    asked_for = Path(requirement).name
    print(f"Python {python:4} {NAMES[where]:13} {asked_for}")
    first = result.splitlines()[0]
    shown = listed(result) if "(from versions: " in first else []
    if (python, where) == ("3.10", LINUX):
        print("   ", result.replace("\n", "\n    "))  # exactly
    elif len(shown) > 4:
        cut = f"{shown[0]} ... {shown[-1]}: {len(shown)} versions"
        print("   ", first.replace(", ".join(shown), cut))
    else:
        print("   ", first)


def not_found(requirement, versions):
    return (
        "ERROR: Could not find a version that satisfies the requirement"
        f" {requirement} (from versions: {versions})\n"
        f"ERROR: No matching distribution found for {requirement}"
    )


# Python 3.10: every release with a cp310 wheel for Linux x86-64
# (glibc 2.27), oldest first; 2.4.1 is not among them.
on_310 = [
    v
    for v in ordered
    if any(
        one(t).interpreter == "cp310"
        and one(t).platform.startswith("manylinux")
        and one(t).platform.endswith("_x86_64")
        for t in releases[v]["wheels"]
    )
]
assert on_310[0] == "2.8.0rc0" and "2.4.1" not in on_310
result = picked[("3.10", LINUX, "tensorflow==2.4.1")]
assert result == not_found("tensorflow==2.4.1", ", ".join(on_310)), (
    result
)
assert (
    "Could not find a version that satisfies the requirement" in result
)
# 2.4.1 on Python 3.8: x86-64 Linux yes; ARM or 32-bit no (pip lists
# only 2.10+ ARM releases there).
assert picked[("3.8", LINUX, "tensorflow==2.4.1")] == (
    "tensorflow-2.4.1-cp38-cp38-manylinux2010_x86_64.whl"
)
arm_error = picked[("3.8", ARM_OR_32, "tensorflow==2.4.1")]
arm_listed = listed(arm_error)
assert arm_error == not_found(
    "tensorflow==2.4.1", ", ".join(arm_listed)
)
assert arm_listed[0] == "2.10.0rc0", arm_listed
# 2.4.1 on Python 3.6, Linux: not for pip < 19.0 (it lists 1.x only,
# up to 1.14.0), found with pip 19.0's tags.
old_error = picked[("3.6", OLD_PIP, "tensorflow==2.4.1")]
old_listed = listed(old_error)
assert old_error == not_found(
    "tensorflow==2.4.1", ", ".join(old_listed)
)
assert old_listed[-1] == "1.14.0", old_listed
assert all(Version(v).major < 2 for v in old_listed), old_listed
assert picked[("3.6", PIP_19, "tensorflow==2.4.1")] == (
    "tensorflow-2.4.1-cp36-cp36m-manylinux2010_x86_64.whl"
)
# colabtools#3521's list (March 2023), up to 2.10.0rc3 (the snapshot
# lacks 2.10.0): pip's list here for Python 3.9.
ISSUE_3521 = (  # noqa: SIM905 (as the issue prints it)
    "2.5.0, 2.5.1, 2.5.2, 2.5.3, 2.6.0rc0, 2.6.0rc1, 2.6.0rc2, 2.6.0,"
    " 2.6.1, 2.6.2, 2.6.3, 2.6.4, 2.6.5, 2.7.0rc0, 2.7.0rc1, 2.7.0,"
    " 2.7.1, 2.7.2, 2.7.3, 2.7.4, 2.8.0rc0, 2.8.0rc1, 2.8.0, 2.8.1,"
    " 2.8.2, 2.8.3, 2.8.4, 2.9.0rc0, 2.9.0rc1, 2.9.0rc2, 2.9.0, 2.9.1,"
    " 2.9.2, 2.9.3, 2.10.0rc0, 2.10.0rc1, 2.10.0rc2, 2.10.0rc3"
).split(", ")
on_39 = listed(picked[("3.9", LINUX, "tensorflow==2.2.0")])
assert on_39[: len(ISSUE_3521)] == ISSUE_3521, on_39
# The aarch64 wheel: not for a 32-bit ARM Python, nor for CPython 3.7
# on 64-bit ARM Linux; it fits CPython 3.9 there.
for python, where in (("3.9", PI_32), ("3.7", PI_64)):
    assert picked[(python, where, WHEEL)] == (
        "ERROR: tensorflow-2.9.0-cp39-none-linux_aarch64.whl is not a"
        " supported wheel on this platform."
    ), picked[(python, where, WHEEL)]
assert picked[("3.9", PI_64, WHEEL)] == Path(WHEEL).name
