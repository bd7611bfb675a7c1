"""Mix checks on inline decks: each rule fires when it should and only then."""
from __future__ import annotations

from munchkin_lab.decks import Deck, check_deck
from munchkin_lab.decks.checks import SOURCES, problems_frame


def _deck(catalog, *names, sets=()):
    d = Deck("t", catalog=catalog)
    for code in sets:
        d.add_set(code)
    for n in names:
        d.add(n)
    return d


def rules(d):
    return [(p.level, p.rule, p.card) for p in check_deck(d)]


def test_clean_mix_has_no_problems(catalog):
    d = _deck(catalog, "Elf", "Warrior", "Potted Plant", "Magic Missile")
    assert check_deck(d) == []


def test_no_door_or_no_treasure(catalog):
    assert rules(_deck(catalog, "Magic Missile")) == [("error", "door-treasure", None)]
    assert rules(_deck(catalog, "Potted Plant")) == [("error", "door-treasure", None)]
    msgs = [p.message for p in check_deck(_deck(catalog, "K-Ghoul Mart"))]
    assert msgs == ["the mix has no Door cards", "the mix has no Treasure cards"]
    # a Solar Storm-only deck is not a Munchkin mix
    assert check_deck(_deck(catalog, sets=["solar_storm"])) == []


def test_dungeon_deck_needed(catalog):
    d = _deck(catalog, "Elf", "Warrior", "Magic Missile", "Creepy Cemetery Entrance")
    assert rules(d) == [("error", "dungeon-deck", "Creepy Cemetery Entrance [scooby_doo]")]
    d.add("K-Ghoul Mart")
    assert check_deck(d) == []


def test_start_tile_and_sm2_rooms(catalog):
    d = _deck(catalog, "Elf", "Warrior", "Magic Missile", "Brig")
    assert rules(d) == [("error", "start-tile", "START")]
    d.add("START")
    assert check_deck(d) == []
    d.add("Rec Room")
    assert rules(d) == [("error", "sm2-rooms", "Rec Room [star_munchkin_2]")]
    d.remove("Brig")
    d.remove("START")
    assert check_deck(d) == []  # Room cards without tiles are fine


def test_solar_storm_needs_eight_distinct_rooms(catalog):
    d = _deck(catalog, sets=["solar_storm"])
    assert check_deck(d) == []
    d.remove("Crew Quarters V1")
    assert check_deck(d) == []  # V2 keeps the name on the grid
    d.remove("Crew Quarters V2")
    probs = check_deck(d)
    assert [(p.level, p.rule, p.card) for p in probs] == [("error", "solar-storm-rooms", "Crew Quarters")]
    assert "only 7 distinct" in probs[0].message


def test_sparkly_good_fairy_needs_fairy_dust(catalog):
    d = _deck(catalog, "Elf", "Warrior", "Magic Missile", "Sparkly Good Fairy")
    assert rules(d) == [("error", "fairy-dust", "Sparkly Good Fairy [fairy_dust]")]
    d.add("Pixie Sparkle")
    assert check_deck(d) == []


def test_half_breed_and_super_munchkin_warnings(catalog):
    d = _deck(catalog, "Potted Plant", "Magic Missile", "Half-Breed", "Super Munchkin")
    assert rules(d) == [("warning", "needs-races", "Half-Breed [munchkin]"),
                        ("warning", "needs-classes", "Super Munchkin [munchkin]")]
    d.add("Elf")
    d.add("Ghost Hunters")
    assert check_deck(d) == []


def test_printed_copies_warning(catalog):
    d = _deck(catalog, "Warrior", "Magic Missile", "Potted Plant")
    d.add("Elf", 4)
    assert rules(d) == [("warning", "printed-copies", "Elf [munchkin]")]
    assert "4 copies, the set prints 3" in check_deck(d)[0].message


def test_single_joinable_monster_warning(catalog):
    d = _deck(catalog, "Elf", "Warrior", "Magic Missile", "Snow Ghost", "Mr. Bones", "King Tut")
    assert rules(d) == [("warning", "joinable-tag", "Snow Ghost [scooby_doo]")]
    d.set_copies("Snow Ghost", 2)  # two copies can join each other (beyond the printed count)
    assert rules(d) == [("warning", "printed-copies", "Snow Ghost [scooby_doo]")]
    d.set_copies("Snow Ghost", 1)
    d.add("Ghost Clown")
    assert check_deck(d) == []


def test_errors_first_and_every_problem_names_its_source(catalog):
    d = _deck(catalog, "Half-Breed", "Snow Ghost", "Creepy Cemetery Entrance")
    probs = check_deck(d)
    levels = [p.level for p in probs]
    assert levels == sorted(levels, key=lambda lv: lv != "error")
    assert all(p.source == SOURCES[p.rule] and p.source for p in probs)
    df = problems_frame(probs)
    assert list(df.columns) == ["level", "card", "rule", "message", "source"] and len(df) == len(probs)
    assert "[dungeon-deck;" in str(probs[1]) or any("[dungeon-deck;" in str(p) for p in probs)


def test_empty_deck_is_an_error(catalog):
    d = Deck("empty", catalog=catalog)
    assert [p.message for p in check_deck(d)] == ["the mix has no Door cards", "the mix has no Treasure cards"]
    assert rules(d) == [("error", "door-treasure", None), ("error", "door-treasure", None)]


def test_ghosts_alone_need_no_dungeon_deck(catalog):
    d = _deck(catalog, "Elf", "Warrior", "Magic Missile", "Snow Ghost", "Ghost Clown")
    assert check_deck(d) == []
