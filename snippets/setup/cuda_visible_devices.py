"""CUDA_VISIBLE_DEVICES picks a process's GPUs before TensorFlow lists them

When you hit it: you start one worker per GPU, or keep a job off the
GPUs, from a launcher or a shell script.

What is going on: a process sees only the GPUs that
`CUDA_VISIBLE_DEVICES` in its environment names, numbered from 0
inside the process. An empty value or `-1` hides them all. CUDA does
this filtering, not TensorFlow: see the device ids in
`tensorflow/include/xla/tsl/framework/device_id.h` and the CUDA
environment variables in NVIDIA's CUDA Programming Guide. TensorFlow
lists the GPUs once per process and keeps that list
(`tensorflow/python/eager/context.py`,
`Context._initialize_physical_devices` returns early once it has a
list); changing `os.environ` after the first listing does not change
that list.
To choose GPUs inside one process, see
[Choose GPUs](setup.md#choose-gpus).

Pitfall: `os.environ["CUDA_VISIBLE_DEVICES"] = "1"` placed after the
first GPU listing raises nothing and leaves TensorFlow's GPU list as it
was. Set it in the launcher's environment, or before `import tensorflow`.

Checked: needs a GPU, so it was not run where this site is built; each
claim rests on the sources cited. With one GPU the renumbering check is
trivial: the last GPU is GPU 0.

severity: silent
topics: S9
requires: gpu
aliases:
  - CUDA_VISIBLE_DEVICES not working or has no effect
  - os.environ CUDA_VISIBLE_DEVICES set after import is ignored
  - CUDA_VISIBLE_DEVICES=-1 to disable the GPU from the shell
  - launch one training process per GPU from a shell script
  - train several models at the same time, each on a different GPU
  - select a GPU from the command line or environment variable
  - CUDA_VISIBLE_DEVICES=1 runs on the second GPU, seen as GPU:0
"""

import ast
import os
import subprocess
import sys

import tensorflow as tf

gpus = tf.config.list_physical_devices("GPU")

# --8<-- [start:show]
WORKER = (
    "import tensorflow as tf; "
    "print([d.name for d in tf.config.list_physical_devices('GPU')])"
)


def launch(cuda_visible_devices):  # one worker per GPU, say
    env = {**os.environ, "CUDA_VISIBLE_DEVICES": cuda_visible_devices}
    return subprocess.Popen(
        [sys.executable, "-c", WORKER],
        env=env,
        stdout=subprocess.PIPE,
        text=True,
    )


last_gpu = launch(str(len(gpus) - 1))  # sees one GPU, named GPU:0
no_gpu, minus_one = launch(""), launch("-1")  # see none
# --8<-- [end:show]


def seen(worker):
    out, _ = worker.communicate(timeout=150)
    assert worker.returncode == 0, "expected the worker to run"
    return ast.literal_eval(out.strip().splitlines()[-1])


seen_last, seen_none, seen_minus_one = map(
    seen, (last_gpu, no_gpu, minus_one)
)

# --8<-- [start:too_late]
os.environ["CUDA_VISIBLE_DEVICES"] = ""  # too late: GPUs were listed
still_listed = tf.config.list_physical_devices("GPU")  # all of them
# --8<-- [end:too_late]

print("GPUs:", len(gpus))
print("CUDA_VISIBLE_DEVICES=last:", seen_last)
print("CUDA_VISIBLE_DEVICES='' / -1:", seen_none, seen_minus_one)
print("after os.environ change:", len(still_listed), "GPUs listed")

assert gpus, "expected at least one GPU (requires: gpu)"
assert seen_last == ["/physical_device:GPU:0"], (
    "expected the one visible GPU to be renumbered GPU:0"
)
assert seen_none == [] and seen_minus_one == [], (
    "expected '' and '-1' to hide every GPU"
)
assert still_listed == gpus, (
    "expected a late os.environ change to leave the list as it was"
)
