"""``Game.undo``/``redo`` at the ends raise the project's NothingToUndoError (an IndexError,
for the code that caught IndexError) with a message saying why."""
from __future__ import annotations

import pytest

from munchkin_lab.engine import Game, NothingToUndoError


def test_undo_and_redo_at_the_ends_say_why(base_deck):
    g = Game.new(players=3, deck=base_deck, seed=4)
    assert issubclass(NothingToUndoError, IndexError)
    with pytest.raises(NothingToUndoError) as info:
        g.undo()
    assert str(info.value) == "nothing to undo: no action played since the game began or was loaded"
    with pytest.raises(IndexError, match="^nothing to redo: no action was taken back"):
        g.redo()
    g.play(g.legal_actions()[0])
    g.undo()
    with pytest.raises(NothingToUndoError) as info:
        g.undo()
    assert str(info.value) == "nothing to undo: every action played was taken back (1 can be redone with redo())"
    g.redo()
    quiet = Game.new(players=3, deck=base_deck, seed=4, history=False)
    quiet.play(quiet.legal_actions()[0])
    with pytest.raises(NothingToUndoError) as info:
        quiet.undo()
    assert str(info.value) == "nothing to undo: this game keeps no history (made with history=False)"
