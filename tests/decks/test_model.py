"""Deck model on an inline catalog: building, modules, options, specs."""
from __future__ import annotations

import pytest

from munchkin_lab.decks import AmbiguousCardError, Deck, DeckError, UnknownCardError, derive_modules


def test_add_by_name_alias_key_and_copies(catalog):
    d = Deck("t", catalog=catalog)
    d.add("Potted Plant", 2)
    d.add("doniczkowa roślina")           # alias, case-folded
    d.add("Net Troll")                     # alias
    d.add("munchkin:King Tut")             # key
    assert d.copies("munchkin:Potted Plant") == 3
    assert d.copies("munchkin:Forum Troll") == 1
    assert d.copies("munchkin:King Tut") == 1
    assert d.size == 5 and len(d) == 3


def test_add_query_adds_every_match(catalog):
    d = Deck("t", catalog=catalog)
    added = d.add("tag:ghost", copies=2)
    assert sorted(s.name for s in added) == ["Ghost Clown", "Snow Ghost"]
    assert d.size == 4
    d.add("tag:undead", set="munchkin")
    assert d.copies("munchkin:Mr. Bones") == 1


def test_unknown_and_ambiguous(catalog):
    d = Deck("t", catalog=catalog)
    with pytest.raises(UnknownCardError) as e:
        d.add("Poted Plant")
    assert "Potted Plant [munchkin]" in e.value.suggestions
    with pytest.raises(AmbiguousCardError) as e:
        d.add("Wandering Monster")
    assert set(e.value.candidates) == {"Wandering Monster [munchkin]", "Wandering Monster [scooby_doo]"}
    d.add("Wandering Monster", set="scooby_doo")
    assert d.copies("scooby_doo:Wandering Monster") == 1
    with pytest.raises(UnknownCardError):
        d.add("tag:nosuchtag")


@pytest.mark.parametrize("bad", [0, -1, 1.5, "2", True])
def test_bad_copies(catalog, bad):
    d = Deck("t", catalog=catalog)
    with pytest.raises(DeckError):
        d.add("Potted Plant", bad)


def test_remove_set_copies_merge(catalog):
    d = Deck("a", catalog=catalog)
    d.add("Potted Plant", 3)
    d.remove("Potted Plant", 1)
    assert d.copies("munchkin:Potted Plant") == 2
    d.remove("Potted Plant")
    assert "munchkin:Potted Plant" not in d
    with pytest.raises(DeckError):
        d.remove("Potted Plant")
    d.set_copies("Elf", 5)
    assert d.copies("munchkin:Elf") == 5
    d.set_copies("Elf", 0)
    assert len(d) == 0
    b = Deck("b", catalog=catalog, options={"faster_play": True})
    b.add("Elf", 2)
    d.add("Elf", 1)
    d.merge(b)
    assert d.copies("munchkin:Elf") == 3 and d.options["faster_play"] is True


def test_add_set_uses_printed_copies(catalog):
    d = Deck("t", catalog=catalog)
    d.add_set("munchkin")
    assert d.copies("munchkin:Elf") == 3
    assert d.size == 1 + 1 + 1 + 1 + 1 + 3 + 2 + 3 + 2 + 3 + 4
    with pytest.raises(DeckError, match="munchkin"):
        d.add_set("munchkn")


def test_modules_derived_and_overridden(catalog):
    d = Deck("t", catalog=catalog)
    d.add_set("munchkin")
    assert d.modules == ()
    d.add("Sparkly Good Fairy")
    assert d.modules == ("fairy_dust",)
    d.add("Creepy Cemetery Entrance")
    assert d.modules == ("fairy_dust", "dungeons")
    d.set_module("fairy_dust", False)
    d.set_module("rooms", True)
    assert d.modules == ("dungeons", "rooms")
    d.set_module("rooms", None)
    assert d.modules == ("dungeons",)
    with pytest.raises(DeckError):
        d.set_module("space", True)
    with pytest.raises(DeckError):
        d.set_option("slow_play", True)
    d2 = Deck("s", catalog=catalog)
    d2.add_set("solar_storm")
    d2.add_set("star_munchkin_adventures")
    assert d2.modules == ("rooms", "solar_storm")
    assert derive_modules([]) == ()


def test_specs_are_what_the_engine_takes(catalog):
    d = Deck("t", catalog=catalog)
    d.add("Potted Plant", 2)
    d.add("Magic Missile", pile="door_top")
    pairs = d.specs()
    assert [(s.key, n) for s, n in pairs] == [("munchkin:Potted Plant", 2), ("munchkin:Magic Missile", 1)]
    assert d.piles() == {"munchkin:Magic Missile": "door_top"}
    with pytest.raises(DeckError):
        d.add("Elf", pile="Top Of Deck")


def test_equality_and_copy(catalog):
    d = Deck("t", catalog=catalog)
    d.add("Elf", 2)
    c = d.copy()
    assert c == d
    c.add("Elf")
    assert c != d


@pytest.mark.parametrize("name", ["", "   ", "a#b", "two\nlines", None, "My\tmix", "bell\x07", "para\u2029graph"])
def test_bad_deck_names(catalog, name):
    with pytest.raises(DeckError):
        Deck(name, catalog=catalog)


def test_a_deck_name_with_a_tab_says_why(catalog):
    with pytest.raises(DeckError, match=r"bad deck name 'My\\tmix': it holds a control character \('\\t'\)"):
        Deck("My\tmix", catalog=catalog)
    assert Deck("  Tri mix – Ünïcode ok  ", catalog=catalog).name == "Tri mix – Ünïcode ok"


