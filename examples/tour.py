"""A short tour of the modules generated from schemas/: run ``python -m examples.tour``."""

from __future__ import annotations

from foryjson import DecodeError, EncodeError, ForyJson
from generated import catalog, common, media
from generated.shop import events


def main() -> None:
    content = media.MediaContent(
        media=media.Media(
            uri="http://javaone.com/keynote.mpg",
            title="Javaone Keynote",
            width=640,
            height=480,
            format="video/mpg4",
            duration=18000000,
            size=58982400,
            bitrate=262144,
            persons=["Bill Gates", "Steve Jobs\uc2a4"],
            player=media.Player.JAVA,
        ),
        images=[
            media.Image(
                uri="http://javaone.com/keynote_large.jpg",
                title="Javaone Keynote",
                width=1024,
                height=768,
                size=media.Size.LARGE,
            )
        ],
    )
    text = content.to_json()
    print("MediaContent as JSON:", text)
    print("decodes to an equal object:", media.MediaContent.from_json(text) == content)

    try:
        media.MediaContent.from_json(text.replace('"width":640', '"width":"wide"'))
    except DecodeError as error:
        print("bad input:", error)

    books = catalog.Category(id=1, name="Books")
    product = catalog.Product(
        sku="SKU-100001",
        name="Ultra Pro 1001",
        categoryPath=[
            books,
            catalog.Category(id=2, name="Books Premium", parent=books),
        ],
        price=common.Money(minor_units=1999),
        weightGrams=350,
        attributes={"binding": "hardcover"},
    )
    print("Product (snake_case, non_empty):", product.to_json())

    event = events.OrderPlaced(
        order_id="ORD-1", customer_id=42, total=common.Money(minor_units=1999)
    )
    print("OrderPlaced (kebab-case, non_default):", event.to_json())
    try:
        events.OrderPlaced.from_json(
            '{"order-id":"ORD-1","total":{"minorUnits":1},"x":1}'
        )
    except DecodeError as error:
        print("rejected:", error)

    event.customer_id = 2**64
    try:
        event.to_json()
    except EncodeError as error:
        print("cannot encode:", error)

    fory = ForyJson(media, catalog, common, events)
    images = fory.from_json(
        fory.to_json(content.images, list[media.Image]), list[media.Image]
    )
    print("list[Image] through the facade:", images)


if __name__ == "__main__":
    main()
