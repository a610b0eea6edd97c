"""Reading schema YAML while keeping the line and column of every node.

PyYAML's composer gives nodes with marks; this module wraps them in small accessors
so every later check can point at the exact place of a mistake.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import yaml


@dataclass(frozen=True, order=True)
class Location:
    """A place in a schema file; line and column count from 1."""

    file: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


class SchemaError(Exception):
    """A mistake in a schema, reported as ``file:line:col: error: message``."""

    def __init__(self, location: Location, message: str) -> None:
        super().__init__(f"{location}: error: {message}")
        self.location = location
        self.message = message


def suggest(word: str, choices: Iterable[str]) -> str:
    """A `` (did you mean 'x'?)`` suffix for a misspelling, or an empty string."""
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""


class Node:
    """A YAML node with its location and typed accessors that raise ``SchemaError``."""

    def __init__(self, node: yaml.Node, file: str) -> None:
        self._node = node
        self._file = file
        mark = node.start_mark
        self.location = Location(file, mark.line + 1, mark.column + 1)

    def error(self, message: str) -> SchemaError:
        return SchemaError(self.location, message)

    @property
    def is_mapping(self) -> bool:
        return isinstance(self._node, yaml.MappingNode)

    @property
    def is_sequence(self) -> bool:
        return isinstance(self._node, yaml.SequenceNode)

    @property
    def is_null(self) -> bool:
        return isinstance(self._node, yaml.ScalarNode) and self._node.tag.endswith(
            ":null"
        )

    def scalar(self) -> object:
        """The plain value of a scalar node: str, int, float, bool or None."""
        if not isinstance(self._node, yaml.ScalarNode):
            raise self.error("expected a single value here, not a list or mapping")
        return _CONSTRUCTOR.construct_object(self._node, deep=True)

    def text(self, what: str) -> str:
        if not isinstance(self._node, yaml.ScalarNode) or not self._node.tag.endswith(
            ":str"
        ):
            raise self.error(f"{what} must be a string")
        return str(self._node.value)

    def boolean(self, what: str) -> bool:
        value = self.scalar() if isinstance(self._node, yaml.ScalarNode) else None
        if not isinstance(value, bool):
            raise self.error(f"{what} must be true or false")
        return value

    def items(self, what: str) -> Iterator[tuple[str, Node, Node]]:
        """The entries of a mapping as (key, key node, value node); duplicate keys fail."""
        if not isinstance(self._node, yaml.MappingNode):
            raise self.error(f"{what} must be a mapping")
        seen: set[str] = set()
        for key_node, value_node in self._node.value:
            key = Node(key_node, self._file)
            name = key.text(f"a key of {what}")
            if name in seen:
                raise key.error(f"duplicate key '{name}' in {what}")
            seen.add(name)
            yield name, key, Node(value_node, self._file)

    def sequence(self, what: str) -> list[Node]:
        if not isinstance(self._node, yaml.SequenceNode):
            raise self.error(f"{what} must be a list")
        return [Node(child, self._file) for child in self._node.value]

    def mapping(
        self, what: str, allowed: Iterable[str]
    ) -> dict[str, tuple[Node, Node]]:
        """The entries of a mapping by key; keys outside ``allowed`` are errors."""
        allowed = tuple(allowed)
        entries: dict[str, tuple[Node, Node]] = {}
        for name, key, value in self.items(what):
            if name not in allowed:
                raise key.error(
                    f"unknown key '{name}' in {what}{suggest(name, allowed)}"
                )
            entries[name] = (key, value)
        return entries


_CONSTRUCTOR = yaml.constructor.SafeConstructor()

_FLOW_HINT = (
    "; in a flow mapping such as {type: ...}, quote type expressions that hold"
    ' ?, [ or , (write {type: "list[int]"})'
)


def load(path: Path, display: str) -> Node:
    """Parse one schema file into a located node tree; YAML errors become SchemaErrors."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise SchemaError(
            Location(display, 1, 1), f"cannot read the file: {error}"
        ) from None
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        message = f"invalid YAML: {error.problem or error.context}"
        if error.context and "flow" in error.context:
            message += _FLOW_HINT
        raise SchemaError(Location(display, line, column), message) from None
    if root is None:
        raise SchemaError(Location(display, 1, 1), "the schema file is empty")
    return Node(root, display)
