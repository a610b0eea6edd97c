"""Load the compiled codecs ``foryjson-gen --native`` writes C sources for.

A module generated with ``--native`` calls ``load`` once, at import: it imports the
extension built beside it (``_media_native`` beside ``media``) and hands it the
model classes and enum members its codecs compare with and build, and its limits.
Where the extension is not built, is stale, or ``$FORYJSON_PURE`` is set (to anything
but ``""`` or ``0``), the module uses its Python codecs alone, and its ``NATIVE``
attribute is False.

A compiled encoder takes ``(value[, max_depth])`` (``max_depth`` defaults to the
module's limit) and returns the document's UTF-8 bytes, or None for the Python
encoder to write the value or raise its ``EncodeError``. A compiled decoder takes
``(data[, limits])`` (``read_limits(limits)``; the module's by default) and returns
the object, or None for the Python decoder to read the document or raise its
``DecodeError``. ``foryjson.native.build`` compiles the sources (see
``docs/native.md``); ``foryjson_native.h``, beside this file, is the C they share.
"""

from __future__ import annotations

# Only modules every interpreter has imported by now: loading costs nothing more.
import os
import sys
from collections.abc import Callable

from ..limits import DEFAULT_LIMITS, Limits, read_limits

TYPE_CHECKING = False  # typing is for type checkers only (see foryjson.codec)
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "ENVIRONMENT_VARIABLE",
    "NativeDecoder",
    "NativeEncoder",
    "estimate_costs",
    "include_dir",
    "load",
    "pure",
    "read_limits",
]

#: Set to anything but "" or "0", this environment variable makes every generated
#: module use its Python encoders.
ENVIRONMENT_VARIABLE = "FORYJSON_PURE"

#: A compiled encoder: ``(value[, max_depth])`` to the document's bytes, or None.
NativeEncoder = Callable[[object, int], "bytes | None"]
#: A compiled decoder: ``(data[, limits])`` to the object, or None.
NativeDecoder = Callable[[object, "tuple[int, int, int, int]"], object]


def estimate_costs() -> tuple[int, ...]:
    """The figures of the reader's memory estimate (``reader.estimate_memory``), which
    a compiled decoder computes itself for a document too large to need none: the
    cost per byte of text, per ``[``, ``{``, ``,`` (plain and exact), ``:``."""
    from .. import reader

    return reader.ESTIMATE_COSTS


def pure() -> bool:
    """Whether ``$FORYJSON_PURE`` asks for the Python codecs alone."""
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
    functions: tuple[Callable[[Any], Any], ...] = (),
) -> tuple[bool, tuple[Any, ...], tuple[Any, ...]]:
    """Whether the compiled codecs of ``module`` are in use, and the encoder and the
    decoder of each type.

    ``extension`` is the extension module's name beside ``module``; ``fingerprint``
    identifies the C source the module was generated with, so that a stale build is
    not used. An encoder or decoder is None where the Python one works; called
    without limits, they apply ``limits``, the module's. ``functions`` are the
    runtime functions the decoders read some values with, the Python decoders' own.
    """
    unused: tuple[Any, ...] = (None,) * len(types)
    if pure():
        return False, unused, unused
    package = module.rpartition(".")[0]
    name = f"{package}.{extension}" if package else extension
    try:
        __import__(name)
    except ImportError:
        return False, unused, unused
    compiled = sys.modules[name]
    from ..plain import NumberText

    try:
        bound = compiled.bind(
            fingerprint,
            types,
            enums,
            read_limits(limits),
            estimate_costs(),
            functions,
            NumberText,
        )
    except TypeError:
        bound = False  # built by a foryjson whose bind() takes other arguments
    if not bound:
        import warnings

        warnings.warn(
            f"{name} was built from another version of {module}'s C source: it is"
            " not used; rebuild it (foryjson-gen build)",
            RuntimeWarning,
            stacklevel=2,
        )
        return False, unused, unused
    return (
        True,
        tuple(getattr(compiled, f"encode_{cls.__name__}", None) for cls in types),
        tuple(getattr(compiled, f"decode_{cls.__name__}", None) for cls in types),
    )
