"""The shortcuts the hot paths take give the same results and errors as the full checks."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from foryjson import DecodeError, EncodeError
from foryjson.decimals import read_decimal, write_decimal
from foryjson.errors import index_of
from foryjson.numbers import MAX_DECIMAL_EXPONENT, MAX_NUMBER_CHARS, NumberText
from foryjson.temporal import write_epoch_millis
from foryjson.writer import write_float
from generated import media
from generated import types as t

UTC = dt.timezone.utc
EPOCH = dt.datetime(1970, 1, 1, tzinfo=UTC)

# ------------------------------------------------------------------------ decimals

exponents = st.integers(-MAX_DECIMAL_EXPONENT - 50, MAX_DECIMAL_EXPONENT + 50)
digit_tuples = st.lists(st.integers(0, 9), min_size=1, max_size=30).map(tuple)


@given(st.sampled_from((0, 1)), digit_tuples, exponents)
def test_decimal_writes_its_text_exactly_when_the_exponent_is_in_range(
    sign: int, digits: tuple[int, ...], exponent: int
) -> None:
    value = Decimal((sign, digits, exponent))
    if abs(exponent) > MAX_DECIMAL_EXPONENT:
        with pytest.raises(EncodeError, match="exceeds the limit"):
            write_decimal(value)
    else:
        assert write_decimal(value) == str(value)


def test_decimal_in_plain_notation_at_the_length_limit() -> None:
    # "0." and 9,998 fraction digits: plain notation, exponent -9998, 10,000 characters.
    value = Decimal("0." + "1" * (MAX_NUMBER_CHARS - 2))
    assert write_decimal(value) == str(value)
    with pytest.raises(EncodeError, match="characters exceeds the limit"):
        write_decimal(Decimal("0." + "1" * (MAX_NUMBER_CHARS - 1)))


@pytest.mark.parametrize("special", ["NaN", "-NaN", "sNaN", "NaN123", "Infinity"])
def test_decimal_specials_are_still_refused(special: str) -> None:
    with pytest.raises(EncodeError, match="decimals must be finite"):
        write_decimal(Decimal(special))


@given(st.decimals(allow_nan=False, allow_infinity=False, places=4))
def test_decimal_reads_back_short_plain_text(value: Decimal) -> None:
    read = read_decimal(NumberText(str(value)))
    assert read == value and str(read) == str(value)


def test_decimal_read_limits_hold_past_the_shortcut() -> None:
    assert read_decimal(NumberText("1." + "0" * 200)).as_tuple().exponent == -200
    with pytest.raises(DecodeError, match="exponent"):
        read_decimal(NumberText("1e99999999"))
    with pytest.raises(DecodeError, match="characters exceeds the limit"):
        read_decimal(NumberText("1." + "0" * MAX_NUMBER_CHARS))


# -------------------------------------------------------------- floats and dates


@given(st.floats())
def test_float_text(value: float) -> None:
    special = {"nan": '"NaN"', "inf": '"Infinity"', "-inf": '"-Infinity"'}
    assert write_float(value) == special.get(repr(value), repr(value))


@given(
    st.datetimes(
        timezones=st.sampled_from(
            [
                UTC,
                dt.timezone(dt.timedelta(hours=-5)),
                dt.timezone(dt.timedelta(hours=14)),
            ]
        )
    )
)
def test_epoch_millis_round_toward_negative_infinity(value: dt.datetime) -> None:
    delta = value - EPOCH
    micros = (delta.days * 86_400 + delta.seconds) * 1_000_000 + delta.microseconds
    assert write_epoch_millis(value) == str(micros // 1000)


def test_epoch_millis_still_explain_naive_values() -> None:
    with pytest.raises(EncodeError, match="naive datetime"):
        write_epoch_millis(dt.datetime(2026, 1, 1))
    with pytest.raises(EncodeError, match="expected datetime, got"):
        write_epoch_millis(dt.date(2026, 1, 1))


# ------------------------------------------------------------------ array indexes


def test_index_of_finds_the_element_itself_not_an_equal_one() -> None:
    items: list[object] = [1, True, 1.0]
    assert index_of(items, items[1]) == 1
    assert index_of(items, items[2]) == 2


@pytest.mark.parametrize(
    ("array", "path", "message"),
    [
        ("[1,true]", "$.byColor.BLUE[1]", "expected uint8, got true"),
        ("[1,1.0]", "$.byColor.BLUE[1]", "expected uint8, got the number 1.0"),
        ("[7,300,300]", "$.byColor.BLUE[1]", "expected uint8, got the integer 300"),
    ],
)
def test_array_errors_name_the_failing_element(
    array: str, path: str, message: str
) -> None:
    value = t.Containers(
        tags=set(),
        codes=set(),
        pair=("", 0),
        coordinates=(),
        by_id={},
        by_color={t.Color.BLUE: [1, 2]},
        by_uuid={},
        nested=[],
    )
    text = value.to_json().replace('"BLUE":[1,2]', f'"BLUE":{array}')
    with pytest.raises(DecodeError) as raised:
        t.Containers.from_json(text)
    assert raised.value.path == path
    assert raised.value.message == message


def media_content(persons: list[Any], player: Any = media.Player.JAVA) -> Any:
    return media.MediaContent(
        media=media.Media(
            uri="u",
            width=1,
            height=2,
            format="f",
            duration=3,
            size=4,
            bitrate=5,
            persons=persons,
            player=player,
        ),
        images=[],
    )


class Name(str):
    """A str subclass, which a str field accepts."""


def test_lists_of_str_take_str_subclasses_and_name_a_stranger() -> None:
    text = media_content([Name("a\n"), "b"]).to_json()
    assert '"persons":["a\\n","b"]' in text
    with pytest.raises(EncodeError) as raised:
        media_content(["a", "b", None]).to_json()
    assert raised.value.path == "$.media.persons[2]"
    assert raised.value.message == "expected str, got null"


@pytest.mark.parametrize("player", ['["JAVA"]', '{"JAVA":1}', "1.5", '"Java"'])
def test_enum_lookups_fail_with_the_enum_s_message(player: str) -> None:
    text = media_content([]).to_json().replace('"player":"JAVA"', f'"player":{player}')
    with pytest.raises(DecodeError) as raised:
        media.MediaContent.from_json(text)
    assert raised.value.path == "$.media.player"
    assert raised.value.message.startswith("expected Player (one of JAVA, FLASH), got")
    assert raised.value.__cause__ is None
