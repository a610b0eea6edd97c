"""The package the native tests build: media, users and a schema of every type the
C codecs handle, generated with ``--native`` and compiled (see ``conftest.py``)."""

from __future__ import annotations

import enum
import importlib
import importlib.machinery
import importlib.util
import shutil
import struct
import sys
import sysconfig
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import strategies as st

from foryjson import DecodeError, EncodeError, ForyJson
from foryjson.gen.cli import main
from foryjson.limits import Limits
from tests.schema_strategies import FLOATS, TEXT

REPOSITORY = Path(__file__).resolve().parents[1]
PACKAGE = "fj_native_pkg"

KITCHEN = """\
options:
  include: non_null
enums:
  Color: [RED, GREEN]
models:
  Everything:
    fields:
      text: str
      maybe_text: str?
      flag: bool
      tiny: int8
      small: uint8
      medium: int16
      word: uint32
      big: int64
      huge: uint64
      any_int: int
      ratio: float
      maybe_ratio: float?
      color: Color
      maybe_color: Color?
      counts: list[int32?]
      nested: list[list[str]]
      quoted: {type: str, json: "we\\"ird\\\\name\\u00e9 */ ??/"}
      always_null: {type: "str?", include: always}
  Folder:
    fields:
      name: str
      children: list[Folder]
      parent: Folder?
  Floats:
    fields:
      values: list[float]
  Dated:
    fields:
      day: date
  HoldsDated:
    fields:
      dated: Dated
  Defaults:
    unknown_properties: reject
    fields:
      name: {type: str, default: "n\u00e9"}
      count: {type: int32, default: 3}
      big: {type: int, default: 123456789012345678901234567890}
      ratio: {type: float, default: 0.5}
      flag: {type: bool, default: true}
      color: {type: Color, default: GREEN}
      tags: {type: "list[str]", default: []}
      note: str?
      stamp: {type: int64, read_only: true, default: 7}
      hostile: {type: str, json: "*/ \\"??/\\\\ x", default: "*/ \\"??/\\\\ \\u2028#include"}
  Stamped:
    fields:
      id: uuid
      day: date?
      moment: datetime
      millis: {type: datetime, format: epoch_millis}
      amount: decimal
      text_amount: {type: decimal, format: string}
      blob: bytes
      hex: {type: bytes, format: base16}
      stamps: list[Stamped]
  Shape:
    subtypes:
      property: kind
      # A subtype name that would close a C comment, quote or trigraph if pasted.
      types: {circle: Circle, square: Square, 'big*/"??/\\sq': BigSquare, dot: Dot}
  Circle:
    unknown_properties: reject
    fields:
      radius: float
      label: str?
  Square:
    fields:
      side: int32
  BigSquare:
    extends: Square
    fields:
      big: {type: bool, default: true}
  Dot:
    fields: {}
  Moment:
    fields:
      at: datetime
      day: date?
      id: uuid?
      amount: decimal?
      blob: bytes?
      hex: {type: "bytes?", format: base16}
      signed: {type: "bytes?", format: array}
      unsigned: {type: "bytes?", format: uint8_array}
      millis: {type: "datetime?", format: epoch_millis}
      seconds: {type: "datetime?", format: epoch_seconds}
  Drawing:
    fields:
      kind: str
      shapes: list[Shape]
      first: Shape?
      square: Square?
  Scalars:
    fields:
      id: uuid
      amount: decimal
      text_amount: {type: decimal, format: string}
      day: date
      clock: time
      moment: datetime
      instant: instant
      local: local_datetime
      millis: {type: datetime, format: epoch_millis}
      seconds: {type: datetime, format: epoch_seconds}
      blob: bytes
      url_blob: {type: bytes, format: base64url}
      hex: {type: bytes, format: base16}
      signed: {type: bytes, format: array}
      unsigned: {type: bytes, format: uint8_array}
      maybe_id: {type: "uuid?", include: always}
      days: list[date?]
  Lasting:
    fields:
      elapsed: duration
  HoldsLasting:
    fields:
      lasting: Lasting
  Mapped:
    fields:
      labels: dict[str, str]
      counts: dict[str, int32?]
      folders: dict[str, list[Folder]]
      colors: dict[str, Color]
      ratios: dict[str, dict[str, float]]
      maybe: dict[str, str]?
      sizes: {type: "dict[str, int64]", default: {}}
      tags: {type: "list[str]", constraints: {unique: true}}
      codes: {type: "list[int16?]", constraints: {unique: true}}
      shades: {type: "list[Color]", constraints: {unique: true}}
      maybe_tags: {type: "list[str]?", constraints: {unique: true}}
  DatedMap:
    fields:
      days: "dict[str, date?]"
  Collected:
    fields:
      tags: set[str]
      codes: set[int32]
      shades: set[Color?]
      pairs: set[tuple[str, str]]
      pair: tuple[str, int64]
      triple: tuple[float, bool?, list[Color]]
      coordinates: tuple[float, ...]
      distinct: {type: "tuple[int8, ...]", constraints: {unique: true}}
      maybe_pair: tuple[str, int8]?
      no_tags: {type: "set[str]", default: []}
      no_bytes: {type: "tuple[uint8, ...]", default: []}
  FloatSet:
    fields:
      values: set[float]
  UniqueBig:
    fields:
      values: {type: "list[int]", constraints: {unique: true}}
  UniqueShort:
    fields:
      values: {type: "list[str]", constraints: {unique: true, max_length: 3}}
  IntKeys:
    fields:
      names: dict[int32, str]
"""


