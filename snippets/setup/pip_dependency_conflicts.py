"""pip's two conflict errors: one installed anyway (exit 0), one installed nothing

When you hit it: `pip install` prints `ERROR: pip's dependency
resolver does not currently take into account all the packages that
are installed.` and `… which is incompatible.`, or `ERROR: Cannot
install … because these package versions have conflicting
dependencies.`

What is going on: as the first says, pip did not weigh every installed
package: `pip install -U tensorflow` installed 2.12.1, needing
`protobuf>=3.20.3`, past the installed `tensorflowjs` 4.4.0, which pins
`protobuf<3.20`.

| | `which is incompatible` | `ResolutionImpossible` |
|---|---|---|
| installed | what you asked | nothing |
| exit status | 0 | 1 |
| `pip check` after | lists the unmet requirement; exit 1 | unchanged (exit 0 here: clean start) |

Name both in one command, the clashing pin dropped: `-U tensorflow
tensorflowjs` moved `tensorflowjs` to 4.5.0, which pins no protobuf.
Both pinned to the clashing pair: pip refuses.

Pitfall: reading the first message as a failed install, or ignoring
it: pip installed everything and exited 0, leaving the package named
before `requires` with an unmet requirement. Run `pip check` after
installs.

Checked: pip (version printed) ran offline, each command in its own
copy of one start (tensorflow 2.11.1, `tensorflowjs` 4.4.0 and
protobuf 3.19.6, installed by pip; `pip check` found nothing). The
`tensorflow` and `tensorflowjs` stand-ins carry only the `protobuf` and
`tensorflow` requirements of those releases in the PyPI snapshot of
the date printed (for TensorFlow, its Linux x86-64 wheel); the
`protobuf` ones (not in the snapshot) carry none; none carries code:
the run shows unmet requirements, not a failing import. The real `tensorflowjs` needs
more; in the snapshot, 4.0.0 to 4.4.0 all pin `protobuf<3.20,>=3.9.2`
and 4.5.0 pins none. The index held only the stand-ins printed; on
PyPI (newest TensorFlow in the snapshot: 2.21.0) pip may pick other
versions. pip printed the first `ERROR` after `Installing collected
packages` and before `Successfully installed`; its
`InstallCommand.run` (`pip/_internal/commands/install.py`) warns only
after `install_given_reqs`, then returns `SUCCESS`. After `The
conflict is caused by:` the second lists every requirement on the
package it could not settle (here `protobuf`), clashing or not, with
who asked for it: a package (`tensorflowjs 4.4.0 depends on …`)
or the command itself (`The user requested protobuf==3.19.6`), as
`Factory.get_installation_error`
(`pip/_internal/resolution/resolvelib/factory.py`) writes it; then
comes pip's advice (`loosen the range of package versions you've
specified`). Each TensorFlow's protobuf range is on [the protobuf
card](setup.md#protobuf-version-clash); a companion that swaps your
TensorFlow on [its card](setup.md#companion-packages-pin-tensorflow);
the Keras 2 case on [the pairs card](setup.md#tensorflow-keras-pairs).
Keep each project in its own virtual environment (the [install
guide](https://www.tensorflow.org/install/pip)'s Linux steps create
one with venv) so that one project's pins stay out of another's:
advice, not run.

severity: silent
topics: S12
aliases:
  - "ERROR: pip's dependency resolver does not currently take into account all the packages that are installed"
  - tensorflow-metadata 1.13.1 requires protobuf<5,>=3.20.3, but you have protobuf 3.19.6 which is incompatible
  - This behaviour is the source of the following dependency conflicts.
  - "ERROR: Cannot install -r requirements.txt (line 1) and tensorflow because these package versions have conflicting dependencies."
  - "ERROR: ResolutionImpossible: for help visit https://pip.pypa.io/en/latest/topics/dependency-resolution/#dealing-with-dependency-conflicts"
  - "The conflict is caused by: tensorflow 2.11.1 depends on numpy>=1.20"
  - is pip's dependency conflict error fatal
  - pip says which is incompatible but installed it anyway
  - pip check has requirement, but you have
  - tensorflowjs 4.4.0 requires protobuf<3.20,>=3.9.2
"""

