"""foryjson: the generated modules ``generated.media`` and ``generated.orders``.

The runtime's standard-library backend: the ``json`` module's C scanner reads, generated
encoder functions write. These modules are generated with Jackson's defaults, so the
documents are the expected ones byte for byte.
"""

from __future__ import annotations

from typing import Any

from benchmarks.suite import workloads
from benchmarks.suite.contender import Codec, Contender
from generated import media, orders


def build_media(data: dict[str, Any]) -> media.MediaContent:
    m = data["media"]
    return media.MediaContent(
        media=media.Media(
            uri=m["uri"],
            title=m["title"],
            width=m["width"],
            height=m["height"],
            format=m["format"],
            duration=m["duration"],
            size=m["size"],
            bitrate=m["bitrate"],
            persons=list(m["persons"]),
            player=media.Player[m["player"]],
            copyright=m["copyright"],
        ),
        images=[
            media.Image(
                uri=i["uri"],
                title=i["title"],
                width=i["width"],
                height=i["height"],
                size=media.Size[i["size"]],
            )
            for i in data["images"]
        ],
    )


def build_order(data: dict[str, Any]) -> orders.Order:
    """A generated Order from the workload's plain data."""
    order: orders.Order = workloads.build_order(orders, data)
    return order


def _encode_media(value: media.MediaContent) -> bytes:
    return value.to_json_bytes()


def _encode_order(value: orders.Order) -> bytes:
    return value.to_json_bytes()


CONTENDER = Contender(
    name="foryjson",
    description="generated modules, standard-library backend",
    distributions=("foryjson",),
    codecs={
        "media": Codec(
            build=build_media,
            encode=_encode_media,
            decode=media.MediaContent.from_json,
            exact=True,
            reads_expected=True,
        ),
        "orders": Codec(
            build=build_order,
            encode=_encode_order,
            decode=orders.Order.from_json,
            exact=True,
            reads_expected=True,
        ),
    },
)
