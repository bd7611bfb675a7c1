"""The greedy bot's copies of the engine's rules (plays, equips, sales, choices) answer as
``why_not`` / the legal list does, in every state met by greedy games under plain rules."""
from __future__ import annotations

import pytest

from munchkin_lab.engine import Game, GameOptions
from munchkin_lab.engine.game import turn_category
from munchkin_lab.sim.bots import (_C_CURSE, _C_DBL, _C_MON, _C_WHY, _C_XFER, _L_WHY, GreedyBot, _act,
                                   _categories, _rule_allows)


def _variants(g, seat, c):
    """The own-turn plays of hand card ``c`` the engine would list (before checking)."""
    s = g.state
    p = s.players[seat]
    t = turn_category(g.specs[c])
    if t == 2 or g.specs[c].kind in ("race", "class", "item"):
        return [_act(seat, "play", c)]
    if t == 1:
        return [_act(seat, "play", c, m=it) for it in p.in_play()]
    if t == 3:
        return [_act(seat, "play", c, q) for q in range(len(s.players))]
    if t == 4:
        return [_act(seat, "play", c, m=m) for pile in s.discards.values() for m in pile[-3:]]
    return []


def _combat_variants(g, seat, cards):
    """The combat candidates the greedy bot may build for the acting ``seat``."""
    s = g.state
    c = s.combat
    p = s.players[seat]
    nm = len(c.monsters)
    out = []
    for card in p.hand + [x for x in p.carried if cards.kind[x] == "one_shot"]:
        code = cards.ccode[card]
        if code == _C_WHY:
            continue
        if code == _C_MON:
            out += [_act(seat, "play", card, n=i) for i in range(nm + 1)]
        elif code in (_C_CURSE, _C_XFER):
            out += [_act(seat, "play", card, t) for t in range(len(s.players))]
        elif g.specs[card].effects.get("wandering_monster"):
            out += [_act(seat, "play", card, m=x) for x in p.hand if cards.kind[x] == "monster"]
        else:
            out += [_act(seat, "play", card), _act(seat, "play", card, n=1)]
            if code == _C_DBL:
                out.append(_act(seat, "play", card, n=1))
    if c.stage == "fight" and seat == c.fighter:
        out += [_act(seat, "evade", n=i) for i in range(nm)]
        for kind, cls in (("berserk", "warrior"), ("turning", "cleric")):
            if g.has_class(seat, cls):
                out += [_act(seat, kind, x) for x in p.hand]
    if seat != c.fighter and g.has_class(seat, "thief") and (p.hand or p.in_play()):
        out.append(_act(seat, "backstab", (p.hand or p.in_play())[0], c.fighter))
    return out


def _check_state(g, bot, seat, seen):
    s = g.state
    p = s.players[seat]
    cards = _categories(g.specs)
    if not s.pending and s.combat is not None and s.combat.stage in ("fight", "window"):
        if s.combat.stage == "window" and not bot._window_cards(g, seat, s.combat):
            assert bot._window_fast(g, seat) == _act(seat, "pass")  # nothing to play: it passes
            seen.add("no window cards")
        for a in _combat_variants(g, seat, cards):
            ok = bot._combat_ok(g, seat, a)
            assert ok == (g.why_not(a) is None), f"{a}: {g.why_not(a)}"
            seen.add(("combat", a.kind, ok))
        return
    if s.pending:
        d = s.pending[0]
        if d["kind"] == "choose":
            want = [a.card for a in g.legal_actions(labels=False) if a.kind == "choose"]
            assert list(g.choice_options(d)) == want
            seen.add("choose")
        return
    if s.combat is not None or s.phase not in ("start", "trouble", "end", "setup"):
        return
    setup = s.phase == "setup"
    for c in p.hand:
        if setup and g.specs[c].kind not in ("race", "class", "item"):
            continue
        if g.specs[c].kind in ("race", "class") and (p.races if g.specs[c].kind == "race" else p.classes):
            continue  # the bot plays a Race / Class only for a player without one
        lg = cards.legal[c]
        if lg == _L_WHY:
            continue
        for a in _variants(g, seat, c):
            allowed = _rule_allows(g, seat, p, c, lg)
            assert allowed == (g.why_not(a) is None), f"{a}: {g.why_not(a)}"
            seen.add(("play", lg, allowed))
    for q, pq in enumerate(s.players):
        for c in pq.hand + pq.equipped + pq.carried:
            if bot._bonus[c] is not None:
                assert bot._bonus[c] == g.item_bonus(q, c)
                seen.add("bonus")
            if bot._unres[c]:
                assert g.can_use(q, c)
    if setup:
        return
    for c in p.carried:
        if cards.kind[c] == "item":
            ok = g.can_use(seat, c) and g.why_slot(seat, c) is None
            assert ok == (g.why_not(_act(seat, "equip", c)) is None)
            seen.add(("equip", ok))
    sale = bot._sale(g, seat)
    if sale is not None:
        assert bot._sale_legal(g, seat, sale) == (g.why_not(sale) is None)
        seen.add("sale")


@pytest.mark.parametrize("players", [3, 4, 6])
def test_rule_copies_match_the_engine(base_deck, players):
    specs = base_deck.specs()
    seen: set = set()
    for seed in range(4):
        g = Game.new(players=players, deck=specs, seed=seed, options=GameOptions(max_turns=150),
                     history=False)
        bots = [GreedyBot(seed * 10 + k) for k in range(players)]
        steps = 0
        while g.outcome() is None and steps < 20000:
            seat = g.actor()
            bot = bots[seat]
            bot._facts(g)
            assert bot._plain
            _check_state(g, bot, seat, seen)
            a = bot.choose(g, seat)
            assert g.why_not(a) is None
            g.play(a)
            steps += 1
    assert "sale" in seen and ("equip", True) in seen and ("equip", False) in seen
    assert "choose" in seen and "bonus" in seen and "no window cards" in seen
    assert {("combat", k, ok) for k in ("play", "evade") for ok in (True, False)} <= seen
    assert {("play", 1, False), ("play", 1, True), ("play", 2, False), ("play", 3, False)} <= seen


def test_turn_codes_agree_with_business(base_deck):
    """The own-turn hand codes carry _has_business: codes 3-7 always give business, 1 / 2
    (Race / Class) for a player without one, 0 never."""
    g = Game.new(players=4, deck=base_deck.specs(), seed=0, options=GameOptions(), history=False)
    cards = _categories(g.specs)
    for code, biz in zip(cards.tcode, cards.biz):
        assert biz == {0: 0, 1: 2, 2: 3}.get(code, 1)
