"""mashumaro: media dataclasses with ``DataClassORJSONMixin`` (``from_json`` / ``to_jsonb``)."""

# The peer may be absent (CI installs only the test extra): mypy then sees Any.
# mypy: disallow-subclassing-any=False, warn-return-any=False


import enum
from dataclasses import dataclass

from mashumaro.mixins.orjson import DataClassORJSONMixin  # type: ignore[import-not-found, unused-ignore]


class Player(enum.Enum):
    JAVA = "JAVA"
    FLASH = "FLASH"


class Size(enum.Enum):
    SMALL = "SMALL"
    LARGE = "LARGE"


@dataclass
class Media(DataClassORJSONMixin):
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
class Image(DataClassORJSONMixin):
    uri: str
    title: str | None
    width: int
    height: int
    size: Size


@dataclass
class MediaContent(DataClassORJSONMixin):
    media: Media
    images: list[Image]


def decode(data: bytes) -> MediaContent:
    return MediaContent.from_json(data)


def encode(value: MediaContent) -> bytes:
    return value.to_jsonb()
