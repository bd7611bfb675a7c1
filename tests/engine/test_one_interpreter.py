"""One interpreter for card effects (issue 13, item 1): every card's ``effects`` go through the
one compiler once per card list, and the engine reads only what it produced.

- The rule modules never read a spec's raw ``effects`` (only ``lang_compile.py`` does: it
  compiles them); the per-card tables come from the compiled program.
- A card written in the long form (``abilities:``) behaves exactly like the short form that
  means the same: the same record for the core's rules, the same abilities for the language's
  firing, and, played, the same games move for move (state, actions and log).
"""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
import yaml

from munchkin_lab.engine import CardSpec, Game, GameOptions
from munchkin_lab.engine.lang import expand
from munchkin_lab.engine.lang.render import ability_to_data
from munchkin_lab.engine.lang_compile import specialise

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "munchkin_lab" / "engine"
#: the module parts a rules module owns stay in their short form (their module reads them)
PARTS = ("room", "room_action", "dungeon", "portal", "fairy_dust", "vehicle")
_PART_ORIGINS = tuple(p if p in ("portal", "room_action", "vehicle") else p + "." for p in PARTS)

#: files that may name ``.effects``: the compiler's entry, the vocabulary check, the spec
#: itself, and a saved game's spec list (they carry the card, they do not read its rules)
ALLOWED = {"lang_compile.py": "compiles every card's effects (the only reader)",
           "effects.py": "the vocabulary and its validator",
           "cards.py": "CardSpec holds the effects",
           "game.py": "to_json writes each spec whole",
           "saves.py": "from_json checks a saved spec's fields",
           "__init__.py": "re-exports validate_effects"}


def _code_lines(path: Path) -> list[tuple[int, str]]:
    """The lines of ``path`` that are code (docstrings and comments left out)."""
    out = []
    in_doc = False
    for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        s = line.strip()
        n = s.count('"""')
        if in_doc:
            if n % 2 == 1:
                in_doc = False
            continue
        if s.startswith('"""'):
            if n == 1:
                in_doc = True
            continue
        out.append((i, line.split("#", 1)[0]))
    return out


def test_the_rule_modules_never_read_raw_effects():
    """No rule module reads ``spec.effects``: every reader goes through the compiled program
    (``Game._fx``, ``Game._part``, ``_lrun``...)."""
    offenders = []
    for path in sorted(list(ENGINE.glob("*.py")) + list((ENGINE / "modules").glob("*.py"))):
        if path.name in ALLOWED:
            continue
        for i, code in _code_lines(path):
            if re.search(r"\.effects\b", code):
                offenders.append(f"{path.relative_to(ROOT)}:{i}: {code.strip()}")
    assert offenders == []


def test_the_old_second_walker_is_gone():
    """One op walker: ``Ops._run_ops`` and the table of handlers; no ``_apply_ops``."""
    from munchkin_lab.engine.ops import OP_HANDLERS
    from munchkin_lab.engine.lang.vocab import OPS

    assert not hasattr(Game, "_apply_ops")
    at_once = {n for n, d in OPS.items() if not d.lasting and d.short is None}
    assert at_once <= set(OP_HANDLERS), sorted(at_once - set(OP_HANDLERS))
    for name, meth in OP_HANDLERS.items():
        assert callable(getattr(Game, meth)), name


def _long_form(effects: dict, kind: str) -> dict:
    """The same card written out in the long form: every short form as an ``abilities:``
    entry (the module parts stay as they are: their modules read them)."""
    prog = expand(effects, kind)
    out = {k: v for k, v in effects.items() if k in PARTS}
    abilities = [ability_to_data(a) for a in prog.abilities if not a.origin.startswith(_PART_ORIGINS)]
    if abilities:
        out["abilities"] = abilities
    return out


def _set_cards():
    for f in sorted((ROOT / "database" / "sets").glob("*.yaml")):
        for c in yaml.safe_load(f.read_text(encoding="utf-8")).get("cards") or ():
            if c.get("effects"):
                yield f.stem, c


