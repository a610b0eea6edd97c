"""What was read can be written, and encoding raises only ``EncodeError``.

Covers values a decoder accepted that could not be written back (a duplicated subtype
property outside a subtype's object, long decimals with an exponent), and objects
that fail while they are written (unset slots, containers changed meanwhile, tzinfos
beyond any valid offset, invalid ``NumberText``): every encoding entry point turns
them into an ``EncodeError`` and never writes invalid JSON.
"""

from __future__ import annotations

import importlib
import inspect
import io
import json
import pkgutil
import sys
import threading
from collections.abc import Callable, Iterator
from datetime import date, datetime, time, timedelta, timezone, tzinfo
from decimal import Decimal
from types import ModuleType
from typing import Any
from uuid import UUID

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import generated
from foryjson import DecodeError, EncodeError, ForyJson, reader
from foryjson.decimals import read_decimal, write_decimal
from foryjson.numbers import MAX_NUMBER_CHARS
from foryjson.plain import NumberText
from generated import media, payments, types
from tests.schema_modules import generated_module

BACKENDS = ["stdlib", "orjson"]


def strict_json(text: str | bytes) -> Any:
    """Parse text as RFC 8259 JSON (no NaN or Infinity), failing on anything else."""

    def refuse(name: str) -> Any:
        raise ValueError(f"{name} is not JSON")

    return json.loads(text, parse_constant=refuse)


SCHEMA = """
models:
  Holder:
    fields:
      amounts: "set[decimal]"
  Stamps:
    fields:
      moments: "set[datetime]"
      by_name: "dict[str, datetime]"
  Exact:
    fields:
      value: decimal
      quoted: {type: decimal, format: string}
"""


@pytest.fixture(scope="module")
def holder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    yield from generated_module(tmp_path_factory.mktemp("holder"), "holder", SCHEMA)


# --- a duplicated subtype property outside a subtype's object -------------------------


def order_document(**members: str) -> str:
    """An Order's JSON text with extra raw members spliced in before the end."""
    base = (
        '{"id":"o1","start":1,"end":2,"billing_street":"s","billing_city":"c",'
        '"payment":{"kind":"card","lastFour":"4242"},"payments":[],"shipments":{},'
        '"history":[]'
    )
    return base + "".join(f',"{name}":{text}' for name, text in members.items()) + "}"


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_duplicated_subtype_property_in_catch_all_members_reads_the_last_value(
    backend: str,
) -> None:
    fory = ForyJson(payments, backend=backend)
    text = order_document(
        note='{"kind":"first","kind":"second"}',
        items='[{"kind":1,"kind":"x","deep":{"kind":"a","kind":"b"}}]',
    )
    value = fory.from_json(text, payments.Order)
    assert value.extras == {
        "note": {"kind": "second"},
        "items": [{"kind": "x", "deep": {"kind": "b"}}],
    }
    written = value.to_json()
    assert strict_json(written)["note"] == {"kind": "second"}
    assert payments.Order.from_json(written) == value


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_duplicated_subtype_property_in_a_raw_field_reads_the_last_value(
    backend: str,
) -> None:
    fory = ForyJson(payments, backend=backend)
    text = order_document(metadata='{"kind":"a","n":1.50,"kind":"b"}')
    value = fory.from_json(text, payments.Order)
    assert value.metadata == '{"kind":"b","n":1.50}'
    assert payments.Order.from_json(value.to_json()) == value


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_duplicated_subtype_property_in_a_subtype_object_is_still_refused(
    backend: str,
) -> None:
    fory = ForyJson(payments, backend=backend)
    text = order_document().replace(
        '{"kind":"card","lastFour":"4242"}',
        '{"kind":"card","lastFour":"4242","kind":"bank_transfer"}',
    )
    with pytest.raises(DecodeError) as caught:
        fory.from_json(text, payments.Order)
    assert caught.value.message == (
        "expected a subtype name (card, bank_transfer),"
        " got 'kind' more than once in one object"
    )
    assert caught.value.path == "$.payment.kind"


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_duplicated_subtype_property_with_a_non_string_last_value_is_refused(
    backend: str,
) -> None:
    fory = ForyJson(payments, backend=backend)
    text = '{"kind":"card","lastFour":"4242","kind":[1]}'
    with pytest.raises(DecodeError) as caught:
        fory.from_json(text, payments.Payment)
    assert caught.value.message == (
        "expected a subtype name (card, bank_transfer), got an array"
    )
    assert caught.value.path == "$.kind"


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_duplicated_subtype_property_in_any_values_reads_the_last_value(
    backend: str,
) -> None:
    # Read as part of a root with subtypes named by "kind", as the facade does.
    codec = next(codec for codec in types.CODECS if codec.type is types.Dynamic)
    text = (
        '{"payload":{"kind":"x","kind":"y"},"extras":{"e":[{"kind":"p","kind":"q"}]}}'
    )
    value = reader.decode(
        codec.decode, text, discriminators=("kind",), fast=backend == "orjson"
    )
    assert value.payload == {"kind": "y"}
    assert value.extras == {"e": [{"kind": "q"}]}
    assert types.Dynamic.from_json(value.to_json()) == value


