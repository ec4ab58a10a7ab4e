"""`Could not load dynamic library`: match CUDA and cuDNN to the release

When you hit it: on Linux, a CUDA build of TensorFlow lists no GPU
after a warning that it cannot dlopen some GPU libraries, or a
convolution fails after an error that the loaded cuDNN is older than
the one TensorFlow was compiled with.

What is going on: a CUDA build opens NVIDIA's libraries by file name
(`tsl::internal::DsoLoader`, one function per library). At 2.21 the
missing file's line is verbose logging: set
`TF_CPP_VMODULE=dso_loader=1` to see it. dlopen searches
`LD_LIBRARY_PATH` before the caller's DT_RUNPATH folders. The
output lists the CUDA runtime and cuDNN wheels of each release's
`and-cuda` extra. Follow the
[install page](https://www.tensorflow.org/install/pip) says: a fresh
virtual environment and `pip install tensorflow[and-cuda]`; it names
a clash with a system CUDA as a likely cause of no GPU.

Pitfall: adding a system CUDA or cuDNN folder to `LD_LIBRARY_PATH`.
It comes before the wheel's own NVIDIA folders, so any file there with
the right name loads, whatever version or library it holds.

Checked: the recorded run is a CPU-only build. The wheel lists come
from the PyPI snapshot of the date printed (the Linux x86-64 wheel of
each release's newest patch). The loader lines come from this wheel's
own loader in `libtensorflow_framework.so.2`, called directly in a
fresh Python through `ctypes`; a CUDA build calls it while it looks
for GPUs ([tensorflow#66987](https://github.com/tensorflow/tensorflow/issues/66987)).
Here it asks for `libcudnn.so`; a CUDA build adds its cuDNN major to
the name (`GetDsoHandle("cudnn", GetCudnnVersion())` in XLA's
[`dso_loader.cc`](https://github.com/tensorflow/tensorflow/blob/v2.21.0/third_party/xla/xla/tsl/platform/default/dso_loader.cc)),
and on such a build this card's check expects `libcudnn.so.` and a
number. ld.so(8) gives dlopen's order
([man page](https://man7.org/linux/man-pages/man8/ld.so.8.html)): the
caller's DT_RPATH, `LD_LIBRARY_PATH`, then its DT_RUNPATH; the
loader's line names `LD_LIBRARY_PATH` when it is set. The run reads
the dynamic section of
`libtensorflow_framework.so.2`, the library that calls dlopen: no
release of the matrix line has a DT_RPATH, and nightly's wheel, built
with CUDA, lists the NVIDIA wheels' folders, `nvidia/cudnn/lib`
included, in its DT_RUNPATH. A library already loaded under the same
name would still win. The line is an `I` line, so `TF_CPP_MIN_LOG_LEVEL=1` hides it
too
([silencing logs](setup.md#silence-tensorflow-logs)). For the CUDA and
cuDNN a wheel was built with, see
[its build info](setup.md#cuda-build-versions).

No GPU, and no TensorFlow with CUDA, was run here. The GPU-side
messages are as users report them. The dlopen warning itself names
no library ([tensorflow#66987](https://github.com/tensorflow/tensorflow/issues/66987)).
A cuDNN 8.0.5 under a TF 2.12 compiled with 8.6.0 made convolutions
fail with `UNIMPLEMENTED`
([tensorflow/text#1167](https://github.com/tensorflow/text/issues/1167)):
install the cuDNN your release's extra names. A `libcudart.so.11.0`
in the loader's line comes from a CUDA 11 build, as in TF 2.4
([tensorflow#45930](https://github.com/tensorflow/tensorflow/issues/45930));
in the output, only 2.14 asks for CUDA 11 wheels.

severity: tip
topics: S3, S9
aliases:
  - Could not load dynamic library 'libcudart.so.11.0'; dlerror: libcudart.so.11.0: cannot open shared object file: No such file or directory
  - Cannot dlopen some GPU libraries. Please make sure the missing libraries mentioned above are installed properly if you would like to use GPU.
  - Skipping registering GPU devices...
  - "UNIMPLEMENTED: DNN library is not found."
  - Loaded runtime CuDNN library: 8.0.5 but source was compiled with: 8.6.0.
  - CuDNN library needs to have matching major version and equal or higher minor version
  - which CUDA and cuDNN version does TensorFlow 2.16, 2.18 or 2.21 need
  - Could not load dynamic library 'libcudnn.so.8'
  - which libraries are missing: Cannot dlopen some GPU libraries does not say
  - does TensorFlow work with CUDA 13 or cuDNN 8
"""

