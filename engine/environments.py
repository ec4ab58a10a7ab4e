"""The TensorFlow releases the matrix runs on, and an environment for each.

Each release other than the pinned one has a lock, ``matrix/locks/R.txt``
(hashed, every package pinned), and an environment made from it on first
use, ``.matrix/R/`` (kept, so a release is installed once). The lock of a
release is the environment a fresh install of its newest patch gave on the
day that patch came out (`uv pip compile --exclude-newer`), so a 2.18 card
meets the Keras a 2.18 reader had. The pinned release is the project's own
environment and record (requirements.txt, record.json).
"""

from __future__ import annotations

import datetime
import hashlib
import json
import os
import re
import subprocess
import sys
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from engine import record as records
from engine.entry import ROOT

LOCKS = ROOT / "matrix" / "locks"
# The pip every release environment gets, whatever its Python bundles:
# install cards assert pip's own messages (requirements.in pins the same).
PIP_LOCK = ROOT / "matrix" / "pip.txt"
# Where the release environments live (the bench points it elsewhere to
# time a cold run).
ENVS = Path(os.environ.get("MATRIX_ENVS") or ROOT / ".matrix")
OLDEST = (2, 16)  # Keras 3 became tf.keras in 2.16
NIGHTLY = "nightly"
# What every release environment holds besides TensorFlow: what snippets
# import. ai-edge-litert is left out where it did not exist yet.
EXTRAS = ("matplotlib", "tensorboard", "ai-edge-litert")
# ai-edge-litert's dependency: 1.3.x says Python < 3.11 and pip refuses it.
CONSTRAINTS = "backports-strenum==1.2.8\n"
# tf-keras asks for `tensorflow`; tensorflow-cpu already provides it.
OVERRIDES = 'tensorflow ; sys_platform == "never"\n'


def pinned() -> str:
    """The pinned release, as major.minor (from requirements.txt)."""
    return ".".join(records.pinned_tensorflow().split(".")[:2])


def releases() -> list[str]:
    """2.16 up to the pinned release, then nightly."""
    major, minor = map(int, pinned().split("."))
    return [f"{major}.{m}" for m in range(OLDEST[1], minor + 1)] + [NIGHTLY]


def order(release: str) -> tuple:
    return (1, 0) if release == NIGHTLY else (0, int(release.split(".")[1]))


def lock_path(release: str) -> Path:
    return records.LOCK if release == pinned() else LOCKS / f"{release}.txt"


@dataclass(frozen=True)
class ReleaseLocks:
    """Each release's lock file, read once (None where it has none yet),
    and which release is pinned: what a caller asking for many entries'
    cache keys needs."""

    pinned: str
    files: dict[str, records.LockFile | None]


def release_locks() -> ReleaseLocks:
    pin = pinned()
    paths = {
        release: records.LOCK if release == pin else LOCKS / f"{release}.txt"
        for release in releases()
    }
    files = {
        release: records.LockFile(path) if path.exists() else None
        for release, path in paths.items()
    }
    return ReleaseLocks(pin, files)


def python_of(release: str) -> Path:
    if release == pinned():
        return Path(sys.executable)
    return ENVS / release / "bin" / "python"


def record_path(release: str) -> Path:
    if release == pinned():
        return records.RECORD
    return ENVS / release / "record.json"


# Locks: the environment a fresh install gave when each release was newest.


def pypi_files(package: str) -> list[dict]:
    request = urllib.request.Request(
        f"https://pypi.org/simple/{package}/",
        headers={"Accept": "application/vnd.pypi.simple.v1+json"},
    )
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.load(response)["files"]


def newest_patch(release: str) -> tuple[str, str]:
    """(version, upload date) of the release's newest patch for CPython 3.11
    on Linux x86-64; for nightly, the newest nightly that installs here."""
    package = "tf-nightly" if release == NIGHTLY else "tensorflow-cpu"
    prefix = "" if release == NIGHTLY else re.escape(release) + r"\.\d+"
    pattern = re.compile(
        rf"^{package.replace('-', '_')}-({prefix or '[^-]+'})-cp311-cp311-"
        r"manylinux[^-]*_x86_64\.whl$"
    )
    found = []
    for file in pypi_files(package):
        match = pattern.match(file["filename"])
        if match and not file.get("yanked"):
            found.append((file["upload-time"], match[1]))
    if not found:
        raise SystemExit(f"no {package} wheel for {release} on PyPI")
    upload, version = max(found)
    return version, upload[:10]


