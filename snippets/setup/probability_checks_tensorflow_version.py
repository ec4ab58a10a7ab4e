"""TensorFlow Probability checks TensorFlow at first use, not at pip install

When you hit it: `pip install tensorflow-probability` succeeds, then
the first `tfp.distributions` raises `ImportError: This version of
TensorFlow Probability requires TensorFlow version >= 2.18; Detected
an installation of version 2.17.1`, or prints "Failed to import
TF-Keras" and raises `ModuleNotFoundError`.

What is going on: TFP's metadata names no TensorFlow outside its `tf`
extra, so a plain `pip install` pairs any TFP with any TensorFlow. The
real check is `_validate_tf_environment` in
`tensorflow_probability/python/__init__.py`, which runs when a lazily loaded submodule is first used: each release
wants a minimum TensorFlow (see the output), and from 0.24 on an
importable `tf_keras`. Pick the release by the output, and install it
in one command with your TensorFlow and `tf-keras` pins.

Pitfall: `pip install tensorflow-probability[tf]` on TensorFlow 2.17
exits 0 either way: with `tf-keras` 2.17 installed it adds 0.25.0,
whose first use raises; without, it pulls the newest `tf-keras` and
upgrades TensorFlow with it.

Checked: the run compiles `_validate_tf_environment` from each release's
source in the PyPI snapshot of the date printed and calls it with
stand-in `tensorflow` and `tf_keras` modules of the versions shown;
TFP itself is not installed here. The check has no upper bound. pip
(version printed) ran offline, in fresh environments holding
TensorFlow 2.17.1, on stand-ins of TFP, `tf-keras` and TensorFlow that
carry only their snapshot requirements on each other. If
TensorFlow is imported first, the same file forces its `experimental`
and `layers` submodules to load at import, which runs the check then
(read in the source, not run).

severity: crash
topics: S12
aliases:
  - This version of TensorFlow Probability requires TensorFlow version >= 2.18
  - Detected an installation of version 2.17.1. Please upgrade TensorFlow to proceed.
  - Failed to import TF-Keras. Please note that TF-Keras is not installed by default when you install TensorFlow Probability
  - ModuleNotFoundError: No module named 'tf_keras' when importing tensorflow_probability
  - which tensorflow-probability version goes with TensorFlow 2.21
  - pip install tensorflow-probability[tf]
"""

import ast
import builtins
import contextlib
import importlib.metadata as metadata
import io
import json
import os
import subprocess
import sys
import tempfile
import types
import venv
import warnings
import zipfile
from pathlib import Path

from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.version import Version

SNAPSHOT = (
    Path(__file__).resolve().parents[2] / "registry" / "pypi.json"
)
registry = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
TFP = registry["packages"]["tensorflow-probability"]
CHECK = "_validate_tf_environment"


def check_function(release):
    """TFP's own check, compiled from the release's source file."""
    source = TFP[release]["source"]
    tree = ast.parse(source["text"])
    (node,) = [n for n in tree.body if getattr(n, "name", "") == CHECK]
    return node, compile(ast.Module([node], []), source["path"], "exec")


def required_version(release):
    """The `required_tensorflow_version = '2.N'` the check compares to."""
    node, _ = check_function(release)
    return next(
        n.value.value
        for n in ast.walk(node)
        if isinstance(n, ast.Assign)
        and getattr(n.targets[0], "id", "")
        == "required_tensorflow_version"
    )


