"""Decode a stream of JSON values read in chunks, and write NDJSON.

``iter_array`` yields the elements of one top-level JSON array and ``iter_ndjson`` the
values of an NDJSON stream (one document per line), reading a binary file object a
chunk at a time and converting each value as soon as it is complete. Memory holds the
value being read and one chunk, never the whole stream. ``write_ndjson`` writes values
one compact document per line.

Reading is as strict as ``reader.read``, because every value is parsed by it: this
module only finds where values begin and end. Each input gives the same values and
the same error whatever the chunk size: the values before the first fault are
yielded, then the ``DecodeError`` is raised. The error's ``path`` names the failing
value (``$[3].width`` in the fourth element); for syntax errors ``position`` is the
byte offset in the whole stream and ``line``/``column`` count from 1, the column in
bytes.

A value's size, checked against ``max_value_bytes``, runs from its first byte to its
last (an NDJSON line: the whole line without its line break), so memory stays bounded
even for a hostile stream.
"""

from __future__ import annotations

import codecs
import json
import json.scanner
import re
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Protocol, TypeVar

from . import depth, reader, writer
from .errors import DecodeError, EncodeError
from .limits import DEFAULT_CHUNK_SIZE, DEFAULT_MAX_VALUE_BYTES, MAX_DEPTH_CEILING

__all__ = [
    "DEFAULT_CHUNK_SIZE",
    "DEFAULT_MAX_VALUE_BYTES",
    "BinaryInput",
    "BinaryOutput",
    "iter_array",
    "iter_ndjson",
    "write_ndjson",
]

T = TypeVar("T")
#: Parses the text of one value (or a batch of them as an array): ``reader.read``,
#: called as ``parse(text, max_input_bytes, exact, max_depth=...)``.
Parse = Callable[..., Any]


class BinaryInput(Protocol):
    """What the readers need of a file object: ``read(size)`` returning bytes."""

    def read(self, size: int, /) -> bytes: ...


class BinaryOutput(Protocol):
    """What ``write_ndjson`` needs of a file object: ``write(bytes)``."""

    def write(self, data: bytes, /) -> object: ...


def iter_array(
    fp: BinaryInput,
    decoder: Callable[[Any], T],
    *,
    chunk_size: int = DEFAULT_CHUNK_SIZE,
    max_value_bytes: int = DEFAULT_MAX_VALUE_BYTES,
    exact: bool = False,
    parse: Parse = reader.read,
    max_depth: int = MAX_DEPTH_CEILING,
) -> Iterator[T]:
    """Yield the elements of the one JSON array in ``fp``, each converted by ``decoder``.

    ``decoder`` is a generated ``_decode_X`` or a ``Codec``'s ``decode``; ``exact`` keeps
    numbers with a fraction as exact text, as ``reader.read`` does. Content after the
    closing ``]`` other than whitespace is an error, raised after the last element.
    The file object is read to its end but not closed. ``parse`` is ``reader.read``,
    or it with options bound (a backend, a memory budget). Each element may nest
    ``max_depth`` levels, counted from the element (``ForyJson.iter_json`` passes its
    limit; the default is the ceiling, ``MAX_DEPTH_CEILING``).
    """
    _check_stream(fp)
    _check_sizes(chunk_size, max_value_bytes)
    return _ArrayReader(
        fp, decoder, chunk_size, max_value_bytes, exact, parse, max_depth
    ).values()


def iter_ndjson(
    fp: BinaryInput,
    decoder: Callable[[Any], T],
    *,
    chunk_size: int = DEFAULT_CHUNK_SIZE,
    max_value_bytes: int = DEFAULT_MAX_VALUE_BYTES,
    exact: bool = False,
    parse: Parse = reader.read,
    max_depth: int = MAX_DEPTH_CEILING,
) -> Iterator[T]:
    """Yield the values of an NDJSON stream, one per line, each converted by ``decoder``.

    Lines end with ``\\n`` (``\\r\\n`` works too); blank lines are skipped and the last
    line needs no line break. Paths count values, not lines (``$[3]`` is the fourth
    value); messages of conversion errors start with the line number. Each value may
    nest ``max_depth`` levels. The file object is not closed.
    """
    _check_stream(fp)
    _check_sizes(chunk_size, max_value_bytes)
    return _ndjson_values(
        fp, decoder, chunk_size, max_value_bytes, exact, parse, max_depth
    )


