"""`externally-managed-environment`: install TensorFlow in a venv

When you hit it: on Debian 12
([their Python maintainer](https://discuss.python.org/t/pep-668-marking-python-base-environments-as-externally-managed/10302/69))
or Ubuntu 24.04
([runner-images#10781](https://github.com/actions/runner-images/issues/10781)),
in WSL too ([GPU on Windows](setup.md#windows-gpu-wsl2)), `pip install
tensorflow` exits with status 1: `error:
externally-managed-environment`, `× This environment is externally
managed`. `--user` is refused the same way.

What is going on: outside a venv, pip refuses when
`EXTERNALLY-MANAGED` is in the standard-library folder
(`sysconfig.get_path("stdlib")`, `/usr/lib/python3.X`), and prints its
text ([PEP 668](https://peps.python.org/pep-0668/)). A venv of the same
Python shares that folder, yet pip goes ahead in it: make one
per project, `python3 -m venv ~/venvs/tf`, then `~/venvs/tf/bin/python
-m pip install tensorflow`. `pipx` is for applications, not libraries
you import ([pipx](https://pipx.pypa.io/stable/)).
Homebrew's Python on macOS is marked too, its text naming `brew
install`; the venv fix is the same
([example](https://github.com/LiroyvH/signal-export/issues/11)).

Pitfall: `--break-system-packages` or `PIP_BREAK_SYSTEM_PACKAGES=1`
skips the check. On Debian or Ubuntu as root, pip then installs into
`/usr/local/lib/python3.X/dist-packages`; without write access there,
or with `--user`, into `~/.local`. Both precede apt's
`/usr/lib/python3/dist-packages` on `sys.path` (`~/.local` not under
`python3 -s`).

Checked: `/usr/bin/python3` (the output names the OS release, its
version, and whether it ran as root) ran pip 23.2.1 of this card's Python through its
`__pip-runner__.py`, as `pip --python` does; the system pip was not
used. Every install is a `--dry-run` of a stand-in `tensorflow` 2.21.0
wheel built in the run, no `pip.conf` read, `HOME` a scratch folder
that held only `venvs/` afterwards;
`/usr/local/lib/python3.X/dist-packages` listed the same before and
after. The lines after `╰─>` are the marker's `Error` text; pip adds
the others. With `sysconfig.get_path` pointed at a copy of the marker
with edited text, pip printed the edit; at a folder without one, pip
would install. The install folders are the ones pip computes; pip's
`decide_user_install` takes the user one, printing `Defaulting to user
installation` first, when it cannot write to the other. As root the
run asserts that folder writable and no such line; as another user,
the line exactly when it is not writable. The venv's install ran the
venv's own pip, from `ensurepip`. Where `python3 -m venv` stops with
`ensurepip is not available` (no `python3-venv`), the run asserts that
message, makes the venv `--without-pip` and runs this card's pip under
the venv's Python instead; the message names an `apt install` command
(Debian's `venv/__init__.py`). `pip install` skips the check with `--target`,
`--prefix` or `--root` (pip's `InstallCommand.run`; not run here). How
shadowing apt's packages breaks the system's tools is PEP 668's
rationale; only the search order was run here.

severity: crash
topics: S15, S11
aliases:
  - "error: externally-managed-environment"
  - "× This environment is externally managed"
  - "To install Python packages system-wide, try apt install python3-xyz, where xyz is the package you are trying to install."
  - pip install tensorflow externally managed environment ubuntu 24.04
  - should I use --break-system-packages
  - pip install --user tensorflow externally managed environment
  - pip install tensorflow fails in WSL Ubuntu
  - can I pipx install tensorflow
  - "The virtual environment was not created successfully because ensurepip is not available"
  - pip install tensorflow externally managed environment macOS Homebrew
"""

import ast
import configparser
import inspect
import json
import os
import platform
import re
import shutil
import subprocess
import zipfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pip
from pip._internal import configuration
from pip._internal.build_env import get_runnable_pip
from pip._internal.cli import main_parser
from pip._internal.commands import install
from pip._internal.utils import filesystem, misc, virtualenv

