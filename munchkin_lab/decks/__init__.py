"""Mixed decks: build a deck across sets, check the mix, read its statistics and draw odds,
keep it in the database and in files.

Main entry points: :class:`Deck` (build, ``specs()`` for ``Game.new``, ``save``/``load``,
``export``/``from_file``), :func:`check_deck` (:class:`Problem` list), the tables in
:mod:`munchkin_lab.decks.stats`, the figures in :mod:`munchkin_lab.decks.plots`, and
:func:`list_decks` / :func:`load_preset`.
"""
from .catalog import AmbiguousCardError, Catalog, DeckError, SetInfo, UnknownCardError, default_catalog
from .checks import Problem, check_deck
from .files import DeckFileError, FileProblem, parse_text, parse_yaml, read_deck, to_text, to_yaml, write_deck
from .presets import find_deck, list_presets, load_preset
from .model import DEFAULT_OPTIONS, MODULES, Deck, DuplicateDeckError, Entry, derive_modules

__all__ = [
    "AmbiguousCardError", "Catalog", "DeckError", "SetInfo", "UnknownCardError", "default_catalog",
    "Problem", "check_deck", "DeckFileError", "FileProblem", "parse_text", "parse_yaml", "read_deck",
    "to_text", "to_yaml", "write_deck", "DEFAULT_OPTIONS", "MODULES", "Deck", "DuplicateDeckError",
    "Entry", "derive_modules", "list_decks", "delete_deck", "list_presets", "load_preset",
    "find_deck", "DeckConflictError",
]


def __getattr__(name: str):
    if name == "DeckConflictError":  # lazily: the store module imports the database models
        from .store import DeckConflictError

        return DeckConflictError
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def list_decks(url: str | None = None):
    """Saved decks as a DataFrame (see :func:`munchkin_lab.decks.store.list_decks`)."""
    from .store import list_decks as _list

    return _list(url)


def delete_deck(name: str, url: str | None = None) -> None:
    """Delete a saved deck (see :func:`munchkin_lab.decks.store.delete_deck`)."""
    from .store import delete_deck as _delete

    _delete(name, url)
