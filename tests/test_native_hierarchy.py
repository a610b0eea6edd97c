"""Subtype hierarchies in the compiled codecs: the kitchen schema's ``Shape``, whose
values are written and read with their ``kind`` first.

A compiled encoder writes a subtype's name as the Python one does; a compiled
decoder reads documents whose first member names the subtype, and gives up on every
other form (the name later on, repeated, unknown, not a string), which the Python
decoder then reads or refuses. The package is the one ``tests/native_support.py``
builds; without a C compiler or Python's headers these tests skip.
"""

from __future__ import annotations

import importlib
import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from foryjson import DecodeError
from tests.native_support import PACKAGE, check_decode, pure_decode, same_encoding
from tests.schema_strategies import FLOATS, TEXT

SETTINGS = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)

#: BigSquare's subtype name, as hostile to C source as schema text can be, and in JSON.
BIG = 'big*/"??/\\sq'
BIG_JSON = json.dumps(BIG).encode()

SHAPES = ("Shape", "Circle", "Square", "BigSquare", "Dot", "Drawing")


def _kitchen() -> Any:
    return importlib.import_module(f"{PACKAGE}.kitchen")


def _drawings(kitchen: Any) -> st.SearchStrategy[Any]:
    int32 = st.integers(-(2**31), 2**31 - 1)
    squares = st.builds(kitchen.Square, side=int32) | st.builds(
        kitchen.BigSquare, side=int32, big=st.booleans()
    )
    shapes = (
        st.builds(kitchen.Circle, radius=FLOATS, label=st.none() | TEXT)
        | squares
        | st.builds(kitchen.Dot)
    )
    return st.builds(
        kitchen.Drawing,
        kind=TEXT,
        shapes=st.lists(shapes, max_size=4),
        first=st.none() | shapes,
        square=st.none() | squares,
    )


def test_every_model_of_the_hierarchy_is_compiled(native_package: Path) -> None:
    kitchen = _kitchen()
    codecs = {codec.type.__name__: codec for codec in kitchen.CODECS}
    for name in SHAPES:
        assert codecs[name].native is not None, name
        assert codecs[name].native_read is not None, name
    source = (native_package / PACKAGE / "_kitchen_native.c").read_text("utf-8")
    kept = re.findall(r"^ \*   (\w+): (?:encoder|decoder):", source, re.MULTILINE)
    assert kept and not set(kept) & set(SHAPES)


@SETTINGS
@given(data=st.data())
def test_drawings_are_written_and_read_as_python_does(
    native_package: Path, monkeypatch: pytest.MonkeyPatch, data: st.DataObject
) -> None:
    kitchen = _kitchen()
    drawing = data.draw(_drawings(kitchen))
    same_encoding(kitchen, drawing, monkeypatch)
    document = drawing.to_json_bytes()
    assert kitchen._native_Drawing(drawing) == document
    assert check_decode(kitchen, "Drawing", document) is not None
    for shape in drawing.shapes:
        written = kitchen._native_Shape(shape)
        assert written == shape.to_json_bytes()
        assert written.startswith(b'{"kind":"')
        assert check_decode(kitchen, "Shape", written) is not None
        assert check_decode(kitchen, type(shape).__name__, written) is not None


def test_a_subtype_is_written_with_its_name_first(native_package: Path) -> None:
    kitchen = _kitchen()
    assert kitchen._native_Shape(kitchen.Dot()) == b'{"kind":"dot"}'
    assert kitchen._native_Dot(kitchen.Dot()) == b'{"kind":"dot"}'
    big = kitchen.BigSquare(side=2, big=False)
    assert (
        kitchen._native_Square(big)
        == b'{"kind":' + BIG_JSON + b',"side":2,"big":false}'
    )
    circle = kitchen.Circle(radius=0.5, label=None)
    assert kitchen._native_Shape(circle) == b'{"kind":"circle","radius":0.5}'