def _strip(ab):
    return ab.__class__(ab.when, ab.do, ab.cond, ab.who, ab.by, ab.may, ab.cost, ab.limit, ab.label, "",
                        ab.from_hand)


@pytest.mark.parametrize("set_name,card", list(_set_cards()), ids=lambda x: x if isinstance(x, str) else x["name"])
def test_long_form_gets_the_same_fast_path(set_name, card):
    """Compile-time specialisation goes by the shape of an ability, not by how it was
    written: the long form of every shipped card gives the same record and the same abilities
    for the language's firing as its file entry."""
    kind = card["kind"]
    short = expand(card["effects"], kind)
    long_ = expand(_long_form(card["effects"], kind), kind)
    fx_s, run_s = specialise(short, kind)
    fx_l, run_l = specialise(long_, kind)
    assert fx_l == fx_s
    assert [_strip(long_.abilities[i]) for i in run_l] == [_strip(short.abilities[i]) for i in run_s]


def _respec(specs: list, long_: bool) -> list:
    if not long_:
        return specs
    memo: dict = {}
    out = []
    for sp in specs:
        new = memo.get(id(sp))
        if new is None:
            d = {f: getattr(sp, f) for f in sp.__dataclass_fields__}
            d["effects"] = _long_form(sp.effects.thaw() if hasattr(sp.effects, "thaw") else dict(sp.effects), sp.kind)
            new = memo[id(sp)] = CardSpec.make(**d)
        out.append(new)
    return out


def _play(specs, seed: int, options: GameOptions, history: bool) -> tuple:
    g = Game.new(players=4, deck=specs, seed=seed, options=options, history=history)
    choice = random.Random(seed).choice
    steps = 0
    while g.state.phase != "over" and steps < 1500:
        g.play(choice(g.legal_actions(labels=history)))
        steps += 1
    return g.state_dict(), [str(a) for a in g.actions], list(g.log) if history else None


@pytest.mark.parametrize("sets,modules", [(("munchkin",), ()), (("munchkin", "fairy_dust"), ("fairy_dust",)),
                                          (("munchkin", "scooby_doo"), ("scooby_doo",))])
def test_long_form_decks_play_the_same_games(db_url, sets, modules):
    """Every card of the deck rewritten in the long form: random games are the same move for
    move - state, actions and the log of what the cards did."""
    from munchkin_lab.cards.api import load_specs

    deck = load_specs(sets=list(sets), url=db_url)
    specs = [sp for sp, n in deck for _ in range(n)]
    opts = GameOptions(max_turns=60, modules=modules)
    long_specs = _respec(specs, True)
    assert any(sp.effects.get("abilities") for sp in long_specs)
    for seed in range(6):
        history = seed < 2
        assert _play(long_specs, seed, opts, history) == _play(specs, seed, opts, history)


def _play_greedy(specs, seed: int, options: GameOptions) -> list:
    from munchkin_lab.sim.bots import make_bot

    g = Game.new(players=4, deck=specs, seed=seed, options=options, history=False)
    bots = [make_bot("greedy", seed * 10 + i) for i in range(4)]
    steps = 0
    while g.state.phase != "over" and steps < 3000:
        g.play(bots[g.actor()].choose(g))
        steps += 1
    return [str(a) for a in g.actions]


def test_long_form_decks_play_the_same_greedy_games(db_url):
    """The simulator's greedy bot reads cards through the engine's facts (the compiled record),
    never a card's ``effects``: with every card in the long form it makes the same moves."""
    from munchkin_lab.cards.api import load_specs

    deck = load_specs(sets=["munchkin"], url=db_url)
    specs = [sp for sp, n in deck for _ in range(n)]
    opts = GameOptions(max_turns=150)
    long_specs = _respec(specs, True)
    for seed in range(8):
        assert _play_greedy(long_specs, seed, opts) == _play_greedy(specs, seed, opts)
