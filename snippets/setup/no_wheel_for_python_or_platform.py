"""`No matching distribution found for tensorflow`: no wheel for your target

When you hit it: `pip install tensorflow` stops with `Could not find a
version that satisfies the requirement tensorflow (from versions:
none)`.

What is going on: pip looks for a wheel whose tags match your Python
and platform; `(from versions: none)` means no release had one. From
2.16 to 2.21, `tensorflow` has wheels for CPython 3.9–3.12 (2.20:
3.9–3.13; 2.21: 3.10–3.13) on Linux x86-64 and aarch64, macOS 12+ on
arm64 and 64-bit x86 Windows (`win_amd64`); for Intel Macs up to
2.16.2 only. No release from 2.10 to 2.21 has wheels for Python 3.14,
or for 32-bit or ARM64 Windows. 2.21's Linux wheels need glibc 2.27
or newer. `tensorflow-cpu` 2.10–2.21 has Linux x86-64 and Windows
wheels only, and Intel Mac ones up to 2.16.

Pitfall: unpinned, pip silently takes the newest release that fits:
2.20.0 on Python 3.9 or glibc 2.17; on an Intel Mac with Python
3.9–3.12, 2.16.2 (3.13 gets the error). Pin `tensorflow==2.21.*` to
get the error instead.

Checked: the wheel lists (printed per release) come from the PyPI
snapshot of the date printed, which holds the newest patch of each
release from 2.10 on; older releases and other patches were not read.
`Requires-Python` is a floor only: why that misleads is on
[the metadata card](setup.md#python-versions-from-metadata). The run
asks the installed pip (`pip download --no-deps` with a target's
`--python-version` and `--platform`) offline, against one empty
stand-in wheel per wheel tag in the snapshot; the Python 3.9 case ran
for Windows, the Intel Mac for 3.12 and 3.13 (3.9–3.11 are read from
the wheel tags). To ask PyPI instead, drop `OFFLINE`; pip then downloads
each wheel it picks into `wheels/`, as it does here.

severity: crash
topics: S15, S2
aliases:
  - ERROR: Could not find a version that satisfies the requirement tensorflow (from versions: none)
  - ERROR: No matching distribution found for tensorflow
  - pip install tensorflow fails on Python 3.13 or 3.14
  - install TensorFlow on 32-bit Python or Windows on ARM
  - pip installs an old TensorFlow on my Intel Mac
  - TensorFlow 2.21 needs glibc 2.27, CentOS 7
  - which platforms does TensorFlow have wheels for
  - pip download --platform --python-version to check a wheel exists
"""

import json
import subprocess
import sys
import zipfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from packaging.specifiers import SpecifierSet
from packaging.tags import parse_tag
from packaging.version import Version

SNAPSHOT = (
    Path(__file__).resolve().parents[2] / "registry" / "pypi.json"
)
registry = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
packages = registry["packages"]

# Stand-in wheels: one empty wheel per wheel tag of each release in the
# snapshot, so the installed pip matches the same tags as on PyPI, offline.
index = Path("index").resolve()
index.mkdir()
for version, facts in packages["tensorflow"].items():
    for tag in facts["wheels"]:
        info = f"tensorflow-{version}.dist-info"
        stand_in = index / f"tensorflow-{version}-{tag}.whl"
        with zipfile.ZipFile(stand_in, "w") as wheel:
            wheel.writestr(
                f"{info}/METADATA",
                "Metadata-Version: 2.1\nName: tensorflow\n"
                f"Version: {version}\n"
                f"Requires-Python: {facts['requires_python']}\n",
            )
            wheel.writestr(
                f"{info}/WHEEL",
                f"Wheel-Version: 1.0\nRoot-Is-Purelib: false\nTag: {tag}\n",
            )
            wheel.writestr(f"{info}/RECORD", "")
OFFLINE = ["--no-index", f"--find-links={index}"]


# --8<-- [start:show]
def pick(python, platform, requirement="tensorflow"):
    """The TensorFlow wheel pip picks for another machine."""
    dest = Path("wheels", f"{python}-{platform}-{requirement}")
    target = f"--python-version={python} --platform={platform}"
    cmd = [sys.executable, "-m", "pip", "download", requirement]
    cmd += ["--no-deps", "--only-binary=:all:", f"--dest={dest}"]
    cmd += ["--isolated", "--no-cache-dir"]
    cmd += ["--disable-pip-version-check"]
    cmd += target.split()
    try:
        done = subprocess.run(
            cmd + OFFLINE, capture_output=True, text=True, check=True
        )
    except subprocess.CalledProcessError as err:
        return err.stderr.strip()  # pip's error
    assert not done.stderr, done.stderr  # no warning either
    (wheel,) = dest.iterdir()  # the wheel pip downloaded
    return wheel.name