def tfp_first_use(release, tensorflow, tf_keras=True):
    """Run TFP's check as a first `tfp.distributions` would, against
    stand-in `tensorflow` and `tf_keras` modules."""
    stand_in = types.SimpleNamespace(__version__=tensorflow)
    stand_in.compat = types.SimpleNamespace(v1=stand_in)  # TFP <= 0.23

    def importer(name, globals=None, locals=None, fromlist=(), level=0):
        top = name.split(".")[0]
        if top == "tensorflow":
            return stand_in
        if top == "tf_keras":
            if not tf_keras:
                raise ModuleNotFoundError(
                    "No module named 'tf_keras'", name="tf_keras"
                )
            return types.SimpleNamespace(__version__="2.21.0")
        return builtins.__import__(
            name, globals, locals, fromlist, level
        )

    _, code = check_function(release)
    namespace = {
        "__builtins__": {**vars(builtins), "__import__": importer}
    }
    exec(code, namespace)
    with warnings.catch_warnings():  # distutils' LooseVersion warns
        warnings.simplefilter("ignore", DeprecationWarning)
        return namespace[CHECK]("distributions")


def tf_extra(release):
    reqs = map(
        Requirement, TFP[release]["metadata"]["any"]["requires_dist"]
    )
    return [
        r
        for r in reqs
        if r.marker
        and r.marker.evaluate({"extra": "tf"})
        and not r.marker.evaluate({"extra": ""})
    ]


# --8<-- [start:show]
print("PyPI snapshot of", registry["fetched"])
for release in sorted(TFP, key=Version):
    extra = tf_extra(release)
    extra = ", ".join(f"{r.name}{r.specifier}" for r in extra) or "-"
    print(
        f"tensorflow-probability {release}: check wants TensorFlow"
        f" >= {required_version(release)} | [tf] extra: {extra}"
    )
# --8<-- [end:show]

# --8<-- [start:wrong]
try:  # TFP 0.25.0 (its [tf] extra allows it) on TensorFlow 2.17.1
    tfp_first_use("0.25.0", tensorflow="2.17.1")
except ImportError as err:
    print("ImportError:", err)
try:  # TensorFlow 2.21.0, but tf-keras not installed
    tfp_first_use("0.25.0", tensorflow="2.21.0", tf_keras=False)
except ModuleNotFoundError as err:
    print("ModuleNotFoundError:", err)
# --8<-- [end:wrong]

# --8<-- [start:right]
# tensorflow-probability[tf] 0.25.0 on TensorFlow 2.18 or later:
tfp_first_use("0.25.0", tensorflow="2.21.0")
print("TFP 0.25.0 on TensorFlow 2.21.0 with tf-keras: check passes")
# --8<-- [end:right]

# The card's table, release by release, run against the real check.
WANTS = {
    "0.18.0": "2.10",
    "0.19.0": "2.11",
    "0.20.1": "2.12",
    "0.21.0": "2.13",
    "0.22.1": "2.14",
    "0.23.0": "2.15",
    "0.24.0": "2.16",
    "0.25.0": "2.18",
}
assert sorted(TFP, key=Version) == list(WANTS), sorted(TFP, key=Version)
TEMPLATE = (
    "This version of TensorFlow Probability requires TensorFlow "
    "version >= {required}; Detected an installation of version "
    "{present}. Please upgrade TensorFlow to proceed."
)
for release, wants in WANTS.items():
    text = TFP[release]["source"]["text"]
    assert TFP[release]["source"]["path"] == (
        "tensorflow_probability/python/__init__.py"
    )
    assert required_version(release) == wants, release
    assert (
        "'This version of TensorFlow Probability requires TensorFlow '"
        in text
        and "'version >= {required}; Detected an installation of version"
        " {present}. '"
        in text
        and "'Please upgrade TensorFlow to proceed.'" in text
    ), f"expected the message template in {release}"
    # Lazy: the check is the first-access hook of each submodule, and
    # runs at import only when TensorFlow is already imported.
    assert (
        "on_first_access=functools.partial(_validate_tf_environment,"
        " pkg_name)" in text
    ), release
    assert (
        "_maybe_nonlazy_load = [\n    'experimental',\n    'layers',\n]"
        in (text)
    ), release
    assert "if _tf_loaded():" in text, release
    major, minor = map(int, wants.split("."))
    below, at, far = f"{major}.{minor - 1}.9", f"{wants}.0", "9.99.0"
    try:
        tfp_first_use(release, tensorflow=below)
        raised = None
    except ImportError as err:
        raised = str(err)
    assert raised == TEMPLATE.format(required=wants, present=below), (
        raised
    )
    for passing in (at, far):  # no upper bound
        assert tfp_first_use(release, tensorflow=passing) is None, (
            passing
        )
    # tf_keras: required from 0.24 on, with the message TFP prints.
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        try:
            tfp_first_use(release, tensorflow=at, tf_keras=False)
            needs_tf_keras = False
        except ModuleNotFoundError:
            needs_tf_keras = True
    assert needs_tf_keras == (Version(release) >= Version("0.24")), (
        release
    )
    assert ("Failed to import TF-Keras" in printed.getvalue()) == (
        needs_tf_keras
    ), release
    # Metadata: no TensorFlow outside the tf extra, in any release.
    base = [
        Requirement(r)
        for r in TFP[release]["metadata"]["any"]["requires_dist"]
    ]
    assert not any(
        r.name in ("tensorflow", "tf-keras")
        and (not r.marker or r.marker.evaluate({"extra": ""}))
        for r in base
    ), f"expected no TensorFlow requirement outside extras in {release}"
    extra = {r.name: r.specifier for r in tf_extra(release)}
    if Version(release) >= Version("0.24"):
        assert extra == {
            "tensorflow": SpecifierSet(">=2.16"),
            "tf-keras": SpecifierSet(">=2.16"),
        }, extra
    else:
        assert extra == {}, extra