def write_ndjson(
    encoder: Callable[[T], str],
    values: Iterable[T],
    fp: BinaryOutput,
    escape_non_ascii: bool = False,
) -> None:
    """Write each value as one line of compact UTF-8 JSON ending in ``\\n``.

    Lines are handed to ``fp.write`` in batches of about ``DEFAULT_CHUNK_SIZE`` bytes;
    ``fp`` is neither flushed nor closed. If a value cannot be encoded, the lines
    before it are written and the ``EncodeError`` names its index (``$[3].width``).
    """
    pending: list[bytes] = []
    size = 0
    try:
        for index, value in enumerate(values):
            try:
                line = writer.encode_bytes(encoder, value, escape_non_ascii)
            except EncodeError as error:
                raise error.within(index) from None
            pending.append(line)
            pending.append(b"\n")
            size += len(line) + 1
            if size >= DEFAULT_CHUNK_SIZE:
                batch, pending, size = pending, [], 0
                fp.write(b"".join(batch))
    finally:
        if pending:
            fp.write(b"".join(pending))


def _check_sizes(chunk_size: int, max_value_bytes: int) -> None:
    if chunk_size <= 0:
        raise ValueError("chunk_size must be positive")
    if max_value_bytes <= 0:
        raise ValueError("max_value_bytes must be positive")


def _utf8_length(text: str) -> int:
    return len(text) if text.isascii() else len(text.encode("utf-8"))


def _too_large(limit: int) -> str:
    return (
        f"value exceeds the limit of {limit} bytes"
        " (raise max_value_bytes for trusted data)"
    )


def _decode_one(decoder: Callable[[Any], T], plain: Any, index: int) -> T:
    try:
        return decoder(plain)
    except DecodeError as error:
        raise error.within(index) from None
    except RecursionError:
        raise DecodeError("the document is nested too deeply").within(index) from None


_WHITESPACE = " \t\n\r"
_SKIP_WHITESPACE = re.compile(r"[ \t\n\r]*")
_SKIP_WHITESPACE_BYTES = re.compile(rb"[ \t\n\r]*")

# Finds where a value ends without judging it: numbers and constants come back as
# their length, and NaN is let through; reader.read judges every value afterwards.
_find_end = json.scanner.make_scanner(
    json.JSONDecoder(  # type: ignore[arg-type]
        object_pairs_hook=len, parse_float=len, parse_int=len, parse_constant=len
    )
)

# The resumable scanner for values that span reads. The patterns skip whole runs in C:
# the rest of a string (stopping before a closing quote or a backslash), text outside
# strings up to the next bracket or string with many escapes, the rest of a number or
# constant. A repeated group keeps a backtracking record per repetition until the
# match ends, so no group repeats more than _RUNS times in one match (some 100 KiB of
# records at most) and the scanner loops: memory stays constant and time linear, even
# for a string made only of escapes.
_RUNS = 1024
_STRING_REST = re.compile(rf'[^"\\]*(?:\\.[^"\\]*){{0,{_RUNS}}}', re.DOTALL)
_OUTSIDE_STRINGS = re.compile(
    rf'[^"\[\]{{}}]*(?:"[^"\\]*(?:\\.[^"\\]*){{0,16}}"[^"\[\]{{}}]*){{0,{_RUNS // 16}}}',
    re.DOTALL,
)
_SCALAR_REST = re.compile(r'[^ \t\n\r,:\[\]{}"]*')


