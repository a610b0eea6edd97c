"""The ``foryjson-native`` contender's modules: generated with ``--native``, compiled once.

:func:`load` generates the schemas of the suite's workloads (``SCHEMAS``) with
``foryjson-gen --native`` into ``benchmarks/.native-build/KEY/generated_native/``,
compiles their C sources in place (``foryjson.native.build``), puts the folder on
``sys.path`` and imports the modules. ``KEY`` hashes the schemas, the generator's
sources (the runtime, the C header and the templates) and the interpreter, so a rerun
reuses the build, and any change to them builds anew beside it
(``rm -rf benchmarks/.native-build`` removes them all; the folder is not tracked).
A build is made in a temporary folder and renamed into place, so a process never sees
half of one, and its output goes to stderr, never to a timing process's results.

:func:`problem` says why nothing can be compiled here (no C compiler, no Python
headers), or that ``$FORYJSON_PURE`` would keep the compiled code unused; the
contender (which also needs setuptools installed) is then skipped, as a contender
whose packages are missing is.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import os
import shutil
import sys
import sysconfig
import tempfile
from pathlib import Path
from types import ModuleType

REPOSITORY = Path(__file__).resolve().parents[2]
CACHE = REPOSITORY / "benchmarks" / ".native-build"
PACKAGE = "generated_native"
"""The package the modules are generated as: not ``generated``, which the
``foryjson`` reference imports in the same process."""
SCHEMAS = ("media", "users", "clients", "orders", "filetree")
"""The schemas (``schemas/NAME.yaml``) of the suite's workloads."""
_COMPILED = (".pyc", ".so", ".pyd")
"""Files below the generator that builds make, which the key leaves out."""


def problem() -> str | None:
    """Why the compiled modules cannot be built or used here, or None."""
    from foryjson.native import ENVIRONMENT_VARIABLE, pure

    if pure():
        return f"${ENVIRONMENT_VARIABLE} is set: the compiled code would not run"
    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not headers.is_file():
        return f"no Python headers ({headers} is missing)"
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler} is not on PATH)"
    return None


def _sources() -> list[tuple[str, Path]]:
    """Every file the build depends on, each with the name it is hashed under."""
    import foryjson
    from foryjson.gen.templating import template_folder

    found = [
        (f"schemas/{name}.yaml", REPOSITORY / "schemas" / f"{name}.yaml")
        for name in SCHEMAS
    ]
    for label, root in (
        ("foryjson", Path(foryjson.__file__).resolve().parent),
        ("templates", template_folder()),
    ):
        for path in sorted(root.rglob("*")):
            compiled = "__pycache__" in path.parts or path.suffix in _COMPILED
            if path.is_file() and not compiled:
                found.append((f"{label}/{path.relative_to(root).as_posix()}", path))
    return found


def key() -> str:
    """The build's folder name: a hash of its sources and of the interpreter."""
    digest = hashlib.sha256()
    interpreter = (sys.version, sysconfig.get_config_var("EXT_SUFFIX") or "")
    digest.update(repr(interpreter).encode())
    for name, path in _sources():
        data = path.read_bytes()
        digest.update(f"\0{name}\0{len(data)}\0".encode())
        digest.update(data)
    return digest.hexdigest()[:16]


def build() -> Path:
    """The folder holding the compiled ``PACKAGE``: the cached build, or a new one."""
    folder = CACHE / key()
    if folder.is_dir():
        return folder
    from foryjson.gen.cli import main
    from foryjson.native.build import build_in_place

    CACHE.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="partial-", dir=CACHE) as temporary:
        work = Path(temporary)
        schemas = work / "schemas"
        schemas.mkdir()
        for name in SCHEMAS:
            shutil.copy(REPOSITORY / "schemas" / f"{name}.yaml", schemas)
        output = work / "build" / PACKAGE
        with contextlib.redirect_stdout(sys.stderr):
            status = main([str(schemas), "-o", str(output), "--native"])
            if status != 0:
                raise RuntimeError(f"foryjson-gen --native failed ({status})")
            build_in_place(output)
        try:
            os.replace(work / "build", folder)
        except OSError:
            if not folder.is_dir():  # another process may have won the race
                raise
    return folder


def load() -> dict[str, ModuleType]:
    """The compiled modules by schema name; raises unless each one that has a C source
    runs its compiled code (``NATIVE``)."""
    folder = build()
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))
    modules = {name: importlib.import_module(f"{PACKAGE}.{name}") for name in SCHEMAS}
    for name, module in modules.items():
        compiled = (folder / PACKAGE / f"_{name}_native.c").is_file()
        if compiled and module.NATIVE is not True:
            raise RuntimeError(
                f"{PACKAGE}.{name} does not use its compiled code (NATIVE is"
                f" {module.NATIVE!r}); remove {folder} to rebuild it"
            )
    if not modules["media"].NATIVE:
        raise RuntimeError(f"{PACKAGE}.media has no compiled code")
    return modules
