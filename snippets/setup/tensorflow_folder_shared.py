"""Uninstalling one of two TensorFlow packages deletes the files they share

When you hit it: you uninstalled one of two TensorFlow packages. Now
`import tensorflow` fails with `No module named 'tensorflow'`, or
`tf.__file__` is `None` and `tf.constant` fails: `module 'tensorflow'
has no attribute 'constant'`. Another case
([kohya-colab#73](https://github.com/hollowstrawberry/kohya-colab/issues/73)),
made here by hand: `tensorflow/__init__.py` without
`tensorflow/python/`, and `import tensorflow` fails inside it: `No
module named 'tensorflow.python'`.

What is going on: both install one `tensorflow/` folder, without a
warning; uninstalling either deletes the shared files; the other
stays installed. `tensorflow` required `tensorflow-intel` on
[Windows](setup.md#windows-gpu-wsl2) (2.11.1-2.17.1),
`tensorflow-macos` on [Apple silicon](setup.md#apple-silicon-install)
(2.13.1-2.14.1) and `tensorflow-cpu-aws` on Linux aarch64
(2.10.1-2.15.1). On Windows or Mac, upgrading to 2.21.0 leaves it
installed, named only in
[pip's dependency-conflict `ERROR`](setup.md#pip-dependency-conflicts).
If
`tf.__file__` names your `tensorflow.py`, see
[a local name shadows the package](setup.md#local-name-shadows-package).

Pitfall: `pip install` of the package still installed repairs nothing
(`Requirement already satisfied`); reinstalling the removed one works,
with both installed again. `python -m pip uninstall -y` the names from
`diagnose()` and `fix()`, then `python -m pip install tensorflow`.

Checked: offline, with pip 23.2.1 (each command in a fork of one
Python per venv that imported it once) and stand-in wheels, not the
real ones. Each stand-in build ships `tensorflow/__init__.py` and
`tensorflow/python/__init__.py`, as the real `tensorflow-cpu` here does
(its RECORD); that `tensorflow` installs the same folder rests on the
[README](https://github.com/tensorflow/tensorflow#install), and that
`tensorflow-intel`, `tensorflow-macos` and `tensorflow-cpu-aws` install
`tensorflow/` too is assumed: the snapshot keeps no file lists. Which
error you get depends on the files only the remaining package owns, and
the real wheels' lists were not compared: the `tensorflow` and
`tensorflow-cpu` stand-ins own the same files, so nothing is left; the
Windows 2.21.0 one alone owns a file under `tensorflow/python/`. Pins
are from the PyPI snapshot of the date printed: the Windows stand-ins
carry the `ml-dtypes` ones; the `protobuf` ones conflict for each
Windows and Mac release named. `fix()` repaired the Windows state,
after `pip install tensorflow`, and a copy of venv 1 after its
uninstall with `tensorflow/__init__.py` put back alone; no uninstall
here leaves that file alone. Same breakage:
[pypa/pip#7282](https://github.com/pypa/pip/issues/7282); warning
requested: [pypa/pip#4625](https://github.com/pypa/pip/issues/4625).

severity: crash
topics: S15, S12, S1
aliases:
  - "ModuleNotFoundError: No module named 'tensorflow.python'"
  - "AttributeError: module 'tensorflow' has no attribute 'Tensor'"
  - "tensorflow-intel 2.17.1 requires ml-dtypes<0.5.0,>=0.3.1, but you have ml-dtypes"
  - uninstalled tensorflow-cpu now tensorflow is broken
  - tensorflow and tensorflow-cpu both installed
  - tensorflow-intel still installed after upgrading TensorFlow on Windows
  - should I uninstall tensorflow-intel
  - pip install tensorflow says Requirement already satisfied but import tensorflow fails
"""

import importlib.metadata
import inspect
import itertools
import json
import platform
import re
import shutil
import subprocess
import sys
import zipfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pip as installed_pip
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

