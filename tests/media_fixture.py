"""The canonical MediaContent instance ("media.1") and its Jackson output."""

from __future__ import annotations

from generated.media import Image, Media, MediaContent, Player, Size

MEDIA_1_JSON = (
    '{"media":{"uri":"http://javaone.com/keynote.mpg","title":"Javaone Keynote",'
    '"width":640,"height":480,"format":"video/mpg4","duration":18000000,'
    '"size":58982400,"bitrate":262144,"persons":["Bill Gates","Steve Jobs\uc2a4"],'
    '"player":"JAVA","copyright":null},"images":[{"uri":"http://javaone.com/'
    'keynote_large.jpg","title":"Javaone Keynote","width":1024,"height":768,'
    '"size":"LARGE"},{"uri":"http://javaone.com/keynote_small.jpg","title":'
    '"Javaone Keynote","width":320,"height":240,"size":"SMALL"}]}'
)


def media_1() -> MediaContent:
    """A fresh copy of the canonical instance."""
    return MediaContent(
        media=Media(
            uri="http://javaone.com/keynote.mpg",
            title="Javaone Keynote",
            width=640,
            height=480,
            format="video/mpg4",
            duration=18000000,
            size=58982400,
            bitrate=262144,
            persons=["Bill Gates", "Steve Jobs\uc2a4"],
            player=Player.JAVA,
            copyright=None,
        ),
        images=[
            Image(
                uri="http://javaone.com/keynote_large.jpg",
                title="Javaone Keynote",
                width=1024,
                height=768,
                size=Size.LARGE,
            ),
            Image(
                uri="http://javaone.com/keynote_small.jpg",
                title="Javaone Keynote",
                width=320,
                height=240,
                size=Size.SMALL,
            ),
        ],
    )
