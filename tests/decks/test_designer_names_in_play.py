"""A deck with a designer's own Class and Race and cards restricted to them or naming them
(a new user's report: ``class:buccaneer``, ``race:merfolk``): the cards are saved, the deck
check finds nothing wrong, the engine matches the designer Class by its card, and the
simulation plays the mix."""
from __future__ import annotations

from munchkin_lab.cards import designer as D
from munchkin_lab.decks import Deck, check_deck

SEA = [
    {"name": "Buccaneer", "kind": "class", "deck": "door"},
    {"name": "Merfolk", "kind": "race", "deck": "door"},
    {"name": "Pirate Staff", "kind": "item", "deck": "treasure", "slot": "one_hand", "bonus": 5, "gold": 600,
     "usable_by": ["class:buccaneer"]},
    {"name": "Trident", "kind": "item", "deck": "treasure", "slot": "one_hand", "bonus": 3, "gold": 400,
     "usable_by": ["race:merfolk"]},
    {"name": "Reef Shark", "kind": "monster", "deck": "door", "level": 4, "treasures": 1,
     "effects": {"bonus_vs": [{"if": "class:buccaneer", "bonus": 2}], "bad_stuff": [{"lose_levels": 1}]}},
]


def _sea_deck(url: str) -> Deck:
    D.create_set("sea", "Sea", url=url)
    assert [s.key for s in D.add_cards(SEA, "sea", url=url)] == [f"sea:{c['name']}" for c in SEA]
    deck = Deck("Sea mix", url=url)
    deck.add_set("munchkin")
    deck.add_set("sea")
    deck.save()
    return Deck.load("Sea mix", url=url)


def test_a_deck_with_a_designer_class_is_checked_played_and_simulated(fresh_sqlite):
    from munchkin_lab.scenarios.runner import build_game, database_resolver, make_action
    from munchkin_lab.sim.simulate import simulate

    deck = _sea_deck(fresh_sqlite)
    assert check_deck(deck) == []
    resolve = database_resolver(url=fresh_sqlite)
    strength = {}
    for cls in ("Buccaneer", "Wizard"):
        sc = {"name": "shark", "players": [{"name": "P1", "level": 3, "class": cls}, {"name": "P2"}],
              "decks": {"door": ["Reef Shark"], "treasure": []}, "active": "P1", "phase": "start", "steps": []}
        g = build_game(sc, resolve)
        g = g[0] if isinstance(g, tuple) else g
        g.play(make_action(g, {"actor": "P1", "action": "kick"}, "kick"))
        strength[cls] = g.state_dict()["combat"]["monster_strength"]
    assert strength == {"Buccaneer": 6, "Wizard": 4}  # Level 4, +2 against a Buccaneer
    res = simulate(deck, players=4, games=4, workers=1, progress=False, url=fresh_sqlite)
    assert len(res.games) == 4


def test_a_scenario_inline_card_may_name_a_designer_sets_race(fresh_sqlite, tmp_path):
    """A scenario whose inline Item is for the designer Race Merfolk (a card of the database,
    not of the shipped sets) is checked against the names the database knows: it loads, and the
    Merfolk player's combat strength counts the Item; a misspelt Race is still refused."""
    from munchkin_lab.scenarios.runner import database_resolver, run_file

    _sea_deck(fresh_sqlite)
    path = tmp_path / "coral.yaml"

    def write(race: str) -> None:
        path.write_text(
            "name: a designer Race's Item in a scenario\n"
            "rule: \"core rules, 9. Treasures and Items (an Item usable by one Race only)\"\n"
            "cards:\n"
            f"  - {{name: Coral Blade, kind: item, deck: treasure, slot: one_hand, bonus: 4, gold: 400, "
            f"usable_by: ['race:{race}']}}\n"
            "players:\n"
            "  - {name: Ann, level: 3, race: Merfolk, equipped: [Coral Blade]}\n"
            "  - {name: Bob, level: 2}\n"
            "decks: {door: [Reef Shark], treasure: []}\n"
            "steps:\n"
            "  - {actor: Ann, action: kick}\n"
            "expect: {combat.munchkin_strength: 7}\n", encoding="utf-8")

    write("merfolk")
    result = run_file(path, database_resolver(url=fresh_sqlite))
    assert result.ok, result
    write("merfok")
    result = run_file(path, database_resolver(url=fresh_sqlite))
    assert not result.ok and "unknown race 'merfok' (did you mean 'Merfolk'?)" in result.message, result
