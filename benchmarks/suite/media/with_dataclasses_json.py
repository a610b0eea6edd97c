"""dataclasses-json: ``@dataclass_json`` media dataclasses, ``from_json`` / ``to_json``."""

# The peer may be absent (CI installs only the test extra): mypy then sees Any.
# mypy: disallow-subclassing-any=False, warn-return-any=False
# mypy: disallow-untyped-decorators=False
# mypy: disable-error-code="attr-defined"


import enum
from dataclasses import dataclass

from dataclasses_json import dataclass_json  # type: ignore[import-not-found, unused-ignore]


class Player(enum.Enum):
    JAVA = "JAVA"
    FLASH = "FLASH"


class Size(enum.Enum):
    SMALL = "SMALL"
    LARGE = "LARGE"


@dataclass_json
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


@dataclass_json
@dataclass
class Image:
    uri: str
    title: str | None
    width: int
    height: int
    size: Size


@dataclass_json
@dataclass
class MediaContent:
    media: Media
    images: list[Image]


def decode(data: bytes) -> MediaContent:
    return MediaContent.from_json(data)


def encode(value: MediaContent) -> bytes:
    text: str = value.to_json(ensure_ascii=False, separators=(",", ":"))
    return text.encode()
