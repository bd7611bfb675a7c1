"""One name folding everywhere (new-user findings 3, 4 and 5): the search, ``card()``, deck
files and ``deck add`` find a card by the same name forms (fullwidth letters, curly quotes,
dashes, case); the hints echo the words as typed; ``*`` is a wildcard in names; ``=>``
suggests ``>=``; ``levels=1`` finds a designer monster whose card gives no Levels."""
from __future__ import annotations

import pytest

from munchkin_lab.cards import api
from munchkin_lab.cards import designer as D
from munchkin_lab.cards.build import build
from munchkin_lab.cards.errors import SearchSyntaxError
from munchkin_lab.cards.search import fold

from cardtest_helpers import MINI

FULL = "\uff26\uff55\uff4c\uff4c\uff57\uff49\uff44\uff54\uff48 Ghoul"  # 'Ｆｕｌｌｗｉｄｔｈ Ghoul'

GLOOM = f"""set: {{code: gloom, name: Gloomwood, family: munchkin, kind: fan, requires: [alpha]}}
cards:
  - {{name: "{FULL}", kind: monster, deck: door, level: 3, treasures: 1, effects: {{bad_stuff: [{{lose_levels: 1}}]}}}}
  - {{name: "Gambler's Brew", kind: one_shot, deck: treasure, bonus: 2, gold: 200}}
  - {{name: Witch-Hound, kind: monster, deck: door, level: 8, treasures: 2, levels_gained: 2,
     effects: {{bad_stuff: [{{lose_levels: 2}}]}}}}
  - {{name: Mire Hag, kind: monster, deck: door, level: 12, treasures: 3, effects: {{bad_stuff: [{{lose_levels: 2}}]}}}}
  - {{name: Gloom Lantern, kind: item, deck: treasure, bonus: 1, gold: 300, slot: one_hand}}
  - {{name: Gloom Totem, kind: item, deck: treasure, bonus: 1, gold: 400, slot: none}}
  - {{name: Curse of the Gloom, kind: curse, deck: door, effects: {{ops: [{{lose_levels: 1}}]}}}}
"""


@pytest.fixture(scope="module")
def url(backend_url):
    build(backend_url, MINI)
    D.import_set("gloom.yaml", text=GLOOM, url=backend_url)
    return backend_url


def names(query, url):
    return sorted(api.cards(query, url=url)["name"])


def hints(query, url):
    df = api.cards(query, url=url)
    assert df.empty, (query, list(df["name"]))
    return df.attrs["hints"]


def test_fold_is_one_form_for_every_spelling():
    assert fold(FULL) == "fullwidth ghoul" == fold("FULLWIDTH GHOUL")
    assert fold("Gambler\u2019s Brew") == fold("Gambler's Brew") == "gambler's brew"
    assert fold("Witch\u2013Hound") == fold("Witch\u2014Hound") == fold("witch-hound")
    assert fold("\u201cQuoted\u201d") == '"quoted"'
    assert fold("Pi\u0142a \u0141a\u0144cuchowa") == "pila lancuchowa"
    assert fold("Zero\u200bWidth") == "zerowidth"  # an invisible character is no part of a name


@pytest.mark.parametrize("query", [
    "\uff26\uff55\uff4c\uff4c\uff57\uff49\uff44\uff54\uff48",   # the fullwidth word as typed
    f'name:"{FULL}"', f'"{FULL}"', "fullwidth", '"FULLWIDTH ghoul"', "Ghoul",
])
def test_a_fullwidth_name_is_found_by_every_form(url, query):
    assert names(query, url) == [FULL]  # stored as typed: only the comparison folds


@pytest.mark.parametrize("typed,stored", [
    ("Gambler\u2019s Brew", "Gambler's Brew"), ("Witch\u2013Hound", "Witch-Hound"),
    ("WITCH\u2014HOUND", "Witch-Hound"), ("Fullwidth Ghoul", FULL), (FULL, FULL),
])
def test_search_card_lookup_and_deck_files_agree(url, typed, stored):
    from munchkin_lab.decks.model import Deck

    assert names(f'"{typed}"', url) == [stored]
    assert names(f"name:'{typed}'" if "'" not in typed else f'name:"{typed}"', url) == [stored]
    assert api.card(typed, url=url)["name"] == stored
    deck = Deck.from_text(f"1 {typed}\n", url=url, name="t")
    assert list(deck.entries) == [f"gloom:{stored}"]


