"""A new user's findings on the combat's decision and Pass words (widgets/words.py): a decision
names only what the actor can do now (core rules, 7. Combat: a losing fighter cannot declare
victory, a helper offers no help), and the Pass of a fight with no monster left lets it end."""
from __future__ import annotations

from munchkin_lab.widgets import Board, words

SCENARIO = """\
name: Decision words
seed: 0
cards:
  - {name: Seven Monster, kind: monster, deck: door, level: 7, treasures: 1}
players:
  - {name: P1, level: 1, hand: [Friendship Potion]}
  - {name: P2, level: 9, hand: [Flaming Poison Potion]}
decks: {door: [Seven Monster]}
"""


def _board(tmp_path) -> Board:
    p = tmp_path / "d.yaml"
    p.write_text(SCENARIO)
    b = Board.from_scenario(p, journal=False)
    b.click("Kick Down the Door")
    return b


def _do(b, kind, seat, **fields):
    b.play(next(a for a in b.game.legal_actions(labels=False, seat=seat)
                if a.kind == kind and all(getattr(a, k) == v for k, v in fields.items())))


def test_the_fighters_decision_names_only_what_they_can_do(tmp_path):
    b = _board(tmp_path)
    # losing 1 vs 7: no victory to declare (core rules, 7. Combat)
    assert words.decision(b.game) == ("P1 fights Seven Monster, 1 vs 7: the monsters win (ties go to the "
                                      "monster). Run Away, play cards or ask for help")
    _do(b, "ask_help", 0, target=1, n=0)
    _do(b, "accept", 1)
    # helped and winning: no one left to ask for help
    can = {a.kind for a in b.game.legal_actions(labels=False, seat=0)}
    assert "ask_help" not in can and "fight" in can
    said = words.decision(b.game)
    assert said.startswith("P1 fights Seven Monster, 10 vs 7: the munchkins win. Declare victory")
    assert "ask for help" not in said


def test_a_helper_in_the_interference_window_is_not_told_to_offer_help(tmp_path):
    b = _board(tmp_path)
    _do(b, "ask_help", 0, target=1, n=0)
    _do(b, "accept", 1)
    _do(b, "fight", 0)
    assert b.game.actor() == 1
    assert words.decision(b.game) == ("P2 may play cards or pass in P1 and P2's fight against Seven Monster, "
                                      "10 vs 7: the munchkins win")


def test_pass_with_no_monster_left_lets_the_fight_end(tmp_path):
    b = _board(tmp_path)
    _do(b, "play", 0, card=next(c for c in b.game.state.players[0].hand
                                if b.game.specs[c].name == "Friendship Potion"))
    sd = b.game.state_dict()
    assert sd["combat"] is not None and sd["combat"]["monsters"] == []
    fighter_pass = [t for t in b.action_labels() if t.startswith("Pass")]
    assert fighter_pass == ["Pass (let P1's combat end)"]


def test_the_terminal_lists_the_moves_first_in_the_boards_order(tmp_path, monkeypatch):
    """``play --human 1`` in Star Munchkin Adventures listed the moves asked for ("pick a
    direction or stay") after the Items and the Go Up a Level cards: the terminal and the board
    now share one order (words.in_order)."""
    from typer.testing import CliRunner

    from munchkin_lab.cli import app

    monkeypatch.chdir(tmp_path)
    res = CliRunner().invoke(app, ["play", "--human", "1", "--deck", "star_munchkin_adventures", "--seed", "1"],
                             input="1\nq\n")  # (ready after the setup: the moves come next)
    assert res.exit_code == 0, res.output
    out = res.output.splitlines()
    i = out.index("== P1 moves: pick a direction or stay")
    options = [line.split(". ", 1)[1] for line in out[i + 1:] if line[:4].strip().isdigit()]
    assert options[:5] == ["Move north to new ground (0,1)", "Move east to new ground (1,0)",
                           "Move south to new ground (0,-1)", "Move west to new ground (-1,0)", "Stay in START"]
    assert len(options) > 5 and not any(o.startswith(("Move ", "Stay ")) for o in options[5:])
