"""Nesting depth: counted on JSON text, before reading and after writing.

A depth counts arrays and objects: ``1`` and ``"a"`` have depth 0, ``[]`` and ``{}``
depth 1, ``{"a": [1]}`` depth 2. Every document read is measured before any parser
runs, so the parsers (the standard library's recursive C scanner among them) never go
deeper than the limit, whatever the interpreter's recursion limit. On write, types
whose schema fixes their nesting (no recursion, no ``any``, no raw values) skip the
count unless their fixed depth exceeds the limit; the generated code tells the runtime
which is which (the ``depth`` of each codec, ``None`` when unbounded). The plain
encoders of recursive types count levels as they go (``Codec.counts_depth``), so only
the string encoder's text, and that of types holding values kept as read, is counted.
"""

from __future__ import annotations

import functools
import json
import re
import sys
from array import array
from collections.abc import Callable, Iterable
from itertools import accumulate

from .errors import DecodeError, EncodeError

TYPE_CHECKING = False  # typing is for type checkers only (see foryjson.codec)
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "check_text_depth",
    "check_write_depth",
    "cycle_path",
    "deepest",
    "guard_c_stack",
    "needs_check",
    "nests_deeper",
    "one_level_deeper",
    "string_path",
    "too_deep_message",
]


def needs_check(static_depth: int | None, max_depth: int) -> bool:
    """Whether values of a type with this fixed depth (None: unbounded) need counting."""
    return static_depth is None or static_depth > max_depth


def one_level_deeper(depth: int | None) -> int | None:
    """The depth of a container of values this deep (None, unbounded, stays None)."""
    return None if depth is None else depth + 1


def deepest(depths: Iterable[int | None]) -> int | None:
    """The largest depth, or None if any is unbounded (every depth is computed first)."""
    result = 0
    for depth in depths:
        if depth is None:
            return None
        result = max(result, depth)
    return result


def too_deep_message(max_depth: int, name: str = "max_depth") -> str:
    """The message of a value nested deeper than ``max_depth``; ``name`` the limit's."""
    return (
        f"nesting deeper than the limit of {max_depth}"
        f" (raise {name} for trusted data)"
    )


def check_text_depth(
    data: str | bytes | bytearray | memoryview, max_depth: int
) -> None:
    """Raise ``DecodeError`` if a JSON document nests deeper than ``max_depth``.

    Runs on the text before any parser, so that no parser ever recurses deeper than
    ``max_depth`` (plus one for a stream's batch): every array and object counts,
    whatever the type being read and whether a model keeps the member or not. The
    error names the path of the container that crosses the limit. Short documents
    with few brackets cost two ``count`` calls. Otherwise one ``bytes.translate`` keeps
    the quotes and brackets; more than ``max_depth`` opening brackets are measured in
    C (see ``_nesting_bound``), and walked token by token only when they are too deep.
    Text that is not JSON may pass (the parser then names its fault) but never makes
    a parser recurse deeper than ``max_depth``.
    """
    if isinstance(data, str):
        if len(data) < _SHORT and data.count("[") + data.count("{") <= max_depth:
            return
        raw: bytes | bytearray = data.encode("utf-8", "surrogatepass")
    else:
        raw = data if isinstance(data, bytes | bytearray) else bytes(data)
        if len(raw) < _SHORT and raw.count(b"[") + raw.count(b"{") <= max_depth:
            return
    marks = _marks(raw)
    if marks.count(b"[") > max_depth and _nesting_bound(marks, max_depth) > max_depth:
        error = _crossing(data, max_depth)
        if error is not None:
            raise error


def nests_deeper(text: str, levels: int) -> bool:
    """Whether some stretch of ``text`` may open more than ``levels`` containers.

    ``text`` starts outside strings; it may end anywhere, inside a value or a string.
    The answer errs on the side of ``True`` for unbalanced text. A stream reader asks
    this of each piece it reads before letting the recursive C scanner find where a
    value ends.
    """
    marks = _marks(text.encode("utf-8", "surrogatepass"))
    return marks.count(b"[") > levels and _nesting_bound(marks, levels) > levels


