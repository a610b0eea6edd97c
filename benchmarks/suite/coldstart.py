"""Cold start: a fresh interpreter imports one contender's media models and makes its
first round trip.

The driver (:func:`benchmarks.suite.main.cold_start`) starts, for each run::

    python -c "from benchmarks.suite.coldstart import main; main()" MODULE DOCUMENT STARTED

``MODULE`` is the contender's module in :mod:`benchmarks.suite.media` (its library and
its media models, nothing else), ``DOCUMENT`` a file holding the contender's own media
document and ``STARTED`` the driver's clock just before it started the process. This
module and its packages are imported before the clock starts (``-c``, unlike ``-m``,
loads nothing else first), and they import only ``sys`` and ``time``, which every
interpreter has loaded at start-up. So the three times measured inside the process are
the contender's alone, net of the interpreter: importing ``MODULE``, the first
``decode(DOCUMENT)`` and the first ``encode`` of its result. They are printed in
seconds, then the time from ``STARTED`` to the end of the encode, the whole process so
far. With ``MODULE`` ``-`` nothing is imported: the bare interpreter's start.
"""

import sys
import time


def main() -> None:
    module_name, path, started = sys.argv[1:4]
    with open(path, "rb") as file:
        document = file.read()
    times = [0.0, 0.0, 0.0]
    if module_name != "-":
        __import__(module_name.rpartition(".")[0])  # the suite's packages: not timed
        begun = time.perf_counter()
        __import__(module_name)
        module = sys.modules[module_name]
        imported = time.perf_counter()
        value = module.decode(document)
        decoded = time.perf_counter()
        module.encode(value)
        encoded = time.perf_counter()
        times = [imported - begun, decoded - imported, encoded - decoded]
    print(*(f"{t:.7f}" for t in times), f"{time.time() - float(started):.6f}")


if __name__ == "__main__":
    main()
