"""Queries a reader types, and the entry that must be in the top three.

API names, pasted error messages, and plain tasks. Each expected value is
'<stage>/#<anchor>' as the search result links it.
"""

QUERIES = [
    ("non-persistent GradientTape", "graphs/#tape-used-twice"),
    ("cache augmentation", "data/#cache-before-augment"),
]
