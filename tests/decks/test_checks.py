"""Mix checks on inline decks: each rule fires when it should and only then."""
from __future__ import annotations

import pytest

from munchkin_lab.decks import Deck
from munchkin_lab.decks import check_deck as _check_all
from munchkin_lab.decks.checks import SOURCES, TABLE_RULES, problems_frame


def check_deck(d, players=None):
    """The mix rules only: the tiny decks of these tests are far too small for a table
    (the pile-size rules have their own tests below)."""
    return [p for p in _check_all(d, players) if p.rule not in TABLE_RULES]


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
    few = ("warning", "room-tiles", None)  # one tile besides START (test_few_room_tiles_warn)
    assert rules(d) == [("error", "start-tile", "START"), few]
    d.add("START")
    assert rules(d) == [few]
    d.add("Rec Room")
    assert rules(d) == [("error", "sm2-rooms", "Rec Room [star_munchkin_2]"), few]
    d.remove("Brig")
    d.remove("START")
    assert check_deck(d) == []  # Room cards without tiles are fine


def test_few_room_tiles_warn(catalog):
    """Fewer than MIN_ROOM_TILES (20) tiles besides START: a warning naming the count; START
    itself is not counted."""
    d = _deck(catalog, "Elf", "Warrior", "Magic Missile", "START", "Brig")
    d.set_copies("Brig", 19)
    probs = [p for p in check_deck(d) if p.rule == "room-tiles"]
    assert [(p.level, p.card) for p in probs] == [("warning", None)]
    assert probs[0].message.startswith("only 19 room tiles besides START")
    d.set_copies("Brig", 20)
    assert [p for p in check_deck(d) if p.rule == "room-tiles"] == []
    d.remove("Brig")
    d.remove("START")
    assert check_deck(d) == []  # no tiles at all: not a Star Munchkin Adventures deck


def test_solar_storm_needs_eight_distinct_rooms(catalog):
    d = _deck(catalog, sets=["solar_storm"])
    assert check_deck(d) == []
    d.remove("Crew Quarters V1")
    assert check_deck(d) == []  # V2 keeps the name on the grid
    d.remove("Crew Quarters V2")
    probs = check_deck(d)
    # deck-wide: no card of the deck is at fault, and the missing room is not in the deck
    assert [(p.level, p.rule, p.card) for p in probs] == [("error", "solar-storm-rooms", None)]
    assert "only 7 distinct" in probs[0].message and probs[0].message.endswith("missing: Crew Quarters")
    assert str(probs[0]).startswith("error: only 7 distinct room name(s)")


def test_sparkly_good_fairy_without_fairy_dust_is_a_warning(catalog):
    # she plays without them (her kill's Fairy Dust "unless all the FD cards are gone": core
    # rulebook 001, Fairy Dust), so a mix to look at again, not one that cannot work
    d = _deck(catalog, "Elf", "Warrior", "Magic Missile", "Sparkly Good Fairy")
    fairy = "Sparkly Good Fairy [fairy_dust]"
    assert rules(d) == [("warning", "fairy-dust", fairy), ("warning", "unknown-level", fairy)]
    d.add("Pixie Sparkle")
    assert rules(d) == [("warning", "unknown-level", fairy)]  # her Level is not in our sources
    (warn,) = check_deck(d)
    assert "set her Level with the Fairy Dust rules' option" in warn.message and "'fairy_level': N" in warn.message
    d.set_option("fairy_dust.fairy_level", 12)  # her Level set for the games: nothing unknown left
    assert rules(d) == []
    d.set_option("fairy_dust.fairy_level", None)
    assert rules(d) == [("warning", "unknown-level", fairy)]


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
    d.set_copies("Snow Ghost", 2)  # two copies can join each other; Scooby-Doo's copies are
    assert rules(d) == []  # unknown (1 = at least one): no printed-copies warning
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


def _table(catalog, monsters=5, others=4, treasures=8, portals=0):
    """A Munchkin mix with ``monsters`` + ``others`` Door cards (plus Portals) and
    ``treasures`` Treasure cards."""
    d = Deck("t", catalog=catalog)
    d.add("Potted Plant", monsters)
    if others:
        d.add("Elf", others)
    d.add("Magic Missile", treasures)
    if portals:
        d.add("Creepy Cemetery Entrance", portals)
        d.add("K-Ghoul Mart")
    return d


def table_rules(d, players=None):
    return [(p.level, p.rule) for p in _check_all(d, players) if p.rule in TABLE_RULES]


