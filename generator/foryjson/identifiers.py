"""Single characters, UUIDs, and the text identifiers of Java contracts: URIs,
locales (language tags) and currency codes.

``uri``, ``locale`` and ``currency`` hold a ``str``, checked both ways to be text that
Fory JSON's codecs read and write back unchanged: ``URI.create(text).toString()``,
``Locale.forLanguageTag(text).toLanguageTag()`` and ``Currency.getInstance(text)``.
"""

from __future__ import annotations

import re
from uuid import UUID

from .errors import EncodeError, decode_mismatch, encode_mismatch
from .writer import escape_str

TYPE_CHECKING = False  # typing is for type checkers only (see foryjson.codec)
if TYPE_CHECKING:
    from typing import TypeGuard

__all__ = [
    "read_char",
    "read_currency",
    "read_locale",
    "read_uri",
    "read_uuid",
    "write_char",
    "write_currency",
    "write_locale",
    "write_uri",
    "write_uuid",
]

_UUID = re.compile(
    r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"
)


_CHAR = "char (one character of the Basic Multilingual Plane, as Java's char)"


def write_char(value: object) -> str:
    """Write a one-character ``str`` as a JSON string; the character must fit Java's
    16-bit ``char`` (U+0000 to U+FFFF, no surrogate)."""
    if type(value) is not str or len(value) != 1 or not _is_java_char(value):
        raise encode_mismatch(value, _CHAR)
    return escape_str(value)


def read_char(data: object) -> str:
    """Read a JSON string of exactly one character that fits Java's ``char``."""
    if type(data) is not str or len(data) != 1 or not _is_java_char(data):
        raise decode_mismatch(data, _CHAR)
    return data


def _is_java_char(text: str) -> bool:
    code = ord(text)
    return code <= 0xFFFF and not 0xD800 <= code <= 0xDFFF


_UUID_MAX = 2**128 - 1


def write_uuid(value: object) -> str:
    """Write a UUID in canonical lower-case form."""
    if type(value) is not UUID:
        raise encode_mismatch(value, "uuid")
    number = getattr(value, "int", None)
    if type(number) is not int or not 0 <= number <= _UUID_MAX:
        # Only object.__setattr__ makes such a UUID; its text would be garbage.
        held = (
            "an integer out of range" if type(number) is int else type(number).__name__
        )
        raise EncodeError(f"expected uuid, got a UUID whose int slot holds {held}")
    return f'"{value}"'


def read_uuid(data: object) -> UUID:
    """Read a UUID in canonical form; either case of hex digits is accepted."""
    if type(data) is not str or not _UUID.fullmatch(data):
        raise decode_mismatch(data, "uuid (8-4-4-4-12 hex digits)")
    return UUID(data)


# --- URIs, locales and currency codes ---------------------------------------------------

# A URI reference (RFC 3986) as java.net.URI parses one, in the characters both allow
# where they stand: the ASCII ones of RFC 3986, percent escapes, brackets in a query
# or fragment and around an IPv6 address, and, as Java allows, any character past
# ASCII but C1 controls and Unicode spaces. Java needs something after a scheme's
# colon, and an authority after "//" unless a path follows ("file:///x").
_OTHER = (
    "\u00a1-\u167f\u1681-\u1fff\u200b-\u2027\u202a-\u202e\u2030-\u205e\u2060-\u2fff"
    "\u3001-\ud7ff\ue000-\uffff\U00010000-\U0010ffff"
)
_PCHAR = f"(?:[A-Za-z0-9\\-._~!$&'()*+,;=:@{_OTHER}]|%[0-9A-Fa-f]{{2}})"
_PATH = f"(?:/{_PCHAR}*)*"
_QUERY = f"(?:[/?\\[\\]]|{_PCHAR})*"
_H16 = "[0-9A-Fa-f]{1,4}"
_LS32 = f"(?:{_H16}:{_H16}|(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])\\.){{3}}(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9]))"
_IPV6 = "|".join(
    [f"(?:{_H16}:){{6}}{_LS32}", f"::(?:{_H16}:){{5}}{_LS32}"]
    + [
        f"(?:(?:{_H16}:){{0,{before}}}{_H16})?::" + tail
        for before, tail in (
            (0, f"(?:{_H16}:){{4}}{_LS32}"),
            (1, f"(?:{_H16}:){{3}}{_LS32}"),
            (2, f"(?:{_H16}:){{2}}{_LS32}"),
            (3, f"{_H16}:{_LS32}"),
            (4, _LS32),
            (5, _H16),
            (6, ""),
        )
    ]
)
_HOST = (
    f"(?:\\[(?:{_IPV6})\\]|(?:[A-Za-z0-9\\-._~!$&'()*+,;={_OTHER}]|%[0-9A-Fa-f]{{2}})+)"
)
_USERINFO = f"(?:[A-Za-z0-9\\-._~!$&'()*+,;=:{_OTHER}]|%[0-9A-Fa-f]{{2}})*"
_AUTHORITY = f"(?:{_USERINFO}@)?{_HOST}(?::[0-9]{{0,9}})?"
_NO_COLON = f"(?:[A-Za-z0-9\\-._~!$&'()*+,;=@{_OTHER}]|%[0-9A-Fa-f]{{2}})"
_URI = re.compile(
    "(?:"
    f"[A-Za-z][A-Za-z0-9+.\\-]*:(?://{_AUTHORITY}{_PATH}|///{_PCHAR}*{_PATH}"
    f"|/(?!/){_PCHAR}*{_PATH}|{_PCHAR}+{_PATH})"
    f"|//{_AUTHORITY}{_PATH}|///{_PCHAR}*{_PATH}"
    f"|/(?!/){_PCHAR}*{_PATH}|(?:{_NO_COLON}+(?:/{_PCHAR}*)*)?"
    f")(?:\\?{_QUERY})?(?:#{_QUERY})?"
)
_EXPECTED_URI = "uri (a URI reference, as java.net.URI reads one)"


