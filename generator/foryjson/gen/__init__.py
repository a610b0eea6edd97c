"""The code generator: schema files in, formatted Python modules out.

Needs the ``gen`` extra (jinja2, pyyaml, black); the runtime does not import it.
"""
