"""Installing a companion package can swap your TensorFlow: pin both at once

When you hit it: after `pip install tensorflow-decision-forests` (or
another companion package), `tf.__version__` is no longer the release
you pinned.

What is going on: each companion states the TensorFlow it accepts in
its own way, and pip may replace the installed TensorFlow to satisfy
it.

| Companion | TensorFlow it accepts |
|---|---|
| `tensorflow-text` 2.N | 2.N only; no Windows wheel after 2.10 |
| `tensorflow-decision-forests` 1.9+ | one patch: 1.12.0 wants 2.19.0 |
| `keras-hub` 0.19+ | via `tensorflow-text`, except on Windows |
| `keras-nlp` 0.16+ | via `keras-hub` of the same version |
| `tf-agents` 0.19.0 | only in its `reverb` extra: 2.15 |
| `tensorflow-hub` 0.16.1 | via `tf-keras`, which [pins 2.N](setup.md#tensorflow-keras-pairs) |

Pitfall: pip swaps TensorFlow with exit status 0 and no warning: with
2.21.0 installed, `pip install tensorflow-decision-forests` installs
2.19.0, as no release accepts 2.20 or 2.21. Name your TensorFlow pin
in the same command, and pip
[refuses](setup.md#pip-dependency-conflicts).

Checked: the requirements come from the PyPI snapshot of the date
printed (Linux x86-64 or pure-Python wheels, newest patch of each
release). pip
(version printed) ran offline here, in fresh environments, on
stand-ins that carry only those TensorFlow and `tf-keras`
requirements; the real `tensorflow-decision-forests` 1.12.0 has wheels
for Python 3.9 to 3.12 only. `keras-hub` 0.31.1 asks for
`tensorflow-text` 2.20, so it brings TensorFlow 2.20. `tf-agents`
0.19.0 also pins `tensorflow-probability~=0.23.0`, which checks
TensorFlow when first used
([its card](setup.md#probability-checks-tensorflow-version)).

severity: silent
topics: S12
aliases:
  - pip install tensorflow-decision-forests downgraded TensorFlow
  - installing tensorflow-text changed my TensorFlow version
  - which tensorflow-text version goes with TensorFlow 2.21
  - tensorflow-decision-forests for TensorFlow 2.20 or 2.21
  - keras-nlp or keras-hub installs tensorflow-text and another TensorFlow
  - which TensorFlow does tf-agents need
  - Found existing installation: tensorflow 2.21.0
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
KIN = {
    "tensorflow",
    "tf-keras",
    "keras",
    "keras-hub",
    "tensorflow-text",
}
KIN |= {"tensorflow-probability"}


# --8<-- [start:show]
def requires(package, version):
    """A release's requirements on TensorFlow, Keras and kin."""
    meta = packages[package][version]["metadata"]
    wheel = meta.get("linux-x86_64") or meta["any"]
    reqs = map(Requirement, wheel["requires_dist"])
    return [r for r in reqs if r.name.replace("_", "-") in KIN]


print("PyPI snapshot of", registry["fetched"])
for package, version in [
    ("tensorflow-text", "2.21.1"),
    ("tensorflow-decision-forests", "1.12.0"),
    ("keras-hub", "0.32.0"),
    ("keras-nlp", "0.32.0"),
    ("tf-agents", "0.19.0"),
    ("tensorflow-hub", "0.16.1"),
]:
    print(
        f"{package} {version}:", *map(str, requires(package, version))
    )
# --8<-- [end:show]


def releases(package, since="0"):
    found = sorted(packages[package], key=Version)
    return [v for v in found if Version(v) >= Version(since)]


def pin(package, version, name="tensorflow", extra=""):
    """The requirement on `name` that applies on Linux, or None."""
    env = {"platform_system": "Linux", "sys_platform": "linux"}
    found = [
        r
        for r in requires(package, version)
        if r.name.replace("_", "-") == name
        and (not r.marker or r.marker.evaluate({**env, "extra": extra}))
    ]
    assert len(found) <= 1, found
    return found[0].specifier if found else None


tf_releases = releases("tensorflow")
assert tf_releases[-1] == "2.21.0", (
    "expected the snapshot to reach 2.21"
)