def write_uri(value: object) -> str:
    """Write a ``str`` that is a URI reference (``https://example.com/a?b#c``,
    ``mailto:a@example.com``, ``../x``) as a JSON string."""
    if not _is_uri(value):
        raise encode_mismatch(value, _EXPECTED_URI)
    return escape_str(value)


def read_uri(data: object) -> str:
    """Read a JSON string that is a URI reference."""
    if not _is_uri(data):
        raise decode_mismatch(data, _EXPECTED_URI)
    return data


def _is_uri(text: object) -> TypeGuard[str]:
    return type(text) is str and _URI.fullmatch(text) is not None


# A BCP 47 language tag of a language, script, region and variants, in the case
# Locale.toLanguageTag() writes them: lower case, title case, upper case (or digits)
# and lower case. Extensions and private use parts are left out: Java sorts and
# merges their keys, so their text would not come back as written; so are the
# language codes Java replaces (in, iw, ji become id, he, yi) and the whole tags of
# its grandfathered table that have this shape (zh-guoyu becomes cmn).
_LOCALE = re.compile(
    r"(?!(?:in|iw|ji)(?:-|$))"
    r"(?!(?:art-lojban|cel-gaulish|zh-guoyu|zh-hakka|zh-xiang)$)"
    r"(?:[a-z]{2,3}|[a-z]{5,8})(?:-[A-Z][a-z]{3})?"
    r"(?:-(?:[A-Z]{2}|[0-9]{3}))?(?:-(?:[a-z0-9]{5,8}|[0-9][a-z0-9]{3}))*"
)
_EXPECTED_LOCALE = (
    "locale (a language tag such as en-US, as Locale.toLanguageTag writes)"
)


def write_locale(value: object) -> str:
    """Write a ``str`` that is a language tag as ``Locale.toLanguageTag()`` writes it
    (``en``, ``en-US``, ``zh-Hant-TW``, ``de-CH-1996``) as a JSON string."""
    if not _is_locale(value):
        raise encode_mismatch(value, _EXPECTED_LOCALE)
    return f'"{value}"'  # ASCII letters, digits and hyphens: nothing to escape


def read_locale(data: object) -> str:
    """Read a JSON string that is a language tag in ``Locale.toLanguageTag()``'s case."""
    if not _is_locale(data):
        raise decode_mismatch(data, _EXPECTED_LOCALE)
    return data


def _is_locale(text: object) -> TypeGuard[str]:
    return type(text) is str and _LOCALE.fullmatch(text) is not None


#: The ISO 4217 codes java.util.Currency knows (Currency.getAvailableCurrencies() of
#: Java 21.0.8, current and historic): Currency.getInstance refuses any other text.
CURRENCY_CODES = frozenset(
    (
        "ADP AED AFA AFN ALL AMD ANG AOA ARS ATS AUD AWG AYM AZM AZN BAM BBD BDT BEF BGL BGN "
        "BHD BIF BMD BND BOB BOV BRL BSD BTN BWP BYB BYN BYR BZD CAD CDF CHE CHF CHW CLF CLP "
        "CNY COP COU CRC CSD CUC CUP CVE CYP CZK DEM DJF DKK DOP DZD EEK EGP ERN ESP ETB EUR "
        "FIM FJD FKP FRF GBP GEL GHC GHS GIP GMD GNF GRD GTQ GWP GYD HKD HNL HRK HTG HUF IDR "
        "IEP ILS INR IQD IRR ISK ITL JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP "
        "LKR LRD LSL LTL LUF LVL LYD MAD MDL MGA MGF MKD MMK MNT MOP MRO MRU MTL MUR MVR MWK "
        "MXN MXV MYR MZM MZN NAD NGN NIO NLG NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PTE PYG "
        "QAR ROL RON RSD RUB RUR RWF SAR SBD SCR SDD SDG SEK SGD SHP SIT SKK SLE SLL SOS SRD "
        "SRG SSP STD STN SVC SYP SZL THB TJS TMM TMT TND TOP TPE TRL TRY TTD TWD TZS UAH UGX "
        "USD USN USS UYI UYU UZS VEB VED VEF VES VND VUV WST XAD XAF XAG XAU XBA XBB XBC XBD "
        "XCD XCG XDR XFO XFU XOF XPD XPF XPT XSU XTS XUA XXX YER YUM ZAR ZMK ZMW ZWD ZWG ZWL "
        "ZWN ZWR"
    ).split()
)
_EXPECTED_CURRENCY = "currency (an ISO 4217 code Java knows, such as EUR)"


def write_currency(value: object) -> str:
    """Write a ``str`` that is an ISO 4217 currency code (``EUR``) as a JSON string."""
    if type(value) is not str or value not in CURRENCY_CODES:
        raise encode_mismatch(value, _EXPECTED_CURRENCY)
    return f'"{value}"'


def read_currency(data: object) -> str:
    """Read a JSON string that is an ISO 4217 currency code Java knows."""
    if type(data) is str and data in CURRENCY_CODES:
        return data
    raise decode_mismatch(data, _EXPECTED_CURRENCY)
