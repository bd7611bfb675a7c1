"""The engine's caches never answer stale (engine/README.md, Speed): every cached answer equals
the one computed afresh, on random games of every preset (with undo, redo, copies and saved
games loaded mid-game) and on every scenario file, and a game replayed from its save answers
``legal_actions`` / ``why_not`` / the strengths exactly as the game that got there step by step.

The caches checked here: where the card-effect language's cards sit in front of the players
(``Abilities._holders``, kept in ``Game._hcache`` until ``Zones._play_moved``); the strengths
memo (``Game._smemo``: ``player_strength``, ``strengths``, ``munchkins_win``,
``treasure_count`` of one state version, carried over the actions ``Combat._keeps_strengths``
names; see the ``Combat`` class docstring); the fighter's list carried over a refused help
request (``Game._fcarry``, ``Combat._carry_fight``)."""
from __future__ import annotations

import glob
import random
from pathlib import Path

import pytest

from munchkin_lab.engine import Action, Game
from munchkin_lab.engine.abilities import Abilities
from munchkin_lab.engine.combat import NO_CARRY, Combat

ROOT = Path(__file__).resolve().parents[1] / "scenarios"
PRESETS = ("base", "base_fairy_dust", "base_scooby_dungeons", "star_munchkin_adventures")
SCENARIOS = sorted(f for d in ("core", "fairy_dust", "scooby_doo", "star_munchkin_adventures")
                   for f in glob.glob(str(ROOT / d / "*.yaml")))


@pytest.fixture
def checked_caches(monkeypatch):
    """Every holders answer is compared with one computed with an empty cache; returns the
    counters ``{"calls": n, "found": n}`` (found: answers naming at least one card)."""
    seen = {"calls": 0, "found": 0}
    cached = Abilities._holders

    def holders(self, want, *args, **kw):
        assert want <= self._lall, "a listening set outside the card list's tables"
        got = cached(self, want, *args, **kw)
        keep = self._hcache
        self._hcache = {}
        try:
            fresh = cached(self, want, *args, **kw)
        finally:
            self._hcache = keep
        assert got == fresh, f"stale holders cache for {sorted(want)}: {got} != {fresh}"
        seen["calls"] += 1
        seen["found"] += bool(got)
        return got

    monkeypatch.setattr(Abilities, "_holders", holders)
    return seen


@pytest.fixture
def checked_strengths(monkeypatch):
    """Every answer of the strengths memo's readers is compared with one computed with the
    memo off; returns the counters ``{"asked": n, "computed": n, "pre_win": n}`` (asked:
    ``strengths`` or ``munchkins_win`` asked with the memo on; computed: the strengths summed
    afresh then; pre_win: a window's last ``pass`` answered from the memo)."""
    seen = {"asked": 0, "computed": 0, "pre_win": 0}

    def checked(name):
        orig = getattr(Combat, name)

        def fn(self, *args):
            keep = self._sfree
            if name in ("strengths", "munchkins_win") and keep and not self._lx_depth:
                seen["asked"] += 1
            got = orig(self, *args)
            self._sfree = False
            try:
                fresh = orig(self, *args)
            finally:
                self._sfree = keep
            assert got == fresh, f"stale strengths memo: {name}{args} = {got}, afresh {fresh}"
            return got
        monkeypatch.setattr(Combat, name, fn)

    for name in ("player_strength", "strengths", "munchkins_win", "treasure_count"):
        checked(name)
    computed = Combat._strengths

    def strengths_computed(self, c):
        seen["computed"] += self._sfree and not self._lx_depth  # (asked with the memo on)
        return computed(self, c)
    monkeypatch.setattr(Combat, "_strengths", strengths_computed)
    pre_win = Combat._pre_win

    def pre_win_checked(self):
        got = pre_win(self)
        if got is not None:  # (the pass has only left the window: nothing the fight reads)
            assert not self._sfree and got == self.munchkins_win(), "stale strengths memo in _pre_win"
            seen["pre_win"] += 1
        return got
    monkeypatch.setattr(Combat, "_pre_win", pre_win_checked)
    return seen


