"""The pure-Python rules engine: state in, action in, state out.

Imports no database, widget or I/O code. Cards arrive as frozen :class:`CardSpec` objects.
"""
from .cards import CardSpec

__all__ = ["CardSpec"]
