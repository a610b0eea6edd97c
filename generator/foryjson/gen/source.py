"""Reading schema YAML while keeping the line and column of every node.

PyYAML's composer gives nodes with marks; this module wraps them in small accessors
so every later check can point at the exact place of a mistake.
"""

from __future__ import annotations

import difflib
import os
import re
import stat
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

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

    def at(self, offset: int) -> Location:
        """The location of character ``offset`` of a one-line scalar's text."""
        node = self._node
        if (
            not isinstance(node, yaml.ScalarNode)
            or node.style not in _INLINE
            or node.start_mark.line != node.end_mark.line
        ):
            return self.location
        shift = offset + (1 if node.style else 0)  # past the opening quote
        return Location(self._file, self.location.line, self.location.column + shift)

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

    @property
    def is_empty(self) -> bool:
        """An empty list, mapping or scalar."""
        return not self._node.value

    @property
    def plain(self) -> bool:
        """Whether a scalar is written without quotes, so that YAML guessed its type."""
        return isinstance(self._node, yaml.ScalarNode) and self._node.style is None

    @property
    def written(self) -> str:
        """A scalar as written in the file, for messages: ``true``, not ``True``."""
        return str(self._node.value)

    def data(self) -> object:
        """The node as JSON data, for the export's ``x-foryjson`` annotation.

        Mappings keep their order; scalars keep YAML's type, and numbers their text
        (``0.10`` stays a ``Decimal`` of two digits). Values JSON has no form for
        (dates YAML guessed, infinities) become their text.
        """
        node = self._node
        if isinstance(node, yaml.MappingNode):
            return {
                str(key.value): Node(value, self._file).data()
                for key, value in node.value
            }
        if isinstance(node, yaml.SequenceNode):
            return [Node(value, self._file).data() for value in node.value]
        value = self.scalar()
        if isinstance(value, float) and _JSON_NUMBER.match(str(node.value)):
            return Decimal(str(node.value))
        if value is None or isinstance(value, bool | int | str):
            return value
        return str(node.value)

    def flag(self, what: str) -> bool:
        """A true/false value."""
        value = self.scalar() if not (self.is_mapping or self.is_sequence) else None
        if not isinstance(value, bool):
            raise self.error(f"{what} takes true or false")
        return value

    def scalar(self) -> object:
        """The plain value of a scalar node: str, int, float, bool or None."""
        if not isinstance(self._node, yaml.ScalarNode):
            raise self.error("expected a single value here, not a list or mapping")
        try:
            return _CONSTRUCTOR.construct_object(self._node, deep=True)
        except (ValueError, OverflowError, yaml.YAMLError):
            # YAML reads 2026-02-30 as a date and fails; such text is for us to judge.
            return str(self._node.value)

    def text(self, what: str) -> str:
        node = self._node
        if not isinstance(node, yaml.ScalarNode) or not node.tag.endswith(":str"):
            raise self.error(f"{what} must be a string{self.why_not_text()}")
        return str(node.value)

    def why_not_text(self) -> str:
        """What YAML read instead of a string, with how to quote it, for messages."""
        node = self._node
        if not isinstance(node, yaml.ScalarNode):
            return ", not a list" if self.is_sequence else ", not a mapping"
        if not node.value:
            return ", but it is empty"
        if not self.plain:
            return ""
        kind = _KINDS.get(node.tag.rpartition(":")[2], "a value")
        return f"; YAML reads {node.value} as {kind}, write '{node.value}' for the text"

    def _but_empty(self) -> str:
        return ", but it is empty" if self.is_null else ""

    def items(self, what: str) -> Iterator[tuple[str, Node, Node]]:
        """The entries of a mapping as (key, key node, value node); duplicate keys fail."""
        if not isinstance(self._node, yaml.MappingNode):
            raise self.error(f"{what} must be a mapping{self._but_empty()}")
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
            raise self.error(f"{what} must be a list{self._but_empty()}")
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
_JSON_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?\Z")

