"""Byte arrays in their five JSON forms: the helpers generated codecs call for ``bytes``.

Each format has a writer and a reader. ``write_X(value)`` takes ``bytes``, ``bytearray`` or
a ``memoryview`` (of any format: its raw bytes are written; a non-contiguous view is read in
logical order) and returns the complete JSON text of the value, quotes or brackets
included. ``read_X(data)`` takes the plain value JSON parsing produced (a ``str`` or a
``list``) and returns ``bytes``. Errors carry no path; the generated caller adds it, and
an array element's error already names its index.

``base64``
    The standard alphabet, ``=`` padded, as Java's ``Base64.getEncoder()``:
    ``{0,127,-128,-1}`` is ``"AH+A/w=="``. Reading is strict: the length is a multiple of
    4, only the standard alphabet, no whitespace, at most two ``=`` and nothing after
    them. (JSON escapes inside the string were already resolved by the parser.)
``base64url``
    The URL-safe alphabet (``-`` and ``_`` instead of ``+`` and ``/``), written *with*
    padding as Java's ``Base64.getUrlEncoder()`` does. Reading accepts padded and
    unpadded text, as Java's ``Base64.getUrlDecoder()`` does, but never a length of 1 more
    than a multiple of 4, never ``+`` or ``/``, and never a partial or misplaced ``=``.
``base16``
    Lowercase hex without separators: ``"007f80ff"``. Reading accepts either case and
    rejects odd lengths, non-hex characters and whitespace.
``array``
    Signed decimal bytes, the Java form: ``[0,127,-128,-1]``. Reading requires integers in
    [-128, 127]; ``true``, ``1.0``, ``null`` and strings are rejected.
``uint8_array``
    The same with unsigned values in [0, 255].

Every function is a thin layer over C code; the choices below were timed at 512 bytes:

- base64 and base16 are ``binascii`` and ``bytes.hex``. Python 3.11 added
  ``strict_mode`` to ``a2b_base64``; 3.11 and 3.12 still accept ``=`` after a complete
  group (``"AQID="``), which one length comparison rejects. On 3.10
  ``a2b_base64_strict_fallback`` accepts and rejects the same texts with one
  ``bytes.translate`` (deleting the alphabet leaves only padding or faults) in front of
  the lenient decoder. Unused low bits in the last group need not be zero (``"AR=="``
  reads as ``{1}``), as in Java and in CPython's strict mode.
- Arrays are written by ``codecs.charmap_encode`` with a table of 256 ``b"n,"`` pieces:
  one C loop, about three times as fast as ``",".join(map(...))``.
- Arrays are read by ``bytes(list)`` (unsigned) or ``struct.pack`` (signed; ``array('b')``
  parses each item more slowly). Both take ``True`` and ``False`` as 1 and 0, so the
  elements whose byte came out 0 or 1 are looked at once more (``bytes.find`` jumps to
  them), or every element's type when they are many: a full ``map(type, data)`` pass
  would cost twice the conversion. JSON parsing yields no other ``int``-like values. The
  element-by-element search for the culprit runs only once something failed.
"""

from __future__ import annotations

import sys
from binascii import a2b_base64 as _a2b_base64
from binascii import b2a_base64 as _b2a_base64
from binascii import unhexlify as _unhexlify
from codecs import charmap_encode as _charmap_encode
from collections.abc import Callable
from struct import error as _StructError
from struct import pack as _pack

from .errors import DecodeError, EncodeError, decode_mismatch, encode_mismatch

TYPE_CHECKING = False  # typing is for type checkers only (see foryjson.codec)
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "read_array",
    "read_base16",
    "read_base64",
    "read_base64url",
    "read_uint8_array",
    "write_array",
    "write_base16",
    "write_base64",
    "write_base64url",
    "write_uint8_array",
]

_STD_ALPHABET = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
_URL_ALPHABET = _STD_ALPHABET[:-2] + b"-_"
_HEX_DIGITS = frozenset("0123456789abcdefABCDEF")
_PADDINGS = (b"=", b"==")
# Padding that completes an unpadded base64url text, by its length modulo 4.
_MISSING_PADDING = ("", "", "==", "=")
# URL-safe text to the standard alphabet; the standard-only characters become "*", which
# the strict decoder rejects like any other stranger.
_URL_TO_STD = bytes.maketrans(b"-_+/", b"+/**")
_STD_TO_URL = bytes.maketrans(b"+/", b"-_")

