"""Profile a few warm steps with start and stop, then read the trace

When you hit it: you know a step is slow but not which op or which wait
makes it slow.

What is going on: `tf.profiler.experimental.start(logdir)` records op
kernels as they run on the host (here the step's matmuls, `ReluGrad`
and the optimizer's `AssignSubVariableOp`) until
`tf.profiler.experimental.stop()`, which writes
`plugins/profile/<run>/<host>.xplane.pb` under `logdir`. Without
`options`, its device tracer level is 1, which traces a GPU too (not
run here; see Checked).
`tf.profiler.experimental.Trace("train", step_num=...)` marks step
boundaries. Profile a handful of steps after the first one, so tracing
and warm-up stay out of the picture.

What to look at (open `logdir` in TensorBoard with the
`tensorboard-plugin-profile` package): the step-time breakdown first;
then gaps on the device between steps (input-bound); then the ops that
take the most time.

Pitfall: call `stop()` in a `finally`. If a step raises, the profiler
stays on, and the next `start()` fails with `AlreadyExistsError: Another
profiler is running.`

Checked: `start(logdir)` with no `options` passes none, so the levels
come from `ProfilerSession::DefaultOptions` in
`tensorflow/include/tsl/profiler/lib/profiler_session.h` (device 1,
host 2); the run reads both from that installed header. `ProfilerOptions`
in `tensorflow/python/profiler/profiler_v2.py` has the same defaults and
documents device level 1 as TPU/GPU tracing on.

severity: tip
topics: F2
aliases:
  - Cannot export profiling results. No profiler is running.
  - Another profiler session is running which is probably created by profiler server
  - No profile data was found.
  - which op is the slowest in my training step
  - find the slow op or the slow part of a step with the profiler trace viewer
  - TensorBoard callback profile_batch
  - how to use the TensorBoard profiler
  - TF1 timeline trace with RunOptions(trace_level=FULL_TRACE)
"""

import glob
import inspect
import os
import tempfile

import keras
import numpy as np
import tensorflow as tf
from tensorflow.tsl.profiler.protobuf import xplane_pb2

keras.utils.set_random_seed(0)
model = keras.Sequential(
    [
        keras.Input(shape=(32,)),
        keras.layers.Dense(64, activation="relu"),
        keras.layers.Dense(1),
    ]
)
optimizer = keras.optimizers.SGD(0.01)
features = tf.constant(np.random.rand(128, 32).astype("float32"))
targets = tf.constant(np.random.rand(128, 1).astype("float32"))


@tf.function
def train_step(features, targets):
    with tf.GradientTape() as tape:
        loss = keras.losses.mean_squared_error(targets, model(features))
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(
        zip(grads, model.trainable_variables, strict=True)
    )
    return loss


logdir = tempfile.mkdtemp()
# --8<-- [start:show]
train_step(features, targets)  # trace and warm up outside the profile
tf.profiler.experimental.start(logdir)
try:
    for step in range(3):
        with tf.profiler.experimental.Trace("train", step_num=step):
            train_step(features, targets)
finally:
    tf.profiler.experimental.stop()
# --8<-- [end:show]

runs = glob.glob(os.path.join(logdir, "plugins", "profile", "*"))
traces = glob.glob(os.path.join(runs[0], "*.xplane.pb"))
space = xplane_pb2.XSpace()
with open(traces[0], "rb") as trace_file:
    space.ParseFromString(trace_file.read())
events = {
    meta.name
    for plane in space.planes
    for meta in plane.event_metadata.values()
}
print(
    "profile runs written:",
    len(runs),
    "| xplane.pb files:",
    len(traces),
)
print(
    "host CPU plane recorded:",
    "/host:CPU" in {p.name for p in space.planes},
)
print("step marker 'train' recorded:", "train" in events)
kernels = {name.split(":")[-1] for name in events}  # "op name:kernel"
STEP_KERNELS = ["AssignSubVariableOp", "ReluGrad"]
recorded = [kernel for kernel in STEP_KERNELS if kernel in kernels]
print("step kernels recorded:", recorded)
matmuls = any("MatMul" in kernel for kernel in kernels)
print("matmul kernels recorded:", matmuls)
header = os.path.join(
    tf.sysconfig.get_include(), "tsl/profiler/lib/profiler_session.h"
)
with open(header) as header_file:
    source = header_file.read()
defaults = source[source.index("DefaultOptions()") :].split("return")[0]
start_source = inspect.getsource(tf.profiler.experimental.start)
options = tf.profiler.experimental.ProfilerOptions()
print(
    "default tracer levels: host",
    options.host_tracer_level,
    "| device",
    options.device_tracer_level,
)

try:
    tf.profiler.experimental.start(logdir)
    raise RuntimeError("a step fails")  # no finally: stop() is skipped
except RuntimeError:
    pass
try:
    tf.profiler.experimental.start(logdir)  # the next profile
except tf.errors.AlreadyExistsError as err:
    message = str(err)
finally:
    tf.profiler.experimental.stop()
print("AlreadyExistsError:", message)

assert len(runs) == 1, "expected one run folder under plugins/profile"
assert len(traces) == 1, (
    "expected one <host>.xplane.pb in the run folder"
)
assert "/host:CPU" in {p.name for p in space.planes}, (
    "expected host plane"
)
assert "train" in events, "expected the Trace step marker in the trace"
assert recorded == STEP_KERNELS, "expected the step's op kernels"
assert matmuls, "expected Dense's matmuls"
assert options.device_tracer_level == 1, "expected device tracing on"
assert "if options is not None else {}" in start_source, (
    "expected start() to pass no options when given none"
)
assert "set_device_tracer_level(1)" in defaults, (
    "expected the C++ default device tracer level 1"
)
assert "set_host_tracer_level(2)" in defaults, (
    "expected the C++ default host tracer level 2"
)
assert message == "Another profiler is running.", (
    "expected a profiler left on by a failed step to block the next"
)
