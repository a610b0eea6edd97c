"""The schema file an import writes."""

from __future__ import annotations

import re
from collections.abc import Sequence

from .. import naming
from ..schema import field_name_problem
from .parts import FieldOut, Mapped, ModelOut, expression
from .text import MARKER, MODELINE, comment_lines, plain_text, quote


class Writer:
    """Writes the enums, models and roots an import built."""

    def __init__(
        self,
        docs: list[str],
        enums: dict[str, tuple[list[str], str | None, list[str]]],
        models: dict[str, ModelOut],
        roots: dict[str, tuple[Mapped, str | None, list[str]]],
        names: Sequence[tuple[str, str]] = (),
        *,
        java: bool = False,
    ) -> None:
        self.names = names
        self.java = java
        self.docs = docs
        self.enums = enums
        self.models = models
        self.roots = roots

    def text(self, sources: Sequence[str]) -> str:
        """The schema file, naming the source files in its first line."""
        lines = [
            f"{MARKER} from {', '.join(plain_text(s) for s in sources)}.",
            MODELINE,
        ]
        if self.names:
            lines.append("# Source names and the types they became:")
            lines += [
                f"#   {plain_text(source)} -> {plain_text(name)}"
                for source, name in self.names
            ]
        if self.docs:
            lines.append(f"doc: {quote(chr(10).join(self.docs))}")
        fields = [item for model in self.models.values() for item in model.fields]
        camel = bool(fields) and all(
            item.any_properties or _camel_name(item.json_name) is not None
            for item in fields
        )
        options = ["  naming: camelCase"] if camel else []
        if self.java:
            options.append("  float_style: java")
        if options:
            lines += ["options:", *options]
        if self.enums:
            lines.append("enums:")
            for name, (values, doc, notes) in self.enums.items():
                lines += comment_lines(notes, "  ")
                lines.append(f"  {name}:")
                if doc:
                    lines.append(f"    doc: {quote(doc)}")
                lines.append("    values:")
                lines += [f"      - {quote(value)}" for value in values]
        if self.models:
            lines.append("models:")
            for model in self.models.values():
                lines += self._model_lines(model, camel)
        if self.roots:
            lines.append("roots:")
            for name, (mapped, doc, notes) in self.roots.items():
                lines += comment_lines(notes, "  ")
                lines.append(f"  {name}:")
                lines.append(f"    type: {quote(expression(mapped))}")
                if mapped.format:
                    lines.append(f"    format: {quote(mapped.format)}")
                if doc:
                    lines.append(f"    doc: {quote(doc)}")
        if not self.enums and not self.models and not self.roots:
            lines.append("models: {}")
        return "\n".join(lines) + "\n"

    def _model_lines(self, model: ModelOut, camel: bool) -> list[str]:
        lines = comment_lines(model.notes, "  ")
        lines.append(f"  {model.name}:")
        if model.doc:
            lines.append(f"    doc: {quote(model.doc)}")
        if model.extends:
            lines.append(f"    extends: {model.extends}")
        if model.reject_unknown:
            lines.append("    unknown_properties: reject")
        if model.subtypes is not None:
            prop, types = model.subtypes
            lines += ["    subtypes:", f"      property: {quote(prop)}", "      types:"]
            lines += [f"        {quote(key)}: {name}" for key, name in types]
            if not types:
                lines[-1] += " {}"
        if model.subtypes is None or model.fields:
            lines.append("    fields:" + ("" if model.fields else " {}"))
        taken = self._inherited_names(model, camel, 0)
        for item in model.fields:
            lines += self._field_lines(item, camel, taken)
        return lines

    def _inherited_names(self, model: ModelOut, camel: bool, depth: int) -> set[str]:
        base = self.models.get(model.extends or "")
        if base is None or depth > 50:
            return set()
        taken = self._inherited_names(base, camel, depth + 1)
        for item in base.fields:
            taken.add(self._field_name(item, camel, taken)[0])
        return taken

    @staticmethod
    def _field_name(item: FieldOut, camel: bool, taken: set[str]) -> tuple[str, bool]:
        """A field's name, and whether it needs ``json:`` to keep its JSON name."""
        name = _camel_name(item.json_name) if camel else None
        if item.any_properties:
            name = item.name
        elif name is None and field_name_problem(item.json_name) is None:
            name = item.json_name
        renamed = name is None
        base = _field_name(item.json_name) if name is None else name
        name, number = base, 2
        while name in taken:
            name, number, renamed = f"{base}_{number}", number + 1, True
        return name, renamed and not item.any_properties

    def _field_lines(self, item: FieldOut, camel: bool, taken: set[str]) -> list[str]:
        lines = comment_lines(item.notes, "      ")
        name, renamed = self._field_name(item, camel, taken)
        taken.add(name)
        json_name = item.json_name if renamed else None
        parts = [f"type: {quote(expression(item.type))}"]
        if json_name is not None:
            parts.append(f"json: {quote(json_name)}")
        if item.type.format:
            parts.append(f"format: {quote(item.type.format)}")
        if item.has_default:
            parts.append(f"default: {quote(item.default)}")
        if item.always:
            parts.append("include: always")
        if item.read_only:
            parts.append("read_only: true")
        if item.write_only:
            parts.append("write_only: true")
        if item.any_properties:
            parts.append("any_properties: true")
        if item.type.rules:
            rules = ", ".join(
                f"{key}: {quote(value)}" for key, value in item.type.rules.items()
            )
            parts.append(f"constraints: {{{rules}}}")
        if item.doc:
            parts.append(f"doc: {quote(item.doc)}")
        lines.append(f"      {name}: {{{', '.join(parts)}}}")
        return lines


def _camel_name(json_name: str) -> str | None:
    """The snake_case field name ``camelCase`` naming turns into ``json_name``."""
    name = "_".join(naming.words(json_name))
    if field_name_problem(name) is not None:
        return None
    return name if naming.apply("camelCase", name) == json_name else None


def _field_name(json_name: str) -> str:
    """A field name for a JSON name that is none (``json:`` keeps the JSON name)."""
    words = [re.sub(r"\W", "", word) for word in naming.words(json_name)]
    name = "_".join(word for word in words if word and word.isascii()) or "field"
    if not name[:1].isalpha():
        name = "field_" + name
    while field_name_problem(name) is not None:
        name += "_"
    return name
