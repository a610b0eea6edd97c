"""Parsing type expressions such as ``list[Image]``, ``dict[str, int32]?`` or ``common.Address``.

The parser only checks the shape; names are resolved later against the declared enums
and models of every schema file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_TOKEN = re.compile(r"\s*(?:([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)|(.))")


@dataclass(frozen=True)
class Named:
    """A scalar, enum or model name, possibly qualified by a module path."""

    name: str


@dataclass(frozen=True)
class Generic:
    """``list[T]`` or ``dict[K, V]``: a constructor applied to arguments."""

    constructor: str
    arguments: tuple[TypeExpr, ...]


@dataclass(frozen=True)
class Optional:
    inner: TypeExpr


TypeExpr = Named | Generic | Optional

ARITY = {"list": 1, "dict": 2}


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

    def expect(self, token: str) -> None:
        if self.peek() != token:
            found = self.peek()
            raise TypeSyntaxError(
                f"expected '{token}' in type '{self.text}'"
                + (f", found '{found}'" if found else ", found the end"),
                self.offset(),
            )
        self.index += 1

    def parse_type(self) -> TypeExpr:
        start = self.offset()
        token = self.peek()
        if token is None or not (token[0].isalpha() or token[0] == "_"):
            raise TypeSyntaxError(f"expected a type name in '{self.text}'", start)
        self.index += 1
        result: TypeExpr = Named(token)
        if self.peek() == "[":
            if token not in ARITY:
                raise TypeSyntaxError(f"'{token}' takes no type arguments", start)
            self.index += 1
            arguments = [self.parse_type()]
            while self.peek() == ",":
                self.index += 1
                arguments.append(self.parse_type())
            self.expect("]")
            if len(arguments) != ARITY[token]:
                raise TypeSyntaxError(
                    f"'{token}' takes {ARITY[token]} type argument"
                    + ("s" if ARITY[token] > 1 else "")
                    + f", got {len(arguments)}",
                    start,
                )
            result = Generic(token, tuple(arguments))
        elif token in ARITY:
            raise TypeSyntaxError(
                f"'{token}' needs type arguments, as in {token}[...]", start
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
    if parser.peek() is not None:
        raise TypeSyntaxError(
            f"unexpected '{parser.peek()}' in type '{text}'", parser.offset()
        )
    return result