def test_opening_hands_need_four_and_four_per_player_and_a_door_to_kick(catalog):
    # 2 players: 8 Door cards dealt + 1 to kick, 8 Treasure cards
    d = _table(catalog, monsters=5, others=4, treasures=8)
    assert table_rules(d, 2) == []
    d.remove("Elf", 1)
    probs = [p for p in _check_all(d, 2) if p.rule == "opening-hands"]
    assert [(p.level, p.message) for p in probs] == [("error", (
        "the Door pile has 8 cards: the opening hands of 2 players take 8 (4 each) and Kick Down the Door "
        "needs one more; add at least 1 Door card"))]
    d.add("Elf")
    d.remove("Magic Missile", 1)
    (p,) = [p for p in _check_all(d, 2) if p.rule == "opening-hands"]
    assert p.message == ("the Treasure pile has 7 cards: the opening hands of 2 players take 8 (4 each); "
                         "add at least 1 Treasure card")
    # a bigger table needs more; the default checks 2 players and warns for 6
    d.add("Magic Missile", 1)
    assert [r for r in table_rules(d, 4)] == [("error", "opening-hands"), ("error", "opening-hands")]
    (w,) = [p for p in _check_all(d) if p.rule in TABLE_RULES]
    assert (w.level, w.rule) == ("warning", "opening-hands")
    assert w.message == ("the piles (Door 9, Treasure 8) deal the opening hands of at most 2 players; "
                         "add 16 Door and 16 Treasure cards for 6 players")
    big = _table(catalog, monsters=20, others=5, treasures=24)
    assert table_rules(big) == [] and table_rules(big, 6) == []


def test_two_card_deck_cannot_be_played(catalog):
    d = _table(catalog, monsters=1, others=0, treasures=1)
    assert table_rules(d) == [("error", "opening-hands"), ("error", "opening-hands")]



def test_a_one_card_deck_reports_every_problem_in_one_run(catalog):
    """Finding 12 of the new user's session: ``deck check`` on ``1 Potted Plant`` said only
    "no Treasure cards"; the Door pile too small for the opening hands was found only after
    that fix. Each pile is checked on its own."""
    d = Deck("Tiny", catalog=catalog)
    d.add("Potted Plant")
    assert [(p.level, p.rule, p.message) for p in _check_all(d)] == [
        ("error", "door-treasure", "the mix has no Treasure cards"),
        ("error", "opening-hands", "the Door pile has 1 card: the opening hands of 2 players take 8 (4 each) "
                                   "and Kick Down the Door needs one more; add at least 8 Door cards"),
    ]
    t = Deck("Loot only", catalog=catalog)
    t.add("Magic Missile", 3)
    assert [(p.rule, p.message) for p in _check_all(t, 3)] == [
        ("door-treasure", "the mix has no Door cards"),
        ("opening-hands", "the Treasure pile has 3 cards: the opening hands of 3 players take 12 (4 each); "
                          "add at least 9 Treasure cards"),
        ("printed-copies", "3 copies, the set prints 1"),
    ]

def test_no_monster_no_winner(catalog):
    d = Deck("t", catalog=catalog)
    d.add("Elf", 3)
    d.add("Warrior", 3)
    d.add("Duck of Doom", 3)
    d.add("Magic Missile", 8)
    (p,) = [p for p in _check_all(d) if p.rule == "reach-winner"]
    assert p.level == "error" and "Level 10 is won only by killing a monster" in p.message
    assert p.source == SOURCES["reach-winner"]


def test_portals_only_door_pile_loops(catalog):
    # 9 Door cards that are not Portals: enough for 2 players, not for 3
    d = _table(catalog, monsters=5, others=4, treasures=24, portals=4)
    assert table_rules(d, 2) == []
    probs = [p for p in _check_all(d, 3) if p.rule in TABLE_RULES]
    assert [(p.level, p.rule) for p in probs] == [("error", "door-turn")]
    assert "only 9 Door cards that are not a Portal" in probs[0].message
    assert "add at least 4 Door cards that are not Portals" in probs[0].message
    (w,) = [p for p in _check_all(d) if p.rule in TABLE_RULES]
    assert (w.level, w.rule) == ("warning", "door-turn") and "more than 2 players" in w.message


def test_cards_of_two_games(catalog):
    d = _table(catalog, monsters=20, others=5, treasures=24)
    d.add_set("solar_storm")
    probs = [p for p in _check_all(d) if p.rule == "one-game"]
    assert [(p.level, p.card) for p in probs] == [("error", None)]
    assert probs[0].message.startswith("49 Munchkin cards and 17 Solar Storm rooms in one deck")


