"""The benchmark suite's ``--smoke`` checks: every contender writes and reads the documents.

A contender that cannot run here is skipped with the reason: its packages are not
installed (CI installs only the test extra; the peers come with the ``bench`` extra), or
its probe fails (foryjson's orjson backend needs a runtime that has it). A workload a
contender cannot express must come with a reason, never a bent document.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks.suite.check import CheckFailed, check
from benchmarks.suite.contender import CONTENDERS, Codec, Contender, load, unavailable
from benchmarks.suite.workloads import WORKLOADS

REPOSITORY = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("name", sorted(CONTENDERS))
def test_contender_writes_and_reads_the_documents(name: str) -> None:
    reason = unavailable(name)
    if reason:
        pytest.skip(f"{name}: {reason} (pip install -e '.[bench]')")
    contender = load(name)
    assert contender.name == name
    for workload in WORKLOADS:
        summary = check(contender, workload)
        codec = contender.codecs.get(workload)
        if codec is None:
            assert summary.startswith("n/a: ")
            assert contender.unsupported[workload]
            continue
        if workload == "media":
            assert codec.exact
        if not codec.exact:
            assert codec.capabilities, f"{workload}: say how the documents differ"


def test_every_workload_has_a_reference_codec() -> None:
    reference = load("foryjson")
    assert set(reference.codecs) == set(WORKLOADS)


def test_check_rejects_a_wrong_document_and_a_missing_reason() -> None:
    reference = load("foryjson").codecs["media"]
    wrong = Codec(
        reference.build,
        lambda value: reference.encode(value).replace(b"Javaone", b"JavaOne"),
        reference.decode,
        exact=True,
        reads_expected=True,
    )
    with pytest.raises(CheckFailed, match="differs from the expected document"):
        check(Contender("wrong", "", (), {"media": wrong}), "media")
    with pytest.raises(CheckFailed, match="no codec and no reason"):
        check(Contender("silent", "", ()), "users_1")
    assert check(Contender("honest", "", (), {}, {"users_1": "why"}), "users_1") == (
        "n/a: why"
    )


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
        status = "SKIP" if unavailable(name) else "ok  "
        assert f"{status} {name}" in result.stdout
