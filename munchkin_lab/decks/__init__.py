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
from .model import DEFAULT_OPTIONS, MODULES, Deck, DuplicateDeckError, Entry, derive_modules

__all__ = [
    "AmbiguousCardError", "Catalog", "DeckError", "SetInfo", "UnknownCardError", "default_catalog",
    "Problem", "check_deck", "DeckFileError", "FileProblem", "parse_text", "parse_yaml", "read_deck",
    "to_text", "to_yaml", "write_deck", "DEFAULT_OPTIONS", "MODULES", "Deck", "DuplicateDeckError",
    "Entry", "derive_modules",
]
