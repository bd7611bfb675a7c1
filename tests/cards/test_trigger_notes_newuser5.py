"""New-user finding: an ability whose trigger the engine never fires on that kind of card
(``when: hits`` on a monster or an item, ``combat_won`` on a Curse that does not stay) was
accepted without a word and never ran. ``cards add`` / ``set import`` note it, ``db check``
lists the card and ``deck check`` warns (``effect-does-nothing``); no shipped card gets such a
note. One table says which kinds hear which trigger (``engine/lang/hearing.py``)."""
from __future__ import annotations

import pytest
from typer.testing import CliRunner

from munchkin_lab.cards import designer as D
from munchkin_lab.cards.build import build, load_files
from munchkin_lab.cli import app
from munchkin_lab.engine.lang.hearing import HEARD_BY, never_heard

from cardtest_helpers import MINI, clear_designer_data

runner = CliRunner()

HITS_MONSTER = {"name": "Hitting Hag", "kind": "monster", "deck": "door", "level": 4,
                "effects": {"bad_stuff": [{"lose_levels": 1}],
                            "abilities": [{"when": "hits", "who": "each_player", "do": [{"levels": -1}]}]}}
HITS_NOTE = ("`when: hits` (abilities[0]) never runs on a monster: only a Curse hitting its victim or a trap "
             "turned up hears it (for a monster catching a player, use `caught`)")


@pytest.fixture()
def url(backend_url):
    build(backend_url, MINI)
    clear_designer_data(backend_url)
    return backend_url


def test_cards_add_notes_a_trigger_that_never_fires_on_the_kind(url):
    D.create_set("my_fan", "My fan set", url=url)
    assert D.add_card(HITS_MONSTER, "my_fan", url=url).notes == [HITS_NOTE]
    item = D.add_card({"name": "Hitting Charm", "kind": "item", "deck": "treasure", "slot": "none", "gold": 100,
                       "effects": {"abilities": [{"when": "hits", "do": [{"levels": 1}]}]}}, "my_fan", url=url)
    assert item.notes == ["`when: hits` (abilities[0]) never runs on an item: only a Curse hitting its victim or "
                          "a trap turned up hears it"]
    curse = D.add_card({"name": "Curse of the Win", "kind": "curse", "deck": "door",
                        "effects": {"abilities": [{"when": "combat_won", "do": [{"levels": -1}]}]}}, "my_fan", url=url)
    assert curse.notes == ["`when: combat_won` (abilities[0]) never runs: this Curse does not stay in front of its "
                           "victim (it is discarded once it hits), so it is never in play to hear it; give it `hits` "
                           "effects that last, or `persistent: true`"]
    # a Curse that stays hears it; a Race in play hears a player caught; manual cards get no note
    for card in ({"name": "Curse of the Long Win", "kind": "curse", "deck": "door",
                  "effects": {"persistent": True, "abilities": [{"when": "combat_won", "do": [{"levels": -1}]}]}},
                 {"name": "Bog Folk", "kind": "race", "deck": "door",
                  "effects": {"abilities": [{"when": "caught", "who": "owner", "do": [{"levels": 1}]}]}},
                 {**HITS_MONSTER, "name": "Hand Hag", "manual": True}):
        assert D.add_card(card, "my_fan", url=url).notes == [], card["name"]
    res = runner.invoke(app, ["db", "check", "--data", str(MINI), "--url", url])
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    at = lines.index("an ability that never runs: 3 cards")
    assert lines[at + 1] == f"  Hitting Hag (my_fan, designer card): {HITS_NOTE}"
    assert [ln.split(" (")[0].strip() for ln in lines[at + 1:at + 4]] == ["Hitting Hag", "Hitting Charm",
                                                                         "Curse of the Win"]


def test_deck_check_warns_of_it():
    from munchkin_lab.decks.checks import idle_effects
    from munchkin_lab.engine import CardSpec

    spec = CardSpec(key="my_fan:Hitting Hag", name="Hitting Hag", set="my_fan", kind="monster", deck="door",
                    level=4, treasures=1, effects=HITS_MONSTER["effects"])
    probs = idle_effects([(spec, 1)], None)
    assert [(p.level, p.card, p.rule, p.message) for p in probs] == [
        ("warning", "Hitting Hag [my_fan]", "effect-does-nothing", HITS_NOTE)]


def test_no_shipped_card_has_a_trigger_that_never_fires():
    data = load_files()
    assert len(data.cards) > 200
    assert [(lc.card.name, never_heard(lc.card.kind, lc.card.effects)) for lc in data.cards
            if never_heard(lc.card.kind, lc.card.effects)] == []


def test_the_table_names_only_known_triggers_and_kinds():
    from munchkin_lab.engine.cards import KINDS
    from munchkin_lab.engine.lang.vocab import TRIGGERS

    assert set(HEARD_BY) <= set(TRIGGERS)
    assert set().union(*HEARD_BY.values()) <= set(KINDS)
    assert HEARD_BY["hits"] == {"curse", "trap"}