import importlib.metadata
import inspect
import json
import os
import shutil
import subprocess
import venv
import zipfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pip as installed_pip
import pip._internal.commands.install as install_module
import pip._internal.resolution.resolvelib.factory as factory_module
from packaging.requirements import Requirement
from packaging.specifiers import Specifier, SpecifierSet
from packaging.version import Version

SNAPSHOT = (
    Path(__file__).resolve().parents[2] / "registry" / "pypi.json"
)
registry = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
packages = registry["packages"]
ROOT = Path.cwd().resolve()  # the run's fresh working directory
KIN = ("protobuf", "tensorflow")


def pins(package, version):
    """A release's requirements on protobuf and tensorflow, verbatim."""
    meta = packages[package][version]["metadata"]
    wheel = meta.get("linux-x86_64") or meta["any"]
    found = [
        line
        for line in wheel["requires_dist"]
        if Requirement(line).name in KIN
    ]
    assert not any(Requirement(r).marker for r in found), found
    return found


def spec(package, version, name):
    """The specifier on `name`, or None when the release has none."""
    found = [
        Requirement(r).specifier
        for r in pins(package, version)
        if Requirement(r).name == name
    ]
    assert len(found) <= 1, found
    return found[0] if found else None


# The real pairing, from the snapshot.
print("PyPI snapshot of", registry["fetched"])
OLD_PIN = SpecifierSet("<3.20,>=3.9.2")
TFJS = sorted(packages["tensorflowjs"], key=Version)
pinned_tfjs = [v for v in TFJS if spec("tensorflowjs", v, "protobuf")]
assert pinned_tfjs == ["4.0.0", "4.1.0", "4.2.0", "4.3.0", "4.4.0"], (
    pinned_tfjs
)
for v in pinned_tfjs:
    assert spec("tensorflowjs", v, "protobuf") == OLD_PIN, v
assert TFJS[len(pinned_tfjs)] == "4.5.0", TFJS
assert spec("tensorflow", "2.11.1", "protobuf") == OLD_PIN
NEW_PIN = spec("tensorflow", "2.12.1", "protobuf")
assert Specifier(">=3.20.3") in set(NEW_PIN), NEW_PIN
assert max(packages["tensorflow"], key=Version) == "2.21.0"
tfjs_all = packages["tensorflowjs"]["4.4.0"]["metadata"]["any"]
assert len(tfjs_all["requires_dist"]) > len(
    pins("tensorflowjs", "4.4.0")
)
assert not any(v in NEW_PIN for v in ("3.19.6", "3.20.2")), NEW_PIN
assert "3.20.3" not in OLD_PIN and "3.19.6" in OLD_PIN
for v in ("2.11.1", "2.12.1"):
    assert v in spec("tensorflowjs", "4.4.0", "tensorflow"), v
assert "2.12.1" in spec("tensorflowjs", "4.5.0", "tensorflow")

# Stand-in wheels: the requirements above, no code.
STAND_INS = [
    ("tensorflow", "2.11.1"),
    ("tensorflow", "2.12.1"),
    ("tensorflowjs", "4.4.0"),
    ("tensorflowjs", "4.5.0"),
    ("protobuf", "3.19.6"),
    ("protobuf", "3.20.3"),
]
INDEX = ROOT / "index"
INDEX.mkdir()
for name, version in STAND_INS:
    needs = pins(name, version) if name != "protobuf" else []
    print(f"stand-in {name} {version}:", ", ".join(needs) or "-")
    stem = f"{name}-{version}"
    with zipfile.ZipFile(
        INDEX / f"{stem}-py3-none-any.whl", "w"
    ) as whl:
        whl.writestr(
            f"{stem}.dist-info/METADATA",
            f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
            + "".join(f"Requires-Dist: {r}\n" for r in needs),
        )
        whl.writestr(
            f"{stem}.dist-info/WHEEL",
            "Wheel-Version: 1.0\nRoot-Is-Purelib: true\n"
            "Tag: py3-none-any\n",
        )
        whl.writestr(f"{stem}.dist-info/RECORD", "")
    with zipfile.ZipFile(INDEX / f"{stem}-py3-none-any.whl") as whl:
        names = whl.namelist()  # metadata only: no code
    assert all(n.startswith(f"{stem}.dist-info/") for n in names)