TARGETS = [
    ("3.12", "win_amd64"),  # 64-bit Windows
    ("3.14", "win_amd64"),  # a Python too new
    ("3.9", "win_amd64"),  # a Python 2.21 dropped
    ("3.12", "win32"),  # 32-bit Python on Windows
    ("3.12", "win_arm64"),  # Windows on ARM
    ("3.12", "macosx_14_0_x86_64"),  # Intel Mac
    ("3.13", "macosx_14_0_x86_64"),  # Intel Mac, newer Python
    ("3.12", "manylinux2014_x86_64"),  # glibc 2.17
    ("3.9", "win_amd64", "tensorflow==2.21.*"),  # pinned
]
# --8<-- [end:show]

with ThreadPoolExecutor(2) as pool:
    picked = dict(
        zip(TARGETS, pool.map(lambda t: pick(*t), TARGETS), strict=True)
    )


def wheel_version(name):
    return name.split("-")[1] if name.endswith(".whl") else None


print("PyPI snapshot of", registry["fetched"])
for target, result in picked.items():
    python, platform, *pinned = target
    if wheel_version(result):
        shown = wheel_version(result) + " (" + result.split("-", 2)[2]
        shown = shown.removesuffix(".whl") + ")"
    else:
        shown = "ERROR: No matching distribution"
    print(f"Python {python:4} {platform:20}", *pinned, "->", shown)
print(picked[("3.14", "win_amd64")])
print(picked[("3.9", "win_amd64", "tensorflow==2.21.*")])

NONE = (
    "ERROR: Could not find a version that satisfies the requirement"
    " tensorflow (from versions: none)\n"
    "ERROR: No matching distribution found for tensorflow"
)
EXPECTED_PICK = {
    ("3.12", "win_amd64"): "2.21.0",
    ("3.14", "win_amd64"): NONE,
    ("3.9", "win_amd64"): "2.20.0",
    ("3.12", "win32"): NONE,
    ("3.12", "win_arm64"): NONE,
    ("3.12", "macosx_14_0_x86_64"): "2.16.2",
    ("3.13", "macosx_14_0_x86_64"): NONE,
    ("3.12", "manylinux2014_x86_64"): "2.20.0",
}
for target, expected in EXPECTED_PICK.items():
    result = picked[target]
    if expected == NONE:
        assert result == NONE, (
            f"expected pip's no-wheel error: {result}"
        )
    else:
        assert wheel_version(result) == expected, (
            f"expected pip to pick {expected} for {target}: {result}"
        )
assert "Could not find a version that satisfies the requirement" in NONE
assert "No matching distribution found for tensorflow" in NONE
cp39 = [
    v
    for v, facts in packages["tensorflow"].items()
    if any(t.startswith("cp39-cp39-win_amd64") for t in facts["wheels"])
]
pinned_error = picked[("3.9", "win_amd64", "tensorflow==2.21.*")]
assert pinned_error == (
    "ERROR: Could not find a version that satisfies the requirement"
    f" tensorflow==2.21.* (from versions: {', '.join(cp39)})\n"
    "ERROR: No matching distribution found for tensorflow==2.21.*"
), f"expected the pin to fail on Python 3.9: {pinned_error}"


# The registry-wide facts, for every release the card names.
def os_arch(platform_tag):
    """'manylinux_2_17_x86_64' -> ('linux', 'x86_64')."""
    systems = {
        "manylinux": "linux",
        "macosx": "macos",
        "win": "windows",
    }
    (system,) = [
        s for p, s in systems.items() if platform_tag.startswith(p)
    ]
    for arch in ("x86_64", "aarch64", "arm64", "amd64"):
        if platform_tag.endswith(arch):
            return system, "x86_64" if arch == "amd64" else arch
    raise AssertionError(f"unexpected platform tag {platform_tag}")


def summary(package, version):
    """Requires-Python and {(os, arch): (CPython versions, platforms)}."""
    facts = packages[package][version]
    where = {}
    for file_tag in facts["wheels"]:
        (tag,) = parse_tag(file_tag)
        assert tag.interpreter == tag.abi, f"expected no abi3: {tag}"
        assert tag.interpreter.startswith("cp3"), f"CPython only: {tag}"
        pythons, platforms = where.setdefault(
            os_arch(tag.platform), (set(), set())
        )
        pythons.add(f"3.{tag.interpreter[3:]}")
        platforms.add(tag.platform)
    return facts["requires_python"], where