ROOT = Path.cwd().resolve()  # the run's fresh working directory
SYSTEM = "/usr/bin/python3"  # the distribution's Python, from apt
assert Path(SYSTEM).is_file(), (
    f"missing: {SYSTEM}, the system Python this card runs pip under"
)


# --8<-- [start:show]
def pip_would_refuse():
    """Run it with the Python pip refuses: what pip checks."""
    import os
    import sys
    import sysconfig

    stdlib = sysconfig.get_path("stdlib")
    marker = os.path.join(stdlib, "EXTERNALLY-MANAGED")
    in_venv = sys.prefix != sys.base_prefix  # a venv
    in_venv = in_venv or hasattr(sys, "real_prefix")  # virtualenv<20
    return marker, os.path.isfile(marker) and not in_venv


# The fix: one venv per project, from the same Python, and its pip.
#   python3 -m venv ~/venvs/tf
#   ~/venvs/tf/bin/python -m pip install tensorflow
# If venv says "ensurepip is not available": run the apt install
# command it names, with sudo, then the two lines again.
# --8<-- [end:show]

# A scratch HOME and temp folder: pip never sees the real ~/.local,
# ~/.config or /tmp; no pip.conf is read (not even /etc/pip.conf).
HOME = ROOT / "home"
TMP = ROOT / "tmp"
TMP.mkdir()
ENV = {
    "PATH": os.defpath,
    "HOME": str(HOME),
    "TMPDIR": str(TMP),
    "LC_ALL": "C.UTF-8",
    "PIP_CONFIG_FILE": os.devnull,
    "PYTHONDONTWRITEBYTECODE": "1",
}
AS_ROOT = os.geteuid() == 0


def ask(python):
    """pip_would_refuse() in a fresh `python`."""
    code = inspect.getsource(pip_would_refuse)
    code += "\nprint(repr(pip_would_refuse()))\n"
    done = subprocess.run(
        [python, "-c", code], capture_output=True, text=True, env=ENV
    )
    assert done.returncode == 0, done.stderr
    return ast.literal_eval(done.stdout)  # (marker, refused)


MARKER, refused_here = ask(SYSTEM)
assert Path(MARKER).is_file(), (
    f"missing: {MARKER}, the PEP 668 marker this card is about;"
    f" {SYSTEM} is not an externally managed Python here"
)
STDLIB = str(Path(MARKER).parent)
OS = platform.freedesktop_os_release().get("PRETTY_NAME", "unknown OS")

