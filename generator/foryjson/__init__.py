"""foryjson: Fory JSON's wire format for Python, as ahead-of-time generated codecs.

The runtime that generated modules import. It has no third-party dependencies.

Importing a generated module loads only the runtime modules its types use: ``ForyJson``
(``foryjson.facade``) is imported when first looked up here, and so are the java.time
value classes (``Year``, ``YearMonth``, ``MonthDay``, ``Period``, from
``foryjson.javatime``) and each runtime module named as an attribute
(``foryjson.stream``), as if imported by name.
"""

from __future__ import annotations

from .errors import DecodeError, EncodeError

TYPE_CHECKING = False  # typing is for type checkers only (see foryjson.codec)
if TYPE_CHECKING:
    from typing import Any

    from .facade import ForyJson
    from .javatime import MonthDay, Period, Year, YearMonth

__all__ = [
    "DecodeError",
    "EncodeError",
    "ForyJson",
    "MonthDay",
    "Period",
    "Year",
    "YearMonth",
    "__version__",
]

# The value classes of foryjson.javatime, imported when first looked up.
_JAVA_TIME_CLASSES = frozenset({"MonthDay", "Period", "Year", "YearMonth"})

__version__ = "0.1.0"

# The runtime modules that foryjson.NAME imports on first use.
_SUBMODULES = frozenset(
    {
        "binary",
        "codec",
        "decimals",
        "depth",
        "dynamic",
        "errors",
        "facade",
        "fastwriter",
        "hashing",
        "javafloats",
        "javatime",
        "identifiers",
        "limits",
        "numbers",
        "plain",
        "pretty",
        "pyvalues",
        "reader",
        "represent",
        "roots",
        "stream",
        "temporal",
        "writer",
    }
)


def __getattr__(name: str) -> Any:
    """``ForyJson``, the java.time value classes and the runtime modules, each
    imported when first looked up."""
    if name == "ForyJson":
        from .facade import ForyJson

        globals()[name] = ForyJson
        return ForyJson
    if name in _JAVA_TIME_CLASSES:
        from . import javatime

        value = getattr(javatime, name)
        globals()[name] = value
        return value
    if name in _SUBMODULES:
        import sys

        __import__(f"{__name__}.{name}")  # sets the attribute as well
        return sys.modules[f"{__name__}.{name}"]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | {"ForyJson"} | _JAVA_TIME_CLASSES)
