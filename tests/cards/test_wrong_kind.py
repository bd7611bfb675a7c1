"""Effect keys and card fields the engine reads only on some kinds are refused on others
(issue 13: nothing is ignored silently), naming file:line, card, key and the kinds that read it."""
from __future__ import annotations

import pytest

from munchkin_lab.cards.build import load_files
from munchkin_lab.cards.errors import CardDataError
from munchkin_lab.engine.cards import FIELD_KINDS
from munchkin_lab.engine.lang import validate
from munchkin_lab.engine.lang.vocab import SHORT_KINDS, SHORT_SPECS

from test_cards_loader import write_set

KINDFX = """\
  - name: Limp Curse
    kind: curse
    deck: door
    source: x
    effects: {bad_stuff: [{lose_levels: 1}]}
  - name: Odd Sword
    kind: item
    deck: treasure
    source: x
    effects: {bad_stuff: [{lose_levels: 1}], no_help: true}
  - name: Odd Beast
    kind: monster
    deck: door
    source: x
    level: 2
    effects: {ops: [{lose_levels: 1}], side: munchkin, mate: true, levels: 1}
  - name: Odd Folk
    kind: race
    deck: door
    source: x
    level: 3
    treasures: 2
    bonus: 1
    slot: headgear
    gold: 100
"""


def test_every_wrong_kind_case_is_refused_with_file_line_card_key_and_kinds(data_copy):
    write_set(data_copy, KINDFX)
    with pytest.raises(CardDataError) as info:
        load_files(data_copy)
    got = info.value.problems
    f = "database/sets/gamma.yaml"
    assert got == [
        f"{f}:11: card 'Limp Curse': effects.bad_stuff: `bad_stuff` is read on monsters only, not on a Curse: "
        "it would do nothing (a Curse's ops go under `ops`)",
        f"{f}:16: card 'Odd Sword': effects.bad_stuff: `bad_stuff` is read on monsters only, not on an item: "
        "it would do nothing",
        f"{f}:16: card 'Odd Sword': effects.no_help: `no_help` is read on monsters only, not on an item: "
        "it would do nothing",
        f"{f}:22: card 'Odd Beast': effects.ops: `ops` is read on Curses and traps only, not on a monster: "
        "it would do nothing (a monster's Bad Stuff goes under `bad_stuff`)",
        f"{f}:22: card 'Odd Beast': effects.side: `side` is read on One-Shots only, not on a monster: "
        "it would do nothing",
        f"{f}:22: card 'Odd Beast': effects.mate: `mate` is read on Monster Enhancers only, not on a monster: "
        "it would do nothing",
        f"{f}:22: card 'Odd Beast': effects.levels: `levels` is read on Go Up a Level cards only, not on a "
        "monster: it would do nothing (a monster's Levels for beating it are the card field `levels_gained`)",
        f"{f}:27: card 'Odd Folk': level: `level` is read on monsters only, not on a Race: it would do nothing",
        f"{f}:28: card 'Odd Folk': treasures: `treasures` is read on monsters only, not on a Race: it would do "
        "nothing",
        f"{f}:29: card 'Odd Folk': bonus: `bonus` is read on items, One-Shots, Monster Enhancers, specials, "
        "Dungeons and Fairy Dust cards only, not on a Race: it would do nothing",
        f"{f}:30: card 'Odd Folk': slot: `slot` is read on items and Fairy Dust cards only, not on a Race: it "
        "would do nothing",
        f"{f}:31: card 'Odd Folk': gold: `gold` is read on items, One-Shots and Fairy Dust cards only, not on a "
        "Race: it would do nothing",
    ], got


def test_the_same_keys_on_the_kinds_that_read_them_pass(data_copy):
    write_set(data_copy, """\
  - name: Fine Curse
    kind: curse
    deck: door
    source: x
    effects: {ops: [{lose_levels: 1}]}
  - name: Fine Beast
    kind: monster
    deck: door
    source: x
    level: 2
    treasures: 1
    effects: {bad_stuff: [{lose_levels: 1}], no_help: true}
  - name: Fine Sword
    kind: item
    deck: treasure
    source: x
    bonus: 2
    slot: one_hand
    gold: 300
  - name: Worthless Folk
    kind: race
    deck: door
    source: x
    gold: 0
    big: false
""")
    names = {lc.card.name for lc in load_files(data_copy).cards}
    assert {"Fine Curse", "Fine Beast", "Fine Sword", "Worthless Folk"} <= names