# The stand-in wheel: pip resolves it as it would the real one.
WHEELS = ROOT / "wheels"
WHEELS.mkdir()
DIST = "tensorflow-2.21.0"
files = {
    "tensorflow/__init__.py": "",
    f"{DIST}.dist-info/METADATA": (
        "Metadata-Version: 2.1\nName: tensorflow\nVersion: 2.21.0\n"
    ),
    f"{DIST}.dist-info/WHEEL": (
        "Wheel-Version: 1.0\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    ),
}
record = [*files, f"{DIST}.dist-info/RECORD"]
files[f"{DIST}.dist-info/RECORD"] = "".join(f"{p},,\n" for p in record)
with zipfile.ZipFile(WHEELS / f"{DIST}-py3-none-any.whl", "w") as whl:
    for path, text in files.items():
        whl.writestr(path, text)

RUNNER = Path(pip.__file__).parent / "__pip-runner__.py"
OFFLINE = ["--dry-run", "--no-index", f"--find-links={WHEELS}"]
OFFLINE += ["--no-cache-dir", "--disable-pip-version-check"]
# Run by the system Python: sysconfig's stdlib folder moved to argv[1].
MOVED = ROOT / "moved_stdlib.py"
MOVED.write_text("""\
import runpy, sys, sysconfig

stdlib, runner = sys.argv[1:3]
real = sysconfig.get_path


def get_path(name, *args, **kwargs):
    return stdlib if name == "stdlib" else real(name, *args, **kwargs)


sysconfig.get_path = get_path
sys.argv = [runner, *sys.argv[3:]]
runpy.run_path(runner, run_name="__main__")
""")
# The system Python's facts, as pip (this card's) and sysconfig see them.
WHERE = ROOT / "where.py"
WHERE.write_text("""\
import json, sys, sysconfig
from importlib.machinery import PathFinder

HOME = sys.argv[1]  # the folder holding this card's pip


class Finder:  # import pip from there, nothing else
    @classmethod
    def find_spec(cls, name, path=None, target=None):
        if name == "pip":
            return PathFinder.find_spec(name, [HOME], target)


sys.meta_path.insert(0, Finder())
from pip._internal.commands.install import site_packages_writable
from pip._internal.locations import get_scheme

apt = None
if "deb_system" in sysconfig.get_scheme_names():  # Debian's scheme
    apt = sysconfig.get_path("purelib", "deb_system")
print(json.dumps({
    "version": sysconfig.get_python_version(),
    "system": get_scheme("tensorflow").purelib,
    "writable": site_packages_writable(root=None, isolated=False),
    "user": get_scheme("tensorflow", user=True).purelib,
    "apt": apt,
    "path": [p for p in sys.path if p.endswith("-packages")],
}))
""")


def where():
    cmd = [SYSTEM, WHERE, RUNNER.parent.parent]
    done = subprocess.run(
        cmd, capture_output=True, text=True, env=ENV, check=True
    )
    return json.loads(done.stdout)


def search_path(*flags):
    """The system Python's site folders, run with `flags`."""
    code = "import sys; print([p for p in sys.path"
    code += " if p.endswith('-packages')])"
    cmd = [SYSTEM, "-B", *flags, "-c", code]
    done = subprocess.run(
        cmd, capture_output=True, text=True, env=ENV, check=True
    )
    return ast.literal_eval(done.stdout)


def run_pip(python, *args, extra_env=None, stdlib=None):
    """This card's pip, run by `python` (pip --python's way)."""
    cmd = [python, RUNNER, *args, *OFFLINE]
    if stdlib:
        cmd = [python, MOVED, stdlib, RUNNER, *args, *OFFLINE]
    env = {**ENV, **(extra_env or {})}
    done = subprocess.run(cmd, capture_output=True, text=True, env=env)
    return done.returncode, (done.stdout + done.stderr).splitlines()


def said(lines):
    """pip's lines, less its index lines."""
    skip = ("Looking in links", "Processing ")
    return [ln for ln in lines if not ln.startswith(skip)]


def listing(folder):
    folder = Path(folder)
    return sorted(os.listdir(folder)) if folder.is_dir() else None


def home(path):
    return path.replace(str(HOME), "~")


# pip's install folders, before any run.
TARGETS = where()
VERSION = TARGETS["version"]  # "3.11", "3.12": the system Python's
before = listing(TARGETS["system"])

# A copy of the marker with edited text, and a folder without one.
EDITED = ROOT / "edited"
EDITED.mkdir()
EDIT = "Edited in this copy: pip prints the marker's text."
(EDITED / "EXTERNALLY-MANAGED").write_text(
    "[externally-managed]\nError=" + EDIT + "\n", encoding="utf-8"
)
EMPTY = ROOT / "no_marker"
EMPTY.mkdir()

VENV = HOME / "venvs" / "tf"  # ~/venvs/tf, in the scratch HOME
VENV_PY = str(VENV / "bin" / "python")
NO_ENSUREPIP = "ensurepip is not available"


def venv_case():
    """The advice as typed: a venv with its own pip (ensurepip); where
    ensurepip is missing, a venv without pip and this card's pip."""
    made = subprocess.run(
        [SYSTEM, "-m", "venv", VENV],
        capture_output=True,
        text=True,
        env=ENV,
    )
    venv_said = " ".join((made.stdout + made.stderr).split())
    if made.returncode == 0:
        (own,) = VENV.glob("lib/python*/site-packages/pip-*.dist-info")
        cmd = [VENV_PY, "-m", "pip", *INSTALL, *OFFLINE]
        how = (0, own.name)
    else:
        assert NO_ENSUREPIP in venv_said, venv_said
        without = [
            SYSTEM,
            "-m",
            "venv",
            "--clear",
            "--without-pip",
            VENV,
        ]
        subprocess.run(without, env=ENV, check=True)
        assert not list(VENV.glob("lib/python*/site-packages/pip*"))
        cmd = [VENV_PY, RUNNER, *INSTALL, *OFFLINE]
        how = (made.returncode, venv_said)
    done = subprocess.run(cmd, capture_output=True, text=True, env=ENV)
    lines = (done.stdout + done.stderr).splitlines()
    return how, (done.returncode, lines), ask(VENV_PY)


INSTALL = ["install", "tensorflow"]
BREAK = "--break-system-packages"
CASES = {  # what a reader types: (python, pip's arguments, how)
    "pip install tensorflow": (SYSTEM, INSTALL, {}),
    "pip install --user tensorflow": (
        SYSTEM,
        ["install", "--user", "tensorflow"],
        {},
    ),
    f"pip install {BREAK} tensorflow": (
        SYSTEM,
        ["install", BREAK, "tensorflow"],
        {},
    ),
    "PIP_BREAK_SYSTEM_PACKAGES=1 pip install tensorflow": (
        SYSTEM,
        INSTALL,
        {"extra_env": {"PIP_BREAK_SYSTEM_PACKAGES": "1"}},
    ),
    f"pip install --user {BREAK} tensorflow": (
        SYSTEM,
        ["install", "--user", BREAK, "tensorflow"],
        {},
    ),
    "pip install tensorflow, stdlib folder: the edited copy": (
        SYSTEM,
        INSTALL,
        {"stdlib": str(EDITED)},
    ),
    "pip install tensorflow, stdlib folder: no marker": (
        SYSTEM,
        INSTALL,
        {"stdlib": str(EMPTY)},
    ),
}
with ThreadPoolExecutor(4) as pool:
    futures = {
        name: pool.submit(run_pip, python, *args, **how)
        for name, (python, args, how) in CASES.items()
    }
    in_venv_case = pool.submit(venv_case)
    which_pip = pool.submit(
        subprocess.run,
        [SYSTEM, RUNNER, "--version"],
        capture_output=True,
        text=True,
        env=ENV,
    )
    ran = {name: f.result() for name, f in futures.items()}
    (venv_code, venv_how), venv_ran, in_venv = in_venv_case.result()
    which_pip = which_pip.result().stdout

after = listing(TARGETS["system"])
IN_HOME = sorted(os.listdir(HOME))  # before ~/.local is made below

# The user site, once it exists, and the system Python's search order.
assert Path(TARGETS["user"]).is_relative_to(HOME), TARGETS  # scratch
Path(TARGETS["user"]).mkdir(parents=True)
searched = search_path()
searched_s = search_path("-s")
assert where()["path"] == searched, (where()["path"], searched)
APT = TARGETS["apt"]
DPKG = shutil.which("dpkg-query")
if DPKG:
    owners = subprocess.run(
        [DPKG, "-S", APT], capture_output=True, text=True, env=ENV
    ).stdout

# The marker's Error text, as configparser reads it (pip does too).
parser = configparser.ConfigParser(interpolation=None)
parser.read_string(Path(MARKER).read_text(encoding="utf-8"))
marker_lines = parser["externally-managed"]["Error"].splitlines()
REFUSED_CODE, REFUSAL = ran["pip install tensorflow"]
block = REFUSAL[3:-3]  # what pip prints between its own lines
from_marker = [block[0].removeprefix("╰─> ")] + [
    ln.removeprefix("    ") for ln in block[1:]
]
edited_code, edited = ran[
    "pip install tensorflow, stdlib folder: the edited copy"
]

# Debian's venv module: its message when ensurepip is missing.
venv_file = Path(STDLIB) / "venv" / "__init__.py"
venv_text = venv_file.read_text()
venv_tree = ast.parse(venv_text)
found = [
    node
    for node in ast.walk(venv_tree)
    if isinstance(node, ast.Constant)
    and "ensurepip is not" in str(node.value)
]
assert len(found) == 1, f"not Debian's venv module: {venv_file}"
MESSAGE = " ".join(found[0].value.split())
(APT_CMD,) = re.findall(r"apt(?:-get)? install \S+", MESSAGE)
if "{}" in APT_CMD:  # python{}-venv: filled in by .format(version, ...)
    (fill,) = [
        node
        for node in ast.walk(venv_tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.value is found[0]
    ]
    assert fill.func.attr == "format", ast.unparse(fill)
    first = ast.unparse(fill.args[0])
    assert first == "sysconfig.get_python_version()", first
    APT_CMD = APT_CMD.replace("{}", VERSION)

USER_LINE = (
    "Defaulting to user installation because normal site-packages"
    " is not writeable"
)
print(
    f"{OS}, {SYSTEM} {VERSION},", "as root" if AS_ROOT else "not root"
)
print(
    "Each install: --dry-run --no-index, a stand-in tensorflow 2.21.0"
)
print(f"wheel. Under {SYSTEM}, pip {pip.__version__} of this card:")
print(f"$ pip install tensorflow -> exit {REFUSED_CODE}")
for line in REFUSAL:
    print("   ", line.rstrip())
for name, (code, lines) in ran.items():
    if lines == REFUSAL:
        shown = "the same lines"
    elif lines == edited:
        shown = [ln for ln in lines if ln.startswith("╰─>")][0]
    else:
        shown = " | ".join(said(lines))
    if name != "pip install tensorflow":
        print(f"$ {name} -> exit {code}: {shown}")
print("$ python3 -m venv ~/venvs/tf")
VENV_CMD = "~/venvs/tf/bin/python -m pip install tensorflow"
if venv_code == 0:
    print(f"  made it with its own pip ({venv_how}).")
    print(f"$ {VENV_CMD} -> exit {venv_ran[0]}:", *said(venv_ran[1]))
else:
    print(f"  -> exit {venv_code}: ...{NO_ENSUREPIP}... {APT_CMD}")
    print("$ python3 -m venv --clear --without-pip ~/venvs/tf")
    print(
        f"$ ~/venvs/tf/bin/python <this card's pip> {' '.join(INSTALL)}"
    )
    print(f"  -> exit {venv_ran[0]}:", *said(venv_ran[1]))
print("the lines after '╰─>' are the marker's Error text:")
print("   ", from_marker == marker_lines)
print("pip_would_refuse():")
print(f"    {SYSTEM}: {(MARKER, refused_here)}")
print(f"    ~/venvs/tf/bin/python: {in_venv}")
print(f"install folders of {SYSTEM}, as pip computes them:")
print("   ", TARGETS["system"], "(writable:", f"{TARGETS['writable']})")
print("    --user:", home(TARGETS["user"]))
print(f"{SYSTEM} searches, in order:")
for folder in searched:
    print("   ", home(folder))
print(f"{SYSTEM} -s searches:", *map(home, searched_s))
if DPKG:
    print(f"{APT} is owned by apt packages: {bool(owners.strip())}")
else:
    print(f"dpkg-query not found: the owner of {APT} was not checked")
print(f"without ensurepip, python3 -m venv names: {APT_CMD}")

# Where this ran: its system Python, read above, and this card's pip.
assert f"/usr/lib/python{VERSION}" == STDLIB, STDLIB  # its stdlib
assert pip.__version__ == "23.2.1", pip.__version__  # requirements.txt
# The system Python ran this card's pip, as `pip --python` runs it.
assert which_pip.startswith(f"pip 23.2.1 from {RUNNER.parent} "), (
    which_pip
)
assert get_runnable_pip() == str(RUNNER.resolve()), get_runnable_pip()
assert "get_runnable_pip()," in inspect.getsource(main_parser)
# The refusal: exit 1, pip's lines around the marker's text.
assert REFUSED_CODE == 1, REFUSED_CODE
assert REFUSAL[:3] == [
    "error: externally-managed-environment",
    "",
    "× This environment is externally managed",
], REFUSAL
assert REFUSAL[-3:] == [
    "",
    "note: If you believe this is a mistake, please contact your Python"
    " installation or OS distribution provider. You can override this,"
    " at the risk of breaking your Python installation or OS, by passing"
    " --break-system-packages.",
    "hint: See PEP 668 for the detailed specification.",
], REFUSAL
assert block[0].startswith("╰─> "), block
assert from_marker == marker_lines, (from_marker, marker_lines)
# --user: refused the same, exit 1.
assert ran["pip install --user tensorflow"] == (1, REFUSAL), ran
# The override, as a flag or an environment variable, with --user
# too; a stdlib folder without the marker; the venv: all go through.
# Without --user, pip first decides between the two install folders:
# as root it can write to the system one; otherwise it prints
# USER_LINE exactly when it cannot (pip's decide_user_install).
decide = inspect.getsource(install.decide_user_install)
assert "if site_packages_writable(root=root_path," in decide, decide
assert (
    '"Defaulting to user installation because normal site-packages "'
    in decide
), decide
assert "return os.access(path, os.W_OK)" in inspect.getsource(
    filesystem.test_writable_dir
)
if AS_ROOT:
    assert TARGETS["writable"] is True, TARGETS
CHOSEN = [] if TARGETS["writable"] else [USER_LINE]
WOULD = ["Would install tensorflow-2.21.0"]
for name, expected in (
    (f"pip install {BREAK} tensorflow", CHOSEN + WOULD),
    (
        "PIP_BREAK_SYSTEM_PACKAGES=1 pip install tensorflow",
        CHOSEN + WOULD,
    ),
    (f"pip install --user {BREAK} tensorflow", WOULD),
    (
        "pip install tensorflow, stdlib folder: no marker",
        CHOSEN + WOULD,
    ),
    (VENV_CMD, WOULD),
):
    code, lines = venv_ran if name == VENV_CMD else ran[name]
    assert (code, said(lines)) == (0, expected), (name, code, lines)
# The marker decides, and its text is what pip prints.
assert edited_code == 1, edited_code
assert edited == [*REFUSAL[:3], "╰─> " + EDIT, *REFUSAL[-3:]], edited
# pip's own check: the stdlib folder's marker, skipped in a venv.
check = inspect.getsource(misc.check_externally_managed)
assert "if running_under_virtualenv():\n        return" in check, check
assert (
    'os.path.join(sysconfig.get_path("stdlib"), "EXTERNALLY-MANAGED")'
    in check
), check
assert refused_here is True
venv_check = inspect.getsource(virtualenv)  # as pip_would_refuse()
assert 'sys.prefix != getattr(sys, "base_prefix", sys.prefix)' in (
    venv_check
)
assert 'hasattr(sys, "real_prefix")' in venv_check, venv_check
# install skips it for --target, --prefix and --root (not run here).
run_source = inspect.getsource(install)  # InstallCommand.run
assert (
    "and options.root_path is None\n"
    "            and options.target_dir is None\n"
    "            and options.prefix_path is None"
) in run_source, run_source
assert in_venv == (MARKER, False), in_venv  # the same marker, a venv
# Nothing written: the system install folder and the scratch HOME.
assert before == after, (before, after)
assert IN_HOME == ["venvs"], IN_HOME  # no ~/.local, ~/.cache
# PIP_CONFIG_FILE=/dev/null: pip reads no pip.conf at all.
load = inspect.getsource(configuration.Configuration._load_config_files)
assert "if config_files[kinds.ENV][0:1] == [os.devnull]:" in load, load
# Where the override installs, and what the system Python finds first.
assert TARGETS["system"] == (
    f"/usr/local/lib/python{VERSION}/dist-packages"
), TARGETS
assert home(TARGETS["user"]) == (
    f"~/.local/lib/python{VERSION}/site-packages"
), TARGETS
assert APT == "/usr/lib/python3/dist-packages", TARGETS
order = [
    searched.index(d) for d in (TARGETS["user"], TARGETS["system"])
]
assert order == sorted(order) and order[1] < searched.index(APT), (
    searched
)
assert TARGETS["user"] not in searched_s, searched_s  # python3 -s
assert [TARGETS["system"], APT] == [
    d for d in searched_s if d in (TARGETS["system"], APT)
], searched_s
if DPKG:
    assert owners.strip(), f"dpkg-query: no apt package owns {APT}"
# python3 -m venv without ensurepip: its message and the command.
assert NO_ENSUREPIP in MESSAGE, MESSAGE
assert "python3-venv" in MESSAGE and "sudo" in MESSAGE, MESSAGE
assert "'-m', 'ensurepip'" in venv_text, venv_file  # the venv's pip
if venv_code != 0:  # the message this run got names that command
    assert APT_CMD in venv_how, (APT_CMD, venv_how)