PIP_ENV = {
    k: v for k, v in os.environ.items() if not k.startswith("PIP_")
}
PIP_ENV |= {"PIP_CONFIG_FILE": os.devnull, "PYTHONUNBUFFERED": "1"}
PIP_ENV |= {"TMPDIR": str(ROOT)}
RUNNER = Path(installed_pip.__file__).parent / "__pip-runner__.py"
OFFLINE = ["--no-index", f"--find-links={INDEX}", "--no-cache-dir"]


def pip(env, *args):
    """The installed pip on `env`, as `pip --python` runs it."""
    cmd = [env / "bin/python", RUNNER, *args]
    cmd += ["--disable-pip-version-check"]
    if args[0] == "install":
        cmd += [*OFFLINE, "--no-compile"]
    done = subprocess.run(
        cmd,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,  # one stream: the order pip printed
        text=True,
        env=PIP_ENV,
    )
    lines = [ln.strip() for ln in done.stdout.splitlines()]
    return done.returncode, lines


def installed(env):
    (site,) = env.glob("lib/python*/site-packages")
    found = importlib.metadata.distributions(path=[str(site)])
    return dict(sorted((d.name, d.version) for d in found))


START = ROOT / "start"
venv.create(START, with_pip=False)
START_COMMAND = ["install", "tensorflow==2.11.1", "tensorflowjs==4.4.0"]
started = pip(START, *START_COMMAND)
start_check = pip(START, "check")
BEFORE = installed(START)

# --8<-- [start:show]
# Each in a copy of one start: tensorflow 2.11.1, tensorflowjs 4.4.0
# and protobuf 3.19.6 installed (stand-ins), then `pip check`.
COMMANDS = {
    "upgrade": ["install", "-U", "tensorflow"],  # exit 0 and ERROR
    "together": ["install", "-U", "tensorflow", "tensorflowjs"],
    "pinned": ["install", "tensorflow==2.12.1", "tensorflowjs==4.4.0"],
    "named": ["install", "tensorflow==2.12.1", "protobuf==3.19.6"],
}
# --8<-- [end:show]


def branch(key):
    env = ROOT / key
    shutil.copytree(START, env, symlinks=True)
    return pip(env, *COMMANDS[key]), pip(env, "check"), installed(env)


with ThreadPoolExecutor(len(COMMANDS)) as pool:
    RAN = dict(zip(COMMANDS, pool.map(branch, COMMANDS), strict=True))

QUIET = ("Looking in links", "Processing ", "Requirement already")
QUIET += ("INFO:", "Attempting uninstall", "Found existing")
QUIET += ("Uninstalling", "Successfully uninstalled", "Installing")


def show(args, result):
    code, lines = result
    print(f"$ pip {' '.join(args)} -> exit {code}")
    for line in lines:
        if line and not line.startswith(QUIET):
            print("   ", line)


print("pip", importlib.metadata.version("pip"))
for key, (done, check, after) in RAN.items():
    show(COMMANDS[key], done)
    show(["check"], check)
    print(
        "    installed:",
        ", ".join(f"{n} {v}" for n, v in after.items()),
    )

# The start: both installed together, consistent.
assert started[0] == 0, started
assert BEFORE == {
    "tensorflow": "2.11.1",
    "tensorflowjs": "4.4.0",
    "protobuf": "3.19.6",
}, BEFORE
assert start_check == (0, ["No broken requirements found."]), (
    start_check
)

