"""Install the wheel like a user and use it outside the repository.

Builds the wheel, installs it with its ``gen`` extra into a fresh virtual environment
(the generator's dependencies come from the package index, through pip's cache),
generates a few schemas in a folder of their own with the installed command, and
encodes and decodes with the installed runtime. Deselect with ``-m "not install"``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest

import foryjson
from tests.media_fixture import MEDIA_1_JSON

pytestmark = pytest.mark.install

REPOSITORY = Path(__file__).resolve().parents[1]
SCHEMAS = ("media.yaml", "common.yaml", "catalog.yaml", "shop/events.yaml")
# Those of them with models the C codecs write or read.
C_SOURCES = (
    "_media_native.c",
    "_common_native.c",
    "_catalog_native.c",
    "shop/_events_native.c",
)

SCRIPT = textwrap.dedent("""\
    import foryjson
    from foryjson import DecodeError, ForyJson
    from models import media
    from models.shop import events

    MEDIA_1_JSON = {media_json!r}

    content = media.MediaContent.from_json(MEDIA_1_JSON)
    assert content.to_json() == MEDIA_1_JSON
    assert content.to_json_bytes() == MEDIA_1_JSON.encode()
    print(content.images[0])

    fory = ForyJson(media, events)
    text = fory.to_json(content.images, type=list[media.Image])
    assert fory.from_json(text, type=list[media.Image]) == content.images
    cancelled = events.OrderCancelled.from_json('{{"OrderId":"A-1","Reason":"late"}}')
    print(cancelled.to_json())
    try:
        events.OrderPlaced.from_json(
            '{{"order-id":"A-1","customer-id":1,"total":{{"minorUnits":150}},'
            '"coupon-cod":"X"}}'
        )
    except DecodeError as error:
        print(error)
    print(foryjson.__file__)
    """)


@dataclass(frozen=True)
class Installed:
    """The built wheel and the virtual environment it is installed in."""

    wheel: Path
    scripts: Path

    def tool(self, name: str) -> str:
        return str(self.scripts / (f"{name}.exe" if os.name == "nt" else name))


def user_environment() -> dict[str, str]:
    """The environment without the test run's Python settings (no PYTHONPATH)."""
    environment = {
        key: value for key, value in os.environ.items() if not key.startswith("PYTHON")
    }
    environment["PYTHONIOENCODING"] = "utf-8"
    return environment


def run(*command: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(part) for part in command],
        cwd=cwd,
        env=user_environment(),
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=600,
        check=False,
    )


