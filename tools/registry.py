"""A dated snapshot of what PyPI says about TensorFlow and its companions.

    python -m tools.registry          # make registry: refresh registry/pypi.json

Much of the truth about installing TensorFlow lives in package metadata:
which wheels a release has (Python, OS, architecture), what each wheel
requires (`Requires-Python`, `Requires-Dist` with its markers), and which
TensorFlow a companion package accepts. Snippets run offline, so they
assert against this committed snapshot; this command refreshes it.

For each package and each minor release in range, the newest final patch
is kept, with its upload date, its wheels' tags and, per platform family
(Linux x86-64 and aarch64, macOS arm64 and x86-64, Windows), the
`METADATA` of one of its wheels. The metadata is read from the wheel on
PyPI's file host with HTTP range requests (the zip's central directory,
then the one member), not by downloading the wheel. A companion that
checks the TensorFlow version at import time, not in its metadata, has
that source file read the same way (`SOURCES`). For `tensorflow`, every
release older than its floor (0.12 to 2.9, pre-releases included) is
kept too, under `legacy`, with its wheels' tags and the names of its
other files and of its yanked files only (`LEGACY`).
"""

from __future__ import annotations

import datetime
import json
import re
import struct
import sys
import urllib.request
import zlib
from pathlib import Path

from packaging.tags import parse_tag
from packaging.version import InvalidVersion, Version

ROOT = Path(__file__).resolve().parent.parent
SNAPSHOT = ROOT / "registry" / "pypi.json"
INDEX = "https://pypi.org/simple/"
# Package -> the oldest minor release kept ("2.10" keeps 2.10, 2.11, ...).
PACKAGES = {
    "tensorflow": "2.10",
    "tensorflow-cpu": "2.10",
    "tensorflow-intel": "2.10",
    "tensorflow-macos": "2.10",
    "tensorflow-metal": "0.6",
    "tf-keras": "2.15",
    "keras": "2.10",
    "tensorflow-probability": "0.18",
    "tensorflow-text": "2.10",
    "tensorflow-decision-forests": "1.1",
    "tf-agents": "0.14",
    "tensorflow-recommenders": "0.7",
    "tensorflow-addons": "0.18",
    "keras-nlp": "0.5",
    "keras-hub": "0.15",
    "tensorflow-io-gcs-filesystem": "0.27",
    "ai-edge-litert": "1.0",
    "tensorflowjs": "4.0",
    "tensorflow-hub": "0.12",
    "numpy": "1.23",
}
# Packages whose every release older than their floor above is kept
# with its upload date, wheel tags and other files (source archives), no
# METADATA: enough to say which Python and platform an old release could
# ever install on.
LEGACY = ("tensorflow",)
# Files inside a wheel that hold a version check made at import time.
SOURCES = {
    "tensorflow-probability": "tensorflow_probability/python/__init__.py",
    "tensorflow-addons": "tensorflow_addons/version.py",
}
# One wheel per platform family is read for its METADATA.
FAMILIES = {
    "linux-x86_64": re.compile(r"linux.*x86_64"),
    "linux-aarch64": re.compile(r"linux.*aarch64"),
    "macos-arm64": re.compile(r"macosx.*(arm64|universal2)"),
    "macos-x86_64": re.compile(r"macosx.*(x86_64|universal2|intel)"),
    "windows-amd64": re.compile(r"win_amd64"),
    "any": re.compile(r"^any$"),
}


def files_of(package: str) -> list[dict]:
    request = urllib.request.Request(
        INDEX + package + "/",
        headers={"Accept": "application/vnd.pypi.simple.v1+json"},
    )
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.load(response)["files"]


def fetch(url: str, start: int, end: int) -> bytes:
    """Bytes start..end (inclusive) of a file, by an HTTP range request."""
    request = urllib.request.Request(url, headers={"Range": f"bytes={start}-{end}"})
    with urllib.request.urlopen(request, timeout=60) as response:
        if response.status != 206:
            raise RuntimeError(f"{url}: no range support ({response.status})")
        return response.read()


def zip_member(url: str, size: int, wanted) -> tuple[str, bytes] | None:
    """The first member of a remote zip whose name ``wanted`` accepts, read
    with range requests: the end of the file holds the central directory."""
    tail = fetch(url, max(0, size - 65536), size - 1)
    at = tail.rfind(b"PK\x05\x06")
    if at < 0:
        raise RuntimeError(f"{url}: no zip end record in the last 64 KiB")
    _, _, _, _, _, length, offset, _ = struct.unpack("<IHHHHIIH", tail[at : at + 22])
    start = size - len(tail)
    if offset >= start:  # the directory is in the tail already
        directory = tail[offset - start : offset - start + length]
    else:
        directory = fetch(url, offset, offset + length - 1)
    pos = 0
    while pos < len(directory):
        fields = struct.unpack("<IHHHHHHIIIHHHHHII", directory[pos : pos + 46])
        method, compressed, name_len, extra_len, comment_len = (
            fields[4],
            fields[8],
            fields[10],
            fields[11],
            fields[12],
        )
        local = fields[16]
        name = directory[pos + 46 : pos + 46 + name_len].decode()
        pos += 46 + name_len + extra_len + comment_len
        if not wanted(name):
            continue
        header = fetch(url, local, local + 29)
        name_size, extra_size = struct.unpack("<HH", header[26:30])
        skip = 30 + name_size + extra_size
        data = fetch(url, local + skip, local + skip + compressed - 1)
        if method == 8:
            data = zlib.decompress(data, -15)
        return name, data
    return None


