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


def _result(
    contender: str, operation: str, ratio: float, **extra: object
) -> dict[str, object]:
    return {
        "contender": contender,
        "workload": "media",
        "operation": operation,
        "seconds": ratio * 1e-5,
        "ratio": ratio,
        "ratio_low": ratio * 0.9,
        "ratio_high": ratio * 1.1,
        "document_bytes": 488.0,
        "exact": True,
        **extra,
    }


def test_report_renders_ratios_reasons_and_the_hand_written_notes() -> None:
    from benchmarks import report

    document = {
        "mode": "quick",
        "seconds": 60,
        "environment": {
            "implementation": "CPython",
            "python": "3.11.7",
            "platform": "Linux",
            "cpus": 2,
            "versions": {"msgspec": "0.23.0"},
        },
        "skipped": {"foryjson-orjson": "backend not available"},
        "capabilities": {},
        "results": [
            _result("foryjson", "encode", 1.0, alloc_blocks=1, alloc_bytes=521),
            _result("foryjson", "decode", 1.0),
            _result("msgspec", "encode", 0.25),
            _result("msgspec", "decode", 0.5),
            _result("pydantic", "encode", 2.0),
            {
                "contender": "pydantic",
                "workload": "media",
                "operation": "decode",
                "na": "cannot say",
            },
        ],
        "cold_start": [
            {
                "contender": "foryjson",
                "workload": "media",
                "seconds": 0.05,
                "seconds_low": 0.04,
                "seconds_high": 0.06,
                "runs": 3,
            },
        ],
    }
    text = report.page(document, chart_name=None)
    assert report.NOTES.read_text().strip().splitlines()[0] in text
    # pydantic's encode is 2.0 x foryjson and 8.00 x msgspec (2.0 / 0.25).
    assert "| pydantic | 20 µs | 2.00 (1.80-2.20) | 8.00 | n/a |" in text
    assert "| pydantic | media | n/a: cannot say |" in text
    assert "| foryjson | 50 ms (40-60) |" in text
    assert "| foryjson | 1 / 521 B |" in text
    assert "Not run: foryjson-orjson (backend not available)." in text
