"""An empty GPU list: ops quietly run on the CPU by default

When you hit it: training is far slower than expected, and
`tf.config.list_physical_devices("GPU")` returns `[]`.

What is going on: TensorFlow lists the GPUs its device factories find
(`tensorflow/python/eager/context.py`,
`Context._initialize_physical_devices`). A build without CUDA or ROCm
(see `tf.sysconfig.get_build_info()`) finds none of those; a
PluggableDevice plugin can still add a GPU. When a CUDA or ROCm GPU is
listed, ops that have a GPU kernel go to it by default; the others run
on the CPU (`tensorflow/include/tensorflow/core/framework/`:
`device_factory.h`, `DeviceFactory::DevicePriority`, and `op_kernel.h`,
`SupportedDeviceTypesForNode`). On Linux, install the CUDA build with
its libraries, `tensorflow[and-cuda]` (see
[what the extra asks for](setup.md#cuda-build-versions)). With a CUDA build
and still no GPU, check `nvidia-smi` and the driver. Skip the old
`tensorflow-gpu` package.

Pitfall: nothing fails: ops run on the CPU instead. A
`tf.device("/GPU:0")` block falls back too, unless you turn
[soft placement](setup.md#soft-device-placement) off. Check the list
at start-up and stop if you need a GPU.

Checked: the recorded run is a CPU-only build (`is_cuda_build` is
`False`) with no GPU, so it shows the empty list and the CPU fallback.
A build with CUDA but no GPU or driver, and the GPU branch, were not
run here. If PyTorch sees the GPU and TensorFlow does not, the driver
works: check that the Python you run (`sys.executable`) is the
environment you installed into, that its TensorFlow is a CUDA build
with [its libraries](setup.md#cuda-libraries-not-found) (or, before
2.14, [CUDA 11](setup.md#cuda-major-per-release)), and, on native
Windows, [WSL2](setup.md#windows-gpu-wsl2).

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
  - PyTorch sees the GPU (torch.cuda.is_available() is True) but TensorFlow does not
  - GPU detected in one environment but not in Jupyter or the IDE
"""

import tensorflow as tf
from tensorflow.python.eager import context

# --8<-- [start:show]
gpus = tf.config.list_physical_devices("GPU")
cuda_build = tf.sysconfig.get_build_info()["is_cuda_build"]
print("GPUs:", gpus, "| CUDA build:", cuda_build)
# if not gpus: raise SystemExit("no GPU visible")  # fail fast

weights = tf.ones([256, 256])
product = tf.matmul(weights, weights)  # no error without a GPU
print("matmul ran on", product.device)
# --8<-- [end:show]

build_info = tf.sysconfig.get_build_info()
gpu_build = cuda_build or build_info.get("is_rocm_build", False)
pluggable = (
    context.context()._pluggable_devices
)  # e.g. tensorflow-metal
if not gpu_build:
    assert all(gpu in pluggable for gpu in gpus), (
        "expected no CUDA or ROCm GPU from a build without them"
    )
if gpus and gpu_build:  # not run where this site is built
    assert product.device.endswith("GPU:0"), (
        "expected a float matmul, which has a GPU kernel, on the GPU"
    )
elif not gpus:
    assert product.device.endswith("CPU:0"), (
        "expected a silent CPU fallback"
    )
