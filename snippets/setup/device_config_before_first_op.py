"""Configure devices before the first op runs, or it raises

When you hit it: you split the CPU into logical devices (to try a
`tf.distribute` strategy on a laptop), cap GPU memory, or turn on GPU
memory growth, and the call raises `RuntimeError`.

What is going on: TensorFlow reads the device configuration once, when
its runtime starts: at the first op, or at the first
`tf.config.list_logical_devices()` call. After that the configuration
is frozen. `tf.config.list_physical_devices()` does not start the
runtime, so it is safe to call first. A late call that repeats the
configuration in force returns without error
(`tensorflow/python/eager/context.py`,
`Context.set_logical_device_configuration`), so rerunning the same
notebook cell passes; changing it raises.

Pitfall: any tensor, or a `tf.config.list_logical_devices()` call,
before your setup starts the runtime; a setup that then changes the
configuration raises `RuntimeError` ("… cannot be modified after being
initialized"). Put device setup right after the imports.

Checked: the run splits the CPU, which raises "Virtual devices cannot
be modified after being initialized" when late and different, and
passes when late and the same. The GPU settings were
not run here: in `tensorflow/python/eager/context.py`, a late change
of a memory cap raises the same (`Context.set_logical_device_configuration`),
and of memory growth its own message (`Context.set_memory_growth`);
see [GPU memory growth](setup.md#gpu-memory-growth).

severity: crash
topics: S4
aliases:
  - tf.config.experimental.set_virtual_device_configuration raises RuntimeError
  - VirtualDeviceConfiguration, LogicalDeviceConfiguration after initialization
  - simulate several logical CPU or GPU devices to test MirroredStrategy on one machine
  - split one GPU into multiple logical GPU devices
  - device setup fails when I change it and rerun the notebook cell
  - where in my script do tf.config device settings have to go
"""

import tensorflow as tf
from tensorflow.python.eager import context


def runtime_started():
    return context.context()._context_handle is not None


started_at_import = runtime_started()
# --8<-- [start:right]
# At the top of the program, before any tensor exists.
cpu = tf.config.list_physical_devices("CPU")[0]
tf.config.set_logical_device_configuration(
    cpu, [tf.config.LogicalDeviceConfiguration()] * 2
)
# --8<-- [end:right]
started_by_config = runtime_started()
logical_cpus = tf.config.list_logical_devices("CPU")
started_by_listing = runtime_started()
print("logical CPUs:", [d.name for d in logical_cpus])

try:
    # --8<-- [start:wrong]
    batch = tf.ones([8, 4])  # any op starts the runtime
    tf.config.set_logical_device_configuration(
        cpu, [tf.config.LogicalDeviceConfiguration()] * 4
    )  # raises RuntimeError
    # --8<-- [end:wrong]
except RuntimeError as err:
    message = str(err)
print("RuntimeError:", message)

# The same split again, after the first op: the rerun of a cell.
tf.config.set_logical_device_configuration(
    cpu, [tf.config.LogicalDeviceConfiguration()] * 2
)
print("same split again after the first op: no error")

assert not started_at_import, "expected no runtime right after import"
assert not started_by_config, (
    "expected list_physical_devices and the configuration not to start it"
)
assert started_by_listing, "expected list_logical_devices to start it"
assert [d.name for d in logical_cpus] == [
    "/device:CPU:0",
    "/device:CPU:1",
], "expected two logical CPUs when configured before the first op"
assert message == (
    "Virtual devices cannot be modified after being initialized"
), "expected the virtual-device error for a late split"
assert len(tf.config.list_logical_devices("CPU")) == 2, (
    "expected the first configuration to stay in force"
)
