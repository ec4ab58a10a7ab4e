"""An empty GPU list means every op runs on the CPU, and nothing fails

When you hit it: training is far slower than expected, and
`tf.config.list_physical_devices("GPU")` returns `[]`.

What is going on: TensorFlow lists only GPUs it can drive, and places
ops on a listed GPU by default. A CPU-only build
(`tf.sysconfig.get_build_info()` says `False` for `is_cuda_build` and
`is_rocm_build`) lists none. On Linux, install
`tensorflow[and-cuda]`: the extra pulls NVIDIA's CUDA and cuDNN wheels.
With a CUDA build and still no GPU, check `nvidia-smi` and the driver.
Skip the old `tensorflow-gpu` package. `tensorflow-cpu[and-cuda]` also
exists, but its extra adds only NVIDIA's wheels to the build you
chose.

Pitfall: nothing fails. Ops fall back to the CPU and training runs
there. Check the list at start-up and stop if you need a GPU.

Checked: the recorded run is a CUDA build with no GPU driver, so it
shows the CPU fallback; the GPU branch and the branch for a CPU-only
build run only on such machines.

severity: silent
topics: S3
aliases:
  - does not see or detect my NVIDIA GPU on Linux or Ubuntu, GPU not found
  - list_physical_devices('GPU') does not show the GPU, returns [], Num GPU Available: 0
  - tf.test.is_gpu_available() returns False
  - should I pip install tensorflow-gpu
  - Could not load dynamic library; dlerror: libcudart.so, libcublas.so or libcudnn.so: cannot open shared object file: No such file or directory
  - Cannot dlopen some GPU libraries. Skipping registering GPU devices
  - Could not find cuda drivers on your machine, GPU will not be used
  - pip install tensorflow[and-cuda] and still no GPU found
  - not using the GPU: training runs on the CPU instead
  - GPU detected in one environment but not in Jupyter or the IDE
"""

import importlib.metadata as metadata

import tensorflow as tf
from packaging.requirements import Requirement

# --8<-- [start:show]
gpus = tf.config.list_physical_devices("GPU")
cuda_build = tf.sysconfig.get_build_info()["is_cuda_build"]
print("GPUs:", gpus, "| CUDA build:", cuda_build)
# if not gpus: raise SystemExit("no GPU visible")  # fail fast

weights = tf.ones([256, 256])
product = tf.matmul(weights, weights)  # no error without a GPU
print("matmul ran on", product.device)
# --8<-- [end:show]


def extra_wheels(dist, extra):
    """Requirements that only the given extra adds."""
    return sorted(
        req.name
        for req in map(Requirement, metadata.requires(dist))
        if req.marker
        and req.marker.evaluate({"extra": extra})
        and not req.marker.evaluate({"extra": ""})
    )


# Every installed distribution that provides the tensorflow module.
providers = sorted(set(metadata.packages_distributions()["tensorflow"]))
for dist in providers:
    wheels = extra_wheels(dist, "and-cuda")
    print(
        f"{dist}[and-cuda] adds {len(wheels)} wheels, e.g.",
        ", ".join(n for n in wheels if "cudnn" in n or "runtime" in n),
    )
    assert "and-cuda" in metadata.metadata(dist).get_all(
        "Provides-Extra"
    ), f"expected an 'and-cuda' extra in {dist}'s metadata"
    assert "nvidia-cudnn-cu12" in wheels, (
        "expected NVIDIA's cuDNN wheel"
    )
    assert "nvidia-cuda-runtime-cu12" in wheels, (
        "expected the CUDA runtime"
    )
    assert all(name.startswith("nvidia-") for name in wheels), (
        "expected the extra to add only NVIDIA's wheels"
    )

build_info = tf.sysconfig.get_build_info()
gpu_build = cuda_build or build_info.get("is_rocm_build", False)
assert cuda_build == tf.test.is_built_with_cuda(), (
    "expected both to agree"
)
if not gpu_build:
    assert gpus == [], "expected no GPU from a CPU-only build"
if gpus:
    assert gpu_build, "expected a listed GPU only from a GPU build"
    assert product.device.endswith("GPU:0"), (
        "expected the op on the GPU"
    )
else:
    assert product.device.endswith("CPU:0"), (
        "expected a silent CPU fallback"
    )
