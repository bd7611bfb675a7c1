"""Wording the terminal and the board show, from the engine (a new user's findings): a combat a
monster left without a kill does not say anyone "wins the combat" (core rules, 7. Combat: a
monster got rid of without a fight still counts as a victory, with no Level), and an item a
player may not use says which restriction stops them ("Warrior only")."""
from __future__ import annotations

from pathlib import Path

from munchkin_lab.scenarios.runner import build_game, database_resolver, load_scenario, make_action

CORE = Path(__file__).resolve().parents[1] / "scenarios" / "core"


def _story(file: str) -> tuple:
    sc = load_scenario(CORE / file)
    g = build_game(sc, database_resolver())
    n = len(g.log)
    for i, step in enumerate(sc["steps"]):
        if "action" in step:
            g.play(make_action(g, step, f"steps[{i}]"))
    return g, [x.split("] ", 1)[1] for x in g.log[n:]]


def test_a_monster_let_go_ends_the_combat_without_a_kill_in_the_log():
    """Ann, a sex-changed male, lets the Amazon go; once Bob passes the combat closes: the log
    says it ended without a kill and counts as her victory (no Level), then her Treasure."""
    g, lines = _story("amazon_treasure_after_the_window.yaml")
    assert "Ann lets Amazon go." in lines
    end = lines.index("Nobody brought a monster back: the combat ends without a kill; it counts as a victory "
                      "for Ann (no Level for it).")
    assert lines[end + 1] == "Ann draws 1 Treasure face down."
    assert not [x for x in lines if "wins the combat" in x or " kill " in x.replace("without a kill", "")]
    assert g.state.players[0].level == 2  # no Level: the log's words are the rule's


def test_an_item_the_player_may_not_use_names_its_restriction():
    """The Shield of Ubiquity is for Warriors: a Wizard's equip is refused naming that, and
    the play button (words.action_text) says why the Shield is only carried."""
    from munchkin_lab.widgets import words

    g = build_game({"players": [{"name": "Ann", "level": 3, "hand": ["Shield of Ubiquity"], "class": "Wizard"},
                                {"name": "Bob"}],
                    "decks": {"door": ["Potted Plant"], "treasure": []}}, database_resolver())
    g = g[0] if isinstance(g, tuple) else g
    shield = g.card_ids("Shield of Ubiquity")[0]
    assert g.why_not_usable(0, shield) == "Warrior only"
    assert g.why_equip(0, shield) == "Shield of Ubiquity is restricted: Warrior only (core rules, 9. Treasures and Items)"
    plays = [words.action_text(g, a) for a in g.legal_actions(labels=False) if a.kind == "play" and a.card == shield]
    assert plays == ["Carry the item Shield of Ubiquity (+4, 1 hand, Big): Warrior only, you cannot use it now"]