@pytest.fixture
def checked_fight_list(monkeypatch):
    """Every fighter's list carried over a refused help request is compared with one the
    generators list afresh; returns the counter ``{"carried": n}``."""
    seen = {"carried": 0}
    listed = Game.legal_actions

    def legal_actions(self, labels=True, seat=None):
        s = self.state
        carried = seat is None and self._fcarry[0] == self._ver and not s.pending and \
            s.phase == "combat" and s.combat.stage == "fight"
        got = listed(self, labels, seat)
        if carried:
            seen["carried"] += 1
            keep = (self._fcarry, self._legal, self._legal_ver)
            self._fcarry = NO_CARRY
            try:
                fresh = listed(self, labels, seat)
            finally:
                self._fcarry, self._legal, self._legal_ver = keep
            assert got == fresh and [a.label for a in got] == [a.label for a in fresh], \
                f"stale fighter's list: {got} != {fresh}"
        return got

    monkeypatch.setattr(Game, "legal_actions", legal_actions)
    return seen


def _deck(name):
    from munchkin_lab.decks import load_preset

    return load_preset(name)


@pytest.mark.parametrize("preset", PRESETS)
def test_random_games_never_read_a_stale_cache(preset, checked_caches, checked_strengths, checked_fight_list):
    """Random games (history on every other game: undo and redo at random points; a copy or a
    loaded save taking over now and then) with every cached answer checked."""
    deck = _deck(preset)
    for seed in range(14):
        g = Game.new(players=3 + seed % 4, deck=deck.specs(), seed=seed,
                     options=deck.game_options(max_turns=40), history=seed % 2 == 0)
        rnd = random.Random(seed)
        steps = 0
        while g.outcome() is None and steps < 1500:
            g.play(rnd.choice(g.legal_actions(labels=False)))
            steps += 1
            r = rnd.random()
            if g.history and r < 0.04 and len(g._undo) > 3:
                for _ in range(rnd.randint(1, 3)):
                    g.undo()
                if rnd.random() < 0.5:
                    g.redo()
            elif r < 0.05:
                g = g.copy(history=g.history)
            elif r < 0.055:
                g = Game.from_json(g.to_json())
    assert checked_caches["calls"] > 100
    # the fighter's list is carried (with the core rules alone: no module)
    assert (checked_fight_list["carried"] > 0) == (preset == "base"), checked_fight_list
    # the memo answers (the check above means something) - unless a rules module hooks the
    # strengths (the memo is off then)
    if g._sfree_ok:
        assert checked_strengths["computed"] < checked_strengths["asked"], checked_strengths
    else:
        assert checked_strengths["asked"] == 0, checked_strengths


def test_the_greedy_bots_read_the_strengths_memo_afresh(checked_strengths):
    """The simulator's greedy bots read the strengths in every stage of a combat (the memo
    carried over window passes and help requests, and the last pass reading it): every
    answer still equals a fresh one."""
    from munchkin_lab.sim import simulate

    simulate(_deck("base"), games=12, seed=3, workers=1, progress=False)
    assert checked_strengths["computed"] < checked_strengths["asked"], checked_strengths
    assert checked_strengths["pre_win"] > 10, checked_strengths


def test_the_language_cards_are_found_and_still_answer_afresh(checked_caches):
    """The base deck's language cards (the Halfling, Tuba of Charm, Kneepads of Allure, the
    Lawyers) are found in play often enough for the check above to mean something."""
    deck = _deck("base")
    for seed in range(30):
        g = Game.new(players=4, deck=deck.specs(), seed=seed, options=deck.game_options(max_turns=60),
                     history=False)
        rnd = random.Random(seed)
        while g.outcome() is None:
            g.play(rnd.choice(g.legal_actions(labels=False)))
    assert checked_caches["found"] > 200, checked_caches


