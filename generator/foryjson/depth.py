"""Nesting depth: counted on plain values after reading, on JSON text after writing.

Types whose schema fixes their nesting (no recursion, no ``any``, no raw values) never
pay for these checks unless their fixed depth exceeds the limit; the generated code
tells the runtime which is which (the ``depth`` of each codec, ``None`` when unbounded).
A depth counts arrays and objects: ``1`` and ``"a"`` have depth 0, ``[]`` and ``{}``
depth 1, ``{"a": [1]}`` depth 2.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .errors import DecodeError, EncodeError

__all__ = [
    "check_read_depth",
    "check_write_depth",
    "cycle_path",
    "needs_check",
    "string_path",
]


def needs_check(static_depth: int | None, max_depth: int) -> bool:
    """Whether values of a type with this fixed depth (None: unbounded) need counting."""
    return static_depth is None or static_depth > max_depth


def _too_deep(max_depth: int, name: str) -> str:
    return (
        f"nesting deeper than the limit of {max_depth}"
        f" (raise {name} for trusted data)"
    )


def check_read_depth(value: Any, max_depth: int) -> None:
    """Raise ``DecodeError`` (with the path of the deepest container) past ``max_depth``.

    The walk goes level by level without recursion, so it costs one visit per value
    and no stack, whatever the input.
    """
    if (type(value) is list or type(value) is dict) and _depth_over(value, max_depth):
        raise _locate_read(value, max_depth)


def _locate_read(value: Any, max_depth: int) -> DecodeError:
    """The error at the first container found below ``max_depth`` levels."""
    path: list[str | int] = []
    node = value
    for _ in range(max_depth):
        for key, item in (node.items() if type(node) is dict else enumerate(node)):
            if (type(item) is list or type(item) is dict) and _depth_over(
                item, max_depth - len(path) - 1
            ):
                path.append(key)
                node = item
                break
    error = DecodeError(_too_deep(max_depth, "max_depth"))
    for segment in reversed(path):
        error.within(segment)
    return error


def _depth_over(value: Any, levels: int) -> bool:
    """Whether a container nests more than ``levels`` levels (itself counted)."""
    level = [value]
    for _ in range(levels):
        below: list[Any] = []
        for container in level:
            items = container.values() if type(container) is dict else container
            for item in items:
                if type(item) is list or type(item) is dict:
                    below.append(item)
        if not below:
            return False
        level = below
    return True


# Every byte but quotes and brackets, deleted in one C pass before depth is counted.
_NOT_MARKS = bytes(byte for byte in range(256) if byte not in b'"[]{}')
_OPENERS = frozenset(b"[{")


def check_write_depth(text: str, max_depth: int) -> None:
    """Raise ``EncodeError`` if JSON text an encoder produced nests past ``max_depth``.

    Escaped backslashes and quotes go first; then one ``bytes.translate`` keeps only
    quotes and brackets. Strings without brackets leave ``""``, removed in one pass;
    the rare others are cut out between their quotes. The few brackets left are then
    counted.
    """
    if "\\" in text:
        text = text.replace("\\\\", "").replace('\\"', "")
    marks = text.encode("utf-8", "surrogatepass").translate(None, _NOT_MARKS)
    skeleton = marks.replace(b'""', b"")
    if b'"' in skeleton:  # a string holds brackets
        skeleton = b"".join(marks.split(b'"')[::2])
    if len(skeleton) <= 2 * max_depth:  # every container adds two brackets
        return
    level = 0
    for byte in skeleton:
        if byte in _OPENERS:
            level += 1
            if level > max_depth:
                raise EncodeError(_too_deep(max_depth, "max_depth"))
        else:
            level -= 1


def cycle_path(value: object) -> tuple[str, str] | None:
    """Where an object graph refers back to an enclosing object, if it does.

    Returns Python paths (attribute names, indexes and keys from ``value``) of the
    reference and of the enclosing object it repeats. Called after
    an encoder ran out of stack, to tell a cyclic object graph from a merely deep one;
    it walks slotted objects, lists, tuples, sets and dict values without recursion.
    """
    on_path: dict[int, int] = {}  # id of each object being walked -> its depth
    segments: list[str] = []  # ".name", "[0]", "['key']"
    nodes: list[object] = [value]
    iterators: list[Any] = []
    while nodes:
        node = nodes[-1]
        if len(iterators) < len(nodes):
            seen_at = on_path.get(id(node))
            if seen_at is not None:
                return _python_path(segments), _python_path(segments[:seen_at])
            on_path[id(node)] = len(segments)
            iterators.append(iter(_children(node)))
        try:
            segment, child = next(iterators[-1])
        except StopIteration:
            del on_path[id(node)]
            iterators.pop()
            nodes.pop()
            if segments:
                segments.pop()
            continue
        if _is_container(child):
            segments.append(segment)
            nodes.append(child)
    return None


def string_path(value: object, test: Callable[[str], object]) -> str | None:
    """The Python path of the first string (a value or a dict key) that passes ``test``.

    Used on error paths, to say where in an object graph a bad string sits.
    """
    seen: set[int] = set()
    stack: list[tuple[str, object]] = [("value", value)]
    while stack:
        path, node = stack.pop()
        if isinstance(node, str):
            if test(node):
                return path
            continue
        if not _is_container(node) or id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, dict):
            for key in node:
                if isinstance(key, str) and test(key):
                    return f"{path} (a key)"
        stack.extend(
            (path + segment, child) for segment, child in reversed(_children(node))
        )
    return None


def _python_path(segments: list[str]) -> str:
    return "value" + "".join(segments)


def _is_container(value: object) -> bool:
    if isinstance(value, list | tuple | set | frozenset | dict):
        return True
    return hasattr(type(value), "__slots__") and not isinstance(
        value, str | bytes | int | float
    )


def _children(node: object) -> list[tuple[str, object]]:
    if isinstance(node, dict):
        return [(f"[{key!r}]", item) for key, item in node.items()]
    if isinstance(node, list | tuple | set | frozenset):
        return [(f"[{index}]", item) for index, item in enumerate(node)]
    children: list[tuple[str, object]] = []
    for cls in type(node).__mro__:
        for slot in getattr(cls, "__slots__", ()):
            if hasattr(node, slot):
                children.append((f".{slot}", getattr(node, slot)))
    return children
