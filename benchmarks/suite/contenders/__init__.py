"""One module per contender; see :mod:`benchmarks.suite.contender` for the interface."""
