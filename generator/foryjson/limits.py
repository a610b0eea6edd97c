"""Bounds on what one read or write may cost, for documents from untrusted sources.

Every decode checks the input size first, then (for inputs large enough to matter) an
estimate of the memory decoding the document will take, before any value is built. The
nesting depth is counted on the text of every document before it is parsed, and on the
text an encoder produced for types that can nest without a bound fixed by the schema
(recursive models, ``any``, raw values). Numbers are limited to
``MAX_NUMBER_CHARS`` characters and decimal exponents to ``MAX_DECIMAL_EXPONENT`` (see
``foryjson.numbers`` and ``foryjson.decimals``); those two are fixed, as in Fory.
Streams read a chunk of ``DEFAULT_CHUNK_SIZE`` bytes at a time and refuse values over
``DEFAULT_MAX_VALUE_BYTES`` unless told otherwise (see ``foryjson.stream``).
"""

from __future__ import annotations

__all__ = [
    "DEFAULT_CHUNK_SIZE",
    "DEFAULT_LIMITS",
    "DEFAULT_MAX_DEPTH",
    "DEFAULT_MAX_GRAPH_BYTES",
    "DEFAULT_MAX_INPUT_BYTES",
    "DEFAULT_MAX_VALUE_BYTES",
    "MAX_DEPTH_CEILING",
    "MAX_NUMBER_CHARS",
    "Limits",
    "read_limits",
]

#: Deepest nesting of arrays and objects read or written, as Fory's default.
DEFAULT_MAX_DEPTH = 20
#: The largest ``max_depth`` accepted. Parsers recurse once per level: the standard
#: library's C scanner counts against the interpreter's recursion limit (1000 by
#: default, shared with the caller's frames) and uses about 130 bytes of C stack per
#: level, orjson stops at 1024 levels. This keeps every read within both with room to
#: spare, and a few dozen KiB of stack.
MAX_DEPTH_CEILING = 512
#: Largest accepted input, in bytes (characters for ``str`` input): 64 MiB.
DEFAULT_MAX_INPUT_BYTES = 64 * 1024 * 1024
#: Largest estimated memory one read may build, as Fory's cap: 128 MiB.
DEFAULT_MAX_GRAPH_BYTES = 128 * 1024 * 1024
#: The longest number foryjson reads or writes, in characters (as Fory).
MAX_NUMBER_CHARS = 10_000
#: Bytes a stream reader asks of the file object per read.
DEFAULT_CHUNK_SIZE = 64 * 1024
#: Largest accepted single value of a stream (array element or NDJSON line), in
#: bytes: 16 MiB.
DEFAULT_MAX_VALUE_BYTES = 16 * 1024 * 1024


class Limits:
    """The limits one ``ForyJson`` instance (or one generated module) applies.

    ``max_depth`` bounds the nesting of arrays and objects, on read and on write (at
    most ``MAX_DEPTH_CEILING``);
    ``max_input_bytes`` the size of one document; ``max_graph_bytes`` the estimated
    memory one decode takes at its peak: the plain values, the typed values built from
    them and the parser's buffers (see ``foryjson.reader.estimate_memory``). Each error
    names the limit it hit and the argument that raises it. Instances are immutable
    and can be shared between threads.
    """

    __slots__ = ("max_depth", "max_graph_bytes", "max_input_bytes")

    max_depth: int
    max_input_bytes: int
    max_graph_bytes: int

    def __init__(
        self,
        *,
        max_depth: int = DEFAULT_MAX_DEPTH,
        max_input_bytes: int = DEFAULT_MAX_INPUT_BYTES,
        max_graph_bytes: int = DEFAULT_MAX_GRAPH_BYTES,
    ) -> None:
        for name, value in (
            ("max_depth", max_depth),
            ("max_input_bytes", max_input_bytes),
            ("max_graph_bytes", max_graph_bytes),
        ):
            if type(value) is not int or value <= 0:
                raise ValueError(f"{name} must be a positive integer, not {value!r}")
            object.__setattr__(self, name, value)
        if max_depth > MAX_DEPTH_CEILING:
            raise ValueError(
                f"max_depth must be at most {MAX_DEPTH_CEILING}, not {max_depth}"
            )

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Limits are immutable; make a new instance")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Limits):
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        return (
            f"Limits(max_depth={self.max_depth}, "
            f"max_input_bytes={self.max_input_bytes}, "
            f"max_graph_bytes={self.max_graph_bytes})"
        )

    def _values(self) -> tuple[int, int, int]:
        return (self.max_depth, self.max_input_bytes, self.max_graph_bytes)


#: The limits of generated modules and ``ForyJson`` instances that set none.
DEFAULT_LIMITS = Limits()


def read_limits(limits: Limits) -> tuple[int, int, int, int]:
    """The limits a compiled decoder takes (see ``foryjson.native``): ``(max_depth,
    max_input_bytes, max_graph_bytes, most_per_char)``, the last being the most memory
    the reader's estimate gives one character, below which no estimate is needed."""
    from .reader import MOST_PER_CHAR

    return (
        limits.max_depth,
        limits.max_input_bytes,
        limits.max_graph_bytes,
        MOST_PER_CHAR,
    )
