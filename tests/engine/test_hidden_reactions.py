"""A reaction point (a Curse's cancel, a Flask of Glue) never tells the other seats who holds
the reacting card: not in the log, not in their ``view()``, not in a refusal (core rules, 3.
Handling Cards: your hand is yours; the silent window of ``curses.py``)."""
from __future__ import annotations

from munchkin_lab.engine import Action
from munchkin_lab.scenarios.runner import build_game

CURSE = {
    "players": [{"name": "Ann", "level": 4, "hand": ["Lose 1 Small Item"]},
                {"name": "Bob", "level": 5, "equipped": ["Helm of Courage"]},
                {"name": "Cid", "level": 2, "hand": ["Wishing Ring"]}],
    "decks": {"door": ["Potted Plant"], "treasure": []},
}


def _cursed(resolver):
    g = build_game(CURSE, resolver)
    curse = g.state.players[0].hand[0]
    g.play(Action(0, "play", curse, target=1))
    return g


def test_the_log_and_the_other_views_do_not_name_the_holder(resolver):
    g = _cursed(resolver)
    assert g.actor() == 2 and g.state.pending[0]["kind"] == "cancel"
    line = g.log[-1]
    assert line.endswith("Lose 1 Small Item on Bob: the others may react.")
    assert "Cid" not in line
    for seat in (0, 1):
        v = g.view(seat)
        assert v["actor"] is None
        assert v["pending"] == [{"kind": "cancel", "player": None, "card": "Lose 1 Small Item", "victim": 1}]
    own = g.view(2)
    assert own["actor"] == 2 and own["pending"][0]["player"] == 2
    assert g.state_dict()["pending"][0]["player"] == 2  # the full state keeps it
    r = g.why_not(Action(0, "kick"))
    assert "another player" in r and "Cid" not in r


def test_the_result_is_logged_hit_or_cancelled(resolver):
    g = _cursed(resolver)
    n = len(g.log)
    g.play(Action(2, "pass"))
    new = [x.split("] ", 1)[1] for x in g.log[n:]]
    assert new[0] == "Lose 1 Small Item hits Bob."
    # one line says what the Curse took (no second "Bob loses ..." line)
    assert new[1:] == ["The Curse Lose 1 Small Item: Bob loses Helm of Courage."]
    assert not any("Cid" in x for x in new)  # a holder's pass is not told
    g = _cursed(resolver)
    ring = g.state.players[2].hand[0]
    n = len(g.log)
    g.play(Action(2, "play", ring))
    assert [x.split("] ", 1)[1] for x in g.log[n:]] == ["Cid cancels Lose 1 Small Item on Bob with Wishing Ring."]
    assert g.state.players[1].equipped != []


def test_no_holder_no_reaction_point(resolver):
    sc = dict(CURSE, players=[CURSE["players"][0], CURSE["players"][1], {"name": "Cid", "level": 2}])
    g = build_game(sc, resolver)
    g.play(Action(0, "play", g.state.players[0].hand[0], target=1))
    assert g.state.pending == [] and not any("may react" in x for x in g.log)
    assert any(x.endswith("Lose 1 Small Item hits Bob.") for x in g.log)


# a designer's die that, unlike the Loaded Die (its holder's own roll only: official FAQ),
# answers anyone's roll: the holder who may answer another player's roll stays hidden
DIE = {
    "cards": [{"name": "Meddling Die", "kind": "one_shot", "deck": "treasure", "gold": 300,
               "effects": {"abilities": [{"when": "die_rolled", "from_hand": True, "label": "set the die",
                                          "do": [{"set_die": "this"}]}]}}],
    "players": [{"name": "Ann", "level": 5}, {"name": "Bob", "level": 1},
                {"name": "Cid", "level": 2, "hand": ["Meddling Die"]}],
    "decks": {"door": ["Gazebo"], "treasure": []},
}


def test_a_reaction_from_the_hand_names_neither_holder_nor_card(resolver):
    """A die-setting card from the hand after a Run Away roll (as the Loaded Die, card_facts_more.md
    2c, but on anyone's roll): the roll is told, who may play what is not - the log, the other seats' views and a refusal stay silent."""
    g = build_game(DIE, resolver)
    g.play(Action(0, "kick"))
    g.play(Action(0, "run"))
    g.play(Action(1, "pass"))
    g.play(Action(2, "pass"))
    g.state.forced.insert(0, 1)
    g.play(Action(0, "roll", n=0))
    assert g.actor() == 2 and g.state.pending[0]["kind"] == "react"
    assert [x.split("] ", 1)[1] for x in g.log[-2:]] == ["Ann's die shows 1.", "The others may react."]
    for seat in (0, 1):
        v = g.view(seat)
        assert v["actor"] is None
        assert v["pending"] == [{"kind": "react", "player": None, "card": None, "ability": None,
                                 "event": "die_rolled", "label": None, "die": 1}]
    own = g.view(2)["pending"][0]
    assert own["player"] == 2 and own["card"] == "Meddling Die" and own["die"] == 1
    r = g.why_not(Action(1, "discard", 0))
    assert "another player" in r and "Cid" not in r
    g.play(Action(2, "pass"))
    assert g.state.players[0].level == 2  # the Gazebo's 3 Levels: the roll of 1 stood
