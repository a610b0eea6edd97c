"""Each contender's MediaContent models alone, for the cold start.

One module per contender (named as in :mod:`benchmarks.suite.contenders`) that imports
its library and defines the media models and nothing else, with ``decode(bytes)`` and
``encode(value) -> bytes``: what an application with only these models loads. The
contenders' own modules take their media models from here. No module here imports the
suite's helpers, so the cold start times the library and the models alone.
"""
