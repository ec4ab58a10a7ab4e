"""An empty GPU list means every op runs on the CPU, and nothing fails

When you hit it: training is far slower than expected, and
`tf.config.list_physical_devices("GPU")` returns `[]`.

What is going on: TensorFlow lists only GPUs it can drive. A build
without CUDA (`tf.sysconfig.get_build_info()["is_cuda_build"]` is
`False`, as for `tensorflow-cpu`) always lists none. On Linux, install
`tensorflow[and-cuda]`: the extra pulls NVIDIA's CUDA and cuDNN wheels.
With a CUDA build and still no GPU, check `nvidia-smi` and the driver.
Skip the old `tensorflow-gpu` package.

`tensorflow-cpu` declares the same `and-cuda` extra, yet its build has
no CUDA: `tensorflow-cpu[and-cuda]` still sees no GPU.

Pitfall: nothing fails. Ops fall back to the CPU and training runs
there. Check the list at start-up and stop if you need a GPU.

severity: silent
topics: S3
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

dist = metadata.packages_distributions()["tensorflow"][0]
cuda_wheels = sorted(
    req.name
    for req in map(Requirement, metadata.requires(dist))
    if req.marker
    and req.marker.evaluate({"extra": "and-cuda"})
    and not req.marker.evaluate({"extra": ""})
)
print(
    f"{dist}[and-cuda] adds {len(cuda_wheels)} wheels, e.g.",
    ", ".join(n for n in cuda_wheels if "cudnn" in n or "runtime" in n),
)

assert "and-cuda" in metadata.metadata(dist).get_all("Provides-Extra"), (
    "expected an 'and-cuda' extra in TensorFlow's metadata"
)
assert "nvidia-cudnn-cu12" in cuda_wheels, (
    "expected the and-cuda extra to pull NVIDIA's cuDNN wheel"
)
assert cuda_build == tf.test.is_built_with_cuda(), "expected both to agree"
if dist == "tensorflow_cpu":
    assert not cuda_build, "expected tensorflow-cpu to be a build without CUDA"
if not cuda_build:
    assert gpus == [], "expected no GPU from a build without CUDA"
if not gpus:
    assert product.device.endswith("CPU:0"), "expected a silent CPU fallback"
