"""The engine's speed paths answer as its rules do: shared card tables, the trusted play paths,
the draw/death counters, and the public rule helpers the simulator's bots call."""
from __future__ import annotations

import random

import pytest

from munchkin_lab.engine import Action, Game, GameOptions, IllegalActionError
from munchkin_lab.engine.game import combat_category, turn_category


def _playout(deck, seed, steps=400):
    g = Game.new(players=4, deck=deck, seed=seed, options=GameOptions(max_turns=60), history=False)
    rnd = random.Random(seed)
    for _ in range(steps):
        if g.outcome() is not None:
            break
        g.play(rnd.choice(g.legal_actions(labels=False)))
    return g


def test_games_over_the_same_cards_share_tables_but_not_state(base_deck):
    a = Game.new(players=4, deck=base_deck, seed=1, history=False)
    b = Game.new(players=3, deck=base_deck, seed=2, history=False)
    assert a._kind is b._kind  # the per-card lists are built once per card list
    assert a.state.decks["door"] is not b.state.decks["door"]
    assert sorted(a.state.decks["door"] + [c for p in a.state.players for c in p.hand
                                            if a.specs[c].deck == "door"]) == \
        sorted(i for i, sp in enumerate(a.specs) if sp.deck == "door")


def test_play_check_false_skips_the_check_and_default_still_refuses(base_deck):
    g = Game.new(players=4, deck=base_deck, seed=3, history=False)
    seat = g.actor()
    wrong = Action((seat + 1) % 4, "kick")
    assert g.why_not(wrong) is not None
    with pytest.raises(IllegalActionError):
        g.play(wrong)
    legal = g.legal_actions(labels=False)[0]
    before = len(g.actions)
    g.play(Action(legal.player, legal.kind, legal.card, legal.target, legal.n, legal.m, legal.cards),
           check=False)
    assert len(g.actions) == before + 1


def test_an_action_approved_by_why_not_is_checked_again_after_the_state_moved(base_deck):
    g = Game.new(players=4, deck=base_deck, seed=4, options=GameOptions(setup_window=False))
    seat = g.actor()
    approved = Action(seat, "kick")
    assert g.state.phase == "start" and g.why_not(approved) is None
    g.play(Action(seat, "kick"))  # another object: the door is open, the phase moved on
    assert g.state.phase != "start"
    with pytest.raises(IllegalActionError):
        g.play(approved)


def test_draw_counter_counts_the_cards_drawn(base_deck):
    g = Game.new(players=4, deck=base_deck, seed=5, options=GameOptions(setup_window=False),
                 history=False)
    before, pile = g.draws, len(g.state.decks["door"])
    g.play(Action(g.actor(), "kick"))  # Kick Down the Door draws one Door card
    assert g.draws == before + 1
    assert len(g.state.decks["door"]) == pile - 1


def test_death_counter_matches_the_deaths_in_the_log(base_deck):
    found = False
    for seed in range(40):
        g = Game.new(players=4, deck=base_deck, seed=seed, options=GameOptions(max_turns=80))
        rnd = random.Random(seed)
        while g.outcome() is None:
            g.play(rnd.choice(g.legal_actions(labels=False)))
        died = sum(1 for line in g.log if " dies!" in line)
        assert g.deaths == died
        if died:
            found = True
            break
    assert found


def test_public_rule_helpers_agree_with_why_not(base_deck):
    # checked along random playouts (every 5th step), not at one point of each: a rule change
    # elsewhere moves the games, and a single point may hold no carried usable Item
    checked = chosen = 0
    for seed in range(6):
        g = Game.new(players=4, deck=base_deck, seed=seed, options=GameOptions(max_turns=60), history=False)
        rnd = random.Random(seed)
        for step in range(250):
            if g.outcome() is not None:
                break
            s = g.state
            if step % 5 == 0:
                for seat, p in enumerate(s.players):
                    for c in p.carried:
                        if g.specs[c].kind == "item" and g.can_use(seat, c):
                            # out of combat, equipping is refused only for a full slot
                            if s.combat is None and not s.pending:
                                want = g.why_slot(seat, c) is None
                                assert (g._why_equip(seat, Action(seat, "equip", c)) is None) == want
                                checked += 1
            if s.pending and s.pending[0]["kind"] == "choose":
                opts = [a.card for a in g.legal_actions(labels=False) if a.kind == "choose"]
                assert list(g.choice_options(s.pending[0])) == opts
                chosen += 1
            g.play(rnd.choice(g.legal_actions(labels=False)))
    assert checked > 0 and chosen > 0


def test_categories_are_those_the_engine_lists(base_deck):
    specs = {sp.name: sp for sp, _ in base_deck}
    assert turn_category(specs["Cheat!"]) == 1
    assert turn_category(specs["Half-Breed"]) == 2
    assert turn_category(specs["Steal a Level"]) == 3
    assert combat_category(specs["Wandering Monster"]) == 4
    assert combat_category(specs["Magic Missile"]) == 3
    assert turn_category(specs["Magic Missile"]) == 0


