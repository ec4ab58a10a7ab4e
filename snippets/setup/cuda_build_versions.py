"""Read the CUDA and cuDNN versions a wheel expects from get_build_info()

When you hit it: you install CUDA and cuDNN yourself, or pick a Docker
base image, and need the versions this TensorFlow was built against.

What is going on: `tf.sysconfig.get_build_info()` returns a dict fixed
at build time. A CUDA build holds `cuda_version`, `cudnn_version` and
the GPU architectures (`cuda_compute_capabilities`); the wheel's
`and-cuda` extra pins NVIDIA's CUDA and cuDNN wheels with the same major
versions. The third part, the NVIDIA driver, is no wheel: neither names
it. Check that `nvidia-smi` reports a CUDA version at least the build's.

Pitfall: a `tensorflow-cpu` build holds only the three `is_*_build`
flags, so `info["cuda_version"]` raises `KeyError` there. Use
`info.get("cuda_version")`.

Checked: the verifying run asserts the branch for the wheel installed
(CUDA build or not); the other branch was run by hand against the other
TensorFlow 2.21.0 wheel. No GPU or driver was present.

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
"""

import importlib.metadata as metadata

import tensorflow as tf
from packaging.requirements import Requirement

# --8<-- [start:show]
info = tf.sysconfig.get_build_info()
print("CUDA build:", info["is_cuda_build"])
print("CUDA:", info.get("cuda_version"))  # .get: absent on CPU builds
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
    "and-cuda pins:",
    runtime.name + str(runtime.specifier),
    "|",
    cudnn.name + str(cudnn.specifier),
)

assert not any("driver" in name for name in info), (
    "expected the build info to name no driver version"
)
assert not any("driver" in name for name in and_cuda), (
    "expected the and-cuda extra to pull no driver package"
)
if info["is_cuda_build"]:
    assert "cuda_version" in info, (
        "expected a CUDA build (is_cuda_build True) to hold"
        f" cuda_version; it holds only {sorted(info)}"
    )
    assert info["cuda_version"].split(".")[0] == "12", (
        "expected a CUDA 12 build, matching the -cu12 wheels of the extra"
    )
    cudnn_major = info["cudnn_version"].split(".")[0]
    assert cudnn.specifier.contains(f"{cudnn_major}.99"), (
        "expected the extra's cuDNN pin to allow the build's cuDNN major"
    )
    assert info["cuda_compute_capabilities"], "expected GPU archs"
else:
    assert set(info) == {
        "is_cuda_build",
        "is_rocm_build",
        "is_tensorrt_build",
    }, "expected a build without CUDA to hold only the three flags"
    try:
        info["cuda_version"]
        raised = False
    except KeyError:
        raised = True
    assert raised, "expected info['cuda_version'] to raise KeyError"
assert info["is_cuda_build"] == tf.test.is_built_with_cuda(), (
    "expected get_build_info and tf.test to agree"
)
