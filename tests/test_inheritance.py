"""Model inheritance: ``extends``, fields on abstract bases, subtypes of subtypes.

The example is ``schemas/ledger.yaml``; the Jackson side of the same hierarchy is in
``tests/interop/java/LedgerModels.java``. Other hierarchies are generated here.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from foryjson import DecodeError, EncodeError, ForyJson
from foryjson.gen.cli import main
from foryjson.gen.inheritance import MAX_LINEAGE
from generated import ledger
from tests.schema_modules import generated_module

BACKENDS = ("stdlib", "orjson")


def card() -> ledger.CardCharge:
    return ledger.CardCharge(id="t2", amount=Decimal("19.99"), last_four="4242")


def premium() -> ledger.PremiumCardCharge:
    return ledger.PremiumCardCharge(
        id="t1", amount=Decimal("1250.00"), last_four="0005", lounge_access=True
    )


def refund() -> ledger.Refund:
    return ledger.Refund(id="t3", amount=Decimal("-19.99"), original="t2")


CARD = '{"type":"card","id":"t2","amount":19.99,"currency":"EUR","lastFour":"4242"}'
PREMIUM = (
    '{"type":"premium_card","id":"t1","amount":1250.00,"currency":"EUR",'
    '"lastFour":"0005","loungeAccess":true}'
)
REFUND = '{"type":"refund","id":"t3","amount":-19.99,"currency":"EUR","original":"t2"}'


# ------------------------------------------------------------------ classes


def test_generated_classes_derive_from_their_bases() -> None:
    value = premium()
    assert isinstance(value, ledger.CardCharge)
    assert isinstance(value, ledger.Transaction)
    assert isinstance(value, ledger.Entity)
    assert issubclass(ledger.Statement, ledger.Entity)
    assert not issubclass(ledger.Statement, ledger.Transaction)
    # Inherited fields come first, in the constructor and in repr.
    assert repr(value) == (
        "PremiumCardCharge(id='t1', amount=Decimal('1250.00'), currency='EUR',"
        " last_four='0005', lounge_access=True)"
    )
    # A class keeps only its own slots; the base holds the rest.
    assert ledger.Transaction.__slots__ == ("amount", "currency")
    assert ledger.PremiumCardCharge.__slots__ == ("lounge_access",)
    assert not hasattr(value, "__dict__")


def test_a_base_with_subtypes_is_abstract() -> None:
    with pytest.raises(TypeError, match="abstract class Transaction"):
        ledger.Transaction(id="x", amount=Decimal(1))  # type: ignore[abstract]


def test_equality_needs_the_same_class() -> None:
    plain = ledger.CardCharge(id="t1", amount=Decimal("1250.00"), last_four="0005")
    richer = ledger.PremiumCardCharge(
        id="t1", amount=Decimal("1250.00"), last_four="0005"
    )
    assert plain != richer and richer != plain
    assert card() == card()
    assert ledger.Entity(id="s1") != ledger.Statement(id="s1", entries=[])


# ------------------------------------------------------------------ writing


@pytest.mark.parametrize("backend", BACKENDS)
def test_every_subtype_writes_its_name_first_in_every_api(backend: str) -> None:
    fory = ForyJson(ledger, backend=backend)
    for value, text in ((card(), CARD), (premium(), PREMIUM), (refund(), REFUND)):
        assert value.to_json() == text
        assert value.to_json_bytes() == text.encode()
        assert fory.to_json(value) == text
        assert fory.to_json(value, ledger.Transaction) == text
        assert fory.to_json([value], list[ledger.Transaction]) == f"[{text}]"
        assert fory.to_json({"k": value}, dict[str, ledger.Transaction]) == (
            f'{{"k":{text}}}'
        )
    assert fory.to_json(premium(), ledger.CardCharge) == PREMIUM
    assert fory.to_json([card(), premium()], list[ledger.CardCharge]) == (
        f"[{CARD},{PREMIUM}]"
    )


def test_a_field_typed_as_a_subtype_writes_the_name_too() -> None:
    statement = ledger.Statement(
        id="s1", entries=[premium(), card(), refund()], largest_card=premium()
    )
    text = statement.to_json()
    assert text == (
        f'{{"id":"s1","entries":[{PREMIUM},{CARD},{REFUND}],"largestCard":{PREMIUM}}}'
    )
    assert ledger.Statement.from_json(text) == statement
    assert ForyJson(ledger, backend="stdlib").to_json(statement) == text


def test_a_subtype_typed_place_refuses_other_subtypes() -> None:
    statement = ledger.Statement(id="s1", entries=[], largest_card=refund())  # type: ignore[arg-type]
    with pytest.raises(EncodeError) as raised:
        statement.to_json()
    assert raised.value.path == "$.largestCard"
    assert raised.value.message.startswith(
        "expected CardCharge (one of CardCharge, PremiumCardCharge), got"
    )


def test_a_plain_base_writes_its_own_fields() -> None:
    """Without a subtype table, a place typed as the base writes the base's view."""
    assert ForyJson(ledger).to_json(premium(), ledger.Entity) == '{"id":"t1"}'