# Written forms of each byte value, a comma after each; the last comma is cut off.
_SIGNED_PIECES = tuple(f"{b - 256 if b > 127 else b},".encode() for b in range(256))
_UNSIGNED_PIECES = tuple(f"{b},".encode() for b in range(256))
_BOOL_TYPE = frozenset((bool,))
_CONVERSION_ERRORS = (_StructError, TypeError, ValueError, OverflowError)


def a2b_base64_strict_fallback(data: str | bytes) -> bytes:
    """Decode like ``binascii.a2b_base64(data, strict_mode=True)``, which needs 3.11.

    Accepts exactly the texts strict mode accepts: a length that is a multiple of 4, only
    the standard alphabet, and ``=`` only as the last one or two characters. Raises
    ``ValueError`` (``binascii.Error`` or ``UnicodeEncodeError``) for everything else.
    """
    raw = data.encode("ascii") if isinstance(data, str) else data
    rest = raw.translate(None, _STD_ALPHABET)
    if len(raw) & 3 or (rest and (rest not in _PADDINGS or not raw.endswith(rest))):
        raise ValueError("not strict base64")
    return _a2b_base64(raw)


# The strict decoder in use. Each is a plain function: cheaper per call than a
# functools.partial, which merges its keyword arguments on every call.
if sys.version_info >= (3, 13):

    def _decode_strict(data: str | bytes) -> bytes:
        return _a2b_base64(data, strict_mode=True)

elif sys.version_info >= (3, 11):

    def _decode_strict(data: str | bytes) -> bytes:
        # Before 3.13, strict mode lets "=" follow a complete group (CPython gh-118314):
        # "AQID=" and "AQID====" decode to b"\x01\x02\x03". Such a text is either not a
        # multiple of 4 long or holds more groups than its bytes need.
        decoded = _a2b_base64(data, strict_mode=True)
        if len(data) & 3 or len(decoded) < (len(data) >> 2) * 3 - 2:
            raise ValueError("excess padding")
        return decoded

else:
    _decode_strict = a2b_base64_strict_fallback


def _raw(value: object) -> bytes | bytearray | memoryview:
    """The bytes-like value to write, or an ``EncodeError`` for anything else."""
    if isinstance(value, (bytes, bytearray)):
        return value
    if isinstance(value, memoryview):
        try:
            return value if value.c_contiguous else value.tobytes()
        except ValueError:
            raise EncodeError("the memoryview has been released") from None
    raise encode_mismatch(value, "bytes")


def write_base64(value: object) -> str:
    """Write bytes as a JSON string of standard, padded base64: ``"AH+A/w=="``."""
    raw = value if type(value) is bytes else _raw(value)
    return f'"{_b2a_base64(raw, newline=False).decode()}"'


def read_base64(data: object) -> bytes:
    """Read strict standard base64 text (padded, no whitespace) back into bytes."""
    if type(data) is not str:
        raise decode_mismatch(data, "base64 text")
    try:
        return _decode_strict(data)
    except ValueError:
        raise _base64_error(data, url=False) from None


def write_base64url(value: object) -> str:
    """Write bytes as a JSON string of URL-safe base64, padded: ``"AH-A_w=="``."""
    raw = value if type(value) is bytes else _raw(value)
    return f'"{_b2a_base64(raw, newline=False).translate(_STD_TO_URL).decode()}"'


def read_base64url(data: object) -> bytes:
    """Read URL-safe base64 text, padded or unpadded, back into bytes."""
    if type(data) is not str:
        raise decode_mismatch(data, "base64url text")
    text = data
    tail = len(text) & 3
    if tail:
        if tail == 1 or "=" in text:
            raise _base64_error(data, url=True)
        text += _MISSING_PADDING[tail]
    try:
        return _decode_strict(text.encode("ascii").translate(_URL_TO_STD))
    except ValueError:
        raise _base64_error(data, url=True) from None


def _base64_error(text: str, url: bool) -> DecodeError:
    """Explain why ``text`` is not base64 (or base64url); only called once it failed."""
    name, alphabet = ("base64url", _URL_ALPHABET) if url else ("base64", _STD_ALPHABET)
    allowed = frozenset(alphabet.decode() + "=")
    for offset, char in enumerate(text):
        if char not in allowed:
            which = "URL-safe" if url else "standard"
            return DecodeError(
                f"invalid {name}: character {char!r} at offset {offset}"
                f" is not in the {which} alphabet"
            )
    length = len(text)
    padding = text.find("=")
    if not url or padding >= 0:
        if length & 3:
            what = "padded text of length" if url else "length"
            return DecodeError(
                f"invalid {name}: {what} {length} is not a multiple of 4"
            )
        if padding >= 0 and (padding < length - 2 or text[padding:].strip("=")):
            return DecodeError(
                f"invalid {name}: misplaced padding '=' at offset {padding}"
                " (only the last one or two characters may be '=')"
            )
    elif length & 3 == 1:
        return DecodeError(
            f"invalid {name}: length {length} is 1 more than a multiple of 4"
        )
    return decode_mismatch(text, f"{name} text")  # not reached: one rule above failed


