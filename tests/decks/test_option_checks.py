"""``deck check`` reads the rules modules' options against the deck: a start Dungeon the deck
does not hold is an error (the game would fail only once played), an option of a module the
deck does not play or about cards it lacks is a warning, and ``scooby_doo.dungeons=false``
with Dungeon cards says they stay out of play."""
from __future__ import annotations

import pytest

from munchkin_lab.decks import Deck
from munchkin_lab.decks.checks import OPTION_NEEDS, OPTION_NEEDS_ONLY_MODULE, played_modules
from munchkin_lab.engine import Game
from munchkin_lab.engine.rules import MODULES, select_modules

OPTION_RULES = ("module-option", "idle-option", "cards-off")


def mix(catalog, *cards, **options):
    """The base cards of the mini catalog, ``cards`` and ``options`` (``scooby_doo__dungeons``
    for ``scooby_doo.dungeons``)."""
    d = Deck("t", catalog=catalog)
    d.add_set("munchkin")
    for c in cards:
        d.add(c)
    for k, v in options.items():
        d.set_option(k.replace("__", "."), v)
    return d


def found(deck):
    return [(p.level, p.rule, p.card, p.message) for p in deck.check(4) if p.rule in OPTION_RULES]


SD = ("K-Ghoul Mart", "Creepy Cemetery Entrance", "Snow Ghost")
FIX = "or drop the option (the set-up then turns up the top Dungeon)"


# ------------------------------------------------------------------ 1. start_dungeon
def test_a_start_dungeon_the_deck_holds_passes_in_any_case(catalog):
    assert found(mix(catalog, *SD, scooby_doo__start_dungeon="K-Ghoul Mart")) == []
    assert found(mix(catalog, *SD, scooby_doo__start_dungeon="k-ghoul MART")) == []  # the engine's .lower()


def test_a_start_dungeon_the_deck_does_not_hold_is_an_error_naming_the_option(catalog):
    d = mix(catalog, *SD, scooby_doo__start_dungeon="K-Ghoul Mrt")
    assert found(d) == [("error", "module-option", None,
                         'option scooby_doo.start_dungeon="K-Ghoul Mrt" names no card of the deck (did you mean '
                         "'K-Ghoul Mart'?), so the game cannot start; name one of the deck's Dungeons (K-Ghoul "
                         f"Mart), {FIX}")]
    # a Dungeon of the catalog left out of the deck (Portals keep the Dungeons on)
    d = mix(catalog, "Creepy Cemetery Entrance", scooby_doo__start_dungeon="K-Ghoul Mart")
    assert ("error", "module-option", None,
            'option scooby_doo.start_dungeon="K-Ghoul Mart" names K-Ghoul Mart [scooby_doo], a Dungeon the deck '
            f"does not hold, so the game cannot start; add it, {FIX}") in found(d)


def test_a_start_dungeon_that_is_not_a_dungeon_or_an_alias_is_an_error_on_that_card(catalog, mini):
    d = mix(catalog, *SD, scooby_doo__start_dungeon="Snow Ghost")
    assert found(d) == [("error", "module-option", "Snow Ghost [scooby_doo]",
                         'option scooby_doo.start_dungeon="Snow Ghost" names a card of kind monster, not a '
                         "Dungeon: it is in the door pile and the set-up looks in the Dungeon deck, so the game "
                         f"cannot start; name one of the deck's Dungeons (K-Ghoul Mart), {FIX}")]
    from munchkin_lab.decks import Catalog

    cards, _ = mini
    aliased = Catalog(cards(), aliases={"scooby_doo:K-Ghoul Mart": ["Ghoul Mart"]})
    d = mix(aliased, *SD, scooby_doo__start_dungeon="Ghoul Mart")  # the engine reads names, not aliases
    assert found(d) == [("error", "module-option", "K-Ghoul Mart [scooby_doo]",
                         'option scooby_doo.start_dungeon="Ghoul Mart": the set-up looks the Dungeon up by its '
                         "name, so the game cannot start; write 'K-Ghoul Mart'")]


