"""mashumaro with ``DataClassJSONMixin``: ``to_json`` / ``from_json`` over the ``json`` module.

The nested models are the mashumaro-orjson contender's dataclasses; the roots are
declared again with ``DataClassJSONMixin``, so ``to_json`` and ``from_json`` are that
mixin's (``to_dict`` then ``json.dumps``, ``json.loads`` then ``from_dict``). ``to_json``
is given a compact ``json.dumps`` so that media.1 is Jackson's bytes. Where the documents
differ from Jackson's, they differ as mashumaro-orjson's do, except that ``to_dict``
writes datetimes itself (``isoformat()``).
"""

# The peer may be absent (CI installs only the test extra): mypy then sees Any.
# mypy: disallow-subclassing-any=False, warn-return-any=False

from __future__ import annotations

import datetime as dt
import functools
import json
from dataclasses import dataclass, field, fields
from typing import Annotated, Any, Literal

from mashumaro.mixins.json import DataClassJSONMixin  # type: ignore[import-not-found, unused-ignore]
from mashumaro.types import Discriminator  # type: ignore[import-not-found, unused-ignore]

from benchmarks.suite.contender import Codec, Contender
from benchmarks.suite.contenders import with_mashumaro as base
from benchmarks.suite.media.with_mashumaro_json import MediaContent
from benchmarks.workloads import SIZES_KB


# Roots only: mashumaro compiles the conversion of nested dataclasses into the root's
# to_dict / from_dict, whatever mixin (if any) the nested classes have.
@dataclass
class Users(DataClassJSONMixin):
    users: list[base.User]


@dataclass
class Clients(DataClassJSONMixin):
    clients: list[base.Client]


@dataclass
class Order(DataClassJSONMixin):
    id: str
    customer: base.Customer
    lines: list[base.OrderLine]
    status: base.OrderStatus
    created: dt.datetime
    shipping_address: base.Address = field(metadata={"alias": "shippingAddress"})
    attributes: dict[str, str]
    notes: str | None

    Config = base._ByAlias


@dataclass(kw_only=True)
class Directory(DataClassJSONMixin):
    type: Literal["directory"] = "directory"
    name: str
    created_by: str
    created_at: dt.datetime
    updated_by: str | None = None
    updated_at: dt.datetime | None = None
    contents: list[
        Annotated[
            base.File | base.Directory,
            Discriminator(field="type", include_supertypes=True),
        ]
    ]

    Config = base._OmitNone


_dumps = functools.partial(json.dumps, ensure_ascii=False, separators=(",", ":"))


def _codec(root: Any, build: Any, exact: bool, reads: bool, note: str = "") -> Codec:
    def build_root(data: Any) -> Any:
        value = build(data)
        return root(**{f.name: getattr(value, f.name) for f in fields(value)})

    def encode(value: Any) -> bytes:
        text: str = value.to_json(encoder=_dumps)
        return text.encode()

    return Codec(build_root, encode, root.from_json, exact, reads, note)


_clients = _codec(
    Clients,
    base.build_clients,
    False,
    False,
    "decimals as JSON strings; reading a JSON number into a Decimal goes through"
    " a float",
)
_users = _codec(Users, base.build_users, True, True)

CONTENDER = Contender(
    name="mashumaro-json",
    description="dataclasses + DataClassJSONMixin (to_json / from_json, json module)",
    distributions=("mashumaro",),
    codecs={
        "media": _codec(MediaContent, base.build_media, True, True),
        **{f"users_{size}": _users for size in SIZES_KB},
        **{f"clients_{size}": _clients for size in SIZES_KB},
        "orders": _codec(
            Order,
            base.build_order,
            False,
            False,
            "decimals as JSON strings, dates as ISO 8601 text, thumbnails as MIME"
            " base64 with a newline every 76 characters",
        ),
        "filetree": _codec(
            Directory,
            base.build_tree,
            False,
            True,
            "UTC written as +00:00 (isoformat), compact separators",
        ),
    },
    unsupported=base.CONTENDER.unsupported,
)
