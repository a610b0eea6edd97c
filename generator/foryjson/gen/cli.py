"""The ``foryjson-gen`` command."""

from __future__ import annotations

import argparse
import difflib
import importlib
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

from .. import __version__

EPILOG = """\
examples:
  foryjson-gen schemas/ -o generated/          generate a package from every schema
  foryjson-gen schemas/ -o generated/ --check  exit 1 if generated/ is out of date
  foryjson-gen shop.yaml -o app/models/        generate app/models/shop.py
  foryjson-gen schemas/ -o out/ --vendor-runtime
                                               out/ works without foryjson installed
  foryjson-gen --check                         use [tool.foryjson] in pyproject.toml
  foryjson-gen schemas/ -o generated/ --jsonschema jsonschema/
                                               also export a JSON Schema per model
  foryjson-gen --language-schema foryjson-schema.json
                                               write the JSON Schema of schema files
  foryjson-gen schemas/ -o generated/ --native also write C sources of compiled codecs
  foryjson-gen build generated/                compile them in place (setuptools)
  foryjson-gen import api.yaml -o schemas/     write schemas/api.yaml from an OpenAPI
                                               or JSON Schema document (see
                                               foryjson-gen import --help)

with no PATH or no -o, they come from the schemas and output keys of [tool.foryjson]
in the nearest pyproject.toml in this folder or above, relative to that file's folder;
vendor_runtime = true and native = true there stand for --vendor-runtime and --native
(also when -o names the table's output folder)

exit status: 0 success, 1 --check found drift, 2 schema or usage error
"""

# The generator's third-party imports, by the distribution that provides each.
_GENERATOR_DEPENDENCIES = {"jinja2": "jinja2", "yaml": "pyyaml", "black": "black"}


class _Parser(argparse.ArgumentParser):
    """argparse, with a did-you-mean hint for each misspelled option."""

    def error(self, message: str) -> NoReturn:
        prefix = "unrecognized arguments: "
        if message.startswith(prefix):
            options = [
                option
                for action in self._actions
                for option in action.option_strings
                if option.startswith("--")
            ]
            arguments = message[len(prefix) :].split()
            hints = []
            for argument in arguments:
                word = argument.partition("=")[0]
                close = difflib.get_close_matches(word, options, n=1)
                if word.startswith("-") and close:
                    named = "" if len(arguments) == 1 else f"{word}: "
                    hints.append(f"{named}did you mean {close[0]}?")
            if hints:
                message += f" ({'; '.join(hints)})"
        super().error(message)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="foryjson-gen",
        description="Generate JSON codec modules from foryjson YAML schemas.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "paths",
        nargs="*",
        type=Path,
        metavar="PATH",
        help="a schema file, or a folder searched for *.yaml and *.yml",
    )
    parser.add_argument(
        "-o",
        "--output",
        type=Path,
        metavar="OUT",
        help="the folder to write the generated package to",
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="write nothing; exit 1 and name every stale or missing file",
    )
    parser.add_argument(
        "--vendor-runtime",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="copy the runtime into OUT/_foryjson_runtime/ and import it from there,"
        " so the generated package needs no foryjson installed",
    )
    parser.add_argument(
        "--native",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="also write OUT/<dir>/_<module>_native.c, the C source of the module's"
        " compiled codecs, which it uses once built (foryjson-gen build OUT)",
    )
    parser.add_argument(
        "--jsonschema",
        type=Path,
        metavar="DIR",
        help="also export a JSON Schema (Draft 2020-12) of every model to DIR;"
        " without -o, export only that",
    )
    parser.add_argument(
        "--language-schema",
        type=Path,
        metavar="FILE",
        help="write the JSON Schema of the YAML schema language to FILE ('-' for"
        " standard output), for editors; then exit",
    )
    parser.add_argument(
        "--version", action="version", version=f"foryjson-gen {__version__}"
    )
    return parser


class ConfigError(Exception):
    """A problem with ``[tool.foryjson]`` or the pyproject.toml that holds it."""


@dataclass(frozen=True)
class Config:
    """``[tool.foryjson]`` with its paths resolved; ``None`` for a key not set."""

    pyproject: Path
    schemas: list[Path] | None
    output: Path | None
    vendor_runtime: bool | None = None
    jsonschema: Path | None = None
    native: bool | None = None


_CONFIG_KEYS = ("schemas", "output", "jsonschema", "vendor_runtime", "native")


