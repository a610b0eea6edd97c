"""What a contender module provides, and the registry of contenders.

A contender module defines its own models for every workload (the media models in
:mod:`benchmarks.suite.media`, where the cold start imports them alone) and a
module-level ``CONTENDER``: for each workload a :class:`Codec` with ``build`` (the workload's plain
data to the contender's object), ``encode(obj) -> bytes`` and ``decode(bytes) -> obj``,
whether ``encode`` writes the expected (Jackson) bytes exactly, and a ``capabilities``
note saying where and why it does not.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import importlib.util
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from benchmarks.suite import native


@dataclass(frozen=True)
class Codec:
    """One contender's models and codec for one workload."""

    build: Callable[[Any], Any]
    """The workload's plain data (one document) to the contender's object."""
    encode: Callable[[Any], bytes]
    decode: Callable[[bytes], Any]
    exact: bool
    """``encode`` writes the expected documents byte for byte."""
    reads_expected: bool
    """``decode`` reads the expected documents back to the built objects."""
    capabilities: str = ""
    """Where the contender's documents differ from the expected ones, and why."""


@dataclass(frozen=True)
class Contender:
    """A library (or hand-written code) with a codec per workload."""

    name: str
    description: str
    distributions: tuple[str, ...]
    """Installed distributions whose versions the results report."""
    codecs: dict[str, Codec] = field(default_factory=dict)
    unsupported: dict[str, str] = field(default_factory=dict)
    """Workloads without a codec, each with the reason (shown as n/a in the tables)."""
    path: tuple[str, ...] = ()
    """Folders besides the repository that the contender's modules are imported from
    (a build made at setup); fresh processes get them on ``PYTHONPATH``."""

    def reason(self, workload: str) -> str:
        """Why the contender has no codec for ``workload``."""
        return self.unsupported.get(workload, "no codec for this workload")


@dataclass(frozen=True)
class Entry:
    """Where a contender lives and which importable packages it needs."""

    module: str
    requires: tuple[str, ...]
    media: str
    """The module with the contender's media models alone, for the cold start."""
    environment: dict[str, str] = field(default_factory=dict)
    """Environment variables the timing and cold-start processes get."""
    probe: Callable[[], str | None] | None = None
    """Why the contender cannot run here though its packages are installed, or None."""


_PACKAGE = "benchmarks.suite.contenders"
_MEDIA = "benchmarks.suite.media"


def _entry(
    name: str,
    requires: tuple[str, ...],
    media: str = "",
    probe: Callable[[], str | None] | None = None,
    **environment: str,
) -> Entry:
    return Entry(
        f"{_PACKAGE}.{name}", requires, f"{_MEDIA}.{media or name}", environment, probe
    )


CONTENDERS: dict[str, Entry] = {
    # The pure-Python output, also where generated/ holds a build.
    "foryjson": _entry(
        "with_foryjson", (), FORYJSON_BACKEND="stdlib", FORYJSON_PURE="1"
    ),
    "foryjson-orjson": _entry(
        "with_foryjson_orjson",
        ("orjson",),
        "with_foryjson",
        FORYJSON_BACKEND="orjson",
        FORYJSON_PURE="1",
    ),
    "foryjson-native": _entry(
        "with_foryjson_native",
        ("setuptools",),
        probe=native.problem,
        FORYJSON_BACKEND="stdlib",
    ),
    "msgspec": _entry("with_msgspec", ("msgspec",)),
    "pydantic": _entry("with_pydantic", ("pydantic",)),
    "mashumaro-orjson": _entry("with_mashumaro", ("mashumaro", "orjson")),
    "mashumaro-json": _entry("with_mashumaro_json", ("mashumaro",)),
    "cattrs-json": _entry("with_cattrs", ("cattrs", "attrs")),
    "cattrs-orjson": _entry("with_cattrs_orjson", ("cattrs", "attrs", "orjson")),
    "orjson": _entry("with_orjson", ("orjson",)),
    "stdlib": _entry("with_stdlib", ()),
    "dataclasses-json": _entry("with_dataclasses_json", ("dataclasses_json",)),
    "marshmallow": _entry("with_marshmallow", ("marshmallow",)),
}
"""Every contender by name; ``foryjson`` is the reference the ratios are taken against."""

REFERENCE = "foryjson"


def missing(name: str) -> list[str]:
    """The packages ``name`` needs that are not installed (empty when it can run)."""
    return [
        package
        for package in CONTENDERS[name].requires
        if importlib.util.find_spec(package) is None
    ]


def unavailable(name: str) -> str | None:
    """Why ``name`` cannot run here (packages missing, or its probe's reason), or None."""
    absent = missing(name)
    if absent:
        return f"not installed: {', '.join(absent)}"
    probe = CONTENDERS[name].probe
    return None if probe is None else probe()


def process_environment(
    name: str, base: Mapping[str, str], contender: Contender | None = None
) -> dict[str, str]:
    """The environment of a fresh process running ``name``: ``base`` with the entry's
    variables, and the loaded contender's ``path`` first on ``PYTHONPATH``."""
    found = {**base, **CONTENDERS[name].environment}
    if contender is not None and contender.path:
        inherited = [found["PYTHONPATH"]] if found.get("PYTHONPATH") else []
        found["PYTHONPATH"] = os.pathsep.join([*contender.path, *inherited])
    return found


def load(name: str) -> Contender:
    """Import the contender's module (it must not be ``missing`` anything)."""
    module = importlib.import_module(CONTENDERS[name].module)
    contender = module.CONTENDER
    assert isinstance(contender, Contender)
    return contender


def versions(contender: Contender) -> dict[str, str]:
    """Installed version of each distribution the contender reports."""
    found: dict[str, str] = {}
    for distribution in contender.distributions:
        try:
            found[distribution] = importlib.metadata.version(distribution)
        except importlib.metadata.PackageNotFoundError:
            found[distribution] = "not installed"
    return found