# 1. `pip install -U tensorflow`: installed, then the ERROR; exit 0.
(code, lines), check, after = RAN["upgrade"]
HEADER = (
    "ERROR: pip's dependency resolver does not currently take into"
    " account all the packages that are installed. This behaviour is"
    " the source of the following dependency conflicts."
)
CONFLICT = (
    "tensorflowjs 4.4.0 requires protobuf<3.20,>=3.9.2, but you have"
    " protobuf 3.20.3 which is incompatible."
)
assert code == 0, (code, lines)
at = lines.index(HEADER)
assert lines[at + 1 :] == [
    CONFLICT,
    "Successfully installed protobuf-3.20.3 tensorflow-2.12.1",
], lines
installing = lines.index(
    "Installing collected packages: protobuf, tensorflow"
)
assert installing < at, lines  # installed first, then the ERROR
assert sum(ln.startswith("ERROR") for ln in lines) == 1, lines
assert after == {**BEFORE, "tensorflow": "2.12.1", "protobuf": "3.20.3"}
assert "tensorflowjs" not in " ".join(COMMANDS["upgrade"])
assert after["tensorflowjs"] == BEFORE["tensorflowjs"]  # untouched
assert "3.20.3" not in spec("tensorflowjs", "4.4.0", "protobuf")
assert "3.20.3" in NEW_PIN and "3.19.6" not in NEW_PIN
assert check == (
    1,
    [
        "tensorflowjs 4.4.0 has requirement protobuf<3.20,>=3.9.2, but"
        " you have protobuf 3.20.3."
    ],
), check

# 2. Both named: pip picks versions that fit; no ERROR, check clean.
(code, lines), check, after = RAN["together"]
assert code == 0 and not any("ERROR" in ln for ln in lines), lines
assert after == {
    "tensorflow": "2.12.1",
    "tensorflowjs": "4.5.0",
    "protobuf": "3.20.3",
}, after
assert spec("tensorflowjs", "4.5.0", "protobuf") is None
assert check == (0, ["No broken requirements found."]), check

# 3. and 4. Refused: nothing installed; exit 1; `pip check` as at
# the start. Each clashing requirement with who asked for it.
TF_NEEDS = (
    "tensorflow 2.12.1 depends on protobuf!=4.21.0, !=4.21.1,"
    " !=4.21.2, !=4.21.3, !=4.21.4, !=4.21.5, <5.0.0dev and >=3.20.3"
)
CAUSES = {
    "pinned": [
        TF_NEEDS,
        "tensorflowjs 4.4.0 depends on protobuf<3.20 and >=3.9.2",
    ],
    "named": ["The user requested protobuf==3.19.6", TF_NEEDS],
}
for key, causes in CAUSES.items():
    (code, lines), check, after = RAN[key]
    assert code == 1, (code, lines)
    first, second = sorted(a for a in COMMANDS[key] if "==" in a)
    REFUSED = [
        f"ERROR: Cannot install {first} and {second} because these"
        " package versions have conflicting dependencies.",
        "",
        "The conflict is caused by:",
        *causes,
        "",
        "To fix this you could try to:",
        "1. loosen the range of package versions you've specified",
        "2. remove package versions to allow pip attempt to solve the"
        " dependency conflict",
        "",
        "ERROR: ResolutionImpossible: for help visit"
        " https://pip.pypa.io/en/latest/topics/dependency-resolution/"
        "#dealing-with-dependency-conflicts",
    ]
    assert lines[-len(REFUSED) :] == REFUSED, lines
    assert not any(
        ln.startswith(("Successfully", "Installing", "Uninstalling"))
        for ln in lines
    ), lines
    assert after == BEFORE, after
    assert check == start_check, check  # unchanged: the start's
    assert check[0] == 0, check

# pip's source: the conflict ERROR comes after the install, and the
# command still returns SUCCESS.
module_source = inspect.getsource(install_module)
start = module_source.index("    def run(self, options")
run_source = module_source[
    start : module_source.index("    def ", start + 1)
]
after_install = run_source.index("installed = install_given_reqs(")
warned = run_source.index("self._warn_about_conflicts(")
assert run_source.count("self._warn_about_conflicts(") == 1
assert (
    after_install < warned < run_source.index("return SUCCESS", warned)
)

# pip's source: each cause is "<parent> depends on" or, with no parent
# (the command's own requirement), "The user requested".
error_source = inspect.getsource(
    factory_module.Factory.get_installation_error
)
cause_source = error_source[
    error_source.index('"\\nThe conflict is caused by:"') :
]
assert cause_source.count("for req, parent in e.causes:") == 1
assert cause_source.index("if parent:") < cause_source.index(
    'depends on "'
)
assert cause_source.index('depends on "') < cause_source.index("else:")
assert cause_source.index("else:") < cause_source.index(
    '"The user requested "'
)
