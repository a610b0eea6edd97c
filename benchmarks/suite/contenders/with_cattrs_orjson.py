"""cattrs with the preconfigured orjson converter: the cattrs-json contender's attrs
classes and hooks on ``cattrs.preconf.orjson.make_converter()``.

Documents differ from Jackson's where cattrs-json's do: decimals as strings, dates as
ISO 8601 text (orjson's), bytes as base85 (this preset too).
"""

# The peer may be absent (CI installs only the test extra): mypy then sees Any.
# mypy: warn-return-any=False

from __future__ import annotations

from typing import Any

from cattrs.preconf.orjson import make_converter  # type: ignore[import-not-found, unused-ignore]

from benchmarks.suite.contender import Codec, Contender
from benchmarks.suite.contenders import with_cattrs as base
from benchmarks.suite.media.attrs_models import MediaContent

converter = base.configure(make_converter())


def encode(value: Any) -> bytes:
    data: bytes = converter.dumps(value)
    return data


def encode_tree(value: Any) -> bytes:
    data: bytes = converter.dumps(value, unstructure_as=base.Node)
    return data


def decoder(root: Any) -> Any:
    def decode(data: bytes) -> Any:
        return converter.loads(data, root)

    return decode


def _codec(workload: str, codec: Codec) -> Codec:
    root = {
        "media": MediaContent,
        "orders": base.Order,
        "filetree": base.Node,
    }.get(
        workload
    ) or (base.Users if workload.startswith("users") else base.Clients)
    return Codec(
        codec.build,
        encode_tree if workload == "filetree" else encode,
        decoder(root),
        codec.exact,
        codec.reads_expected,
        # orjson, not isoformat(), writes the datetimes here (the same text).
        codec.capabilities.replace(" (isoformat)", " (orjson)"),
    )


CONTENDER = Contender(
    name="cattrs-orjson",
    description="attrs classes + cattrs.preconf.orjson converter",
    distributions=("cattrs", "attrs", "orjson"),
    codecs={
        workload: _codec(workload, codec)
        for workload, codec in base.CONTENDER.codecs.items()
    },
    unsupported={
        form: "the orjson preset writes bytes only as base85"
        for form in base.CONTENDER.unsupported
    },
)
