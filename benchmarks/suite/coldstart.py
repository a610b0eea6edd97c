"""Cold start: interpreter start to the end of a first round trip, in a fresh process.

``python -m benchmarks.suite.coldstart MODULE WORKLOAD DOCUMENT STARTED`` imports the
contender's module (its library and every model it defines), reads ``DOCUMENT`` (the
contender's own document, written by the driver), decodes it and encodes the result,
then prints ``time.time() - STARTED``: ``STARTED`` is the driver's clock just before it
started this process, so interpreter start-up and every import are inside the time.
With ``MODULE`` ``-`` nothing is imported: the interpreter and this harness alone.

This module imports only the standard library, so that the harness costs little.
"""

from __future__ import annotations

import importlib
import sys
import time


def main() -> None:
    module_name, workload, path, started = sys.argv[1:5]
    with open(path, "rb") as file:
        document = file.read()
    if module_name != "-":
        codec = importlib.import_module(module_name).CONTENDER.codecs[workload]
        codec.encode(codec.decode(document))
    print(f"{time.time() - float(started):.6f}")


if __name__ == "__main__":
    main()
