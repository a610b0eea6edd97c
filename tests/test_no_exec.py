"""Generated code and the runtime never generate code, and need no third-party package."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[1]
RUNTIME = REPOSITORY / "generator" / "foryjson"


def run_python(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *arguments],
        cwd=REPOSITORY,
        capture_output=True,
        text=True,
        check=False,
        env={"PYTHONPATH": f"{REPOSITORY}{':'}{REPOSITORY / 'generator'}", "PATH": ""},
    )


def test_encoding_and_decoding_raise_no_compile_or_exec_events() -> None:
    result = run_python("-m", "tests.no_exec_probe")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["events"] == []
    assert report["errors"] >= 25  # the error paths really ran under the hook


def test_the_hook_would_see_code_generation() -> None:
    probe = (
        "import sys; seen = []\n"
        "sys.addaudithook(lambda e, a: seen.append(e) if e in ('compile', 'exec') else None)\n"
        "import collections; collections.namedtuple('P', 'x')\n"
        "print(seen)\n"
    )
    result = run_python("-c", probe)
    assert "compile" in result.stdout or "exec" in result.stdout


BLOCKER = """
import importlib.abc, sys
class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split('.')[0] in {'jinja2', 'yaml', 'black', 'hypothesis', 'orjson'}:
            raise ImportError(f'{name} is blocked')
sys.meta_path.insert(0, Block())
import foryjson
from generated import catalog, common, media
from generated.shop import events
from tests.media_fixture import media_1
value = media_1()
assert media.MediaContent.from_json(value.to_json_bytes()) == value
assert foryjson.ForyJson(media).to_json(value) == value.to_json()
assert not {'jinja2', 'yaml', 'black'} & set(sys.modules)
print('ok')
"""


def test_runtime_and_generated_code_import_without_third_party_packages() -> None:
    result = run_python(
        "-I",
        "-c",
        f"import sys; sys.path[:0] = {[str(REPOSITORY), str(RUNTIME.parent)]!r}\n"
        + BLOCKER,
    )
    assert result.stdout.strip() == "ok", result.stderr


FORBIDDEN = re.compile(
    r"(?<![\w.])(exec|eval|compile)\(|@dataclass|\bnamedtuple\b|\bNamedTuple\b|"
    r"^\s*import attrs?\b|^\s*from attrs?\b|get_type_hints",
    re.MULTILINE,
)


def test_sources_of_runtime_and_generated_code_hold_no_code_generation() -> None:
    files = [*RUNTIME.glob("*.py"), *(REPOSITORY / "generated").rglob("*.py")]
    assert len(files) > 8
    offenders = {
        str(path.relative_to(REPOSITORY)): FORBIDDEN.findall(path.read_text())
        for path in files
        if FORBIDDEN.search(path.read_text())
    }
    assert offenders == {}
