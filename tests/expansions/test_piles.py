"""Deck option ``piles_per_set`` / rules module ``piles``: one Door and one Treasure draw pile
per set, the player picking the pile (issue 5; mixing_rules.md)."""
from __future__ import annotations

import json
import random

import pytest

from munchkin_lab.engine import Action, CardSpec, Game, GameOptions
from munchkin_lab.engine.policy import greedy_policy, random_policy


def C(**kw):
    return CardSpec.make(**kw)


MIX = [
    (C(name="Goblin", set="munchkin", kind="monster", deck="door", level=2, treasures=1), 8),
    (C(name="Ogre", set="munchkin", kind="monster", deck="door", level=8, treasures=2,
       effects={"bad_stuff": [{"lose_levels": 2}]}), 4),
    (C(name="Elf", set="munchkin", kind="race", deck="door"), 3),
    (C(name="Warrior", set="munchkin", kind="class", deck="door"), 3),
    (C(name="Pointy Hat", set="munchkin", kind="item", deck="treasure", slot="headgear", bonus=1, gold=300), 6),
    (C(name="Big Sword", set="munchkin", kind="item", deck="treasure", slot="one_hand", bonus=3, gold=500), 6),
    (C(name="Go Up", set="munchkin", kind="go_up_a_level", deck="treasure"), 4),
    (C(name="Potion", set="munchkin", kind="one_shot", deck="treasure", bonus=2, gold=100), 6),
    (C(name="Phantom", set="scooby_doo", kind="monster", deck="door", level=1, treasures=1), 6),
    (C(name="Creeper", set="scooby_doo", kind="monster", deck="door", level=5, treasures=2,
       effects={"bad_stuff": [{"lose_levels": 1}]}), 4),
    (C(name="Scooby Snack", set="scooby_doo", kind="one_shot", deck="treasure", bonus=3, gold=200), 6),
    (C(name="Mystery Hat", set="scooby_doo", kind="item", deck="treasure", slot="headgear", bonus=2, gold=400), 4),
]
NO_DUNGEONS = {"scooby_doo": {"dungeons": False}}


def opts(piles: bool = True, **kw) -> GameOptions:
    kw.setdefault("setup_window", False)
    return GameOptions(modules=("piles",) if piles else (), module_options=NO_DUNGEONS, **kw)


def new(seed=3, piles=True, players=3, history=True, **kw):
    return Game.new(players, deck=MIX, seed=seed, options=opts(piles, **kw), history=history)


def pile_index(g, deck, key):
    return g.state.module_state["piles"]["piles"][deck].index(key)


def check_invariants(g):
    ids = sorted(g.all_zones())
    assert ids == list(range(len(g.specs))), "card conservation"
    s = g.state
    for k, v in list(s.decks.items()) + list(s.discards.items()):
        if ":" in k and k.split(":")[0] in ("door", "treasure"):
            d, st = k.split(":", 1)
            assert all(g.specs[c].set == st and g.specs[c].deck == d for c in v), k
    assert not s.decks["door"] and not s.decks["treasure"]
    assert not s.discards["door"] and not s.discards["treasure"]


def test_setup_splits_piles_and_state_dict_shows_counts():
    g = new()
    sd = g.state_dict()
    for k in ("door:munchkin", "door:scooby_doo", "treasure:munchkin", "treasure:scooby_doo"):
        assert k in sd["decks"] and k in sd["discards"]
        assert sd["decks"][k]["count"] == len(g.state.decks[k])
    ms = sd["module_state"]["piles"]
    assert list(ms["piles"]["door"]) == ["door:munchkin", "door:scooby_doo"]
    assert ms["piles"]["door"]["door:scooby_doo"]["count"] == sd["decks"]["door:scooby_doo"]["count"]
    assert sd["decks"]["door"]["count"] == 0
    check_invariants(g)
    # view hides the order but keeps every pile's count
    v = g.view(1)
    assert v["decks"]["door:scooby_doo"] == {"count": sd["decks"]["door:scooby_doo"]["count"]}


