"""Multi-worker training reads its cluster from `TF_CONFIG`

When you hit it: you move from one machine to several with
`tf.distribute.MultiWorkerMirroredStrategy` and must tell each process
who it is.

What is going on: every worker gets the same `cluster` (all worker
addresses) and its own `task` (`type` and `index`) in the `TF_CONFIG`
environment variable, as JSON. The strategy reads it through
`tf.distribute.cluster_resolver.TFConfigClusterResolver` when it is
created. Without a `chief` job, worker 0 is the chief, and only there
is `strategy.extended.should_checkpoint` (and `should_save_summary`)
`True`. Keras 3's callbacks never read these flags: give the other
workers a temporary directory, or skip their saves yourself.

Pitfall: set `TF_CONFIG` before creating the strategy, in each
worker's own environment. Malformed JSON raises
`json.JSONDecodeError` when the strategy is created.

Checked: this entry runs a one-worker cluster for real (a gRPC server
on a free localhost port) and checks what worker 1 of a two-worker
cluster would read. It does not start a second process, so no traffic
between workers is exercised. Both flags return the chief test
(`tensorflow/python/distribute/collective_all_reduce_strategy.py`,
`CollectiveAllReduceExtended.should_checkpoint`); the run reads that
source and searches `keras/src/callbacks/` for the flags.

severity: tip
topics: T12
aliases:
  - Expecting property name enclosed in double quotes
  - tf.distribute.experimental.MultiWorkerMirroredStrategy
  - how to train on several machines with TensorFlow
  - which worker is the chief in MultiWorkerMirroredStrategy
  - TF_CONFIG environment variable format with cluster and task
  - each worker needs its own task index in TF_CONFIG
  - tf.train.ClusterSpec in TensorFlow 2
  - which worker saves checkpoints in multi-worker training
  - run distributed TensorFlow training on multiple workers or nodes
"""

import inspect
import json
import os
import pathlib
import re
import socket

import keras
import tensorflow as tf
from tensorflow.python.distribute import multi_worker_util  # is_chief

# --8<-- [start:show]
tf_config = {
    "cluster": {"worker": ["host-a:12345", "host-b:12345"]},
    "task": {"type": "worker", "index": 1},  # differs per worker
}
os.environ["TF_CONFIG"] = json.dumps(tf_config)
resolver = tf.distribute.cluster_resolver.TFConfigClusterResolver()
# resolver.task_type == "worker", resolver.task_id == 1
# --8<-- [end:show]

print(
    "this worker:",
    resolver.task_type,
    resolver.task_id,
    " address:",
    resolver.master(),
    " workers:",
    resolver.cluster_spec().num_tasks("worker"),
)
assert (resolver.task_type, resolver.task_id) == ("worker", 1), (
    "expected the task read from TF_CONFIG"
)
assert resolver.master() == "host-b:12345", (
    "expected this task's address"
)
assert resolver.cluster_spec().as_dict() == tf_config["cluster"], (
    "expected the shared cluster description"
)
assert not multi_worker_util.is_chief(
    resolver.cluster_spec(), "worker", 1
)
assert multi_worker_util.is_chief(
    resolver.cluster_spec(), "worker", 0
), "expected worker 0, not worker 1, to act as chief"

os.environ["TF_CONFIG"] = '{"cluster": {worker: []}}'  # unquoted key
try:
    tf.distribute.MultiWorkerMirroredStrategy()
except json.JSONDecodeError as err:
    json_error = str(err)
print("JSONDecodeError:", json_error)
assert "double quotes" in json_error, "expected the JSON parse error"

# A real one-worker cluster on localhost: the strategy starts a server.
with socket.socket() as probe:
    probe.bind(("localhost", 0))
    port = probe.getsockname()[1]
os.environ["TF_CONFIG"] = json.dumps(
    {
        "cluster": {"worker": [f"localhost:{port}"]},
        "task": {"type": "worker", "index": 0},
    }
)
strategy = tf.distribute.MultiWorkerMirroredStrategy()
print(
    "strategy:",
    strategy.cluster_resolver.task_type,
    strategy.cluster_resolver.task_id,
    " replicas:",
    strategy.num_replicas_in_sync,
    " should_checkpoint:",
    strategy.extended.should_checkpoint,
)
assert strategy.cluster_resolver.task_type == "worker", "read TF_CONFIG"
assert strategy.extended.should_checkpoint, "expected it on the chief"
assert strategy.extended.should_save_summary, "expected it on the chief"
assert strategy.num_replicas_in_sync == 1, "expected one CPU replica"
extended_class = type(strategy.extended)
for flag in ["should_checkpoint", "should_save_summary"]:
    flag_source = inspect.getsource(getattr(extended_class, flag).fget)
    assert "return self._is_chief" in flag_source, flag
callbacks_dir = (
    pathlib.Path(keras.__file__).parent / "src" / "callbacks"
)
readers = [
    path.name
    for path in sorted(callbacks_dir.glob("*.py"))
    if re.search(
        r"should_checkpoint|should_save_summary|is_chief",
        path.read_text(encoding="utf-8"),
    )
]
print("Keras callbacks that read the chief flags:", readers)
assert readers == [], "expected no Keras callback to check the chief"
replica_sum = strategy.reduce(
    "SUM",
    strategy.run(tf.function(lambda: tf.constant(1.0))),
    axis=None,
)
assert float(replica_sum) == 1.0, "expected a working all-reduce"
