"""foryjson with the orjson backend: ``ForyJson(*modules, backend="orjson")``.

The same generated modules and objects as the ``foryjson`` contender, through the facade:
decoding parses with ``orjson.loads`` where that is exact (falling back otherwise),
encoding turns objects into plain data with the generated plain encoders and writes it
with one ``orjson.dumps`` (the same bytes as the standard-library backend's string
encoders). Byte arrays are root values that the facade does not cover (it serves
generated types), so they are n/a here; the ``foryjson`` contender times the runtime's
binary functions.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from benchmarks.suite.contender import Codec, Contender
from benchmarks.suite.contenders.with_foryjson import (
    build_clients,
    build_media,
    build_order,
    build_tree,
    build_users,
)
from benchmarks.workloads import SIZES_KB
from foryjson import ForyJson
from generated import clients, filetree, media, orders, users

_fj = ForyJson(media, users, clients, orders, filetree, backend="orjson")


def _codec(
    build: Callable[[Any], Any],
    root: type,
    exact: bool = True,
    capabilities: str = "",
) -> Codec:
    encode_as = _fj.to_json_bytes
    decode_as = _fj.from_json

    def encode(value: Any) -> bytes:
        return encode_as(value, root)

    def decode(data: bytes) -> Any:
        return decode_as(data, root)

    return Codec(build, encode, decode, exact, True, capabilities)


_users = _codec(build_users, users.Users)
_clients = _codec(build_clients, clients.Clients)

CONTENDER = Contender(
    name="foryjson-orjson",
    description="generated modules through ForyJson(..., backend='orjson')",
    distributions=("foryjson", "orjson"),
    codecs={
        "media": _codec(build_media, media.MediaContent),
        **{f"users_{size}": _users for size in SIZES_KB},
        **{f"clients_{size}": _clients for size in SIZES_KB},
        "orders": _codec(build_order, orders.Order),
        "filetree": _codec(
            build_tree,
            filetree.Node,
            exact=False,
            capabilities="UTC written as Z and compact separators, as foryjson",
        ),
    },
    unsupported={
        f"bytes_{form}": "root byte arrays are not a type the facade serves"
        for form in ("array", "base16", "base64")
    },
)
