"""``lang.interp.needs_combat``: the static test a bot uses to skip ``use`` abilities that can
only be used in a combat (``CardFacts.use_out_of_combat``). It must never call a condition
combat-only when it can hold out of one: for every combat-only condition below the engine
lists no ``use`` out of a combat (start, trouble and end phases)."""
from __future__ import annotations

import pytest

from munchkin_lab.engine.lang.expand import expand
from munchkin_lab.engine.lang.interp import needs_combat
from munchkin_lab.scenarios.runner import build_game, database_resolver


def _cond(doc):
    prog = expand({"abilities": [{"when": "use", "if": doc, "do": [{"levels": 1}]}]}, "item")
    return prog.abilities[0].cond


@pytest.mark.parametrize("doc, combat_only", [
    ("in_combat", True),
    ("running_away", True),
    ({"owner": "role:runner"}, True),
    ({"owner": "role:fighter"}, True),
    ({"fighter": "race:elf"}, True),
    ({"any_monster": "tag:undead"}, True),
    (["own_turn", "in_combat"], True),
    ({"or": ["in_combat", "running_away"]}, True),
    ({"not": "in_combat"}, False),
    ("!in_combat", False),
    ("own_turn", False),
    ({"owner": "level>=5"}, False),
    ({"or": ["in_combat", "own_turn"]}, False),
    ({"owner": "role:active"}, False),
    (None, False),
])
def test_combat_only_conditions(doc, combat_only):
    cond = _cond(doc) if doc is not None else None
    assert needs_combat(cond) is combat_only
    if combat_only:  # the engine agrees: out of a combat the use is never listed
        ab = {"when": "use", "if": doc, "who": "owner", "do": [{"levels": 1}]}
        card = {"name": "Trinket", "kind": "item", "deck": "treasure", "slot": "none", "gold": 100,
                "effects": {"abilities": [ab]}}
        sc = {"cards": [card], "players": [{"name": "Ann", "level": 5, "race": "Elf", "equipped": ["Trinket"]},
                                           {"name": "Bob"}],
              "decks": {"door": ["Potted Plant"], "treasure": []}}
        for phase in ("start", "trouble", "end"):
            g = build_game(dict(sc, phase=phase), database_resolver())
            assert not [a for a in g.legal_actions(labels=False, seat=0) if a.kind == "use"], phase


def test_a_use_that_may_hold_out_of_combat_is_listed_there():
    """The other side of the check above (which would pass vacuously if no use were listed)."""
    card = {"name": "Trinket", "kind": "item", "deck": "treasure", "slot": "none", "gold": 100,
            "effects": {"abilities": [{"when": "use", "if": "own_turn", "who": "owner", "do": [{"levels": 1}]}]}}
    sc = {"cards": [card], "players": [{"name": "Ann", "level": 5, "equipped": ["Trinket"]}, {"name": "Bob"}],
          "decks": {"door": ["Potted Plant"], "treasure": []}, "phase": "start"}
    g = build_game(sc, database_resolver())
    assert [g.specs[a.card].name for a in g.legal_actions(labels=False) if a.kind == "use"] == ["Trinket"]
    assert g.facts.use_out_of_combat[g.card_ids("Trinket")[0]] is True