SNAPSHOT = (
    Path(__file__).resolve().parents[2] / "registry" / "pypi.json"
)
registry = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
packages = registry["packages"]
ROOT = Path.cwd().resolve()  # the run's fresh working directory


# --8<-- [start:diagnose]
def diagnose():
    """Run it with the Python that fails: what is `tensorflow`?"""
    import importlib.metadata as md
    import traceback

    owners = sorted(
        f"{d.name} {d.version}"
        for d in md.distributions()
        if "tensorflow/__init__.py" in map(str, d.files or ())
    )
    print("tensorflow/ installed by:", owners)  # want exactly one
    try:
        import tensorflow as tf
    except ImportError as err:
        where = traceback.extract_tb(err.__traceback__)[-1]
        print(f"{type(err).__name__}: {err}")
        print("    raised in", where.filename)
        return
    print("tensorflow.__file__:", tf.__file__)  # None: no __init__.py
    try:
        tf.constant  # noqa: B018 (any public name)
    except AttributeError as err:
        print(f"{type(err).__name__}: {err}")


# --8<-- [end:diagnose]

# --8<-- [start:fix]
VARIANTS = ["tensorflow", "tensorflow-cpu", "tensorflow-gpu"]
VARIANTS += ["tensorflow-intel", "tensorflow-macos"]
VARIANTS += ["tensorflow-cpu-aws", "tf-nightly", "tf-nightly-cpu"]


def fix(env, *listed):
    """Uninstall these names and those diagnose() lists, install one."""
    removed = pip(env, "uninstall", "-y", *VARIANTS, *listed)
    return removed, pip(env, "install", "tensorflow")


# --8<-- [end:fix]

# The real wheel here: the distribution that installed `tensorflow/`.
owners = [
    d
    for d in importlib.metadata.distributions()
    if "tensorflow/__init__.py" in map(str, d.files or ())
]
assert len(owners) == 1, f"expected one owner here: {owners}"
(real,) = owners
real_name = canonicalize_name(real.name)
if Version(real.version).is_prerelease:
    expected_owner = "tf-nightly"  # the matrix's nightly environment
elif (sys.platform, platform.machine()) == ("linux", "x86_64"):
    expected_owner = "tensorflow-cpu"  # what requirements.in pins here
else:
    expected_owner = "tensorflow"
assert real_name == expected_owner, (real_name, expected_owner)
assert "tensorflow/python/__init__.py" in map(str, real.files)
print(
    f"here {real_name} {real.version} installed tensorflow/__init__.py"
    " and tensorflow/python/__init__.py"
)

# The snapshot: what each wheel asks pip for, markers evaluated.
MACHINES = {
    "windows-amd64": ("Windows", "win32", "nt", "AMD64"),
    "linux-aarch64": ("Linux", "linux", "posix", "aarch64"),
    "macos-arm64": ("Darwin", "darwin", "posix", "arm64"),
}
KEYS = (
    "platform_system",
    "sys_platform",
    "os_name",
    "platform_machine",
)


def requires(package, version, family):
    env = {
        **dict(zip(KEYS, MACHINES[family], strict=True)),
        "extra": "",
    }
    meta = packages[package][version]["metadata"][family]
    reqs = [Requirement(line) for line in meta["requires_dist"]]
    return [r for r in reqs if not r.marker or r.marker.evaluate(env)]


def pin(package, version, family, name):
    """The one requirement on `name`."""
    (req,) = [
        r
        for r in requires(package, version, family)
        if canonicalize_name(r.name) == name
    ]
    return req


def bound(req, operator):
    (found,) = [
        Version(s.version)
        for s in req.specifier
        if s.operator == operator
    ]
    return found


def disjoint(old, new):
    """No version meets both: the old `<` bound <= the new `>=` one."""
    return bound(old, "<") <= bound(new, ">=")