def test_the_use_candidates_stop_early_only_when_nothing_listens():
    """``LangActions._cand_use`` stops before asking the holders when the cache says no ``use``
    card (out of a combat: none whose ``use`` ability may hold there) sits in front of a
    player and none is in the combat: at every step of random base
    games, for every seat, whenever it stops early the holders asked afresh (empty cache) name
    no card, and its list equals the one computed with an empty cache. (The holders cache
    also keeps each set's firing order per starting seat: checked by ``checked_caches``.)"""
    from munchkin_lab.engine.lang_actions import LangActions

    deck = _deck("base")
    early = heard = 0
    for seed in range(12):
        g = Game.new(players=4, deck=deck.specs(), seed=seed, options=deck.game_options(max_turns=60),
                     history=False)
        asked: list = []
        g._holders = lambda *a, **kw: asked.append(1) or Abilities._holders(g, *a, **kw)
        rnd = random.Random(seed)
        while g.outcome() is None:
            for seat in range(4):
                asked.clear()
                got: list = []
                LangActions._cand_use(g, seat, True, got)
                keep, g._hcache = g._hcache, {}
                # (the set it asks for: out of a combat only the cards whose `use` ability
                # may hold there, _luse_out)
                luse = g._luse if g.state.combat is not None else g._luse_out
                listening = Abilities._holders(g, luse, seat)
                fresh: list = []
                LangActions._cand_use(g, seat, True, fresh)
                g._hcache = keep
                assert got == fresh, (seed, seat, got, fresh)
                if not asked:
                    assert listening == [], (seed, seat, listening)
                    early += 1
                heard += bool(listening)
            g.play(rnd.choice(g.legal_actions(labels=False)))
    # the Hireling (in front of a player) and the Lawyers (in the combat) listen often
    assert early > 1000 and heard > 200, (early, heard)


@pytest.fixture(scope="module")
def all_sets(db_url):
    """Card-name resolver over every shipped set (the session's temp card database)."""
    from munchkin_lab.cards.api import load_specs

    by_name = {sp.name.lower(): sp for sp, _ in load_specs(url=db_url)}
    return lambda name: by_name.get(name.lower())


def test_every_scenario_passes_with_every_cached_answer_checked(resolver, all_sets, db_url, checked_caches,
                                                                checked_strengths, checked_fight_list):
    """Each file with the resolver its own suite uses (the base set for core, the card
    database for the expansions - inline cards first -, every shipped set for the language's
    ``lang_*`` files)."""
    from munchkin_lab.scenarios.runner import database_resolver, run_file

    expansions = database_resolver(url=db_url)
    assert len(SCENARIOS) > 150
    for path in SCENARIOS:
        p = Path(path)
        res = all_sets if p.stem.startswith("lang_") else resolver if p.parent.name == "core" else expansions
        r = run_file(path, res)
        assert r.ok, r.line()
    assert checked_caches["found"] > 20, checked_caches  # (the files whose cards use the language)


def _probes(g: Game, rnd: random.Random) -> list:
    """Actions of every kind with random fields (mostly refused), asked of both games."""
    n = len(g.state.players)
    kinds = sorted(g._CHECK)
    return [Action(rnd.randrange(n), rnd.choice(kinds), rnd.randrange(-1, len(g.specs)), rnd.randrange(-1, n),
                   rnd.randrange(0, 3), rnd.randrange(-1, 3)) for _ in range(12)]


def _answers(g: Game, probes: list) -> tuple:
    s = g.state
    strengths = g.strengths() if s.combat is not None else None
    return (g.legal_actions(labels=False),
            [g.legal_actions(labels=False, seat=q) for q in range(len(s.players))],
            [g.why_not(a) for a in probes], strengths,
            [g.player_strength(q) for q in range(len(s.players))] if s.combat is not None else None)


