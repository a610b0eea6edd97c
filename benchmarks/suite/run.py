"""Timings and allocations in a fresh process: ``python -m benchmarks.suite.run CONTENDER``.

For each workload (``--workloads``) and operation (``--operations``) the contender has a
codec for: ``encode`` writes every object of the workload, ``decode`` reads every one of
the contender's own documents. Prints one JSON list of results on stdout.

The contender's library is imported in this process only. foryjson (standard library
only, nothing native) is imported here too, as the reference: after a warm-up, the
contender's operation and foryjson's same operation are timed in alternating rounds
with :func:`benchmarks.timing.paired`, and the ratio is the median over rounds of
contender time / foryjson time. For ``foryjson`` itself the rounds run alone.

Allocations are measured afterwards, in a separate pass with ``tracemalloc`` (which
slows everything down, so never while timing): one run of the operation over the
workload, its results kept, gives the blocks and bytes that the results hold
(per document), and ``tracemalloc``'s peak the most memory the operation had in use at
once, temporaries included.
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import statistics
import sys
import tracemalloc
from collections.abc import Callable, Collection
from typing import Any

from benchmarks.suite.contender import CONTENDERS, REFERENCE, Codec, load
from benchmarks.suite.workloads import WORKLOADS, plain
from benchmarks.timing import paired, per_call

OPERATIONS = ("encode", "decode")

#: (rounds, seconds per timed batch) for each mode.
SETTINGS = {"quick": (5, 0.005), "full": (21, 0.04)}


_INPUTS: dict[tuple[int, str, str], tuple[Callable[[Any], Any], list[Any]]] = {}


def inputs(
    codec: Codec, workload: str, name: str
) -> tuple[Callable[[Any], Any], list[Any]]:
    """The function doing ``name`` on one document, and its input for every document."""
    key = (id(codec), workload, name)
    if key not in _INPUTS:
        values = [codec.build(item) for item in plain(workload)]
        if name == "encode":
            _INPUTS[key] = codec.encode, values
        else:
            _INPUTS[key] = codec.decode, [codec.encode(value) for value in values]
    return _INPUTS[key]


def operation(codec: Codec, workload: str, name: str) -> tuple[Callable[[], Any], int]:
    """A callable doing ``name`` once over every document, and the document count."""
    function, items = inputs(codec, workload, name)

    def run() -> None:
        for item in items:
            function(item)

    return run, len(items)


def document_bytes(codec: Codec, workload: str) -> float:
    """Mean size of the contender's own documents."""
    _, documents = inputs(codec, workload, "decode")
    return statistics.fmean(len(document) for document in documents)


def calibrate(functions: list[Callable[[], Any]], target: float) -> int:
    """Calls per batch so that the slowest function's batch lasts about ``target`` s,
    and the fastest one's at least a tenth of it.

    Both sides of a pair run the same number of calls; sizing batches by the slower
    side keeps a contender 50 times slower than foryjson from taking 50 times as long,
    while the faster side's batch stays long enough to time steadily.
    """
    for function in functions:
        function()
    times = [max(per_call(function, 1), 1e-9) for function in functions]
    by_slowest = math.ceil(target / max(times))
    by_fastest = math.ceil(target / 10 / min(times))
    return max(1, by_slowest, by_fastest)


def timing(
    codec: Codec, reference: Codec | None, workload: str, name: str, mode: str
) -> dict[str, Any]:
    """Paired timing of one operation against foryjson's (alone when ``reference`` is None)."""
    rounds, target = SETTINGS[mode]
    function, count = operation(codec, workload, name)
    if reference is None:
        number = calibrate([function], target)
        per_call(function, number)  # warm-up, as paired() does
        times = [per_call(function, number) for _ in range(rounds)]
        median = statistics.median(times)
        return {
            "number": number,
            "seconds": median / count,
            "reference_seconds": median / count,
            "ratio": 1.0,
            "ratio_low": 1.0,
            "ratio_high": 1.0,
        }
    ours, _ = operation(reference, workload, name)
    number = calibrate([ours, function], target)
    pair = paired(ours, function, rounds, number)
    return {
        "number": number,
        "seconds": pair.second / count,
        "reference_seconds": pair.first / count,
        "ratio": pair.ratio,
        "ratio_low": pair.low,
        "ratio_high": pair.high,
    }


