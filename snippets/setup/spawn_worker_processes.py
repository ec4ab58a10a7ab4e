"""Start worker processes with spawn: a fork after the first op can hang

When you hit it: you spread preprocessing or scoring over
`multiprocessing` workers that use TensorFlow, and a worker never
finishes.

What is going on: on Linux, Python 3.11 starts workers by `fork`: a copy
of the parent without its threads. Once the parent has run an op,
TensorFlow's thread pools exist only there, and a forked child's large
`tf.matmul` can hang: a 512×512 one did here, with the default pools.
Small ops still run, so the hang looks random. Forking before the first op works. The `spawn` context starts a fresh
Python that imports TensorFlow itself; arguments and results travel
pickled, so keep the launch under `if __name__ == "__main__":`.

Pitfall: a `tf.data.Dataset` does not pickle, and a Keras model or
`tf.Variable` arrives as a copy, so a worker's updates never reach the
parent. Pass NumPy arrays or file paths; build models and datasets in
the worker.

Checked: the hang is detected with a 5-second `join` timeout, then the
child is terminated; it reproduced on every run here (2-core CPU). The
outcome depends on the op's size and on the intra-op pool: only the
default pool was run. The run hides GPUs; CUDA in a forked child is not
covered.

severity: crash
topics: S10
aliases:
  - multiprocessing pool hangs, predict never returns in a forked subprocess
  - using TensorFlow inside Python multiprocessing workers
  - deadlock in a forked child process after fork
  - multiprocessing.set_start_method('spawn')
  - TypeError: cannot pickle '_thread.RLock' object
  - can I pickle a model to send it to a worker
  - serialize (pickle) a tf.data or tfds dataset or tensor to send it to a multiprocessing worker
  - forked child stuck waiting on a thread pool (intra-op threads) that only the parent has
  - subprocesses (SubprocVecEnv, multiprocessing) hang when TensorFlow is imported before the fork
"""

import multiprocessing
import os
import pickle
import sys

import keras
import numpy as np
import tensorflow as tf
from tensorflow.python.eager import context

# The claims are about CPU thread pools; a GPU machine runs the same.
tf.config.set_visible_devices([], "GPU")


def runtime_started():
    return context.context()._context_handle is not None


def add_one(value):
    tf.constant(value) + 1  # a small op


def thread_count(conn=None):
    count = len(os.listdir("/proc/self/task"))  # Linux: one per thread
    if conn is None:
        return count
    conn.send(count)


def run_forked(target, *args):
    worker = multiprocessing.get_context("fork").Process(
        target=target, args=args
    )
    worker.start()
    worker.join(timeout=5)
    hung = worker.is_alive()
    if hung:
        worker.terminate()
        worker.join()
    return "hung" if hung else f"exit {worker.exitcode}"


# --8<-- [start:right]
def score_shard(path):  # runs in the worker, with its own TensorFlow
    shard = np.load(path)
    return float(tf.reduce_sum(tf.matmul(shard, shard)))


if __name__ == "__main__":  # spawn imports this file in each worker
    np.save("shard.npy", np.ones((512, 512), np.float32))
    spawn = multiprocessing.get_context("spawn")
    with spawn.Pool(1) as pool:
        totals = pool.map(score_shard, ["shard.npy"])
    # --8<-- [end:right]
    print("spawn:", totals)
    default_method = multiprocessing.get_start_method()
    fresh_parent = not runtime_started()
    fork_before_op = run_forked(score_shard, "shard.npy")

    # --8<-- [start:wrong]
    tf.ones([2, 2]) + 1  # any op starts the runtime
    fork = multiprocessing.get_context("fork")
    worker = fork.Process(target=score_shard, args=("shard.npy",))
    worker.start()
    worker.join(timeout=5)  # returns; the worker is still stuck
    # --8<-- [end:wrong]
    fork_hung = worker.is_alive()
    worker.terminate()
    worker.join()
    small_op_after = run_forked(add_one, 1.0)
    receiver, sender = multiprocessing.Pipe(duplex=False)
    run_forked(thread_count, sender)
    parent_threads, child_threads = thread_count(), receiver.recv()
    print("default start method:", default_method)
    print("fork before the first op:", fork_before_op)
    print("fork after it: matmul", "hung" if fork_hung else "finished")
    print("fork after it: small op", small_op_after)
    print(
        "threads: parent",
        "many" if parent_threads > 1 else 1,
        "| forked child",
        child_threads,
    )

    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    weights = tf.Variable([1.0, 2.0])
    originals = {
        "NumPy array": np.ones(2),
        "EagerTensor": tf.constant([1.0, 2.0]),
        "tf.Variable": weights,
        "Keras model": model,
    }
    copies = {
        k: pickle.loads(pickle.dumps(v)) for k, v in originals.items()
    }
    print("pickle round trip:", ", ".join(copies))
    try:
        pickle.dumps(tf.data.Dataset.range(3))
    except tf.errors.InvalidArgumentError as err:
        dataset_message = str(err)
    print("pickle a Dataset: InvalidArgumentError:", dataset_message)

    assert totals == [512.0**3], (
        "expected the spawned worker to compute"
    )
    if sys.platform == "linux" and sys.version_info < (3, 14):
        assert default_method == "fork", "expected fork by default here"
    assert fresh_parent, "expected no op to have run in the parent yet"
    assert fork_before_op == "exit 0", (
        "expected fork before any op to work"
    )
    assert fork_hung, "expected the forked matmul to hang after an op"
    assert small_op_after == "exit 0", (
        "expected a small op still to run"
    )
    assert parent_threads > 1 and child_threads == 1, (
        "expected the forked child to keep only the forking thread"
    )
    copies["tf.Variable"].assign([9.0, 9.0])
    assert weights.numpy().tolist() == [1.0, 2.0], (
        "expected the unpickled variable to be a copy"
    )
    probe = np.ones((1, 2), np.float32)
    assert copies["Keras model"] is not model, (
        "expected a new model object"
    )
    assert np.allclose(copies["Keras model"](probe), model(probe)), (
        "expected the model copy to carry the weights"
    )
    assert copies["EagerTensor"].numpy().tolist() == [1.0, 2.0], (
        "expected a tensor to pickle with its values"
    )
    assert (
        "Cannot convert a Tensor of dtype variant" in dataset_message
    ), "expected a Dataset not to pickle"
