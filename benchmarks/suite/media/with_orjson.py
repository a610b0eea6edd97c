"""orjson: media dataclasses written by ``orjson.dumps``, read by ``orjson.loads`` and a
hand mapping."""

# The peer may be absent (CI installs only the test extra): mypy then sees Any.
# mypy: warn-return-any=False
# mypy: disable-error-code="no-any-return"


import enum
from dataclasses import dataclass
from typing import Any

import orjson  # type: ignore[import-not-found, unused-ignore]


class Player(enum.Enum):
    JAVA = "JAVA"
    FLASH = "FLASH"


class Size(enum.Enum):
    SMALL = "SMALL"
    LARGE = "LARGE"


@dataclass
class Media:
    uri: str
    title: str | None
    width: int
    height: int
    format: str
    duration: int
    size: int
    bitrate: int
    persons: list[str]
    player: Player
    copyright: str | None


@dataclass
class Image:
    uri: str
    title: str | None
    width: int
    height: int
    size: Size


@dataclass
class MediaContent:
    media: Media
    images: list[Image]


def build(data: dict[str, Any]) -> MediaContent:
    """Plain data (the workload's, or ``orjson.loads``'s) to the dataclasses."""
    m = data["media"]
    return MediaContent(
        media=Media(**{**m, "player": Player(m["player"])}),
        images=[Image(**{**i, "size": Size(i["size"])}) for i in data["images"]],
    )


def decode(data: bytes) -> MediaContent:
    return build(orjson.loads(data))


def encode(value: MediaContent) -> bytes:
    return orjson.dumps(value)