class _ValueEnd:
    """Finds the end of one value across pieces of text, remembering where it stopped.

    Brackets are counted without checking that they match, and strings are skipped
    without checking their escapes: the value is parsed strictly once it is whole.
    """

    __slots__ = ("depth", "escaped", "in_string", "scalar")

    def __init__(self, first: str) -> None:
        self.depth = 1 if first in "[{" else 0
        self.in_string = first == '"'
        self.scalar = first not in '[{"'
        self.escaped = False

    def advance(self, text: str, pos: int) -> int:
        """Scan ``text`` from ``pos``: the index just past the value, or -1 if it goes on."""
        end = len(text)
        if self.scalar:
            pos = _SCALAR_REST.match(text, pos).end()  # type: ignore[union-attr]
            return pos if pos < end else -1
        if self.escaped:
            if pos >= end:
                return -1
            pos += 1
            self.escaped = False
        while True:
            if self.in_string:
                pos = _STRING_REST.match(text, pos).end()  # type: ignore[union-attr]
                if pos >= end:
                    return -1
                if text[pos] == "\\":
                    if pos + 1 < end:  # more escapes than one match takes
                        continue
                    self.escaped = True  # the text ends inside an escape
                    return -1
                pos += 1
                self.in_string = False
                if self.depth == 0:
                    return pos
                continue
            pos = _OUTSIDE_STRINGS.match(text, pos).end()  # type: ignore[union-attr]
            if pos >= end:
                return -1
            char = text[pos]
            pos += 1
            if char == '"':
                self.in_string = True
            elif char == "[" or char == "{":
                self.depth += 1
            else:
                self.depth -= 1
                if self.depth == 0:
                    return pos


class _InvalidUtf8(Exception):
    """The input holds a byte that is not UTF-8, right after the text delivered so far."""


class _TextInput:
    """Reads a binary file object in chunks and decodes it as strict UTF-8.

    A character split between two chunks is joined. At an invalid byte, the valid text
    before it is delivered first and ``_InvalidUtf8`` is raised by the next read, so
    what a stream yields does not depend on where its chunks end.
    """

    __slots__ = ("_chunk_size", "_decoder", "_failure", "_fp")

    def __init__(self, fp: BinaryInput, chunk_size: int) -> None:
        self._fp = fp
        self._chunk_size = chunk_size
        self._decoder = codecs.getincrementaldecoder("utf-8")()
        self._failure: _InvalidUtf8 | None = None

    def read(self) -> str:
        """The next piece of text; an empty string only at the end of the input."""
        if self._failure is not None:
            raise self._failure
        while True:
            data = _read_chunk(self._fp, self._chunk_size)
            held = self._decoder.getstate()[0]
            try:
                text: str = self._decoder.decode(data, not data)
            except UnicodeDecodeError as error:
                whole = held + data
                failure = _InvalidUtf8(whole[error.start])
                valid = whole[: error.start].decode("utf-8")
                if not valid:
                    raise failure from None
                self._failure = failure
                return valid
            if text or not data:
                return text


def _read_chunk(fp: BinaryInput, size: int) -> bytes:
    data: object = fp.read(size)
    if type(data) is bytes:
        return data
    if isinstance(data, bytes | bytearray | memoryview):
        return bytes(data)
    if isinstance(data, str):
        raise TypeError(
            "streams are read from binary file objects (open them 'rb'):"
            " read() returned str"
        )
    if data is None:  # what a non-blocking stream returns when no data is ready
        raise TypeError(
            "streams are read from blocking binary file objects:"
            " read() returned None (a non-blocking stream with no data ready)"
        )
    raise TypeError(
        "streams are read from binary file objects whose read() returns bytes,"
        f" not {type(data).__name__}"
    )


def _check_stream(fp: object) -> None:
    """A wrong argument in place of a file object is a ``TypeError``, raised at once."""
    if not callable(getattr(fp, "read", None)):
        raise TypeError(
            "streams are read from a binary file object (open(path, 'rb'),"
            f" io.BytesIO(data)), not {type(fp).__name__}"
        )


# What the array reader expects next outside values.
_VALUE_OR_END, _VALUE, _SEPARATOR = range(3)


