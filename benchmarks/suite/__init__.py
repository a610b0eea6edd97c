"""A side-by-side benchmark suite: foryjson next to the Python JSON libraries users have.

Run ``python -m benchmarks`` (a full run, writing ``benchmarks/results.json``),
``python -m benchmarks --quick`` (a short run, a table only) or
``python -m benchmarks --smoke`` (no timing: every contender must write and read the
expected documents). See :mod:`benchmarks.suite.main` for the method.

Layout:

- :mod:`.workloads`: the workloads as plain data and as the expected documents
  (MediaContent ``media.1``; the 200 orders with thumbnails).
- :mod:`.contender`: what a contender module provides, and the registry of contenders.
- :mod:`.contenders`: one module per contender, each defining its own models and
  ``encode(obj) -> bytes`` / ``decode(bytes) -> obj`` per workload.
- :mod:`.check`: the document checks behind ``--smoke``.
- :mod:`.run`: one timing in one process,
  ``python -m benchmarks.suite.run CONTENDER WORKLOAD OPERATION``.
- :mod:`.main`: the driver, the table and the results file.
"""
