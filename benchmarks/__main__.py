"""``python -m benchmarks``: the side-by-side suite (see :mod:`benchmarks.suite.main`)."""

import sys

from benchmarks.suite.main import main

sys.exit(main())