class _ArrayReader:
    """The state of one ``iter_array`` call: decoded text, positions, the next index.

    Where an element ends is found by the standard library's C scanner, whose result
    is thrown away (measured at twice the speed of skipping strings with regular
    expressions), or for a number or constant by the next delimiter. The scanner
    recurses once per level, so text that may nest deeper than ``max_depth`` goes to
    ``_ValueEnd`` instead, which keeps no stack. An element cut
    by the end of the text read so far is followed across reads by ``_ValueEnd``. The
    complete elements of each read are then parsed together by ``reader.read``.
    """

    __slots__ = (
        "_base",
        "_decoder",
        "_exact",
        "_input",
        "_limit",
        "_line_start",
        "_lines",
        "_max_depth",
        "_parse_text",
        "index",
        "text",
    )

    def __init__(
        self,
        fp: BinaryInput,
        decoder: Callable[[Any], Any],
        chunk_size: int,
        limit: int,
        exact: bool,
        parse: Parse,
        max_depth: int,
    ) -> None:
        self._input = _TextInput(fp, chunk_size)
        self._max_depth = max_depth
        self._parse_text = parse
        self._decoder = decoder
        self._limit = limit
        self._exact = exact
        self.text = ""  # decoded input not yet consumed
        self._base = 0  # byte offset of text[0] in the stream
        self._lines = 0  # line breaks before text[0]
        self._line_start = 0  # byte offset of the line that holds text[0]
        self.index = 0  # index of the next element

    # Positions -------------------------------------------------------------------

    def _drop(self, count: int) -> None:
        """Forget ``text[:count]``, keeping the stream position of what remains."""
        dropped = self.text[:count]
        breaks = dropped.count("\n")
        if breaks:
            self._lines += breaks
            head = dropped[: dropped.rfind("\n") + 1]
            self._line_start = self._base + _utf8_length(head)
        self._base += _utf8_length(dropped)
        self.text = self.text[count:]

    def _error(self, message: str, at: int) -> DecodeError:
        """A syntax error at ``text[at]``, with its stream position, line and column."""
        error = DecodeError(message)
        self._locate(error, at)
        return error

    def _locate(self, error: DecodeError, at: int) -> None:
        head = self.text[:at]
        position = self._base + _utf8_length(head)
        breaks = head.count("\n")
        line_start = self._line_start
        if breaks:
            line_start = self._base + _utf8_length(head[: head.rfind("\n") + 1])
        error.position = position
        error.line = self._lines + breaks + 1
        error.column = position - line_start + 1

    def _read(self, element: int | None = None) -> str:
        """The next piece of input; raises the error for an invalid byte.

        ``element`` is the index of the element the next byte would belong to, if any.
        """
        try:
            return self._input.read()
        except _InvalidUtf8 as bad:
            error = self._error(
                f"invalid UTF-8 byte 0x{bad.args[0]:02x}", len(self.text)
            )
            raise (error if element is None else error.within(element)) from None

    # Values ----------------------------------------------------------------------

    def _parse(self, start: int, end: int) -> Any:
        """Parse the one value in ``text[start:end]`` strictly, after the size check."""
        value_text = self.text[start:end]
        if start == end:
            raise self._error("expecting a value", start).within(self.index)
        if _utf8_length(value_text) > self._limit:
            raise self._error(_too_large(self._limit), start).within(self.index)
        try:
            return self._parse_text(
                value_text, len(value_text), self._exact, max_depth=self._max_depth
            )
        except DecodeError as error:
            if error.position is not None:
                self._locate(error, start + error.position)
            raise error.within(self.index) from None

    def _convert(self, bounds: list[tuple[int, int]]) -> Iterator[Any]:
        """Yield the elements at ``bounds`` (each but the last followed by a comma).

        The common case parses them all as one array with a single ``reader.read``
        call; a batch that fails, or might hold a value over the limit, is parsed one
        value at a time so the error names the right element.
        """
        text = self.text
        first, last = bounds[0][0], bounds[-1][1]
        batch = text[first:last]
        plain: list[Any] | None = None
        if len(batch) * 4 <= self._limit or _utf8_length(batch) <= self._limit:
            try:
                plain = self._parse_text(
                    "[" + batch + "]",
                    len(batch) + 2,
                    self._exact,
                    max_depth=self._max_depth + 1,  # the batch's own array
                )
            except DecodeError:
                plain = None
        decoder = self._decoder
        if plain is not None and len(plain) == len(bounds):
            for value in plain:
                result = _decode_one(decoder, value, self.index)
                self.index += 1
                yield result
        else:
            for start, end in bounds:
                result = _decode_one(decoder, self._parse(start, end), self.index)
                self.index += 1
                yield result
        bounds.clear()

    def _long_value(self, finder: _ValueEnd) -> int:
        """Read on until the value at ``text[0]`` ends; returns its end in the new text.

        Pieces are joined once, when the value is complete or the input ends, so a large
        value costs linear time; the size limit is checked as it grows.
        """
        pieces = [self.text]
        size = _utf8_length(self.text)
        while True:
            if size > self._limit:
                raise self._error(_too_large(self._limit), 0).within(self.index)
            try:
                piece = self._input.read()
            except _InvalidUtf8 as bad:
                self.text = "".join(pieces)
                raise self._error(
                    f"invalid UTF-8 byte 0x{bad.args[0]:02x}", len(self.text)
                ).within(self.index) from None
            if not piece:
                self.text = "".join(pieces)
                if finder.scalar:
                    return len(self.text)
                # Truncated: reader.read names the fault (unterminated string, ...).
                self._parse(0, len(self.text))
                raise self._error(  # not reached: a truncated value never parses
                    "unexpected end of input", len(self.text)
                ).within(self.index)
            end = finder.advance(piece, 0)
            if end >= 0:
                pieces.append(piece)
                self.text = "".join(pieces)
                return len(self.text) - len(piece) + end
            pieces.append(piece)
            size += _utf8_length(piece)

    def _open(self) -> int:
        """Read up to the opening bracket; returns the index just past it."""
        text = self.text = self._read()
        i = 0
        while True:
            i = _SKIP_WHITESPACE.match(text, i).end()  # type: ignore[union-attr]
            if i < len(text):
                break
            self._drop(i)
            text = self.text = self._read()
            i = 0
            if not text:
                raise self._error("unexpected end of input, expecting '['", 0)
        if text[i] == "\ufeff" and self._base + i == 0:
            raise self._error("a byte-order mark is not allowed", i)
        if text[i] != "[":
            raise self._error("expecting '[' (the stream must hold one JSON array)", i)
        return i + 1

    def values(self) -> Iterator[Any]:
        """The generator behind ``iter_array``."""
        i = self._open()
        text = self.text
        expect = _VALUE_OR_END
        bounds: list[tuple[int, int]] = []
        find_end = _find_end
        levels = self._max_depth + 1  # the first text holds the stream's "["
        deep = depth.nests_deeper(text, levels)
        while True:
            end_of_text = len(text)
            if i < end_of_text and text[i] in _WHITESPACE:
                i = _SKIP_WHITESPACE.match(text, i).end()  # type: ignore[union-attr]
            if i == end_of_text:
                if bounds:
                    yield from self._convert(bounds)
                self._drop(i)
                text = self.text = self._read(
                    None if expect == _SEPARATOR else self.index
                )
                i = 0
                if not text:
                    raise self._end_of_input(expect)
                deep = depth.nests_deeper(text, levels)
                continue
            char = text[i]
            if expect == _SEPARATOR:
                if char == ",":
                    expect = _VALUE
                    i += 1
                    continue
                if bounds:
                    yield from self._convert(bounds)
                if char == "]":
                    break
                raise self._error("expecting ',' or ']'", i)
            if char == "]" or char == ",":
                if bounds:
                    yield from self._convert(bounds)
                if char == "]" and expect == _VALUE_OR_END:
                    break
                raise self._error("expecting a value", i).within(self.index)
            if char == '"' or ((char == "[" or char == "{") and not deep):
                try:
                    end = find_end(text, i)[1]
                except (StopIteration, ValueError, RecursionError):
                    end = -1  # invalid, or not complete yet
            elif char == "[" or char == "{":
                end = -1  # may nest too deep for the C scanner's stack
            else:
                # A number or constant ends at the next delimiter; the C scanner would
                # stop early at a chunk's end ("3." of "3.5") or in "01".
                end = _SCALAR_REST.match(text, i).end()  # type: ignore[union-attr]
                if end == end_of_text:
                    end = -1
            if end < 0:
                finder = _ValueEnd(char)
                end = finder.advance(text, i if finder.scalar else i + 1)
                if end < 0:
                    if bounds:
                        yield from self._convert(bounds)
                    self._drop(i)
                    end = self._long_value(finder)
                    text = self.text
                    i = 0
                    deep = depth.nests_deeper(text, levels)
            bounds.append((i, end))
            i = end
            expect = _SEPARATOR
        self._check_rest(i + 1)

    def _end_of_input(self, expect: int) -> DecodeError:
        if expect == _SEPARATOR:
            return self._error("unexpected end of input, expecting ',' or ']'", 0)
        error = self._error("unexpected end of input, expecting a value", 0)
        return error if expect == _VALUE_OR_END else error.within(self.index)

    def _check_rest(self, i: int) -> None:
        """Check that only whitespace follows the closing bracket at ``text[i - 1]``."""
        text = self.text
        while True:
            i = _SKIP_WHITESPACE.match(text, i).end()  # type: ignore[union-attr]
            if i < len(text):
                raise self._error("unexpected content after the JSON array", i)
            self._drop(i)
            text = self.text = self._read()
            i = 0
            if not text:
                return


