"""A new user's findings: `deck check` was silent about designer card effects that can do
nothing in the mix checked - a draw from the Dungeon deck in a mix without Dungeons, room ops
without room tiles, `transfer_fighter` on a Curse that may hit out of a combat. The rule
``effect-does-nothing`` names the card, the op (or trigger, target, condition) and why, and
says what to do. What each construct needs is the effect language's own table (``needs`` in
``engine/lang/vocab.py``); the shipped printed cards give no such warning in the presets."""
from __future__ import annotations

import pytest

from munchkin_lab.decks import Catalog, Deck
from munchkin_lab.decks.checks import SOURCES, check_deck
from munchkin_lab.engine.cards import DECKS, KINDS, SLOTS, CardSpec
from munchkin_lab.engine.lang.vocab import (ATOMS, CORE_DECKS, DECK_NAMES, NEEDS, OPS, TARGETS,
                                            TRIGGERS)

BASE = ("Elf", "Warrior", "Potted Plant", "Magic Missile")


def _designer(name, kind, effects, **kw):
    deck = "treasure" if kind in ("item", "one_shot") else "door"
    return CardSpec(key=f"designer:{name}", set="designer", name=name, kind=kind, deck=deck,
                    effects=effects, **kw), 1


def _mix(mini, extra, *names):
    cards, _c = mini
    d = Deck("t", catalog=Catalog(cards() + list(extra)))
    for n in BASE + names:
        d.add(n)
    return d


def idle(d):
    return [(p.card, p.message) for p in check_deck(d) if p.rule == "effect-does-nothing"]


def test_a_draw_from_the_dungeon_deck_without_dungeons(mini):
    ghoul = _designer("Mystery Ghoul", "monster", {"bad_stuff": [{"draw": "dungeon", "count": 2}]},
                      level=4, treasures=1, levels_gained=1)
    d = _mix(mini, [ghoul], "Mystery Ghoul")
    assert idle(d) == [(
        "Mystery Ghoul [designer]",
        "its op `draw: dungeon` (bad_stuff, when caught) can do nothing in this mix: it acts on the Dungeons: "
        "the Dungeon deck and the Dungeons in play (Scooby-Doo rules, Dungeons and Portals), and the mix has no "
        "Dungeon cards; add Dungeon cards (set scooby_doo; the scooby_doo rules module plays them) or change "
        "the card")]
    p = [p for p in check_deck(d) if p.rule == "effect-does-nothing"][0]
    assert (p.level, p.source) == ("warning", SOURCES["effect-does-nothing"])
    d.add("K-Ghoul Mart")  # the Dungeon deck: the draw can do something
    assert idle(d) == []


def test_room_ops_without_room_tiles(mini):
    airlock = _designer("Airlock", "curse", {"ops": [{"move": "start"}, {"destroy_rooms": "adjacent"}]})
    d = _mix(mini, [airlock], "Airlock")
    tail = ("can do nothing in this mix: it acts on room tiles on the grid (SMA rules, Movement and Entering "
            "Rooms), and the mix has no room tiles; add room tiles (set star_munchkin_adventures; the rooms "
            "rules module plays them) or change the card")
    assert idle(d) == [("Airlock [designer]", f"its op `move: start` (ops, when hits) {tail}"),
                       ("Airlock [designer]", f"its op `destroy_rooms: adjacent` (ops, when hits) {tail}")]
    d.add("START")
    d.add("Brig")
    assert idle(d) == []


def test_a_combat_only_op_on_a_curse_that_may_hit_out_of_a_combat(mini):
    swap = _designer("Swap Places", "curse", {"ops": [{"transfer_fighter": True}]})
    guarded = _designer("Swap In Combat", "curse", {"abilities": [
        {"when": "hits", "if": "in_combat", "do": [{"transfer_fighter": True}]}]})
    fallback = _designer("Swap Or Lose", "curse", {"ops": [{"transfer_fighter": True, "else": [{"lose_levels": 1}]}]})
    potion = _designer("Swap Potion", "one_shot", {"transfer_fighter": True})  # played in a combat: fine
    d = _mix(mini, [swap, guarded, fallback, potion], "Swap Places", "Swap In Combat", "Swap Or Lose", "Swap Potion")
    assert idle(d) == [(
        "Swap Places [designer]",
        "its op `transfer_fighter` (ops, when hits) can do nothing when it fires out of a combat (a Curse kicked "
        "open, or played between combats): it needs a combat going on (core rules, 7. Combat); limit the "
        "ability with `if: in_combat`, give the op an `else` (what happens instead), or change the card (a "
        "One-Shot played in a combat)")]


def test_a_combat_only_target_out_of_a_combat_and_guarded_by_an_if(mini):
    """An op on the fighter or on the monsters (a lasting one too) in a Curse's `hits` has
    nobody to act on out of a combat; inside an `if` that holds only in a combat it is fine."""
    curse = _designer("Fighter Tax", "curse", {"ops": [{"lose_levels": 1, "who": "fighter"}]})
    safe = _designer("Safe Tax", "curse", {"ops": [{"if": "in_combat", "then": [{"lose_levels": 1, "who": "fighter"}]}]})
    rally = _designer("Monster Rally", "curse", {"ops": [{"combat_strength": 3, "who": "monsters", "for": "this_combat"}]})
    d = _mix(mini, [curse, safe, rally], "Fighter Tax", "Safe Tax", "Monster Rally")
    assert [(c, m.split(" can do")[0]) for c, m in idle(d)] == [
        ("Fighter Tax [designer]", "its op `levels: -1` on `fighter` (ops, when hits)"),
        ("Monster Rally [designer]", "its op `combat_strength: 3` on `monsters` (ops, when hits)")]


