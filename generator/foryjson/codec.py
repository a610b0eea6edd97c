"""What a generated module tells the ``ForyJson`` facade about each of its types."""

from __future__ import annotations

from collections.abc import Callable
from types import GenericAlias

from .limits import DEFAULT_LIMITS, Limits

# ``typing`` only for type checkers (which read this flag as True): importing it would
# add about 5 ms to the cold start of every generated module.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Generic, TypeVar

    T = TypeVar("T")

    class _Generic(Generic[T]):
        """``Codec[T]`` for type checkers."""

else:
    T = None  # the parameter's stand-in: at run time ``Codec[X]`` is only an alias

    class _Generic:
        """``Codec[X]`` at run time, as ``Generic`` gives it, without ``typing``."""

        __slots__ = ()
        __class_getitem__ = classmethod(GenericAlias)


__all__ = ["MISSING", "Codec", "Fresh", "fresh"]


class _Missing:
    """Marks a constructor argument that was not passed."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "MISSING"


#: Marks the fields ``replace`` leaves as they are.
MISSING: Any = _Missing()


class Fresh:
    """The default of a constructor parameter made afresh for each object: a list,
    dict or set default (never shared), or an enum member of a module that may still
    be importing. Shown as the default it stands for, so ``help`` reads naturally."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return self.text


def fresh(text: str) -> Any:
    """A ``Fresh`` default showing ``text``, typed to stand for any parameter's type."""
    return Fresh(text)


class Codec(_Generic[T]):
    """The encoder and decoder of one generated type.

    ``encode`` turns a value into compact JSON text; ``decode`` turns the plain value the
    reader produced (dicts, lists, strings, numbers) into the typed value. Both raise only
    ``EncodeError`` and ``DecodeError``. ``exact`` asks the reader to keep numbers with
    a fraction as exact text, for types that hold decimals. ``depth`` is the deepest
    nesting the type's documents can have (``None``: no bound), ``discriminators`` the
    subtype property names reachable from it, ``limits`` its module's defaults.
    ``plain`` turns a value into plain data for orjson, or raises for ``encode`` to
    write it (see ``foryjson.fastwriter``); None where the type has no plain encoder.
    With ``counts_depth`` it also takes the nesting levels the value may use.
    ``builtins`` turns a value into the Python data of its JSON (see
    ``foryjson.pyvalues``), taking ``Options`` and, with ``counts_depth``, the levels.
    ``untyped`` is False where no value of the type is kept as it was read (``any``,
    raw JSON, catch-all members, user codecs), which spares the orjson backend
    screens, and ``decimals`` names the members that hold the type's decimals, by
    which the orjson backend finds their exact text (see ``reader.decode``).
    ``key`` identifies the type of a generated root (a schema's ``roots``) the way
    ``foryjson.roots`` resolves type expressions, so that ``ForyJson`` uses it for
    them; None for the codecs of models and enums. ``native`` is the compiled encoder
    of a module generated with ``--native`` whose extension is in use (see
    ``foryjson.native``): it writes first, and gives up (None) where ``encode`` must;
    ``native_read`` is the compiled decoder, which reads first and gives up (None)
    where ``decode`` must.
    """

    __slots__ = (
        "builtins",
        "decimals",
        "decode",
        "depth",
        "discriminators",
        "encode",
        "exact",
        "key",
        "limits",
        "counts_depth",
        "native",
        "native_read",
        "plain",
        "type",
        "untyped",
    )

    def __init__(
        self,
        type: type[Any],
        encode: Callable[[T], str],
        decode: Callable[[Any], T],
        exact: bool = False,
        depth: int | None = 0,
        discriminators: tuple[str, ...] = (),
        limits: Limits = DEFAULT_LIMITS,
        plain: Callable[..., object] | None = None,
        untyped: bool = True,
        decimals: tuple[str, ...] = (),
        counts_depth: bool = False,
        key: object = None,
        builtins: Callable[..., object] | None = None,
        native: Callable[[object, int], bytes | None] | None = None,
        native_read: Callable[..., T | None] | None = None,
    ) -> None:
        self.type = type
        self.encode = encode
        self.decode = decode
        self.exact = exact
        self.depth = depth
        self.discriminators = discriminators
        self.limits = limits
        self.plain = plain
        self.untyped = untyped
        self.decimals = decimals
        self.counts_depth = counts_depth
        self.key = key
        self.builtins = builtins
        self.native = native
        self.native_read = native_read

    def decode_document(
        self, data: Any, limits: Limits | None = None, *, fast: bool | None = None
    ) -> T:
        """Read one JSON document with the Python decoder: the reader's checks
        within ``limits`` (default: the type's), then ``decode``, with what the type
        needs (exact numbers, subtype properties, decimals). Raises only
        ``DecodeError``. ``fast`` chooses the parser, as for ``reader.read``."""
        from . import reader

        result: T = reader.decode(
            self.decode,
            data,
            self.limits if limits is None else limits,
            self.exact,
            fast=fast,
            depth=self.depth,
            discriminators=self.discriminators,
            untyped=self.untyped,
            decimals=self.decimals,
        )
        return result

    def __repr__(self) -> str:
        if self.key is not None:
            return f"Codec({self.key!r})"
        return f"Codec({self.type.__qualname__})"
