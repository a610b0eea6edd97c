"""The benchmark suite's ``--smoke`` checks: every contender writes and reads the documents.

A contender that cannot run here is skipped with the reason: its packages are not
installed (CI installs only the test extra; the peers come with the ``bench`` extra), or
its probe fails (foryjson's orjson backend needs a runtime that has it). A workload a
contender cannot express must come with a reason, never a bent document.
"""

from __future__ import annotations

import importlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks.suite.check import CheckFailed, check
from benchmarks.suite.contender import (
    CONTENDERS,
    Codec,
    Contender,
    load,
    missing,
    process_environment,
    unavailable,
)
from benchmarks.suite.workloads import WORKLOADS, plain

REPOSITORY = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("name", sorted(CONTENDERS))
def test_contender_writes_and_reads_the_documents(name: str) -> None:
    reason = unavailable(name)
    if reason:
        hint = " (pip install -e '.[bench]')" if missing(name) else ""
        pytest.skip(f"{name}: {reason}{hint}")
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


def _cold(
    contender: str, imported: float, decoded: float, encoded: float
) -> dict[str, object]:
    total = imported + decoded + encoded
    return {
        "contender": contender,
        "workload": "media",
        "module": f"benchmarks.suite.media.with_{contender}",
        "runs": 5,
        "process": total + 0.02,
        "import": imported,
        "decode": decoded,
        "encode": encoded,
        "seconds": total,
        "seconds_low": total - 0.001,
        "seconds_high": total + 0.001,
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
                "contender": "(interpreter alone)",
                "workload": "media",
                "module": "-",
                "runs": 5,
                "process": 0.0185,
            },
            _cold("foryjson", 0.012, 0.0002, 0.0001),
            _cold("msgspec", 0.03, 0.00002, 0.00002),
        ],
    }
    text = report.page(document, chart_name=None)
    assert report.NOTES.read_text().strip().splitlines()[0] in text
    # pydantic's encode is 2.0 x foryjson and 8.00 x msgspec (2.0 / 0.25).
    assert "| pydantic | 20 µs | 2.00 (1.80-2.20) | 8.00 | n/a |" in text
    assert "| pydantic | media | n/a: cannot say |" in text
    assert "net of the interpreter's own start (18.5 ms from launch to exit" in text
    assert "| contender | import | first decode | first encode | total (range)" in text
    assert (
        "| foryjson | 12 ms | 200 µs | 100 µs | 12.3 ms (11.3 ms-13.3 ms) | 1.00 |"
        in text
    )
    assert "| msgspec | 30 ms | 20 µs | 20 µs | 30 ms (29 ms-31 ms) | 2.44 |" in text
    assert "| foryjson | 1 / 521 B |" in text
    assert "Not run: foryjson-orjson (backend not available)." in text


def test_report_says_when_a_file_has_no_media_cold_start() -> None:
    from benchmarks import report

    old_style = {"cold_start": [{"contender": "foryjson", "seconds": 0.1, "runs": 3}]}
    for document in ({}, old_style):
        assert report.cold_table(document) == [
            "No cold-start measurements of the media models in this file.",
            "",
        ]


def test_media_modules_round_trip_the_contenders_documents() -> None:
    for name, entry in CONTENDERS.items():
        if unavailable(name):
            continue
        codec = load(name).codecs["media"]
        document = codec.encode(codec.build(plain("media")[0]))
        alone = importlib.import_module(entry.media)
        assert alone.encode(alone.decode(document)) == document, name


# Each media module imports its library and the models, never the suite's helpers.
ALONE = """
import json, sys
start = set(sys.modules)
for name in sys.argv[1:]:
    __import__(name)
print(json.dumps([n for n in set(sys.modules) - start if n.startswith("benchmarks")]))
"""


def test_media_modules_import_nothing_of_the_suite() -> None:
    names = [name for name in CONTENDERS if not unavailable(name)]
    modules = sorted({CONTENDERS[name].media for name in names})
    # Builds made at setup (foryjson-native's) come first on the path, as in the driver.
    built = [folder for name in names for folder in load(name).path]
    inherited = [os.environ["PYTHONPATH"]] if os.environ.get("PYTHONPATH") else []
    result = subprocess.run(
        [sys.executable, "-c", ALONE, *modules],
        cwd=REPOSITORY,
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "PYTHONPATH": os.pathsep.join([*built, *inherited])},
    )
    assert result.returncode == 0, result.stderr
    packages = ["benchmarks", "benchmarks.suite", "benchmarks.suite.media"]
    expected = sorted({*packages, *modules, "benchmarks.suite.media.attrs_models"})
    imported = json.loads(result.stdout)
    assert set(imported) <= set(expected)
    assert set(modules) <= set(imported)


