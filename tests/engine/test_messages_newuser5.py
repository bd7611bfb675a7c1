"""Messages a new user read (finding 8 of a new user's report): no internal notation ("use c=1
n=1") in a refusal a player reads; the reason a carried item's ability cannot be used (it is
carried, not in use); the log of an item put in use ("Ann puts ... in use", not "uses", which is
the word for using an ability); a Wishing Ring played with nothing being cancelled names the
Curses it could end, and a scenario step without `with:` says that field is missing."""
from __future__ import annotations

import re

import pytest

from munchkin_lab.engine import Action
from munchkin_lab.scenarios.runner import build_game, database_resolver, load_scenario, make_action, run_file

HAG = """
name: a monster whose Bad Stuff may be bought off
seed: 1
forced_dice: [1]
cards:
  - name: Mire Hag
    kind: monster
    deck: door
    level: 10
    treasures: 3
    effects:
      abilities:
      - {when: caught, may: true, cost: [{discard: item, worth: 300}], label: pay the Hag, do: [],
         otherwise: [{levels: -3}]}
  - name: Twin Charm
    kind: item
    deck: treasure
    slot: none
    gold: 100
    effects:
      abilities:
      - {when: use, if: {owner: 'role:in_combat'}, cost: [{discard: hand_card}], label: Sharpen, who: owner,
         do: [{combat_strength: 2}]}
players:
  - {name: Ann, level: 4, equipped: [Boots of Butt-Kicking], carried: [Twin Charm], hand: [Maul Rat, Tuba of Charm]}
  - {name: Bob, level: 3}
  - {name: Cy, level: 2}
decks: {door: [Mire Hag, Potted Plant], treasure: [Cheese Grater of Peace, Rat on a Stick]}
steps:
  - {actor: Ann, action: kick}
"""


def _game(tmp_path, text: str, name: str = "s.yaml"):
    path = tmp_path / name
    path.write_text(text)
    sc = load_scenario(path)
    g = build_game(sc, database_resolver())
    for i, step in enumerate(sc["steps"]):
        if "action" in step:
            g.play(make_action(g, step, f"steps[{i}]"))
    return g


def test_a_refusal_during_an_offered_ability_names_no_internal_notation(tmp_path):
    g = _game(tmp_path, HAG)
    g.play("0 run")
    while not (g.state.pending and g.state.pending[0].get("kind") == "react"):  # Bob, Cy pass; Ann rolls a 1
        g.play(next(a for a in g.legal_actions() if a.kind in ("pass", "roll")))
    d = g.state.pending[0]
    assert (d["kind"], g.name(d["card"])) == ("react", "Mire Hag")
    hag = d["card"]
    why = g.why_not(Action(0, "play", card=hag))
    assert why == "Ann must first answer Mire Hag (pay the Hag): use it, or pass"
    assert not re.search(r"\b[cnm]=\d", why)


def test_a_carried_items_ability_says_it_is_not_in_use(tmp_path):
    g = _game(tmp_path, HAG)
    charm = g.card_ids("Twin Charm")[0]
    rat = g.card_ids("Maul Rat")[0]
    why = g.why_not(Action(0, "use", card=charm, cards=(rat,)))
    assert why == ("Twin Charm is carried, not in use: put it in use (equip it) first to use its ability "
                   "(core rules, 9. Treasures and Items)")


def test_the_log_says_an_item_is_put_in_use_not_used(tmp_path):
    text = HAG.replace("hand: [Maul Rat, Tuba of Charm]", "hand: [Maul Rat, Tuba of Charm, Helm of Courage]") \
        .replace("steps:\n  - {actor: Ann, action: kick}", "steps: []")
    g = _game(tmp_path, text)
    helm = g.card_ids("Helm of Courage")[0]
    n = len(g.log)
    g.play(Action(0, "play", card=helm))
    assert [x.split("] ", 1)[1] for x in g.log[n:]] == ["Ann puts Helm of Courage in use."]


RING = """
name: wishing ring without the Curse named
seed: 1
players:
  - {name: Ann, level: 4, curses: [Chicken On Your Head]}
  - {name: Bob, level: 5, hand: [Wishing Ring]}
decks: {door: [Potted Plant], treasure: []}
steps:
  - {actor: Bob, action: play, card: Wishing Ring}
"""


def test_a_wishing_ring_with_nothing_being_cancelled_names_the_curses_that_stay(tmp_path):
    g = _game(tmp_path, RING.replace("steps:\n  - {actor: Bob, action: play, card: Wishing Ring}", "steps: []"))
    ring = g.card_ids("Wishing Ring")[0]
    why = g.why_not(Action(1, "play", card=ring))
    assert why == ("nothing to cancel: no Curse is being played now; choose the Curse to end among those that "
                   "stay (Chicken On Your Head on Ann) (core rules, 10. When to Play Cards: Curses)")
    path = tmp_path / "ring.yaml"
    path.write_text(RING)
    res = run_file(path)
    assert not res.ok
    assert "the step has no `with:`: name the Curse that stays on a player to end it, e.g. with: Chicken On Your " \
           "Head" in res.message
    assert "Bob: play Wishing Ring" in res.message and "c=" not in res.message


TWO_UNLABELLED = """
name: two use abilities without labels
seed: 1
cards:
  - name: Plain Charm
    kind: item
    deck: treasure
    slot: none
    gold: 100
    effects:
      abilities:
      - {when: use, if: {owner: 'role:in_combat'}, who: owner, do: [{combat_strength: 2}]}
      - {when: use, if: {owner: 'role:in_combat'}, who: owner, do: [{combat_strength: 3}]}
players:
  - {name: Ann, level: 1, equipped: [Plain Charm]}
  - {name: Bob, level: 3}
decks: {door: [Lame Goblin, Potted Plant], treasure: [Tuba of Charm, Rat on a Stick]}
steps:
  - {actor: Ann, action: kick}
"""


def test_two_unlabelled_use_abilities_get_labels_of_their_own(tmp_path):
    """(finding 1) the labels of a card's `use` actions differ even when its abilities have no
    label and the same op: told apart by their place."""
    g = _game(tmp_path, TWO_UNLABELLED)
    assert sorted(a.label for a in g.legal_actions(seat=0) if a.kind == "use") == [
        "Ann: use Plain Charm (combat strength, 1)", "Ann: use Plain Charm (combat strength, 2)"]
