"""A new user's findings on the board's words (widgets/words.py): the help row read
``P2 | P2 for 1 Treasure (picks first)``, and Friendship Potion was offered ``for the
munchkins`` and ``for the monsters`` though it ends the combat the same either way."""
from __future__ import annotations

from munchkin_lab.widgets import Board, words

SCENARIO = """\
name: Board words
seed: 0
cards:
  - {name: Seven Monster, kind: monster, deck: door, level: 7, treasures: 1}
players:
  - {name: P1, level: 1, hand: [Friendship Potion]}
  - {name: P2, level: 9, hand: [Flaming Poison Potion]}
decks: {door: [Seven Monster]}
"""


def _board(tmp_path) -> Board:
    p = tmp_path / "w.yaml"
    p.write_text(SCENARIO)
    b = Board.from_scenario(p, journal=False)
    b.click("Kick Down the Door")
    return b


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
        g = b.game.copy() if hasattr(b.game, "copy") else None
        if g is None:
            import copy

            g = copy.deepcopy(b.game)
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
