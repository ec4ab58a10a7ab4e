"""`DLL load failed while importing _pywrap_tensorflow_internal` on Windows

When you hit it: `pip install tensorflow` worked on Windows, but
`import tensorflow` raises `ImportError` with `Failed to load the
native TensorFlow runtime.`

What is going on: Python's loader could not load TensorFlow's
extension module, `_pywrap_tensorflow_internal`, or a DLL that module
needs. TensorFlow re-raises that error with fixed lines that name no
cause. From 2.16 to 2.21 the Windows wheels are all `win_amd64`
(64-bit x86 Python), so a 32-bit Python gets
[no wheel](setup.md#no-wheel-for-python-or-platform), not this error.
Check what the
[install page](https://www.tensorflow.org/install/pip#windows-native)
asks for: the Microsoft Visual C++ Redistributable, and, under its
hardware requirements, a CPU with AVX.

Pitfall: reading only the last lines: they send every cause to the
same errors page. The loader's own message is the error they wrap,
`err.__context__` (from 2.21 also `err.__cause__`).

Checked: the run imports TensorFlow in a fresh Python on Linux, where
a stand-in for the Windows loader raises the message as users report
it; the lines TensorFlow adds come from its own code
(`tensorflow/python/pywrap_tensorflow.py`). On Windows, TensorFlow
first loads the Visual C++ runtime DLLs its build info lists and names
the "Microsoft C++ Redistributable for Visual Studio 2015, 2017 and
2019" if one is missing (`tensorflow/python/platform/self_check.py`,
`preload_check`; a 2.23 nightly looks for them on `PATH` instead), and
from 2.21 runs a diagnosis module the Linux wheel lacks: neither was
run here. Before 2.21, `err.__cause__` is `None`. The Windows wheel
tags are checked on [the no-wheel card](setup.md#no-wheel-for-python-or-platform); for
`tensorflow-intel`, see [the WSL2 card](setup.md#windows-gpu-wsl2).

severity: crash
topics: S15
aliases:
  - ImportError: DLL load failed while importing _pywrap_tensorflow_internal: The specified module could not be found.
  - Failed to load the native TensorFlow runtime.
  - ImportError: DLL load failed: A dynamic link library (DLL) initialization routine failed.
  - Could not find the DLL(s) 'msvcp140_1.dll'
  - import tensorflow fails on Windows 10 or 11 after pip install
  - does TensorFlow need the Visual C++ redistributable
  - TensorFlow on a CPU without AVX
  - can I use 32-bit Python with TensorFlow
"""

import ast
import importlib.machinery
import importlib.util
import inspect
import subprocess
import sys

STAND_IN = (
    "DLL load failed while importing _pywrap_tensorflow_internal:"
    " The specified module could not be found."
)

if sys.argv[1:] == ["--windows-loader-stand-in"]:  # the fresh Python

    class WindowsLoaderStandIn:
        """Fails TensorFlow's extension module as Windows reports it."""

        def find_spec(self, name, path=None, target=None):
            if name.endswith("._pywrap_tensorflow_internal"):
                raise ImportError(STAND_IN)

    sys.meta_path.insert(0, WindowsLoaderStandIn())
    # --8<-- [start:show]
    try:
        import tensorflow as tf
    except ImportError as err:
        print(*str(err).splitlines()[-3:], sep="\n")  # TF's lines
        print("cause:", err.__context__)  # the loader's own error
        print("same as __cause__:", err.__cause__ is err.__context__)
        print("__cause__ is None:", err.__cause__ is None)
    else:
        print("loaded TensorFlow", tf.__version__)
    # --8<-- [end:show]
    raise SystemExit

import tensorflow as tf
from tensorflow.python import pywrap_tensorflow
from tensorflow.python.platform import self_check

child = subprocess.run(
    [sys.executable, __file__, "--windows-loader-stand-in"],
    capture_output=True,
    text=True,
    check=True,
)
lines = child.stdout.splitlines()
print(*lines, sep="\n")

assert lines[:2] == [
    "Failed to load the native TensorFlow runtime.",
    "See https://www.tensorflow.org/install/errors for some common"
    " causes and solutions.",
], f"expected TensorFlow's fixed lines: {lines}"
assert lines[2].startswith("If you need help, create an issue"), lines
assert lines[3] == "cause: " + STAND_IN, (
    "expected the loader's error as the cause"
)
tf_release = tuple(int(v) for v in tf.__version__.split(".")[:2])
assert lines[4] == f"same as __cause__: {tf_release >= (2, 21)}", (
    "expected __cause__ set from 2.21 on"
)
assert lines[5] == f"__cause__ is None: {tf_release < (2, 21)}", (
    "expected __cause__ to be None before 2.21"
)
wrapper = inspect.getsource(pywrap_tensorflow)
assert (
    "from tensorflow.python._pywrap_tensorflow_internal import *"
    in (wrapper)
), "expected pywrap_tensorflow to load the extension module"
assert (
    "f'{traceback.format_exc()}'\n      f'\\n\\nFailed to load the native"
    in wrapper
    and (") from exc" in wrapper) == (tf_release >= (2, 21))
), "expected only the traceback to vary, and the cause kept from 2.21"
assert ("windows_lib_diagnostics.run_diagnosis()" in wrapper) == (
    tf_release >= (2, 21)
), "expected a Windows-only diagnosis before the error, from 2.21"
assert (
    importlib.util.find_spec(
        "tensorflow.python.platform.windows_lib_diagnostics"
    )
    is None
), "expected the diagnosis module to be missing from this Linux wheel"
extension = importlib.util.find_spec(
    "tensorflow.python._pywrap_tensorflow_internal"
)
assert isinstance(
    extension.loader, importlib.machinery.ExtensionFileLoader
), "expected _pywrap_tensorflow_internal to be an extension module"
preload = inspect.getsource(self_check.preload_check)
messages = [  # its string literals, adjacent ones joined
    node.value
    for node in ast.walk(ast.parse(preload))
    if isinstance(node, ast.Constant) and isinstance(node.value, str)
]
if tf_release <= (2, 21):
    assert (
        'if os.name == "nt":' in preload and "ctypes.WinDLL" in preload
    ), "expected a Windows-only DLL check before the runtime loads"
else:  # a nightly looks for the DLLs on %PATH% instead
    assert (
        "if _is_windows():" in preload and "os.path.isfile" in preload
    )
assert any(
    "Could not find the DLL(s)" in m
    and '"Microsoft C++ Redistributable for Visual Studio 2015, 2017 and'
    ' 2019"'
    in m
    for m in messages
), "expected the message naming the redistributable"
