"""`Descriptors cannot be created directly`: old generated code, new protobuf

When you hit it: an import fails with `TypeError: Descriptors cannot be
created directly.` after pip upgraded `protobuf`, say for a newer
TensorFlow (2.21 needs 6.31.1 or later).

What is going on: the `_pb2.py` file the traceback names was generated
by a protoc older than 3.19: it calls `Descriptor(...)` itself, and
protobuf's `upb` backend, the default since protobuf 4.21, refuses
that. Fix it at the source: regenerate that file (the message's fix)
or upgrade the package that ships it. Its stopgap, `PROTOCOL_BUFFERS_PYTHON_IMPLEMENTATION=python`
set before protobuf is imported, loads the file with pure-Python
parsing, which the message calls much slower. The output lists the
`protobuf` range each TensorFlow release requires.

Pitfall: the message's other workaround, protobuf 3.20.x. TensorFlow
2.10 and 2.11 need below 3.20, 2.12 to 2.19 accept 3.20.3 only, and
2.20 and 2.21 need 5.28.0 and 6.31.1 or later.

Checked: the ranges come from the PyPI snapshot of the date printed
(the Linux x86-64 wheel of each release's newest patch). The
snapshot's wheel for each platform family of the newest patch of
`tensorflow`, `tensorflow-cpu`, `tensorflow-intel` or
`tensorflow-macos` of the same minor, where it names `protobuf`, names
the same range; other patches and Python tags were not read. The run
writes its own old-style `point_pb2.py`, which calls the descriptor classes as old protoc
output did, and imports it with the installed protobuf (version
printed): with its default backend, then in fresh Pythons with the
variable set before and after importing protobuf. The default since
4.21 and the protoc 3.19 floor come from
[protobuf's notes](https://developers.google.com/protocol-buffers/docs/news/2022-05-06#python-updates),
the link the message gives. TensorFlow 2.21's own `_pb2.py` files say
they come from protobuf 6.31.1, the floor of its range, and import
protobuf's `runtime_version` module to check the installed one. Asked
for gencode of a newer minor than itself, the installed protobuf
raises `VersionError`. A protobuf without the module, such as the 4.25 of the matrix
line's 2.16 and 2.17, stops such files earlier, at that import, with
an `ImportError`.

severity: crash
topics: S12
aliases:
  - "TypeError: Descriptors cannot be created directly. If this call came from a _pb2.py file, your generated code is out of date"
  - must be regenerated with protoc >= 3.19.0
  - Downgrade the protobuf package to 3.20.x or lower.
  - Set PROTOCOL_BUFFERS_PYTHON_IMPLEMENTATION=python (but this will use pure-Python parsing and will be much slower).
  - which protobuf version does TensorFlow 2.21 need
  - tensorflow 2.21.0 requires protobuf<8.0.0,>=6.31.1, but you have protobuf 3.20.3 which is incompatible
  - Detected incompatible Protobuf Gencode/Runtime versions when loading
  - import tensorflow fails after pip install protobuf
"""

import importlib.metadata as metadata
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import traceback
from pathlib import Path

from google.protobuf import descriptor_pb2
from google.protobuf.internal import api_implementation
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.version import Version

SNAPSHOT = (
    Path(__file__).resolve().parents[2] / "registry" / "pypi.json"
)
registry = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
packages = registry["packages"]


# --8<-- [start:show]
def protobuf_range(package, version, family="linux-x86_64"):
    """The protobuf versions a release's wheel accepts."""
    meta = packages[package][version]["metadata"][family]
    reqs = map(Requirement, meta["requires_dist"])
    return next(r.specifier for r in reqs if r.name == "protobuf")


print("PyPI snapshot of", registry["fetched"])
for v in sorted(packages["tensorflow"], key=Version):
    accepted = protobuf_range("tensorflow", v)
    print(f"tensorflow {v} requires protobuf{accepted}")
# --8<-- [end:show]

