"""The repository is its own example: the README's commands, CI and the tour agree."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[1]


def readme_commands() -> list[str]:
    text = (REPOSITORY / "README.md").read_text()
    return re.findall(r"```sh\n(.+?)\n```", text)


def test_readme_starts_with_the_two_commands() -> None:
    main_job, tests = readme_commands()[:2]
    assert "foryjson-gen schemas/ -o generated/" in main_job
    assert "pytest" in tests


def test_ci_runs_the_readme_test_command() -> None:
    ci = (REPOSITORY / ".ci" / "run").read_text().strip().splitlines()
    assert ci[-1] == readme_commands()[1]


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
