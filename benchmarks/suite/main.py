"""The driver behind ``python -m benchmarks``: checks, timings, the table, the results file.

Modes:

- ``--smoke``: no timing. Every contender whose packages are installed must write and
  read the expected documents (:mod:`benchmarks.suite.check`); a contender whose
  packages are missing is reported as skipped, with the reason.
- default (full): the smoke checks, then one fresh process per (workload, operation,
  contender), ``python -m benchmarks.suite.run``: 31 alternating rounds, batches of
  about 50 ms; results go to ``benchmarks/results.json`` (``--output`` to change it).
- ``--quick``: the same with 11 rounds of about 20 ms batches, well under two minutes;
  the table only, unless ``--output`` is given.

Method. Each process imports one contender's library (plus foryjson, which needs only
the standard library) and builds the contender's own objects and documents from the
same plain data. ``encode`` writes every object of the workload, ``decode`` reads every
one of the contender's own documents (for orders these differ from Jackson's bytes where
the contender's ``capabilities`` note says). After a warm-up, the contender and foryjson
run the same operation in alternating rounds (A B, B A, ...) with
:func:`benchmarks.timing.paired`; "ratio" is the median over rounds of contender time /
foryjson time (below 1: faster than foryjson), with the range of the per-round ratios.
Times are medians per document. Versions of Python and every contender are printed and
stored.
"""

from __future__ import annotations

import argparse
import json
import platform
import subprocess
import sys
from pathlib import Path
from typing import Any

from benchmarks.suite.check import CheckFailed, check
from benchmarks.suite.contender import CONTENDERS, load, missing, versions
from benchmarks.suite.run import OPERATIONS
from benchmarks.suite.workloads import WORKLOADS

RESULTS = Path(__file__).resolve().parents[1] / "results.json"


def smoke(names: list[str], workloads: list[str]) -> tuple[list[str], list[str]]:
    """Check each contender; returns (contenders that passed, failure messages)."""
    passed: list[str] = []
    failures: list[str] = []
    for name in names:
        absent = missing(name)
        if absent:
            print(f"SKIP {name}: not installed: {', '.join(absent)}")
            continue
        contender = load(name)
        ok = True
        for workload in workloads:
            try:
                summary = check(contender, workload)
            except CheckFailed as failure:
                failures.append(str(failure))
                print(f"FAIL {failure}")
                ok = False
            else:
                print(f"ok   {name} {workload}: {summary}")
        if ok:
            passed.append(name)
    return passed, failures


def environment(names: list[str]) -> dict[str, Any]:
    found: dict[str, str] = {}
    for name in names:
        found |= versions(load(name))
    return {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "versions": found,
    }


def time_one(name: str, workload: str, operation: str, quick: bool) -> dict[str, Any]:
    command = [sys.executable, "-m", "benchmarks.suite.run", name, workload, operation]
    if quick:
        command.append("--quick")
    completed = subprocess.run(  # noqa: S603 - our own module, fixed arguments
        command, capture_output=True, text=True, check=True
    )
    result: dict[str, Any] = json.loads(completed.stdout)
    return result


def table(results: list[dict[str, Any]], env: dict[str, Any]) -> str:
    packages = ", ".join(f"{key} {value}" for key, value in env["versions"].items())
    lines = [
        f"{env['implementation']} {env['python']} on {env['platform']}",
        f"versions: {packages}",
        "times are medians per document; ratio = contender time / foryjson time,"
        " paired in one process (below 1: faster than foryjson)",
        "",
        f"{'workload':8} {'op':6} {'contender':10} {'per doc':>11} {'ratio':>7}"
        f"  {'range':13} {'bytes/doc':>9}  same bytes",
    ]
    for item in results:
        spread = f"{item['ratio_low']:.2f}-{item['ratio_high']:.2f}"
        exact = "yes" if item["exact"] else "no"
        lines.append(
            f"{item['workload']:8} {item['operation']:6} {item['contender']:10}"
            f" {item['seconds'] * 1e6:9.2f}us {item['ratio']:7.2f}  {spread:13}"
            f" {item['document_bytes']:9.0f}  {exact}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--smoke", action="store_true", help="check documents only")
    parser.add_argument("--quick", action="store_true", help="short timing run")
    parser.add_argument("--contenders", default=",".join(CONTENDERS))
    parser.add_argument("--workloads", default=",".join(WORKLOADS))
    parser.add_argument("--output", type=Path, help="results file to write")
    args = parser.parse_args(argv)
    names = [name for name in args.contenders.split(",") if name]
    workloads = [name for name in args.workloads.split(",") if name]
    for name in names:
        if name not in CONTENDERS:
            parser.error(f"unknown contender {name!r}; known: {', '.join(CONTENDERS)}")
    for workload in workloads:
        if workload not in WORKLOADS:
            parser.error(
                f"unknown workload {workload!r}; known: {', '.join(WORKLOADS)}"
            )
    passed, failures = smoke(names, workloads)
    if failures:
        return 1
    if args.smoke:
        return 0
    env = environment(passed)
    results: list[dict[str, Any]] = []
    for workload in workloads:
        for operation in OPERATIONS:
            for name in passed:
                result = time_one(name, workload, operation, args.quick)
                codec = load(name).codecs[workload]
                result["exact"] = codec.exact
                results.append(result)
                print(
                    f"  {workload} {operation} {name}: ratio {result['ratio']:.2f}",
                    flush=True,
                )
    print()
    print(table(results, env))
    capabilities = {
        name: {
            workload: load(name).codecs[workload].capabilities
            for workload in workloads
            if load(name).codecs[workload].capabilities
        }
        for name in passed
    }
    notes = [
        f"- {name} {workload}: {note}"
        for name, per_workload in capabilities.items()
        for workload, note in per_workload.items()
    ]
    if notes:
        print("\ncapabilities (where documents differ from Jackson's):")
        print("\n".join(notes))
    output = args.output or (None if args.quick else RESULTS)
    if output is not None:
        document = {
            "mode": "quick" if args.quick else "full",
            "environment": env,
            "method": __doc__,
            "capabilities": capabilities,
            "results": results,
        }
        output.write_text(json.dumps(document, indent=2) + "\n")
        print(f"\nwrote {output}")
    return 0