# --- long decimals ------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "9" * 9_998 + "e5",
        "-" + "9" * 9_997 + "e5",
        "1." + "0" * 9_994 + "e-6",
        "0." + "0" * 9_990 + "12e3",
        "1" * 9_990 + "e-9999",
        "1" * 9_997 + "E+9",
    ],
)
def test_a_long_decimal_the_reader_accepts_writes_back_within_the_limit(
    holder: ModuleType, text: str
) -> None:
    value = read_decimal(NumberText(text))
    written = write_decimal(value)
    assert len(written) <= MAX_NUMBER_CHARS
    again = read_decimal(NumberText(written))
    assert again == value and again.as_tuple() == value.as_tuple()
    exact = holder.Exact(value=value, quoted=value)
    again = holder.Exact.from_json(exact.to_json())
    assert again.value.as_tuple() == again.quoted.as_tuple() == value.as_tuple()


_DIGITS = st.text("0123456789", min_size=1, max_size=60)


@st.composite
def json_number_texts(draw: st.DrawFn) -> str:
    """JSON number text, sometimes thousands of characters long."""
    repeat = draw(st.sampled_from([1, 1, 50, 166]))
    whole = draw(_DIGITS) * repeat
    whole = whole.lstrip("0") or "0"
    text = draw(st.sampled_from(["", "-"])) + whole
    if draw(st.booleans()):
        text += "." + draw(_DIGITS) * draw(st.sampled_from([1, 1, 50, 166]))
    if draw(st.booleans()):
        text += draw(st.sampled_from(["e", "E", "e+", "e-", "E-"]))
        text += str(draw(st.integers(0, 10_500)))
    return text[: MAX_NUMBER_CHARS + 5]


@settings(max_examples=200, deadline=None)
@given(text=json_number_texts())
def test_every_decimal_the_reader_accepts_re_encodes_and_re_decodes_equal(
    holder: ModuleType, text: str
) -> None:
    document = f'{{"value":{text},"quoted":"{text}"}}'
    try:
        amount = holder.Exact.from_json(document)
    except DecodeError:
        return  # refused on read: nothing to write back
    except Exception as error:  # pragma: no cover - the failure being looked for
        raise AssertionError(f"{type(error).__name__} reading {text[:60]}") from None
    again = holder.Exact.from_json(amount.to_json())
    assert again.value == amount.value == amount.quoted == again.quoted
    assert again.value.as_tuple() == amount.value.as_tuple()
    assert again.quoted.as_tuple() == amount.quoted.as_tuple()
    # The same number inside an untyped value (a float there) re-encodes too.
    try:
        dynamic = types.Dynamic.from_json(f'{{"payload":[{text}],"extras":{{}}}}')
    except DecodeError:
        return  # beyond a float's range
    assert types.Dynamic.from_json(dynamic.to_json()) == dynamic


# --- every encoding entry point raises only EncodeError ----------------------------


def image(**changes: Any) -> media.Image:
    values: dict[str, Any] = {
        "uri": "u",
        "title": None,
        "width": 1,
        "height": 2,
        "size": media.Size.SMALL,
    }
    values.update(changes)
    return media.Image(**values)


def _probe_modules(cls: type) -> list[ModuleType]:
    """The module of a class generated inside a test, for ``ForyJson``."""
    module = sys.modules[cls.__module__]
    return [] if module in (media, types, payments) else [module]


