"""Which Keras each TensorFlow needs: Keras 2 in 2.10–2.15, Keras 3 from 2.16

When you hit it: on TensorFlow 2.10 to 2.15, `pip install -U keras`
(or a library that needs Keras 3) ends with a conflict such as
`tensorflow 2.13.1 requires keras<2.14,>=2.13.1, but you have keras
3.15.1 which is incompatible`.

What is going on: each TensorFlow release names the Keras it accepts,
and no Keras release (2.10 on) names a TensorFlow, so pip checks the
pair from TensorFlow's side only. Releases 2.10 to 2.15 pin the Keras
2 of their own minor; 2.16 to 2.21 take Keras 3 with a floor and no ceiling.
`tf-keras` 2.N ([Keras 2 for 2.16+](setup.md#tf-keras-is-keras3))
accepts only TensorFlow 2.N: pin it to your TensorFlow's minor.

Pitfall: pip installs Keras 3 first and reports the conflict after, as
`ERROR:`, yet exits with status 0, so CI passes with a broken pair. Go
back with the range the error names
(`pip install "keras<2.14,>=2.13.1"`), or move to TensorFlow 2.16+.

Checked: the pins come from the PyPI snapshot of the date printed, from
the Linux x86-64 wheel of each release's newest patch; the macOS and
Windows wheels ask for the same Keras, directly or through
`tensorflow-intel` and `tensorflow-macos`. The snapshot holds Keras
from 2.10 and `tf-keras` from 2.15 on. Keras 3.13 and later require
Python 3.11, so on Python 3.10 TensorFlow 2.21 gets Keras 3.12 at most.
pip (version printed) ran offline here, in a fresh virtual environment
with stand-ins for TensorFlow 2.13.1 and Keras that carry only the
requirement above; the message and the exit status are pip's own
([why pip exits 0](setup.md#pip-dependency-conflicts)), and so is the
way back to Keras 2.13.1.

severity: silent
topics: S12, S8
aliases:
  - tensorflow 2.13.1 requires keras<2.14,>=2.13.1, but you have keras 3.15.1 which is incompatible
  - which Keras version is compatible with my TensorFlow version
  - pip install keras upgraded Keras to 3 and broke TensorFlow 2.15
  - tensorflow 2.15.1 requires keras<2.16,>=2.15.0, but you have keras 3
  - which tf-keras version goes with TensorFlow 2.16, 2.17 or 2.21
  - tf-keras 2.21.0 requires tensorflow<2.22,>=2.21, but you have tensorflow
  - keras and tensorflow version compatibility table
"""

import importlib.metadata as metadata
import json
import os
import subprocess
import sys
import tempfile
import venv
import zipfile
from pathlib import Path

from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.version import Version

SNAPSHOT = (
    Path(__file__).resolve().parents[2] / "registry" / "pypi.json"
)
registry = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
packages = registry["packages"]


def requires(package, version, family="linux-x86_64"):
    meta = packages[package][version]["metadata"][family]
    return [Requirement(line) for line in meta["requires_dist"]]


# --8<-- [start:show]
def pin(package, version, name, family="linux-x86_64"):
    """The requirement on `name` in a release's metadata."""
    meta = packages[package][version]["metadata"][family]
    reqs = map(Requirement, meta["requires_dist"])
    return next(r for r in reqs if r.name == name)


print("PyPI snapshot of", registry["fetched"])
for v in sorted(packages["tensorflow"], key=Version):
    print(f"tensorflow {v} requires", pin("tensorflow", v, "keras"))
for v in sorted(packages["tf-keras"], key=Version):
    print(
        f"tf-keras {v} requires",
        pin("tf-keras", v, "tensorflow", "any"),
    )
# --8<-- [end:show]


def keras_pin(tf_version):
    return pin("tensorflow", tf_version, "keras").specifier


def tf_keras_for(tf_version):
    """The tf-keras releases whose tensorflow range holds it."""
    return [
        v
        for v in packages["tf-keras"]
        if tf_version
        in pin("tf-keras", v, "tensorflow", "any").specifier
    ]


releases = sorted(packages["tensorflow"], key=Version)
assert [v.rsplit(".", 1)[0] for v in releases] == [
    f"2.{minor}" for minor in range(10, 22)
], f"expected one row per release 2.10 to 2.21: {releases}"