# The releases the card names are the newest in the snapshot.
for package, version in [
    ("tensorflow-text", "2.21.1"),
    ("tensorflow-decision-forests", "1.12.0"),
    ("keras-hub", "0.32.0"),
    ("keras-nlp", "0.32.0"),
    ("tf-agents", "0.19.0"),
    ("tensorflow-hub", "0.16.1"),
]:
    assert releases(package)[-1] == version, (
        f"expected {version} newest"
    )

# tensorflow-text 2.N: TensorFlow 2.N only; Windows wheels in 2.10 only.
for version in releases("tensorflow-text"):
    minor = Version(version).minor
    spec = pin("tensorflow-text", version)
    same_minor = [v for v in tf_releases if Version(v).minor == minor]
    assert [v for v in tf_releases if v in spec] == same_minor, (
        f"expected tensorflow-text {version} to accept 2.{minor}: {spec}"
    )
    assert f"2.{minor + 1}.0" not in spec, spec
    assert f"2.{minor - 1}.99" not in spec, spec
    tags = packages["tensorflow-text"][version]["wheels"]
    assert any("win" in t for t in tags) == (minor == 10), (
        f"expected Windows wheels for tensorflow-text 2.10 only: {version}"
    )

# tensorflow-decision-forests: one exact patch since 1.9; none for 2.20+.
for version in releases("tensorflow-decision-forests"):
    spec = pin("tensorflow-decision-forests", version)
    assert not any(v in spec for v in ("2.20.0", "2.21.0")), version
    assert all(Version(s.version).minor < 20 for s in spec), version
    if Version(version) >= Version("1.9"):
        assert [s.operator for s in spec] == ["=="], (
            f"expected an exact pin in {version}: {spec}"
        )
assert pin("tensorflow-decision-forests", "1.12.0") == SpecifierSet(
    "==2.19.0"
), "expected 1.12.0 to want TensorFlow 2.19.0"
tfdf_tags = packages["tensorflow-decision-forests"]["1.12.0"]["wheels"]
tfdf_pythons = sorted(
    {t.split("-")[0] for t in tfdf_tags}, key=lambda t: int(t[3:])
)
print(
    "tensorflow-decision-forests 1.12.0 wheels:",
    ", ".join(tfdf_pythons),
)
assert set(tfdf_pythons) == {"cp39", "cp310", "cp311", "cp312"}, (
    tfdf_pythons
)

# keras-hub 0.19+: no TensorFlow of its own, tensorflow-text off Windows.
for version in releases("keras-hub"):
    assert pin("keras-hub", version) is None, version
    raw = packages["keras-hub"][version]["metadata"]["any"][
        "requires_dist"
    ]
    (text,) = [
        Requirement(r) for r in raw if r.startswith("tensorflow-text")
    ]
    if Version(version) >= Version("0.19"):
        assert not text.marker.evaluate({"platform_system": "Windows"})
        assert text.marker.evaluate({"platform_system": "Linux"})
        assert text.marker.evaluate({"platform_system": "Darwin"})
    if version == "0.31.1":
        assert text.specifier == SpecifierSet("<2.21.0,>=2.20.1"), text
        brings = pin("tensorflow-text", "2.20.1")
        assert [v for v in tf_releases if v in brings] == ["2.20.0"], (
            brings
        )

# keras-nlp 0.16+: nothing but the keras-hub of its own version.
for version in releases("keras-nlp", "0.16"):
    raw = packages["keras-nlp"][version]["metadata"]["any"][
        "requires_dist"
    ]
    assert [str(Requirement(r)) for r in raw] == [
        f"keras-hub=={version}"
    ]

# tf-agents: TensorFlow only in the reverb extra (0.19.0: ~=2.15.0).
for version in releases("tf-agents"):
    assert pin("tf-agents", version) is None, version
assert pin("tf-agents", "0.19.0", extra="reverb") == SpecifierSet(
    "~=2.15.0"
)
tfp = [
    str(Requirement(r))
    for r in packages["tf-agents"]["0.19.0"]["metadata"]["any"][
        "requires_dist"
    ]
    if r.startswith("tensorflow-probability")
]
assert tfp == ["tensorflow-probability~=0.23.0"], tfp

# tensorflow-hub 0.16.1: no TensorFlow, tf-keras>=2.14.1 (tf-keras's
# own pin is on the tensorflow_keras_pairs card).
assert pin("tensorflow-hub", "0.16.1") is None
assert pin("tensorflow-hub", "0.16.1", "tf-keras") == SpecifierSet(
    ">=2.14.1"
)