def _ndjson_values(
    fp: BinaryInput,
    decoder: Callable[[Any], T],
    chunk_size: int,
    limit: int,
    exact: bool,
    parse: Parse,
    max_depth: int,
) -> Iterator[T]:
    """The generator behind ``iter_ndjson``.

    Lines are found with ``bytearray.find``; only whole lines are ever dropped, so
    ``buffer[0]`` always starts line ``line``. Each line is parsed by ``reader.read``,
    which also checks its UTF-8.
    """
    buffer = bytearray()
    base = 0  # stream offset of buffer[0]
    line = 1  # number of the line starting at `start`
    start = 0  # start of the current line in buffer
    search = 0  # where to look for the next line break
    index = 0
    at_end = False
    while True:
        newline = buffer.find(b"\n", search)
        if newline < 0:
            if len(buffer) - start > limit + 1:  # +1: the line may end in "\r\n"
                raise _line_too_long(limit, base + start, line, index)
            if not at_end:
                del buffer[:start]
                base += start
                start = 0
                search = len(buffer)
                data = _read_chunk(fp, chunk_size)
                buffer += data
                at_end = not data
                continue
            if start >= len(buffer):
                return
            newline = len(buffer)  # the last line has no line break
        end = newline
        if end > start and buffer[end - 1] == 13:  # "\r"
            end -= 1
        if end - start > limit:
            raise _line_too_long(limit, base + start, line, index)
        if _SKIP_WHITESPACE_BYTES.match(buffer, start, end).end() < end:  # type: ignore[union-attr]
            try:
                plain = parse(
                    buffer[start:end], end - start, exact, max_depth=max_depth
                )
            except DecodeError as error:
                if error.position is not None:
                    error.column = error.position + 1
                    error.position += base + start
                    error.line = line
                raise error.within(index) from None
            try:
                value = decoder(plain)
            except DecodeError as error:
                error.message = f"line {line}: {error.message}"
                error.args = (error.message,)
                error.line = line
                raise error.within(index) from None
            except RecursionError:
                raise DecodeError(
                    f"line {line}: the document is nested too deeply"
                ).within(index) from None
            index += 1
            yield value
        line += 1
        start = search = newline + 1


def _line_too_long(limit: int, position: int, line: int, index: int) -> DecodeError:
    error = DecodeError(
        f"line longer than the limit of {limit} bytes"
        " (raise max_value_bytes for trusted data)",
        position=position,
        line=line,
        column=1,
    )
    return error.within(index)