def test_kicker_picks_scooby_doo_pile_and_gets_its_top_card():
    g = new()
    assert g.state.phase == "start" and g.actor() == 0
    i = pile_index(g, "door", "door:scooby_doo")
    a = Action(0, "door_pile", n=i)
    assert a in g.legal_actions(labels=False)
    top = g.state.decks["door:scooby_doo"][-1]
    munchkin_before = list(g.state.decks["door:munchkin"])
    g.play(a)
    assert g.state_dict()["module_state"]["piles"]["choice"] == {"0": {"door": "door:scooby_doo"}}
    assert g.state_dict()["module_state"]["piles"]["drawing"]["door"] == "door:scooby_doo"
    g.play("0 kick")
    assert g.state.combat is not None and g.state.combat.monsters[0] == top
    assert g.specs[top].set == "scooby_doo"
    assert g.state.decks["door:munchkin"] == munchkin_before
    assert f"kicks open the door: {g.name(top)}" in " ".join(g.log)
    # the standing choice is not offered again; the other pile is
    g2 = new()
    g2.play(a)
    kinds = [(x.kind, x.n) for x in g2.legal_actions(labels=False) if x.kind == "door_pile"]
    assert kinds == [("door_pile", pile_index(g2, "door", "door:munchkin"))]


def test_default_is_first_non_empty_pile():
    g = new()
    top = g.state.decks["door:munchkin"][-1]
    g.play("0 kick")
    assert g.specs[top].set == "munchkin"
    assert top not in g.state.decks["door:munchkin"]


def test_treasure_pile_choice_used_for_combat_treasures():
    g = new(seed=5)
    s = g.state
    # a sure win: put a Phantom (Level 1) on top of the Scooby pile, fighter Level 5
    ph = next(c for c in s.decks["door:scooby_doo"] if g.name(c) == "Phantom")
    s.decks["door:scooby_doo"].remove(ph)
    s.decks["door:scooby_doo"].append(ph)
    s.players[0].level = 5
    g.begin()
    g.play(Action(0, "door_pile", n=pile_index(g, "door", "door:scooby_doo")))
    g.play(Action(0, "treasure_pile", n=pile_index(g, "treasure", "treasure:scooby_doo")))
    top_t = s.decks["treasure:scooby_doo"][-1]
    g.play("0 kick")
    assert s.combat.monsters == [ph]
    while s.combat is not None or s.pending:
        acts = g.legal_actions(labels=False)
        a = next((x for x in acts if x.kind in ("fight", "pass")), acts[0])
        g.play(a)
    assert top_t in s.players[0].hand
    # the killed monster went to its own set's discard pile
    assert s.discards["door:scooby_doo"][-1] == ph
    assert not s.discards["door:munchkin"]
    check_invariants(g)


def test_discards_go_to_the_cards_own_set_pile():
    g = new()
    s = g.state
    m = next(c for c in s.decks["door:munchkin"])
    sd = next(c for c in s.decks["treasure:scooby_doo"])
    s.decks["door:munchkin"].remove(m)
    s.decks["treasure:scooby_doo"].remove(sd)
    g._discard(m)
    g._discard(sd)
    assert s.discards["door:munchkin"] == [m]
    assert s.discards["treasure:scooby_doo"] == [sd]
    assert not s.discards["door"] and not s.discards["treasure"]
    check_invariants(g)


def test_exhausted_pile_reshuffles_its_own_discards():
    g = new()
    s = g.state
    sc = s.decks["door:scooby_doo"]
    own = sc[:]
    s.discards["door:scooby_doo"].extend(sc)
    sc.clear()
    mun_disc = s.decks["door:munchkin"][:2]
    for c in mun_disc:
        s.decks["door:munchkin"].remove(c)
    s.discards["door:munchkin"].extend(mun_disc)
    g.begin()
    i = pile_index(g, "door", "door:scooby_doo")
    assert g.why_not(Action(0, "door_pile", n=i)) is None  # empty, but has discards
    g.play(Action(0, "door_pile", n=i))
    g.play("0 kick")
    kicked = s.combat.monsters[0] if s.combat else None
    assert kicked in own
    assert sorted(s.decks["door:scooby_doo"] + [kicked]) == sorted(own)
    assert s.discards["door:scooby_doo"] == []
    assert s.discards["door:munchkin"] == mun_disc  # the other pile's discards stay
    assert any("door:scooby_doo deck is reshuffled" in line for line in g.log)
    check_invariants(g)