def test_a_start_card_of_the_dungeon_pile_that_is_not_a_dungeon_is_an_error(mini):
    from munchkin_lab.decks import Catalog

    cards, card = mini
    odd = Catalog([*cards(), (card("my_fan", "Mystery Van", "item", "dungeon"), 1)])
    d = mix(odd, *SD, "Mystery Van", scooby_doo__start_dungeon="Mystery Van")
    assert found(d) == [("error", "module-option", "Mystery Van [my_fan]",
                         'option scooby_doo.start_dungeon="Mystery Van" names a card of kind item, not a Dungeon: '
                         "the set-up would turn it up as the first Dungeon; name one of the deck's Dungeons "
                         f"(K-Ghoul Mart), {FIX}")]


def test_a_map_option_is_named_as_yaml_writes_it(catalog):
    d = mix(catalog, rooms__positions={"P1": "0,1"})
    assert found(d)[0][3].startswith("option rooms.positions={P1: '0,1'} has no effect: the deck does not play "
                                     "the rooms rules module")


def test_the_start_dungeon_rule_is_the_engines(real_catalog):
    """What ``deck check`` refuses, ``Game.new`` refuses; what it passes, the game turns up."""
    d = Deck("sd", catalog=real_catalog)
    d.add_set("munchkin")
    for c in ("K-Ghoul Mart", "Drive-In Movie Theater", "Creepy Cemetery Entrance"):
        d.add(c)
    for want, ok in (("drive-in movie theater", True), ("Crystal Cove Neighborhood", False),
                     ("Creepy Cemetery Entrance", False), ("Drive In Movie Theater", False)):
        d.set_option("scooby_doo.start_dungeon", want)
        errors = [p for p in d.check(4) if p.level == "error"]
        assert bool(errors) is not ok and all(p.rule == "module-option" for p in errors), (want, errors)
        if ok:
            g = d.new_game(4, seed=3)
            first = g.state.module_state["scooby_doo"]["in_play"][0]
            assert g.specs[first].name.lower() == want
        else:
            with pytest.raises(ValueError, match="start_dungeon"):
                Game.new(4, deck=d.specs(), options=d.game_options())


def test_dungeons_on_without_a_dungeon_card_is_an_error_as_in_the_engine(catalog, real_catalog):
    d = mix(catalog, "Snow Ghost", scooby_doo__dungeons=True)
    assert found(d) == [("error", "module-option", None,
                         "option scooby_doo.dungeons=true but no Dungeon card: the set-up turns a Dungeon face "
                         "up, so the game cannot start; add Dungeon cards (set scooby_doo) or drop the option")]
    r = Deck("r", catalog=real_catalog)
    r.add_set("munchkin")
    r.add("Snow Ghost")
    r.set_option("scooby_doo.dungeons", True)
    with pytest.raises(ValueError, match="holds no Dungeon card"):
        r.new_game(4, seed=1)


# ------------------------------------------------------------------ 2. a module the deck does not play
def test_an_option_of_a_module_the_deck_does_not_play_has_no_effect(catalog):
    d = mix(catalog, rooms__bug_900=True, fairy_dust__fairy_level=12, scooby_doo__dungeons=False)
    assert found(d) == [
        ("warning", "idle-option", None,
         "option rooms.bug_900=true has no effect: the deck does not play the rooms rules module (it comes with "
         "cards of set star_munchkin_adventures, room tiles or `modules: +rooms`); drop the option"),
        ("warning", "idle-option", None,
         "option fairy_dust.fairy_level=12 has no effect: the deck does not play the fairy_dust rules module (it "
         "comes with cards of set fairy_dust, Fairy Dust cards or `modules: +fairy_dust`); drop the option"),
        ("warning", "idle-option", None,
         "option scooby_doo.dungeons=false has no effect: the deck does not play the scooby_doo rules module (it "
         "comes with cards of set scooby_doo, Dungeon cards, Portal cards or `modules: +dungeons`); drop the "
         "option")]
    # the module brought in by the deck's modules: no longer idle for that reason
    d.set_module("rooms", True)
    assert "rooms" in played_modules(d, [s for s, _ in d.specs()])
    assert not any("rooms rules module" in m for *_, m in found(d))