# pip itself, offline, on stand-ins carrying the requirements above.
def dist_info(name, version, reqs=()):
    lines = [f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}"]
    return (
        "\n".join(lines + [f"Requires-Dist: {r}" for r in reqs]) + "\n"
    )


def stand_in_wheel(folder, name, version, reqs=()):
    stem = f"{name.replace('-', '_')}-{version}"
    with zipfile.ZipFile(
        folder / f"{stem}-py3-none-any.whl", "w"
    ) as wheel:
        info = f"{stem}.dist-info"
        wheel.writestr(
            f"{info}/METADATA", dist_info(name, version, reqs)
        )
        wheel.writestr(
            f"{info}/WHEEL",
            "Wheel-Version: 1.0\nGenerator: stand-in\n"
            "Root-Is-Purelib: true\nTag: py3-none-any\n",
        )
        wheel.writestr(f"{info}/RECORD", "")


work = Path(tempfile.mkdtemp())
wheels = work / "wheels"
wheels.mkdir()
for name, version in [
    ("tensorflow", "2.19.0"),
    ("tensorflow", "2.21.0"),
    *[("tf-keras", v) for v in releases("tf-keras", "2.19")],
    *[("tensorflow-decision-forests", v) for v in ("1.11.0", "1.12.0")],
]:
    kin = requires(name, version) if name != "tensorflow" else []
    stand_in_wheel(wheels, name, version, [str(r) for r in kin])


def environment_with_tensorflow_2_21(folder):
    """A virtual environment holding a TensorFlow 2.21.0 stand-in."""
    venv.create(folder, with_pip=False)
    purelib = subprocess.run(
        [
            folder / "bin/python",
            "-c",
            "import sysconfig as s;print(s.get_paths()['purelib'])",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    info = Path(purelib) / "tensorflow-2.21.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(dist_info("tensorflow", "2.21.0"))
    (info / "INSTALLER").write_text("pip\n")
    files = ("METADATA", "INSTALLER", "RECORD")
    (info / "RECORD").write_text(
        "".join(f"{info.name}/{f},,\n" for f in files)
    )
    return folder


pip_env = {
    k: v for k, v in os.environ.items() if not k.startswith("PIP_")
}
pip_env |= {"PIP_CONFIG_FILE": os.devnull, "TMPDIR": str(work)}


def pip(*args):
    """pip install into a fresh environment with TensorFlow 2.21.0."""
    env = environment_with_tensorflow_2_21(Path(tempfile.mkdtemp()))
    return subprocess.run(
        [sys.executable, "-m", "pip", "--python", env / "bin/python"]
        + list(args)
        + ["--no-index", "--find-links", str(wheels), "--no-cache-dir"]
        + ["--disable-pip-version-check", "--no-compile"],
        capture_output=True,
        text=True,
        env=pip_env,
    )


def show(result):
    print("exit status:", result.returncode)
    for line in (result.stdout + result.stderr).splitlines():
        if line.startswith(("ERROR", "Successfully installed")):
            print(line)
        elif "Found existing" in line or "depends on" in line:
            print(line.strip())


# With TensorFlow 2.21.0 installed (stand-ins):
# --8<-- [start:wrong]
swapped = pip("install", "tensorflow-decision-forests")
# --8<-- [end:wrong]
show(swapped)
# --8<-- [start:right]
kept = pip(
    "install", "tensorflow==2.21.0", "tensorflow-decision-forests"
)
# --8<-- [end:right]
show(kept)

assert swapped.returncode == 0 and swapped.stderr == "", (
    "expected pip to swap TensorFlow silently, with status 0"
)
assert (
    "Found existing installation: tensorflow 2.21.0" in swapped.stdout
)
assert (
    "Successfully installed tensorflow-2.19.0"
    " tensorflow-decision-forests-1.12.0 tf_keras-2.19.0"
    in swapped.stdout
), swapped.stdout
assert kept.returncode == 1, "expected pip to refuse with the pin given"
assert "ResolutionImpossible" in kept.stderr, kept.stderr
assert "Successfully" not in kept.stdout, "expected nothing installed"
print("pip", metadata.version("pip"))