def test_pile_without_cards_or_discards_is_skipped():
    g = new()
    s = g.state
    sc = s.decks.pop("door:scooby_doo")
    s.players[1].hand.extend(sc)  # keep conservation: the cards moved elsewhere
    s.decks["door:scooby_doo"] = []
    g.begin()
    i = pile_index(g, "door", "door:scooby_doo")
    why = g.why_not(Action(0, "door_pile", n=i))
    assert why and "exhausted" in why and "core rules, 3" in why
    assert not any(a.kind == "door_pile" for a in g.legal_actions(labels=False))
    # a standing choice of an exhausted pile falls back to the first drawable pile
    s.module_state["piles"]["choice"] = {"0": {"door": "door:scooby_doo"}}
    top = s.decks["door:munchkin"][-1]
    g.play("0 kick")
    assert top not in s.decks["door:munchkin"] and g.specs[top].set == "munchkin"


def test_cards_put_in_the_common_pile_join_their_set_pile():
    g = new()
    s = g.state
    c = s.decks["door:scooby_doo"].pop(0)  # bottom card
    s.decks["door"].append(c)  # e.g. a module shuffles a card into the top Door cards
    g.play(Action(0, "door_pile", n=pile_index(g, "door", "door:scooby_doo")))
    g.play("0 kick")
    assert (s.combat.monsters[0] if s.combat else s.players[0].hand[-1]) == c
    check_invariants(g)


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_card_conservation_over_100_random_games(policy):
    for seed in range(100 if policy == "random" else 30):
        rnd = random.Random(seed)
        g = new(seed=seed, players=2 + seed % 3, history=False, max_turns=25, setup_window=seed % 2 == 0)
        steps = 0
        while g.outcome() is None and steps < 3000:
            a = random_policy(g, rnd) if policy == "random" else greedy_policy(g, rnd)
            g.play(a)
            steps += 1
            if steps % 50 == 0:
                check_invariants(g)
        check_invariants(g)
        assert g.outcome() is not None, f"seed {seed}: game did not finish"
        assert all(1 <= p.level <= 10 for p in g.state.players)


def test_undo_redo_identity_and_replay():
    g = new(seed=11)
    rnd = random.Random(11)
    states = [json.dumps(g.state_dict(), sort_keys=True)]
    for _ in range(150):
        if g.outcome() is not None:
            break
        acts = g.legal_actions(labels=False)
        piles = [a for a in acts if a.kind.endswith("_pile")]
        g.play(rnd.choice(piles) if piles and rnd.random() < 0.5 else rnd.choice(acts))
        states.append(json.dumps(g.state_dict(), sort_keys=True))
    assert any(a.kind.endswith("_pile") for a in g.actions)
    n = len(g.actions)
    for i in range(n):
        g.undo()
        assert json.dumps(g.state_dict(), sort_keys=True) == states[n - 1 - i]
    for i in range(n):
        g.redo()
        assert json.dumps(g.state_dict(), sort_keys=True) == states[i + 1]
    h = Game.from_json(g.to_json())
    assert json.dumps(h.state_dict(), sort_keys=True) == states[-1]
    assert str(Action(0, "door_pile", n=1)) == "0 door_pile n=1"
    assert Action.parse("0 door_pile n=1") == Action(0, "door_pile", n=1)