# ------------------------------------------------------------------ reading


def test_reading_through_any_level_of_the_hierarchy() -> None:
    assert type(ledger.Transaction.from_json(PREMIUM)) is ledger.PremiumCardCharge
    assert ledger.CardCharge.from_json(PREMIUM) == premium()
    assert ledger.CardCharge.from_json(CARD) == card()
    assert ledger.PremiumCardCharge.from_json(PREMIUM) == premium()
    assert ledger.Refund.from_json(REFUND) == refund()
    # The name may come anywhere in the object.
    moved = '{"id":"t2","amount":19.99,"lastFour":"4242","type":"card"}'
    assert ledger.CardCharge.from_json(moved) == card()


@pytest.mark.parametrize(
    ("model", "text", "path", "message"),
    [
        (
            ledger.CardCharge,
            REFUND,
            "$.type",
            "unknown subtype name 'refund'; expected one of card, premium_card",
        ),
        (
            ledger.PremiumCardCharge,
            CARD,
            "$.type",
            "unknown subtype name 'card'; expected one of premium_card",
        ),
        (
            ledger.Transaction,
            '{"id":"t2","amount":1,"lastFour":"4242"}',
            "$",
            "missing the subtype property type",
        ),
        (
            ledger.Transaction,
            '{"type":"card","id":"t2","amount":"1","lastFour":"4242"}',
            "$.amount",
            "expected decimal, got the string '1'",
        ),
        (
            ledger.Transaction,
            '{"type":"card","type":"refund","id":"t2","amount":1,"lastFour":"1"}',
            "$.type",
            "'type' more than once in one object",
        ),
    ],
)
def test_reading_errors_name_the_place(
    model: Any, text: str, path: str, message: str
) -> None:
    for backend in BACKENDS:
        with pytest.raises(DecodeError) as raised:
            ForyJson(ledger, backend=backend).from_json(text, model)
        assert raised.value.path == path, backend
        assert message in raised.value.message, (backend, raised.value.message)


# ------------------------------------------------------- other representations


DEEP = """
options: {naming: camelCase}
models:
  Shape:
    subtypes:
      representation: %s
      types: {circle: Circle, ring: Ring, square: Square}
    fields:
      label: str
  Circle:
    fields: {radius: float}
  Ring:
    extends: Circle
    fields: {inner_radius: float}
  Square:
    fields: {side: float}
  Drawing:
    fields:
      shapes: "list[Shape]"
      round: "Circle?"
"""


@pytest.fixture(scope="module", params=["property", "wrapper_object", "wrapper_array"])
def shapes(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ModuleType]:
    representation = request.param
    schema = DEEP % (
        "property\n      property: kind"
        if representation == "property"
        else representation
    )
    folder = tmp_path_factory.mktemp(f"shapes_{representation}")
    yield from generated_module(folder, f"shapes_{representation}", schema)