def entry_points(value: Any) -> Iterator[tuple[str, Callable[[], object]]]:
    """Each public way to encode ``value``, with each option."""
    cls = type(value)
    fory = ForyJson(media, types, payments, *_probe_modules(cls))
    yield "to_json", lambda: value.to_json()
    yield "to_json pretty", lambda: value.to_json(pretty=True)
    yield "to_json escaped", lambda: value.to_json(escape_non_ascii=True)
    yield "to_json_bytes", lambda: value.to_json_bytes()
    yield "to_json_bytes pretty", lambda: value.to_json_bytes(pretty=True)
    yield "to_json_bytes escaped", lambda: value.to_json_bytes(escape_non_ascii=True)
    yield "ForyJson.to_json", lambda: fory.to_json(value)
    listed: Any = list[cls]  # type: ignore[valid-type]
    yield "ForyJson.to_json list", lambda: fory.to_json([value], listed)
    yield "ForyJson.to_json_bytes", lambda: fory.to_json_bytes(value, pretty=True)
    yield "ForyJson.write_json", lambda: fory.write_json(value, io.BytesIO())
    yield "ForyJson.write_ndjson", lambda: fory.write_ndjson([value], io.BytesIO())
    yield "ForyJson.write_ndjson typed", lambda: fory.write_ndjson(
        [value], io.BytesIO(), cls
    )


def encode_errors(value: Any) -> list[EncodeError]:
    errors = []
    for name, call in entry_points(value):
        try:
            call()
        except EncodeError as error:
            errors.append(error)
        except Exception as error:  # pragma: no cover - the failure being looked for
            raise AssertionError(f"{name} raised {type(error).__name__}") from error
        else:  # pragma: no cover - the failure being looked for
            raise AssertionError(f"{name} wrote the value")
    return errors


def test_an_unset_slot_is_an_encode_error_that_names_it() -> None:
    value = image()
    del value.uri
    for error in encode_errors(value):
        assert error.message == "the attribute uri of Image is not set"


class _Hook(tzinfo):
    """A time zone that runs ``action`` when asked for its offset, once armed.

    Hashing an aware datetime asks too: the containers are built before arming.
    """

    def __init__(self, action: Callable[[], object]) -> None:
        self.action = action
        self.armed = False

    def utcoffset(self, moment: datetime | None) -> timedelta:
        if self.armed:
            self.action()
        return timedelta(0)

    def dst(self, moment: datetime | None) -> None:
        return None

    def tzname(self, moment: datetime | None) -> str:
        return "hook"


def test_a_dict_changed_while_it_is_written_is_an_encode_error(
    holder: ModuleType,
) -> None:
    by_name: dict[str, datetime] = {}

    def grow() -> None:
        by_name[f"k{len(by_name)}"] = datetime(2026, 1, 1, tzinfo=timezone.utc)

    hook = _Hook(grow)
    by_name["a"] = datetime(2026, 1, 1, tzinfo=hook)
    value = holder.Stamps(moments=set(), by_name=by_name)
    hook.armed = True
    for error in encode_errors(value):
        assert error.message == "a dict changed size while it was being written"


def test_running_out_of_memory_is_not_blamed_on_the_value(holder: ModuleType) -> None:
    def exhaust() -> None:
        raise MemoryError

    hook = _Hook(exhaust)
    value = holder.Stamps(moments={datetime(2026, 1, 1, tzinfo=hook)}, by_name={})
    hook.armed = True
    for call in (value.to_json, value.to_json_bytes):
        with pytest.raises(MemoryError):
            call()
    with pytest.raises(MemoryError):
        value.to_json(pretty=True)


def test_a_set_changed_while_it_is_written_is_an_encode_error(
    holder: ModuleType,
) -> None:
    moments: set[datetime] = set()

    def grow() -> None:
        moments.add(datetime(2026, 1, 1 + len(moments), tzinfo=timezone.utc))

    hook = _Hook(grow)
    moments.add(datetime(2026, 1, 1, tzinfo=hook))
    value = holder.Stamps(moments=moments, by_name={})
    hook.armed = True
    for call in (value.to_json, value.to_json_bytes):
        with pytest.raises(EncodeError) as caught:
            call()
        assert caught.value.message == "a set changed size while it was being written"
    with pytest.raises(EncodeError):
        ForyJson(holder).write_ndjson([value], io.BytesIO())