def test_option_off_behaviour_unchanged():
    g = new(piles=False)
    s = g.state
    assert not any(":" in k for k in s.decks) and "piles" not in s.module_state
    assert "piles" not in g.state_dict()["module_state"]
    assert not g._h_pile and not g._h_dpile
    assert not any(a.kind.endswith("_pile") for a in g.legal_actions(labels=False))
    assert g.why_not(Action(0, "door_pile", n=0)) is not None
    top = s.decks["door"][-1]
    g.play("0 kick")
    assert top not in s.decks["door"]
    # same seed, option off: identical games, played twice
    a, b = new(piles=False, seed=9, history=False), new(piles=False, seed=9, history=False)
    rnd_a, rnd_b = random.Random(1), random.Random(1)
    for _ in range(200):
        if a.outcome() is not None:
            break
        a.play(random_policy(a, rnd_a))
        b.play(random_policy(b, rnd_b))
    assert a.state_dict() == b.state_dict()


def test_deck_option_passes_the_module():
    from munchkin_lab.decks.model import Deck

    d = Deck("Piles test", options={"piles_per_set": True})
    d._catalog = object()  # no cards: the catalog is never read
    try:
        o = d.game_options()
    except Exception as e:  # pragma: no cover - catalog needed in this environment
        pytest.skip(f"deck model needs a catalog: {e}")
    assert "piles" in o.modules
    d.options["piles_per_set"] = False
    assert "piles" not in d.game_options().modules


def test_the_fairy_joins_another_sets_door_pile_and_makes_none_of_her_own():
    """Fairy Dust rules: the Sparkly Good Fairy is shuffled into the Door deck; with one pile
    per set she joins the first other set's Door pile (a pile of her own would be her alone,
    met by whoever picks it, and back at once after every reshuffle of her own discards)."""
    fairy = C(name="Sparkly Good Fairy", set="fairy_dust", kind="monster", deck="door", manual=True)
    dust = C(name="Dust", set="fairy_dust", kind="fairy_dust", deck="fairy_dust", manual=True)
    for seed in range(6):
        g = Game.new(3, deck=MIX + [(fairy, 1), (dust, 4)], seed=seed,
                     options=GameOptions(modules=("piles", "fairy_dust"), module_options=NO_DUNGEONS,
                                         setup_window=False))
        s = g.state
        assert g.state.module_state["piles"]["piles"]["door"] == ["door:munchkin", "door:scooby_doo"]
        assert "door:fairy_dust" not in s.decks
        f = g.card_ids("Sparkly Good Fairy")[0]
        where = [k for k, v in list(s.decks.items()) + [(p.name, p.hand) for p in s.players] if f in v]
        assert where in (["door:munchkin"], ["P1"], ["P2"], ["P3"]), where
        assert len(s.decks["fairy_dust"]) == 4


def test_the_fairy_shuffled_into_the_top_part_keeps_every_door_card_in_its_pile():
    """Fairy Dust rules (introduction: the Fairy may be shuffled into the top part of the Door
    deck, option ``fairy_top``) with one pile per set: she goes into the top ``top_n`` cards of
    the pile she lies in, before the deal, and no Door card is lost. Before the fix the Fairy
    Dust set-up split the common Door deck early and the piles' own split then emptied every
    Door pile: the game began with no Door card at all."""
    fairy = C(name="Sparkly Good Fairy", set="fairy_dust", kind="monster", deck="door", manual=True)
    doors = sum(n for sp, n in MIX if sp.deck == "door") + 1
    for seed in range(6):
        g = Game.new(3, deck=MIX + [(fairy, 1)], seed=seed, deal=False,
                     options=GameOptions(modules=("piles", "fairy_dust"), setup_window=False,
                                         module_options={**NO_DUNGEONS, "fairy_dust": {"fairy_top": True}}))
        s = g.state
        piles = s.module_state["piles"]["piles"]["door"]
        assert piles == ["door:munchkin", "door:scooby_doo"]
        assert sum(len(s.decks[k]) for k in piles) == doors and s.decks["door"] == []
        f = g.card_ids("Sparkly Good Fairy")[0]
        assert f in s.decks["door:munchkin"][-10:]
