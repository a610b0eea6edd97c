"""A side-by-side benchmark suite: foryjson next to the Python JSON libraries users have.

Run ``python -m benchmarks`` (a full run, writing ``benchmarks/results.json``),
``python -m benchmarks --quick`` (a short run, a table only) or
``python -m benchmarks --smoke`` (no timing: every contender must write and read the
expected documents), then ``python -m benchmarks.report`` to regenerate
``docs/performance.md`` and its chart. See :mod:`benchmarks.suite.main` for the method.

Layout:

- :mod:`.workloads`: the workloads as plain data and as the expected documents
  (MediaContent ``media.1``; Users and Clients at 1 to 1000 KB; the 512-byte array
  in three forms; the 200 orders with thumbnails; msgspec's file tree).
- :mod:`.contender`: what a contender module provides, and the registry of contenders.
- :mod:`.contenders`: one module per contender, each defining its own models and
  ``encode(obj) -> bytes`` / ``decode(bytes) -> obj`` per workload.
- :mod:`.native`: the ``foryjson-native`` contender's modules, generated with
  ``--native`` and compiled once into ``benchmarks/.native-build/``.
- :mod:`.media`: each contender's media models alone, which the contenders import and
  the cold start times on their own.
- :mod:`.check`: the document checks behind ``--smoke``.
- :mod:`.run`: timings and the allocation pass in one process,
  ``python -m benchmarks.suite.run CONTENDER [--workloads ...] [--operations ...]``.
- :mod:`.coldstart`: one fresh interpreter's import of a media module and its first
  round trip, timed inside the process.
- :mod:`.main`: the driver, the table and the results file.
"""