def test_containers_mutated_by_another_thread_give_json_or_an_encode_error() -> None:
    tags = {f"t{index}" for index in range(2_000)}
    extras: dict[str, Any] = {f"k{index}": index for index in range(2_000)}
    value = types.Dynamic(payload=None, extras=extras)
    container = types.Containers(
        tags=tags,
        codes=set(),
        pair=("a", 1),
        coordinates=(),
        by_id={},
        by_color={},
        by_uuid={},
        nested=[],
    )
    stop = threading.Event()

    def mutate() -> None:
        index = 0
        while not stop.is_set():
            index += 1
            extras[f"n{index}"] = index
            tags.add(f"n{index}")
            extras.pop(f"n{index}", None)
            tags.discard(f"n{index}")

    thread = threading.Thread(target=mutate)
    thread.start()
    try:
        for _ in range(200):
            for subject in (value, container):
                try:
                    strict_json(subject.to_json())
                except EncodeError as error:
                    assert "changed" in error.message
    finally:
        stop.set()
        thread.join()


class FarOffset(tzinfo):
    """An offset Python itself refuses (24 hours or more)."""

    def utcoffset(self, moment: datetime | None) -> timedelta:
        return timedelta(hours=30)

    def dst(self, moment: datetime | None) -> timedelta:
        return timedelta(0)

    def tzname(self, moment: datetime | None) -> str:
        return "far"


def times(**changes: Any) -> types.Times:
    utc = datetime(2026, 6, 21, 1, 2, 3, tzinfo=timezone.utc)
    values: dict[str, Any] = {
        "day": date(2026, 6, 21),
        "clock": time(1, 2),
        "moment": utc,
        "local": datetime(2026, 6, 21),
        "elapsed": timedelta(seconds=1),
        "created_millis": utc,
        "created_seconds": utc,
        "birthday": date(2026, 6, 21),
        "opening": time(8, 30),
        "logged": datetime(2026, 6, 21),
        "stamped": utc,
        "holidays": [],
        "deadlines": {},
    }
    values.update(changes)
    return types.Times(**values)


@pytest.mark.parametrize(
    ("field", "path"),
    [
        ("moment", "$.moment"),
        ("created_millis", "$.createdMillis"),
        ("created_seconds", "$.createdSeconds"),
    ],
)
def test_a_tzinfo_beyond_any_valid_offset_is_an_encode_error(
    field: str, path: str
) -> None:
    value = times(**{field: datetime(2026, 6, 21, tzinfo=FarOffset())})
    for error in encode_errors(value):
        assert error.message.startswith(
            "the tzinfo of the datetime gives no valid UTC offset ("
        )
        assert error.message.endswith("offsets are within -18:00..+18:00")
        assert error.path.replace("$[0]", "$") == path


def test_a_tzinfo_that_fails_in_a_pattern_field_is_an_encode_error() -> None:
    value = times(stamped=datetime(2026, 6, 21, tzinfo=FarOffset()))
    for error in encode_errors(value):
        assert error.message.startswith("the value could not be written (ValueError:")


def test_an_offset_beyond_18_hours_is_refused_as_java_does() -> None:
    zone = timezone(timedelta(hours=19))
    for error in encode_errors(times(moment=datetime(2026, 6, 21, tzinfo=zone))):
        assert error.message == "offset +19:00 is outside the range -18:00..+18:00"
        assert error.path.replace("$[0]", "$") == "$.moment"


# --- subclasses whose overrides try to choose the text ---------------------------------


class _Forged:
    """A value whose formatting would write JSON of its own choosing."""

    def __format__(self, spec: str) -> str:
        return '01","injected":"'

    def __str__(self) -> str:
        return '0,"injected":true,"x":0'


class _LyingDelta(timedelta):
    @property
    def seconds(self) -> Any:
        return _Forged()

    @property
    def microseconds(self) -> Any:
        return _Forged()


class _LyingZone(tzinfo):
    def utcoffset(self, moment: datetime | None) -> timedelta:
        return _LyingDelta(hours=1)

    def dst(self, moment: datetime | None) -> None:
        return None

    def tzname(self, moment: datetime | None) -> str:
        return "lying"


class _LyingDatetime(datetime):
    def __sub__(self, other: Any) -> Any:
        return _Forged()

    def utcoffset(self) -> Any:
        return "+01:00"


class _LyingDecimal(Decimal):
    def as_tuple(self) -> Any:
        return (0, (1,), '0,"injected":true')