def compiler_problem() -> str | None:
    """Why C extensions cannot be built here, or None."""
    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not headers.is_file():
        return f"no Python headers ({headers} is missing)"
    if importlib.util.find_spec("setuptools") is None:
        return "setuptools is not installed"
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler} is not on PATH)"
    return None


def generate(folder: Path, *arguments: str) -> int:
    schemas = folder / "schemas"
    schemas.mkdir(exist_ok=True)
    for name in ("clients", "media", "users"):
        shutil.copy(REPOSITORY / "schemas" / f"{name}.yaml", schemas)
    (schemas / "kitchen.yaml").write_text(KITCHEN, encoding="utf-8")
    return main([str(schemas), "-o", str(folder / PACKAGE), *arguments])


def built_package(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Generate the package with --native, build it, and put it on sys.path; skips
    the test without a compiler or Python's headers."""
    problem = compiler_problem()
    if problem is not None:
        pytest.skip(problem)
    from foryjson.native.build import extensions

    folder = tmp_path_factory.mktemp("native")
    assert generate(folder, "--native") == 0
    names = [extension.name for extension in extensions(folder / PACKAGE)]
    assert names == [
        f"{PACKAGE}._{name}_native" for name in ("clients", "kitchen", "media", "users")
    ]
    assert main(["build", str(folder / PACKAGE)]) == 0
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    built = [
        path for path in (folder / PACKAGE).iterdir() if path.name.endswith(suffixes)
    ]
    assert len(built) == 4
    sys.path.insert(0, str(folder))
    try:
        yield folder
    finally:
        sys.path.remove(str(folder))
        for name in [name for name in sys.modules if name.startswith(PACKAGE)]:
            del sys.modules[name]


def module(name: str) -> Any:
    """A module of the built package."""
    return importlib.import_module(f"{PACKAGE}.{name}")


def rebuild(value: Any, module: Any) -> Any:
    """A value of the generated/ classes as the same value of ``module``'s."""
    if isinstance(value, enum.Enum):
        return getattr(module, type(value).__name__)[value.name]
    if isinstance(value, list):
        return [rebuild(item, module) for item in value]
    if type(value).__module__.startswith("generated."):
        cls = getattr(module, type(value).__name__)
        copy = object.__new__(cls)
        for name in cls.__slots__:
            setattr(copy, name, rebuild(getattr(value, name), module))
        return copy
    return value


#: dict keys: any text, and a few that are written with escapes or past the BMP.
KEYS = TEXT | st.sampled_from(["", '"', "\\", "\x00\x1f", "\u2028", "é", "😀", "a/b"])


def mapped(kitchen: Any, *, unique: bool = True) -> st.SearchStrategy[Any]:
    """Values of the kitchen schema's Mapped; with ``unique`` its unique lists hold
    no repeated item, else they may."""

    def folders(depth: int) -> st.SearchStrategy[Any]:
        children = (
            st.just([]) if depth == 0 else st.lists(folders(depth - 1), max_size=2)
        )
        return st.builds(kitchen.Folder, name=TEXT, children=children, parent=st.none())

    def items(elements: st.SearchStrategy[Any]) -> st.SearchStrategy[list[Any]]:
        return st.lists(elements, max_size=6, unique=unique)

    return st.builds(
        kitchen.Mapped,
        labels=st.dictionaries(KEYS, TEXT, max_size=5),
        counts=st.dictionaries(
            KEYS, st.none() | st.integers(-(2**31), 2**31 - 1), max_size=4
        ),
        folders=st.dictionaries(KEYS, st.lists(folders(2), max_size=2), max_size=3),
        colors=st.dictionaries(KEYS, st.sampled_from(kitchen.Color), max_size=3),
        ratios=st.dictionaries(
            KEYS, st.dictionaries(KEYS, FLOATS, max_size=3), max_size=3
        ),
        maybe=st.none() | st.dictionaries(KEYS, TEXT, max_size=3),
        sizes=st.dictionaries(KEYS, st.integers(-(2**63), 2**63 - 1), max_size=2),
        tags=items(st.sampled_from(["a", "b", "é", "😀", ""]) | TEXT),
        codes=items(st.none() | st.integers(-(2**15), 2**15 - 1)),
        shades=items(st.sampled_from(kitchen.Color)),
        maybe_tags=st.none() | items(st.sampled_from(["a", "b", "x\ny"])),
    )


def collected(kitchen: Any, *, unique: bool = True) -> st.SearchStrategy[Any]:
    """Values of the kitchen schema's Collected; with ``unique`` its unique tuple
    holds no repeated item, else it may."""
    colors = st.sampled_from(kitchen.Color)
    return st.builds(
        kitchen.Collected,
        tags=st.sets(KEYS, max_size=6) | st.frozensets(KEYS, max_size=3),
        codes=st.sets(st.integers(-(2**31), 2**31 - 1), max_size=6),
        shades=st.sets(st.none() | colors),
        pairs=st.sets(st.tuples(KEYS, TEXT), max_size=4),
        pair=st.tuples(TEXT, st.integers(-(2**63), 2**63 - 1)),
        triple=st.tuples(
            FLOATS, st.none() | st.booleans(), st.lists(colors, max_size=3)
        ),
        coordinates=st.lists(FLOATS, max_size=5).map(tuple),
        distinct=st.lists(st.integers(-128, 127), max_size=8, unique=unique).map(tuple),
        maybe_pair=st.none() | st.tuples(TEXT, st.integers(-128, 127)),
        no_tags=st.sets(TEXT, max_size=2),
        no_bytes=st.lists(st.integers(0, 255), max_size=3).map(tuple),
    )


def everything(
    kitchen: Any, *, huge_bits: int = 64, int_bits: int = 70, lists: int = 3
) -> st.SearchStrategy[Any]:
    """Values of the kitchen schema's Everything: integers of the unsigned 64-bit
    field up to ``huge_bits`` bits, of the ``int`` field up to ``int_bits``."""

    def ints(bits: int, signed: bool = True) -> st.SearchStrategy[int]:
        if signed:
            return st.integers(-(2 ** (bits - 1)), 2 ** (bits - 1) - 1)
        return st.integers(0, 2**bits - 1)

    return st.builds(
        kitchen.Everything,
        text=TEXT,
        maybe_text=st.none() | TEXT,
        flag=st.booleans(),
        tiny=ints(8),
        small=ints(8, False),
        medium=ints(16),
        word=ints(32, False),
        big=ints(64),
        huge=ints(huge_bits, False),
        any_int=st.integers(-(2**int_bits), 2**int_bits),
        ratio=FLOATS,
        maybe_ratio=st.none() | FLOATS,
        color=st.sampled_from(kitchen.Color),
        maybe_color=st.none() | st.sampled_from(kitchen.Color),
        counts=st.lists(st.none() | ints(32), max_size=4),
        nested=st.lists(st.lists(TEXT, max_size=3), max_size=lists),
        quoted=TEXT,
        always_null=st.none() | TEXT,
    )


# --------------------------------------------------- comparing with the Python codecs


def same(a: object, b: object) -> bool:
    """Equal values of the same types throughout: floats by their bits, dicts and
    sets in the same order, through the generated classes' slots."""
    if type(a) is not type(b):
        return False
    if isinstance(a, float):
        assert isinstance(b, float)
        return struct.pack("<d", a) == struct.pack("<d", b) or (a != a and b != b)
    if isinstance(a, list | tuple):
        assert isinstance(b, list | tuple)
        return len(a) == len(b) and all(map(same, a, b))
    if isinstance(a, set):
        assert isinstance(b, set)
        return a == b and list(a) == list(b)  # iterated in the same order too
    if isinstance(a, dict):
        assert isinstance(b, dict)
        return list(a) == list(b) and all(same(a[key], b[key]) for key in a)
    if isinstance(a, enum.Enum) or not hasattr(type(a), "__slots__"):
        return a == b
    slots: tuple[str, ...] = type(a).__dict__["__slots__"]
    return all(same(getattr(a, n), getattr(b, n)) for n in slots)


def pure_decode(
    module: Any, model: str, data: Any, limits: Limits | None = None
) -> Any:
    """What the Python decoder gives: the object, or the DecodeError raised."""
    codec = next(c for c in module.CODECS if c.type.__name__ == model)
    try:
        return codec.decode_document(data, limits)
    except DecodeError as error:
        return error


def check_decode(module: Any, model: str, data: object) -> Any:
    """Decode ``data`` every way: the compiled decoder gives the Python decoder's
    object, or gives up (None, returned); ``from_json`` and ``ForyJson`` give the
    Python outcome either way, error message and path included."""
    expected = pure_decode(module, model, data)
    native = getattr(module, f"_native_read_{model}")(data)
    if native is not None:
        assert not isinstance(expected, DecodeError), (data, expected)
        assert same(native, expected), (data, native, expected)
    cls = getattr(module, model)
    for decode in (cls.from_json, lambda d: ForyJson(module).from_json(d, cls)):
        if isinstance(expected, DecodeError):
            with pytest.raises(DecodeError) as raised:
                decode(data)
            assert str(raised.value) == str(expected)
            assert raised.value.path == expected.path
        else:
            assert same(decode(data), expected)
    return native


def pure_bytes(module: Any, value: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    """What the Python encoders give: the document, or the EncodeError raised."""
    with monkeypatch.context() as patch:
        model = next(
            cls
            for cls in type(value).__mro__
            if hasattr(module, f"_native_{cls.__name__}")
        )
        patch.setattr(module, f"_native_{model.__name__}", None)
        try:
            return value.to_json_bytes()
        except EncodeError as error:
            return error


def same_encoding(module: Any, value: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """``to_json_bytes`` and ``to_json`` give the Python encoders' document, or
    their error with the same message."""
    expected = pure_bytes(module, value, monkeypatch)
    try:
        got: Any = value.to_json_bytes()
    except EncodeError as error:
        got = error
    if isinstance(expected, EncodeError):
        assert isinstance(got, EncodeError), got
        assert type(got) is type(expected)
        assert str(got) == str(expected)
        assert got.args == expected.args
        with pytest.raises(EncodeError) as text_error:
            value.to_json()
        assert str(text_error.value) == str(expected)
    else:
        assert got == expected
        assert value.to_json() == expected.decode()