@pytest.mark.parametrize("preset", PRESETS)
def test_a_replayed_game_answers_as_the_played_one(preset):
    """At random points of random games, a fresh game loaded from the save (replayed from the
    start, every cache empty) answers the legal actions of every seat, ``why_not`` of random
    probes and the strengths exactly as the game played step by step (caches warm)."""
    deck = _deck(preset)
    compared = 0
    for seed in range(6):
        g = Game.new(players=3 + seed % 3, deck=deck.specs(), seed=100 + seed,
                     options=deck.game_options(max_turns=30), history=False)
        rnd = random.Random(seed)
        while g.outcome() is None:
            if rnd.random() < 0.03:
                probes = _probes(g, rnd)
                mine = _answers(g, probes)
                fresh = Game.from_json(g.to_json())
                assert _answers(fresh, probes) == mine
                compared += 1
            g.play(rnd.choice(g.legal_actions(labels=False)))
    assert compared > 20


def _fight(seed: int = 0) -> Game:
    """A base game (history on) played at random up to a combat's fight stage."""
    deck = _deck("base")
    rnd = random.Random(seed)
    g = Game.new(players=4, deck=deck.specs(), seed=seed, options=deck.game_options(max_turns=60))
    while not (g.state.combat is not None and g.state.combat.stage == "fight" and not g.state.pending):
        g.play(rnd.choice(g.legal_actions(labels=False)))
    return g


def test_the_strengths_memo_follows_edits_undo_and_copies():
    """The memo is per state: an edited position re-marked by ``begin``, an undo and a copy
    each answer their own numbers (a memo surviving any of them answers the old ones)."""
    g = _fight()
    c = g.state.combat
    ps, ms = g.strengths()
    mine = g.player_strength(c.fighter)
    g.state.players[c.fighter].level += 3
    g.begin()  # (a scenario's edit: the position is new)
    assert g.strengths() == (ps + 3, ms)
    assert g.player_strength(c.fighter) == mine + 3
    twin = g.copy()
    twin.state.players[c.fighter].level += 2
    twin.begin()
    assert twin.strengths() == (ps + 5, ms) and g.strengths() == (ps + 3, ms)
    g2 = _fight(1)
    before = g2.strengths(), g2.munchkins_win()
    for a in g2.legal_actions(labels=False):
        if a.kind in ("fight", "run"):
            g2.play(a)
            break
    g2.strengths()
    g2.undo()
    assert (g2.strengths(), g2.munchkins_win()) == before


def test_a_strength_that_reads_fought_is_not_carried_over_the_first_declared_fight(checked_strengths):
    """A declared victory carries the strengths memo over when no card hears ``fight_declared``
    and no card's condition reads ``fought`` (``Game._lfought``); a designer's Item worth +3
    once the fight is declared (``if: fought``) makes the first declaration change a strength:
    random games with it in play answer every strength afresh."""
    from munchkin_lab.cards.api import load_specs
    from munchkin_lab.engine import CardSpec

    base = load_specs(sets=["munchkin"])
    assert not Game.new(players=3, deck=base, seed=0)._lfought
    eff = {"abilities": [{"when": "in_play", "who": "owner", "if": "fought", "do": [{"combat_strength": -30}]}]}
    hat = CardSpec.make(set="x", name="Hat of Cold Feet", kind="item", deck="treasure", slot="headgear",
                        bonus=1, gold=100, effects=eff)
    declared = 0
    for seed in range(6):
        g = Game.new(players=3, deck=base + [(hat, 20)], seed=seed, options=None, history=False)
        assert g._lfought
        rnd = random.Random(seed)
        while g.outcome() is None and len(g.actions) < 1500:
            a = rnd.choice(g.legal_actions(labels=False))
            c = g.state.combat
            worn = g.state.players[c.fighter].equipped if c is not None else ()
            if a.kind == "fight" and any(h in worn for h in g.card_ids("Hat of Cold Feet")):
                declared += 1
            g.play(a)
    assert declared > 0 and checked_strengths["asked"] > 0
