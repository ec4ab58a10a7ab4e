"""`OOM when allocating tensor`: one batch does not fit in GPU memory

When you hit it: a step on the GPU fails with
`ResourceExhaustedError: OOM when allocating tensor with shape[...]`.

What is going on: the tensors alive at the same time in a step
(inputs, activations kept for the gradient, weights, optimizer slots)
must fit in GPU memory together. The message gives the shape that did
not fit; its first number is often the batch. Cut the work per step: a
smaller `batch_size`, predict in chunks, a smaller model. The card caps
the GPU at 1 GiB with `tf.config.set_logical_device_configuration`, so
that any GPU gives the same error.

Pitfall: `tf.config.experimental.set_memory_growth` only changes when
TensorFlow reserves memory, not how much the GPU has; prefer it when
processes share a GPU, not as an OOM cure.

Checked: not run here: the machine that builds the site has no GPU, so
the run is skipped. The claims rest on the source at the pinned
release:

- The message comes from TensorFlow's C++ op kernel code, when the
  allocator returns no memory: `OpKernelContext::allocate_tensor`
  (declared in
  `tensorflow/include/tensorflow/core/framework/op_kernel.h`), shipped
  compiled in `tensorflow/libtensorflow_framework.so.2`; the header
  `tensorflow/include/tensorflow/core/common_runtime/step_stats_collector.h`
  (`ReportAllocsOnResourceExhausted`) quotes its form.
- The cap: `tensorflow/python/framework/config.py`
  (`set_logical_device_configuration`, before the runtime starts) and
  `tensorflow/python/eager/context.py` (`LogicalDeviceConfiguration`:
  `memory_limit` in MB, GPUs only).
- Memory growth: `tensorflow/python/framework/config.py`
  (`set_memory_growth`: the runtime does not allocate all memory on the
  device at start).

severity: crash
topics: E3
requires: gpu
aliases:
  - add report_tensor_allocations_upon_oom to RunOptions for current allocation info
  - GPU runs out of memory during training
  - how do I reduce GPU memory usage
  - model.predict on a large array crashes with out of memory on the GPU
  - training crashes when I increase the batch size
  - ResourceExhaustedError in the middle of training
  - Allocator (GPU_0_bfc) ran out of memory trying to allocate
  - which batch size fits in GPU memory
"""

import re

import tensorflow as tf

# --8<-- [start:setup]
gpu = tf.config.list_physical_devices("GPU")[0]
tf.config.set_logical_device_configuration(
    gpu, [tf.config.LogicalDeviceConfiguration(memory_limit=1024)]
)  # a 1 GiB GPU, before any op runs
weights = tf.random.normal([4096, 4096])  # 64 MiB on the GPU
# --8<-- [end:setup]

try:
    # --8<-- [start:wrong]
    batch = tf.random.normal([131072, 4096])  # 2 GiB: OOM here
    outputs = tf.matmul(batch, weights)
    # --8<-- [end:wrong]
except tf.errors.ResourceExhaustedError as err:
    text = re.sub(r"\{\{function_node [^}]*\}\}\s*", "", str(err))
    message = text.strip().splitlines()[0]
print("ResourceExhaustedError:", message)
assert (
    "OOM when allocating tensor with shape[131072,4096]" in message
), "expected the OOM message to name the shape that did not fit"
assert "GPU:0" in message, "expected the allocation to fail on the GPU"
assert "batch" not in globals(), (
    "expected the 2 GiB batch itself not to fit, before any matmul"
)

# --8<-- [start:right]
chunks = []
for _ in range(131072 // 8192):  # 128 MiB per chunk
    batch = tf.random.normal([8192, 4096])
    chunks.append(tf.reduce_sum(tf.matmul(batch, weights), axis=1))
row_sums = tf.concat(chunks, axis=0)
# --8<-- [end:right]
print("chunked rows:", row_sums.shape[0])
assert row_sums.shape[0] == 131072, (
    "expected all rows computed in chunks"
)
