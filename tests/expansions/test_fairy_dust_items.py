"""A Fairy Dust card with a value is an Item (Munchkin Fairy Dust rules, Getting Fairy Dust
Cards) for the engine's state-based checks too."""
from __future__ import annotations

from munchkin_lab.scenarios.runner import build_game, database_resolver


def test_a_dust_headgear_in_use_fills_the_headgear_slot_for_the_state_checks():
    """Munchkin Fairy Dust rules: Fairy Dust with a value is an Item, so it takes its slot like
    any Item (core rules, 9. Treasures and Items: one headgear). Two headgear in use with no
    card allowing it - here put there by hand - asks the player which one to carry (the
    state-based check 3); the check counted only cards of the kind item."""
    sc = {"options": {"modules": ["fairy_dust"]},
          "cards": [{"name": "Dust Crown", "kind": "fairy_dust", "deck": "fairy_dust", "gold": 300,
                     "slot": "headgear", "bonus": 2}],
          "players": [{"name": "Ann", "level": 3, "equipped": ["Dust Crown"], "carried": ["Helm of Courage"]},
                      {"name": "Bob"}]}
    g = build_game(sc, database_resolver())
    p = g.state.players[0]
    assert g._slot_excess(0) == ()
    helm = g.card_ids("Helm of Courage")[0]
    p.carried.remove(helm)
    p.equipped.append(helm)
    g._sba_full = True
    g._state_checks()
    assert [(d["why"], d["player"]) for d in g.state.pending] == [("sideways", 0)]
    assert g.name(g._slot_excess(0)[0]) == "Dust Crown"


def test_a_dust_item_worth_enough_is_offered_to_buy_a_monster_off():
    """A monster bought off with an Item worth 200 Gold or more (Floating Nose): the legal
    actions offer a Fairy Dust Item worth enough, as the rule accepts it (Munchkin Fairy Dust
    rules: Fairy Dust with a value is an Item); the offer listed cards of the kinds item and
    One-Shot only."""
    from pathlib import Path

    from munchkin_lab.scenarios.runner import load_scenario, make_action
    sc = load_scenario(Path(__file__).resolve().parents[1] / "scenarios" / "fairy_dust"
                       / "monster_bought_off_with_a_dust_item.yaml")
    g = build_game(sc, database_resolver())
    g.play(make_action(g, sc["steps"][0], "kick"))
    offered = sorted(g.name(a.card) for a in g.legal_actions() if a.kind == "evade" and a.card >= 0)
    assert offered == ["Dust Ring"], offered  # (the Pin, worth 100, is not enough)
