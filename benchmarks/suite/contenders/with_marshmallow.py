"""marshmallow: a ``Schema`` per model (``dump`` then ``json.dumps``, ``json.loads`` then
``load``). Run on the small workloads only (it is slow).

The objects are foryjson's generated classes, built in ``post_load`` hooks, so no
foryjson code runs. ``fields.Decimal`` writes a ``Decimal`` only as a string
(``as_string=True``; the ``json`` module cannot write one as a number), so Clients'
balances differ from Jackson's.
"""

# The peer may be absent (CI installs only the test extra): mypy then sees Any.
# mypy: disallow-subclassing-any=False, warn-return-any=False
# mypy: disallow-untyped-decorators=False, disallow-any-generics=False

from __future__ import annotations

import json
from typing import Any

from marshmallow import Schema, fields, post_load  # type: ignore[import-not-found, unused-ignore]

from benchmarks.suite import workloads
from benchmarks.suite.contender import Codec, Contender
from benchmarks.suite.contenders.with_foryjson import (
    build_clients,
    build_media,
    build_users,
)
from benchmarks.suite.media.with_marshmallow import MediaContentSchema
from generated import clients as clients_models
from generated import users as users_models

_dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


class FriendSchema(Schema):
    id = fields.Str(required=True)
    name = fields.Str(required=True)

    @post_load
    def make(self, data: dict[str, Any], **_: Any) -> users_models.Friend:
        return users_models.Friend(**data)


class UserSchema(Schema):
    id = fields.Str(required=True)
    index = fields.Int(required=True)
    guid = fields.Str(required=True)
    is_active = fields.Bool(data_key="isActive", required=True)
    balance = fields.Str(required=True)
    picture = fields.Str(required=True)
    age = fields.Int(required=True)
    eye_color = fields.Str(data_key="eyeColor", required=True)
    name = fields.Str(required=True)
    gender = fields.Str(required=True)
    company = fields.Str(required=True)
    email = fields.Str(required=True)
    phone = fields.Str(required=True)
    address = fields.Str(required=True)
    about = fields.Str(required=True)
    registered = fields.Str(required=True)
    latitude = fields.Float(required=True)
    longitude = fields.Float(required=True)
    tags = fields.List(fields.Str(), required=True)
    friends = fields.List(fields.Nested(FriendSchema), required=True)
    greeting = fields.Str(required=True)
    favorite_fruit = fields.Str(data_key="favoriteFruit", required=True)

    @post_load
    def make(self, data: dict[str, Any], **_: Any) -> users_models.User:
        return users_models.User(**data)


class UsersSchema(Schema):
    users = fields.List(fields.Nested(UserSchema), required=True)

    @post_load
    def make(self, data: dict[str, Any], **_: Any) -> users_models.Users:
        return users_models.Users(**data)


class PartnerSchema(Schema):
    id = fields.Int(required=True)
    name = fields.Str(required=True)
    since = fields.Str(required=True)

    @post_load
    def make(self, data: dict[str, Any], **_: Any) -> clients_models.Partner:
        return clients_models.Partner(**data)


class ClientSchema(Schema):
    id = fields.Int(required=True)
    index = fields.Int(required=True)
    guid = fields.UUID(required=True)
    is_active = fields.Bool(data_key="isActive", required=True)
    balance = fields.Decimal(as_string=True, required=True)
    picture = fields.Str(required=True)
    age = fields.Int(required=True)
    eye_color = fields.Enum(clients_models.EyeColor, data_key="eyeColor", required=True)
    name = fields.Str(required=True)
    gender = fields.Str(required=True)
    company = fields.Str(required=True)
    emails = fields.List(fields.Str(), required=True)
    phones = fields.List(fields.Int(), required=True)
    address = fields.Str(required=True)
    about = fields.Str(required=True)
    registered = fields.Date(required=True)
    latitude = fields.Float(required=True)
    longitude = fields.Float(required=True)
    tags = fields.List(fields.Str(), required=True)
    partners = fields.List(fields.Nested(PartnerSchema), required=True)

    @post_load
    def make(self, data: dict[str, Any], **_: Any) -> clients_models.Client:
        return clients_models.Client(**data)


class ClientsSchema(Schema):
    clients = fields.List(fields.Nested(ClientSchema), required=True)

    @post_load
    def make(self, data: dict[str, Any], **_: Any) -> clients_models.Clients:
        return clients_models.Clients(**data)


def _codec(
    schema: Schema, build: Any, exact: bool, reads: bool, note: str = ""
) -> Codec:
    dump, load = schema.dump, schema.load
    loads = json.loads

    def encode(value: Any) -> bytes:
        return _dumps(dump(value)).encode()

    def decode(data: bytes) -> Any:
        return load(loads(data))

    return Codec(build, encode, decode, exact, reads, note)


_users = _codec(UsersSchema(), build_users, True, True)
_clients = _codec(
    ClientsSchema(),
    build_clients,
    False,
    False,
    "decimals as JSON strings (fields.Decimal(as_string=True))",
)

CONTENDER = Contender(
    name="marshmallow",
    description="Schema.dump + json.dumps, json.loads + Schema.load",
    distributions=("marshmallow",),
    codecs={
        "media": _codec(MediaContentSchema(), build_media, True, True),
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
        "bytes_array": "no bytes field",
        "bytes_base16": "no bytes field",
        "bytes_base64": "no bytes field",
    },
)