def test_the_event_stack_gives_the_outer_flags_back_however_an_event_ends(base_deck):
    # Abilities._lang_event (a small class on the hot path, not contextlib): a nested event
    # starts with no flags (or the caller's dict) and the running event's flags are back after
    # it, also when the block raises (an op walk suspended for a die's reactions raises)
    g = Game.new(players=4, deck=base_deck, seed=5, history=False)
    with g._lang_event() as outer:
        assert g._ev is outer and outer == {}
        g._ev["reroll"] = True
        mine = {"die": 6}
        with g._lang_event(mine) as inner:
            assert inner is mine and g._ev is mine
            g._ev["void"] = True
        assert g._ev is outer and outer == {"reroll": True} and mine == {"die": 6, "void": True}
        with pytest.raises(KeyError):
            with g._lang_event():
                g._ev["cancel"] = True
                raise KeyError("suspended")
        assert g._ev is outer and outer == {"reroll": True}
    assert g._ev == {}


@pytest.mark.parametrize("deck_name", ["base_deck", "scooby_only"])
def test_munchkins_win_with_a_helper_answers_as_the_strengths_with_that_helper_in(deck_name, request):
    """``munchkins_win_with(q)`` (read off the strengths where the helper changes only their own
    strength and the monsters' bonuses against them) is what ``munchkins_win()`` says once ``q`` is the helper, and asking leaves
    the position's strengths as they were."""
    deck = request.getfixturevalue(deck_name)
    fast = slow = 0
    for seed in range(40):
        g = Game.new(players=4, deck=deck, seed=seed, options=GameOptions(max_turns=60), history=False)
        rnd = random.Random(seed)
        for _ in range(500):
            if g.outcome() is not None:
                break
            c = g.state.combat
            if c is not None and c.monsters and c.helper < 0:
                before = (g.strengths(), g.munchkins_win())
                for q in range(4):
                    if q == c.fighter:
                        continue
                    h = g.copy()
                    h.state.combat.helper = q
                    want = h.munchkins_win()
                    if g._helper_terms_few(c) is not None:
                        fast += 1
                    else:
                        slow += 1
                    assert g.munchkins_win_with(q) is want, (seed, q)
                    assert g._win_with_helper_in(q) is want, (seed, q)
                    assert (g.strengths(), g.munchkins_win()) == before and c.helper < 0
            g.play(rnd.choice(g.legal_actions(labels=False)))
    assert fast > 50 and slow > 0, (fast, slow)


def test_a_shared_event_context_is_the_one_a_fresh_build_gives(base_deck):
    """Abilities._ctx shares a Context without facts (abilities._CTX_MEMO): every answer it
    gives along random games has the fields a fresh build gives, and one with facts is new."""
    from dataclasses import astuple

    from munchkin_lab.engine.lang.interp import Context

    g = _playout(base_deck, 11, steps=150)
    seen = 0
    for card in range(0, len(g.specs), 7):
        for owner, player, monster in ((-1, 0, -1), (2, 1, -1), (0, 0, card)):
            kind = g._kind[card]
            against = kind in ("monster", "monster_enhancer")
            ctx = g._ctx(card, owner, player, monster)
            want = Context(card, owner, player, ctx.monster, g.specs[card].bonus or 0, against, {})
            assert astuple(ctx) == astuple(want)
            assert g._ctx(card, owner, player, monster) is ctx  # shared while nothing differs
            flagged = g._ctx(card, owner, player, monster, {"first_roll": True})
            assert flagged is not ctx and flagged.facts == {"first_roll": True}
            assert g._ctx(card, owner, player, monster, against=not against).against is (not against)
            seen += 1
    assert seen > 30


@pytest.mark.parametrize("deck_name", ["base_deck", "scooby_only"])
def test_a_cards_own_plain_ability_plays_as_the_full_firing(deck_name, request, monkeypatch):
    """A card's own event running one plain ability (its Bad Stuff, a Curse's ops...: the
    table ``_lplain``) runs its op walk directly without history (``Abilities._own_plain``):
    games played so, step by step, reach the states of the same games whose cards all go
    through the full firing (``_lplain`` emptied); the base set's takes both kinds of walk
    (each op's handler called at once, and the op walk)."""
    from munchkin_lab.engine.abilities import Abilities

    deck = request.getfixturevalue(deck_name)
    taken = {True: 0, False: 0}
    direct = Abilities._own_plain

    def counted(self, *args):
        taken[args[-1]] += 1
        return direct(self, *args)

    monkeypatch.setattr(Abilities, "_own_plain", counted)
    for seed in range(8):
        fast = Game.new(players=4, deck=deck, seed=seed, options=GameOptions(max_turns=40), history=False)
        slow = Game.new(players=4, deck=deck, seed=seed, options=GameOptions(max_turns=40), history=False)
        slow._lplain = [None] * len(slow.specs)
        rnd = random.Random(seed)
        while fast.outcome() is None:
            acts = fast.legal_actions(labels=False)
            assert acts == slow.legal_actions(labels=False)
            a = rnd.choice(acts)
            fast.play(a)
            slow.play(a)
            assert fast.state_dict() == slow.state_dict(), (seed, str(a))
        assert slow.outcome() == fast.outcome()
    assert taken[True] + taken[False] > 0, taken
    if deck_name == "base_deck":  # (its Bad Stuff: plain steps, and an `if` or a roll's ranges)
        assert taken[True] > 0 and taken[False] > 0, taken