_INLINE = (None, '"', "'")  # plain and quoted scalar styles
_KINDS = {
    "bool": "a boolean",
    "int": "a number",
    "float": "a number",
    "null": "null",
    "timestamp": "a date",
    "merge": "a merge key",
}

# Hints for PyYAML problems that schema authors run into, by what the problem says.
_HINTS = (
    (
        ("got '['", "got '?'"),
        "; in a flow mapping such as {type: ...}, quote type expressions that hold"
        ' ?, [ or , (write {type: "list[int]"})',
    ),
    (
        ("got ':'", "mapping values"),
        "; quote text that holds ': ', and check that every [ and { is closed",
    ),
    (("'\\t'",), "; indent with spaces, not tabs"),
    (
        ("expected <block end>",),
        "; check this line's indentation: a key lines up with the keys beside it,"
        " two spaces deeper than the key it belongs to",
    ),
)


#: Aliases may repeat at most this much, or as much as the file has characters if more.
ALIAS_BUDGET_FLOOR = 10_000


class _Loader(yaml.SafeLoader):
    """PyYAML's safe composer, with a bound on what aliases repeat.

    An alias is a reference to an earlier node, so a few bytes can stand for a large
    list; repeated, it grows the tree a schema describes (and the code generated from
    it) far beyond the file's size. Each alias is charged the size of what it repeats
    (one per node plus the length of each string), and once the charges pass the
    budget the file is refused at that alias. An alias inside the node it names (a
    cycle) is refused as well: nothing in a schema is infinite.
    """

    def __init__(self, text: str, display: str) -> None:
        super().__init__(text)
        self._display = display
        self._budget = max(len(text), ALIAS_BUDGET_FLOOR)
        self._charged = 0
        self._sizes: dict[int, int] = {}
        self._open: set[str] = set()

    def compose_node(self, parent: Any, index: Any) -> Any:
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()  # type: ignore[no-untyped-call]
            node = self.anchors.get(event.anchor)
            if node is not None:
                self._charge(event, node)
        return super().compose_node(parent, index)

    def compose_sequence_node(self, anchor: Any) -> Any:
        return self._composing(anchor, super().compose_sequence_node)

    def compose_mapping_node(self, anchor: Any) -> Any:
        return self._composing(anchor, super().compose_mapping_node)

    def _composing(self, anchor: str | None, compose: Any) -> Any:
        if anchor is not None:
            self._open.add(anchor)
        try:
            return compose(anchor)
        finally:
            self._open.discard(anchor or "")

    def _charge(self, event: Any, node: yaml.Node) -> None:
        mark = event.start_mark
        where = Location(self._display, mark.line + 1, mark.column + 1)
        if event.anchor in self._open:
            raise SchemaError(
                where,
                f"the alias *{event.anchor} is inside the node it refers to;"
                " a schema cannot contain itself",
            )
        self._charged += self._size(node)
        if self._charged > self._budget:
            raise SchemaError(
                where,
                "the aliases in this file expand to more than"
                f" {self._budget:,} nodes and characters (the file's own size, or"
                f" {ALIAS_BUDGET_FLOOR:,} for a small file); write the values out, or"
                " alias smaller parts",
            )

    def _size(self, root: yaml.Node) -> int:
        """Nodes plus string lengths under ``root``, aliases expanded, memoised."""
        sizes = self._sizes
        stack: list[tuple[yaml.Node, bool]] = [(root, False)]
        while stack:
            node, children_done = stack.pop()
            if id(node) in sizes:
                continue
            if isinstance(node, yaml.ScalarNode):
                sizes[id(node)] = 1 + len(node.value)
                continue
            children = _children(node)
            if children_done:
                sizes[id(node)] = 1 + sum(sizes[id(child)] for child in children)
                continue
            stack.append((node, True))
            stack.extend((child, False) for child in children if id(child) not in sizes)
        return sizes[id(root)]


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    return list(node.value)


