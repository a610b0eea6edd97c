"""Parsing type expressions such as ``list[Image]``, ``dict[str, int32]?`` or ``common.Address``.

The parser only checks the shape; names are resolved later against the declared enums
and models of every schema file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from . import spellings

_TOKEN = re.compile(
    r"\s*(?:([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*|\.\.\.)|(.))"
)


@dataclass(frozen=True)
class Named:
    """A scalar, enum or model name, possibly qualified by a module path."""

    name: str
    offset: int = field(default=0, compare=False)
    """Where the name starts in the expression, for messages."""


@dataclass(frozen=True)
class Generic:
    """``list[T]`` or ``dict[K, V]``: a constructor applied to arguments."""

    constructor: str
    arguments: tuple[TypeExpr, ...]
    offset: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Optional:
    inner: TypeExpr

    @property
    def offset(self) -> int:
        return self.inner.offset


TypeExpr = Named | Generic | Optional

#: The generic constructors and how many arguments each takes (tuple: one or more).
ARITY = {"list": 1, "set": 1, "dict": 2, "tuple": 0}
_USAGE = {
    "list": "list[T]",
    "set": "set[T]",
    "dict": "dict[K, V]",
    "tuple": "tuple[A, B] or tuple[T, ...]",
}
#: Stands for "any number of elements" in ``tuple[T, ...]``.
ELLIPSIS = "..."
_HINTS = {
    "<": "; type arguments go in square brackets, as in list[int]",
    "|": "; a nullable type is written T?, as in str?",
}


class TypeSyntaxError(ValueError):
    """A malformed type expression; ``offset`` is the character where it went wrong."""

    def __init__(self, message: str, offset: int) -> None:
        super().__init__(message)
        self.offset = offset


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens: list[tuple[str, int]] = []
        for match in _TOKEN.finditer(text):
            token = match.group(1) or match.group(2)
            if token is not None:
                self.tokens.append(
                    (token, match.start(1) if match.group(1) else match.start(2))
                )
        self.index = 0

    def peek(self) -> str | None:
        return self.tokens[self.index][0] if self.index < len(self.tokens) else None

    def offset(self) -> int:
        return (
            self.tokens[self.index][1]
            if self.index < len(self.tokens)
            else len(self.text)
        )

    def fail(self, expected: str) -> TypeSyntaxError:
        found = self.peek()
        return TypeSyntaxError(
            f"expected {expected} in type '{self.text}', found "
            + (f"'{found}'{_HINTS.get(found, '')}" if found else "the end"),
            self.offset(),
        )

    def expect(self, token: str) -> None:
        if self.peek() != token:
            raise self.fail(f"'{token}'")
        self.index += 1

    def foreign_generic(self, word: str) -> str:
        """Why ``word[`` is no type here, with the spelling Java or Python meant."""
        after = (
            self.tokens[self.index + 1][0] if self.index + 1 < len(self.tokens) else ""
        )
        if after == "]":
            if word in ("byte", "Byte"):
                return f"'{word}[]' is a Java byte array: write bytes"
            element = spellings.NAMES.get(word, word)
            return f"'{word}[]' is a Java array: write list[{element}]"
        if word in spellings.NULLABLE:
            return f"'{word}[T]' is written T? here, as in str?"
        if word in spellings.CONSTRUCTORS:
            constructor = spellings.CONSTRUCTORS[word]
            return f"'{word}' is written {_USAGE[constructor]} here (lower case)"
        return f"'{word}' takes no type arguments; only list, set, dict and tuple do"

    def parse_type(self) -> TypeExpr:
        start = self.offset()
        word = self.peek()
        if word is None or not (word[0].isalpha() or word[0] == "_"):
            raise self.fail("a type name")
        self.index += 1
        result: TypeExpr = Named(word, start)
        if self.peek() == "[":
            if word not in ARITY:
                raise TypeSyntaxError(self.foreign_generic(word), start)
            self.index += 1
            arguments = [self.parse_type()]
            while self.peek() == ",":
                self.index += 1
                if word == "tuple" and self.peek() == ELLIPSIS:
                    arguments.append(Named(ELLIPSIS, self.offset()))
                    self.index += 1
                    if len(arguments) != 2:
                        raise TypeSyntaxError(
                            "write tuple[T, ...] for a tuple of any length: '...'"
                            " follows exactly one element type",
                            arguments[-1].offset,
                        )
                    break
                arguments.append(self.parse_type())
            self.expect("]")
            if ARITY[word] and len(arguments) != ARITY[word]:
                raise TypeSyntaxError(
                    f"'{word}' takes {ARITY[word]} type argument"
                    + ("s" if ARITY[word] > 1 else "")
                    + f", got {len(arguments)}: write {_USAGE[word]}",
                    start,
                )
            result = Generic(word, tuple(arguments), start)
        elif word in ARITY:
            raise TypeSyntaxError(
                f"'{word}' needs type arguments: write {_USAGE[word]}", start
            )
        if self.peek() == "?":
            self.index += 1
            if self.peek() == "?":
                raise TypeSyntaxError(
                    "a type is nullable once: write 'T?', not 'T??'", self.offset()
                )
            result = Optional(result)
        return result


def parse(text: str) -> TypeExpr:
    """Parse a whole type expression; raises ``TypeSyntaxError``."""
    parser = _Parser(text)
    result = parser.parse_type()
    found = parser.peek()
    if found is not None:
        raise TypeSyntaxError(
            f"unexpected '{found}' in type '{text}'{_HINTS.get(found, '')}",
            parser.offset(),
        )
    return result
