"""The documentation site builds with ``mkdocs build --strict``.

Strict mode, with the validation settings of ``mkdocs.yml``, fails the build for a
broken link or anchor and for a page of ``docs/`` that the nav leaves out.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import yaml

REPOSITORY = Path(__file__).resolve().parents[1]
DOCS = REPOSITORY / "docs"


def nav_pages(entries: list[object]) -> list[str]:
    """Every page a nav names, depth first."""
    pages: list[str] = []
    for entry in entries:
        values = entry.values() if isinstance(entry, dict) else [entry]
        for value in values:
            pages += nav_pages(value) if isinstance(value, list) else [str(value)]
    return pages


def build(config: Path, site: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [
            *(sys.executable, "-m", "mkdocs", "build", "--strict"),
            *("--config-file", str(config), "--site-dir", str(site)),
        ],
        cwd=REPOSITORY,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_the_site_builds_in_strict_mode(tmp_path: Path) -> None:
    result = build(REPOSITORY / "mkdocs.yml", tmp_path / "site")
    assert result.returncode == 0, result.stdout + result.stderr
    assert (tmp_path / "site" / "index.html").is_file()
    assert (tmp_path / "site" / "wire-compatibility" / "index.html").is_file()


def test_the_nav_names_every_page_once() -> None:
    config = yaml.safe_load((REPOSITORY / "mkdocs.yml").read_text(encoding="utf-8"))
    pages = nav_pages(config["nav"])
    assert len(pages) == len(set(pages))
    on_disk = sorted(path.relative_to(DOCS).as_posix() for path in DOCS.rglob("*.md"))
    assert sorted(pages) == on_disk


def test_a_broken_anchor_fails_the_build(tmp_path: Path) -> None:
    """The strict settings are live: a copy of the docs with one bad link fails."""
    docs = tmp_path / "docs"
    docs.mkdir()
    for path in DOCS.rglob("*.md"):
        target = docs / path.relative_to(DOCS)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(path.read_bytes())
    with (docs / "cli.md").open("a", encoding="utf-8") as page:
        page.write("\nSee [the types](types.md#no-such-heading).\n")
    config = tmp_path / "mkdocs.yml"
    text = (REPOSITORY / "mkdocs.yml").read_text(encoding="utf-8")
    config.write_text(text.replace("docs_dir: docs", f"docs_dir: {docs}"))
    result = build(config, tmp_path / "site")
    assert result.returncode == 1
    assert "does not contain an anchor '#no-such-heading'" in result.stderr
