"""`Unable to register cuDNN factory` and other CUDA start-up lines

When you hit it: TensorFlow with CUDA (say, `tensorflow[and-cuda]`)
prints lines like `Unable to register cuDNN factory` at start-up; does
the GPU work?

What is going on: users report these lines with working GPUs and with
no GPU or driver (#100442, #62075):

| line | reported | does it matter? |
|---|---|---|
| `Unable to register cuDNN factory` (cuFFT, cuBLAS) | `E`, 2.14–2.19, not 2.16.1 | no: a second registration; the first stays |
| `computation placer already registered` | `W`, 2.19; 2.20+: `Computation placer creation function` | no: the same placer registered twice |
| `TF-TRT Warning: Could not find TensorRT` | `W`, builds with TensorRT (to 2.17) | only if you use [TF-TRT](deploy.md#tf-trt-availability) |
| `successful NUMA node read from SysFS had negative value` | `I`, 2.2–2.17 | no: the GPU's NUMA node is unknown; node 0 is used |

To know, check that `tf.config.list_physical_devices("GPU")` is not
empty
([when it is](setup.md#gpu-not-visible)).

Pitfall: `TF_CPP_MIN_LOG_LEVEL=3` left the 2.19 cuDNN, cuBLAS and
placer lines in
[#100442](https://github.com/tensorflow/tensorflow/issues/100442) and
hides real `E` errors
([levels](setup.md#silence-tensorflow-logs)); filter the lines out of
stderr instead.

Checked: the run searches the bytes of every `*.so*` file of the
installed `tensorflow` package for each line's text (both parts of the
TF-TRT line). The CPU-only 2.21 wheel installed here holds none of the
factory, TF-TRT and NUMA strings, while the same search finds `oneDNN
custom operations are on`, a line this wheel prints
([silencing logs](setup.md#silence-tensorflow-logs)). On the matrix
line, nightly's CUDA wheel holds the factory and NUMA lines, so those
come with the CUDA build. The placer line is XLA code, in the CPU
wheels too: `computation placer already registered` in 2.16 to 2.19,
`Computation placer creation function is already registered for this
platform` in 2.20, 2.21 and nightly (CUDA build included). No GPU ran
here; on the matrix line nightly's CUDA build was imported without a
GPU and its libraries searched, so the table is as reported. Factory
lines: 2.14
([#62075](https://github.com/tensorflow/tensorflow/issues/62075),
[#62002](https://github.com/tensorflow/tensorflow/issues/62002)), 2.15
([#62987](https://github.com/tensorflow/tensorflow/issues/62987)), 2.17
([#74523](https://github.com/tensorflow/tensorflow/issues/74523)), 2.18
([#79268](https://github.com/tensorflow/tensorflow/issues/79268)), 2.19
([#90790](https://github.com/tensorflow/tensorflow/issues/90790),
#100442); #74523 and
[#63109](https://github.com/tensorflow/tensorflow/issues/63109) saw
none with 2.16.1. A TensorFlow triager on #62075 says they appear to
be duplicate registration warnings, after which TensorFlow appears to
use the GPU. XLA's
`plugin_registry.cc` (`PluginRegistry::RegisterFactoryInternal`,
[v2.18.0](https://github.com/tensorflow/tensorflow/blob/v2.18.0/third_party/xla/xla/stream_executor/plugin_registry.cc))
returns that error and keeps the factory already there. XLA's
`computation_placer.cc` (`ComputationPlacer::RegisterComputationPlacer`,
[v2.19.0](https://github.com/tensorflow/tensorflow/blob/v2.19.0/third_party/xla/xla/service/computation_placer.cc))
logs the placer line when a platform's placer is registered again
(#90790, #100442).
`IsGoogleTensorRTEnabled`
([v2.17.0](https://github.com/tensorflow/tensorflow/blob/v2.17.0/tensorflow/compiler/tf2tensorrt/utils/py_utils.cc))
logs the TF-TRT line only in builds with TensorRT, when TensorRT does
not load. `TryToReadNumaNode`
([v2.15.0](https://github.com/tensorflow/tensorflow/blob/v2.15.0/third_party/xla/xla/stream_executor/cuda/cuda_executor.cc))
logs the NUMA line when the GPU's sysfs `numa_node` is negative and
returns node 0; Linux writes -1 there when the node is unknown
([sysfs-bus-pci](https://github.com/torvalds/linux/blob/v6.0/Documentation/ABI/testing/sysfs-bus-pci#L344-L355)).
It is reported from 2.2
([#42738](https://github.com/tensorflow/tensorflow/issues/42738)) to
2.17 ([#73487](https://github.com/tensorflow/tensorflow/issues/73487)).
On WSL2, #63109 shows `could not open file to read NUMA node` instead.

severity: tip
topics: S13, S3
aliases:
  - Unable to register cuDNN factory: Attempting to register factory for plugin cuDNN when one has already been registered
  - Unable to register cuFFT factory: Attempting to register factory for plugin cuFFT when one has already been registered
  - Unable to register cuBLAS factory: Attempting to register factory for plugin cuBLAS when one has already been registered
  - computation placer already registered. Please check linkage and avoid linking the same target more than once.
  - Computation placer creation function is already registered for this platform
  - successful NUMA node read from SysFS had negative value (-1), but there must be at least one NUMA node, so returning NUMA node zero
  - could not open file to read NUMA node; Your kernel may have been built without NUMA support (WSL2)
  - cuDNN, cuFFT and cuBLAS errors when importing TensorFlow but the GPU works, is something wrong
  - TF_CPP_MIN_LOG_LEVEL=3 does not hide Unable to register cuDNN factory
  - tensorflow[and-cuda] prints E lines at import on WSL2 or in Docker
"""