def test_the_modules_played_are_the_engines(real_catalog):
    d = Deck("m", catalog=real_catalog)
    d.add_set("munchkin")
    d.add("Snow Ghost")  # a Scooby-Doo card: its module, Dungeons off
    d.set_option("piles_per_set", True)
    g = d.new_game(4, seed=1)
    assert played_modules(d, [s for s, _ in d.specs()]) == {m.name for m in g.modules} == {"core", "scooby_doo",
                                                                                           "piles"}


# ------------------------------------------------------------------ 3. options about cards the deck lacks
def test_dungeons_off_with_dungeon_cards_says_they_stay_out_of_play(catalog):
    d = mix(catalog, *SD, scooby_doo__dungeons=False, scooby_doo__base_dungeon=True)
    assert found(d) == [
        ("warning", "idle-option", None,
         "option scooby_doo.base_dungeon=true has no effect: the deck plays without Dungeons (option "
         "scooby_doo.dungeons=false; the option keeps the first Dungeon); drop the option"),
        ("warning", "cards-off", None,
         "option scooby_doo.dungeons=false: no Dungeon comes into play (none is turned up at set-up, nobody may "
         "discover an exit and a Portal does nothing), so the deck's 1 Dungeon card stays out of play and its "
         "1 Portal does nothing; drop the option, or leave those cards out")]
    assert found(mix(catalog, "Snow Ghost", scooby_doo__dungeons=False)) == []  # nothing to keep out
    # a Portal without Dungeons: it does nothing (engine/modules/dungeons.py, Options: dungeons),
    # and the game starts (no dungeon-deck error: Game.new asks for Dungeons only with them on)
    def rules(d):
        return [p.rule for p in d.check(4) if p.rule in ("dungeon-deck", "cards-off")]
    assert rules(mix(catalog, "Creepy Cemetery Entrance", "Snow Ghost")) == ["dungeon-deck"]
    assert rules(mix(catalog, "Creepy Cemetery Entrance", "Snow Ghost", scooby_doo__dungeons=False)) == ["cards-off"]
    assert [m for *_, m in found(mix(catalog, "Creepy Cemetery Entrance", "Snow Ghost", scooby_doo__dungeons=False))] == [
        "option scooby_doo.dungeons=false: no Dungeon comes into play (none is turned up at set-up, nobody may "
        "discover an exit and a Portal does nothing), so the deck's 1 Portal does nothing; drop the option, or "
        "leave those cards out"]


def test_on_off_options_of_other_modules_about_cards_the_deck_lacks(catalog):
    d = mix(catalog, "Pixie Sparkle", "START", "Brig", fairy_dust__fairy_top=True, fairy_dust__top_n=5,
            fairy_dust__fairy_treasures=2, rooms__bug_900=True)
    assert [m for *_, m in found(d)] == [
        "option fairy_dust.fairy_top=true has no effect: the deck holds no Sparkly Good Fairy (the option places her "
        "near the top of the Door deck); drop the option",
        "option fairy_dust.top_n=5 has no effect: the deck holds no Sparkly Good Fairy (the option is how deep in "
        "the Door deck she goes); drop the option",
        "option fairy_dust.fairy_treasures=2 has no effect: the deck holds no Sparkly Good Fairy (the option is the "
        "Treasures for killing her); drop the option",
        "option rooms.bug_900=true has no effect: the deck holds no Bug Race card (the option is a Bug's price of a "
        "Level); drop the option"]
    d.add("Sparkly Good Fairy")
    assert [m for *_, m in found(d)] == [found(d)[-1][-1]]  # the Fairy's options act now; the Bug's not
    d.set_option("rooms.bug_900", False)  # off: the default, nothing to say
    assert found(d) == []


def test_every_module_option_is_in_the_checks_table():
    """A new module option gets a line in OPTION_NEEDS (or says it needs its module only)."""
    select_modules(set())
    declared = {f"{n}.{k}" for n, cls in MODULES.items() for k in cls.options}
    assert declared == set(OPTION_NEEDS) | OPTION_NEEDS_ONLY_MODULE
