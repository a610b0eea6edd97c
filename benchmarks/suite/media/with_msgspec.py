"""msgspec: ``msgspec.Struct`` media models, ``msgspec.json`` encoder and decoder."""

# The peer may be absent (CI installs only the test extra): mypy then sees Any,
# and cannot check constructor arguments of classes built on it.
# mypy: disallow-subclassing-any=False, warn-return-any=False


import enum

import msgspec  # type: ignore[import-not-found, unused-ignore]


class Player(enum.Enum):
    JAVA = "JAVA"
    FLASH = "FLASH"


class Size(enum.Enum):
    SMALL = "SMALL"
    LARGE = "LARGE"


class Media(msgspec.Struct):
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


class Image(msgspec.Struct):
    uri: str
    title: str | None
    width: int
    height: int
    size: Size


class MediaContent(msgspec.Struct):
    media: Media
    images: list[Image]


_encoder = msgspec.json.Encoder()
_decoder = msgspec.json.Decoder(MediaContent)


def decode(data: bytes) -> MediaContent:
    return _decoder.decode(data)


def encode(value: MediaContent) -> bytes:
    return _encoder.encode(value)
