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


# A later new user's findings: the help row read ``P2 | P2 for 1 Treasure (picks first)``,
# Friendship Potion was offered ``for the munchkins`` and ``for the monsters`` though it ends
# the combat the same either way, and the setup hand read ``HAND 8/5``.

def _rows(b: Board) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    sd = b.game.state_dict()
    for s in b.shown():
        g = words.group_of(b.game, s.action, sd)
        if g is not None:
            out.setdefault(g[0], []).append(g[1])
    return out


def test_the_help_row_names_who_picks_first(tmp_path):
    b = _board(tmp_path)
    treasures = b.game.treasure_count()
    assert treasures == 1  # Seven Monster's one Treasure: the offer the engine lists
    assert _rows(b)["Ask for help:"] == ["P2, offering nothing", "P2, offering 1 Treasure (P2 picks first)"]


def test_friendship_potion_is_one_action_and_ends_the_combat_for_either_side(tmp_path):
    b = _board(tmp_path)
    engine = [a for a in b.game.legal_actions(labels=False, seat=0)
              if a.kind == "play" and b.game.name(a.card) == "Friendship Potion"]
    assert sorted(a.n for a in engine) == [0, 1]  # the engine lists both sides...
    after = []
    for a in engine:  # ...which do the same: the combat ends, no Treasure, no Level
        g = b.game.copy()
        g.play(a)
        sd = g.state_dict()
        after.append((sd.get("combat"), [p["level"] for p in sd["players"]], [len(p["hand"]) for p in sd["players"]]))
    assert after[0] == after[1]
    assert after[0][0]["monsters"] == [] and after[0][1] == [1, 9]
    shown = [s.label for s in b.shown() if s.action.kind == "play" and b.game.name(s.action.card) == "Friendship Potion"]
    assert shown == ["Use Friendship Potion: the combat ends"]
    assert "Friendship Potion" not in " ".join(_rows(b))
    b.click("Use Friendship Potion")
    assert b.game.state_dict()["combat"]["monsters"] == []


def test_the_hand_limit_is_not_shown_during_setup(lab_db):
    """A new user's finding: the setup hand read ``HAND 8/5``; the limit counts at the end of
    a turn (core rules, 3. Handling Cards), so setup shows ``Hand 8``; in the game it is back."""
    from munchkin_lab.decks import find_deck

    b = Board.from_deck(find_deck("base"), seed=7, seats=["human", "greedy", "greedy"], journal=False)
    sd = b.game.state_dict()
    assert sd["phase"] == "setup"
    own = b.table.html.split("mlab-own", 1)[1]
    n = len(sd["players"][0]["hand"])
    assert f'<span aria-hidden="true">Hand {n}</span>' in own and f"Hand, {n} cards:" in own
    assert f"Hand {n}/" not in own
    assert "limit" not in own.split("Hand,", 1)[1].split(":", 1)[0]
    for _ in range(50):  # setup ends (P1 ends it; the bots play on their own)
        if b.game.state_dict()["phase"] != "setup":
            break
        b.click("End the turn") if any("End the turn" in t for t in b.action_labels()) else b.step()
    sd = b.game.state_dict()
    p = sd["players"][0]
    own = b.table.html.split("mlab-own", 1)[1]
    assert f'<span aria-hidden="true">Hand {len(p["hand"])}/{p["hand_limit"]}</span>' in own