def test_copies_and_deck_size_are_bounded(catalog):
    from munchkin_lab.decks.model import MAX_CARDS, MAX_COPIES

    d = Deck("b", catalog=catalog)
    for bad in (10**12, MAX_COPIES + 1):
        with pytest.raises(DeckError, match=f"copies must be at most {MAX_COPIES}"):
            d.add("Elf", bad)
    d.add("Elf", MAX_COPIES)
    with pytest.raises(DeckError, match="would have 101 copies"):
        d.add("Elf")
    assert d.copies("munchkin:Elf") == MAX_COPIES  # nothing changed
    with pytest.raises(DeckError, match="at most 100"):
        d.set_copies("Elf", 101)
    from munchkin_lab.decks import Catalog
    from munchkin_lab.engine.cards import CardSpec

    wide = Catalog.from_specs([CardSpec.make(set="w", name=f"Card {i}", kind="monster", deck="door", level=1)
                               for i in range(60)])
    big = Deck("c", catalog=wide)
    for i in range(49):
        big.add(f"Card {i}", MAX_COPIES)
    big.add("Card 49", 40)
    assert big.size == MAX_CARDS - 60
    with pytest.raises(DeckError, match=f"the deck would hold 5001 cards; at most {MAX_CARDS}"):
        big.add("Card 50", 61)
    with pytest.raises(DeckError, match="would have 102 copies; at most 100 copies of a card"):
        big.add_set("w", 2)
    assert big.size == MAX_CARDS - 60  # nothing changed
    big.add("Card 50", 60)
    assert big.size == MAX_CARDS


def test_module_overrides_take_only_booleans(catalog):
    d = Deck("m", catalog=catalog)
    with pytest.raises(DeckError, match="takes true or false, got 'false'"):
        d.set_module("dungeons", "false")
    d.set_module("dungeons", False)
    assert d.module_overrides == {"dungeons": False}


def test_a_deck_over_the_limits_is_a_clean_error_not_a_memory_error(catalog):
    """A deck saved before the limits (or edited by hand) cannot start a game, a simulation or
    a print run with a trillion copies; the message says how to fix it, and fixing works."""
    from munchkin_lab.decks.model import Entry

    d = Deck("Huge", catalog=catalog)
    d.entries["munchkin:Potted Plant"] = Entry("munchkin:Potted Plant", 10**12)
    with pytest.raises(DeckError, match=r"Potted Plant has 1000000000000 copies; a deck holds 1 to 100"):
        d.specs()
    with pytest.raises(DeckError, match="deck remove 'Huge' 'Potted Plant'"):
        d.new_game(4)
    assert d.modules == ()  # still readable: the fix below needs it
    d.remove("Potted Plant")
    d.add("Potted Plant", 3)
    assert d.specs()[0][1] == 3


def test_copies_by_name_alias_or_key_and_a_misspelt_name_is_an_error(catalog):
    d = Deck("t", catalog=catalog)
    d.add("Potted Plant", 2)
    d.add("Net Troll")
    assert d.copies("Potted Plant") == 2 and d.copies("potted plant") == 2
    assert d.copies("Net Troll") == 1 == d.copies("munchkin:Forum Troll")  # alias and key
    assert d.copies("King Tut") == 0 and d.copies("munchkin:King Tut") == 0  # known, not in the deck
    with pytest.raises(UnknownCardError, match="Potted Plant"):
        d.copies("Poted Plant")


def test_repr_names_the_modules_or_says_they_are_not_looked_up(catalog):
    """A deck's repr gives its modules once its catalog is at hand; before, it says so in
    words (a repr does not open the database), not with a bare '?'."""
    d = Deck("Mine", catalog=catalog)
    d.add("Potted Plant", 2)
    assert repr(d) == f"Deck('Mine', 1 entry, 2 cards, modules={list(d.modules)})"
    assert repr(Deck("Empty")) == "Deck('Empty', 0 entries, 0 cards, modules not looked up yet)"


def test_the_name_key_index_is_a_cached_property_built_at_the_first_odd_name(catalog):
    """``Catalog.matches``' last index (names compared as ``cards show`` compares them) is a
    ``functools.cached_property``: not built for a name the other indexes know, built once at
    the first name only it finds, then the same object (a catalog never changes once made)."""
    import functools

    from munchkin_lab.decks import Catalog

    assert isinstance(Catalog.__dict__["_by_key"], functools.cached_property)
    assert [s.name for s in catalog.matches("potted plant")] == ["Potted Plant"]
    assert [s.name for s in catalog.matches("doniczkowa roslina")] == ["Potted Plant"]  # the alias, plain
    assert "_by_key" not in catalog.__dict__
    assert [s.name for s in catalog.matches("\u201cＰｏｔｔｅｄ-Ｐｌａｎｔ\u201d")] == ["Potted Plant"]
    built = catalog.__dict__["_by_key"]
    assert built["pottedplant"] == ["munchkin:Potted Plant"] and built["nettroll"] == ["munchkin:Forum Troll"]
    assert [s.name for s in catalog.matches("Net-Troll")] == ["Forum Troll"]  # an alias, by its key
    assert catalog.__dict__["_by_key"] is built
    assert catalog.matches("King Tut!", set="other") == [] and catalog.matches("...") == []