def write_base16(value: object) -> str:
    """Write bytes as a JSON string of lowercase hex digits: ``"007f80ff"``."""
    raw = value if type(value) is bytes else _raw(value)
    return f'"{raw.hex()}"'


def read_base16(data: object) -> bytes:
    """Read hex text, either case, no separators or whitespace, back into bytes."""
    if type(data) is not str:
        raise decode_mismatch(data, "base16 text")
    try:
        return _unhexlify(data)
    except ValueError:
        raise _base16_error(data) from None


def _base16_error(text: str) -> DecodeError:
    for offset, char in enumerate(text):
        if char not in _HEX_DIGITS:
            return DecodeError(
                f"invalid base16: character {char!r} at offset {offset}"
                " is not a hex digit"
            )
    if len(text) & 1:
        return DecodeError(f"invalid base16: length {len(text)} is odd")
    return decode_mismatch(text, "base16 text")  # not reached: one rule above failed


def write_array(value: object) -> str:
    """Write bytes as a JSON array of signed decimal bytes: ``[0,127,-128,-1]``."""
    raw = value if type(value) is bytes else _raw(value)
    pieces = _charmap_encode(str(raw, "latin-1"), None, _SIGNED_PIECES)[0]
    return f"[{pieces[:-1].decode()}]"


def read_array(data: object) -> bytes:
    """Read a JSON array of integers in [-128, 127] back into bytes."""
    if not isinstance(data, list):
        raise decode_mismatch(data, "an array of integers in [-128, 127]")
    try:
        raw = _pack(f"{len(data)}b", *data)
    except _StructError:
        raise _element_error(data, -128) from None
    if not _holds_no_bool(data, raw):
        raise _element_error(data, -128)
    return raw


def write_uint8_array(value: object) -> str:
    """Write bytes as a JSON array of unsigned decimal bytes: ``[0,127,128,255]``."""
    raw = value if type(value) is bytes else _raw(value)
    pieces = _charmap_encode(str(raw, "latin-1"), None, _UNSIGNED_PIECES)[0]
    return f"[{pieces[:-1].decode()}]"


def read_uint8_array(data: object) -> bytes:
    """Read a JSON array of integers in [0, 255] back into bytes."""
    if not isinstance(data, list):
        raise decode_mismatch(data, "an array of integers in [0, 255]")
    try:
        raw = bytes(data)
    except _CONVERSION_ERRORS:
        raise _element_error(data, 0) from None
    if not _holds_no_bool(data, raw):
        raise _element_error(data, 0)
    return raw


def _holds_no_bool(data: list[object], raw: bytes) -> bool:
    """Whether ``data``, already converted to ``raw``, holds no ``True`` or ``False``.

    Both converters take a bool as the byte 0 or 1, so only those positions need a look;
    ``bytes.find`` walks to them in C. When they are many, one pass over every element's
    type is cheaper.
    """
    if (raw.count(0) + raw.count(1)) * 8 > len(raw):
        return _BOOL_TYPE.isdisjoint(map(type, data))
    for byte in (0, 1):
        index = raw.find(byte)
        while index >= 0:
            if type(data[index]) is bool:
                return False
            index = raw.find(byte, index + 1)
    return True


def _element_error(data: list[object], low: int) -> DecodeError:
    """The error for the first element that is a bool or that does not convert."""
    convert: Callable[[list[Any]], bytes] = _pack_signed if low else bytes
    for index, item in enumerate(data):
        if type(item) is not bool:
            try:
                convert([item])
                continue
            except _CONVERSION_ERRORS:
                pass
        expected = f"an integer in [{low}, {low + 255}]"
        return decode_mismatch(item, expected).within(index)
    return decode_mismatch(data, "an array of bytes")  # not reached: an element failed


def _pack_signed(items: list[Any]) -> bytes:
    return _pack(f"{len(items)}b", *items)