def test_the_kind_table_names_real_keys_and_fields():
    from munchkin_lab.cards.files import CardFields
    from munchkin_lab.engine.cards import KINDS

    assert set(SHORT_KINDS) <= set(SHORT_SPECS)
    assert set(FIELD_KINDS) <= set(CardFields.model_fields)
    assert all(set(ks) <= set(KINDS) for ks in list(SHORT_KINDS.values()) + list(FIELD_KINDS.values()))


@pytest.mark.parametrize("key", sorted(SHORT_KINDS))
def test_each_kind_bound_key_is_refused_on_a_kind_that_does_not_read_it(key):
    other = next(k for k in ("race", "monster", "item") if k not in SHORT_KINDS[key])
    val = {"bool": True, "int": 1, "ops": [{"lose_levels": 1}]}.get(SHORT_SPECS[key], True)
    msgs = [str(p) for p in validate({key: val}, other, schema=False, names=None)]
    assert any(m.startswith(f"{key}: `{key}` is read on ") and "only, not on" in m for m in msgs), msgs
    # without a kind (no card around it) the key is not judged by kind
    assert not any("is read on" in m for m in (str(p) for p in validate({key: val}, None, schema=False, names=None)))


PILEFX = """\
  - name: Lost Beast
    kind: monster
    deck: treasure
    source: x
    level: 2
    treasures: 1
    effects: {bad_stuff: [{lose_levels: 1}]}
  - name: Lost Folk
    kind: race
    deck: character
    source: x
  - name: Lost Blade
    kind: item
    deck: door
    source: x
    bonus: 1
  - name: Fine Trick
    kind: special
    deck: treasure
    source: x
"""


def test_a_card_in_a_pile_its_kind_is_never_dealt_from_is_refused(data_copy):
    """A monster in the Treasure deck, a Race among the Character cards, an item in the Door
    deck would never be played (engine.cards.KIND_PILES); a special may lie in either deck."""
    write_set(data_copy, PILEFX)
    with pytest.raises(CardDataError) as info:
        load_files(data_copy)
    f = "database/sets/gamma.yaml"
    assert info.value.problems == [
        f"{f}:9: card 'Lost Beast': deck: a monster lies in the door pile, not treasure: it would never be played",
        f"{f}:16: card 'Lost Folk': deck: a Race lies in the door pile, not character: it would never be played",
        f"{f}:20: card 'Lost Blade': deck: an item lies in the treasure pile, not door: it would never be played",
    ]


def test_every_shipped_card_lies_in_a_pile_of_its_kind():
    from munchkin_lab.engine.cards import DECKS, KIND_PILES, KINDS

    assert set(KIND_PILES) == set(KINDS) and {p for ps in KIND_PILES.values() for p in ps} <= set(DECKS)
    cards = load_files().cards
    assert len(cards) > 200 and all(c.card.deck in KIND_PILES[c.card.kind] for c in cards)


DUSTFX = """\
  - name: Plain Dust
    kind: fairy_dust
    deck: fairy_dust
    source: x
    bonus: 2
    slot: headgear
    big: true
    usable_by: [human]
  - name: Valued Dust
    kind: fairy_dust
    deck: fairy_dust
    source: x
    bonus: 2
    slot: headgear
    gold: 200
  - name: Bare Dust
    kind: fairy_dust
    deck: fairy_dust
    source: x
    big: false
"""


def test_item_fields_on_fairy_dust_without_a_gold_value_are_refused(data_copy):
    """Fairy Dust is an Item only with a Gold value (Munchkin Fairy Dust rules, Getting Fairy
    Dust Cards): without one its Item fields would do nothing, so each is refused at its key;
    the same fields with ``gold`` (an Item) and their empty values pass."""
    write_set(data_copy, DUSTFX)
    with pytest.raises(CardDataError) as info:
        load_files(data_copy)
    f = "database/sets/gamma.yaml"
    why = "is read on a Fairy Dust card only when it has a `gold` value (then it is an Item): without one it would do nothing"
    assert info.value.problems == [
        f"{f}:11: card 'Plain Dust': bonus: `bonus` {why}",
        f"{f}:12: card 'Plain Dust': slot: `slot` {why}",
        f"{f}:13: card 'Plain Dust': big: `big` {why}",
        f"{f}:14: card 'Plain Dust': usable_by: `usable_by` {why}",
    ], info.value.problems
