"""The benchmark suite's ``--smoke`` checks: every contender writes and reads the documents.

A contender whose packages are not installed (CI installs only the test extra; the peers
come with the ``bench`` extra) is skipped with the missing package named.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks.suite.check import check
from benchmarks.suite.contender import CONTENDERS, load, missing
from benchmarks.suite.workloads import WORKLOADS

REPOSITORY = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("workload", WORKLOADS)
@pytest.mark.parametrize("name", sorted(CONTENDERS))
def test_contender_writes_and_reads_the_documents(name: str, workload: str) -> None:
    absent = missing(name)
    if absent:
        pytest.skip(f"{name} needs {', '.join(absent)} (pip install -e '.[bench]')")
    contender = load(name)
    assert check(contender, workload)
    if workload == "media":
        assert contender.codecs[workload].exact
    if not contender.codecs[workload].exact:
        assert contender.codecs[workload].capabilities, "say how the documents differ"


def test_smoke_mode_runs_and_reports_skips() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "benchmarks", "--smoke"],
        cwd=REPOSITORY,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    for name in CONTENDERS:
        status = "SKIP" if missing(name) else "ok  "
        assert f"{status} {name}" in result.stdout
