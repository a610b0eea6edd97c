"""RFC 8259 conformance corpus for ``foryjson.reader.read``.

Every case is a small document and its expected outcome: accepted with the expected
plain value, or rejected with a ``DecodeError``. A ``str`` document is run as ``str``
and as UTF-8 ``bytes`` (when it can be encoded: raw lone surrogates cannot); a
``bytes`` document (invalid UTF-8, byte-order marks) runs as ``bytes`` only.

``syntax`` marks rejections that must carry a position (syntax errors and invalid
UTF-8); limit errors (number length, nesting depth) carry none. ``note`` records
current behaviour that is documented rather than dictated by the RFC.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["CASES", "REJECT", "Case"]


class _Reject:
    def __repr__(self) -> str:
        return "REJECT"


#: The expected outcome of documents that ``read`` must refuse.
REJECT = _Reject()


@dataclass(frozen=True)
class Case:
    """One document and its expected outcome."""

    name: str
    document: str | bytes
    expected: object
    syntax: bool = True
    note: str = ""

    @property
    def accepted(self) -> bool:
        return self.expected is not REJECT


CASES: list[Case] = []


def ok(name: str, document: str | bytes, expected: object, note: str = "") -> None:
    CASES.append(Case(name, document, expected, note=note))


def bad(name: str, document: str | bytes, syntax: bool = True, note: str = "") -> None:
    CASES.append(Case(name, document, REJECT, syntax=syntax, note=note))


# --- Values at top level (RFC 8259 section 2: any value, scalars included) -----------

ok("top/zero", "0", 0)
ok("top/int", "42", 42)
ok("top/negative", "-7", -7)
ok("top/float", "2.5", 2.5)
ok("top/string", '"hi"', "hi")
ok("top/empty-string", '""', "")
ok("top/true", "true", True)
ok("top/false", "false", False)
ok("top/null", "null", None)
ok("top/empty-array", "[]", [])
ok("top/empty-object", "{}", {})
ok("top/ws-around-scalar", " \t\r\n1\n\r\t ", 1)

# --- Empty input ----------------------------------------------------------------------

bad("empty/nothing", "")
bad("empty/space", " ")
bad("empty/all-whitespace", " \t\n\r")
bad("empty/newlines", "\n\n\n")

# --- Arrays ---------------------------------------------------------------------------

ok("array/one", "[1]", [1])
ok("array/two", "[1,2]", [1, 2])
ok(
    "array/mixed",
    '[1,"a",true,false,null,[],{},2.5]',
    [1, "a", True, False, None, [], {}, 2.5],
)
ok("array/nested-empty", "[[]]", [[]])
ok("array/nested-deeper", "[[[[]]]]", [[[[]]]])
ok("array/of-objects", '[{},{"a":1}]', [{}, {"a": 1}])
ok("array/siblings", "[[1],[2,[3]]]", [[1], [2, [3]]])
ok("array/hundred", "[" + ",".join(str(i) for i in range(100)) + "]", list(range(100)))
_NESTED: list[object] = []
for _ in range(199):
    _NESTED = [_NESTED]
ok("array/depth-200", "[" * 200 + "]" * 200, _NESTED)
bad("array/unclosed", "[")
bad("array/unclosed-after-value", "[1")
bad("array/unclosed-after-comma", "[1,")
bad("array/closed-by-brace", "[1}")
bad("array/stray-close", "]")
bad("array/trailing-comma", "[1,]")
bad("array/trailing-comma-nested", "[[1,],2]")
bad("array/only-comma", "[,]")
bad("array/leading-comma", "[,1]")
bad("array/double-comma", "[1,,2]")
bad("array/missing-comma", "[1 2]")
bad("array/missing-comma-strings", '["a" "b"]')
bad("array/missing-comma-containers", "[[] []]")
bad("array/colon-separator", "[1:2]")
bad("array/semicolon-separator", "[1;2]")
bad("array/extra-close", "[1]]")

# --- Objects --------------------------------------------------------------------------

ok("object/one", '{"a":1}', {"a": 1})
ok("object/two", '{"a":1,"b":2}', {"a": 1, "b": 2})
ok("object/empty-key", '{"":0}', {"": 0})
ok("object/escaped-key", '{"a\\nb":1}', {"a\nb": 1})
ok("object/non-ascii-key", '{"clé":"valeur"}', {"clé": "valeur"})
ok("object/nested", '{"a":{"b":{"c":[]}}}', {"a": {"b": {"c": []}}})
ok("object/nested-empty", '{"a":{}}', {"a": {}})
ok(
    "object/all-value-kinds",
    '{"s":"x","n":-1,"f":0.5,"t":true,"F":false,"z":null}',
    {"s": "x", "n": -1, "f": 0.5, "t": True, "F": False, "z": None},
)
bad("object/unclosed", "{")
bad("object/unclosed-after-key", '{"a"')
bad("object/unclosed-after-colon", '{"a":')
bad("object/unclosed-after-value", '{"a":1')
bad("object/unclosed-after-comma", '{"a":1,')
bad("object/closed-by-bracket", '{"a":1]')
bad("object/stray-close", "}")
bad("object/extra-close", "{}}")
bad("object/trailing-comma", '{"a":1,}')
bad("object/only-comma", "{,}")
bad("object/leading-comma", '{,"a":1}')
bad("object/double-comma", '{"a":1,,"b":2}')
bad("object/missing-comma", '{"a":1 "b":2}')
bad("object/missing-colon", '{"a" 1}')
bad("object/key-only", '{"a"}')
bad("object/missing-value", '{"a":}')
bad("object/missing-key", "{:1}")
bad("object/double-colon", '{"a"::1}')
bad("object/comma-for-colon", '{"a",1}')
bad("object/equals-for-colon", '{"a"=1}')
bad("object/number-key", "{1:2}")
bad("object/bare-key", "{a:1}")
bad("object/null-key", "{null:1}")
bad("object/true-key", "{true:1}")
bad("object/array-key", "{[]:1}")
bad("object/object-key", "{{}:1}")
bad("object/single-quoted-key", "{'a':1}")

# --- Duplicate keys: last wins (Fory), at the first key's position ---------------------

ok("dup/two", '{"a":1,"a":2}', {"a": 2})
ok("dup/three", '{"a":1,"a":2,"a":3}', {"a": 3})
ok("dup/interleaved", '{"a":1,"b":2,"a":3}', {"a": 3, "b": 2})
ok("dup/different-types", '{"a":[1],"a":null}', {"a": None})
ok("dup/escaped-spelling", '{"a":1,"\\u0061":2}', {"a": 2})
ok("dup/nested", '{"o":{"k":1,"k":2},"o":{"k":3}}', {"o": {"k": 3}})
ok("dup/empty-key", '{"":1,"":2}', {"": 2})

# --- Whitespace: the four allowed kinds in every position ------------------------------

_TEMPLATE = '·[·1·,·{·"a"·:·2·,·"b"·:·[·]·}·]·'
_SLOTS = _TEMPLATE.count("·")
_TEMPLATE_VALUE = [1, {"a": 2, "b": []}]
_ALLOWED = {"space": " ", "tab": "\t", "lf": "\n", "cr": "\r"}


def _fill(template: str, slot: int | None, ws: str) -> str:
    """Put ws in one slot (or every slot for None), nothing in the others."""
    parts = template.split("·")
    out = parts[0]
    for index, part in enumerate(parts[1:]):
        out += (ws if slot is None or slot == index else "") + part
    return out


for _name, _ws in _ALLOWED.items():
    ok(f"ws/{_name}/everywhere", _fill(_TEMPLATE, None, _ws), _TEMPLATE_VALUE)
    ok(
        f"ws/{_name}/everywhere-doubled",
        _fill(_TEMPLATE, None, _ws * 2),
        _TEMPLATE_VALUE,
    )
    for _slot in range(_SLOTS):
        ok(f"ws/{_name}/slot-{_slot}", _fill(_TEMPLATE, _slot, _ws), _TEMPLATE_VALUE)
ok("ws/all-four-everywhere", _fill(_TEMPLATE, None, " \t\n\r"), _TEMPLATE_VALUE)
ok("ws/crlf-pretty", '{\r\n  "a": [\r\n    1\r\n  ]\r\n}\r\n', {"a": [1]})

_DISALLOWED = {
    "nbsp": "\u00a0",
    "vt": "\v",
    "ff": "\f",
}
for _name, _ws in _DISALLOWED.items():
    for _slot in range(_SLOTS):
        bad(f"ws-bad/{_name}/slot-{_slot}", _fill(_TEMPLATE, _slot, _ws))

_OTHER_SPACES = {
    "nel": "\u0085",
    "ogham": "\u1680",
    "en-quad": "\u2000",
    "zwsp": "\u200b",
    "line-sep": "\u2028",
    "para-sep": "\u2029",
    "ideographic": "\u3000",
    "nul": "\x00",
    "fs": "\x1c",
    "bom-mid": "\ufeff",
}
for _name, _ws in _OTHER_SPACES.items():
    bad(f"ws-bad/{_name}/leading", _ws + "[1]")
    bad(f"ws-bad/{_name}/inside", "[" + _ws + "1]")
    bad(f"ws-bad/{_name}/trailing", "[1]" + _ws)

# --- Strings --------------------------------------------------------------------------

_ESCAPES = {
    "quote": ('"\\""', '"'),
    "backslash": ('"\\\\"', "\\"),
    "solidus": ('"\\/"', "/"),
    "backspace": ('"\\b"', "\b"),
    "formfeed": ('"\\f"', "\f"),
    "newline": ('"\\n"', "\n"),
    "return": ('"\\r"', "\r"),
    "tab": ('"\\t"', "\t"),
    "u-ascii": ('"\\u0041"', "A"),
    "u-nul": ('"\\u0000"', "\x00"),
    "u-1f": ('"\\u001f"', "\x1f"),
    "u-del": ('"\\u007f"', "\x7f"),
    "u-latin": ('"\\u00e9"', "é"),
    "u-upper-hex": ('"\\u00E9"', "é"),
    "u-mixed-hex": ('"\\u20Ac"', "€"),
    "u-ffff": ('"\\uffff"', "\uffff"),
    "u-bom": ('"\\ufeff"', "\ufeff"),
    "u-quote": ('"\\u0022"', '"'),
    "u-backslash": ('"\\u005c"', "\\"),
    "pair-emoji": ('"\\ud83d\\ude00"', "\U0001f600"),
    "pair-upper": ('"\\uD834\\uDD1E"', "\U0001d11e"),
    "pair-max": ('"\\udbff\\udfff"', "\U0010ffff"),
    "pair-min": ('"\\ud800\\udc00"', "\U00010000"),
    "all-in-a-row": ('"\\"\\\\\\/\\b\\f\\n\\r\\t"', '"\\/\b\f\n\r\t'),
    "escape-then-text": ('"a\\nb\\tc"', "a\nb\tc"),
}
for _name, (_doc, _value) in _ESCAPES.items():
    ok(f"string/escape/{_name}", _doc, _value)

# A lone surrogate is no character: it could never be written back as UTF-8.
bad("string/lone/high", '"\\ud800"')
bad("string/lone/low", '"\\udc00"')
bad("string/lone/high-max", '"\\udbff"')
bad("string/lone/low-max", '"\\udfff"')
bad("string/lone/upper-case", '"\\uD800"')
bad("string/lone/high-then-text", '"\\ud800x"')
bad("string/lone/high-then-escape", '"\\ud800\\u0041"')
bad("string/lone/reversed-pair", '"\\ude00\\ud83d"')
bad("string/lone/two-highs", '"\\ud800\\ud800"')
bad("string/lone/pair-then-low", '"\\ud83d\\ude00\\ude00"')
bad("string/lone/in-key", '{"\\ud800":1}')
bad("string/lone/in-nested-array", '[1,["a","\\udc00"]]')
bad("string/lone/raw-in-str", '"\ud800"')
ok("string/lone/escaped-backslash-first", '"\\\\ud800"', "\\ud800")
ok("string/lone/escaped-backslash-then-pair", '"\\\\\\ud83d\\ude00"', "\\\U0001f600")
ok("string/pair-in-key", '{"\\ud83d\\ude00":1}', {"\U0001f600": 1})

_BAD_ESCAPES = {
    "a": '"\\a"',
    "x": '"\\x41"',
    "U": '"\\U0041"',
    "single-quote": '"\\\'"',
    "zero": '"\\0"',
    "v": '"\\v"',
    "e": '"\\e"',
    "space": '"\\ "',
    "upper-N": '"\\N"',
    "u-short-2": '"\\u12"',
    "u-short-3": '"\\u123"',
    "u-non-hex": '"\\u12G4"',
    "u-empty": '"\\u"',
    "u-sign": '"\\u+123"',
    "u-braces": '"\\u{41}"',
    "u-upper-U": '"\\U00000041"',
    "backslash-at-end": '"\\',
    "backslash-quote-unclosed": '"\\"',
    "escaped-newline": '"\\\n"',
    "non-ascii-after-backslash": '"\\é"',
}
for _name, _doc in _BAD_ESCAPES.items():
    bad(f"string/bad-escape/{_name}", _doc)

for _code in range(0x20):
    bad(f"string/control/U+{_code:04X}", f'"a{chr(_code)}b"')
bad("string/control/in-key", '{"a\tb":1}')

_RAW = {
    "del": "\x7f",
    "c1-80": "\x80",
    "c1-nel": "\x85",
    "c1-9f": "\x9f",
    "nbsp": "\u00a0",
    "latin": "é",
    "euro": "€",
    "cjk": "中文",
    "emoji": "\U0001f600",
    "max": "\U0010ffff",
    "line-sep": "\u2028",
    "para-sep": "\u2029",
    "bom-inside": "\ufeff",
    "nonchar-ffff": "\uffff",
    "single-quote": "'",
    "slash": "/",
}
for _name, _raw in _RAW.items():
    ok(f"string/raw/{_name}", f'"{_raw}"', _raw)

bad("string/unterminated", '"abc')
bad("string/unterminated-in-array", '["abc]')
bad("string/single-quoted", "'abc'")
bad("string/single-quoted-in-array", "['a']")
bad("string/single-quoted-value", "{\"a\":'b'}")
bad("string/backticks", "`abc`")
bad("string/bare-word", "abc")
bad("string/adjacent", '"a""b"')

# --- Numbers --------------------------------------------------------------------------

_NUMBERS: dict[str, object] = {
    "0": 0,
    "-0": 0,
    "1": 1,
    "-1": -1,
    "9": 9,
    "10": 10,
    "1234567890": 1234567890,
    "9223372036854775807": 2**63 - 1,
    "18446744073709551616": 2**64,
    "-9223372036854775809": -(2**63) - 1,
    "0.0": 0.0,
    "-0.0": -0.0,
    "0.5": 0.5,
    "-0.5": -0.5,
    "1.5": 1.5,
    "10.25": 10.25,
    "0.1": 0.1,
    "1e5": 1e5,
    "1E5": 1e5,
    "1e+5": 1e5,
    "1E+5": 1e5,
    "1e-5": 1e-5,
    "1E-5": 1e-5,
    "1.5e3": 1500.0,
    "-1.5E-3": -0.0015,
    "0e0": 0.0,
    "0E+0": 0.0,
    "-0e-0": -0.0,
    "1e0001": 10.0,
    "1e-0": 1.0,
    "123.456e-78": 123.456e-78,
    "1.7976931348623157e308": 1.7976931348623157e308,
    "4.9e-324": 5e-324,
    "1e400": float("inf"),
    "-1e400": float("-inf"),
    "1E+400": float("inf"),
    "1e-400": 0.0,
    "-1e-400": -0.0,
    "1e999999999": float("inf"),
}
for _text, _number in _NUMBERS.items():
    ok(f"number/{_text}", _text, _number)
    ok(f"number/in-array/{_text}", f"[{_text}]", [_number])


def _repdigit(digit: int, count: int) -> int:
    """The integer written as count copies of digit (beyond int()'s digit limit)."""
    nines: int = 10**count - 1
    return digit * nines // 9


ok("number/int-4301-digits", "1" * 4301, _repdigit(1, 4301))
ok("number/int-10000-digits", "7" * 10_000, _repdigit(7, 10_000))
ok("number/negative-9999-digits", "-" + "9" * 9_999, -_repdigit(9, 9_999))
ok("number/int-10000-in-array", "[" + "3" * 10_000 + "]", [_repdigit(3, 10_000)])
bad("number/int-10001-digits", "7" * 10_001, syntax=False)
bad(
    "number/negative-10000-digits",
    "-" + "9" * 10_000,
    syntax=False,
    note="the limit counts characters, so the sign makes 10,001",
)
bad("number/int-20000-in-object", '{"a":' + "1" * 20_000 + "}", syntax=False)
ok("number/fraction-10000-chars", "0." + "5" * 9_998, float("0." + "5" * 9_998))
bad("number/fraction-10001-chars", "0." + "5" * 9_999, syntax=False)
bad("number/exponent-digits-10001-chars", "1e" + "0" * 9_998 + "1", syntax=False)
bad("number/float-20000-in-array", "[1." + "0" * 20_000 + "]", syntax=False)

_BAD_NUMBERS = [
    "01",
    "00",
    "007",
    "-01",
    "-00",
    "00.5",
    "+1",
    "+0",
    "+1.5",
    "+1e5",
    ".5",
    "-.5",
    "5.",
    "-5.",
    "5.e3",
    "1.e5",
    "e5",
    "E5",
    "-e5",
    "1e",
    "1E",
    "1e+",
    "1e-",
    "1e+-5",
    "1ee5",
    "1e5.5",
    "1.2.3",
    "0x1F",
    "0X1f",
    "0b101",
    "0o17",
    "1_000",
    "1,000",
    "--1",
    "-",
    "- 1",
    "1 .5",
    "1. 5",
    "1e 5",
    "1f",
    "1L",
    "1d",
    "\u0661",
    "\uff11",
    "\u00bd",
    "Inf",
    "inf",
    "-inf",
    "nan",
    "-nan",
    "infinity",
]
for _doc in _BAD_NUMBERS:
    bad(f"number/bad/{_doc}", _doc)
for _doc in ["01", "+1", ".5", "5.", "1e", "0x1F", "-"]:
    bad(f"number/bad/in-array/{_doc}", f"[{_doc}]")
    bad(f"number/bad/in-object/{_doc}", f'{{"a":{_doc}}}')

# --- Literals -------------------------------------------------------------------------

ok("literal/in-array", "[true,false,null]", [True, False, None])
ok(
    "literal/in-object",
    '{"t":true,"f":false,"n":null}',
    {"t": True, "f": False, "n": None},
)
for _doc in [
    "True",
    "TRUE",
    "tRUE",
    "False",
    "FALSE",
    "Null",
    "NULL",
    "nul",
    "nulll",
    "tru",
    "truee",
    "fals",
    "falsee",
    "t",
    "f",
    "n",
    "None",
    "nil",
    "undefined",
    "true1",
    "nullnull",
    "[true false]",
    "[nul]",
    '{"a":True}',
    "-true",
]:
    bad(f"literal/bad/{_doc}", _doc)

# --- Bare NaN and Infinity -------------------------------------------------------------

for _doc in [
    "NaN",
    "Infinity",
    "-Infinity",
    "+Infinity",
    "-NaN",
    "[NaN]",
    "[1,-Infinity]",
    '{"a":Infinity}',
    '["NaN",NaN]',
    '["\\"NaN",NaN]',
    "NAN",
    "INFINITY",
]:
    bad(f"constant/{_doc}", _doc)
ok(
    "constant/as-strings",
    '["NaN","Infinity","-Infinity"]',
    ["NaN", "Infinity", "-Infinity"],
)

# --- Comments -------------------------------------------------------------------------

for _name, _doc in {
    "line-before": "// c\n1",
    "block-before": "/* c */1",
    "line-after": "1 // c",
    "block-after": "1/*c*/",
    "in-array": "[1/*c*/]",
    "in-object": '{"a":1 // c\n}',
    "hash": "# c\n1",
    "hash-after": "1 # c",
    "unterminated-block": "/* c",
}.items():
    bad(f"comment/{_name}", _doc)

# --- Trailing content -----------------------------------------------------------------

for _name, _doc in {
    "two-numbers": "1 2",
    "two-arrays": "[] []",
    "two-objects": "{}{}",
    "two-literals": "null null",
    "word-after": "1 x",
    "comma-after": "true,",
    "close-after": "[1]]",
    "nul-after": "[1]\x00",
    "value-after-ws": "1\n\n2",
    "array-after-string": '"a"[]',
}.items():
    bad(f"trailing/{_name}", _doc)

# --- Byte-order mark ------------------------------------------------------------------

bad("bom/str-number", "\ufeff1")
bad("bom/str-object", "\ufeff{}")
bad("bom/str-alone", "\ufeff")
bad("bom/str-after-space", " \ufeff1")
bad("bom/str-trailing", "1\ufeff")
bad("bom/bytes-number", b"\xef\xbb\xbf1")
bad("bom/bytes-object", b'\xef\xbb\xbf{"a":1}')
bad("bom/bytes-alone", b"\xef\xbb\xbf")
bad("bom/bytes-utf16le", b"\xff\xfe1\x00")
bad("bom/bytes-utf16be", b"\xfe\xff\x001")
ok("bom/inside-string-bytes", b'"\xef\xbb\xbf"', "\ufeff")

# --- UTF-8 in binary input ------------------------------------------------------------

_INVALID_UTF8 = {
    "ff": b"\xff",
    "fe": b"\xfe",
    "overlong-nul": b"\xc0\x80",
    "overlong-c1": b"\xc1\xbf",
    "overlong-3": b"\xe0\x80\xaf",
    "overlong-4": b"\xf0\x80\x80\xaf",
    "surrogate-high": b"\xed\xa0\x80",
    "surrogate-low": b"\xed\xbf\xbf",
    "surrogate-pair-cesu": b"\xed\xa0\xbd\xed\xb8\x80",
    "truncated-2": b"\xc3",
    "truncated-3": b"\xe2\x82",
    "truncated-4": b"\xf0\x9f\x98",
    "lone-continuation": b"\x80",
    "lone-continuation-bf": b"\xbf",
    "above-max": b"\xf4\x90\x80\x80",
    "f5": b"\xf5\x80\x80\x80",
    "five-byte": b"\xf8\x88\x80\x80\x80",
    "truncated-then-ascii": b"\xe2\x82a",
}
for _name, _seq in _INVALID_UTF8.items():
    bad(f"utf8/in-string/{_name}", b'"' + _seq + b'"')
for _name in ["ff", "overlong-nul", "surrogate-high", "truncated-3"]:
    _seq = _INVALID_UTF8[_name]
    bad(f"utf8/top-level/{_name}", _seq)
    bad(f"utf8/in-key/{_name}", b'{"' + _seq + b'":1}')
    bad(f"utf8/after-value/{_name}", b"[1]" + _seq)
bad("utf8/truncated-at-end", b'"abc\xe2\x82')

_VALID_UTF8 = {
    "2-byte": (b"\xc3\xa9", "é"),
    "3-byte": (b"\xe2\x82\xac", "€"),
    "4-byte": (b"\xf0\x9f\x98\x80", "\U0001f600"),
    "d7ff": (b"\xed\x9f\xbf", "\ud7ff"),
    "e000": (b"\xee\x80\x80", "\ue000"),
    "ffff": (b"\xef\xbf\xbf", "\uffff"),
    "max": (b"\xf4\x8f\xbf\xbf", "\U0010ffff"),
    "min-2": (b"\xc2\x80", "\x80"),
}
for _name, (_seq, _char) in _VALID_UTF8.items():
    ok(f"utf8/valid/{_name}", b'"' + _seq + b'"', _char)

# --- Deep nesting: a DecodeError, never RecursionError --------------------------------

_DEEP = 100_000
bad("deep/arrays-unclosed", "[" * _DEEP, syntax=False)
bad("deep/arrays-closed", "[" * _DEEP + "]" * _DEEP, syntax=False)
bad("deep/objects", '{"a":' * _DEEP + "1" + "}" * _DEEP, syntax=False)
bad("deep/mixed", '[{"a":' * (_DEEP // 2), syntax=False)
bad("deep/in-object", '{"x":' + "[" * _DEEP + "]" * _DEEP + "}", syntax=False)

# --- Nesting at the ceiling of max_depth (512, the default of a plain read) ------------


def _nested_lists(levels: int) -> list[object]:
    value: list[object] = []
    for _ in range(levels - 1):
        value = [value]
    return value


ok("deep/at-the-ceiling", "[" * 512 + "]" * 512, _nested_lists(512))
bad("deep/past-the-ceiling", "[" * 513 + "]" * 513, syntax=False)
bad("deep/objects-past-the-ceiling", '{"a":' * 513 + "1" + "}" * 513, syntax=False)
bad("deep/content-after-a-value", "[]" + "[" * _DEEP)
bad("deep/in-an-unterminated-string", '"' + "[" * _DEEP)
bad("deep/closers-first", "]" * 10 + "[" * 1000)
# Deeper than any C stack: refused on the text, whatever the recursion limit.
bad("deep/past-any-stack", "[" * 200_000 + "]" * 200_000, syntax=False)

# --- Bare constants after strings an error path must not backtrack over -----------------

bad("constant/after-escaped-backslash", '["\\\\",NaN]')
bad("constant/after-escaped-quote", '["a\\"NaN\\\\",Infinity]')
bad("constant/in-object-after-escapes", '{"NaN":[1,"\\\\\\"",-Infinity]}')
bad("constant/after-many-line-breaks", '["' + "\\n" * 5000 + '",NaN]')
bad("constant/after-many-backslashes", '["' + "\\\\" * 5000 + '",NaN]')
bad("constant/after-many-quotes", '["' + '\\"' * 5000 + '",NaN]')
bad("constant/after-a-long-string", '["' + "a" * 1_000_000 + '",NaN]')