def succeed(*command: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    result = run(*command, cwd=cwd)
    assert result.returncode == 0, result.stdout + result.stderr
    return result


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    """The wheel of this checkout, installed with ``[gen]`` in a fresh venv."""
    folder = tmp_path_factory.mktemp("install")
    pip = (sys.executable, "-m", "pip", "--disable-pip-version-check")
    succeed(*pip, "wheel", REPOSITORY, "--no-deps", "-q", "-w", folder, cwd=folder)
    (wheel,) = folder.glob("foryjson-*.whl")
    venv = folder / "venv"
    succeed(sys.executable, "-m", "venv", venv, cwd=folder)
    scripts = venv / ("Scripts" if os.name == "nt" else "bin")
    python = scripts / ("python.exe" if os.name == "nt" else "python")
    succeed(python, "-m", "pip", "install", "-q", f"{wheel}[gen]", cwd=folder)
    return Installed(wheel, scripts)


@pytest.fixture(scope="module")
def project(installed: Installed, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A user's folder, outside the repository, after ``foryjson-gen schemas -o models
    --native`` (as the repository's ``generated/``)."""
    root = tmp_path_factory.mktemp("user")
    for name in SCHEMAS:
        target = root / "schemas" / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(REPOSITORY / "schemas" / name, target)
    result = succeed(
        installed.tool("foryjson-gen"), "schemas", "-o", "models", "--native", cwd=root
    )
    assert result.stdout == (
        "foryjson-gen: 6 file(s) in models, 6 written, 0 removed\n"
        f"foryjson-gen: {len(C_SOURCES)} C source(s) in models, {len(C_SOURCES)}"
        " written, 0 removed\n"
    )
    return root


def test_the_wheel_holds_the_runtime_the_generator_and_the_template(
    installed: Installed,
) -> None:
    names = set(zipfile.ZipFile(installed.wheel).namelist())
    source = Path(foryjson.__file__).resolve().parent
    expected = {
        f"foryjson/{path.relative_to(source).as_posix()}"
        for path in [*source.glob("*.py"), *source.glob("gen/*.py")]
    }
    assert expected <= names
    assert "foryjson/py.typed" in names
    assert "foryjson/gen/templates/module.py.jinja" in names
    # --native: the C template, and the headers and loader the C sources need.
    assert "foryjson/gen/templates/native/module.c.jinja" in names
    headers = Path(foryjson.__file__).resolve().parent / "native"
    assert {path.name for path in headers.glob("*.h")} == {
        "foryjson_native.h",
        "foryjson_read.h",
        "foryjson_scalars.h",
        "foryjson_write.h",
    }
    for header in headers.glob("*.h"):
        assert f"foryjson/native/{header.name}" in names
    assert "foryjson/native/__init__.py" in names
    assert not any(
        name.startswith(("tests/", "schemas/", "generated/")) for name in names
    )
    template = zipfile.ZipFile(installed.wheel).read(
        "foryjson/gen/templates/module.py.jinja"
    )
    assert template == (REPOSITORY / "templates" / "module.py.jinja").read_bytes()


def test_the_wheel_declares_no_runtime_dependency(installed: Installed) -> None:
    with zipfile.ZipFile(installed.wheel) as wheel:
        (metadata,) = [n for n in wheel.namelist() if n.endswith(".dist-info/METADATA")]
        lines = wheel.read(metadata).decode().splitlines()
    requires = [line for line in lines if line.startswith("Requires-Dist:")]
    assert requires and all("extra ==" in line for line in requires), requires


def test_the_installed_command_generates_what_the_repository_holds(
    project: Path,
) -> None:
    """Same templates, same pinned black: the same bytes as the committed files."""
    for name in ("media.py", "common.py", "catalog.py", "shop/events.py", *C_SOURCES):
        generated = (project / "models" / name).read_bytes()
        assert generated == (REPOSITORY / "generated" / name).read_bytes(), name


def test_the_installed_command_checks_and_reports_its_version(
    installed: Installed, project: Path
) -> None:
    command = installed.tool("foryjson-gen")
    check = (command, "schemas", "-o", "models", "--native", "--check")
    assert succeed(*check, cwd=project).stderr == ""
    version = succeed(command, "--version", cwd=project).stdout
    assert version == f"foryjson-gen {foryjson.__version__}\n"
    module = project / "models" / "media.py"
    original = module.read_bytes()
    module.write_text("# Code generated by foryjson-gen\n")
    try:
        stale = run(*check, cwd=project)
    finally:
        module.write_bytes(original)
    assert stale.returncode == 1
    assert stale.stderr.startswith("models/media.py: stale\n")


def test_the_generated_modules_run_on_the_installed_runtime(
    installed: Installed, project: Path
) -> None:
    (project / "use_models.py").write_text(SCRIPT.format(media_json=MEDIA_1_JSON))
    python = installed.tool("python")
    result = succeed(python, "use_models.py", cwd=project)
    lines = result.stdout.splitlines()
    assert lines[:3] == [
        "Image(uri='http://javaone.com/keynote_large.jpg', title='Javaone Keynote',"
        " width=1024, height=768, size=<Size.LARGE: 'LARGE'>)",
        '{"OrderId":"A-1","Reason":"late"}',
        "unknown property 'coupon-cod' at $['coupon-cod']",
    ]
    runtime = Path(lines[3]).resolve()
    assert runtime.is_relative_to(installed.scripts.parent.resolve())
    assert not runtime.is_relative_to(REPOSITORY)


def test_the_installed_command_vendors_the_installed_runtime(
    installed: Installed, project: Path
) -> None:
    """The copy comes from site-packages, and runs without foryjson on the path."""
    command = installed.tool("foryjson-gen")
    succeed(command, "schemas", "-o", "bundle", "--vendor-runtime", cwd=project)
    runtime = project / "bundle" / "_foryjson_runtime"
    with zipfile.ZipFile(installed.wheel) as wheel:
        shipped = sorted(
            name.removeprefix("foryjson/")
            for name in wheel.namelist()
            if name.startswith("foryjson/")
            and "/" not in name.removeprefix("foryjson/")
        )
    assert sorted(path.name for path in runtime.iterdir()) == shipped
    script = (
        "import importlib.util, bundle.media, bundle._foryjson_runtime as r\n"
        "print(importlib.util.find_spec('foryjson'), r.__name__)\n"
    )
    # -S: no site-packages, so no installed foryjson either.
    result = succeed(sys.executable, "-S", "-c", script, cwd=project)
    assert result.stdout == "None bundle._foryjson_runtime\n"