# A stand-in for a _pb2.py file from an old protoc: it builds its
# descriptors by calling the descriptor classes itself.
proto = descriptor_pb2.FileDescriptorProto(
    name="point.proto", package="demo", syntax="proto3"
)
proto.message_type.add(name="Point").field.add(
    name="x", number=1, type=5, label=1, json_name="x"
)
OLD_PB2 = f"""
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from google.protobuf import reflection as _reflection

DESCRIPTOR = _descriptor.FileDescriptor(
    name="point.proto", package="demo", syntax="proto3",
    serialized_options=None,
    create_key=_descriptor._internal_create_key,
    serialized_pb={proto.SerializeToString()!r},
)
_POINT = _descriptor.Descriptor(
    name="Point", full_name="demo.Point", filename=None,
    file=DESCRIPTOR, containing_type=None,
    create_key=_descriptor._internal_create_key,
    fields=[
        _descriptor.FieldDescriptor(
            name="x", full_name="demo.Point.x", index=0, number=1,
            type=5, cpp_type=1, label=1, has_default_value=False,
            default_value=0, message_type=None, enum_type=None,
            containing_type=None, is_extension=False,
            extension_scope=None, serialized_options=None,
            file=DESCRIPTOR,
            create_key=_descriptor._internal_create_key,
        ),
    ],
    extensions=[], nested_types=[], enum_types=[],
    serialized_options=None, is_extendable=False, syntax="proto3",
    extension_ranges=[], oneofs=[],
)
DESCRIPTOR.message_types_by_name["Point"] = _POINT
Point = _reflection.GeneratedProtocolMessageType(
    "Point", (_message.Message,),
    {{"DESCRIPTOR": _POINT, "__module__": __name__}},
)
"""
folder = Path(tempfile.mkdtemp())
(folder / "point_pb2.py").write_text(OLD_PB2)
sys.path.insert(0, str(folder))

print(
    f"protobuf {metadata.version('protobuf')},"
    f" backend {api_implementation.Type()}:"
)
# --8<-- [start:error]
try:
    import point_pb2  # generated by protoc < 3.19
except TypeError as err:
    error = str(err)
    print(f"TypeError: {error}")
    frames = traceback.extract_tb(err.__traceback__)
    print("raised in:", [Path(f.filename).name for f in frames][-2:])
# --8<-- [end:error]
else:
    raise AssertionError(f"expected {point_pb2.__name__} to fail")

# --8<-- [start:stopgap]
CHECK = (
    "import point_pb2; print(point_pb2.Point(x=3).SerializeToString())"
)
VARIABLE = {"PROTOCOL_BUFFERS_PYTHON_IMPLEMENTATION": "python"}
stopgap = subprocess.run(
    [sys.executable, "-c", CHECK],
    env=os.environ | VARIABLE,
    cwd=folder,
    capture_output=True,
    text=True,
)
print("variable set first:", stopgap.stdout.strip())
# --8<-- [end:stopgap]

LATE = (
    "import os; from google.protobuf import descriptor;"
    " os.environ['PROTOCOL_BUFFERS_PYTHON_IMPLEMENTATION'] = 'python';"
    " import point_pb2"
)
late = subprocess.run(
    [sys.executable, "-c", LATE],
    env={k: v for k, v in os.environ.items() if k not in VARIABLE},
    cwd=folder,
    capture_output=True,
    text=True,
)
late_error = next(
    line for line in late.stderr.splitlines() if line.startswith("Type")
)
print("variable set after importing protobuf:", late_error)

fits = [
    v
    for v in sorted(packages["tensorflow"], key=Version)
    if "3.20.3" in protobuf_range("tensorflow", v)
]
print("protobuf 3.20.3 fits tensorflow", fits[0], "to", fits[-1])

# TensorFlow's own _pb2 files, and a protobuf older than them.
tf_root = Path(importlib.util.find_spec("tensorflow").origin).parent
pb2_files = sorted(tf_root.rglob("*_pb2.py"))
headers = {
    line
    for path in pb2_files
    for line in path.read_text(encoding="utf-8").splitlines()[:6]
    if line.startswith("# Protobuf Python Version:")
}
print("tensorflow's _pb2 files:", sorted(headers) or "no version line")
try:  # absent from the matrix's protobuf 4.25
    from google.protobuf import runtime_version
except ImportError as err:
    runtime_version = None
    missing = str(err)
    print(
        "no runtime_version in this protobuf:", missing.split(" (")[0]
    )
if runtime_version:
    try:
        runtime_version.ValidateProtobufRuntimeVersion(
            runtime_version.Domain.PUBLIC,
            runtime_version.MAJOR,
            runtime_version.MINOR + 1,  # a newer gencode
            0,
            "",
            "demo.proto",
        )
    except runtime_version.VersionError as err:
        version_error = str(err)
        print(
            "gencode newer than the runtime:",
            version_error.split(":")[0],
        )