import ctypes
import json
import os
import re
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

import tensorflow as tf
from packaging.requirements import Requirement
from packaging.version import Version

SNAPSHOT = (
    Path(__file__).resolve().parents[2] / "registry" / "pypi.json"
)
registry = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
releases = registry["packages"]["tensorflow"]


# --8<-- [start:show]
def and_cuda(version, family="linux-x86_64"):
    """What `pip install tensorflow[and-cuda]` adds, per release."""
    meta = releases[version]["metadata"][family]
    return {
        r.name.removeprefix("nvidia-"): str(r.specifier)
        for r in map(Requirement, meta["requires_dist"])
        if r.marker
        and r.marker.evaluate({"extra": "and-cuda"})
        and not r.marker.evaluate({"extra": ""})
    }


print("PyPI snapshot of", registry["fetched"])
for version in sorted(releases, key=Version):
    extra = and_cuda(version)
    if extra:  # from 2.14 on
        cuda = next(k for k in extra if "cuda-runtime" in k)
        cudnn = next(k for k in extra if k.startswith("cudnn"))
        print(version, cuda + extra[cuda], cudnn + extra[cudnn])
# --8<-- [end:show]

FRAMEWORK = (
    Path(tf.sysconfig.get_lib()) / "libtensorflow_framework.so.2"
)
# The loader a CUDA build calls while it looks for GPUs; a CPU-only
# build never does, so a fresh Python calls it through ctypes.
CHILD = """
import ctypes, sys
framework = ctypes.CDLL(sys.argv[1])
load = framework._ZN3tsl8internal9DsoLoader17GetCudnnDsoHandleEv
load.restype, load.argtypes = None, [ctypes.c_void_p]
load(ctypes.create_string_buffer(64))  # room for its StatusOr
"""


def load_cudnn(**env):
    """The loader's log lines when it looks for cuDNN."""
    base = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("TF_CPP_", "LD_LIBRARY_PATH"))
    }
    child = subprocess.run(
        [sys.executable, "-c", CHILD, str(FRAMEWORK)],
        env=base | env,
        capture_output=True,
        text=True,
        check=True,
    )
    lines = child.stderr.splitlines()
    return [line for line in lines if "dso_loader.cc:" in line]


def head_is_elf64(path):
    with open(path, "rb") as elf:
        return elf.read(6) == b"\x7fELF\x02\x01"


def message(line):
    return line.split("] ", 1)[1]


folder = Path(tempfile.mkdtemp())
(folder / "empty").mkdir()
(folder / "any").mkdir()

# --8<-- [start:loader]
# A CUDA build logs this when a library is missing (here cuDNN).
# To see it, run your program with TF_CPP_VMODULE=dso_loader=1.
default = load_cudnn()
verbose = load_cudnn(TF_CPP_VMODULE="dso_loader=1")
print("default log level:", default or "nothing")
print("TF_CPP_VMODULE=dso_loader=1:", message(verbose[0]))
# --8<-- [end:loader]

wanted = re.search(r"library '([^']+)'", verbose[0])[1]
(folder / "any" / wanted).symlink_to(FRAMEWORK)  # not cuDNN
hidden = load_cudnn(
    TF_CPP_VMODULE="dso_loader=1", TF_CPP_MIN_LOG_LEVEL="1"
)
empty = load_cudnn(
    TF_CPP_VMODULE="dso_loader=1", LD_LIBRARY_PATH=str(folder / "empty")
)
found = load_cudnn(
    TF_CPP_VMODULE="dso_loader=1", LD_LIBRARY_PATH=str(folder / "any")
)
print(
    "with LD_LIBRARY_PATH=empty/:",
    message(empty[0]).replace(str(folder), "…"),
)
print(
    f"with LD_LIBRARY_PATH=any/ ({wanted}, a link to another library):"
)
print(" ", message(found[0]))
print("TF_CPP_MIN_LOG_LEVEL=1 as well:", hidden or "nothing")