def read_regular_file(path: Path) -> bytes:
    """The bytes of ``path``, which must be a regular file (or a link to one).

    The file is opened without blocking and checked before it is read, so a FIFO,
    socket or device under a schema's name fails at once instead of waiting forever.
    Raises ``OSError``; ``strerror`` says what is wrong.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    descriptor = os.open(path, flags)
    with os.fdopen(descriptor, "rb") as file:
        mode = os.fstat(file.fileno()).st_mode
        if not stat.S_ISREG(mode):
            kind = describe_file(mode)
            raise OSError(0, f"it is {kind}, not a regular file", str(path))
        return file.read()


def describe_file(mode: int) -> str:
    """What a file that is not a regular one is, by its ``st_mode``, for messages."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "a special file"


def load(path: Path, display: str) -> Node:
    """Parse one schema file into a located node tree; YAML errors become SchemaErrors."""
    try:
        data = read_regular_file(path)
    except OSError as error:
        raise SchemaError(
            Location(display, 1, 1), f"cannot read the file: {error.strerror}"
        ) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise SchemaError(
            _locate(display, data[: error.start].decode("utf-8")),
            f"the file is not valid UTF-8 (byte 0x{data[error.start]:02x});"
            " save it as UTF-8",
        ) from None
    loader: _Loader | None = None
    try:
        loader = _Loader(text, display)  # checks the characters first
        root = loader.get_single_node()
    except yaml.reader.ReaderError as error:
        raise SchemaError(
            _locate(display, text[: error.position]),
            f"invalid YAML: the character U+{error.character:04X} is not allowed",
        ) from None
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problem = error.problem or ""
        if problem.startswith("but") and error.context:
            problem = f"{error.context}, {problem}"
        hints = "".join(
            hint for words, hint in _HINTS if any(word in problem for word in words)
        )
        raise SchemaError(
            Location(display, line, column), f"invalid YAML: {problem}{hints}"
        ) from None
    except RecursionError:
        raise SchemaError(
            Location(display, 1, 1),
            "invalid YAML: lists and mappings nest too deeply to read",
        ) from None
    finally:
        if loader is not None:
            loader.dispose()
    if root is None or Node(root, display).is_null:
        raise SchemaError(
            Location(display, 1, 1),
            "the schema file is empty; declare models: or enums: in it",
        )
    return Node(root, display)


def _locate(display: str, before: str) -> Location:
    """The location just after the text ``before``."""
    line = before.count("\n") + 1
    return Location(display, line, len(before) - before.rfind("\n"))


class WrittenFloat(float):
    """A float read from a document that keeps its text (``0.10``, not ``0.1``)."""

    written: str

    def __new__(cls, value: float, written: str) -> WrittenFloat:
        number = super().__new__(cls, value)
        number.written = written
        return number


class _DataLoader(yaml.SafeLoader):
    def construct_written_float(self, node: yaml.ScalarNode) -> float:
        value = self.construct_yaml_float(node)
        return WrittenFloat(value, str(node.value))


_DataLoader.add_constructor(
    "tag:yaml.org,2002:float", _DataLoader.construct_written_float
)


def load_data(path: Path, display: str) -> object:
    """A YAML or JSON file as plain data: ``load``'s checks, then PyYAML's safe types.

    Floats are ``WrittenFloat``s, which keep the digits of the text."""
    node = load(path, display)
    constructor = _DataLoader("")
    try:
        return constructor.construct_document(node._node)
    except yaml.MarkedYAMLError as error:
        # A tag such as !foo, which safe loading does not construct.
        mark = error.problem_mark or error.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problem = error.problem or error.context or "cannot be read"
        raise SchemaError(
            Location(display, line, column), f"invalid YAML: {problem}"
        ) from None
    except RecursionError:
        raise SchemaError(
            Location(display, 1, 1),
            "invalid YAML: lists and mappings nest too deeply to read",
        ) from None
    finally:
        constructor.dispose()
