"""The card database: SQLModel tables, loading of ``database/`` files, search, pandas frames.

This package is itself callable: ``munchkin_lab.cards("tag:undead level>=10")`` is
:func:`munchkin_lab.cards.api.cards` (so the package name and the issue's function name agree).
Public names (imported lazily): ``cards``, ``card``, ``load_specs``, ``to_spec``,
``export_csv``, ``import_csv``, ``build``, ``check``, ``CardDataError`` (and its
``NoDatabaseError``: no card database at the URL), ``SearchSyntaxError``, ``UnknownCardError``, ``AmbiguousCardError``.
"""
from __future__ import annotations

import importlib
import sys
import types

_EXPORTS = {
    "card": "api", "load_specs": "api", "export_csv": "api", "import_csv": "api", "COLUMNS": "api",
    "to_spec": "spec", "build": "build", "check": "build", "load_files": "build",
    "CardDataError": "errors", "SearchSyntaxError": "errors", "UnknownCardError": "errors",
    "AmbiguousCardError": "errors", "CardLookupError": "errors", "NoDatabaseError": "errors",
}


def __getattr__(name: str):
    if name in _EXPORTS:
        return getattr(importlib.import_module(f"{__name__}.{_EXPORTS[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class _CallableModule(types.ModuleType):
    def __call__(self, query: str = "", url: str | None = None):
        """Same as :func:`munchkin_lab.cards.api.cards`."""
        from .api import cards as _cards

        return _cards(query, url=url)


sys.modules[__name__].__class__ = _CallableModule
