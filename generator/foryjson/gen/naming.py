"""Naming strategies: how a Python attribute name becomes a JSON property name."""

from __future__ import annotations

import re

STRATEGIES = ("identity", "camelCase", "snake_case", "PascalCase", "kebab-case")

_WORD = re.compile(r"[A-Z]+[0-9]*(?![a-z])|[A-Z]?[a-z]+[0-9]*|[0-9]+")


def words(name: str) -> list[str]:
    """Split ``has_bitrate``, ``hasBitrate`` or ``HTTPServer2`` into lower-case words."""
    return [word.lower() for word in _WORD.findall(name)]


def apply(strategy: str, name: str) -> str:
    """The JSON name for attribute ``name`` under a naming strategy."""
    if strategy == "identity":
        return name
    parts = words(name) or [name]
    if strategy == "camelCase":
        return parts[0] + "".join(part.capitalize() for part in parts[1:])
    if strategy == "PascalCase":
        return "".join(part.capitalize() for part in parts)
    if strategy == "snake_case":
        return "_".join(parts)
    if strategy == "kebab-case":
        return "-".join(parts)
    raise ValueError(f"unknown naming strategy {strategy!r}")