print("PyPI snapshot of", registry["fetched"])
NEWEST = "2.21.0"
for family in MACHINES:  # the newest wheel is the build: no variant
    reqs = requires("tensorflow", NEWEST, family)
    assert not {r.name for r in reqs} & set(VARIANTS), (family, reqs)
    assert "numpy" in {r.name for r in reqs}, (family, reqs)
windows_pin = [
    f"{r.name}{r.specifier}"
    for r in requires("tensorflow", "2.17.1", "windows-amd64")
]
assert windows_pin == ["tensorflow-intel==2.17.1"], windows_pin
print("windows-amd64: tensorflow 2.17.1 requires", windows_pin)

# Linux aarch64: no other card shows this span.
built = [
    v
    for v in packages["tensorflow"]
    if "linux-aarch64" in packages["tensorflow"][v]["metadata"]
]
aws = [
    v
    for v in built
    if [
        f"{r.name}{r.specifier}"
        for r in requires("tensorflow", v, "linux-aarch64")
    ]
    == [f"tensorflow-cpu-aws=={v}"]
]
assert aws == [
    v
    for v in built
    if Version("2.10.1") <= Version(v) <= Version("2.15.1")
], aws
for v in set(built) - set(aws):
    reqs = requires("tensorflow", v, "linux-aarch64")
    assert not {r.name for r in reqs} & set(VARIANTS), (v, reqs)
print(
    f"linux-aarch64: tensorflow {aws[0]}-{aws[-1]} requires only"
    " tensorflow-cpu-aws of that version"
)

# Upgrading to 2.21.0: pins no version can meet together.
SECOND = {  # family: (package, releases `tensorflow` pulled it in)
    "windows-amd64": ("tensorflow-intel", "2.11.1", "2.17.1"),
    "macos-arm64": ("tensorflow-macos", "2.13.1", "2.14.1"),
}
for family, (name, first, last) in SECOND.items():
    new = pin("tensorflow", NEWEST, family, "protobuf")
    span = [
        v
        for v in packages[name]
        if Version(first) <= Version(v) <= Version(last)
    ]
    for v in span:
        old = pin(name, v, family, "protobuf")
        assert disjoint(old, new), (family, v, old, new)
    assert span[0] == first and span[-1] == last, span
    print(
        f"{family}: protobuf pins of {name} {first}-{last}"
        f" ({len(span)} releases) exclude tensorflow {NEWEST}'s"
    )
OLD_ML = pin("tensorflow-intel", "2.17.1", "windows-amd64", "ml-dtypes")
NEW_ML = pin("tensorflow", NEWEST, "windows-amd64", "ml-dtypes")
assert disjoint(OLD_ML, NEW_ML), (OLD_ML, NEW_ML)
print(
    f"tensorflow-intel 2.17.1: {OLD_ML}; tensorflow {NEWEST}: {NEW_ML}"
)


# Stand-in wheels: one index for the Linux pair, one for the Windows.
ONLY_NEW = "tensorflow/python/only_in_2_21_0.py"