#: (model, document, whether the compiled decoder reads it).
DOCUMENTS = [
    ("Shape", b'{"kind":"circle","radius":1.5}', True),
    ("Shape", b' { "kind" : "dot" , "extra" : [1, {"kind": 2}] } ', True),
    ("Shape", b'{"kind":"\\u0064ot"}', True),
    ("Shape", b'{"\\u006bind":"dot"}', True),
    ("Shape", b'{"kind":' + BIG_JSON + b',"side":-3}', True),
    ("Square", b'{"kind":' + BIG_JSON + b',"side":7,"big":false}', True),
    ("Square", b'{"kind":"square","side":7}', True),
    ("Drawing", b'{"kind":"a","shapes":[{"kind":"dot"}],"first":null}', True),
    # Read as itself, a concrete subtype needs no name, as Fory writes it.
    ("Circle", b'{"radius":1.5}', True),
    ("Square", b' { "side" : 7 } ', True),
    ("BigSquare", b'{"side":1,"big":true}', True),
    ("Dot", b"{}", True),
    ("Dot", b" { } ", True),
    ("Square", b'{"side":7,"kind":' + BIG_JSON + b"}", False),
    ("Square", b'{"\\u0073ide":7}', True),
    # The subtype named later on: the Python decoder reads it.
    ("Shape", b'{"radius":1.5,"kind":"circle"}', False),
    # A name the table lacks, a name that is no string, no name, a subtype of
    # another branch.
    ("Shape", b'{"kind":"triangle"}', False),
    ("Shape", b'{"kind":1}', False),
    ("Shape", b'{"kind":null,"radius":1}', False),
    ("Shape", b"{}", False),
    ("Shape", b"[]", False),
    ("Square", b'{"kind":"circle","radius":1}', False),
    ("BigSquare", b'{"kind":"square","side":1}', False),
    # The name repeated: the Python reader marks it, and refuses it.
    ("Shape", b'{"kind":"circle","radius":1,"kind":"circle"}', False),
    ("Shape", b'{"kind":"dot","kind":"dot"}', False),
    ("Square", b'{"kind":"square","side":1,"kind":' + BIG_JSON + b"}", False),
    ("Drawing", b'{"kind":"a","kind":"b","shapes":[]}', False),
    # A subtype's own rules: Circle refuses unknown members.
    ("Shape", b'{"kind":"circle","radius":1,"colour":"red"}', False),
    ("Shape", b'{"kind":"circle"}', False),
    ("Shape", b'{"kind":"circle","radius":1,}', False),
]


@pytest.mark.parametrize(("model", "document", "compiled"), DOCUMENTS)
def test_documents_read_as_python_does_or_give_up(
    native_package: Path, model: str, document: bytes, compiled: bool
) -> None:
    kitchen = _kitchen()
    native = check_decode(kitchen, model, document)
    assert (native is not None) is compiled


def test_a_repeated_subtype_property_is_a_python_error(native_package: Path) -> None:
    kitchen = _kitchen()
    error = pure_decode(kitchen, "Drawing", b'{"kind":"a","kind":"b","shapes":[]}')
    assert isinstance(error, DecodeError)
    assert error.path == "$.kind"
    error = pure_decode(kitchen, "Shape", b'{"kind":"dot","kind":"dot"}')
    assert isinstance(error, DecodeError)


def test_values_outside_the_table_are_the_python_errors(
    native_package: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kitchen = _kitchen()

    class Rounder(kitchen.Circle):  # type: ignore[name-defined,misc]
        __slots__ = ()

    odd = Rounder(radius=1.0, label=None)
    wrong = [
        kitchen.Drawing(kind="k", shapes=[odd], first=None, square=None),
        kitchen.Drawing(kind="k", shapes=[], first=None, square=kitchen.Dot()),
        kitchen.Drawing(
            kind="k", shapes=[kitchen.Square(side=2**31)], first=None, square=None
        ),
    ]
    for drawing in wrong:
        assert kitchen._native_Drawing(drawing) is None
        same_encoding(kitchen, drawing, monkeypatch)
