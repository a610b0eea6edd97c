"""The driver behind ``python -m benchmarks``: checks, timings, allocations, cold start.

Modes:

- ``--smoke``: no timing. Every contender that can run here must write and read the
  expected documents (:mod:`benchmarks.suite.check`); a contender whose packages are
  missing is reported as skipped, with the reason.
- default (full): the smoke checks, then one fresh process per (workload, operation,
  contender), ``python -m benchmarks.suite.run``: 21 alternating rounds of batches of
  about 40 ms (for the slower side), then the allocation pass; then the cold start
  (11 runs each). Results go to
  ``benchmarks/results.json`` (``--output`` to change it).
- ``--quick``: the workloads up to 10 KB (``QUICK``: the 100 and 1000 KB payloads use
  the same models), one process per contender for all of them, 5 rounds of about 5 ms
  batches, allocations for the workloads the page reports, 5 cold-start runs; the
  table only, unless ``--output`` is given.
- ``--only-cold-start``: the media checks and the cold start alone (5 runs with
  ``--quick``, else 11); the table only, unless ``--output`` is given.

Method. Each process imports one contender's library (plus foryjson, which needs only
the standard library) and builds the contender's own objects and documents from the
same plain data. ``encode`` writes every object of the workload, ``decode`` reads every
one of the contender's own documents (these differ from the expected bytes only where
the contender's ``capabilities`` note says). After a warm-up, the contender and
foryjson run the same operation in alternating rounds (A B, B A, ...) with
:func:`benchmarks.timing.paired`; "ratio" is the median over rounds of contender time /
foryjson time (below 1: faster than foryjson), with the range of the per-round ratios.
Times are medians per document. Allocations come from a separate ``tracemalloc`` pass.
The cold start times, in fresh interpreters, the import of each contender's media
models alone (:mod:`benchmarks.suite.media`), its first decode of its media document and
its first encode, net of the interpreter's own start (see :func:`cold_start`).
Versions of Python and every contender are printed and stored.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks.suite.check import CheckFailed, check
from benchmarks.suite.contender import (
    CONTENDERS,
    load,
    process_environment,
    unavailable,
    versions,
)
from benchmarks.suite.run import OPERATIONS
from benchmarks.suite.workloads import (
    DATA_ENV,
    MEMORY,
    QUICK,
    WORKLOADS,
    plain,
    save,
)

RESULTS = Path(__file__).resolve().parents[1] / "results.json"
COLD_RUNS = {"quick": 5, "full": 11}
"""Processes per contender in the cold start (after one warm-up run)."""


def smoke(
    names: list[str], workloads: list[str]
) -> tuple[list[str], list[str], dict[str, str]]:
    """Check each contender; (contenders that passed, failure messages, skip reasons)."""
    passed: list[str] = []
    failures: list[str] = []
    skipped: dict[str, str] = {}
    for name in names:
        reason = unavailable(name)
        if reason:
            skipped[name] = reason
            print(f"SKIP {name}: {reason}")
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
    return passed, failures, skipped


def environment(names: list[str]) -> dict[str, Any]:
    """Python, platform and the version of every distribution the contenders use."""
    found: dict[str, str] = {}
    for name in names:
        found |= versions(load(name))
    return {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "cpus": os.cpu_count(),
        "versions": found,
    }


def run(
    name: str,
    workloads: list[str],
    operations: list[str],
    mode: str,
    memory: tuple[str, ...],
) -> list[dict[str, Any]]:
    """Time ``name`` in a fresh process; its list of results."""
    command = [
        sys.executable,
        "-m",
        "benchmarks.suite.run",
        name,
        "--workloads",
        ",".join(workloads),
        "--operations",
        ",".join(operations),
        "--mode",
        mode,
        "--memory",
        ",".join(memory),
    ]
    completed = subprocess.run(  # noqa: S603 - our own module, fixed arguments
        command,
        capture_output=True,
        text=True,
        check=False,
        env=process_environment(name, os.environ),
    )
    if completed.returncode:
        raise RuntimeError(f"{' '.join(command)} failed:\n{completed.stderr}")
    results: list[dict[str, Any]] = json.loads(completed.stdout)
    return results


def cold_start(names: list[str], runs: int, directory: Path) -> list[dict[str, Any]]:
    """Each contender's media models from a cold start: medians over ``runs`` processes.

    Every process (:mod:`benchmarks.suite.coldstart`) imports the contender's media
    module alone, decodes the contender's own media document and encodes the result,
    timing the three inside the process, net of the interpreter; the first row is the
    bare interpreter. Bytecode is cached, as installed packages have it: the processes
    write and read it under a private prefix in ``directory``, after one warm-up run
    per contender that is not counted.
    """
    base = {
        key: value
        for key, value in os.environ.items()
        if key != "PYTHONDONTWRITEBYTECODE"
    }
    base["PYTHONPYCACHEPREFIX"] = str(directory / "pycache")
    jobs: list[tuple[str, str, Path, dict[str, str]]] = []
    reference = load("foryjson").codecs["media"]
    path = directory / "cold-media-foryjson.json"
    path.write_bytes(reference.encode(reference.build(plain("media")[0])))
    jobs.append(("(interpreter alone)", "-", path, base))
    for name in names:
        contender = load(name)
        codec = contender.codecs["media"]
        path = directory / f"cold-media-{name}.json"
        path.write_bytes(codec.encode(codec.build(plain("media")[0])))
        environment = process_environment(name, base, contender)
        jobs.append((name, CONTENDERS[name].media, path, environment))
    # One warm-up run each (it writes the bytecode), then rounds through every job, so
    # that a busy spell of a shared machine slows every contender alike.
    for _, module, path, environment in jobs:
        _cold_run(module, path, environment)
    runs_of: list[list[list[float]]] = [[] for _ in jobs]
    for _ in range(runs):
        for samples, (_, module, path, environment) in zip(runs_of, jobs, strict=True):
            samples.append(_cold_run(module, path, environment))
    rows: list[dict[str, Any]] = []
    for samples, (name, module, _, _) in zip(runs_of, jobs, strict=True):
        totals = [sum(sample[:3]) for sample in samples]
        item: dict[str, Any] = {
            "contender": name,
            "workload": "media",
            "module": module,
            "runs": runs,
            "process": statistics.median(sample[3] for sample in samples),
        }
        if module != "-":
            item |= {
                "import": statistics.median(sample[0] for sample in samples),
                "decode": statistics.median(sample[1] for sample in samples),
                "encode": statistics.median(sample[2] for sample in samples),
                "seconds": statistics.median(totals),
                "seconds_low": min(totals),
                "seconds_high": max(totals),
            }
        rows.append(item)
    return rows


def _cold_run(module: str, path: Path, environment: dict[str, str]) -> list[float]:
    """One fresh process: seconds to import, decode, encode, and of the whole process."""
    started = time.time()
    completed = subprocess.run(  # noqa: S603 - our own module, fixed arguments
        [
            sys.executable,
            "-c",
            "from benchmarks.suite.coldstart import main; main()",
            module,
            str(path),
            repr(started),
        ],
        capture_output=True,
        text=True,
        check=True,
        env=environment,
    )
    return [float(field) for field in completed.stdout.split()]


def cold_table(rows: list[dict[str, Any]]) -> str:
    """The cold start as a plain-text table, milliseconds."""
    lines = [
        "cold start: media models alone, medians in ms, inside a fresh process (net of"
        " the interpreter); process = from launch to the end of the first encode",
        f"{'contender':20} {'import':>8} {'decode':>8} {'encode':>8} {'total':>8}"
        f"  {'range':13} {'process':>8}",
    ]
    for item in rows:
        head = f"{item['contender']:20}"
        process = f"{item['process'] * 1e3:8.1f}"
        if "seconds" not in item:
            lines.append(f"{head} {'':8} {'':8} {'':8} {'':8}  {'':13} {process}")
            continue
        spread = f"{item['seconds_low'] * 1e3:.1f}-{item['seconds_high'] * 1e3:.1f}"
        lines.append(
            f"{head} {item['import'] * 1e3:8.2f} {item['decode'] * 1e3:8.2f}"
            f" {item['encode'] * 1e3:8.2f} {item['seconds'] * 1e3:8.2f}"
            f"  {spread:13} {process}"
        )
    return "\n".join(lines)


def table(results: list[dict[str, Any]], env: dict[str, Any]) -> str:
    """The results as a plain-text table (see :mod:`benchmarks.report` for the page)."""
    packages = ", ".join(f"{key} {value}" for key, value in env["versions"].items())
    lines = [
        f"{env['implementation']} {env['python']} on {env['platform']}",
        f"versions: {packages}",
        "times are medians per document; ratio = contender time / foryjson time,"
        " paired in one process (below 1: faster than foryjson)",
        "",
        f"{'workload':13} {'op':6} {'contender':16} {'per doc':>12} {'ratio':>7}"
        f"  {'range':11} {'bytes/doc':>9} same",
    ]
    for item in results:
        head = f"{item['workload']:13} {item['operation']:6} {item['contender']:16}"
        if "na" in item:
            lines.append(f"{head} n/a: {item['na']}")
            continue
        spread = f"{item['ratio_low']:.2f}-{item['ratio_high']:.2f}"
        exact = "yes" if item["exact"] else "no"
        lines.append(
            f"{head} {item['seconds'] * 1e6:10.2f}us {item['ratio']:7.2f}  {spread:11}"
            f" {item['document_bytes']:9.0f} {exact}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks", description=(__doc__ or "").split("\n\n")[0]
    )
    parser.add_argument("--smoke", action="store_true", help="check documents only")
    parser.add_argument("--quick", action="store_true", help="short timing run")
    parser.add_argument("--contenders", default=",".join(CONTENDERS))
    parser.add_argument(
        "--workloads", help="comma-separated (default: all; --quick: QUICK)"
    )
    parser.add_argument("--no-cold-start", action="store_true")
    parser.add_argument(
        "--only-cold-start",
        action="store_true",
        help="the media cold start alone, no timings",
    )
    parser.add_argument("--output", type=Path, help="results file to write")
    args = parser.parse_args(argv)
    names = [name for name in args.contenders.split(",") if name]
    if args.only_cold_start and args.no_cold_start:
        parser.error("--only-cold-start and --no-cold-start exclude each other")
    chosen = args.workloads or ",".join(
        ("media",) if args.only_cold_start else QUICK if args.quick else WORKLOADS
    )
    workloads = [name for name in chosen.split(",") if name]
    for name in names:
        if name not in CONTENDERS:
            parser.error(f"unknown contender {name!r}; known: {', '.join(CONTENDERS)}")
    for workload in workloads:
        if workload not in WORKLOADS:
            parser.error(
                f"unknown workload {workload!r}; known: {', '.join(WORKLOADS)}"
            )
    passed, failures, skipped = smoke(names, workloads)
    if failures:
        return 1
    if args.smoke:
        return 0
    mode = "quick" if args.quick else "full"
    env = environment(passed)
    started = time.time()
    results: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="foryjson-bench-") as directory:
        data = Path(directory) / "plain.pickle"
        save(workloads, data)
        os.environ[DATA_ENV] = str(data)
        if args.only_cold_start:
            pass
        elif mode == "quick":
            for name in passed:
                results += run(name, workloads, list(OPERATIONS), mode, MEMORY)
                print(f"  timed {name}", flush=True)
        else:
            for workload in workloads:
                for operation in OPERATIONS:
                    for name in passed:
                        contender = load(name)
                        if workload in contender.codecs:
                            results += run(
                                name, [workload], [operation], mode, WORKLOADS
                            )
                        else:  # no process to start for "n/a"
                            results.append(
                                {
                                    "contender": name,
                                    "workload": workload,
                                    "operation": operation,
                                    "mode": mode,
                                    "na": contender.reason(workload),
                                }
                            )
                    print(f"  timed {workload} {operation}", flush=True)
        cold = (
            []
            if args.no_cold_start
            else cold_start(passed, COLD_RUNS[mode], Path(directory))
        )
    print()
    if results:
        print(table(results, env))
    if cold:
        print("\n" + cold_table(cold) if results else cold_table(cold))
    capabilities = {
        name: {
            workload: load(name).codecs[workload].capabilities
            for workload in workloads
            if workload in load(name).codecs
            and load(name).codecs[workload].capabilities
        }
        for name in passed
    }
    output = args.output or (None if args.quick or args.only_cold_start else RESULTS)
    if output is not None:
        document = {
            "mode": mode,
            "seconds": time.time() - started,
            "environment": env,
            "method": __doc__,
            "skipped": skipped,
            "descriptions": {name: load(name).description for name in passed},
            "capabilities": capabilities,
            "results": results,
            "cold_start": cold,
        }
        output.write_text(json.dumps(document, indent=2) + "\n")
        print(f"\nwrote {output}")
    return 0
