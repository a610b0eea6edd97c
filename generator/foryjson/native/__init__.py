"""Load the compiled encoders ``foryjson-gen --native`` writes C sources for.

A module generated with ``--native`` calls ``load`` once, at import: it imports the
extension built beside it (``_media_native`` beside ``media``) and hands it the
model classes and enum members its encoders compare with. Where the extension is not
built, is stale, or ``$FORYJSON_PURE`` is set (to anything but ``""`` or ``0``), the
module uses its Python encoders alone, and its ``NATIVE`` attribute is False.

A compiled encoder takes ``(value, max_depth)`` (``max_depth`` defaults to the
module's limit) and returns the document's UTF-8
bytes, or None for the Python encoders to write the value or raise its
``EncodeError``. ``foryjson.native.build`` compiles the sources (see
``docs/native.md``); ``foryjson_native.h``, beside this file, is the C they share.
"""

from __future__ import annotations

# Only modules every interpreter has imported by now: loading costs nothing more.
import os
import sys
from collections.abc import Callable

from ..limits import DEFAULT_LIMITS, Limits

TYPE_CHECKING = False  # typing is for type checkers only (see foryjson.codec)
if TYPE_CHECKING:
    from typing import Any

__all__ = ["ENVIRONMENT_VARIABLE", "NativeEncoder", "include_dir", "load", "pure"]

#: Set to anything but "" or "0", this environment variable makes every generated
#: module use its Python encoders.
ENVIRONMENT_VARIABLE = "FORYJSON_PURE"

#: A compiled encoder: ``(value[, max_depth])`` to the document's bytes, or None.
NativeEncoder = Callable[[object, int], "bytes | None"]


def pure() -> bool:
    """Whether ``$FORYJSON_PURE`` asks for the Python encoders alone."""
    return os.environ.get(ENVIRONMENT_VARIABLE, "") not in ("", "0")


def include_dir() -> str:
    """The folder of ``foryjson_native.h``, for a compiler's include path."""
    return os.path.dirname(os.path.realpath(__file__))


def load(
    module: str,
    extension: str,
    fingerprint: str,
    types: tuple[type, ...],
    enums: tuple[tuple[Any, ...], ...],
    limits: Limits = DEFAULT_LIMITS,
) -> tuple[bool, tuple[Any, ...]]:
    """Whether the compiled encoders of ``module`` are in use, and one per type.

    ``extension`` is the extension module's name beside ``module``; ``fingerprint``
    identifies the C source the module was generated with, so that a stale build is
    not used. Each encoder is None where the Python encoders write; called with the
    value alone, it counts nesting against ``limits.max_depth``, the module's.
    """
    unused: tuple[Any, ...] = (None,) * len(types)
    if pure():
        return False, unused
    package = module.rpartition(".")[0]
    name = f"{package}.{extension}" if package else extension
    try:
        __import__(name)
    except ImportError:
        return False, unused
    compiled = sys.modules[name]
    if not compiled.bind(fingerprint, types, enums, limits.max_depth):
        import warnings

        warnings.warn(
            f"{name} was built from another version of {module}'s C source: it is"
            " not used; rebuild it (foryjson-gen build)",
            RuntimeWarning,
            stacklevel=2,
        )
        return False, unused
    return True, tuple(getattr(compiled, f"encode_{cls.__name__}") for cls in types)
