"""The standard library's ``json`` with a hand mapping, onto the generated media classes.

The objects are foryjson's generated classes (plain classes with ``__slots__``), as in
the stdlib contender, so importing them loads the parts of foryjson's runtime that
the generated module imports; none of its code runs.
"""

import json

from generated.media import Image, Media, MediaContent, Player, Size

_dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
_loads = json.loads


def encode(value: MediaContent) -> bytes:
    m = value.media
    return _dumps(
        {
            "media": {
                "uri": m.uri,
                "title": m.title,
                "width": m.width,
                "height": m.height,
                "format": m.format,
                "duration": m.duration,
                "size": m.size,
                "bitrate": m.bitrate,
                "persons": m.persons,
                "player": m.player.value,
                "copyright": m.copyright,
            },
            "images": [
                {
                    "uri": i.uri,
                    "title": i.title,
                    "width": i.width,
                    "height": i.height,
                    "size": i.size.value,
                }
                for i in value.images
            ],
        }
    ).encode()


def decode(data: bytes) -> MediaContent:
    tree = _loads(data)
    m = tree["media"]
    return MediaContent(
        media=Media(
            uri=m["uri"],
            title=m.get("title"),
            width=m["width"],
            height=m["height"],
            format=m["format"],
            duration=m["duration"],
            size=m["size"],
            bitrate=m["bitrate"],
            persons=m["persons"],
            player=Player[m["player"]],
            copyright=m.get("copyright"),
        ),
        images=[
            Image(
                uri=i["uri"],
                title=i.get("title"),
                width=i["width"],
                height=i["height"],
                size=Size[i["size"]],
            )
            for i in tree["images"]
        ],
    )
