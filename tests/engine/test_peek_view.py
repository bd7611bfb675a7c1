"""The op ``peek: deck`` (Ops._op_peek): what a player saw is shown to them alone - their own
``view(seat)`` has it as ``seen``, another seat's view has no trace of it, the log says only who
looked at how many cards."""
from __future__ import annotations

from pathlib import Path

from munchkin_lab.engine import Action
from munchkin_lab.scenarios.runner import build_game, database_resolver, load_scenario

SCENARIO = Path(__file__).parents[1] / "scenarios" / "core" / \
    "lang_peek_deck_shows_the_top_cards_to_the_player_who_looks.yaml"


def _game():
    resolver = database_resolver(None)
    g = build_game(load_scenario(SCENARIO), resolver)
    lantern = next(c for c in g.state.players[0].in_play() if g.name(c) == "Will-o-Wisp Lantern")
    return g, lantern


def test_peek_is_in_the_lookers_view_only_and_the_log_names_no_card():
    g, lantern = _game()
    top = g.state_dict()["decks"]["door"]["order"][0]
    g.play(Action(0, "use", lantern, n=0))
    mine, theirs = g.view(0), g.view(1)
    assert mine["seen"] == {"deck": "door", "cards": [top], "turn": g.state.turn}
    assert "seen" not in theirs and "peeks" not in theirs and "peeks" not in mine
    assert top not in repr(theirs["decks"]) and top not in repr(theirs.get("lasting"))
    assert g.log[-1] == f"[t{g.state.turn}] Ann looks at the top card of the Door deck."
    assert all(top not in line for line in g.log)
    assert g.state_dict()["peeks"] == {g.state.players[0].name: mine["seen"]}


def test_peek_is_undone_with_the_action():
    g, lantern = _game()
    g.play(Action(0, "use", lantern, n=0))
    g.undo()
    assert "seen" not in g.view(0) and "peeks" not in g.state_dict()
