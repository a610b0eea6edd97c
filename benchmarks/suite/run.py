"""One timing in a fresh process: ``python -m benchmarks.suite.run CONTENDER WORKLOAD OP``.

``OP`` is ``encode`` (every object of the workload to bytes) or ``decode`` (every one of
the contender's own documents back to objects). Prints one JSON object on stdout.

The contender's library is imported in this process only. foryjson (standard library
only, nothing native) is imported here too, as the reference: after a warm-up, the
contender's operation and foryjson's same operation are timed in alternating rounds
with :func:`benchmarks.timing.paired`, and the ratio is the median over rounds of
contender time / foryjson time. For ``foryjson`` itself the rounds run alone.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from collections.abc import Callable
from typing import Any

from benchmarks.suite.contender import CONTENDERS, REFERENCE, Codec, load
from benchmarks.suite.workloads import WORKLOADS, plain
from benchmarks.timing import paired, per_call

OPERATIONS = ("encode", "decode")

#: (rounds, seconds per timed batch) for each mode.
SETTINGS = {"quick": (11, 0.02), "full": (31, 0.05)}


def operation(codec: Codec, workload: str, name: str) -> tuple[Callable[[], Any], int]:
    """A callable doing ``name`` once over every document, and the document count."""
    values = [codec.build(item) for item in plain(workload)]
    documents = [codec.encode(value) for value in values]
    if name == "encode":
        encode = codec.encode

        def run() -> None:
            for value in values:
                encode(value)

    else:
        decode = codec.decode

        def run() -> None:
            for document in documents:
                decode(document)

    return run, len(values)


def document_bytes(codec: Codec, workload: str) -> float:
    """Mean size of the contender's own documents."""
    sizes = [len(codec.encode(codec.build(item))) for item in plain(workload)]
    return statistics.fmean(sizes)


def calibrate(functions: list[Callable[[], Any]], target: float) -> int:
    """Calls per batch so that the fastest function's batch lasts about ``target`` s."""
    for function in functions:
        function()
    fastest = min(per_call(function, 1) for function in functions)
    return max(1, math.ceil(target / max(fastest, 1e-9)))


def measure(contender: str, workload: str, name: str, mode: str) -> dict[str, Any]:
    rounds, target = SETTINGS[mode]
    codec = load(contender).codecs[workload]
    function, count = operation(codec, workload, name)
    result: dict[str, Any] = {
        "contender": contender,
        "workload": workload,
        "operation": name,
        "mode": mode,
        "documents": count,
        "document_bytes": document_bytes(codec, workload),
        "rounds": rounds,
    }
    if contender == REFERENCE:
        number = calibrate([function], target)
        per_call(function, number)  # warm-up, as paired() does
        times = [per_call(function, number) for _ in range(rounds)]
        median = statistics.median(times)
        result |= {
            "number": number,
            "seconds": median / count,
            "seconds_min": min(times) / count,
            "reference_seconds": median / count,
            "ratio": 1.0,
            "ratio_low": 1.0,
            "ratio_high": 1.0,
        }
        return result
    reference, _ = operation(load(REFERENCE).codecs[workload], workload, name)
    number = calibrate([reference, function], target)
    pair = paired(reference, function, rounds, number)
    result |= {
        "number": number,
        "seconds": pair.second / count,
        "reference_seconds": pair.first / count,
        "ratio": pair.ratio,
        "ratio_low": pair.low,
        "ratio_high": pair.high,
    }
    return result


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.suite.run")
    parser.add_argument("contender", choices=sorted(CONTENDERS))
    parser.add_argument("workload", choices=WORKLOADS)
    parser.add_argument("operation", choices=OPERATIONS)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args(argv)
    mode = "quick" if args.quick else "full"
    result = measure(args.contender, args.workload, args.operation, mode)
    json.dump(result, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
