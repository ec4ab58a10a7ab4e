"""Find the CUDA and cuDNN a wheel expects: get_build_info() and its extra

When you hit it: you install CUDA and cuDNN yourself, or pick a Docker
base image, and need the versions this TensorFlow was built against.

What is going on: `tf.sysconfig.get_build_info()` returns a dict fixed
at build time. Its keys vary with the build and the platform
(`tensorflow/python/platform/sysconfig.py`, `get_build_info`): a CUDA
build may add `cuda_version`, `cudnn_version` and the GPU
architectures (`cuda_compute_capabilities`), or hold only the three
flags (nightly does). The installed wheel's
`and-cuda` extra asks for NVIDIA's CUDA runtime and cuDNN wheels. At
2.21 it gives a range (a floor, below the next major), so pip may
install newer ones; for other releases see
[its extra, release by release](setup.md#cuda-libraries-not-found). It adds only
`nvidia-*` wheels, so on `tensorflow-cpu` it leaves a CPU build. The
NVIDIA driver is no wheel: neither names it. Check that `nvidia-smi`
reports a CUDA version at least the build's.

Pitfall: the Linux `tensorflow-cpu` wheel holds only the three
`is_*_build` flags, so `info["cuda_version"]` raises `KeyError` there.
Use `info.get("cuda_version")`.

Checked: the recorded run is a CPU-only build; its output names the
distribution whose extra was read. The range or exact pin is asserted
per release (the matrix line runs 2.16 to 2.20 and nightly). The three-flag check
runs on Linux only. The branch for a build with CUDA ran only on the
matrix's nightly wheel, which holds the flags alone: there it prints
`CUDA: None`.

severity: tip
topics: S9
aliases:
  - which CUDA and cuDNN versions are compatible with my TensorFlow release
  - tested build configurations: CUDA, cuDNN and driver version table
  - KeyError: 'cuda_version'
  - Loaded runtime CuDNN library but source was compiled with a different version
  - CUDA driver version is insufficient for CUDA runtime version
  - check which CUDA version the installed wheel was built with
  - tf.test.is_built_with_cuda()
  - pick a Docker base image with matching CUDA
  - is tensorflow-cpu[and-cuda] a GPU build
"""

import importlib.metadata as metadata
import sys

import tensorflow as tf
from packaging.requirements import Requirement

# --8<-- [start:show]
info = tf.sysconfig.get_build_info()
print("CUDA build:", info["is_cuda_build"])
print("CUDA:", info.get("cuda_version"))  # .get: may be absent
print("cuDNN:", info.get("cudnn_version"))
print("GPU archs:", info.get("cuda_compute_capabilities"))
# --8<-- [end:show]

dist = metadata.packages_distributions()["tensorflow"][0]
and_cuda = {
    req.name: req
    for req in map(Requirement, metadata.requires(dist))
    if req.marker
    and req.marker.evaluate({"extra": "and-cuda"})
    and not req.marker.evaluate({"extra": ""})
}
runtime = and_cuda["nvidia-cuda-runtime-cu12"]
cudnn = and_cuda["nvidia-cudnn-cu12"]
print(
    f"{dist}[and-cuda] requires:",
    runtime.name + str(runtime.specifier),
    "|",
    cudnn.name + str(cudnn.specifier),
)

tf_release = tuple(int(part) for part in tf.__version__.split(".")[:2])
for req in (runtime, cudnn):
    operators = sorted(spec.operator for spec in req.specifier)
    if tf_release >= (2, 20):
        assert operators == ["<", ">="], (
            f"expected a floor and a ceiling for {req.name} from 2.20 on"
        )
        floor = next(sp for sp in req.specifier if sp.operator == ">=")
        ceiling = next(sp for sp in req.specifier if sp.operator == "<")
        next_major = int(floor.version.split(".")[0]) + 1
        assert ceiling.version == f"{next_major}.0", (
            f"expected {req.name}'s ceiling to be the next major"
        )
    else:
        assert operators == ["=="], (
            f"expected an exact pin for {req.name} before 2.20"
        )
if tf.__version__.startswith("2.21."):
    assert str(runtime.specifier) == "<13.0,>=12.5.82", runtime
    assert str(cudnn.specifier) == "<10.0,>=9.3.0.75", cudnn

assert all(name.startswith("nvidia-") for name in and_cuda), (
    "expected the extra to add only NVIDIA's wheels, no TensorFlow build"
)
assert not any("driver" in name for name in info), (
    "expected the build info to name no driver version"
)
assert not any("driver" in name for name in and_cuda), (
    "expected the and-cuda extra to pull no driver package"
)
assert info["is_cuda_build"] == tf.test.is_built_with_cuda(), (
    "expected get_build_info and tf.test to agree"
)
if dist.replace("-", "_") == "tensorflow_cpu":
    assert not info["is_cuda_build"], (
        "expected tensorflow-cpu to be CPU"
    )
if info["is_cuda_build"]:  # on the matrix's nightly wheel, not here
    print("build info keys:", sorted(info))
    if "dev" in tf.__version__:  # what the prose says of nightly
        assert "cuda_version" not in info, "expected the flags alone"
    if "cuda_version" in info:
        assert info["cuda_version"].split(".")[0] == "12", (
            "expected a CUDA 12 build, matching the -cu12 wheels"
        )
    if "cudnn_version" in info:
        cudnn_major = info["cudnn_version"].split(".")[0]
        assert cudnn.specifier.contains(f"{cudnn_major}.99"), (
            "expected the extra's cuDNN requirement to allow the build's major"
        )
else:
    if sys.platform == "linux":
        assert set(info) == {
            "is_cuda_build",
            "is_rocm_build",
            "is_tensorrt_build",
        }, "expected a Linux build without CUDA to hold only the flags"
    try:
        info["cuda_version"]
        raised = False
    except KeyError:
        raised = True
    assert raised, "expected info['cuda_version'] to raise KeyError"