def test_depth_three_in_every_representation(shapes: ModuleType) -> None:
    ring = shapes.Ring(label="r", radius=2.0, inner_radius=1.0)
    body = '{"label":"r","radius":2.0,"innerRadius":1.0}'
    expected = {
        "property": '{"kind":"ring","label":"r","radius":2.0,"innerRadius":1.0}',
        "wrapper_object": f'{{"ring":{body}}}',
        "wrapper_array": f'["ring",{body}]',
    }[shapes.__name__.removeprefix("shapes_").removesuffix("_probe")]
    for backend in BACKENDS:
        fory = ForyJson(shapes, backend=backend)
        assert fory.to_json(ring) == expected
        assert fory.to_json(ring, shapes.Shape) == expected
        assert fory.to_json(ring, shapes.Circle) == expected
        assert fory.from_json(expected, shapes.Circle) == ring
        assert fory.from_json(expected, shapes.Shape) == ring
    drawing = shapes.Drawing(
        shapes=[ring, shapes.Square(label="s", side=1.5)], round=ring
    )
    assert shapes.Drawing.from_json(drawing.to_json()) == drawing
    assert shapes.Drawing.from_json(drawing.to_json_bytes()) == drawing


# ------------------------------------------------------------------ options


def test_options_inherit_unless_overridden(tmp_path: Path) -> None:
    schema = """
models:
  Base:
    naming: camelCase
    unknown_properties: reject
    fields: {first_name: str}
  Child:
    extends: Base
    fields: {last_name: str}
  Loose:
    extends: Base
    naming: snake_case
    unknown_properties: ignore
    fields: {last_name: str}
"""
    module = next(generated_module(tmp_path, "inherit_options", schema))
    child = module.Child(first_name="Ada", last_name="Lovelace")
    assert child.to_json() == '{"firstName":"Ada","lastName":"Lovelace"}'
    with pytest.raises(DecodeError, match="unknown property 'x'"):
        module.Child.from_json('{"firstName":"A","lastName":"L","x":1}')
    loose = module.Loose(first_name="Ada", last_name="Lovelace")
    # Inherited fields keep the names their own model gives them.
    assert loose.to_json() == '{"firstName":"Ada","last_name":"Lovelace"}'
    assert module.Loose.from_json(loose.to_json() + " ") == loose
    assert module.Loose.from_json(
        '{"firstName":"Ada","last_name":"Lovelace","x":1}'
    ) == (loose)


def test_a_base_in_another_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "base.yaml").write_text(
        "models:\n  Named:\n    naming: camelCase\n    fields:\n"
        "      display_name: str\n      tags: 'list[Tag]'\n"
        "  Tag:\n    fields: {label: str}\n"
    )
    (tmp_path / "user.yaml").write_text(
        "models:\n  User:\n    extends: base.Named\n    fields: {user_id: int}\n"
    )
    files = [str(tmp_path / name) for name in ("base.yaml", "user.yaml")]
    assert main([*files, "-o", str(tmp_path / "crossfile")]) == 0
    monkeypatch.syspath_prepend(str(tmp_path))
    base = importlib.import_module("crossfile.base")
    user = importlib.import_module("crossfile.user")
    try:
        value = user.User(display_name="A", tags=[base.Tag(label="x")], user_id=3)
        assert isinstance(value, base.Named)
        # The base's camelCase naming applies to the subclass's own field too.
        text = '{"displayName":"A","tags":[{"label":"x"}],"userId":3}'
        assert value.to_json() == text
        assert user.User.from_json(text) == value
    finally:
        for name in ("crossfile", "crossfile.base", "crossfile.user"):
            sys.modules.pop(name, None)


