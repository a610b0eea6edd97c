"""The repository is its own example: the README's commands, CI and the tour agree."""

from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter
from importlib.util import find_spec
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).resolve().parents[1]


def readme_commands() -> list[str]:
    text = (REPOSITORY / "README.md").read_text()
    return re.findall(r"```sh\n(.+?)\n```", text)


def test_readme_starts_with_the_two_commands() -> None:
    main_job, tests = readme_commands()[:2]
    assert "foryjson-gen schemas/ -o generated/" in main_job
    assert tests.endswith(".venv/bin/python -m tests")


def test_ci_runs_the_readme_test_command() -> None:
    ci = (REPOSITORY / ".ci" / "run").read_text().strip().splitlines()
    assert ci[-1] == readme_commands()[1]


def test_the_test_command_passes_options_to_pytest() -> None:
    from tests import __main__ as command

    parallel = [] if find_spec("xdist") is None else ["-n", "auto"]
    parallel += ["--dist", "worksteal"] if parallel else []
    assert command._options(["-k", "media"]) == [*parallel, "-k", "media"]
    for chosen in (["-n", "0"], ["-n3"], ["-p", "no:xdist"], ["--dist=load"]):
        assert command._options(chosen) == chosen


def test_the_test_command_adds_up_both_runs() -> None:
    from tests import __main__ as command

    lines = {
        "===== 7141 passed, 8 skipped in 981.20s (0:16:21) =====": (7141, 0, 8),
        "2 failed, 10 passed, 1 error in 3.50s": (10, 3, 0),
        "= 5 passed, 1 xfailed in 0.01s =": (5, 0, 0),
    }
    for line, (passed, failed, skipped) in lines.items():
        match = command._CLOSING.match(line)
        assert match is not None, line
        counts = Counter(
            {word: int(number) for number, word in command._COUNT.findall(match[1])}
        )
        summary = f"{passed} passed, {failed} failed"
        assert command._summary(counts) == summary + (
            f", {skipped} skipped" if skipped else ""
        )
    assert command._CLOSING.match("tests/test_media.py::test_x PASSED") is None


def test_the_tour_runs() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "examples.tour"],
        cwd=REPOSITORY,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert (
        "bad input: expected int32, got the string 'wide' at $.media.width"
        in result.stdout
    )
    assert "decodes to an equal object: True" in result.stdout


def test_the_test_command_skips_the_compiled_run_without_a_compiler(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests import __main__ as command

    monkeypatch.setattr(command, "compiler_problem", lambda: "no C compiler (cc)")
    assert command._build() is False
    assert capsys.readouterr().out == (
        "python -m tests: the compiled run is skipped: no C compiler (cc); install a"
        " C compiler and Python's headers (apt-get install gcc python3-dev) to test"
        " the compiled codecs too\n"
    )