def find_pyproject(start: Path) -> Path | None:
    """The nearest pyproject.toml in ``start`` or a folder above it."""
    for folder in (start, *start.parents):
        candidate = folder / "pyproject.toml"
        if candidate.is_file():
            return candidate
    return None


def _toml() -> Any:
    """tomllib (Python 3.11+), else tomli if it is installed, else ``None``."""
    for name in ("tomllib", "tomli"):
        try:
            return importlib.import_module(name)
        except ImportError:
            continue
    return None


def _shown(path: Path) -> Path:
    """``path`` relative to the current folder when it can be, for messages."""
    try:
        return Path(os.path.relpath(path))
    except ValueError:  # another drive on Windows
        return path


def _type_name(value: object) -> str:
    names = {str: "a string", bool: "a boolean", int: "an integer", float: "a float"}
    names.update({list: "an array", dict: "a table"})
    return names.get(type(value), type(value).__name__)


def read_config(pyproject: Path) -> Config | None:
    """``[tool.foryjson]`` of ``pyproject``, or ``None`` when it has no such table."""
    toml = _toml()
    if toml is None:
        raise ConfigError(
            f"{_shown(pyproject).as_posix()}: reading [tool.foryjson] needs Python"
            " 3.11+ or the tomli package; or give PATH... and -o OUT instead"
        )
    where = _shown(pyproject).as_posix()
    try:
        data = toml.loads(pyproject.read_text(encoding="utf-8"))
    except OSError as error:
        raise ConfigError(f"{where}: cannot read the file: {error.strerror}") from None
    except (toml.TOMLDecodeError, UnicodeDecodeError) as error:
        raise ConfigError(f"{where}: not valid TOML: {error}") from None
    tool = data.get("tool", {})
    table = tool.get("foryjson") if isinstance(tool, dict) else None
    if table is None:
        return None
    if not isinstance(table, dict):
        raise ConfigError(
            f"{where}: [tool.foryjson] must be a table, not {_type_name(table)}"
        )
    for key in table:
        if key not in _CONFIG_KEYS:
            close = difflib.get_close_matches(key, _CONFIG_KEYS, n=1)
            keys = ", ".join(f"'{key}'" for key in _CONFIG_KEYS[:-1])
            hint = (
                f"did you mean '{close[0]}'?"
                if close
                else f"the keys are {keys} and '{_CONFIG_KEYS[-1]}'"
            )
            raise ConfigError(
                f"{where}: unknown key '{key}' in [tool.foryjson] ({hint})"
            )
    folder = pyproject.parent
    schemas: list[Path] | None = None
    if "schemas" in table:
        value = table["schemas"]
        entries = [value] if isinstance(value, str) else value
        if not isinstance(entries, list) or not all(
            isinstance(entry, str) for entry in entries
        ):
            raise ConfigError(
                f"{where}: [tool.foryjson] schemas must be a path or a list of paths"
                f" (strings), not {_type_name(value)}"
            )
        if not entries or not all(entries):
            raise ConfigError(
                f"{where}: [tool.foryjson] schemas must name at least one path, and"
                " no empty ones"
            )
        schemas = [_shown(folder / entry) for entry in entries]
        for entry, path in zip(entries, schemas, strict=True):
            if not path.exists():
                raise ConfigError(
                    f"{where}: [tool.foryjson] schemas: no such file or folder:"
                    f" '{entry}' ({path.as_posix()})"
                )
    output: Path | None = None
    if "output" in table:
        value = table["output"]
        if not isinstance(value, str) or not value:
            raise ConfigError(
                f"{where}: [tool.foryjson] output must be a folder path (a non-empty"
                f" string), not {_type_name(value) if value else 'an empty string'}"
            )
        output = _shown(folder / value)
        if output.exists() and not output.is_dir():
            raise ConfigError(
                f"{where}: [tool.foryjson] output: '{value}' ({output.as_posix()}) is"
                " not a folder"
            )
        if not output.parent.is_dir():
            raise ConfigError(
                f"{where}: [tool.foryjson] output: the folder that would hold '{value}'"
                f" ({output.parent.as_posix()}) does not exist"
            )
    vendor_runtime = table.get("vendor_runtime")
    if vendor_runtime is not None and not isinstance(vendor_runtime, bool):
        raise ConfigError(
            f"{where}: [tool.foryjson] vendor_runtime must be true or false, not"
            f" {_type_name(vendor_runtime)}"
        )
    native = table.get("native")
    if native is not None and not isinstance(native, bool):
        raise ConfigError(
            f"{where}: [tool.foryjson] native must be true or false, not"
            f" {_type_name(native)}"
        )
    if native and vendor_runtime:
        raise ConfigError(
            f"{where}: [tool.foryjson] native and vendor_runtime cannot both be true:"
            " the C sources need foryjson installed (its C header and loader);"
            " set one of them to false"
        )
    jsonschema: Path | None = None
    if "jsonschema" in table:
        value = table["jsonschema"]
        if not isinstance(value, str) or not value:
            raise ConfigError(
                f"{where}: [tool.foryjson] jsonschema must be a folder path (a"
                " non-empty string), not"
                f" {_type_name(value) if value else 'an empty string'}"
            )
        jsonschema = _shown(folder / value)
    return Config(pyproject, schemas, output, vendor_runtime, jsonschema, native)