# The harness loads nothing before the clock starts but its own packages.
HARNESS = """
import sys
start = set(sys.modules)
import benchmarks.suite.coldstart
print(sorted(set(sys.modules) - start))
"""


def test_the_cold_start_harness_imports_only_its_own_packages() -> None:
    result = subprocess.run(
        [sys.executable, "-c", HARNESS],
        cwd=REPOSITORY,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split("\n")[0] == repr(
        ["benchmarks", "benchmarks.suite", "benchmarks.suite.coldstart"]
    )


def test_cold_start_times_the_media_modules_net_of_the_interpreter(
    tmp_path: Path,
) -> None:
    from benchmarks.suite.main import cold_start, cold_table

    rows = cold_start(["foryjson", "stdlib"], 2, tmp_path)
    assert [row["contender"] for row in rows] == [
        "(interpreter alone)",
        "foryjson",
        "stdlib",
    ]
    bare, *timed = rows
    assert bare["module"] == "-" and "import" not in bare and bare["process"] > 0
    for row in timed:
        assert row["module"] == CONTENDERS[row["contender"]].media
        assert row["runs"] == 2
        assert 0 < row["import"] < row["process"]
        assert row["decode"] > 0 and row["encode"] > 0
        assert row["seconds_low"] <= row["seconds"] <= row["seconds_high"]
    # The bytecode went to the run's own folder, not next to the sources.
    assert list((tmp_path / "pycache").rglob("media.*.pyc"))
    text = cold_table(rows)
    assert text.splitlines()[1].split() == [
        "contender",
        "import",
        "decode",
        "encode",
        "total",
        "range",
        "process",
    ]
    assert text.splitlines()[3].startswith("foryjson ")


def test_the_native_contender_is_skipped_where_nothing_compiles(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    if missing("foryjson-native"):
        pytest.skip("setuptools is not installed")
    monkeypatch.delenv("FORYJSON_PURE", raising=False)
    monkeypatch.setattr(shutil, "which", lambda name: None)
    reason = unavailable("foryjson-native")
    assert reason is not None
    assert reason.startswith(("no C compiler (", "no Python headers ("))
    monkeypatch.setenv("FORYJSON_PURE", "1")
    assert unavailable("foryjson-native") == (
        "$FORYJSON_PURE is set: the compiled code would not run"
    )


def test_fresh_processes_get_the_entry_environment_and_the_build_path() -> None:
    built = Contender("foryjson-native", "", (), path=("/built",))
    found = process_environment("foryjson-native", {"PYTHONPATH": "a", "X": "1"}, built)
    assert found == {
        "PYTHONPATH": os.pathsep.join(["/built", "a"]),
        "X": "1",
        "FORYJSON_BACKEND": "stdlib",
    }
    assert process_environment("foryjson-native", {}, built)["PYTHONPATH"] == "/built"
    assert process_environment("msgspec", {"X": "1"}) == {"X": "1"}


def _native() -> Contender:
    reason = unavailable("foryjson-native")
    if reason:
        pytest.skip(f"foryjson-native: {reason}")
    return load("foryjson-native")


def test_the_native_contender_runs_the_compiled_modules_of_one_build() -> None:
    from benchmarks.suite import native

    contender = _native()
    folder = native.build()
    assert contender.path == (str(folder),)
    assert folder.parent == native.CACHE and folder.name == native.key()
    assert native.build() == folder  # reused, not rebuilt
    modules = native.load()
    assert modules["media"].NATIVE is True and modules["users"].NATIVE is True
    for name, module in modules.items():
        assert module.__name__ == f"{native.PACKAGE}.{name}"
        has_source = (folder / native.PACKAGE / f"_{name}_native.c").is_file()
        assert module.NATIVE is has_source, name
    # The codecs are the classes' own methods, on the compiled modules' classes.
    media = contender.codecs["media"]
    value = media.build(plain("media")[0])
    assert type(value) is modules["media"].MediaContent
    assert media.encode(value) == value.to_json_bytes()


def test_the_native_cold_start_imports_the_compiled_media_module(
    tmp_path: Path,
) -> None:
    from benchmarks.suite.main import cold_start

    _native()
    rows = cold_start(["foryjson-native"], 1, tmp_path)
    assert [row["contender"] for row in rows] == [
        "(interpreter alone)",
        "foryjson-native",
    ]
    timed = rows[1]
    assert timed["module"] == "benchmarks.suite.media.with_foryjson_native"
    assert 0 < timed["import"] < timed["process"]
    assert timed["decode"] > 0 and timed["encode"] > 0
    # The media module refuses to load without its extension, so this ran compiled.
    assert list((tmp_path / "pycache").rglob("media.*.pyc"))