def test_hints_echo_the_words_as_typed(url):
    # a quote inside a single-quoted phrase ends it: said, and the words shown as typed
    got = hints("set:gloom 'Gambler's'", url)
    assert got[0] == ("\"'Gambler's'\" reads as 'Gambler' and \"s'\" (a quote starts or ends a phrase): for a "
                      "quote inside a name, put the name in the other quotes (\"Gambler's Brew\") or leave the "
                      "quote out")
    assert got[1] == "no card is named like \"'Gambler's'\"; did you mean \"Gambler's Brew\"?"
    # words in the order typed (a name: value first, then a bare word), no backslash doubled
    got = hints("name:Mire\\ Hag", url)
    assert got[0] == ("a backslash does not join words in the search ('Mire\\'): put the name in quotes "
                      "instead (\"Mire Hag\", name:\"Mire Hag\")")
    assert got[1].startswith("no card is named like 'Mire\\ Hag'; did you mean 'Mire Hag'")
    assert hints("Hag Mrie", url)[0].startswith("no card is named like 'Hag Mrie'; did you mean 'Mire Hag'")


def test_a_word_with_no_letter_says_so_and_an_invisible_one_is_refused(url):
    assert hints("\U0001f383", url) == [
        "no card name or alias holds '\U0001f383' (it has no letter or digit; a name word matches where the "
        "name has it, e.g. an emoji a designer card's name holds)"]
    assert hints("zzzzqx", url) == []  # a word nothing is close to: nothing invented
    with pytest.raises(SearchSyntaxError) as info:
        api.cards("kind:monster \u200b", url=url)
    assert info.value.position == 13 and "only invisible characters (U+200B)" in info.value.reason


def test_a_star_is_a_wildcard_in_names(url):
    assert names("Gloom*", url) == ["Gloom Lantern", "Gloom Totem"]      # names that start with Gloom
    assert names("*gloom", url) == ["Curse of the Gloom"]
    assert names("g*m", url) == ["Gloom Totem"]                            # the whole name fits
    assert names("*", url) == names("", url) and names("g*m *", url) == ["Gloom Totem"]  # '*' alone: any name
    assert names("name:*hag", url) == ["Mire Hag"]
    assert names("-Gloom* set:gloom", url) == sorted(["Curse of the Gloom", FULL, "Gambler's Brew", "Mire Hag",
                                                       "Witch-Hound"])
    assert names("Gloom", url) == ["Curse of the Gloom", "Gloom Lantern", "Gloom Totem"]  # a word: a substring
    assert names('"Gloom*"', url) == []                                   # quoted: a plain '*'
    assert names("100%*", url) == [] and names("*_*", url) == []           # % and _ are plain characters
    assert hints("Zzq*", url) == ["no card name or alias fits 'Zzq*' ('*' stands for any characters; the whole "
                                  "name must fit)"]
    with pytest.raises(SearchSyntaxError) as info:
        api.cards("set:glo*", url=url)
    assert info.value.reason == "'*' is a wildcard in names only (set: takes a whole value, e.g. set:glo)"


@pytest.mark.parametrize("query,fix,position", [
    ("gold=>300", ">=", 4), ("level=<3", "<=", 5), ("level==3", "=", 5), ("level<>3", "!=", 5),
])
def test_an_operator_written_the_other_way_round_suggests_the_right_one(query, fix, position):
    with pytest.raises(SearchSyntaxError) as info:
        api.cards(query)
    assert info.value.suggestions == [fix] and info.value.position == position
    assert f"did you mean {fix!r}?" in info.value.reason


def test_levels_one_finds_a_designer_monster_whose_card_gives_none(url):
    """Core rules, 7. Combat: a monster grants 1 Level unless its card says otherwise. A
    designer monster without ``levels_gained`` is such a card (stored empty, as typed); a
    printed card's unknown number (Sheet Phantom's, null in the fixture) stays unknown."""
    import pandas as pd

    assert pd.isna(api.card("Mire Hag", url=url)["levels_gained"])  # nothing invented in the database
    ones = names("kind:monster levels=1", url)
    assert ones == sorted(["Bone Rattler", FULL, "Mire Hag"])
    assert "Sheet Phantom" not in ones and "Witch-Hound" not in ones
    assert names("levels=2", url) == ["Grave Lord", "Witch-Hound"]
    assert "Mire Hag" not in names("levels!=1", url) and "Sheet Phantom" not in names("levels>=0", url)
    assert "Gloom Totem" not in names("levels>=0", url)  # not a monster: no Levels at all