def test_unknown_and_ignored_piles(catalog):
    d = _table(catalog, monsters=20, others=5, treasures=24)
    d.set_pile("Elf", "door_tpo")
    d.set_pile("Magic Missile", "door_top")
    got = [(p.level, p.rule, p.card) for p in _check_all(d) if p.rule in ("unknown-pile", "pile-ignored")]
    assert got == [("error", "unknown-pile", "Elf [munchkin]"), ("warning", "pile-ignored", "Magic Missile [munchkin]")]
    assert "did you mean 'door_top'?" in _check_all(d)[0].message


def test_players_are_checked(catalog):
    d = _table(catalog)
    for bad in (1, 7, True, "4"):
        with pytest.raises(ValueError, match="players: a Munchkin game seats 2 to 6 players"):
            _check_all(d, bad)
    s = Deck("s", catalog=catalog)
    s.add_set("solar_storm")
    assert _check_all(s, 1) == [] and _check_all(s, 4) == []
    with pytest.raises(ValueError, match="a Solar Storm game seats 1 to 4"):
        _check_all(s, 5)


def test_half_breed_kin_found_by_their_effect_short_or_long():
    """A designer's Half-Breed / Super Munchkin under another name is found by the effect the
    engine runs (``half_breed`` / ``super_munchkin``), short form or an op of an ability."""
    from munchkin_lab.decks.checks import needs_classes, needs_races
    from munchkin_lab.engine.cards import CardSpec

    short = CardSpec(key="designer:Mongrel", set="designer", name="Mongrel", kind="special", deck="door", effects={"half_breed": True})
    long_ = CardSpec(key="designer:Mutt", set="designer", name="Mutt", kind="special", deck="door", effects={"abilities": [
        {"when": "played", "who": "owner", "do": [{"half_breed": True}]}]})
    boss = CardSpec(key="designer:Overachiever", set="designer", name="Overachiever", kind="special", deck="door", effects={"super_munchkin": True})
    plain = CardSpec(key="designer:Plain", set="designer", name="Plain", kind="special", deck="door", effects={"wandering_monster": True})
    assert [needs_races(c) for c in (short, long_, boss, plain)] == [True, True, False, False]
    assert [needs_classes(c) for c in (short, long_, boss, plain)] == [False, False, True, False]


def test_an_item_no_card_of_the_mix_lets_anyone_use_is_warned(mini):
    """An Elf-only Item in a mix without the Elf, a Cleric's Item without the Cleric (priest is
    the Cleric), an Item for anyone with a Race in a mix without Races: nobody can use them, a
    warning naming the Item and what is missing. With the Race or Class in the mix, or one atom
    anyone can meet (a gender, human), nothing is said; a Cheat! in the mix is named."""
    from munchkin_lab.decks import Catalog

    mini_cards, _c = mini

    m = "munchkin"
    extra = [(_c(m, "Bow With Ribbons", "item", "treasure", bonus=4, slot="two_hands", gold=800,
                 usable_by=["race:elf"]), 1),
             (_c(m, "Cheese Grater of Peace", "item", "treasure", bonus=3, slot="one_hand", gold=400,
                 usable_by=["class:priest"]), 1),
             (_c(m, "Pointy Stick", "item", "treasure", bonus=1, slot="one_hand", gold=100,
                 usable_by=["has_race"]), 1),
             (_c(m, "Pink Ribbon", "item", "treasure", bonus=1, slot="headgear", gold=100,
                 usable_by=["race:elf", "gender:female"]), 1),
             (_c(m, "Cheat!", "special", "treasure", effects={"cheat": True}), 1),
             (_c(m, "Cleric", "class", "door"), 1)]
    cat = Catalog(mini_cards() + extra)
    d = _deck(cat, "Warrior", "Potted Plant", "Bow With Ribbons", "Cheese Grater of Peace", "Pointy Stick",
              "Pink Ribbon")
    got = [p for p in check_deck(d) if p.rule == "unusable-item"]
    assert [(p.level, p.card, p.message) for p in got] == [
        ("warning", "Bow With Ribbons [munchkin]", "usable only with a Race card Elf, and the mix has none: "
                                                   "nobody can use it; add it or leave the card out"),
        ("warning", "Cheese Grater of Peace [munchkin]", "usable only with a Class card Cleric, and the mix has "
                                                         "none: nobody can use it; add it or leave the card out"),
        ("warning", "Pointy Stick [munchkin]", "usable only with any Race card, and the mix has none: nobody "
                                               "can use it; add it or leave the card out")]
    assert got[0].source == SOURCES["unusable-item"]
    d.add("Cheat!")
    assert all(p.message.endswith("nobody can use it except with a Cheat! card; add it or leave the card out")
               for p in check_deck(d) if p.rule == "unusable-item")
    d.add("Elf")
    d.add("Cleric")
    assert [p for p in check_deck(d) if p.rule == "unusable-item"] == []