def test_a_condition_and_a_trigger_on_a_part_the_mix_lacks(mini):
    cards, c = mini
    hog = _designer("Road Hog", "monster", {"bonus_vs": [{"if": "riding", "bonus": 3}]},
                    level=6, treasures=2, levels_gained=1)
    haunt = _designer("Haunted Aisle", "curse", {"abilities": [
        {"when": "revealed", "do": [{"levels": -1}]},
        {"when": "hits", "do": [{"if": "dungeon:K-Ghoul Mart", "then": [{"lose_levels": 1}]}]}]})
    van = (c("scooby_doo", "Mystery Van", "item", "treasure", bonus=2, slot="vehicle", big=True, gold=500), 1)
    d = _mix(mini, [hog, haunt, van], "Road Hog", "Haunted Aisle")
    assert idle(d) == [
        ("Road Hog [designer]", "its condition `riding` (bonus_vs[0], when in_play) can never hold in this mix: it "
                                "needs a Vehicle (Scooby-Doo rules, Treasures: Vehicles), and the mix has no "
                                "Vehicles; add Vehicles (set scooby_doo) or change the card"),
        ("Haunted Aisle [designer]", "its `when: revealed` (abilities[0]) never comes in this mix: it needs the "
                                     "Dungeons: the Dungeon deck and the Dungeons in play (Scooby-Doo rules, Dungeons "
                                     "and Portals), and the mix has no Dungeon cards; add Dungeon cards (set "
                                     "scooby_doo; the scooby_doo rules module plays them) or change the card"),
        ("Haunted Aisle [designer]", "its condition `dungeon:k-ghoul mart` (abilities[1], when hits) can never hold "
                                     "in this mix: it needs the Dungeons: the Dungeon deck and the Dungeons in play "
                                     "(Scooby-Doo rules, Dungeons and Portals), and the mix has no Dungeon cards; add "
                                     "Dungeon cards (set scooby_doo; the scooby_doo rules module plays them) or "
                                     "change the card")]
    d.add("Mystery Van")
    d.add("K-Ghoul Mart")
    assert idle(d) == []


def test_an_op_with_an_else_says_what_happens_instead(mini):
    """Major Fender Bender's shape (Scooby-Doo rules 002, Curses): the Vehicle, else the
    Footgear, else a Level - correct in a mix without Vehicles, so not reported."""
    bender = _designer("Fender Bender", "curse", {"ops": [
        {"lose_item": "vehicle", "else": [{"lose_item": "footgear", "else": [{"lose_levels": 1}]}]}]})
    bare = _designer("Bare Bender", "curse", {"ops": [{"lose_item": "vehicle"}]})
    d = _mix(mini, [bender, bare], "Fender Bender", "Bare Bender")
    assert [c for c, _m in idle(d)] == ["Bare Bender [designer]"]


def test_what_each_construct_needs_is_the_languages_table():
    """Every ``needs`` of the vocabulary names a part of :data:`NEEDS`, and every part but
    ``combat`` is a card kind, pile or slot (what a mix holds); ``draw`` needs each pile of
    the language's decks beyond the core's, and those are the rules modules' extra decks."""
    from munchkin_lab.engine.rules import MODULES, select_modules

    select_modules(set())
    named = set()
    for table in (OPS, TRIGGERS, TARGETS, ATOMS):
        for d in table.values():
            need = d.needs
            named |= set(need.values()) if isinstance(need, dict) else ({need} - {""})
    assert named == set(NEEDS)
    assert set(NEEDS) - {"combat"} <= set(KINDS) | set(DECKS) | set(SLOTS)
    extra = {d for cls in MODULES.values() for d in cls.extra_decks if d in DECK_NAMES}
    assert OPS["draw"].needs == {d: d for d in DECK_NAMES if d not in CORE_DECKS}
    assert set(OPS["draw"].needs) == extra == {"dungeon", "fairy_dust"}


@pytest.fixture(scope="module")
def real_decks(real_url):
    from munchkin_lab.decks import load_preset
    from munchkin_lab.decks.catalog import Catalog as Cat
    from munchkin_lab.decks.presets import list_presets

    cat = Cat.from_database(real_url)
    decks = {name: load_preset(name, catalog=cat) for name in list_presets()}
    nb = Deck("Scooby-Doo + Fairy Dust", catalog=cat)  # notebooks 02 and 06
    for code in ("munchkin", "scooby_doo", "fairy_dust"):
        nb.add_set(code)
    decks[nb.name] = nb
    for code in cat.set_codes():
        one = Deck(code, catalog=cat)
        one.add_set(code)
        decks[f"set {code}"] = one
    return decks


def test_the_printed_presets_and_sets_give_none(real_decks):
    assert {"base", "base_scooby_dungeons", "star_munchkin_adventures", "solar_storm",
            "Scooby-Doo + Fairy Dust", "set scooby_doo"} <= set(real_decks)
    for name, d in real_decks.items():
        assert [str(p) for p in check_deck(d) if p.rule == "effect-does-nothing"] == [], name
