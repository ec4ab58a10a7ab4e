"""`OOM when allocating tensor`: one batch does not fit in GPU memory

When you hit it: a step on the GPU fails with `ResourceExhaustedError`.
Op by op (eager, or a graph without XLA) it reads `OOM when allocating
tensor with shape[...]`. In an XLA-compiled step (Keras 3 `fit` on a
GPU, unless a layer, a strategy or op determinism rules XLA out) it
reads `Out of memory while trying to allocate … bytes.`, with no shape.

What is going on: the tensors alive at the same time in a step
(inputs, activations kept for the gradient, weights, optimizer slots)
must fit in GPU memory together. The op-by-op message gives the shape
that did not fit; its first number is often the batch. Cut the work per
step: a smaller `batch_size`, predict in chunks, a smaller model.

Pitfall: `tf.config.experimental.set_memory_growth` only changes when
TensorFlow reserves memory, not how much the GPU has; prefer it when
processes share a GPU, not as an OOM cure.

Checked: not run here: the machine that builds the site has no GPU, so
the run is skipped. The card caps the GPU at 1 GiB with
`tf.config.set_logical_device_configuration`, so that any GPU would
give the same errors. The claims rest on the source at the pinned
release:

- The message comes from TensorFlow's C++ op kernel code, when the
  allocator returns no memory: `OpKernelContext::allocate_tensor`
  (declared in
  `tensorflow/include/tensorflow/core/framework/op_kernel.h`), shipped
  compiled in `tensorflow/libtensorflow_framework.so.2`; the header
  `tensorflow/include/tensorflow/core/common_runtime/step_stats_collector.h`
  (`ReportAllocsOnResourceExhausted`) quotes its form.
- The XLA form: an XLA-compiled step gets its GPU buffers through
  `se::TfAllocatorAdapter`
  (`tensorflow/include/tensorflow/compiler/jit/xla_platform_info.h`,
  `GetAllocator`); when TensorFlow's allocator returns no memory,
  `TfAllocatorAdapter::Allocate` returns `MemoryAllocationError(size,
  …)`, both declared in
  `tensorflow/include/xla/stream_executor/integrations/tf_allocator_adapter.h`
  and compiled into `tensorflow/libtensorflow_cc.so.2`, which holds its
  text `memory while trying to allocate`. `fit` compiles with XLA when
  `jit_compile="auto"` finds a GPU: `keras/src/trainers/trainer.py`
  (`Trainer._resolve_auto_jit_compile`, `model_supports_jit`; see
  [jit_compile](model.md#run-eagerly-and-jit-compile)).
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
  - ResourceExhaustedError Out of memory while trying to allocate … bytes in fit on the GPU
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


@tf.function(jit_compile=True)
def xla_step(batch):
    tiled = tf.tile(batch, [16, 1])  # 2 GiB inside the compiled step
    return tf.reduce_sum(tf.matmul(tiled, weights))


try:
    xla_step(tf.random.normal([8192, 4096]))  # 128 MiB input
except tf.errors.ResourceExhaustedError as err:
    xla_text = str(err)
else:
    raise AssertionError("expected the XLA step to run out of memory")
assert "Out of memory while trying to allocate " in xla_text, (
    "expected XLA's allocator wording"
)
xla_lines = xla_text[xla_text.index("Out of memory") :].splitlines()
xla_message = xla_lines[0]
print("XLA step:", re.sub(r"\d+ bytes", "N bytes", xla_message))
assert " bytes." in xla_message, "expected a byte count"
assert "shape[" not in xla_message, "expected no shape in the XLA form"

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
