"""Run the whole test suite twice: on the compiled codecs, then on pure Python.

``python -m tests [PYTEST-OPTION...]`` is the README's test command, the one CI runs:

1. ``foryjson-gen build generated/`` compiles the C sources beside the repository's
   example modules in place (``generated/_media_native.c`` to
   ``generated/_media_native.*.so``). Where there is no C compiler or no Python
   headers, it says so and the compiled run is left out.
2. pytest runs the suite with the compiled modules in use (``generated.media.NATIVE``
   is True). ``FORYJSON_TESTS_NATIVE=1`` tells the tests that they must be, so that a
   build that does not load fails instead of passing as pure Python.
3. pytest runs it again with ``FORYJSON_PURE=1``: every generated module, those the
   tests generate in temporary folders too, uses its Python codecs alone.

Both runs use every processor (pytest-xdist's ``-n auto``) unless the options given
choose (``-n 0``, ``-p no:xdist``); the options go to both runs, for example
``python -m tests -k media -x``. The last line adds up both runs' counts. For one run,
use pytest itself: ``python -m pytest`` tests what ``generated/`` has built,
``FORYJSON_PURE=1 python -m pytest`` the Python codecs.
"""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

from tests.native_support import compiler_problem

REPOSITORY = Path(__file__).resolve().parents[1]
GENERATED = REPOSITORY / "generated"

#: Set to "1" for the compiled run: the tests then insist on compiled modules.
EXPECT_NATIVE = "FORYJSON_TESTS_NATIVE"

#: pytest's closing line: ``== 7141 passed, 8 skipped in 981.20s (0:16:21) ==``.
_CLOSING = re.compile(r"^=* ?(\d+ \w+.*) in [0-9.]+s( \([0-9:.]+\))?( =+)?$")
_COUNT = re.compile(r"(\d+) (\w+)")


def _say(message: str) -> None:
    print(f"python -m tests: {message}", flush=True)


def _build() -> bool:
    """Compile generated/'s C sources; False where that is not possible here."""
    problem = compiler_problem()
    if problem is not None:
        _say(
            f"the compiled run is skipped: {problem}; install a C compiler and"
            " Python's headers (apt-get install gcc python3-dev) to test the compiled"
            " codecs too"
        )
        return False
    from foryjson.gen.cli import main

    status = main(["build", str(GENERATED)])
    if status != 0:
        raise SystemExit(f"python -m tests: foryjson-gen build failed ({status})")
    return True


def _options(arguments: list[str]) -> list[str]:
    """``arguments``, with ``-n auto`` unless they choose, or xdist is missing; a
    worker that runs out of tests takes some of the other's (``worksteal``)."""
    chosen = any(
        argument in ("-n", "--numprocesses", "no:xdist")
        or argument.startswith(("-n", "--numprocesses=", "--dist"))
        for argument in arguments
    )
    if chosen or importlib.util.find_spec("xdist") is None:
        return arguments
    return ["-n", "auto", "--dist", "worksteal", *arguments]


def _pytest(
    title: str, options: list[str], environment: dict[str, str]
) -> tuple[int, Counter[str]]:
    """Run pytest, echoing its output; its exit status and closing counts."""
    _say(title)
    command = [sys.executable, "-m", "pytest", *options]
    counts: Counter[str] = Counter()
    with subprocess.Popen(
        command,
        cwd=REPOSITORY,
        env={**os.environ, **environment},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        encoding="utf-8",
        errors="replace",
    ) as process:
        assert process.stdout is not None
        for line in process.stdout:
            sys.stdout.write(line)
            sys.stdout.flush()
            closing = _CLOSING.match(line.strip())
            if closing:
                counts = Counter(
                    {word: int(number) for number, word in _COUNT.findall(closing[1])}
                )
    return process.returncode, counts


def main(arguments: list[str]) -> int:
    options = _options(arguments)
    runs: list[tuple[str, int, Counter[str]]] = []
    if _build():
        status, counts = _pytest(
            "run 1 of 2: the compiled codecs of generated/",
            options,
            {"FORYJSON_PURE": "", EXPECT_NATIVE: "1"},
        )
        runs.append(("compiled", status, counts))
    status, counts = _pytest(
        f"run {len(runs) + 1} of {len(runs) + 1}: pure Python (FORYJSON_PURE=1)",
        options,
        {"FORYJSON_PURE": "1", EXPECT_NATIVE: ""},
    )
    runs.append(("pure", status, counts))
    total: Counter[str] = Counter()
    for name, status, counts in runs:
        total.update(counts)
        _say(f"{name}: exit status {status}, {_summary(counts)}")
    # The plain closing line CI reads, for both runs together.
    print(f"total: {_summary(total)}", flush=True)
    return max(status for _, status, _ in runs)


def _summary(counts: Counter[str]) -> str:
    failed = counts["failed"] + counts["error"] + counts["errors"]
    line = f"{counts['passed']} passed, {failed} failed"
    if counts["skipped"]:
        line += f", {counts['skipped']} skipped"
    return line


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