@dataclass(frozen=True)
class Settings:
    """What one run generates: the command line's choices, else the config's."""

    paths: list[Path]
    output: Path | None
    jsonschema: Path | None
    vendor_runtime: bool
    native: bool


def _settings(
    parser: argparse.ArgumentParser, arguments: argparse.Namespace
) -> Settings:
    """The schema paths, output folder, JSON Schema folder, vendoring and native C
    sources (the command line's, else the config's); the output may be None only
    when a JSON Schema folder is set.
    """
    paths: list[Path] = arguments.paths
    output: Path | None = arguments.output
    jsonschema: Path | None = arguments.jsonschema
    vendor: bool | None = arguments.vendor_runtime
    native: bool | None = arguments.native
    pyproject = find_pyproject(Path.cwd())
    if paths and (output is not None or jsonschema is not None):
        if output is not None and pyproject is not None:
            configured = _configured_for(pyproject, output)
            if configured is not None:
                vendor = vendor if vendor is not None else configured.vendor_runtime
                native = native if native is not None else configured.native
                _configured_native_conflict(arguments, configured, vendor, native)
        return Settings(paths, output, jsonschema, bool(vendor), bool(native))
    config = read_config(pyproject) if pyproject is not None else None
    if config is not None:
        paths = paths or config.schemas or []
        output = output if output is not None else config.output
        vendor = vendor if vendor is not None else config.vendor_runtime
        native = native if native is not None else config.native
        jsonschema = jsonschema if jsonschema is not None else config.jsonschema
        _configured_native_conflict(arguments, config, vendor, native)

    def found(key: str) -> str:
        if pyproject is None:
            return "no pyproject.toml in this folder or above"
        if config is None:
            return f"{_shown(pyproject).as_posix()} has no [tool.foryjson] table"
        return f"{_shown(pyproject).as_posix()} sets no {key}"

    if not paths:
        parser.error(
            "give PATH... or set schemas in [tool.foryjson] of pyproject.toml"
            f" ({found('schemas')})"
        )
    if output is None and jsonschema is None:
        parser.error(
            "give -o/--output or set output in [tool.foryjson] of pyproject.toml"
            f" ({found('output')})"
        )
    return Settings(paths, output, jsonschema, bool(vendor), bool(native))


def _configured_native_conflict(
    arguments: argparse.Namespace,
    config: Config,
    vendor: bool | None,
    native: bool | None,
) -> None:
    """Refuse ``native = true`` of the table with ``--vendor-runtime`` (or the other
    way round), naming where each comes from and the flag that settles it.
    """
    if not (vendor and native) or (arguments.native and arguments.vendor_runtime):
        return  # both flags: generate() names them
    where = _shown(config.pyproject).as_posix()
    if arguments.vendor_runtime:
        raise ConfigError(
            f"{where}: native = true in [tool.foryjson] cannot be combined with"
            " --vendor-runtime (the C sources need foryjson installed); add"
            " --no-native"
        )
    raise ConfigError(
        f"{where}: vendor_runtime = true in [tool.foryjson] cannot be combined with"
        " --native (the C sources need foryjson installed); add --no-vendor-runtime"
    )


