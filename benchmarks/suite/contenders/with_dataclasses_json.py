"""dataclasses-json: ``@dataclass_json(letter_case=CAMEL)`` dataclasses, ``to_json`` /
``from_json`` over the ``json`` module. Run on the small workloads only (it is slow).

``to_json`` is given compact separators so that media.1 is Jackson's bytes. It writes a
``Decimal`` as a JSON string, so Clients' balances differ from Jackson's.
"""

# The peer may be absent (CI installs only the test extra): mypy then sees Any.
# mypy: disallow-subclassing-any=False, warn-return-any=False
# mypy: disallow-untyped-decorators=False
# mypy: disable-error-code="attr-defined"

from __future__ import annotations

import datetime as dt
import sys
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any
from uuid import UUID

from dataclasses_json import LetterCase, config, dataclass_json  # type: ignore[import-not-found, unused-ignore]

from benchmarks.suite import workloads
from benchmarks.suite.contender import Codec, Contender
from benchmarks.suite.contenders.enums import EyeColor
from benchmarks.suite.media.with_dataclasses_json import MediaContent


@dataclass_json
@dataclass
class Friend:
    id: str
    name: str


@dataclass_json(letter_case=LetterCase.CAMEL)  # type: ignore[call-overload, unused-ignore]
@dataclass
class User:
    id: str
    index: int
    guid: str
    is_active: bool
    balance: str
    picture: str
    age: int
    eye_color: str
    name: str
    gender: str
    company: str
    email: str
    phone: str
    address: str
    about: str
    registered: str
    latitude: float
    longitude: float
    tags: list[str]
    friends: list[Friend]
    greeting: str
    favorite_fruit: str


@dataclass_json
@dataclass
class Users:
    users: list[User]


@dataclass_json
@dataclass
class Partner:
    id: int
    name: str
    since: str


@dataclass_json(letter_case=LetterCase.CAMEL)  # type: ignore[call-overload, unused-ignore]
@dataclass
class Client:
    id: int
    index: int
    guid: UUID
    is_active: bool
    balance: Decimal
    picture: str
    age: int
    eye_color: EyeColor
    name: str
    gender: str
    company: str
    emails: list[str]
    phones: list[int]
    address: str
    about: str
    # No built-in date support: ISO text by per-field hooks.
    registered: dt.date = field(
        metadata=config(encoder=dt.date.isoformat, decoder=dt.date.fromisoformat)
    )
    latitude: float
    longitude: float
    tags: list[str]
    partners: list[Partner]


@dataclass_json
@dataclass
class Clients:
    clients: list[Client]


def _module() -> Any:
    return sys.modules[__name__]


def build_media(data: dict[str, Any]) -> MediaContent:
    return MediaContent.from_dict(data)


def encode(value: Any) -> bytes:
    text: str = value.to_json(ensure_ascii=False, separators=(",", ":"))
    return text.encode()


_users = Codec(
    lambda data: workloads.build_users(_module(), data),
    encode,
    Users.from_json,
    True,
    True,
)
_clients = Codec(
    lambda data: workloads.build_clients(_module(), data),
    encode,
    Clients.from_json,
    exact=False,
    reads_expected=False,
    capabilities="decimals as JSON strings, read back through float when a number",
)

CONTENDER = Contender(
    name="dataclasses-json",
    description="@dataclass_json dataclasses, to_json / from_json",
    distributions=("dataclasses-json", "marshmallow"),
    codecs={
        "media": Codec(build_media, encode, MediaContent.from_json, True, True),
        "users_1": _users,
        "users_10": _users,
        "clients_1": _clients,
        "clients_10": _clients,
    },
    unsupported={
        **{
            workload: "small workloads only"
            for workload in workloads.WORKLOADS
            if workload not in workloads.SMALL and not workload.startswith("bytes")
        },
        "bytes_array": "dataclasses only, and no codec for bytes",
        "bytes_base16": "dataclasses only, and no codec for bytes",
        "bytes_base64": "dataclasses only, and no codec for bytes",
    },
)
