"""Queries a reader types, and the entry that must be in the top three.

API names, pasted error messages, and plain tasks. An expected value is
'<stage>/#<anchor>' as the search result links it; a tuple lists entries
that answer the query equally well (the error is shown on two pages).
"""

QUERIES = [
    # API names
    ("prefetch", "data/#prefetch-last"),
    ("tf.data.AUTOTUNE", "data/#prefetch-last"),
    (
        "from_logits",
        ("model/#dense-outputs-logits", "model/#softmax-output-with-from-logits"),
    ),
    ("set_memory_growth", "setup/#gpu-memory-growth"),
    ("drop_remainder", "data/#batch-drop-remainder"),
    ("padded_batch", "data/#padded-batch-sequences"),
    ("from_generator output_signature", "data/#from-generator-signature"),
    ("tf.train.Example", "data/#tfrecord-write-parse"),
    ("image_dataset_from_directory", "data/#image-folder-dataset"),
    ("split_dataset", "data/#split-dataset-shuffle"),
    ("cardinality", "data/#cardinality-after-filter"),
    ("enable_debug_mode", "data/#debug-mode-map"),
    ("tf.py_function", "data/#py-function-shape"),
    ("reshuffle_each_iteration", "data/#shuffle-seed-epochs"),
    ("interleave cycle_length", "data/#interleave-order"),
    ("input_signature", "graphs/#input-signature-batch-none"),
    ("tf.print", "graphs/#tf-print-goes-to-stderr"),
    ("stop_gradient", "graphs/#tape-nested-stop-gradient"),
    ("assign_add", "graphs/#assign-not-rebind"),
    ("reduce_retracing", "graphs/#reduce-retracing-shapes"),
    ("sparse_categorical_crossentropy", "model/#sparse-vs-categorical-labels"),
    ("GlobalAveragePooling2D", "model/#flatten-vs-global-pooling"),
    ("add_weight", "model/#custom-layer-build"),
    ("mixed_float16", "model/#mixed-precision-policy"),
    ("restore_best_weights", "training/#early-stopping-restore-best"),
    ("ReduceLROnPlateau", "training/#reduce-lr-on-plateau"),
    ("global_clipnorm", "training/#gradient-clipping"),
    ("gradient_accumulation_steps", "training/#gradient-accumulation"),
    ("MirroredStrategy", "training/#mirrored-strategy-cpu"),
    ("TF_CONFIG", "training/#multi-worker-tf-config"),
    ("class_weight", "training/#class-weight-scales-loss"),
    ("save_format", "save-load/#keras-file-format"),
    ("CheckpointManager", "save-load/#checkpoint-manager-resume"),
    ("model.export", "save-load/#export-savedmodel"),
    ("representative_dataset", "deploy/#tflite-quantization-compared"),
    ("SELECT_TF_OPS", "deploy/#tflite-select-tf-ops"),
    ("ai_edge_litert", "deploy/#litert-interpreter"),
    ("check_numerics", "debugging/#nan-loss-hunt"),
    ("run_functions_eagerly", "debugging/#debug-tf-function-eagerly"),
    ("enable_op_determinism", "setup/#op-determinism"),
    ("set_random_seed", "setup/#seed-everything-once"),
    ("tf_keras", "setup/#tf-keras-is-keras3"),
    (
        "set_intra_op_parallelism_threads",
        ("setup/#thread-pools-before-first-op", "performance/#cpu-threading-settings"),
    ),
    ("tf.profiler.experimental.start", "performance/#profile-a-few-steps"),
    (
        "jit_compile",
        ("performance/#xla-jit-compile", "model/#run-eagerly-and-jit-compile"),
    ),
    # Pasted error messages
    (
        "A non-persistent GradientTape can only be used to compute one set of "
        "gradients",
        "graphs/#tape-used-twice",
    ),
    ("OOM when allocating tensor", "debugging/#gpu-out-of-memory"),
    (
        "triggered tf.function retracing",
        ("debugging/#retracing-warning", "graphs/#retracing-python-scalars"),
    ),
    (
        "Could not locate class",
        ("save-load/#register-custom-layer", "debugging/#unknown-custom-layer-on-load"),
    ),
    (
        "Using a symbolic tf.Tensor as a Python bool is not allowed",
        "debugging/#tensor-as-python-bool",
    ),
    ("is incompatible with the layer", "debugging/#layer-shape-mismatch"),
    ("Argument(s) not recognized", "debugging/#keras3-removed-keyword-arguments"),
    (
        "cannot be modified after being initialized",
        ("setup/#thread-pools-before-first-op", "setup/#device-config-before-first-op"),
    ),
    # Plain tasks
    (
        "freeze layers",
        ("model/#recompile-after-trainable", "model/#batchnorm-frozen-when-finetuning"),
    ),
    ("shuffle before batch", "data/#shuffle-buffer-size"),
    ("resize segmentation mask", "data/#resize-mask-nearest"),
    ("is my pipeline the bottleneck", "performance/#input-bound-or-compute-bound"),
    ("which python version", "setup/#python-versions-from-metadata"),
]