# The pitfall: pip's range for 0.25.0 holds releases its check refuses.
allowed = tf_extra("0.25.0")[0].specifier
refused = [v for v in ("2.16.2", "2.17.1") if v in allowed]
assert refused == ["2.16.2", "2.17.1"], refused
for version in refused:
    try:
        tfp_first_use("0.25.0", tensorflow=version)
        raise AssertionError(f"expected the check to refuse {version}")
    except ImportError as err:
        assert "requires TensorFlow version >= 2.18" in str(err)


# pip itself, offline, on stand-ins carrying the snapshot's requirements
# between TFP, tf-keras and TensorFlow (and nothing else).
def kin(package, version):
    """(Requires-Dist on tensorflow and tf-keras, Provides-Extra)."""
    meta = registry["packages"][package][version]["metadata"]["any"]
    reqs = [
        line
        for line in meta["requires_dist"]
        if Requirement(line).name in ("tensorflow", "tf-keras")
    ]
    return reqs, meta.get("provides_extra") or []


def dist_info(name, version, reqs=(), extras=()):
    lines = [
        "Metadata-Version: 2.1",
        f"Name: {name}",
        f"Version: {version}",
    ]
    lines += [f"Provides-Extra: {e}" for e in extras]
    return (
        "\n".join(lines + [f"Requires-Dist: {r}" for r in reqs]) + "\n"
    )


work = Path(tempfile.mkdtemp())
wheels = work / "wheels"
wheels.mkdir()
STAND_INS = [
    ("tensorflow", "2.17.1", [], []),
    ("tensorflow", "2.21.0", [], []),
    *[
        ("tf-keras", v, *kin("tf-keras", v))
        for v in ("2.17.0", "2.21.0")
    ],
    *[
        ("tensorflow-probability", v, *kin("tensorflow-probability", v))
        for v in ("0.24.0", "0.25.0")
    ],
]
for name, version, reqs, extras in STAND_INS:
    stem = f"{name.replace('-', '_')}-{version}"
    with zipfile.ZipFile(
        wheels / f"{stem}-py3-none-any.whl", "w"
    ) as whl:
        info = f"{stem}.dist-info"
        whl.writestr(
            f"{info}/METADATA", dist_info(name, version, reqs, extras)
        )
        whl.writestr(
            f"{info}/WHEEL",
            "Wheel-Version: 1.0\nGenerator: stand-in\n"
            "Root-Is-Purelib: true\nTag: py3-none-any\n",
        )
        whl.writestr(f"{info}/RECORD", "")