def _configured_for(pyproject: Path, output: Path) -> Config | None:
    """The table, when its ``output`` is ``output`` too.

    With paths and folder on the command line the table is otherwise not used (and a
    table that cannot be read is no error); whether the runtime is vendored, and
    whether the modules have C sources beside them, belongs to the output folder, so
    the table's ``vendor_runtime`` and ``native`` still say it for its own folder.
    """
    try:
        config = read_config(pyproject)
    except ConfigError:
        return None
    if config is None or config.output is None:
        return None
    return config if config.output.resolve() == output.resolve() else None


def _build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="foryjson-gen build",
        description="Compile the C sources foryjson-gen --native wrote below OUT into"
        " extension modules beside them, with setuptools' build_ext --inplace and the"
        " compiler Python was built with (for development; packages list"
        " foryjson.native.build.extensions in their setup.py).",
    )
    parser.add_argument(
        "output", type=Path, metavar="OUT", help="the generated package's folder"
    )
    parser.add_argument(
        "--package",
        metavar="NAME",
        help="OUT's dotted module name (default: the folder's name)",
    )
    return parser


def _build(argv: Sequence[str]) -> int:
    """``foryjson-gen build OUT``: compile the generated C sources in place."""
    arguments = _build_parser().parse_args(argv)
    if not arguments.output.is_dir():
        print(
            f"foryjson-gen: error: no such folder: {arguments.output}", file=sys.stderr
        )
        return 2
    from ..native.build import build_in_place

    try:
        built = build_in_place(arguments.output, arguments.package)
    except Exception as error:  # setuptools' and the compiler's errors alike
        print(f"foryjson-gen: error: the build failed: {error}", file=sys.stderr)
        return 2
    print(f"foryjson-gen: {len(built)} extension(s) built in {arguments.output}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns the exit status."""
    arguments_list = list(sys.argv[1:] if argv is None else argv)
    if arguments_list[:1] == ["import"]:
        return _import(arguments_list[1:])
    if arguments_list[:1] == ["build"]:
        return _build(arguments_list[1:])
    parser = _parser()
    arguments = parser.parse_args(arguments_list)
    if arguments.language_schema is not None:
        return _write_language_schema(arguments.language_schema)
    try:
        settings = _settings(parser, arguments)
    except ConfigError as error:
        print(f"foryjson-gen: error: {error}", file=sys.stderr)
        return 2
    try:
        from .generate import GenerationError, generate, write_or_check
        from .source import SchemaError
    except ImportError as error:
        missing = (error.name or "").partition(".")[0]
        if missing not in _GENERATOR_DEPENDENCIES:
            raise
        print(
            f"foryjson-gen: error: the generator needs jinja2, pyyaml and black"
            f" ({_GENERATOR_DEPENDENCIES[missing]} is missing); install them with:"
            " pip install 'foryjson[gen]'",
            file=sys.stderr,
        )
        return 2
    from .output import OutputError

    try:
        status = 0
        paths, output, jsonschema = settings.paths, settings.output, settings.jsonschema
        if output is not None:
            files = generate(
                paths, vendor_runtime=settings.vendor_runtime, native=settings.native
            )
            status = write_or_check(files, output, check=arguments.check)
        if jsonschema is not None:
            status = max(status, _export_jsonschema(paths, jsonschema, arguments.check))
        return status
    except SchemaError as error:
        print(error, file=sys.stderr)
        print("foryjson-gen: 1 error, nothing written", file=sys.stderr)
    except (GenerationError, OutputError, OSError) as error:
        print(f"foryjson-gen: error: {error}", file=sys.stderr)
    return 2


def _export_jsonschema(paths: list[Path], folder: Path, check: bool) -> int:
    """Export (or with ``check`` compare) one JSON Schema per model into ``folder``."""
    from . import jsonschema
    from .generate import find_schemas
    from .schema import load_modules

    files = jsonschema.export(load_modules(find_schemas(paths)))
    return jsonschema.write_or_check(files, folder, check=check)


IMPORT_EPILOG = """\
examples:
  foryjson-gen import openapi.yml -o schemas/       write schemas/openapi.yaml
  foryjson-gen import a.json b.json -o schemas/ --module shop
                                                    merge both into schemas/shop.yaml

each warning names the file and the JSON pointer of what could not be mapped:
  openapi.yml:/components/schemas/Pet/properties/tags/items: warning: ...
and is written as a comment next to that place in the output

definitions are named in PascalCase (checkout.session: CheckoutSession, with a
number after names taken twice); the file starts with a table of the source names
that became other names, and of scalar definitions that share one root

exit status: 0 success (warnings included), 1 nothing to import, 2 usage, reading
or writing error
"""


def _import_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="foryjson-gen import",
        description="Write foryjson schema files from JSON Schema (Draft 2020-12,"
        " Draft 07), OpenAPI 3.0/3.1 or Swagger 2.0 documents, in JSON or YAML.",
        epilog=IMPORT_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "sources", nargs="+", type=Path, metavar="SOURCE", help="a document to import"
    )
    parser.add_argument(
        "-o",
        "--output",
        type=Path,
        metavar="OUTDIR",
        required=True,
        help="the folder to write the schema file(s) to",
    )
    parser.add_argument(
        "--module",
        metavar="NAME",
        help="merge every SOURCE into the one schema file NAME.yaml (default: one"
        " file per SOURCE, named after it)",
    )
    parser.add_argument(
        "--directions",
        action="store_true",
        help="map readOnly and writeOnly to read_only and write_only (the serving"
        " side's view); by default they are noted in the docs only",
    )
    parser.add_argument(
        "--java",
        action="store_true",
        help="the contract is a Java service's: write floats as Java does"
        " (float_style: java) and read format: uri as a Java URI (uri); dates and"
        " times follow java.time either way",
    )
    parser.add_argument(
        "--trust-code",
        action="store_true",
        help="keep the validators, python bindings and codecs a foryjson export"
        " names (generated code imports and calls them); by default they are left"
        " out with a warning",
    )
    return parser