def _traced(function: Callable[[Any], Any], items: list[Any]) -> tuple[int, int, int]:
    """Blocks and bytes that one pass's results hold, and the pass's peak bytes.

    Blocks are counted as traces (one per live block); the snapshots' own lists are
    the same in every pass, so the caller subtracts them with an identity pass.
    """
    gc.collect()
    tracemalloc.start()
    try:
        before = len(tracemalloc.take_snapshot().traces)
        base, _ = tracemalloc.get_traced_memory()
        tracemalloc.reset_peak()
        kept = [function(item) for item in items]
        current, peak = tracemalloc.get_traced_memory()
        after = len(tracemalloc.take_snapshot().traces)
    finally:
        tracemalloc.stop()
    del kept
    return after - before, current - base, peak - base


def _identity(item: Any) -> Any:
    return item


def allocations(codec: Codec, workload: str, name: str) -> dict[str, float]:
    """Blocks and bytes held by one pass's results, and its peak, per document.

    The same pass with an identity function is subtracted: the list that keeps the
    results and the snapshots' own bookkeeping are the harness's, not the codec's.
    """
    function, items = inputs(codec, workload, name)
    for item in items:  # first calls may fill caches that later calls reuse
        function(item)
    _traced(_identity, items)
    harness = _traced(_identity, items)
    blocks, size, peak = (
        measured - overhead
        for measured, overhead in zip(_traced(function, items), harness, strict=True)
    )
    count = len(items)
    return {
        "alloc_blocks": blocks / count,
        "alloc_bytes": size / count,
        "peak_bytes": peak / count,
    }


def measure(
    contender: str,
    workloads: list[str],
    operations: list[str],
    mode: str,
    memory: Collection[str],
) -> list[dict[str, Any]]:
    """Every timing (and allocation pass) of one contender, in this process."""
    loaded = load(contender)
    reference = None if contender == REFERENCE else load(REFERENCE)
    from benchmarks.suite.contenders import with_foryjson

    assert with_foryjson.PURE, "the foryjson reference must run on Python alone"
    results: list[dict[str, Any]] = []
    for workload in workloads:
        codec = loaded.codecs.get(workload)
        for name in operations:
            result: dict[str, Any] = {
                "contender": contender,
                "workload": workload,
                "operation": name,
                "mode": mode,
            }
            if codec is None:
                result["na"] = loaded.reason(workload)
                results.append(result)
                continue
            ours = None if reference is None else reference.codecs[workload]
            result |= {
                "documents": len(plain(workload)),
                "document_bytes": document_bytes(codec, workload),
                "exact": codec.exact,
                "rounds": SETTINGS[mode][0],
            }
            result |= timing(codec, ours, workload, name, mode)
            results.append(result)
    for result in results:
        if "na" not in result and result["workload"] in memory:
            codec = loaded.codecs[result["workload"]]
            result |= allocations(codec, result["workload"], result["operation"])
    return results


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.suite.run")
    parser.add_argument("contender", choices=sorted(CONTENDERS))
    parser.add_argument("--workloads", default=",".join(WORKLOADS))
    parser.add_argument("--operations", default=",".join(OPERATIONS))
    parser.add_argument("--mode", choices=sorted(SETTINGS), default="full")
    parser.add_argument(
        "--memory",
        default=",".join(WORKLOADS),
        help="workloads to run the tracemalloc pass on (empty: none)",
    )
    args = parser.parse_args(argv)
    results = measure(
        args.contender,
        args.workloads.split(","),
        args.operations.split(","),
        args.mode,
        [name for name in args.memory.split(",") if name],
    )
    json.dump(results, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
