"""Render a module's code through the Jinja template and format it with black."""

from __future__ import annotations

import textwrap
from functools import cache
from importlib import resources
from pathlib import Path

import black
import jinja2

from .emit import Emitter, ModuleCode
from .ir import ModelDef, ModelRef, ModuleDef
from .quoting import comment, docstring, identifier, string_literal
from .reading import ReadFacts, read_facts
from .scalars import IMPORTED_NAMES

TEMPLATE = "module.py.jinja"


def _template_folder() -> Path:
    """The templates shipped in the wheel, or the repository's own in a source checkout."""
    packaged = Path(str(resources.files("foryjson.gen"))) / "templates"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[3] / "templates"


@cache
def _environment() -> jinja2.Environment:
    environment = jinja2.Environment(
        loader=jinja2.FileSystemLoader(_template_folder()),
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
        autoescape=False,  # noqa: S701 - renders Python source, not HTML
    )
    environment.globals.update(docstring=docstring, class_doc=class_doc)
    # Autoescape is for HTML: every value a template puts in the source goes through
    # one of these instead, or is code the emitter built from quoted pieces.
    environment.filters.update(
        string_literal=string_literal, comment=comment, identifier=identifier
    )
    return environment


def class_doc(model: ModelDef) -> str:
    """The class docstring: the model's doc, then its documented fields."""
    if model.subtypes is not None:
        table = ", ".join(
            f"{name} ({json_name})" for json_name, name in model.subtypes.types
        )
        how = {
            "property": f"with the property {model.subtypes.property!r} first",
            "wrapper_object": "inside an object whose one member is its name",
            "wrapper_array": "as an array of its name and the object",
        }[model.subtypes.representation]
        default = f"One of {table}, written {how}."
        lines = [model.doc.strip() if model.doc else default]
        if model.doc:
            lines += ["", default]
        return "\n".join(lines)
    lines = [model.doc.strip() if model.doc else f"The {model.name} model."]
    documented = [field for field in model.fields if field.doc]
    if documented:
        lines += ["", "Attributes:"]
        for field in documented:
            text = f"{field.name}: {' '.join((field.doc or '').split())}"
            lines.append(
                textwrap.fill(
                    text, 80, initial_indent="    ", subsequent_indent="        "
                )
            )
    return "\n".join(lines)


def _bindings(code: ModuleCode) -> list[str]:
    lines = []
    if "_escape" in code.bindings:
        lines.append("_escape = _writer.escape_str")
    if "_new" in code.bindings:
        lines.append("_new = object.__new__")
    lines += [
        f"{name} = {name[1:]}"
        for name in code.bindings
        if name.startswith("_") and name[1:] in IMPORTED_NAMES
    ]
    return lines


def _facts(
    module: ModuleDef, code: ModuleCode, all_modules: dict[str, ModuleDef]
) -> dict[str, ReadFacts]:
    """Per type name: what its ``Codec``, ``from_json`` and ``to_json`` pass on."""
    exact = {item.model.name: item.exact for item in code.classes} | dict(code.bound)
    facts = {item.enum.name: ReadFacts(False, 0, ()) for item in code.enums}
    for name, is_exact in exact.items():
        facts[name] = read_facts(ModelRef(module.name, name), is_exact, all_modules)
    return facts


def render_module(
    module: ModuleDef, all_modules: dict[str, ModuleDef], runtime: str = "foryjson"
) -> str:
    """The formatted source of one generated module.

    ``runtime`` is the package its imports of the runtime name: ``foryjson``, or a
    relative one such as ``.._foryjson_runtime`` for a vendored copy.
    """
    code = Emitter(module, all_modules, runtime).build()
    source = (
        _environment()
        .get_template(TEMPLATE)
        .render(
            module=module,
            code=code,
            import_lines=code.import_lines,
            bindings=_bindings(code),
            tables=code.tables,
            codec_names=[item.enum.name for item in code.enums]
            + [item.model.name for item in code.classes]
            + [name for name, _ in code.bound],
            facts=_facts(module, code, all_modules),
            limits=", ".join(f"{name}={value}" for name, value in module.limits),
        )
    )
    return format_source(source)


def format_source(source: str) -> str:
    """Format Python source with black's stable style for Python 3.10+."""
    mode = black.Mode(target_versions={black.mode.TargetVersion.PY310})
    return black.format_str(source, mode=mode)
