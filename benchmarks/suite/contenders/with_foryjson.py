"""foryjson: the generated modules, standard-library backend.

The ``json`` module's C scanner reads, generated string encoders write (as
``to_json_bytes`` does where orjson is not installed or ``$FORYJSON_BACKEND`` is
``stdlib``). The modules are generated with Jackson's defaults, so the documents are
the expected ones byte for byte; byte arrays are root values, written and read by the
runtime's ``foryjson.binary`` functions around its reader. The file tree writes UTC as
``Z`` and compact separators, where msgspec's input text has ``+00:00`` and
``json.dumps`` spacing.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import Any

from benchmarks.suite import workloads
from benchmarks.suite.contender import Codec, Contender
from benchmarks.workloads import SIZES_KB
from foryjson import ForyJson, binary, writer
from foryjson.codec import Codec as ForyCodec
from foryjson.native import ENVIRONMENT_VARIABLE
from foryjson.reader import read

# The reference is the pure-Python output, whether or not generated/ holds a build
# (python -m tests compiles it in place): its modules are imported with the compiled
# codecs ruled out, also in the foryjson-native contender's processes.
_saved = os.environ.get(ENVIRONMENT_VARIABLE)
os.environ[ENVIRONMENT_VARIABLE] = "1"
try:
    from generated import clients, filetree, media, orders, users
finally:
    if _saved is None:
        del os.environ[ENVIRONMENT_VARIABLE]
    else:
        os.environ[ENVIRONMENT_VARIABLE] = _saved
PURE = not any(module.NATIVE for module in (clients, filetree, media, orders, users))
"""Whether the reference runs on Python alone: False only where the modules were
imported, compiled, before this one (a test process); timing requires it."""

# Pinned to the standard library: generated from_json methods would pick orjson
# wherever it is installed (backend "auto"), as it is for the suite.
_fj = ForyJson(media, users, clients, orders, filetree, backend="stdlib")


def _decoder(root: type) -> Callable[[bytes], Any]:
    decode_as = _fj.from_json

    def decode(data: bytes) -> Any:
        return decode_as(data, root)

    return decode


def build_media(data: dict[str, Any]) -> media.MediaContent:
    built: media.MediaContent = workloads.build_media(media, data)
    return built


def build_order(data: dict[str, Any]) -> orders.Order:
    """A generated Order from the workload's plain data."""
    order: orders.Order = workloads.build_order(orders, data)
    return order


def build_users(data: dict[str, Any]) -> users.Users:
    built: users.Users = workloads.build_users(users, data)
    return built


def build_clients(data: dict[str, Any]) -> clients.Clients:
    built: clients.Clients = workloads.build_clients(clients, data)
    return built


def build_tree(data: dict[str, Any]) -> filetree.Node:
    built: filetree.Node = workloads.build_node(filetree, data)
    return built


def _encoder(root: type) -> Callable[[Any], bytes]:
    """The string encoder's root call, as ``to_json_bytes`` makes it without orjson."""
    module = sys.modules[root.__module__]
    codec: ForyCodec[Any] = next(c for c in module.CODECS if c.type is root)
    encode, limits, depth = codec.encode, codec.limits, codec.depth
    write = writer.encode_bytes

    def encode_root(value: Any) -> bytes:
        return write(encode, value, False, False, limits, depth)

    return encode_root


def _byte_codec(form: str) -> Codec:
    write: Callable[[bytes], str] = getattr(binary, f"write_{form}")
    read_form: Callable[[Any], bytes] = getattr(binary, f"read_{form}")

    def encode(value: bytes) -> bytes:
        return write(value).encode()

    def decode(data: bytes) -> bytes:
        return read_form(read(data, fast=False))

    return Codec(bytes, encode, decode, exact=True, reads_expected=True)


_TREE_NOTE = (
    "UTC written as Z and compact separators; msgspec's input text has +00:00"
    " and json.dumps spacing"
)


def _sized(family: str, codec: Codec) -> dict[str, Codec]:
    return {f"{family}_{size}": codec for size in SIZES_KB}


CONTENDER = Contender(
    name="foryjson",
    description="generated modules, standard-library backend",
    distributions=("foryjson",),
    codecs={
        "media": Codec(
            build=build_media,
            encode=_encoder(media.MediaContent),
            decode=_decoder(media.MediaContent),
            exact=True,
            reads_expected=True,
        ),
        **_sized(
            "users",
            Codec(
                build_users,
                _encoder(users.Users),
                _decoder(users.Users),
                True,
                True,
            ),
        ),
        **_sized(
            "clients",
            Codec(
                build_clients,
                _encoder(clients.Clients),
                _decoder(clients.Clients),
                True,
                True,
            ),
        ),
        **{f"bytes_{form}": _byte_codec(form) for form in workloads.BYTE_FORMS},
        "orders": Codec(
            build=build_order,
            encode=_encoder(orders.Order),
            decode=_decoder(orders.Order),
            exact=True,
            reads_expected=True,
        ),
        "filetree": Codec(
            build=build_tree,
            # Through the base class: the root is written with its "type" property.
            encode=_encoder(filetree.Node),
            decode=_decoder(filetree.Node),
            exact=False,
            reads_expected=True,
            capabilities=_TREE_NOTE,
        ),
    },
)