# Below this length, two ``count`` calls cost less than one ``translate``.
_SHORT = 4096
# Every byte but quotes and brackets, deleted in one C pass before depth is counted.
_NOT_MARKS = bytes(byte for byte in range(256) if byte not in b'"[]{}')
# Braces become brackets: depth does not care which container is which.
_BRACKETS = bytes.maketrans(b"{}", b"[]")
# Opening and closing brackets as signed bytes, for the running sum.
_STEPS = bytes.maketrans(b"[]", b"\x01\xff")
# Passes of ``replace(b"[]", b"")`` before the rest is summed: each pass costs one C
# scan of what is left, so a bounded number keeps the check linear in the input.
_PASSES = 8


def _marks(raw: bytes | bytearray) -> bytes:
    """The quotes and brackets of JSON text, braces written as brackets.

    Escaped backslashes and quotes go first (a run of backslashes pairs up from its
    left, as in a string), so every quote left opens or closes a string.
    """
    if b"\\" in raw:
        raw = raw.replace(b"\\\\", b"").replace(b'\\"', b"")
    return bytes(raw.translate(_BRACKETS, _NOT_MARKS))


def _skeleton(marks: bytes) -> bytes:
    """The brackets of ``_marks`` outside strings.

    Strings without brackets leave ``""``: when every quote pairs up so (counting
    pairs from the left, a string holding a bracket leaves an odd run of quotes), the
    quotes are simply deleted. Otherwise strings are cut out between their quotes.
    """
    if 2 * marks.count(b'""') == marks.count(b'"'):
        return marks.translate(None, b'"')
    return b"".join(marks.split(b'"')[::2])


def _nesting_bound(marks: bytes, levels: int) -> int:
    """An upper bound of the nesting of text with these ``_marks``, exact for balanced
    text, or any value above ``levels`` once it may exceed them.

    The nesting is the largest running count of opening minus closing brackets. Each
    ``replace(b"[]", b"")`` pass removes exactly the innermost containers, so it lowers
    that count by one for balanced text (and by at most one otherwise); a few passes
    shrink a document to the spine of its deepest containers, which one signed running
    sum in C then measures.
    """
    skeleton = _skeleton(marks)
    passes = 0
    while passes < _PASSES and len(skeleton) > levels - passes:
        shorter = skeleton.replace(b"[]", b"")
        if len(shorter) == len(skeleton):
            break  # no pair left: a running sum measures the rest
        skeleton = shorter
        passes += 1
    if len(skeleton) <= levels - passes:  # too short to hold that many openers
        return passes + len(skeleton)
    if b"[" * (levels - passes + 1) in skeleton:  # a run that deep: no need to sum
        return levels + 1
    steps = array("b", skeleton.translate(_STEPS))
    return passes + max(accumulate(steps, initial=0))


# The characters a walk over JSON text stops at, outside strings: compiled by the
# first walk, on the error path.
_STRUCTURE = r'["\[\]{},]'


@functools.cache
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)


