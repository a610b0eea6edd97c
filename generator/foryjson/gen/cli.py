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

# The generator's third-party imports, by the distribution that provides each.
_GENERATOR_DEPENDENCIES = {"jinja2": "jinja2", "yaml": "pyyaml", "black": "black"}


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
    try:
        files = generate(arguments.paths)
        return write_or_check(files, arguments.output, check=arguments.check)
    except SchemaError as error:
        print(error, file=sys.stderr)
        print("foryjson-gen: 1 error, nothing written", file=sys.stderr)
    except (GenerationError, OSError) as error:
        print(f"foryjson-gen: error: {error}", file=sys.stderr)
    return 2


def run() -> None:
    """Console-script entry point."""
    sys.exit(main())


if __name__ == "__main__":
    run()