def compile_command(release: str, target: Path, day_after: datetime.date) -> list:
    """uv's resolver, for CPython 3.11 on Linux x86-64, as of the day
    after the release's newest patch (nightly: now, pre-releases too)."""
    constraints, overrides = ENVS / "constraints.txt", ENVS / "overrides.txt"
    constraints.parent.mkdir(exist_ok=True)
    constraints.write_text(CONSTRAINTS)
    overrides.write_text(OVERRIDES)
    command = [
        str(Path(sys.executable).parent / "uv"),
        *("pip", "compile", "-", "--python-version", "3.11"),
        *("--python-platform", "x86_64-manylinux_2_28"),
        *("--generate-hashes", "--no-header", "-c", str(constraints)),
        *("--override", str(overrides), "-o", str(target)),
    ]
    if release == NIGHTLY:
        return [*command, "--prerelease", "allow"]
    # The newest tf-keras patch of the release: 2.20.0 was yanked.
    today = datetime.date.today().isoformat()
    return [
        *command,
        *("--exclude-newer", day_after.isoformat()),
        *("--exclude-newer-package", f"tf-keras={today}"),
    ]


def lock(release: str) -> Path:
    if release == pinned():
        raise SystemExit(
            f"{release} is pinned by requirements.txt: use make lock, not this"
        )
    version, uploaded = newest_patch(release)
    package = "tf-nightly" if release == NIGHTLY else "tensorflow-cpu"
    target = lock_path(release)
    target.parent.mkdir(parents=True, exist_ok=True)
    day_after = datetime.date.fromisoformat(uploaded) + datetime.timedelta(days=1)
    # Keras 2 (tf_keras) of the same release: some entries compare with it.
    legacy = "tf-keras-nightly" if release == NIGHTLY else f"tf-keras=={release}.*"
    note = f"# {package}=={version}; resolved as of {day_after} "
    if release == NIGHTLY:
        note = f"# {package}=={version} "
    for extras in (EXTRAS, EXTRAS[:-1]):
        wanted = "\n".join([f"{package}=={version}", legacy, *extras]) + "\n"
        command = compile_command(release, target, day_after)
        done = subprocess.run(command, input=wanted, text=True, capture_output=True)
        if done.returncode == 0:
            note += "(python -m engine.matrix lock)\n"
            target.write_text(note + target.read_text())
            return target
    raise SystemExit(f"cannot lock {release}:\n{done.stderr}")


def ensure_env(release: str) -> Path:
    """Create the release's environment from its lock, once per lock."""
    python = python_of(release)
    if release == pinned():
        return python
    lock_file = lock_path(release)
    if not lock_file.is_file():
        raise SystemExit(f"no lock for {release} ({lock_file}): run make matrix-lock")
    stamp = ENVS / release / ".lock-sha256"
    digest = hashlib.sha256(lock_file.read_bytes() + PIP_LOCK.read_bytes()).hexdigest()
    if python.exists() and stamp.exists() and stamp.read_text() == digest:
        return python
    base = getattr(sys, "_base_executable", sys.executable)
    subprocess.run([base, "-m", "venv", "--clear", str(ENVS / release)], check=True)
    subprocess.run(
        [
            str(python),
            *("-m", "pip", "install", "--quiet", "--disable-pip-version-check"),
            *("--no-deps", "--require-hashes", "-r", str(lock_file)),
            *("-r", str(PIP_LOCK)),
        ],
        check=True,
    )
    stamp.write_text(digest)
    return python


def versions_in(python: Path) -> dict:
    """The TensorFlow and Keras versions an environment imports."""
    code = (
        "import json, keras, tensorflow as tf; print(json.dumps("
        "{'tensorflow': tf.__version__, 'keras': keras.__version__}))"
    )
    done = subprocess.run(
        [str(python), "-c", code], capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout.strip().splitlines()[-1])