# The card's claims, release by release.
KERAS_PINS = {
    "2.10.1": "<2.11,>=2.10.0",
    "2.11.1": "<2.12,>=2.11.0",
    "2.12.1": "<2.13,>=2.12.0",
    "2.13.1": "<2.14,>=2.13.1",
    "2.14.1": "<2.15,>=2.14.0",
    "2.15.1": "<2.16,>=2.15.0",
    "2.16.2": ">=3.0.0",
    "2.17.1": ">=3.2.0",
    "2.18.1": ">=3.5.0",
    "2.19.1": ">=3.5.0",
    "2.20.0": ">=3.10.0",
    "2.21.0": ">=3.12.0",
}
assert list(KERAS_PINS) == releases, "expected a pin for every release"
for tf_version, expected in KERAS_PINS.items():
    found = keras_pin(tf_version)
    assert found == SpecifierSet(expected), (
        f"expected tensorflow {tf_version} to need keras{expected}: {found}"
    )
    minor = Version(tf_version).minor
    if minor <= 15:
        assert (
            f"2.{minor}.99" in found and f"2.{minor + 1}.0" not in found
        ), f"expected {tf_version} to pin the Keras 2 of its own minor"
        assert "3.0.0" not in found, (
            f"expected {tf_version} to refuse Keras 3"
        )
    else:
        assert all(s.operator == ">=" for s in found), (
            f"expected {tf_version} to set a floor only"
        )
        assert str(next(iter(found)).version).startswith("3."), (
            f"expected {tf_version}'s floor to be a Keras 3"
        )

# The same pin on the macOS and Windows wheels, through the shims.
PLATFORMS = {
    "linux-x86_64": ("Linux", "linux", "x86_64", "posix"),
    "linux-aarch64": ("Linux", "linux", "aarch64", "posix"),
    "macos-arm64": ("Darwin", "darwin", "arm64", "posix"),
    "macos-x86_64": ("Darwin", "darwin", "x86_64", "posix"),
    "windows-amd64": ("Windows", "win32", "AMD64", "nt"),
}
SHIMS = ("tensorflow-intel", "tensorflow-macos")
not_followed = set()


def keras_pin_on(package, version, family):
    system, platform, machine, os_name = PLATFORMS[family]
    env = {
        "platform_system": system,
        "sys_platform": platform,
        "platform_machine": machine,
        "os_name": os_name,
        "extra": "",
    }
    reqs = [
        r
        for r in requires(package, version, family)
        if not r.marker or r.marker.evaluate(env)
    ]
    for r in reqs:
        if r.name == "keras":
            return r.specifier
    for r in reqs:
        if r.name in SHIMS and r.name != package:
            assert r.specifier == SpecifierSet(f"=={version}"), r
            return keras_pin_on(r.name, version, family)
    not_followed.add(
        (version, family, tuple(sorted(r.name for r in reqs)))
    )
    return None


for tf_version in releases:
    for family in packages["tensorflow"][tf_version]["metadata"]:
        found = keras_pin_on("tensorflow", tf_version, family)
        if found is not None:
            assert found == keras_pin(tf_version), (
                f"expected {tf_version}'s {family} wheel to ask for the"
                f" same keras, not {found}"
            )
for tf_version, family, names in not_followed:
    assert family == "linux-aarch64" and names == (
        "tensorflow-cpu-aws",
    ), (
        f"expected only the ARM64 Linux shim to be left unfollowed: {names}"
    )
    assert Version(tf_version) < Version("2.16"), tf_version
for family in ("macos-arm64", "macos-x86_64", "windows-amd64"):
    assert not any(family == f for _, f, _ in not_followed), family

# Keras names no TensorFlow, in any release.
for keras_version in packages["keras"]:
    for family in packages["keras"][keras_version]["metadata"]:
        names = {
            r.name for r in requires("keras", keras_version, family)
        }
        assert not any(
            n.startswith(("tensorflow", "tf-")) for n in names
        ), (
            f"expected keras {keras_version} to require no TensorFlow: {names}"
        )

# tf-keras 2.N accepts TensorFlow 2.N only.
TF_KERAS = {"2.15": "2.15.1", "2.16": "2.16.0", "2.17": "2.17.0"}
TF_KERAS |= {"2.18": "2.18.0", "2.19": "2.19.0", "2.20": "2.20.1"}
TF_KERAS |= {"2.21": "2.21.0"}
assert sorted(packages["tf-keras"], key=Version) == list(
    TF_KERAS.values()
)
for minor, tf_keras_version in TF_KERAS.items():
    (found,) = [
        r.specifier
        for r in requires("tf-keras", tf_keras_version, "any")
        if r.name == "tensorflow"
    ]
    upper = f"2.{Version(minor).minor + 1}"
    assert found == SpecifierSet(f"<{upper},>={minor}"), (
        f"expected tf-keras {tf_keras_version} to accept TensorFlow {minor}"
        f" only, not {found}"
    )
for tf_version in releases:
    expected = TF_KERAS.get(tf_version.rsplit(".", 1)[0])
    assert tf_keras_for(tf_version) == (
        [expected] if expected else []
    ), f"expected one tf-keras for TensorFlow {tf_version}"

# Keras 3.13 and later need Python 3.11: on 3.10, TF 2.21 gets 3.12.
on_310 = [
    v
    for v in packages["keras"]
    if v in keras_pin("2.21.0")
    and "3.10" in SpecifierSet(packages["keras"][v]["requires_python"])
]
print("keras for tensorflow 2.21.0 on Python 3.10:", on_310)
assert on_310 == ["3.12.4"], (
    f"expected Keras 3.12 at most, got {on_310}"
)
for v in packages["keras"]:
    if Version(v) >= Version("3.13"):
        assert packages["keras"][v]["requires_python"] == ">=3.11", v