pip_env = {
    k: v for k, v in os.environ.items() if not k.startswith("PIP_")
}
pip_env |= {"PIP_CONFIG_FILE": os.devnull, "TMPDIR": str(work)}


def pip_install(installed, *requirements):
    """pip install into a fresh environment holding `installed`;
    returns pip's result and the distributions there afterwards."""
    env = Path(tempfile.mkdtemp())
    venv.create(env, with_pip=False)
    purelib = Path(
        subprocess.run(
            [
                env / "bin/python",
                "-c",
                "import sysconfig as s;print(s.get_paths()['purelib'])",
            ],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    )
    for name, version, reqs in installed:
        info = purelib / f"{name.replace('-', '_')}-{version}.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(dist_info(name, version, reqs))
        (info / "INSTALLER").write_text("pip\n")
        files = ("METADATA", "INSTALLER", "RECORD")
        (info / "RECORD").write_text(
            "".join(f"{info.name}/{f},,\n" for f in files)
        )
    result = subprocess.run(
        [sys.executable, "-m", "pip", "--python", env / "bin/python"]
        + ["install", *requirements, "--no-index", "--find-links"]
        + [str(wheels), "--no-cache-dir", "--disable-pip-version-check"]
        + ["--no-compile"],
        capture_output=True,
        text=True,
        env=pip_env,
    )
    after = sorted(
        d.name.removesuffix(".dist-info").replace("_", "-")
        for d in purelib.glob("*.dist-info")
    )
    return result, after


TF_2_17 = ("tensorflow", "2.17.1", [])
TF_KERAS_2_17 = ("tf-keras", "2.17.0", kin("tf-keras", "2.17.0")[0])
# --8<-- [start:pip]
# Fresh environments holding TensorFlow 2.17.1 (stand-ins):
cases = {
    "TF 2.17.1 + tf-keras 2.17.0": pip_install(
        [TF_2_17, TF_KERAS_2_17], "tensorflow-probability[tf]"
    ),
    "TF 2.17.1 alone": pip_install(
        [TF_2_17], "tensorflow-probability[tf]"
    ),
    "TF 2.17.1 alone, all pinned": pip_install(
        [TF_2_17],
        "tensorflow==2.17.*",
        "tf-keras==2.17.*",
        "tensorflow-probability[tf]==0.24.0",
    ),
}
# --8<-- [end:pip]
for case, (result, after) in cases.items():
    print(
        f"{case}: exit status {result.returncode} ->", ", ".join(after)
    )

EXPECTED = {
    "TF 2.17.1 + tf-keras 2.17.0": [
        "tensorflow-2.17.1",
        "tensorflow-probability-0.25.0",
        "tf-keras-2.17.0",
    ],
    "TF 2.17.1 alone": [
        "tensorflow-2.21.0",
        "tensorflow-probability-0.25.0",
        "tf-keras-2.21.0",
    ],
    "TF 2.17.1 alone, all pinned": [
        "tensorflow-2.17.1",
        "tensorflow-probability-0.24.0",
        "tf-keras-2.17.0",
    ],
}
for case, (result, after) in cases.items():
    assert result.returncode == 0 and result.stderr == "", (
        f"expected pip to succeed silently: {case}: {result.stderr}"
    )
    assert after == EXPECTED[case], f"{case}: {after}"
assert "Attempting uninstall: tensorflow" in (
    cases["TF 2.17.1 alone"][0].stdout
), "expected pip to replace TensorFlow 2.17.1"
# With 0.25.0 next to TensorFlow 2.17.1 the first use raises (above);
# the pinned 0.24.0 passes its check there.
assert tfp_first_use("0.24.0", tensorflow="2.17.1") is None
print("pip", metadata.version("pip"))
