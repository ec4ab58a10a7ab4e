"""TensorFlow 2.10–2.13 on Linux GPUs: no `and-cuda` extra, bring CUDA 11

When you hit it: on Linux or WSL2, a pinned TensorFlow 2.10–2.13
finds no GPU, and its log names `libcudart.so.11.0` (or another CUDA
11 library, such as cuFFT's) or says it found no CUDA drivers.

What is going on: the metadata of 2.10–2.13 names no extra and no
NVIDIA wheel, on any platform; the `and-cuda` extra starts at 2.14
([its pins](setup.md#cuda-libraries-not-found)). Install what the
[tested-build table](https://www.tensorflow.org/install/source#gpu)
lists: CUDA 11.2 and cuDNN 8.1 for 2.10–2.11, CUDA 11.8 and cuDNN 8.6
for 2.12–2.13, or an image with them. A CUDA build opens each
library by a name holding that library's own major: cudart's is
`libcudart.so.11.0` in any CUDA 11 build, `libcudart.so.12` in CUDA
12.
On native Windows, only 2.10 has a GPU build
([GPU on Windows](setup.md#windows-gpu-wsl2)).

Pitfall: pinning 2.10–2.13, or 2.14 without its `and-cuda` extra, on
a CUDA 12 machine: it asks for CUDA 11's `libcudart.so.11.0` and
CUDA 12 has none. Match the major, install 2.14 with its extra, or
upgrade.

Checked: no TensorFlow and no GPU ran here: the run reads only the
PyPI snapshot of the date printed, every platform's METADATA of the
newest patch of each release. 2.14 is built with CUDA 11.8 and cuDNN
8.7 (the table); 2.14.1's Linux x86-64 extra pins
`nvidia-cuda-runtime-cu11`, NVIDIA's CUDA 11 runtime, and
`pip install tensorflow[and-cuda]` installs the NVIDIA libraries with
it ([2.14.0 release notes](https://github.com/tensorflow/tensorflow/releases/tag/v2.14.0)).
What old releases log was not run; it is from their source. A missing
library is a warning from the loader (`GetDsoHandle` in
`dso_loader.cc`) at
[v2.10.0](https://github.com/tensorflow/tensorflow/blob/v2.10.0/tensorflow/stream_executor/platform/default/dso_loader.cc)
and
[v2.11.0](https://github.com/tensorflow/tensorflow/blob/v2.11.0/tensorflow/compiler/xla/stream_executor/platform/default/dso_loader.cc),
then the cudart stub tells a machine without a GPU to ignore it
([v2.10.0](https://github.com/tensorflow/tensorflow/blob/v2.10.0/tensorflow/stream_executor/cuda/cudart_stub.cc),
[v2.11.0](https://github.com/tensorflow/tensorflow/blob/v2.11.0/tensorflow/compiler/xla/stream_executor/cuda/cudart_stub.cc)).
From 2.12 the loader line is verbose-only
([v2.12.0](https://github.com/tensorflow/tensorflow/blob/v2.12.0/tensorflow/tsl/platform/default/dso_loader.cc),
[v2.13.0](https://github.com/tensorflow/tensorflow/blob/v2.13.0/tensorflow/tsl/platform/default/dso_loader.cc);
how to show it: [the loader card](setup.md#cuda-libraries-not-found))
and the stub says it found no CUDA drivers
([v2.12.0](https://github.com/tensorflow/tensorflow/blob/v2.12.0/tensorflow/tsl/cuda/cudart_stub.cc),
[v2.13.0](https://github.com/tensorflow/tensorflow/blob/v2.13.0/tensorflow/tsl/cuda/cudart_stub.cc)).
The names: `GetCudaRuntimeDsoHandle` and `GetCudnnDsoHandle` pass the
versions that `_get_cuda_config` in
[`cuda_configure.bzl`](https://github.com/tensorflow/tensorflow/blob/v2.13.0/third_party/gpus/cuda_configure.bzl)
sets: cudart `11.0` for every CUDA 11, the bare major from CUDA 12;
cuBLAS, cuFFT and cuSPARSE get versioned names too. Users' logs: 2.11
with the warning and the stub's line
([gnobitab/RectifiedFlow#29](https://github.com/gnobitab/RectifiedFlow/issues/29));
2.11 on CUDA 12.0, missing CUDA 11's cuFFT and cuSPARSE
([tensorflow#58910](https://github.com/tensorflow/tensorflow/issues/58910));
2.13.1 on CUDA 12.4
([tensorflow#66750](https://github.com/tensorflow/tensorflow/issues/66750));
2.13 in a CUDA 12.1 image, fixed by a CUDA 11 one
([matifali/dockerdl#7](https://github.com/matifali/dockerdl/issues/7)).

severity: tip
topics: S9, S3
aliases:
  - Ignore above cudart dlerror if you do not have a GPU set up on your machine.
  - W tensorflow/compiler/xla/stream_executor/platform/default/dso_loader.cc:64] Could not load dynamic library 'libcudart.so.11.0'
  - "Could not find cuda drivers on your machine, GPU will not be used." on TensorFlow 2.12 or 2.13
  - "WARNING: tensorflow 2.13.1 does not provide the extra 'and-cuda'"
  - which CUDA and cuDNN for TensorFlow 2.10, 2.11, 2.12 or 2.13
  - TF 2.11.0 not working with CUDA 12.0
  - TensorFlow 2.13 in a CUDA 12 Docker image finds no GPU
  - libcudart.so.11.0 missing but CUDA 12 is installed
  - does tensorflow 2.12 have a tensorflow[and-cuda] extra
"""