def test_mixing_rules_on_the_real_sets(real_url):
    """mixing_rules.md, checked on the shipped sets: a Scooby-Doo-only mix (Classes, no Races)
    holding Half-Breed is warned about it, not about its Classes' Super Munchkin; the Race- and
    Class-only Items of the core set are warned about in a mix without their Race or Class and
    not in the core set itself."""
    from munchkin_lab.decks import Deck

    d = Deck("scooby", url=real_url)
    d.add_set("scooby_doo")
    d.add("Half-Breed", set="munchkin")
    found = [(p.rule, p.card) for p in check_deck(d) if p.level == "warning" and p.rule != "door-turn"]
    assert found == [("needs-races", "Half-Breed [munchkin]"), ("unknown-level", "Funland Robot [scooby_doo]"),
                     ("unknown-level", "Wolfman [scooby_doo]")]  # their Levels are null in our data
    base = Deck("base", url=real_url)
    base.add_set("munchkin")
    assert [p for p in check_deck(base) if p.rule == "unusable-item"] == []
    d.add("Bow With Ribbons")
    d.add("Hammer of Kneecapping")
    warned = {p.card: p.message for p in check_deck(d) if p.rule == "unusable-item"}
    assert warned == {
        "Bow With Ribbons [munchkin]": "usable only with a Race card Elf, and the mix has none: nobody can use it "
                                       "except with a Cheat! card; add it or leave the card out",
        "Hammer of Kneecapping [munchkin]": "usable only with a Race card Dwarf, and the mix has none: nobody can "
                                            "use it except with a Cheat! card; add it or leave the card out"}


def test_a_monster_of_unknown_level_is_warned_about(mini):
    """A new user's finding: Wolfman (Level null) played as Level 0 in simulations, unsaid."""
    from munchkin_lab.decks import Catalog

    cards, c = mini
    cat = Catalog(cards() + [(c("scooby_doo", "Wolfman", "monster", "door", level=None), 1)])
    d = _deck(cat, "Elf", "Warrior", "Potted Plant", "Magic Missile")
    assert check_deck(d) == []
    d.add("Wolfman")
    probs = check_deck(d)
    assert [(p.level, p.rule, p.card) for p in probs] == [("warning", "unknown-level", "Wolfman [scooby_doo]")]
    assert "Level is unknown" in probs[0].message and "Level 0" in probs[0].message
    assert d.specs()[-1][0].level is None  # nothing invented: still unknown


def test_printed_copies_not_for_a_designer_set_nor_unknown_copies(mini):
    """A designer's own set prints nothing; Scooby-Doo's ``copies: 1`` means "at least one"."""
    from munchkin_lab.decks import Catalog, SetInfo
    from munchkin_lab.decks.checks import COPIES_UNKNOWN_SETS

    cards, c = mini
    boots = c("bog_fan", "Swamp Boots", "item", "treasure", bonus=1)
    cat = Catalog(cards() + [(boots, 1)], sets={"bog_fan": SetInfo("bog_fan", origin="designer")})
    d = _deck(cat, "Elf", "Warrior", "Potted Plant", "Magic Missile")
    d.add("Swamp Boots", 3)
    d.add("Ghost Clown", 2)
    assert check_deck(d) == []
    d.add("Magic Missile", 2)  # a shipped set with known copies still warns
    assert rules(d) == [("warning", "printed-copies", "Magic Missile [munchkin]")]
    assert COPIES_UNKNOWN_SETS == {"scooby_doo", "star_munchkin"}


@pytest.mark.parametrize("code", ["scooby_doo", "star_munchkin"])
def test_the_sets_whose_copies_are_unknown_say_so(code):
    from pathlib import Path

    import yaml

    doc = yaml.safe_load((Path(__file__).parents[2] / "database" / "sets" / f"{code}.yaml").read_text())
    assert "1 = at least one" in " ".join(doc["set"]["notes"].split())