def test_order_follows_jackson_in_hierarchies(tmp_path: Path) -> None:
    """Jackson writes the nearest @JsonPropertyOrder's names first (inherited ones
    too), then the rest, the base's fields before the subclass's."""
    schema = """
models:
  P:
    subtypes: {property: k, types: {a: A, b: B}}
    order: [y, x]
    fields: {x: int, y: int}
  A:
    order: [b, a]
    fields: {a: int, b: int}
  B:
    fields: {c: int}
  E:
    fields: {x: int, y: int}
  F:
    extends: E
    order: [z]
    fields: {w: int, z: int}
"""
    module = next(generated_module(tmp_path, "inherit_order", schema))
    assert module.A(x=1, y=2, a=3, b=4).to_json() == (
        '{"k":"a","b":4,"a":3,"x":1,"y":2}'
    )
    assert module.B(x=1, y=2, c=3).to_json() == '{"k":"b","y":2,"x":1,"c":3}'
    assert module.F(x=1, y=2, w=5, z=6).to_json() == '{"z":6,"x":1,"y":2,"w":5}'


def test_a_validator_applies_to_the_models_that_inherit_it(tmp_path: Path) -> None:
    schema = """
models:
  Span:
    subtypes: {property: kind, types: {booked: Booked}}
    validator: examples.validators:check_period
    fields: {start: int, end: int}
  Booked:
    fields: {room: str}
"""
    module = next(generated_module(tmp_path, "inherit_validator", schema))
    good = '{"kind":"booked","start":1,"end":2,"room":"A"}'
    assert module.Span.from_json(good) == module.Booked(start=1, end=2, room="A")
    with pytest.raises(DecodeError) as raised:
        module.Booked.from_json(good.replace('"end":2', '"end":0'))
    assert raised.value.path == "$"
    assert "ends at 0, before it starts at 1" in raised.value.message


# ------------------------------------------------------------------ mistakes


def schema_error(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str) -> str:
    (tmp_path / "m.yaml").write_text(text)
    assert main([str(tmp_path / "m.yaml"), "-o", str(tmp_path / "out")]) == 2
    return capsys.readouterr().err


TABLE = "models:\n  P:\n    subtypes: {property: k, types: {a: A, b: B}}\n"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "models:\n  A: {extends: B, fields: {x: int}}\n"
            "  B: {extends: A, fields: {y: int}}\n",
            "inheritance loops: A -> B -> A",
        ),
        ("models:\n  A: {extends: A, fields: {x: int}}\n", "A cannot extend itself"),
        (
            "enums:\n  E: [x]\nmodels:\n  A: {extends: E, fields: {x: int}}\n",
            "A extends E; a model extends a model",
        ),
        (
            TABLE + "  A: {fields: {x: int}}\n  B: {extends: C, fields: {y: int}}\n"
            "  C: {fields: {z: int}}\n",
            "B is a subtype of P, so it extends P or another of its subtypes, not C",
        ),
        (
            TABLE + "  A: {fields: {x: int}}\n  B: {fields: {y: int}}\n"
            "  C: {extends: A, fields: {z: int}}\n",
            "C extends A, so the subtypes of P must name it too",
        ),
        (
            TABLE + "    fields: {x: int}\n  A: {fields: {y: int}}\n"
            "  B: {fields: {x: str}}\n",
            "B declares the field 'x', which it inherits from P",
        ),
        (
            TABLE + "    fields: {x: int}\n  A: {fields: {y: int}}\n"
            "  B: {fields: {z: {type: str, json: x}}}\n",
            "B declares the JSON name 'x' (field 'z'), which it inherits from P",
        ),
        (
            TABLE + "    fields: {k: int}\n  A: {fields: {y: int}}\n"
            "  B: {fields: {z: int}}\n",
            "the discriminator 'k' of P is also a property of its subtype A",
        ),
        (
            "models:\n  B: {fields: {e: {type: 'dict[str, any]', any_properties: true}}}\n"
            "  S:\n    extends: B\n"
            "    fields: {f: {type: 'dict[str, any]', any_properties: true}}\n",
            "S has two any_properties fields (e, inherited, and f)",
        ),
        (
            "models:\n  E: {fields: {x: int}}\n"
            "  F: {extends: E, order: [q], fields: {y: int}}\n",
            "order names 'q', which is not a field of F",
        ),
        (
            "models:\n  I: {fields: {q: int}}\n"
            "  P: {extends: b.E, subtypes: {property: k, types: {a: A}}}\n"
            "  A: {fields: {x: int}}\n",
            "unknown module 'b'",
        ),
        (
            "models:\n  P:\n    subtypes: {representation: wrapper_object, types: {a: A}}\n"
            "    fields: {x: int}\n  A: {value: true, fields: {text: str}}\n",
            "A is a value model, written as one string, so it cannot inherit the fields",
        ),
        (
            # Unwrapping cycles through inherited fields are refused, not followed.
            "models:\n  P:\n    subtypes: {property: k, types: {a: A}}\n"
            "    fields: {c: {type: 'C?', unwrapped: {prefix: c_}}}\n"
            "  A: {fields: {x: int}}\n"
            "  C: {fields: {d: {type: 'D?', unwrapped: {prefix: d_}}}}\n"
            "  D: {fields: {c: {type: 'C?', unwrapped: {prefix: c_}}}}\n",
            "unwrap",
        ),
        (
            "models:\n  V: {value: true, fields: {text: str}}\n"
            "  A: {extends: V, fields: {y: int}}\n",
            "V is a value model, written as one string; no model derives from it",
        ),
        (
            "models:\n  B: {python: 'pkg.mod:Thing', fields: {x: int}}\n"
            "  A: {extends: B, fields: {y: int}}\n",
            "B is bound to pkg.mod:Thing; only generated classes derive from one another",
        ),
        (
            TABLE + "  A: {fields: {x: int}}\n  B: {fields: {y: int}}\n"
            "  Q:\n    extends: A\n    subtypes: {property: j, types: {c: C}}\n"
            "  C: {fields: {z: int}}\n",
            "Q has subtypes and derives from A, which is in a subtype table already",
        ),
    ],
)
def test_inheritance_mistakes_are_schema_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, message: str
) -> None:
    assert message in schema_error(tmp_path, capsys, text)