import mmap
from pathlib import Path

import tensorflow as tf

# --8<-- [start:show]
LINES = [  # text of the CUDA start-up lines
    "Unable to register cuDNN factory",
    "Unable to register cuFFT factory",
    "Unable to register cuBLAS factory",
    "Attempting to register factory for plugin",
    "computation placer already registered",  # to 2.19
    "Computation placer creation function is already registered"
    " for this platform",  # 2.20+
    "TF-TRT Warning: Could not find TensorRT",
    "successful NUMA node read from SysFS had negative value",
    "could not open file to read NUMA node",
]
CONTROL = "oneDNN custom operations are on"  # printed at import
root = Path(tf.__file__).parent
libraries = sorted(p for p in root.rglob("*.so*") if p.is_file())


def scan(texts):
    """{text: the TensorFlow libraries whose bytes hold it}"""
    found = {text: set() for text in texts}
    for lib in libraries:
        with lib.open("rb") as file:
            data = mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ)
        for text in texts:
            if data.find(text.encode()) != -1:
                found[text].add(str(lib.relative_to(root)))
        data.close()
    return found


parts = {line: line.split(": ") for line in LINES + [CONTROL]}
found = scan([part for line in parts.values() for part in line])
cuda = tf.sysconfig.get_build_info()["is_cuda_build"]
print(f"TensorFlow {tf.__version__}, CUDA build: {cuda}")
print("shared libraries searched:", len(libraries))
for line, pieces in parts.items():
    holders = set.intersection(*(found[piece] for piece in pieces))
    print(f"{line}: {', '.join(sorted(holders)) or '-'}")
# --8<-- [end:show]

# The proof.
release = tuple(int(v) for v in tf.__version__.split(".")[:2])
assert len(libraries) > 10, (
    f"expected TensorFlow's libraries: {libraries}"
)
assert found[CONTROL], "expected the search to find the oneDNN notice"
assert parts["TF-TRT Warning: Could not find TensorRT"] == [
    "TF-TRT Warning",
    "Could not find TensorRT",
], "expected both parts of the TF-TRT line to be searched"
PLACER = "computation placer already registered"
NEW_PLACER = (
    "Computation placer creation function is already registered"
    " for this platform"
)
# The placer line is in every wheel, CPU-only and CUDA: old wording to
# 2.19, new wording from 2.20.
if release < (2, 20):
    assert found[PLACER], f"expected {release} to hold {PLACER!r}"
    assert not found[NEW_PLACER], f"expected {release} to lack it"
else:
    assert found[NEW_PLACER], (
        f"expected {release} to hold {NEW_PLACER!r}"
    )
    assert not found[PLACER], f"expected {release} to lack {PLACER!r}"
if not cuda:  # the pinned run, and the CPU-only wheels of the matrix
    for line in LINES:
        for part in parts[line]:
            if part in (PLACER, NEW_PLACER):
                continue  # asserted above
            assert not found[part], (
                f"expected a CPU-only build not to hold {part!r}:"
                f" {sorted(found[part])}"
            )
else:  # nightly on the matrix line, or a reader's CUDA build
    for line in (
        "Unable to register cuDNN factory",
        "Unable to register cuFFT factory",
        "Unable to register cuBLAS factory",
        "Attempting to register factory for plugin",
        "successful NUMA node read from SysFS had negative value",
        "could not open file to read NUMA node",
    ):
        assert found[line], f"expected a CUDA build to hold {line!r}"