def _crossing(
    data: str | bytes | bytearray | memoryview, max_depth: int
) -> DecodeError | None:
    """The error at the first container nested deeper than ``max_depth``, if any.

    Walks the tokens that matter without recursion, keeping one path segment per open
    container. The walk stops where a parser would: at the end of the first value
    (what follows is a syntax error, never parsed), at an unterminated string or a
    closing bracket with nothing open. Called on the error path only.
    """
    text = data if isinstance(data, str) else str(data, "utf-8", "replace")
    start = _WHITESPACE.match(text).end()  # type: ignore[union-attr]
    if start == len(text) or text[start] not in "[{":
        return None  # a scalar: the parser reads it and stops
    kinds: list[str] = []  # "[" or "{" per open container
    counts: list[int] = []  # per open container: the elements before the current one
    keys: list[tuple[int, int]] = []  # per open object: its current member name
    expect_key = False
    search = _compiled(_STRUCTURE).search
    pos = start
    while True:
        found = search(text, pos)
        if found is None:
            return None
        pos = found.start()
        char = text[pos]
        if char == '"':
            end = _string_end(text, pos)
            if end < 0:
                return None
            if expect_key:
                keys[-1] = (pos, end)
                expect_key = False
            pos = end
        elif char == "[" or char == "{":
            if len(kinds) == max_depth:
                return _too_deep_error(text, max_depth, kinds, counts, keys)
            kinds.append(char)
            counts.append(0)
            if char == "{":
                keys.append((pos, pos))
            expect_key = char == "{"
        elif char == ",":
            if kinds:
                counts[-1] += 1
                expect_key = kinds[-1] == "{"
        else:  # a closing bracket
            if not kinds:
                return None
            if kinds.pop() == "{":
                keys.pop()
            counts.pop()
            if not kinds:
                return None  # the first value ended: the parser stops here
            expect_key = False
        pos += 1


def _string_end(text: str, quote: int) -> int:
    """The index of the quote that closes the string opened at ``quote``, or -1."""
    end = text.find('"', quote + 1)
    while end > 0:
        backslashes = 0
        while text[end - 1 - backslashes] == "\\":
            backslashes += 1
        if not backslashes % 2:
            return end
        end = text.find('"', end + 1)
    return -1


def _too_deep_error(
    text: str,
    max_depth: int,
    kinds: list[str],
    counts: list[int],
    keys: list[tuple[int, int]],
) -> DecodeError:
    error = DecodeError(too_deep_message(max_depth))
    objects = len(keys)
    for kind, count in zip(reversed(kinds), reversed(counts), strict=True):
        if kind == "{":
            objects -= 1
            start, end = keys[objects]
            error.within(_member_name(text[start : end + 1]))
        else:
            error.within(count)
    return error


def _member_name(quoted: str) -> str:
    """A member name as read (its escapes decoded), or its text if it is not valid."""
    try:
        name = json.loads(quoted)
    except ValueError:
        return quoted[1:-1]
    return name if type(name) is str else quoted[1:-1]


_WHITESPACE = re.compile(r"[ \t\n\r]*")


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
                raise EncodeError(too_deep_message(max_depth))
        else:
            level -= 1


#: Recursion limits up to CPython's default keep recursive encoders within the C stack.
_SAFE_RECURSION_LIMIT = 1000
#: Containers deep enough for any value within the largest ``max_depth`` (512), even
#: one whose JSON levels each take two objects; far below what overflows the C stack.
_SAFE_LEVELS = 1100


def guard_c_stack(value: object) -> None:
    """Raise ``RecursionError`` before a recursive encoder could overflow the C stack.

    CPython 3.10 runs every Python call on the C stack: where an application raised
    the recursion limit, a deep enough object graph crashes the process before the
    interpreter raises ``RecursionError``, the signal the encoders' callers turn
    into an ``EncodeError``. There, and only there, the graph's nesting is measured
    first, without recursion. CPython 3.11 and later keep Python calls off the C
    stack, and do nothing here.
    """
    if (
        sys.version_info < (3, 11)
        and sys.getrecursionlimit() > _SAFE_RECURSION_LIMIT
        and _nests_past(value, _SAFE_LEVELS)
    ):
        raise RecursionError("the object graph is nested too deeply to encode")


def _nests_past(value: object, levels: int) -> bool:
    """Whether the containers of an object graph (slotted objects, lists, tuples, sets,
    dicts) nest more than ``levels`` deep; a cycle nests without end."""
    if not _is_container(value):
        return False
    stack: list[tuple[object, int]] = [(value, 1)]
    while stack:
        node, level = stack.pop()
        if level > levels:
            return True
        stack.extend(
            (child, level + 1) for _, child in _children(node) if _is_container(child)
        )
    return False


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
