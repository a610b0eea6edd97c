"""Generated code under stress: many threads, bytecode-only packages, isolated interpreters."""

from __future__ import annotations

import compileall
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from foryjson import ForyJson
from generated import media, payments
from generated.media import Image, MediaContent
from tests.media_fixture import MEDIA_1_JSON, media_1
from tests.test_object_mapping import order

REPOSITORY = Path(__file__).resolve().parents[1]


def test_codecs_give_identical_results_from_eight_threads() -> None:
    fory = ForyJson(media, payments)
    expected_order = order(payments=[payments.CardPayment(last_four="0000")]).to_json()

    def work(seed: int) -> tuple[str, bool, str, bool]:
        results = []
        for _ in range(300):
            text = media_1().to_json()
            decoded = MediaContent.from_json(MEDIA_1_JSON.encode()) == media_1()
            listed = fory.to_json(media_1().images, list[Image])
            value = payments.Order.from_json(expected_order)
            results.append((text, decoded, listed, value.to_json() == expected_order))
        assert len(set(results)) == 1
        return results[0]

    with ThreadPoolExecutor(max_workers=8) as pool:
        outcomes = set(pool.map(work, range(8)))
    assert outcomes == {
        (MEDIA_1_JSON, True, fory.to_json(media_1().images, list[Image]), True)
    }


PROBE = """
import sys
sys.path[:0] = {paths!r}
from generated.media import MediaContent
from tests.media_fixture import MEDIA_1_JSON, media_1
assert MediaContent.from_json(MEDIA_1_JSON) == media_1()
assert media_1().to_json() == MEDIA_1_JSON
import foryjson, generated.media
print(foryjson.__file__.endswith(".pyc"), generated.media.__file__.endswith(".pyc"))
"""


def test_the_package_works_from_bytecode_only(tmp_path: Path) -> None:
    for folder in ("generator/foryjson", "generated", "tests"):
        shutil.copytree(
            REPOSITORY / folder,
            tmp_path / folder,
            ignore=shutil.ignore_patterns("__pycache__", "gen"),
        )
    for root in (tmp_path / "generator", tmp_path):
        assert compileall.compile_dir(root, legacy=True, quiet=1)
    # Keep only bytecode for the runtime, the generated package and the fixture.
    keep = {path for path in (tmp_path / "tests").rglob("*.py")}
    keep.discard(tmp_path / "tests" / "media_fixture.py")
    for source in set(tmp_path.rglob("*.py")) - keep:
        source.unlink()
    paths = [str(tmp_path / "generator"), str(tmp_path)]
    result = subprocess.run(
        [sys.executable, "-I", "-S", "-c", PROBE.format(paths=paths)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["True", "True"]


def test_an_isolated_interpreter_without_site_packages_runs_the_codecs() -> None:
    paths = [str(REPOSITORY / "generator"), str(REPOSITORY)]
    result = subprocess.run(
        [sys.executable, "-I", "-S", "-B", "-c", PROBE.format(paths=paths)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["False", "False"]
