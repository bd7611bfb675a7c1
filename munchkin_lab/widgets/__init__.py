"""ipywidgets views of the lab: card browser, deck builder, board (no rules here).

``CardBrowser`` (search, detail, designer cards), ``DeckBuilder`` (mixed decks with live
statistics and checks), ``Board`` (the play screen: status in game words, the table, the card in
focus, legal actions, seats played by you or bots, undo, the story with rewind, journal and
:meth:`Board.resume`), ``BoardApp`` (the app: a setup panel and one board), ``position_html`` /
``replay_html`` (offline HTML export).
Imported lazily so that ``munchkin_lab.widgets.cli`` does not need ipywidgets.
"""
from __future__ import annotations

import importlib

_EXPORTS = {"CardBrowser": "browser", "DeckBuilder": "deckbuilder", "Board": "board", "Journal": "journal",
            "JournalError": "journal", "BoardApp": "app", "Story": "words",
            "CardTable": "table", "position_html": "export", "replay_html": "export",
            "card_face": "faces", "card_back": "faces", "EditConflictError": "designer",
            "DesignerCardError": "designer", "save_designer_card": "designer"}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str):
    if name in _EXPORTS:
        return getattr(importlib.import_module(f"{__name__}.{_EXPORTS[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
