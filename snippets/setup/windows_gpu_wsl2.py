"""GPU on Windows: use WSL2, since native Windows has none after TF 2.10

When you hit it: on native Windows,
`tf.config.list_physical_devices("GPU")` returns `[]` although CUDA
and cuDNN are installed, or `pip install tensorflow[and-cuda]` does not
bring a GPU.

What is going on: TensorFlow 2.10 was the last release with GPU
support on native Windows, says the
[install page](https://www.tensorflow.org/install/pip#windows-native).
The metadata shows the switch: from 2.11.1 to 2.17.1 the Windows
`tensorflow` wheel requires only `tensorflow-intel`, the same wheel
that `tensorflow-cpu` requires there. For a GPU, install TensorFlow
inside WSL2, where the Linux wheel and its `and-cuda` extra apply
([install page](https://www.tensorflow.org/install/pip#windows-wsl2)).
To tell a CPU-only build from a CUDA one, read
[`get_build_info()`](setup.md#cuda-build-versions).

Pitfall: from 2.14.1 the Windows `tensorflow` wheels declare
`and-cuda` with the Linux NVIDIA requirements, NCCL included, and no
OS marker, so pip tries them on native Windows. Users report the
install failing there on NCCL. The extra brings no GPU there.

Checked: the rows come from the PyPI snapshot of the date printed (the
Windows wheel of the newest patch of each release, its markers
evaluated for Windows). In 2.10.1 only `tensorflow-cpu` requires
`tensorflow-intel`, so there the two names still install different
wheels. What a Windows machine does with these wheels was not run
here; the install page is the source. The NVIDIA packages are not in
the snapshot, so which of them install on Windows was not checked:
that NCCL does not rests on users' reports of pip failing on
2.16.1's `nvidia-nccl-cu12==2.19.3`, with only `0.0.1.dev5` on offer
([tensorflow#64525](https://github.com/tensorflow/tensorflow/issues/64525),
[#63362](https://github.com/tensorflow/tensorflow/issues/63362)).
What pip does unpinned, when NCCL fails, was not run here.

| Windows wheel of `tensorflow` | requires `tensorflow-intel` | `and-cuda` extra declares |
|---|---|---|
| 2.10.1 | no (requires `keras` itself) | no such extra |
| 2.11.1 – 2.13.1 | yes, same version | no such extra |
| 2.14.1 – 2.17.1 | yes, same version | `nvidia-*` packages (2.14.1: and `tensorrt`) |
| 2.18.1 – 2.21.0 | no (requires `keras` itself) | `nvidia-*` packages |

severity: silent
topics: S11, S3
aliases:
  - TensorFlow does not detect my GPU on Windows 10 or 11
  - GPU not detected though CUDA and cuDNN are installed on Windows
  - list_physical_devices('GPU') returns [] on Windows
  - does TensorFlow 2.16 support GPU on native Windows
  - what is tensorflow-intel and why does pip install it on Windows
  - pip install tensorflow[and-cuda] on Windows gives no GPU
  - No matching distribution found for nvidia-nccl-cu12==2.19.3; extra == "and-cuda" on Windows
  - install TensorFlow with CUDA in WSL2
  - last TensorFlow version with GPU support on Windows
"""

import json
from pathlib import Path

from packaging.requirements import Requirement
from packaging.version import Version

SNAPSHOT = (
    Path(__file__).resolve().parents[2] / "registry" / "pypi.json"
)
registry = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
packages = registry["packages"]

# --8<-- [start:show]
WINDOWS = {
    "platform_system": "Windows",
    "sys_platform": "win32",
    "os_name": "nt",
    "platform_machine": "AMD64",
}


def windows_requires(package, version, extra=""):
    """What the Windows wheel asks pip for, markers evaluated."""
    meta = packages[package][version]["metadata"]["windows-amd64"]
    env = {**WINDOWS, "extra": extra}
    reqs = [Requirement(line) for line in meta["requires_dist"]]
    return [r for r in reqs if not r.marker or r.marker.evaluate(env)]


def names(reqs):
    return {r.name for r in reqs}