def stand_in(index, name, version, needs=(), ships=True, own=()):
    dist = f"{name.replace('-', '_')}-{version}"
    files = {}
    if ships:  # a build: the two paths every build has
        files["tensorflow/__init__.py"] = (
            f"# from {name} {version}\n"
            "from tensorflow.python import constant\n"
        )
        files["tensorflow/python/__init__.py"] = (
            "def constant(value):\n    return value\n"
        )
    files.update({path: "# only here\n" for path in own})
    files[f"{dist}.dist-info/METADATA"] = "".join(
        [f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"]
        + [f"Requires-Dist: {r}\n" for r in needs]
    )
    files[f"{dist}.dist-info/WHEEL"] = (
        "Wheel-Version: 1.0\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    )
    record = [*files, f"{dist}.dist-info/RECORD"]
    files[f"{dist}.dist-info/RECORD"] = "".join(
        f"{p},,\n" for p in record
    )
    index.mkdir(exist_ok=True)
    with zipfile.ZipFile(
        index / f"{dist}-py3-none-any.whl", "w"
    ) as whl:
        for path, text in files.items():
            whl.writestr(path, text)


# One ml-dtypes stand-in for each pin: its lowest allowed version.
ML_OLD, ML_NEW = str(bound(OLD_ML, ">=")), str(bound(NEW_ML, ">="))
assert OLD_ML.specifier.contains(ML_OLD), (OLD_ML, ML_OLD)
assert NEW_ML.specifier.contains(ML_NEW), (NEW_ML, ML_NEW)
LIN, WIN = ROOT / "index-linux", ROOT / "index-windows"
stand_in(LIN, "tensorflow", NEWEST)  # the same files as tensorflow-cpu
stand_in(LIN, "tensorflow-cpu", NEWEST)
stand_in(WIN, "tensorflow", "2.17.1", windows_pin, ships=False)
stand_in(WIN, "tensorflow-intel", "2.17.1", [OLD_ML])
stand_in(WIN, "tensorflow", NEWEST, [NEW_ML], own=[ONLY_NEW])
stand_in(WIN, "ml-dtypes", ML_OLD, ships=False)
stand_in(WIN, "ml-dtypes", ML_NEW, ships=False)
# The installed pip, run by the venv's Python, as `pip --python` does.
# One Python per venv imports it once, with the finder that
# __pip-runner__.py uses, then runs each command in a fork of itself:
# the same as a fresh run, less the import.
PIP_VERSION = importlib.metadata.version("pip")
PIP_HOME = Path(installed_pip.__file__).parent.parent
SERVER = ROOT / "pip-server" / "serve.py"
SERVER.parent.mkdir()
SERVER.write_text("""\
import json, os, sys, traceback
from importlib.machinery import PathFinder

HOME = sys.argv[1]  # where the installed pip is
sys.path.pop(0)  # this script's folder


class Finder:
    @classmethod
    def find_spec(cls, name, path=None, target=None):
        if name == "pip":
            return PathFinder.find_spec(name, [HOME], target)


sys.meta_path.insert(0, Finder())
from pip._internal.cli.main import main
from pip._internal.commands import install, uninstall

for line in sys.stdin:  # [pip's arguments, stdout file, stderr file]
    args, *files = json.loads(line)
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            for fd, name in enumerate(files, start=1):
                os.dup2(os.open(name, os.O_WRONLY | os.O_CREAT), fd)
            code = main(args)
        except BaseException:
            traceback.print_exc()
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(code)
    print(os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]), flush=True)
""")
SERVERS, CALLS, RAN = {}, itertools.count(), {}


def pip(env, *args):
    RAN.setdefault(env, []).append(list(args))  # what a reader types
    args = ["--isolated", "--disable-pip-version-check", *args]
    if args[2] == "install":
        index = ROOT / f"index-{env.name}"
        args += ["--no-index", f"--find-links={index}"]
        args += ["--no-cache-dir"]
    if env not in SERVERS:  # each env is used by one thread only
        SERVERS[env] = subprocess.Popen(
            [env / "bin" / "python", SERVER, PIP_HOME],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
    server, call = SERVERS[env], next(CALLS)
    files = [SERVER.with_name(f"{call}.{fd}") for fd in (1, 2)]
    server.stdin.write(json.dumps([args, *map(str, files)]) + "\n")
    server.stdin.flush()
    code = int(server.stdout.readline())
    done = files[0].read_text(), files[1].read_text()
    if code:
        raise subprocess.CalledProcessError(code, args, *done)
    return done


def venv(name):
    env = ROOT / name
    cmd = [sys.executable, "-m", "venv", "--without-pip", env]
    subprocess.run(cmd, check=True)
    return env


def site(env):
    (found,) = env.glob("lib/python*/site-packages")
    return found


def clean(text):
    text = re.sub(r"\S*/site-packages", "<site-packages>", text)
    return text.replace(str(ROOT), ".").strip()


def run_diagnose(env):
    """diagnose() in a fresh Python of `env`, in a folder of its own."""
    folder = "-".join(["probe", *env.relative_to(ROOT).parts])
    path = ROOT / folder / "diagnose.py"
    path.parent.mkdir(exist_ok=True)
    path.write_text(inspect.getsource(diagnose) + "\ndiagnose()\n")
    cmd = [env / "bin" / "python", path]
    done = subprocess.run(cmd, capture_output=True, text=True)
    assert done.returncode == 0 and not done.stderr, done.stderr
    return clean(done.stdout).splitlines()


def said(out_err):
    """pip's stdout and stderr lines, less the index and file lines."""
    lines = clean(out_err[0] + out_err[1]).splitlines()
    skip = ("Looking in links", "Processing ")
    return [ln.strip() for ln in lines if not ln.startswith(skip)]


def left(env):
    """The Python files on disk in the `tensorflow/` folder."""
    folder = site(env) / "tensorflow"
    files = folder.rglob("*.py") if folder.exists() else ()
    return sorted(str(p.relative_to(site(env))) for p in files)


def listed(env):
    """The names diagnose() lists: who says it installed tensorflow/."""
    return sorted(
        d.name
        for d in importlib.metadata.distributions(path=[str(site(env))])
        if "tensorflow/__init__.py" in map(str, d.files or ())
    )


def recorded(env, name):
    """The files `name`'s RECORD in `env` says it installed."""
    (dist,) = importlib.metadata.distributions(
        name=name, path=[str(site(env))]
    )
    return {str(f) for f in dist.files}


def linux():
    env, log = venv("linux"), {}
    log["install"] = said(
        pip(env, "install", "tensorflow", "tensorflow-cpu")
    )
    log["both"] = run_diagnose(env)
    init = site(env) / "tensorflow" / "__init__.py"
    log["init"] = init.read_text()
    log["uninstall"] = said(pip(env, "uninstall", "-y", "tensorflow"))
    log["broken"] = run_diagnose(env)
    log["left"] = left(env)
    log["listed"] = listed(env)
    # The other case, by hand, in a copy (its index is index-linux).
    copy = ROOT / "copy" / env.name
    shutil.copytree(env, copy, symlinks=True)
    log["other"] = pool.submit(other_case, copy, log["init"])
    # Reinstalling the removed one.
    log["back"] = said(pip(env, "install", "tensorflow"))
    log["again"] = run_diagnose(env)
    return log


def other_case(env, init_text):
    """tensorflow/__init__.py put back alone, nothing under it; fix()."""
    log = {}
    init = site(env) / "tensorflow" / "__init__.py"
    init.parent.mkdir()
    init.write_text(init_text)
    log["files"] = sorted(p.name for p in init.parent.iterdir())
    log["partial"] = run_diagnose(env)
    log["listed"] = listed(env)
    log["fix"] = [said(out) for out in fix(env, *log["listed"])]
    log["ran"] = RAN[env][-2:]
    log["fixed"] = run_diagnose(env)
    return log


def windows():
    env, log = venv("windows"), {}
    log["install"] = said(pip(env, "install", "tensorflow==2.17.1"))
    log["upgrade"] = said(
        pip(env, "install", "--upgrade", "tensorflow")
    )
    log["both"] = run_diagnose(env)[:1]  # the owners only
    log["listed_both"] = listed(env)
    log["uninstall"] = said(
        pip(env, "uninstall", "-y", "tensorflow-intel")
    )
    log["broken"] = run_diagnose(env)
    log["left"] = left(env)
    log["listed"] = listed(env)
    log["record"] = recorded(env, "tensorflow")
    log["reinstall"] = said(pip(env, "install", "tensorflow"))
    log["still"] = run_diagnose(env)
    log["fix"] = [said(out) for out in fix(env, *log["listed"])]
    log["ran"] = RAN[env][-2:]
    log["fixed"] = run_diagnose(env)
    return log


with ThreadPoolExecutor(3) as pool:
    lin, win = pool.submit(linux), pool.submit(windows)
    lin, win = lin.result(), win.result()
    copied = lin["other"].result()
for server in SERVERS.values():
    server.stdin.close()
    assert server.wait() == 0, server.returncode

KEEP = ("Successfully", "ERROR", "tensorflow-intel 2.17.1 requires")
KEEP += ("Requirement already satisfied: tensorflow ",)


def show(step, *logs, pip_log=()):
    """The step, what pip said that matters, what diagnose() said."""
    print(step)
    for line in pip_log:
        if line.startswith(KEEP):
            print("   ", line)
    for lines in logs:
        for line in [lines] if isinstance(lines, str) else lines:
            print("   ", line)


def show_fix(env, log):
    """fix()'s two pip commands, as a reader types them."""
    print(f"fix({env}, {log['listed'][0]!r}) runs:")
    for args, pip_said, diagnosed in zip(
        log["ran"], log["fix"], ([], log["fixed"]), strict=True
    ):
        show(
            "$ python -m pip " + " ".join(args),
            diagnosed,
            pip_log=pip_said,
        )


print(f"pip {PIP_VERSION}, stand-in wheels; venv 1, the Linux pair:")
show(
    "$ pip install tensorflow tensorflow-cpu",
    lin["both"][:1],
    pip_log=lin["install"],
)
show(
    "$ pip uninstall -y tensorflow",
    lin["broken"],
    f"left in tensorflow/: {lin['left']}",
    pip_log=lin["uninstall"],
)
show("$ pip install tensorflow", lin["again"], pip_log=lin["back"])
show(
    "venv 1 copied before that install, tensorflow/__init__.py put"
    " back alone: the other case",
    copied["partial"],
)
show_fix("copy", copied)
print("venv 2, the Windows pair:")
show("$ pip install tensorflow==2.17.1", pip_log=win["install"])
show(
    "$ pip install --upgrade tensorflow",
    win["both"],
    pip_log=win["upgrade"],
)
show(
    "$ pip uninstall -y tensorflow-intel",
    win["broken"],
    f"left in tensorflow/: {win['left']}",
    pip_log=win["uninstall"],
)
show(
    "$ pip install tensorflow",
    win["still"][1:],
    pip_log=win["reinstall"],
)
show_fix("env", win)

# pip installs both into one folder, the second over the first, and
# says nothing about it.
assert PIP_VERSION == "23.2.1", (
    f"the prose names pip 23.2.1: {PIP_VERSION}"
)
assert lin["install"] == [
    "Installing collected packages: tensorflow-cpu, tensorflow",
    "Successfully installed tensorflow-2.21.0 tensorflow-cpu-2.21.0",
], lin["install"]
assert lin["init"].startswith("# from tensorflow 2.21.0"), lin["init"]
INTACT = "tensorflow.__file__: <site-packages>/tensorflow/__init__.py"
assert lin["both"] == [
    "tensorflow/ installed by:"
    " ['tensorflow 2.21.0', 'tensorflow-cpu 2.21.0']",
    INTACT,
], lin["both"]
# Uninstalling either (the one written second here, the one written
# first on Windows) deletes the shared files; the other stays installed.
for log, name, version, other in (
    (lin, "tensorflow", NEWEST, "tensorflow-cpu"),
    (win, "tensorflow-intel", "2.17.1", "tensorflow"),
):
    assert log["uninstall"] == [
        f"Found existing installation: {name} {version}",
        f"Uninstalling {name}-{version}:",
        f"Successfully uninstalled {name}-{version}",
    ], log["uninstall"]
    assert log["listed"] == [other], log["listed"]
    assert not {
        "tensorflow/__init__.py",
        "tensorflow/python/__init__.py",
    } & set(log["left"]), log["left"]
# What is left is what only the remaining one installed: nothing, or a
# file under tensorflow/python/, and the error follows from it.
assert lin["left"] == [], lin["left"]
assert lin["broken"] == [
    "tensorflow/ installed by: ['tensorflow-cpu 2.21.0']",
    "ModuleNotFoundError: No module named 'tensorflow'",
    "    raised in ./probe-linux/diagnose.py",
], lin["broken"]
assert win["left"] == [ONLY_NEW] and ONLY_NEW in win["record"], win
BROKEN = [
    "tensorflow/ installed by: ['tensorflow 2.21.0']",
    "tensorflow.__file__: None",
    "AttributeError: module 'tensorflow' has no attribute 'constant'",
]
assert win["broken"] == BROKEN, win["broken"]
# pip install of the one still installed repairs nothing: pip sees it
# installed.
assert win["reinstall"][0] == (
    "Requirement already satisfied: tensorflow in <site-packages>"
    " (2.21.0)"
), win["reinstall"]
assert all(
    line.startswith("Requirement already satisfied")
    for line in win["reinstall"]
), win["reinstall"]
assert win["still"] == BROKEN, win["still"]
# Reinstalling the removed one works, with both installed again.
assert lin["back"] == [
    "Installing collected packages: tensorflow",
    f"Successfully installed tensorflow-{NEWEST}",
], lin["back"]
assert lin["again"] == lin["both"], lin["again"]
# The other case: tensorflow/__init__.py there, tensorflow/python/ not,
# and the traceback in it.
assert copied["files"] == ["__init__.py"], copied["files"]
assert copied["partial"] == [
    "tensorflow/ installed by: ['tensorflow-cpu 2.21.0']",
    "ModuleNotFoundError: No module named 'tensorflow.python'",
    "    raised in <site-packages>/tensorflow/__init__.py",
], copied["partial"]
# fix(), on that case and on the Windows state: the listed name and
# every variant out (absent ones skipped), then one in; it works.
for log, name in ((copied, "tensorflow-cpu"), (win, "tensorflow")):
    assert log["listed"] == [name], log["listed"]
    removed, installed = log["fix"]
    assert removed == [
        f"Found existing installation: {name} {NEWEST}",
        f"Uninstalling {name}-{NEWEST}:",
        f"Successfully uninstalled {name}-{NEWEST}",
    ] + [
        f"WARNING: Skipping {variant} as it is not installed."
        for variant in VARIANTS
        if variant != name
    ], removed
    assert (
        installed[-1] == f"Successfully installed tensorflow-{NEWEST}"
    )
    assert log["ran"] == [
        ["uninstall", "-y", *VARIANTS, name],
        ["install", "tensorflow"],
    ], log["ran"]
    assert log["fixed"] == [
        "tensorflow/ installed by: ['tensorflow 2.21.0']",
        INTACT,
    ], log["fixed"]
# Windows: tensorflow 2.17.1 pulled in tensorflow-intel; the upgrade
# leaves it installed and names it only in the conflict ERROR.
assert win["install"][-1] == (
    f"Successfully installed ml-dtypes-{ML_OLD} tensorflow-2.17.1"
    " tensorflow-intel-2.17.1"
), win["install"]
assert win["listed_both"] == ["tensorflow", "tensorflow-intel"]
assert win["upgrade"][-3:] == [
    f"Successfully installed ml_dtypes-{ML_NEW} tensorflow-{NEWEST}",
    "ERROR: pip's dependency resolver does not currently take into"
    " account all the packages that are installed. This behaviour is"
    " the source of the following dependency conflicts.",
    f"tensorflow-intel 2.17.1 requires {OLD_ML}, but you have"
    f" ml-dtypes {ML_NEW} which is incompatible.",
], win["upgrade"]
assert [ln for ln in win["upgrade"] if "intel" in ln] == [
    win["upgrade"][-1]
], win["upgrade"]
assert not any(
    ln.startswith("WARNING") for ln in lin["install"] + win["upgrade"]
), (lin["install"], win["upgrade"])