def parse_metadata(text: str) -> dict:
    fields: dict[str, list[str]] = {}
    for line in text.split("\n\n", 1)[0].splitlines():
        if ": " in line and not line.startswith(" "):
            key, value = line.split(": ", 1)
            fields.setdefault(key.lower(), []).append(value.strip())
    return {
        "requires_python": (fields.get("requires-python") or [""])[0],
        "requires_dist": fields.get("requires-dist", []),
        "provides_extra": fields.get("provides-extra", []),
    }


def wheel_tags(filename: str) -> list[str]:
    """'cp311-cp311-manylinux_2_27_x86_64' style tags of a wheel file."""
    parts = filename[: -len(".whl")].split("-")
    return sorted(str(tag) for tag in parse_tag("-".join(parts[-3:])))


def family(tag: str) -> str | None:
    platform = tag.split("-")[-1]
    for name, pattern in FAMILIES.items():
        if pattern.search(platform):
            return name
    return None


def legacy_releases(package: str, files: list[dict], below: str) -> dict[str, dict]:
    """Every release older than ``below``, pre-releases included (pip
    lists them too): its upload date, its unyanked wheels' tags, and the
    names of all its other files (a source archive, any extension) and of
    its yanked files. A file whose version cannot be read is kept under
    the key ``"unparsed"``: nothing is dropped silently."""
    prefix = package.replace("-", "_") + "-", package + "-"
    by_version: dict[Version, list[dict]] = {}
    unparsed = []
    for file in files:
        name = file["filename"]
        rest = next((name[len(p) :] for p in prefix if name.startswith(p)), None)
        found = re.match(
            r"([0-9][^-]*?)(?:-|\.(?:tar\.\w+|tgz|zip|egg|exe)$)", rest or ""
        )
        try:
            version = Version(found[1]) if found else None
        except InvalidVersion:
            version = None
        if version is None:
            unparsed.append(name)
        elif version < Version(below):
            by_version.setdefault(version, []).append(file)
    releases: dict[str, dict] = {
        str(version): {
            "uploaded": min(file["upload-time"] for file in group)[:10],
            "wheels": sorted(
                {
                    tag
                    for file in group
                    if file["filename"].endswith(".whl") and not file.get("yanked")
                    for tag in wheel_tags(file["filename"])
                }
            ),
            "other_files": sorted(
                file["filename"]
                for file in group
                if not file["filename"].endswith(".whl")
            ),
            "yanked_files": sorted(
                file["filename"] for file in group if file.get("yanked")
            ),
        }
        for version, group in sorted(by_version.items())
    }
    if unparsed:
        releases["unparsed"] = {"files": sorted(unparsed)}
    return releases


def newest_patches(files: list[dict], oldest: str) -> dict[str, list[dict]]:
    """Per minor release from ``oldest``: the files of its newest final,
    unyanked patch."""
    by_version: dict[Version, list[dict]] = {}
    for file in files:
        if file.get("yanked") or not file["filename"].endswith(".whl"):
            continue
        try:
            version = Version(file["filename"].split("-")[1])
        except InvalidVersion:
            continue
        if version.is_prerelease or version.is_devrelease:
            continue
        by_version.setdefault(version, []).append(file)
    floor = Version(oldest)
    newest: dict[tuple, Version] = {}
    for version in by_version:
        minor = version.release[:2]
        if version >= floor and (minor not in newest or version > newest[minor]):
            newest[minor] = version
    return {str(v): by_version[v] for v in sorted(newest.values())}


def release_facts(package: str, files: list[dict]) -> dict:
    tags = sorted({tag for file in files for tag in wheel_tags(file["filename"])})
    facts = {
        "uploaded": min(file["upload-time"] for file in files)[:10],
        "requires_python": files[0].get("requires-python") or "",
        "wheels": tags,
        "metadata": {},
    }
    read: set[str] = set()
    for file in sorted(files, key=lambda f: f["filename"]):
        families = {family(t) for t in wheel_tags(file["filename"])} - {None}
        todo = sorted(families - read)
        if not todo:
            continue
        found = zip_member(
            file["url"], file["size"], lambda n: n.endswith(".dist-info/METADATA")
        )
        if found is None:
            continue
        for name in todo:
            facts["metadata"][name] = parse_metadata(found[1].decode("utf-8"))
        read |= families
        if package in SOURCES and "source" not in facts:
            source = zip_member(
                file["url"], file["size"], lambda n: n == SOURCES[package]
            )
            if source:
                facts["source"] = {"path": source[0], "text": source[1].decode("utf-8")}
    return facts


def snapshot() -> dict:
    packages = {}
    for package, oldest in PACKAGES.items():
        releases = {}
        for version, files in newest_patches(files_of(package), oldest).items():
            releases[version] = release_facts(package, files)
            print(
                f"{package} {version}: {len(releases[version]['wheels'])} tags",
                flush=True,
            )
        packages[package] = releases
    legacy = {
        package: legacy_releases(package, files_of(package), PACKAGES[package])
        for package in LEGACY
    }
    return {
        "fetched": datetime.date.today().isoformat(),
        "index": INDEX,
        "how": "python -m tools.registry (make registry)",
        "packages": packages,
        "legacy": legacy,
    }


def load(path: Path = SNAPSHOT) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def main(argv: list[str]) -> int:
    data = snapshot()
    SNAPSHOT.parent.mkdir(exist_ok=True)
    SNAPSHOT.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    releases = sum(map(len, data["packages"].values()))
    print(f"{SNAPSHOT.relative_to(ROOT)}: {releases} releases")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
