"""pydantic v2: ``BaseModel`` media models, ``model_validate_json`` / ``model_dump_json``."""

# The peer may be absent (CI installs only the test extra): mypy then sees Any.
# mypy: disallow-subclassing-any=False, warn-return-any=False


import enum

from pydantic import BaseModel  # type: ignore[import-not-found, unused-ignore]


class Player(enum.Enum):
    JAVA = "JAVA"
    FLASH = "FLASH"


class Size(enum.Enum):
    SMALL = "SMALL"
    LARGE = "LARGE"


class Media(BaseModel):
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


class Image(BaseModel):
    uri: str
    title: str | None
    width: int
    height: int
    size: Size


class MediaContent(BaseModel):
    media: Media
    images: list[Image]


def decode(data: bytes) -> MediaContent:
    return MediaContent.model_validate_json(data)


def encode(value: MediaContent) -> bytes:
    return value.model_dump_json().encode()
