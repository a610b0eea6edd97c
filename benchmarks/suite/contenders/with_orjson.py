"""orjson on dataclasses: ``orjson.dumps`` writes them natively; reading is ``orjson.loads``
and a mapping written by hand.

orjson has no renaming, so the dataclasses take the JSON names (``isActive``) as field
names, as code written for orjson does. Enums, UUIDs, dates and datetimes are native;
a ``default`` hook writes ``Decimal`` as ``orjson.Fragment(str(value))``, the number's
exact text. Reading a JSON number gives a float: the hand mapping turns a balance back
into ``Decimal(repr(float))``, which equals the generated value only because Clients'
balances come from doubles (``BigDecimal.valueOf(double)``).
"""

# The peer may be absent (CI installs only the test extra): mypy then sees Any.
# mypy: warn-return-any=False
# mypy: disable-error-code="no-any-return"

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal
from typing import Any
from uuid import UUID

import orjson  # type: ignore[import-not-found, unused-ignore]

from benchmarks.suite.contender import Codec, Contender
from benchmarks.suite.contenders.enums import EyeColor
from benchmarks.suite.media import with_orjson as media
from benchmarks.suite.media.with_orjson import MediaContent
from benchmarks.workloads import SIZES_KB


@dataclass
class Friend:
    id: str
    name: str


@dataclass
class User:
    id: str
    index: int
    guid: str
    isActive: bool
    balance: str
    picture: str
    age: int
    eyeColor: str
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
    favoriteFruit: str


@dataclass
class Users:
    users: list[User]


@dataclass
class Partner:
    id: int
    name: str
    since: str


@dataclass
class Client:
    id: int
    index: int
    guid: UUID
    isActive: bool
    balance: Decimal
    picture: str
    age: int
    eyeColor: EyeColor
    name: str
    gender: str
    company: str
    emails: list[str]
    phones: list[int]
    address: str
    about: str
    registered: dt.date
    latitude: float
    longitude: float
    tags: list[str]
    partners: list[Partner]


@dataclass
class Clients:
    clients: list[Client]


def _default(value: Any) -> Any:
    if isinstance(value, Decimal):
        return orjson.Fragment(str(value))
    raise TypeError(f"cannot write {type(value).__name__}")


def encode(value: Any) -> bytes:
    return orjson.dumps(value, default=_default)


def build_media(data: dict[str, Any]) -> MediaContent:
    return media.build(data)


def _users(tree: dict[str, Any]) -> Users:
    users = []
    for u in tree["users"]:
        user = User(**u)
        user.friends = [Friend(**f) for f in u["friends"]]
        users.append(user)
    return Users(users=users)


def decode_users(data: bytes) -> Users:
    return _users(orjson.loads(data))


def _clients(tree: dict[str, Any], balance: Any) -> Clients:
    clients = []
    for c in tree["clients"]:
        client = Client(**c)
        client.guid = UUID(c["guid"]) if isinstance(c["guid"], str) else c["guid"]
        client.balance = balance(c["balance"])
        client.eyeColor = EyeColor(c["eyeColor"])
        if isinstance(c["registered"], str):
            client.registered = dt.date.fromisoformat(c["registered"])
        client.partners = [Partner(**p) for p in c["partners"]]
        clients.append(client)
    return Clients(clients=clients)


def build_clients(data: dict[str, Any]) -> Clients:
    return _clients(
        {"clients": [{**c, "tags": list(c["tags"])} for c in data["clients"]]},
        Decimal,
    )


def _float_decimal(value: float) -> Decimal:
    return Decimal(repr(value))


def decode_clients(data: bytes) -> Clients:
    return _clients(orjson.loads(data), _float_decimal)


CONTENDER = Contender(
    name="orjson",
    description="dataclasses, orjson.dumps / orjson.loads + hand mapping",
    distributions=("orjson",),
    codecs={
        "media": Codec(build_media, encode, media.decode, True, True),
        **{
            f"users_{size}": Codec(_users, encode, decode_users, True, True)
            for size in SIZES_KB
        },
        **{
            f"clients_{size}": Codec(
                build_clients,
                encode,
                decode_clients,
                exact=True,
                reads_expected=True,
                capabilities=(
                    "balances read back through a float (Decimal(repr(f))): right"
                    " only because they were doubles"
                ),
            )
            for size in SIZES_KB
        },
    },
    unsupported={
        "bytes_array": "orjson has no bytes type",
        "bytes_base16": "orjson has no bytes type",
        "bytes_base64": "orjson has no bytes type",
        "orders": "orjson has no bytes type (the thumbnails)",
        "filetree": "orjson cannot leave out a dataclass's None fields",
    },
)
