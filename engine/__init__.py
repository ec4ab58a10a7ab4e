"""The verification engine: parse entries, run snippets, keep the record.

Nothing in this package imports TensorFlow except ``engine.forkserver``,
which runs in its own process.
"""
