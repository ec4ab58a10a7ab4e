"""On a Mac, install `tensorflow`: `tensorflow-macos` ended with 2.16

When you hit it: a guide tells you to install `tensorflow-macos` and
`tensorflow-metal` on an Apple-silicon (M-series) Mac, or pip finds no
wheel on an Intel Mac.

What is going on: `tensorflow` has macOS arm64 wheels from 2.13 on.
In 2.13 and 2.14 they only pull in `tensorflow-macos`, the package
Apple silicon needed before; from 2.15 they are the build.
`tensorflow-macos` 2.16.2, its last release, only requires
`tensorflow==2.16.2`. The arm64 wheels of both need macOS 12 or
newer. Intel Macs: `tensorflow` wheels end with
[2.16.2](setup.md#no-wheel-for-python-or-platform), `tensorflow-macos`
ones with 2.12.0. For the GPU, Apple's
[plugin page](https://developer.apple.com/metal/tensorflow-plugin/)
says to add `tensorflow-metal`.

Pitfall: `tensorflow-metal` requires only `wheel` and `six`, so pip
pairs any release with any TensorFlow; Python 3.12 wheels start with
1.2.0 (2025), and none has 3.13. Check Apple's page for the pair that works.

Checked: the facts come from the PyPI snapshot of the date printed
(newest patch of each release). The markers are evaluated for macOS
arm64 with Python 3.10, and wheel tags matched with `packaging.tags`.
The wheel tags of `tensorflow` 2.16 to 2.21 (macOS 12, Intel up to
2.16.2) are proven on
[the no-wheel card](setup.md#no-wheel-for-python-or-platform); this
run checks `tensorflow` up to 2.15, `tensorflow-macos` and
`tensorflow-metal`.
Whether Metal runs your ops needs a Mac and was not run here: Apple's
page is the source.

severity: tip
topics: S15, S12
aliases:
  - pip install tensorflow-macos tensorflow-metal on M1, M2, M3 or M4
  - should I install tensorflow or tensorflow-macos on Apple silicon
  - No matching distribution found for tensorflow-macos
  - tensorflow-metal not compatible with my TensorFlow version
  - install TensorFlow on an Intel Mac after 2.16
  - TensorFlow GPU on a Mac with Metal
  - tensorflow-metal on Python 3.13
"""

import json
from pathlib import Path

from packaging.requirements import Requirement
from packaging.tags import cpython_tags, mac_platforms
from packaging.version import Version

SNAPSHOT = (
    Path(__file__).resolve().parents[2] / "registry" / "pypi.json"
)
registry = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
packages = registry["packages"]

# --8<-- [start:show]
APPLE_SILICON = {  # pip's view of an M-series Mac, Python 3.10
    "sys_platform": "darwin",
    "platform_system": "Darwin",
    "platform_machine": "arm64",
    "os_name": "posix",
    "python_version": "3.10",
    "extra": "",
}


def requires(package, version):
    """What the release's macOS arm64 wheel asks pip for there."""
    meta = packages[package][version]["metadata"].get("macos-arm64")
    if meta is None:
        return None  # no arm64 wheel at all
    reqs = [Requirement(line) for line in meta["requires_dist"]]
    return [
        r
        for r in reqs
        if not r.marker or r.marker.evaluate(APPLE_SILICON)
    ]


NAMES = {"tensorflow", "tensorflow-macos"}


def describe(package, version):
    reqs = requires(package, version)
    if reqs is None:
        return "no arm64 wheel"
    shim = [f"{r.name}{r.specifier}" for r in reqs if r.name in NAMES]
    if shim:
        return "requires only " + ", ".join(shim)
    (keras,) = [r for r in reqs if r.name == "keras"]
    return f"the build, requires keras{keras.specifier}, ..."


print("PyPI snapshot of", registry["fetched"])
for package in ("tensorflow", "tensorflow-macos"):
    for version in packages[package]:
        print(f"{package} {version}:", describe(package, version))
# --8<-- [end:show]


def pins(reqs):
    return [f"{r.name}{r.specifier}" for r in reqs]


def tags(package, version):
    return set(packages[package][version]["wheels"])


def has_wheel(package, version, python, macos, arch="arm64"):
    """Whether a wheel fits that Python on that macOS, as pip matches."""
    platforms = mac_platforms(macos, arch)
    accepted = {
        str(t) for t in cpython_tags(python, platforms=platforms)
    }
    return bool(accepted & tags(package, version))


def arm64_tags(package, version):
    return {t for t in tags(package, version) if t.endswith("_arm64")}


def has_intel(package, version):
    return any(
        t.split("-")[2].startswith("macosx_") and t.endswith("_x86_64")
        for t in tags(package, version)
    )


def pythons(package, version):
    found = {f"3.{t.split('-')[0][3:]}" for t in tags(package, version)}
    return sorted(found, key=Version)