# The ranges, release by release.
RANGES = {
    "2.10.1": "<3.20,>=3.9.2",
    "2.11.1": "<3.20,>=3.9.2",
    "2.20.0": ">=5.28.0",
    "2.21.0": "<8.0.0,>=6.31.1",
}
EXCLUDED = ",".join(f"!=4.21.{patch}" for patch in range(6))
for v in ("2.12.1", "2.13.1", "2.14.1", "2.15.1", "2.16.2", "2.17.1"):
    RANGES[v] = f"{EXCLUDED},<5.0.0dev,>=3.20.3"
for v in ("2.18.1", "2.19.1"):
    RANGES[v] = f"{EXCLUDED},<6.0.0dev,>=3.20.3"
releases = sorted(packages["tensorflow"], key=Version)
NAMES = ("tensorflow", "tensorflow-cpu", "tensorflow-intel")
NAMES += ("tensorflow-macos",)
compared = 0
assert sorted(RANGES, key=Version) == releases, "expected 2.10 to 2.21"
for v, expected in RANGES.items():
    found = protobuf_range("tensorflow", v)
    assert found == SpecifierSet(expected), (v, found)
    minor = Version(v).minor
    for name in NAMES:
        for other, release in packages[name].items():
            if Version(other).minor != minor:
                continue
            for family, meta in release["metadata"].items():
                named = [
                    Requirement(r).specifier
                    for r in meta["requires_dist"]
                    if Requirement(r).name == "protobuf"
                ]
                assert named in ([], [found]), (name, other, family)
                compared += len(named)
assert compared > 60, f"expected many wheels compared: {compared}"

# The error and its two workarounds.
assert api_implementation.Type() == "upb", "expected the upb backend"
for words in (
    "Descriptors cannot be created directly.",
    "your generated code is out of date and must be regenerated with"
    " protoc >= 3.19.0",
    "Downgrade the protobuf package to 3.20.x or lower.",
    "Set PROTOCOL_BUFFERS_PYTHON_IMPLEMENTATION=python (but this will use"
    " pure-Python parsing and will be much slower).",
    "https://developers.google.com/protocol-buffers/docs/news/2022-05-06"
    "#python-updates",
):
    assert words in error, f"expected the message to say {words!r}"
raised_in = [Path(f.filename).name for f in frames]
assert raised_in[-2:] == ["point_pb2.py", "descriptor.py"], raised_in
assert stopgap.returncode == 0, stopgap.stderr
assert stopgap.stdout.strip() == r"b'\x08\x03'", stopgap.stdout
assert late.returncode != 0, (
    "expected a late variable to change nothing"
)
assert (
    "TypeError: Descriptors cannot be created directly." in late.stderr
)

# Which TensorFlow accepts 3.20.x.
for patch in range(4):
    accepting = [
        v
        for v in releases
        if f"3.20.{patch}" in protobuf_range("tensorflow", v)
    ]
    expected = releases[2:10] if patch == 3 else []
    assert accepting == expected, (patch, accepting)
assert (fits[0], fits[-1]) == ("2.12.1", "2.19.1"), fits
for v in ("2.20.0", "2.21.0"):
    floor = next(
        s.version
        for s in protobuf_range("tensorflow", v)
        if s.operator == ">="
    )
    assert Version(floor) >= Version("5.28"), (v, floor)

# TensorFlow 2.21's generated code, and an older runtime.
tf_version = metadata.version(
    metadata.packages_distributions()["tensorflow"][0]
)
IMPORT = (
    "from google.protobuf import runtime_version as _runtime_version"
)
if tf_version.startswith("2.21."):
    assert headers == {"# Protobuf Python Version: 6.31.1"}, headers
    for path in pb2_files:
        source = path.read_text(encoding="utf-8")
        assert "# Protobuf Python Version: 6.31.1" in source, path
        assert "_runtime_version.ValidateProtobufRuntimeVersion(" in (
            source
        ), f"expected {path.name} to check the runtime version"
        assert IMPORT in source.split("_runtime_version.Validate")[0], (
            f"expected {path.name} to import runtime_version first"
        )
    assert ">=6.31.1" in str(protobuf_range("tensorflow", "2.21.0"))
if Version(metadata.version("protobuf")) < Version("5"):  # the matrix
    assert runtime_version is None, "expected no runtime_version"
    assert "cannot import name 'runtime_version'" in missing, missing
assert runtime_version or not tf_version.startswith("2.21."), (
    "expected protobuf's runtime_version module with TensorFlow 2.21"
)
if runtime_version:
    assert version_error.startswith(
        "Detected incompatible Protobuf Gencode/Runtime versions when"
        " loading demo.proto"
    ), version_error
    assert (
        "Runtime version cannot be older than the linked gencode"
        in (version_error)
    )