def test_a_timedelta_subclass_offset_neither_injects_nor_poisons_later_writes() -> None:
    hostile = times(moment=datetime(2026, 6, 21, tzinfo=_LyingZone()))
    honest = times(moment=datetime(2026, 6, 21, tzinfo=timezone(timedelta(hours=1))))
    for value in (hostile, honest):  # the honest one after: the offset cache is shared
        written = strict_json(value.to_json())
        assert written["moment"] == "2026-06-21T00:00:00+01:00"
        assert "injected" not in written


def test_subclass_overrides_do_not_choose_the_text_of_durations_and_instants() -> None:
    moment = _LyingDatetime(2026, 6, 21, tzinfo=timezone.utc)
    value = times(elapsed=_LyingDelta(hours=1, microseconds=5), created_seconds=moment)
    written = strict_json(value.to_json())
    assert written["elapsed"] == "PT1H0.000005S"
    assert written["createdSeconds"] == 1782000000
    assert "injected" not in written


def test_a_decimal_subclass_as_tuple_does_not_choose_the_text() -> None:
    value = types.Dynamic(payload=_LyingDecimal("9" * 9998 + "E5"), extras={})
    written = json.loads(value.to_json(), parse_float=Decimal, parse_int=Decimal)
    assert written["payload"] == Decimal("9" * 9998 + "E5")


@pytest.mark.parametrize("text", ["[oops", "", "1.", "01", "NaN", "1e", '1,"a"'])
def test_an_invalid_number_text_is_an_encode_error(text: str) -> None:
    value = types.Dynamic(payload=NumberText(text), extras={})
    for error in encode_errors(value):
        assert error.message == f"NumberText {text!r} is not one JSON number"
        assert error.path.replace("$[0]", "$") == "$.payload"


def test_a_valid_number_text_is_written_verbatim() -> None:
    value = types.Dynamic(payload=[NumberText("-1.50e+3")], extras={})
    assert value.to_json() == '{"payload":[-1.50e+3],"extras":{}}'


def test_cycles_are_still_named() -> None:
    payload: list[Any] = []
    payload.append(payload)
    value = types.Dynamic(payload=payload, extras={})
    for error in encode_errors(value):
        assert error.message.replace("value[0]", "value") == (
            "the object graph is cyclic: value.payload[0] is value.payload"
        )


# --- random wrong values into every generated model -------------------------------


def generated_models() -> list[type]:
    models = []
    for info in pkgutil.walk_packages(generated.__path__, "generated."):
        module = importlib.import_module(info.name)
        for codec in getattr(module, "CODECS", ()):
            # Abstract bases have no instances: their subtypes are here instead.
            if getattr(codec.type, "__slots__", None) and not inspect.isabstract(
                codec.type
            ):
                models.append(codec.type)
    return models


MODELS = generated_models()


class Hostile:
    """An object whose conversions to text fail."""

    __slots__ = ()

    def __str__(self) -> str:
        raise RuntimeError("no str")

    def __repr__(self) -> str:
        return "Hostile()"

    def __format__(self, spec: str) -> str:
        raise RuntimeError("no format")


class QuotingStr(str):
    """A str subclass whose conversions try to inject JSON."""

    __slots__ = ()

    def __str__(self) -> str:
        return '"],{'

    def __format__(self, spec: str) -> str:
        return '"],{'


class QuotingDecimal(Decimal):
    def __str__(self) -> str:
        return '"],{'

    def __format__(self, spec: Any, context: Any = None) -> str:
        return '"],{'


class FailingZone(tzinfo):
    def utcoffset(self, moment: datetime | None) -> timedelta:
        raise KeyError("no offset")

    def dst(self, moment: datetime | None) -> timedelta:
        return timedelta(0)

    def tzname(self, moment: datetime | None) -> str:
        return "failing"


def _call(make: Callable[[], object]) -> object:
    return make()


SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(-20, 20).map(lambda shift: 10 ** (10_000 + shift)),
    st.floats(),
    st.text(max_size=5),
    st.sampled_from(["\ud800", "a\udfff", '"', "\\"]),
    st.binary(max_size=5),
    st.decimals(),
    st.sampled_from(
        [
            Decimal("1E+99999"),
            Decimal("sNaN"),
            NumberText("[oops"),
            NumberText("1.5"),
            QuotingStr("x"),
            QuotingDecimal("1.5"),
            Hostile(),
            object(),
            UUID(int=1),
            date(2026, 1, 1),
            datetime(2026, 1, 1),
            datetime(2026, 1, 1, tzinfo=timezone.utc),
            datetime(2026, 1, 1, tzinfo=timezone(timedelta(hours=19))),
            time(1, 2),
            timedelta(days=1),
            media.Size.SMALL,
            payments.CardPayment(last_four="1"),
            memoryview(b"ab"),
            bytearray(b"ab"),
        ]
    ),
    # Values that fail even to hash are built by a function: hypothesis hashes samples.
    st.sampled_from(
        [
            lambda: datetime(2026, 1, 1, tzinfo=FarOffset()),
            lambda: datetime(2026, 1, 1, tzinfo=FailingZone()),
            lambda: time(1, 2, tzinfo=FarOffset()),
        ]
    ).map(_call),
)
KEYS = st.one_of(
    st.text(max_size=3),
    st.integers(),
    st.none(),
    st.sampled_from([UUID(int=1), media.Size.SMALL, "\ud800", QuotingStr("k")]),
)
WRONG_VALUES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.lists(inner, max_size=3).map(tuple),
        st.dictionaries(KEYS, inner, max_size=3),
        st.frozensets(st.one_of(st.integers(), st.text(max_size=3)), max_size=3),
        st.sets(st.one_of(st.integers(), st.text(max_size=3)), max_size=3),
    ),
    max_leaves=6,
)
UNSET = object()


@st.composite
def wrong_objects(draw: st.DrawFn) -> Any:
    cls = draw(st.sampled_from(MODELS))
    value: Any = object.__new__(cls)
    for klass in cls.__mro__:
        for slot in getattr(klass, "__slots__", ()):
            item = draw(st.one_of(st.just(UNSET), WRONG_VALUES))
            if item is not UNSET:
                object.__setattr__(value, slot, item)
    return value


@settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(value=wrong_objects(), pretty=st.booleans(), escape=st.booleans())
def test_wrong_values_in_any_model_give_valid_json_or_only_an_encode_error(
    value: Any, pretty: bool, escape: bool
) -> None:
    fory = ForyJson(*{sys.modules[type(value).__module__]})
    calls: list[Callable[[], str | bytes]] = [
        lambda: value.to_json(pretty=pretty, escape_non_ascii=escape),
        lambda: value.to_json_bytes(pretty=pretty, escape_non_ascii=escape),
        lambda: fory.to_json(value, pretty=pretty, escape_non_ascii=escape),
    ]
    for call in calls:
        try:
            text = call()
        except EncodeError:
            continue
        strict_json(text)
    sink = io.BytesIO()
    try:
        fory.write_ndjson([value, value], sink)
    except EncodeError:
        pass
    for line in sink.getvalue().splitlines():
        strict_json(line)


@pytest.mark.parametrize("number", [-1, 2**128, "0" * 32, 1.5, None])
@pytest.mark.parametrize("backend", ["stdlib", "orjson"])
def test_a_uuid_with_an_altered_int_slot_is_an_encode_error(
    number: object, backend: str
) -> None:
    from generated import clients

    guid = UUID(int=1)
    object.__setattr__(guid, "int", number)
    partner = clients.Partner(id=1, name="n", since="s")
    client = _client(clients, guid, partner)
    held = "an integer out of range" if type(number) is int else type(number).__name__
    message = f"expected uuid, got a UUID whose int slot holds {held} at $.guid"
    with pytest.raises(EncodeError) as raised:
        client.to_json_bytes()
    assert str(raised.value) == message
    with pytest.raises(EncodeError) as raised:
        ForyJson(clients, backend=backend).to_json(client)
    assert str(raised.value) == message


def _client(clients: ModuleType, guid: UUID, partner: Any) -> Any:
    return clients.Client(
        id=1,
        index=2,
        guid=guid,
        is_active=True,
        balance=Decimal("1.5"),
        picture="p",
        age=3,
        eye_color=clients.EyeColor.BLUE,
        name="n",
        gender="g",
        company="c",
        emails=[],
        phones=[],
        address="a",
        about="b",
        registered=date(2020, 1, 2),
        latitude=1.0,
        longitude=2.0,
        tags=[],
        partners=[partner],
    )