print("PyPI snapshot of", registry["fetched"])
for version in sorted(packages["tensorflow"], key=Version):
    base = windows_requires("tensorflow", version)
    extra = windows_requires("tensorflow", version, "and-cuda")
    intel = [
        f"{r.name}{r.specifier}"
        for r in base
        if r.name == "tensorflow-intel"
    ]
    added = sorted(names(extra) - names(base))
    nvidia = [n for n in added if n.startswith("nvidia-")]
    print(
        f"tensorflow {version}, Windows wheel:",
        *(intel or ["no tensorflow-intel"]),
        f"| and-cuda: +{len(nvidia)} nvidia-*",
        *sorted(set(added) - set(nvidia)),
    )
# --8<-- [end:show]

releases = sorted(packages["tensorflow"], key=Version)
assert [r.rsplit(".", 1)[0] for r in releases] == [
    f"2.{minor}" for minor in range(10, 22)
], f"expected one row per release 2.10 to 2.21: {releases}"


def intel_pin(package, version):
    pins = [
        r
        for r in windows_requires(package, version)
        if r.name == "tensorflow-intel"
    ]
    assert len(pins) <= 1, f"expected one tensorflow-intel pin: {pins}"
    return str(pins[0].specifier) if pins else None


def minor(version):
    return Version(version).release[1]


for version in releases:
    pin = intel_pin("tensorflow", version)
    if 11 <= minor(version) <= 17:
        assert pin == f"=={version}", (
            f"expected Windows tensorflow {version} to pull in"
            f" tensorflow-intel=={version}, got {pin}"
        )
        assert intel_pin("tensorflow-cpu", version) == pin, (
            f"expected tensorflow-cpu {version} to pull in the same"
            " tensorflow-intel on Windows"
        )
        assert names(windows_requires("tensorflow", version)) == {
            "tensorflow-intel"
        }, f"expected tensorflow {version} on Windows to be a shim only"
    else:
        assert pin is None, (
            f"expected Windows tensorflow {version} to be the build itself"
        )
        assert "keras" in names(
            windows_requires("tensorflow", version)
        ), (
            f"expected Windows tensorflow {version} to require keras itself"
        )
assert intel_pin("tensorflow-cpu", "2.10.1") == "==2.10.1", (
    "expected tensorflow-cpu 2.10.1, unlike tensorflow 2.10.1, to pull in"
    " tensorflow-intel on Windows"
)

for version in releases:
    meta = packages["tensorflow"][version]["metadata"]
    win = windows_requires("tensorflow", version)
    extra = windows_requires("tensorflow", version, "and-cuda")
    added = names(extra) - names(win)
    if minor(version) < 14:
        assert (
            "and-cuda" not in meta["windows-amd64"]["provides_extra"]
        ), f"expected no and-cuda extra in {version}"
        assert not added, f"expected no extra wheels in {version}"
        continue
    assert "and-cuda" in meta["windows-amd64"]["provides_extra"], (
        f"expected {version}'s Windows wheel to declare and-cuda"
    )
    assert added and all(
        n.startswith("nvidia-") or n == "tensorrt" for n in added
    ), f"expected the extra to add NVIDIA wheels only: {sorted(added)}"
    assert all(n.startswith("nvidia-") for n in added) == (
        minor(version) != 14
    ), "expected tensorrt in the 2.14 extra only"
    assert not any("tensorflow" in n for n in added), (
        "expected the extra to swap in no other TensorFlow build"
    )
    nccl = (
        "nvidia-nccl-cu11"
        if minor(version) == 14
        else "nvidia-nccl-cu12"
    )
    assert nccl in added, f"expected {version}'s extra to pin {nccl}"
    linux_extra = {
        str(Requirement(line))
        for line in meta["linux-x86_64"]["requires_dist"]
        if "and-cuda" in line
    }
    windows_extra = {
        str(Requirement(line))
        for line in meta["windows-amd64"]["requires_dist"]
        if "and-cuda" in line
    }
    assert windows_extra == linux_extra, (
        f"expected {version}'s Windows and Linux extras to match"
    )
    assert all(
        not any(
            word in str(Requirement(line).marker)
            for word in ("platform_system", "sys_platform", "os_name")
        )
        for line in windows_extra
    ), f"expected no OS marker on {version}'s and-cuda requirements"
    for pin in windows_requires("tensorflow", version, "and-cuda"):
        if pin.name == "tensorflow-intel":
            assert not pin.extras, (
                "expected the extra not to reach tensorflow-intel"
            )