# The table, release by release.
EXPECTED = {
    "2.14.1": ("cu11", "==11.8.89", "==8.7.0.84"),
    "2.15.1": ("cu12", "==12.2.140", "==8.9.4.25"),
    "2.16.2": ("cu12", "==12.3.101", "==8.9.7.29"),
    "2.17.1": ("cu12", "==12.3.101", "==8.9.7.29"),
    "2.18.1": ("cu12", "==12.5.82", "==9.3.0.75"),
    "2.19.1": ("cu12", "==12.5.82", "==9.3.0.75"),
    "2.20.0": ("cu12", "<13.0,>=12.5.82", "<10.0,>=9.3.0.75"),
    "2.21.0": ("cu12", "<13.0,>=12.5.82", "<10.0,>=9.3.0.75"),
}
with_extra = [v for v in sorted(releases, key=Version) if and_cuda(v)]
assert with_extra == list(EXPECTED), (
    f"expected an and-cuda extra from 2.14 to 2.21 only: {with_extra}"
)
for version, (suffix, cuda, cudnn) in EXPECTED.items():
    extra = and_cuda(version)
    assert extra[f"cuda-runtime-{suffix}"] == cuda, (version, extra)
    assert extra[f"cudnn-{suffix}"] == cudnn, (version, extra)
    others = {name for name in extra if name != "tensorrt"}
    assert all(name.endswith(f"-{suffix}") for name in others), (
        f"expected one CUDA major per release: {version} {others}"
    )
    assert ("tensorrt" in extra) == (version == "2.14.1"), (
        f"expected TensorRT in 2.14's extra only: {version}"
    )
    assert not any("cu13" in name for name in extra), (
        f"expected no CUDA 13 wheel in {version}'s extra"
    )


# The library that calls dlopen: its DT_RPATH would come before
# LD_LIBRARY_PATH, its DT_RUNPATH comes after (ld.so(8)).
def dynamic_paths(path):
    """DT_RPATH and DT_RUNPATH of a 64-bit little-endian ELF file."""
    with open(path, "rb") as elf:
        head = elf.read(64)
        (shoff,) = struct.unpack_from("<Q", head, 0x28)
        shentsize, shnum = struct.unpack_from("<HH", head, 0x3A)
        elf.seek(shoff)
        table = elf.read(shentsize * shnum)
        sections = [
            struct.unpack_from("<IIQQQQIIQQ", table, i * shentsize)
            for i in range(shnum)
        ]
        dynamic = next(s for s in sections if s[1] == 6)  # SHT_DYNAMIC
        strtab = sections[dynamic[6]]
        elf.seek(strtab[4])
        strings = elf.read(strtab[5])
        elf.seek(dynamic[4])
        raw = elf.read(dynamic[5])
    found = {}
    for tag, value in struct.iter_unpack("<qQ", raw):
        if tag in (15, 29):  # DT_RPATH, DT_RUNPATH
            end = strings.index(b"\0", value)
            name = "RPATH" if tag == 15 else "RUNPATH"
            found[name] = strings[value:end].decode().split(":")
    return found


paths = dynamic_paths(FRAMEWORK)
assert head_is_elf64(FRAMEWORK), "expected a 64-bit little-endian ELF"
assert "RPATH" not in paths, f"expected no DT_RPATH: {paths['RPATH']}"
if tf.sysconfig.get_build_info()["is_cuda_build"]:  # nightly, say
    runpath = paths.get("RUNPATH", [])
    assert "$ORIGIN/../nvidia/cudnn/lib" in runpath, (
        "expected the wheel's cuDNN folder in its DT_RUNPATH"
    )

# The loader's lines, and its one function per library.
LOADERS = ("CudaRuntime", "Cublas", "Cufft", "Cusolver", "Cusparse")
framework = ctypes.CDLL(str(FRAMEWORK))
for name in (*LOADERS, "Cudnn"):
    symbol = f"DsoLoader{len(name) + 12}Get{name}DsoHandleEv"
    assert hasattr(framework, f"_ZN3tsl8internal9{symbol}"), name
if tf.sysconfig.get_build_info()["is_cuda_build"]:  # nightly, say
    assert re.fullmatch(r"libcudnn\.so\.\d+", wanted), wanted
else:
    assert wanted == "libcudnn.so", "expected no version in the name"
MISSING = (
    f"Could not load dynamic library '{wanted}'; dlerror: {wanted}:"
    " cannot open shared object file: No such file or directory"
)
assert default == [], "expected no loader line at the default level"
assert [message(line) for line in verbose] == [MISSING], verbose
assert re.match(r"([\d-]+ [\d:.]+: )?I", verbose[0]), "an I (info) line"
assert hidden == [], "expected TF_CPP_MIN_LOG_LEVEL=1 to hide it"
assert [message(line) for line in empty] == [
    f"{MISSING}; LD_LIBRARY_PATH: {folder / 'empty'}"
], "expected the line to name LD_LIBRARY_PATH when it is set"
assert [message(line) for line in found] == [
    f"Successfully opened dynamic library {wanted}"
], "expected any file of that name on LD_LIBRARY_PATH to load"
