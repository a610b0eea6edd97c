"""marshmallow: a ``Schema`` per media model (``dump`` then ``json.dumps``, ``json.loads``
then ``load``), building the generated media classes as the marshmallow contender does.
"""

# The peer may be absent (CI installs only the test extra): mypy then sees Any.
# mypy: disallow-subclassing-any=False, warn-return-any=False
# mypy: disallow-untyped-decorators=False, disallow-any-generics=False


import json
from typing import Any

from marshmallow import Schema, fields, post_load  # type: ignore[import-not-found, unused-ignore]

from generated import media as media_models

_dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


class ImageSchema(Schema):
    uri = fields.Str(required=True)
    title = fields.Str(allow_none=True, required=True)
    width = fields.Int(required=True)
    height = fields.Int(required=True)
    size = fields.Enum(media_models.Size, required=True)

    @post_load
    def make(self, data: dict[str, Any], **_: Any) -> media_models.Image:
        return media_models.Image(**data)


class MediaSchema(Schema):
    uri = fields.Str(required=True)
    title = fields.Str(allow_none=True, required=True)
    width = fields.Int(required=True)
    height = fields.Int(required=True)
    format = fields.Str(required=True)
    duration = fields.Int(required=True)
    size = fields.Int(required=True)
    bitrate = fields.Int(required=True)
    persons = fields.List(fields.Str(), required=True)
    player = fields.Enum(media_models.Player, required=True)
    copyright = fields.Str(allow_none=True, required=True)

    @post_load
    def make(self, data: dict[str, Any], **_: Any) -> media_models.Media:
        return media_models.Media(**data)


class MediaContentSchema(Schema):
    media = fields.Nested(MediaSchema, required=True)
    images = fields.List(fields.Nested(ImageSchema), required=True)

    @post_load
    def make(self, data: dict[str, Any], **_: Any) -> media_models.MediaContent:
        return media_models.MediaContent(**data)


_schema = MediaContentSchema()


def decode(data: bytes) -> media_models.MediaContent:
    loaded: media_models.MediaContent = _schema.load(json.loads(data))
    return loaded


def encode(value: media_models.MediaContent) -> bytes:
    return _dumps(_schema.dump(value)).encode()
