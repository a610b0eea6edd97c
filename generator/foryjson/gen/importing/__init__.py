"""``foryjson-gen import``: JSON Schema and OpenAPI documents as schema files.

A document's definitions (``components.schemas`` of OpenAPI 3.0 and 3.1,
``definitions`` of Swagger 2.0, ``$defs`` and ``definitions`` of JSON Schema Draft
2020-12 and Draft 07, and a root schema that is more than a ``$ref``) become the enums, models and roots of one schema file.
Whatever has no equivalent is reported as a warning, ``FILE:POINTER: warning:
MESSAGE``, and written as a comment where it applies. Text from the document reaches
the output only as quoted YAML scalars or escaped comments.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import annotated
from .mapping import Importer
from .parts import ImportResult, Warning
from .text import MARKER, module_name
from .writing import Writer

__all__ = ["MARKER", "ImportResult", "Warning", "import_documents", "module_name"]


def import_documents(
    sources: Sequence[tuple[str, object]],
    *,
    directions: bool = False,
    trust_code: bool = False,
    java: bool = False,
) -> ImportResult:
    """One schema file's text from source documents, given as (file name, data).

    With ``directions``, ``readOnly`` and ``writeOnly`` become ``read_only`` and
    ``write_only`` (the serving side's view); otherwise they are noted in the docs
    and the codecs read and write every property.

    Documents of a foryjson export that hold every model of one module are read
    through their ``x-foryjson`` annotations: the schema file comes back as it was
    written, ``directions`` or not. Its references to Python code (validators,
    ``python`` bindings, codecs) are left out, each with a warning, unless
    ``trust_code``: documents may come from anyone, and generated code imports and
    calls what such references name.

    With ``java``, the file is for a contract of a Java service: floats are written
    as Java writes them (``float_style: java``) and ``format: uri`` is a Java URI
    (``uri``) rather than any text.
    """
    written = annotated.schema_file(sources)
    if written is not None:
        warnings: list[Warning] = []
        comments: list[str] = []
        if not trust_code:
            written, warnings, comments = annotated.without_code(written, sources)
        text = annotated.text(written, [file for file, _ in sources], comments)
        if text is not None:
            return ImportResult(text, warnings)
    importer = Importer(directions, java)
    for file, document in sources:
        importer.add(file, document)
    importer.run()
    writer = Writer(
        importer.docs,
        importer.enums,
        importer.models,
        importer.roots,
        importer.name_table(),
        java=java,
    )
    text = writer.text([file for file, _ in sources])
    empty = not (importer.enums or importer.models or importer.roots)
    return ImportResult(text, importer.warnings, empty)