def span(pythons):
    ordered = sorted(pythons, key=Version)
    return f"{ordered[0]}-{ordered[-1]}"


RELEASES = ["2.16.2", "2.17.1", "2.18.1", "2.19.1", "2.20.0", "2.21.0"]
for package in ("tensorflow", "tensorflow-cpu"):
    assert [
        v for v in packages[package] if Version(v) >= Version("2.16")
    ] == RELEASES, f"expected the snapshot to hold {RELEASES}"
    for version in RELEASES:
        requires, where = summary(package, version)
        pythons = set().union(*(p for p, _ in where.values()))
        by_os = {}
        for system, arch in sorted(where):
            by_os.setdefault(system, []).append(arch)
        places = " | ".join(
            f"{s} {' '.join(a)}" for s, a in by_os.items()
        )
        print(
            f"{package:14} {version} {requires:6} Python {span(pythons):9}",
            places,
        )

TENSORFLOW = {
    ("linux", "x86_64"),
    ("linux", "aarch64"),
    ("macos", "arm64"),
    ("windows", "x86_64"),
}
CPU = {("linux", "x86_64"), ("windows", "x86_64")}
for package in ("tensorflow", "tensorflow-cpu"):
    for version in RELEASES:
        requires, where = summary(package, version)
        minor = Version(version).minor
        expected = {
            20: ["3.9", "3.10", "3.11", "3.12", "3.13"],
            21: ["3.10", "3.11", "3.12", "3.13"],
        }.get(minor, ["3.9", "3.10", "3.11", "3.12"])
        for place, (pythons, _) in where.items():
            assert sorted(pythons, key=Version) == expected, (
                f"expected {package} {version} {place} wheels for"
                f" Python {expected}: {sorted(pythons)}"
            )
        assert SpecifierSet(requires) == SpecifierSet(
            f">={expected[0]}"
        ), f"expected Requires-Python >={expected[0]}: {requires}"
        wanted = set(TENSORFLOW if package == "tensorflow" else CPU)
        if version == "2.16.2":
            wanted.add(("macos", "x86_64"))  # the last Intel Mac wheels
        assert set(where) == wanted, f"expected {wanted}: {set(where)}"
        windows = where[("windows", "x86_64")][1]
        assert windows == {"win_amd64"}, (
            f"expected only 64-bit x86-64 Windows wheels: {windows}"
        )
        for arch in ("x86_64", "aarch64"):
            if ("linux", arch) not in where:
                continue
            glibc = "2_27" if minor == 21 else "2_17"
            linux = where[("linux", arch)][1]
            assert {p for p in linux if p.startswith("manylinux_")} == {
                f"manylinux_{glibc}_{arch}"
            }, f"expected {version} wheels for glibc {glibc}: {linux}"
        if ("macos", "arm64") in where:
            assert where[("macos", "arm64")][1] == {
                "macosx_12_0_arm64"
            }, "expected macOS arm64 wheels for macOS 12 or later"

# tensorflow-cpu 2.10 to 2.16 also had Intel Mac wheels.
for version in packages["tensorflow-cpu"]:
    if Version(version) < Version("2.16"):
        where = {
            os_arch(next(iter(parse_tag(t))).platform)
            for t in packages["tensorflow-cpu"][version]["wheels"]
        }
        assert where == CPU | {("macos", "x86_64")}, (
            f"expected tensorflow-cpu {version} Intel Mac wheels too"
        )

# An Intel Mac on Python 3.9-3.12: 2.16.2 is the newest release with a
# wheel for it (so pip's pick above holds for 3.9-3.11 too).
for python in ("39", "310", "311", "312"):
    intel = [
        v
        for v, facts in packages["tensorflow"].items()
        if any(
            t.startswith(f"cp{python}-cp{python}-macosx_")
            and t.endswith("_x86_64")
            for t in facts["wheels"]
        )
    ]
    assert max(intel, key=Version) == "2.16.2", (python, intel)

# Nothing for 32-bit or ARM64 Windows or Python 3.14 in any release of
# the snapshot (the newest patch of each, 2.10 to 2.21).
for package in ("tensorflow", "tensorflow-cpu"):
    minors = [Version(v).minor for v in packages[package]]
    assert minors == list(range(10, 22)), (
        f"expected 2.10 to 2.21: {minors}"
    )
    for version, facts in packages[package].items():
        assert not any(
            t.endswith(("win32", "win_arm64")) for t in facts["wheels"]
        ), f"expected no 32-bit or ARM64 Windows wheel in {version}"
        assert not any(
            t.startswith("cp314") for t in facts["wheels"]
        ), f"expected no Python 3.14 wheel in {package} {version}"