intel = [
    v
    for v in packages["tensorflow-macos"]
    if has_intel("tensorflow-macos", v)
]
print(f"tensorflow-macos: Intel Mac wheels in {', '.join(intel)}")
metal = packages["tensorflow-metal"]
for version, facts in metal.items():
    names = sorted(
        str(Requirement(line))
        for line in facts["metadata"]["macos-arm64"]["requires_dist"]
    )
    found = pythons("tensorflow-metal", version)
    print(
        f"tensorflow-metal {version} ({facts['uploaded']}):",
        "arm64"
        + (" x86_64" if has_intel("tensorflow-metal", version) else ""),
        f"Python {found[0]}-{found[-1]}, requires {', '.join(names)}",
    )

# tensorflow: no arm64 wheel before 2.13; a shim in 2.13 and 2.14; the
# build itself from 2.15 to 2.21.
for version in packages["tensorflow"]:
    minor = Version(version).minor
    reqs = requires("tensorflow", version)
    if minor <= 12:
        assert reqs is None and not arm64_tags("tensorflow", version), (
            f"expected no arm64 tensorflow wheel in {version}"
        )
        continue
    names = {r.name for r in reqs}
    if minor <= 14:
        assert pins(reqs) == [f"tensorflow-macos=={version}"], (
            f"expected tensorflow {version} to pull in tensorflow-macos only"
        )
    else:
        assert "keras" in names and not names & NAMES, (
            f"expected tensorflow {version} on arm64 to be the build: {names}"
        )
assert [
    v for v in packages["tensorflow"] if Version(v) >= Version("2.16")
] == [
    "2.16.2",
    "2.17.1",
    "2.18.1",
    "2.19.1",
    "2.20.0",
    "2.21.0",
], "expected every release from 2.16 to 2.21 checked above"

# tensorflow-macos: the arm64 build until 2.14, arm64 and Intel until
# 2.12, and at its last release a shim for tensorflow.
macos_releases = list(packages["tensorflow-macos"])
assert macos_releases[-1] == "2.16.2", (
    f"expected 2.16.2 as the last tensorflow-macos: {macos_releases}"
)
for version in macos_releases:
    minor = Version(version).minor
    reqs = requires("tensorflow-macos", version)
    shown = pins(reqs)
    assert arm64_tags("tensorflow-macos", version), (
        f"expected arm64 wheels of tensorflow-macos {version}"
    )
    if minor <= 14:
        assert "keras" in {r.name for r in reqs}, (
            f"expected tensorflow-macos {version} to be the build"
        )
    elif minor == 15:
        assert shown == ["tensorflow-macos==2.15.1"], (
            f"expected 2.15.1 to list only itself: {shown}"
        )
    else:
        assert shown == ["tensorflow==2.16.2"], (
            f"expected 2.16.2 to require only tensorflow==2.16.2: {shown}"
        )
    assert has_intel("tensorflow-macos", version) == (minor <= 12), (
        "expected Intel Mac wheels of tensorflow-macos up to 2.12 only"
    )
# Every arm64 wheel of the three needs macOS 12: none fits macOS 11
# (tensorflow 2.16 on: the no-wheel card).
for package in ("tensorflow", "tensorflow-macos", "tensorflow-metal"):
    for version in packages[package]:
        if not arm64_tags(package, version):
            continue
        if package == "tensorflow" and Version(version) >= Version(
            "2.16"
        ):
            continue
        assert {
            t.split("-")[2] for t in arm64_tags(package, version)
        } == {"macosx_12_0_arm64"}, (
            f"expected macOS 12 arm64 wheels: {package} {version}"
        )
        python = tuple(
            map(int, pythons(package, version)[-1].split("."))
        )
        assert has_wheel(package, version, python, (12, 0)), (
            f"expected {package} {version} to fit macOS 12"
        )
        assert not has_wheel(package, version, python, (11, 0)), (
            f"expected {package} {version} not to fit macOS 11"
        )

# tensorflow-metal: no TensorFlow requirement in any release; the
# newest has no Python 3.13 wheel.
for version, facts in metal.items():
    for meta in facts["metadata"].values():
        names = {
            Requirement(line).name for line in meta["requires_dist"]
        }
        assert names == {"wheel", "six"}, (
            f"expected tensorflow-metal {version} to require only wheel"
            f" and six: {names}"
        )
        assert not meta["requires_python"], (
            "expected no Requires-Python"
        )
newest = max(metal, key=Version)
assert newest == "1.2.0", f"expected 1.2.0 as the newest: {newest}"
assert has_wheel("tensorflow-metal", newest, (3, 12), (14, 0)), (
    "expected a Python 3.12 wheel of tensorflow-metal 1.2.0"
)
assert not has_wheel("tensorflow-metal", newest, (3, 13), (14, 0)), (
    "expected no Python 3.13 wheel of tensorflow-metal 1.2.0"
)
# Python 3.12 wheels start with 1.2.0; no release has a 3.13 one.
for version in metal:
    assert has_wheel("tensorflow-metal", version, (3, 12), (14, 0)) == (
        version == newest
    ), f"expected a Python 3.12 wheel only in 1.2.0: {version}"
    assert not has_wheel(
        "tensorflow-metal", version, (3, 13), (14, 0)
    ), f"expected no Python 3.13 wheel of tensorflow-metal {version}"
assert metal[newest]["uploaded"].startswith("2025-"), metal[newest]
