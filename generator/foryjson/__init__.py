"""foryjson: Fory JSON's wire format for Python, as ahead-of-time generated codecs.

The runtime that generated modules import. It has no third-party dependencies.
"""

from .errors import DecodeError, EncodeError
from .facade import ForyJson

__all__ = ["DecodeError", "EncodeError", "ForyJson", "__version__"]

__version__ = "0.1.0"