def test_a_base_whose_file_imports_the_subclass_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "a.yaml").write_text(
        "models:\n  Base:\n    fields: {child: 'b.Child?'}\n"
    )
    (tmp_path / "b.yaml").write_text(
        "models:\n  Child:\n    extends: a.Base\n    fields: {y: int}\n"
    )
    code = main(
        [str(tmp_path / "a.yaml"), str(tmp_path / "b.yaml"), "-o", str(tmp_path / "o")]
    )
    assert code == 2
    assert "Child extends a.Base, but a imports this file" in capsys.readouterr().err


def test_hierarchies_have_a_depth_limit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    chain = "".join(
        f"  M{index}: {{extends: M{index - 1}, fields: {{f{index}: int}}}}\n"
        for index in range(1, MAX_LINEAGE + 2)
    )
    text = "models:\n  M0: {fields: {f0: int}}\n" + chain
    message = schema_error(tmp_path, capsys, text)
    assert f"M{MAX_LINEAGE + 1} derives from more than {MAX_LINEAGE} models" in message
    # At the limit, every class is generated.
    limit = text.replace(chain.splitlines()[-1] + "\n", "")
    (tmp_path / "m.yaml").write_text(limit)
    assert main([str(tmp_path / "m.yaml"), "-o", str(tmp_path / "out")]) == 0


def test_a_discriminator_clash_through_a_base_of_another_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "b.yaml").write_text(
        "models:\n  Inner: {fields: {k: int}}\n"
        "  E: {fields: {inner: {type: Inner, unwrapped: true}}}\n"
    )
    (tmp_path / "m.yaml").write_text(
        "models:\n  Inner: {fields: {q: int}}\n"
        "  P: {extends: b.E, subtypes: {property: k, types: {a: A}}}\n"
        "  A: {fields: {x: int}}\n"
    )
    files = [str(tmp_path / name) for name in ("b.yaml", "m.yaml")]
    assert main([*files, "-o", str(tmp_path / "out")]) == 2
    message = capsys.readouterr().err
    assert "the discriminator 'k' of P is also a property of its subtype A" in message
