"""munchkin-lab: design and mix Munchkin-style card games.

Subpackages: ``cards`` (database, search, pandas), ``engine`` (pure rules),
``decks`` (mixed decks), ``cli`` (the ``munchkin-lab`` command).

Card database shortcuts (imported lazily): ``munchkin_lab.cards(query)`` (the ``cards``
package is callable and returns a DataFrame), ``card``, ``load_specs``, ``export_csv``,
``import_csv``, ``CardDataError``, ``SearchSyntaxError``.
"""
__version__ = "0.1.0"

_CARD_EXPORTS = ("card", "load_specs", "export_csv", "import_csv", "CardDataError", "SearchSyntaxError")


def __getattr__(name: str):
    if name == "cards":
        import importlib

        return importlib.import_module(".cards", __name__)
    if name in _CARD_EXPORTS:
        from . import cards as _cards

        return getattr(_cards, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
