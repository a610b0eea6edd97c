"""The ``foryjson-gen`` command."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from .. import __version__

EPILOG = """\
examples:
  foryjson-gen schemas/ -o generated/          generate a package from every schema
  foryjson-gen schemas/ -o generated/ --check  exit 1 if generated/ is out of date
  foryjson-gen shop.yaml -o app/models/        generate app/models/shop.py

exit status: 0 success, 1 --check found drift, 2 schema or usage error
"""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="foryjson-gen",
        description="Generate JSON codec modules from foryjson YAML schemas.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "paths",
        nargs="+",
        type=Path,
        metavar="PATH",
        help="a schema file, or a folder searched for *.yaml and *.yml",
    )
    parser.add_argument(
        "-o",
        "--output",
        type=Path,
        required=True,
        metavar="OUT",
        help="the folder to write the generated package to",
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="write nothing; exit 1 and name every stale or missing file",
    )
    parser.add_argument(
        "--version", action="version", version=f"foryjson-gen {__version__}"
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns the exit status."""
    arguments = _parser().parse_args(argv)
    try:
        from .generate import GenerationError, generate, write_or_check
        from .source import SchemaError
    except ImportError as error:
        print(
            f"foryjson-gen: the generator needs jinja2, pyyaml and black ({error.name} is"
            " missing); install them with: pip install 'foryjson[gen]'",
            file=sys.stderr,
        )
        return 2
    try:
        files = generate(arguments.paths)
    except SchemaError as error:
        print(error, file=sys.stderr)
        print("foryjson-gen: 1 error, nothing written", file=sys.stderr)
        return 2
    except GenerationError as error:
        print(f"foryjson-gen: error: {error}", file=sys.stderr)
        return 2
    return write_or_check(files, arguments.output, check=arguments.check)


def run() -> None:
    """Console-script entry point."""
    sys.exit(main())