assert "3.10" in SpecifierSet(
    packages["tensorflow"]["2.21.0"]["requires_python"]
)


# pip itself, offline: TensorFlow 2.13.1 and Keras 2.13.1 installed as
# stand-ins (metadata only), then `pip install -U keras` from a folder
# holding a Keras 3.15.1 stand-in wheel.
def dist_info(name, version, reqs=()):
    lines = [
        "Metadata-Version: 2.1",
        f"Name: {name}",
        f"Version: {version}",
    ]
    return (
        "\n".join(lines + [f"Requires-Dist: {r}" for r in reqs]) + "\n"
    )


def install_stand_in(site, name, version, reqs=()):
    folder = site / f"{name}-{version}.dist-info"
    folder.mkdir()
    (folder / "METADATA").write_text(dist_info(name, version, reqs))
    (folder / "INSTALLER").write_text("pip\n")
    files = ("METADATA", "INSTALLER", "RECORD")
    (folder / "RECORD").write_text(
        "".join(f"{folder.name}/{f},,\n" for f in files)
    )


def stand_in_wheel(folder, name, version):
    stem = f"{name}-{version}"
    with zipfile.ZipFile(
        folder / f"{stem}-py3-none-any.whl", "w"
    ) as wheel:
        wheel.writestr(
            f"{stem}.dist-info/METADATA", dist_info(name, version)
        )
        wheel.writestr(
            f"{stem}.dist-info/WHEEL",
            "Wheel-Version: 1.0\nGenerator: stand-in\n"
            "Root-Is-Purelib: true\nTag: py3-none-any\n",
        )
        wheel.writestr(f"{stem}.dist-info/RECORD", "")


work = Path(tempfile.mkdtemp())
venv.create(work / "env", with_pip=False)
site = Path(
    subprocess.run(
        [
            work / "env" / "bin" / "python",
            "-c",
            "import sysconfig; print(sysconfig.get_paths()['purelib'])",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
)
tf_2_13 = [f"keras{keras_pin('2.13.1')}"]
install_stand_in(site, "tensorflow", "2.13.1", tf_2_13)
install_stand_in(site, "keras", "2.13.1")
(work / "wheels").mkdir()
stand_in_wheel(work / "wheels", "keras", "3.15.1")
stand_in_wheel(work / "wheels", "keras", "2.13.1")
(work / "tmp").mkdir()
pip_env = {
    k: v for k, v in os.environ.items() if not k.startswith("PIP_")
}
pip_env |= {"PIP_CONFIG_FILE": os.devnull, "TMPDIR": str(work / "tmp")}
OFFLINE = (
    "--no-index",
    "--find-links",
    str(work / "wheels"),
    "--no-cache-dir",
    "--disable-pip-version-check",
    "--no-compile",
)


def pip(*args):
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            work / "env" / "bin" / "python",
        ]
        + list(args),
        capture_output=True,
        text=True,
        env=pip_env,
    )


# --8<-- [start:pip]
# With TensorFlow 2.13.1 and Keras 2.13.1 installed (stand-ins):
result = pip("install", "-U", "keras", *OFFLINE)
print("pip install -U keras: exit status", result.returncode)
print(*result.stderr.strip().splitlines(), sep="\n")
# --8<-- [end:pip]

installed = sorted(p.name for p in site.glob("*.dist-info"))
print(
    "installed after:",
    ", ".join(n.removesuffix(".dist-info") for n in installed),
)
# --8<-- [start:fix]
back = pip("install", "keras<2.14,>=2.13.1", *OFFLINE)
print('pip install "keras<2.14,>=2.13.1": exit status', back.returncode)
# --8<-- [end:fix]
restored = sorted(p.name for p in site.glob("*.dist-info"))
print(
    "installed after:",
    ", ".join(n.removesuffix(".dist-info") for n in restored),
)
assert result.returncode == 0, "expected pip to exit with status 0"
assert result.stderr.startswith(
    "ERROR: pip's dependency resolver does not currently take into account"
), f"expected pip's resolver error: {result.stderr}"
assert (
    "tensorflow 2.13.1 requires keras<2.14,>=2.13.1, but you have keras"
    " 3.15.1 which is incompatible" in result.stderr
), "expected the conflict line"
assert installed == [
    "keras-3.15.1.dist-info",
    "tensorflow-2.13.1.dist-info",
], f"expected Keras 3 to replace Keras 2 next to TF 2.13.1: {installed}"
assert "3.15.1" not in keras_pin("2.13.1"), (
    "expected the pair outside the pin"
)
assert back.returncode == 0 and back.stderr == "", back.stderr
assert restored == [
    "keras-2.13.1.dist-info",
    "tensorflow-2.13.1.dist-info",
], f"expected Keras 2.13.1 back next to TF 2.13.1: {restored}"
assert SpecifierSet("<2.14,>=2.13.1") == keras_pin("2.13.1"), (
    "expected the range the conflict line names"
)
print("pip", metadata.version("pip"))