def _import(argv: list[str]) -> int:
    """``foryjson-gen import``: write schema files from JSON Schema or OpenAPI."""
    parser = _import_parser()
    arguments = parser.parse_args(argv)
    from .importing import MARKER, import_documents, module_name
    from .source import SchemaError, load_data

    sources: list[Path] = arguments.sources
    module: str | None = arguments.module
    if module is not None and not all(
        part.isidentifier() for part in module.split(".")
    ):
        parser.error(f"--module {module!r} is not a dotted Python module name")
    groups: dict[str, list[Path]] = {}
    for source in sources:
        groups.setdefault(module or module_name(source), []).append(source)
    output: Path = arguments.output
    try:
        texts: dict[Path, str] = {}
        for name, paths in groups.items():
            documents = []
            for path in paths:
                if not path.is_file():
                    raise OSError(f"no such file: {path}")
                documents.append((path.name, load_data(path, path.as_posix())))
            result = import_documents(
                documents,
                directions=arguments.directions,
                trust_code=arguments.trust_code,
                java=arguments.java,
            )
            for warning in result.warnings:
                print(warning, file=sys.stderr)
            if result.empty:
                names = ", ".join(str(path) for path in paths)
                print(
                    f"foryjson-gen: error: {names}: nothing to import (no"
                    " components.schemas, definitions or $defs, and no root schema);"
                    " nothing written",
                    file=sys.stderr,
                )
                return 1
            texts[output.joinpath(*name.split(".")).with_suffix(".yaml")] = result.text
        for target in texts:
            if target.is_symlink() or (
                target.exists()
                and not target.read_text(encoding="utf-8").startswith(MARKER)
                and target.stat().st_size
            ):
                raise OSError(
                    f"{target} was not written by foryjson-gen import; move it away"
                    " so that the imported file can take its place"
                )
        for target, text in texts.items():
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
    except SchemaError as error:
        print(error, file=sys.stderr)
        print("foryjson-gen: 1 error, nothing written", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"foryjson-gen: error: {error}", file=sys.stderr)
        return 2
    print(
        f"foryjson-gen: imported {len(sources)} document(s) into {len(texts)} file(s)"
    )
    return 0


def _write_language_schema(target: Path) -> int:
    """Copy the JSON Schema of the schema language to ``target`` (``-``: stdout)."""
    from .jsonschema import LANGUAGE_SCHEMA

    text = LANGUAGE_SCHEMA.read_text(encoding="utf-8")
    if str(target) == "-":
        sys.stdout.write(text)
        return 0
    try:
        target.write_text(text, encoding="utf-8")
    except OSError as error:
        print(f"foryjson-gen: error: cannot write {target}: {error}", file=sys.stderr)
        return 2
    print(f"foryjson-gen: wrote the schema language's JSON Schema to {target}")
    return 0


def run() -> None:
    """Console-script entry point."""
    sys.exit(main())


if __name__ == "__main__":
    run()