import json
from pathlib import Path

from packaging.requirements import Requirement
from packaging.version import Version

SNAPSHOT = (
    Path(__file__).resolve().parents[2] / "registry" / "pypi.json"
)
registry = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
releases = registry["packages"]["tensorflow"]


# --8<-- [start:show]
def nvidia_deps(version):
    """Extras and NVIDIA wheels in a release's METADATA, all OSes."""
    extras, wheels = set(), set()
    for meta in releases[version]["metadata"].values():
        extras.update(meta["provides_extra"])
        for line in meta["requires_dist"]:
            name = Requirement(line).name
            if name.startswith("nvidia-"):
                wheels.add(name)
    return sorted(extras), sorted(wheels)


print("PyPI snapshot of", registry["fetched"])
for version in sorted(releases, key=Version):
    if Version(version) < Version("2.14"):
        extras, wheels = nvidia_deps(version)
        oses = len(releases[version]["metadata"])
        print(
            version,
            "extras:",
            extras or "none",
            "| NVIDIA wheels:",
            wheels or "none",
            f"({oses} platforms)",
        )
# --8<-- [end:show]

# The releases before 2.14 in the snapshot: the newest patch of each.
older = [
    v
    for v in sorted(releases, key=Version)
    if Version(v) < Version("2.14")
]
assert older == ["2.10.1", "2.11.1", "2.12.1", "2.13.1"], older
for version in older:
    families = releases[version]["metadata"]
    assert "linux-x86_64" in families, (version, list(families))
    # No extra and no NVIDIA wheel, for every platform's METADATA.
    for family, meta in families.items():
        assert meta["provides_extra"] == [], (version, family)
        names = [Requirement(x).name for x in meta["requires_dist"]]
        assert not [n for n in names if n.startswith("nvidia-")], (
            f"expected no NVIDIA wheel in {version} ({family})"
        )
    assert nvidia_deps(version) == ([], []), version

# 2.14 is the first with the extra, and it brings the CUDA 11 runtime.
meta = releases["2.14.1"]["metadata"]["linux-x86_64"]
assert "and-cuda" in meta["provides_extra"], meta["provides_extra"]
in_extra = {
    r.name
    for r in map(Requirement, meta["requires_dist"])
    if r.marker
    and r.marker.evaluate({"extra": "and-cuda"})
    and not r.marker.evaluate({"extra": ""})
}
assert "nvidia-cuda-runtime-cu11" in in_extra, sorted(in_extra)
