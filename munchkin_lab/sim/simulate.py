"""Many-game simulation: play N games of one deck with bots, in parallel through Dask, and
return pandas tables per game, per card and per seat.

    >>> from munchkin_lab.sim import simulate
    >>> r = simulate("base", players=4, games=200, seed=1, workers=1, progress=False)  # doctest: +SKIP
    >>> r.seats[["seat", "win_rate", "ci_low", "ci_high"]]                           # doctest: +SKIP

Determinism: game ``i`` of a run with seed ``s`` uses the engine seed
``SeedSequence(s, spawn_key=(i,))`` (first 64-bit word) and the bot of seat ``k`` the seed
``SeedSequence(s, spawn_key=(i, k + 1))``; every table is sorted by game (cards by key) and
built from integer counts, so the result is the same whatever the number of workers or
batches. Game ``i`` of ``simulate(seed=s, games=n)`` is the same game for every ``n > i``.

Execution: ``workers=1`` (and no scheduler) plays in this process; ``workers > 1`` starts a
Dask ``LocalCluster`` of that many worker *processes* (one thread each, see
:mod:`munchkin_lab.sim.cluster`); ``workers=None`` uses every core;
``scheduler="tcp://host:port"`` sends the batches to an existing Dask cluster (one you trust:
Dask has no authentication). Games travel in batches (``batch_size`` games per task), made one
at a time and submitted in a bounded window; finished batches go into exact running totals
and, in game order, to the per-game table in memory (``keep_games``) and/or a result file
(``out``, :mod:`munchkin_lab.sim.results`), so memory stays flat in the number of games
unless the per-game table is kept in memory.
"""
from __future__ import annotations

import functools
import math
import operator
import os
import time
from dataclasses import fields as dc_fields
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

import numpy as np

from ..engine.cards import CardSpec
from ..engine.turn_cap import TURN_LIMIT
from .bots import BOT_NAMES, Bot, make_bot
from .provenance import provenance
from .results import (CARD_COUNTS, Z95, GameTable, ResultWriter, SimResult, Totals, check_fits,  # noqa: F401
                      check_output, games_schema, seat_table, summary_table, wilson)

#: End causes in the per-game table.
END_CAUSES = ("level_10", "turn_cap", "step_cap", "error", "crew_won", "ship_lost")


# =============================================================================== input checks
def resolve_deck(deck: Any, url: str | None = None):
    """Turn ``deck`` into a :class:`~munchkin_lab.decks.Deck` (or keep a spec list).

    Accepts a :class:`~munchkin_lab.decks.Deck`; a list of ``(CardSpec, copies)`` or
    ``CardSpec``; or a string: ``preset:NAME``, a deck file path (text or YAML), the name of
    a deck saved in the database, or a bare preset name when no saved deck has it (the rule
    of every deck command: :func:`munchkin_lab.decks.presets.find_deck`).

    Raises:
        ValueError: nothing of that name (the message lists the presets).
    """
    from ..decks import Deck
    from ..decks.presets import find_deck

    if isinstance(deck, Deck):
        return deck
    if isinstance(deck, (list, tuple)):
        return list(deck)
    if isinstance(deck, Path):
        deck = str(deck)
    if not isinstance(deck, str) or not deck.strip():
        raise ValueError(f"deck: expected a Deck, a spec list, a preset, a file or a saved deck name, got {deck!r}")
    return find_deck(deck.strip(), url=url)  # the one rule of every command (a DeckError is a ValueError)


def run_options(deck) -> tuple[dict, tuple]:
    """``(options, modules)`` a run of the Munchkin deck ``deck`` plays with and records in its
    ``config``: ``faster_play``, ``shared_victory`` and, when the deck sets any, its rules
    modules' options (``module_options``: ``{"fairy_dust": {"fairy_level": 12}}``); the engine
    modules it passes (:meth:`Deck.game_options <munchkin_lab.decks.model.Deck.game_options>`).
    Also what :func:`~munchkin_lab.sim.provenance.deck_changes` compares a saved result with."""
    go = deck.game_options()
    options = {"faster_play": bool(go.faster_play), "shared_victory": bool(go.shared_victory)}
    if go.module_options:  # the deck's MODULE.KEY options (fairy_dust.fairy_level=12)
        options["module_options"] = go.module_options
    return options, tuple(go.modules)


def _deck_payload(deck, players: int | None = None) -> tuple[str, list[tuple[dict, int]], dict, tuple]:
    """(name, [(spec fields, copies)], game options, modules) of a Deck or spec list, checked
    for ``players`` (``None``: the smallest table the deck seats): first the table size
    (:func:`_check_seats`: the deck's game and sets), then the mix checks for that table.

    Raises:
        SeatsError: ``players`` does not fit the deck's game (a ValueError).
        ValueError: the deck fails its mix checks (errors listed) or holds no cards.
    """
    from ..decks import Deck
    from ..decks.model import engine_modules

    options: dict = {}
    modules: tuple = ()
    if isinstance(deck, Deck):
        if players is not None:
            _check_seats(players, "solar_storm" in deck.modules, deck.sets())
        errors = [p for p in deck.check(players) if p.level == "error"]
        if errors:
            raise ValueError(f"deck {deck.name!r} fails its checks: " + "; ".join(str(p) for p in errors))
        name = deck.name
        pairs = deck.specs()
        if "solar_storm" in deck.modules:
            return name, [(_spec_fields(s), c) for s, c in pairs], {"solar_storm": True}, ()
        if hasattr(deck, "game_options"):
            options, modules = run_options(deck)
        else:  # pragma: no cover - older decks package
            for o in ("faster_play", "shared_victory"):
                if deck.options.get(o):
                    options[o] = True
            modules = engine_modules(deck.modules)
    else:
        name = "custom"
        pairs = []
        for e in deck:
            if isinstance(e, CardSpec):
                pairs.append((e, 1))
            elif isinstance(e, (tuple, list)) and len(e) == 2 and isinstance(e[0], CardSpec):
                pairs.append((e[0], int(e[1])))
            else:
                raise ValueError(f"deck: expected CardSpec or (CardSpec, copies), got {e!r}")
        if players is not None:  # a card list plays Munchkin (Door and Treasure below)
            _check_seats(players, False, [sp.set for sp, _ in pairs])
    if not pairs or sum(c for _, c in pairs) == 0:
        raise ValueError(f"deck {name!r} holds no cards")
    decks = {s.deck for s, c in pairs if c > 0}
    if not {"door", "treasure"} <= decks:
        raise ValueError(f"deck {name!r} needs Door and Treasure cards to play Munchkin")
    return name, [(_spec_fields(s), c) for s, c in pairs], options, modules


def _spec_fields(s: CardSpec) -> dict:
    """Plain, picklable fields of a spec (``CardSpec.make(**d)`` rebuilds it)."""
    d = {f.name: getattr(s, f.name) for f in dc_fields(s)}
    d["tags"] = sorted(s.tags)
    d["usable_by"] = list(s.usable_by)
    d["not_usable_by"] = list(s.not_usable_by)
    eff = s.effects
    d["effects"] = eff.thaw() if hasattr(eff, "thaw") else dict(eff)
    return d


def _parse_bots(bots: Any, players: int) -> tuple[str, ...]:
    """One bot name per seat from a name, a comma list or a sequence (cycled to ``players``).

    Raises:
        ValueError: an unknown bot name (the known ones listed) or an empty list.
    """
    if isinstance(bots, str):
        names = [b.strip() for b in bots.split(",") if b.strip()]
    else:
        names = [str(b).strip() for b in bots]
    if not names:
        raise ValueError(f"bots: give at least one bot name ({', '.join(BOT_NAMES)})")
    for b in names:
        make_bot(b, 0)  # raises ValueError for an unknown name
    if len(names) > players:
        raise ValueError(f"bots: {len(names)} bots for {players} players")
    return tuple(names[i % len(names)].lower() for i in range(players))


def game_seed(seed: int, i: int, seat: int | None = None) -> int:
    """Engine seed of game ``i`` (``seat=None``) or bot seed of ``seat`` in game ``i``:
    the first 64-bit word of ``SeedSequence(seed, spawn_key=(i,))`` / ``(i, seat + 1)``."""
    key = (i,) if seat is None else (i, seat + 1)
    ss = np.random.SeedSequence(int(seed), spawn_key=key)
    return int(ss.generate_state(1, dtype=np.uint64)[0])


# =============================================================================== one game
_SPEC_CACHE: dict = {}
_ALIVE = operator.attrgetter("alive")
_CARD_PLAYS = frozenset(("play", "trouble", "join"))  # action kinds that count as playing a.card
_LEVEL = operator.attrgetter("level")


def _specs_from_payload(payload: dict) -> tuple[tuple[tuple[CardSpec, int], ...], list[str]]:
    key = payload["key"]
    hit = _SPEC_CACHE.get(key)
    if hit is None:
        pairs = tuple((CardSpec.make(**dict(d)), c) for d, c in payload["cards"])  # (Game.new: same deck)
        keys = [s.key for s, _ in pairs]
        hit = (pairs, keys)
        _SPEC_CACHE.clear()
        _SPEC_CACHE[key] = hit
    return hit


def play_game(game_, bots: Sequence, max_steps: int) -> tuple[str, int, dict]:
    """Drive ``game_`` with one bot per seat until it ends; collect statistics.

    Returns ``(end_cause, steps, stats)``: ``stats`` holds per-card-id counters
    (``drawn``, ``played``, ``used``: ``use`` actions naming the card, ``killed``, ``fled``,
    ``deaths_caused``), per-seat ``deaths`` and the
    Level of every seat at the start of every turn played (``levels``: list of tuples, one
    per turn played, :meth:`~munchkin_lab.engine.Game.turns_played`).
    """
    g = game_
    s = g.state
    nspec = len(g.specs)
    drawn = [0] * nspec
    played = [0] * nspec
    used = [0] * nspec
    killed = [0] * nspec
    fled = [0] * nspec
    dcaused = [0] * nspec
    nplayers = len(s.players)
    deaths = [0] * nplayers
    levels: list[tuple] = [tuple(map(_LEVEL, s.players))]
    last_turn = s.turn
    piles = {d: v[:] for d, v in s.decks.items()}
    discs: dict[str, list | None] = {d: (s.discards[d][:] if len(v) <= 12 else None) for d, v in s.decks.items()}
    for p in s.players:  # the deal counts as drawing
        for x in p.hand:
            drawn[x] += 1
    players = s.players
    alive = list(map(_ALIVE, players))
    cause = "level_10"
    steps = 0
    # the simulator's loop knows the actor: our Bots decide without checking the seat again,
    # and they return only legal actions (built by the rules, checked, or from the legal list:
    # see Bot.choose), so the engine skips its second check; other policies are checked
    ours = [isinstance(b, Bot) and type(b).choose is Bot.choose for b in bots]
    choose = [b._decide if o else b.choose for b, o in zip(bots, ours)]
    checks = [not o for o in ours]
    actor = g.actor
    play = g.play
    facts = g.facts
    core_only = all(m.name == "core" for m in g.modules)
    last_draws = g.draws
    last_deaths = g.deaths
    near = True  # look at the piles after the first step
    while True:
        seat = actor()
        if seat is None:
            break
        if steps >= max_steps:
            cause = "step_cap"
            break
        a = choose[seat](g, seat)
        c = s.combat
        if c is not None:
            pre_monsters = c.monsters[:]
            pre_intent = c.intent
        else:
            pre_monsters = None
        play(a, checks[seat])
        steps += 1
        s = g.state
        k = a.kind
        if k in _CARD_PLAYS:
            played[a.card] += 1
            if k == "play" and a.m >= 0 and facts.wandering_monster[a.card]:
                played[a.m] += 1
        elif k == "use":
            used[a.card] += 1
        # draws: a pile shrinks from its top (end); a reshuffle refills it from its discards;
        # the discards are kept while a reshuffle is near (12 cards or fewer left). With the
        # core rules alone every draw goes through the engine's counter (Game.draws) and a
        # pile gains cards only by a reshuffle: a step with no draw and no pile near its end
        # changes nothing here, and when the piles shrank by exactly the cards drawn nothing
        # was reshuffled - each pile's drawn cards are its old top (no copy, no comparison)
        if not core_only or g.draws != last_draws or near:
            dn = g.draws - last_draws
            last_draws = g.draws
            near = False
            popped = False
            if core_only and dn:
                shrunk = 0
                for d, now in s.decks.items():
                    pv = piles.get(d)
                    if pv is None:
                        shrunk = -1
                        break
                    shrunk += len(pv) - len(now)
                popped = shrunk == dn
            for d, now in s.decks.items():
                ln = len(now)
                pv = piles.get(d)
                if pv is None:
                    piles[d] = now[:]
                elif popped:
                    if ln < len(pv):
                        for x in pv[ln:]:
                            drawn[x] += 1
                        del pv[ln:]
                elif ln != len(pv) or (ln and now[-1] != pv[-1]):
                    if ln < len(pv) and now == pv[:ln]:
                        for x in pv[ln:]:
                            drawn[x] += 1
                    else:  # reshuffled during this step
                        for x in pv:
                            drawn[x] += 1
                        prev_disc = discs.get(d)
                        if prev_disc:
                            keep = set(now)
                            keep.update(s.discards.get(d, ()))
                            for x in prev_disc:
                                if x not in keep:
                                    drawn[x] += 1
                    piles[d] = now[:]
                if ln <= 12:
                    near = True
                    disc = s.discards[d]
                    prev = discs.get(d)
                    if prev is None or len(prev) != len(disc):
                        discs[d] = disc[:]
                else:
                    discs[d] = None
        # monsters leaving the combat
        if pre_monsters is not None:
            c2 = s.combat
            post = c2.monsters if c2 is not None else ()
            gone = [m for m in pre_monsters if m not in post] if post != pre_monsters else None
            if gone:
                won = c2 is None and pre_intent == "win" and k in ("pass", "fight")
                for m in gone:
                    if won:
                        killed[m] += 1
                    else:
                        fled[m] += 1
        # deaths: the alive flags change only by a death (Game.deaths counts them) or at the
        # start of a turn (the dead come back)
        turned = s.turn != last_turn
        if turned or g.deaths != last_deaths:
            last_deaths = g.deaths
            players = s.players
            now_alive = list(map(_ALIVE, players))
            if now_alive != alive:
                for i, p in enumerate(players):
                    if alive[i] and not p.alive:
                        deaths[i] += 1
                        if k == "roll" and pre_monsters is not None and 0 <= a.n < len(pre_monsters):
                            dcaused[pre_monsters[a.n]] += 1
                        elif k == "play":
                            dcaused[a.card] += 1
                alive = now_alive
            if turned:
                last_turn = s.turn
                levels.append(tuple(map(_LEVEL, players)))
    out = g.outcome()
    if out is not None and out.reason != "level 10":
        cause = "turn_cap"
    # a game stopped by the turn cap N moved to turn N+1 before it stopped: that turn was
    # never played, so its row (the Levels at the end of turn N) is not a turn's start
    del levels[g.turns_played():]
    return cause, steps, {"drawn": drawn, "played": played, "used": used, "killed": killed, "fled": fled,
                          "deaths_caused": dcaused, "deaths": deaths, "levels": levels}


def run_batch(payload: dict, indices: Sequence[int], partial_ok: bool = False) -> dict:
    """Play games ``indices`` of a run (a Dask task; also used in-process).

    Returns a plain dict: ``rows`` (per-game records), ``keys`` / ``counts`` (per-card
    counters), ``lv_sum`` / ``lv_n`` (sum of Levels by turn and seat, games alive at each
    turn), ``interrupted``. With ``partial_ok``, a ``KeyboardInterrupt`` stops the batch and
    the games finished before it are returned (``interrupted=True``); otherwise it propagates.
    """
    from ..engine import GameOptions

    pairs, keys = _specs_from_payload(payload)
    players = payload["players"]
    cap = payload["turn_cap"]
    if payload["options"].get("solar_storm"):
        return _run_solar_batch(payload, indices, pairs, keys, partial_ok)
    opts = GameOptions(max_turns=cap, modules=tuple(payload["modules"]), **payload["options"])
    max_steps = payload["max_steps"]
    uniq = sorted(set(keys))
    kidx = {k: i for i, k in enumerate(uniq)}
    counts = np.zeros((len(uniq), len(CARD_COUNTS)), dtype=np.int64)
    lv_sum = np.zeros((cap + 2, players), dtype=np.int64)
    lv_n = np.zeros(cap + 2, dtype=np.int64)
    rows: list[dict] = []
    interrupted = False
    try:
        _play_batch(payload, indices, pairs, kidx, opts, max_steps, counts, lv_sum, lv_n, rows)
    except KeyboardInterrupt:
        if not partial_ok:
            raise
        interrupted = True
    return {"rows": rows, "keys": uniq, "counts": counts.tolist(),
            "lv_sum": lv_sum.tolist(), "lv_n": lv_n.tolist(), "interrupted": interrupted}


def _run_solar_batch(payload: dict, indices: Sequence[int], pairs, keys, partial_ok: bool) -> dict:
    """Solar Storm (cooperative: the crew wins together or the ship is lost): one row per game,
    no per-card or Level statistics (``end_cause`` ``crew_won`` / ``ship_lost`` /
    ``turn_cap`` / ``step_cap`` / ``error``)."""
    from ..engine.solar_storm import SolarStormGame, SolarStormOptions

    players, seed, cap = payload["players"], payload["seed"], payload["turn_cap"]
    rooms = [sp for sp, n in pairs for _ in range(n)]
    uniq = sorted(set(keys))
    rows: list[dict] = []
    interrupted = False
    try:
        for i in indices:
            gseed = game_seed(seed, i)
            g = SolarStormGame.new(players=players, rooms=rooms, seed=gseed,
                                   options=SolarStormOptions(max_turns=cap), history=False)
            bots = [make_bot(payload["bots"][k], game_seed(seed, i, k)) for k in range(players)]
            steps, error, cause = 0, "", ""
            try:
                while g.outcome() is None:
                    if steps >= payload["max_steps"]:
                        cause = "step_cap"
                        break
                    seat = g.actor()
                    g.play(bots[seat].choose(g, seat))
                    steps += 1
            except Exception as exc:  # noqa: BLE001
                cause, error = "error", f"{type(exc).__name__}: {exc}"
            out = g.outcome()
            if not cause:
                cause = "crew_won" if out.winners else ("turn_cap" if out.reason == TURN_LIMIT else "ship_lost")
            winners = list(out.winners) if out is not None and cause == "crew_won" else []
            row = {"game": i, "seed": gseed, "end_cause": cause,
                   "winners": ",".join(str(w) for w in winners),
                   "winner": winners[0] if len(winners) == 1 else -1, "n_winners": len(winners),
                   "turns": g.turns_played(), "steps": steps, "deaths": 0}
            for k in range(players):
                row[f"deaths_{k}"] = 0
            for k in range(players):
                row[f"level_{k}"] = 0
            row.update({"max_level": 0, "mean_level": 0.0, "lead_changes": 0, "turn_first_level_5": -1,
                        "turn_first_level_9": -1, "end_reason": out.reason if out is not None else "",
                        "error": error})
            rows.append(row)
    except KeyboardInterrupt:
        if not partial_ok:
            raise
        interrupted = True
    counts = [[0] * len(CARD_COUNTS) for _ in uniq]
    return {"rows": rows, "keys": uniq, "counts": counts, "lv_sum": [[0] * players] * (cap + 2),
            "lv_n": [0] * (cap + 2), "interrupted": interrupted}


def _play_batch(payload, indices, pairs, kidx, opts, max_steps, counts, lv_sum, lv_n, rows) -> None:
    """Play games ``indices`` into ``rows`` and the arrays ``counts``, ``lv_sum``, ``lv_n``.
    The six per-card counters of :func:`play_game` are summed per card id, and the cards held
    at the end per card key, over the batch (plain lists: cheaper than numpy per game or per
    card) and added to ``counts`` once, at the end, also when a ``KeyboardInterrupt`` stops
    the batch (the games finished before it count, as before)."""
    acc_out: list = []
    try:
        _play_games(payload, indices, pairs, kidx, opts, max_steps, counts, lv_sum, lv_n, rows, acc_out)
    finally:
        if acc_out:
            id_to_key, acc, held = acc_out
            for k in range(len(_PER_CARD)):
                np.add.at(counts[:, k], id_to_key, np.asarray(acc[k], dtype=np.int64))
            counts[:, _HELD] += np.asarray(held[0], dtype=np.int64)
            counts[:, _HELD + 1] += np.asarray(held[1], dtype=np.int64)


#: play_game's per-card counters, in the order of the first columns of CARD_COUNTS
_PER_CARD = ("drawn", "played", "used", "killed", "fled", "deaths_caused")
_HELD = CARD_COUNTS.index("held")  # then held_wins
assert CARD_COUNTS[:len(_PER_CARD)] == _PER_CARD and CARD_COUNTS[_HELD:] == ("held", "held_wins")


def _play_games(payload, indices, pairs, kidx, opts, max_steps, counts, lv_sum, lv_n, rows, acc_out) -> None:
    """The loop of :func:`_play_batch`; ``acc_out`` receives ``[id_to_key, per-card sums,
    (held, held_wins) per card key]`` after the first game (the caller adds them to
    ``counts``)."""
    from ..engine import Game

    players = payload["players"]
    bot_names = payload["bots"]
    seed = payload["seed"]
    cap = payload["turn_cap"]
    id_to_key = None
    acc: list = []
    key_of: list = []  # card id -> its row of counts
    held_n = [0] * len(counts)  # per card key: player-games that held it at the end
    held_w = [0] * len(counts)  # ... of a winner
    add = operator.add
    for i in indices:
        gseed = game_seed(seed, i)
        g = Game.new(players=players, deck=pairs, seed=gseed, options=opts, history=False)
        if id_to_key is None:
            id_to_key = np.array([kidx[sp.key] for sp in g.specs], dtype=np.int64)
            acc = [[0] * len(g.specs) for _ in _PER_CARD]
            key_of = id_to_key.tolist()
            acc_out[:] = [id_to_key, acc, (held_n, held_w)]
        # bot seeds are computed only if a bot draws from its RNG (a greedy bot seldom does)
        bots = [make_bot(bot_names[k], functools.partial(game_seed, seed, i, k)) for k in range(players)]
        error = ""
        try:
            cause, steps, st = play_game(g, bots, max_steps)
        except Exception as exc:  # noqa: BLE001 - one broken game must not lose the run
            cause, steps, st = "error", len(g.actions), None
            error = f"{type(exc).__name__}: {exc}"
        s = g.state
        winners = list(s.winners) if cause == "level_10" else []
        finals = [p.level for p in s.players]
        row = {"game": i, "seed": gseed, "end_cause": cause,
               "winners": ",".join(str(w) for w in winners),
               "winner": winners[0] if len(winners) == 1 else -1,
               "n_winners": len(winners), "turns": g.turns_played(), "steps": steps}
        if st is not None:
            deaths = st["deaths"]
            lv = st["levels"]
            for k, name in enumerate(_PER_CARD):
                acc[k] = list(map(add, acc[k], st[name]))
            arr = np.asarray(lv, dtype=np.int64)
            t = min(len(arr), cap + 2)
            lv_sum[:t] += arr[:t]
            lv_n[:t] += 1
            # the leader of each turn: the highest Level, the lowest seat among equals; -1 if
            # all equal; a change: from one leader to another (not from or to -1)
            changes, first5, first9, x = 0, -1, -1, -1
            for t, r in enumerate(lv, 1):
                top = max(r)
                y = r.index(top) if top > min(r) else -1
                if y != x and y != -1 and x != -1:
                    changes += 1
                x = y
                if top >= 5 and first5 < 0:
                    first5 = t
                    if top >= 9:
                        first9 = t
                elif top >= 9 and first9 < 0:
                    first9 = t
        else:
            deaths, changes, first5, first9 = [0] * players, 0, -1, -1
        row["deaths"] = int(sum(deaths))
        for k in range(players):
            row[f"deaths_{k}"] = int(deaths[k])
        for k in range(players):
            row[f"level_{k}"] = int(finals[k])
        row["max_level"] = int(max(finals))
        row["mean_level"] = float(sum(finals)) / players
        row["lead_changes"] = int(changes)
        row["turn_first_level_5"] = int(first5)
        row["turn_first_level_9"] = int(first9)
        row["error"] = error
        # cards held at the end, once per player and card: in hand or in play in front of
        # the player (PlayerState.cards: Items, Race/Class cards, Curses that last, the
        # Hireling and its Item, Cheat!, Half-Breed, Super Munchkin)
        for q, p in enumerate(s.players):
            held = {key_of[c] for c in p.cards()}
            for h in held:
                held_n[h] += 1
            if q in winners:
                for h in held:
                    held_w[h] += 1
        rows.append(row)


# =============================================================================== replay
def replay_game(deck: Any, game: int, players: int = 4, bots: Any = "greedy", seed: int = 0,
                turn_cap: int = 300, url: str | None = None, history: bool = True):
    """Play game ``game`` of a :func:`simulate` run again, move for move, with the event log on
    (``history``): the same deck, ``players``, ``bots``, ``seed`` and ``turn_cap`` as the run
    (``SimResult.config`` holds them; the row's ``game`` column is ``game``). Returns the
    game at its end. A game whose row says ``end_cause == "error"`` raises the same
    exception again here, with its whole traceback; the game as it stood is the exception's
    ``game`` attribute (``e.game.log`` for the last events, ``e.game.to_json()`` to save it)
    and its note names the game and the step.

    Raises:
        ValueError: as :func:`simulate` for the deck, ``players`` or ``bots``.
        Exception: the engine or bot error of that game.
    """
    if isinstance(game, bool) or not isinstance(game, (int, np.integer)) or game < 0:
        raise ValueError(f"game must be a game number >= 0, got {game!r}")
    deck_obj = resolve_deck(deck, url=url)
    deck_name, spec_pairs, options, modules = _deck_payload(deck_obj, int(players))
    bot_names = _parse_bots(bots, int(players))
    payload = {"key": (deck_name, len(spec_pairs), hash(str(spec_pairs))), "cards": spec_pairs}
    pairs, _keys = _specs_from_payload(payload)
    game, seed, players = int(game), int(seed), int(players)
    gseed = game_seed(seed, game)
    if options.get("solar_storm"):  # as _run_solar_batch
        from ..engine.solar_storm import SolarStormGame, SolarStormOptions

        g = SolarStormGame.new(players=players, rooms=[sp for sp, n in pairs for _ in range(n)], seed=gseed,
                               options=SolarStormOptions(max_turns=turn_cap), history=history)
    else:  # as run_batch
        from ..engine import Game, GameOptions

        g = Game.new(players=players, deck=pairs, seed=gseed, history=history,
                     options=GameOptions(max_turns=turn_cap, modules=tuple(modules), **options))
    seats = [make_bot(bot_names[k], functools.partial(game_seed, seed, game, k)) for k in range(players)]
    steps = 0
    try:
        while g.outcome() is None and steps < 400 * turn_cap:
            seat = g.actor()
            g.play(seats[seat].choose(g, seat))
            steps += 1
    except Exception as exc:
        exc.game = g
        exc.add_note(f"replay_game: game {game} of deck {deck_name!r} (seed {seed}, bots "
                     f"{','.join(bot_names)}), step {steps}, seat {g.actor()} to act")
        raise
    return g


# =============================================================================== simulate
def _probe(payload: dict, deck_name: str) -> None:
    """Set up one game here, so a deck the engine refuses fails before any work.

    Raises:
        ValueError: the engine's message, naming the deck.
    """
    from ..engine import Game, GameOptions

    pairs, _ = _specs_from_payload(payload)
    try:
        if payload["options"].get("solar_storm"):
            from ..engine.solar_storm import SolarStormGame, SolarStormOptions

            SolarStormGame.new(players=payload["players"], rooms=[sp for sp, n in pairs for _ in range(n)],
                               seed=0, options=SolarStormOptions(max_turns=payload["turn_cap"]), history=False)
        else:
            Game.new(players=payload["players"], deck=pairs, seed=0, history=False,
                     options=GameOptions(max_turns=payload["turn_cap"], modules=tuple(payload["modules"]),
                                         **payload["options"]))
    except ValueError as exc:
        raise ValueError(f"deck {deck_name!r}: {exc}") from None


def _connect(scheduler: str, timeout: float):
    from .cluster import connect

    return connect(scheduler, timeout)


#: Default tasks per worker: small batches, so that a Ctrl-C loses little (the batches running
#: are dropped) and the progress bar moves; measured no slower than 10 a worker (2,000 games,
#: 2 workers: 30.7 and 60.8 games/s with 25-game batches against 24.3 and 48.1 with 100).
TASKS_PER_WORKER = 40


def default_batch_size(games: int, nworkers: int) -> int:
    """Games per task when ``batch_size`` is not given: about :data:`TASKS_PER_WORKER` tasks
    per worker, 10 to 250 games (2,000 games on 2 workers: 25)."""
    return max(10, min(250, math.ceil(games / (TASKS_PER_WORKER * max(1, nworkers)))))


def _batches(games: int, size: int, nworkers: int) -> Iterator[range]:
    """Game indices ``0..games-1`` in consecutive batches of ``size`` (made one at a time:
    nothing here grows with ``games``); with ``nworkers`` > 0 the last ``2 * nworkers``
    batches' games go in batches of ``size // 4`` (at least 10), so that no worker is left
    with a long last task while the others wait."""
    tail = min(games, 2 * nworkers * size) if nworkers > 0 else 0
    head = games - tail
    small = max(10, size // 4)
    for i in range(0, head, size):
        yield range(i, min(i + size, head))
    for i in range(head, games, small):
        yield range(i, min(i + small, games))


class _Collector:
    """Takes finished batches in any order: into the totals at once (integer sums: the order
    does not matter), and their per-game rows, in game order, into the sinks (the in-memory
    table and/or the result file); a batch that arrives early waits for the ones before it."""

    def __init__(self, totals: Totals, schema, sinks: list):
        self.totals, self.schema, self.sinks = totals, schema, sinks
        self.next = 0
        self.waiting: dict[int, list] = {}

    def add(self, seq: int, part: dict) -> None:
        self.totals.add_part(part)
        self.waiting[seq] = part["rows"]
        while self.next in self.waiting:
            self._emit(self.waiting.pop(self.next))
            self.next += 1

    def flush(self) -> None:
        """After an interruption: the batches still waiting, in game order (with gaps)."""
        for seq in sorted(self.waiting):
            self._emit(self.waiting.pop(seq))

    def _emit(self, rows: list) -> None:
        if not rows or not self.sinks:
            return
        import pyarrow as pa

        table = pa.Table.from_pylist(rows, schema=self.schema)
        for s in self.sinks:
            s.write(table)


class _DeferInterrupt:
    """Within the block (main thread only), Ctrl-C is noted instead of raised, so that a batch
    is counted and written whole and a file being committed is not lost half-way;
    ``pressed`` tells whether it came (the caller acts on it after the block)."""

    def __init__(self):
        self.pressed = False
        self._previous = None

    def __enter__(self):
        import signal
        import threading

        if threading.current_thread() is threading.main_thread():
            self._previous = signal.getsignal(signal.SIGINT)
            if self._previous is not None:
                signal.signal(signal.SIGINT, self._note)
        return self

    def _note(self, signum, frame):
        self.pressed = True

    def __exit__(self, *exc):
        import signal

        if self._previous is not None:
            signal.signal(signal.SIGINT, self._previous)
        return False


class SeatsError(ValueError):
    """``players`` does not fit the deck's game: a bad option (``usage``: exit 2 on the
    command line, as the other out-of-range options)."""

    usage = True


def _check_seats(players: int, solar: bool, sets=()) -> None:
    """Raise :class:`SeatsError` (a ValueError) when ``players`` does not fit the game of a
    deck of the set codes ``sets`` (:func:`munchkin_lab.decks.checks.seats_problem`: Munchkin
    2 to 6 by the core rules, 3 to 6 for a Scooby-Doo-only deck; Solar Storm 1 to 4)."""
    from ..decks.checks import seats_problem

    problem = seats_problem(players, solar, sets=sets)
    if problem is not None:
        raise SeatsError(problem)


def simulate(deck: Any, players: int = 4, games: int = 1000, bots: Any = "greedy", seed: int = 0,
             workers: int | None = None, scheduler: str | None = None, turn_cap: int = 300,
             progress: bool = True, batch_size: int | None = None,
             on_progress: Callable[[int, int], None] | None = None,
             connect_timeout: float = 5.0, url: str | None = None, out: str | os.PathLike | None = None,
             keep_games: bool = True, dashboard: bool = False, overwrite: bool = False) -> SimResult:
    """Play ``games`` games of ``deck`` with bots and return per-game, per-card and per-seat
    tables (:class:`SimResult`).

    Args:
        deck: a :class:`~munchkin_lab.decks.Deck`, a ``(CardSpec, copies)`` list, or a string
            (deck file path, preset name, saved deck name; see :func:`resolve_deck`).
        players: seats: 2 to 6 for Munchkin, 1 to 4 for Solar Storm (solo play included).
        games: number of games, >= 1.
        bots: one bot name for every seat, a comma list, or a sequence of names (one per seat;
            a shorter list is cycled). Names: :data:`~munchkin_lab.sim.bots.BOT_NAMES`.
        seed: run seed, 0..2**64-1, the engine's seed range (``engine.rng.SEED_RANGE``, the range
            of ``play --seed`` and ``Board``; see the module docstring for the per-game seeds).
        workers: local worker processes (Dask ``LocalCluster``); 1 = in this process;
            None = every core (in this process when the run fits in one batch).
        scheduler: address of an existing Dask scheduler (``tcp://host:port``); overrides
            ``workers``. Dask's protocol has no authentication: use only a cluster you trust.
        turn_cap: a game still running after this many turns ends with ``end_cause ==
            "turn_cap"`` and no winner (also a step cap of ``400 * turn_cap`` actions).
        progress: show a tqdm progress bar (widget in notebooks, text in terminals).
        batch_size: games per Dask task (default: about 40 tasks per worker, 10 to 250 games;
            with several workers the last two rounds of tasks are a quarter of that size, so
            the workers finish together). At most ``max(4, 3 * workers)`` tasks are submitted
            or waiting at a time.
        on_progress: called as ``on_progress(done, total)`` after each finished batch (raise
            ``KeyboardInterrupt`` in it to stop, as Ctrl-C does).
        connect_timeout: seconds to wait for ``scheduler``.
        url: card database URL for deck names.
        out: also write the whole result to this file as the games finish (``.parquet``,
            ``.json``, ``.csv``: see :mod:`munchkin_lab.sim.results`). Written aside and
            renamed onto ``out`` at the end (also after Ctrl-C, with the games finished): the
            previous file survives a kill, an error or a full disk, and a reader never sees
            two runs mixed. An interrupted run never replaces a file already at ``out`` (an
            earlier result, ``--force``): it is saved beside it, ``<name>.interrupted<suffix>``
            (``-2``, ``-3``... when taken; ``SimResult.path`` says where). The folder must
            exist (it is never created).
        keep_games: keep the per-game table in memory (``SimResult.games``; about 200 bytes
            a game, twice that while the DataFrame is built at the end). With ``False``
            memory stays flat in ``games``: the seat, summary, card and Level tables are built
            from running totals, and ``games`` is None.
        dashboard: with a local cluster, serve the Dask dashboard on 127.0.0.1 (port 8787
            when free; the link is printed on stderr). Off by default.
        overwrite: a file at ``out`` may be replaced (``--force``; replaced atomically). By
            default (False), as ``simulate`` without ``--force``, ``export_csv`` and
            ``Deck.export``, a file at ``out`` is refused before any game
            (``FileExistsError`` naming the file and ``overwrite=True``), and one that
            appears there during the run (another run writing the same name) is never
            replaced: the result is saved beside it, ``<name>.not-replaced<suffix>``
            (``SimResult.path`` says where).

    Returns:
        :class:`SimResult`; on Ctrl-C (``KeyboardInterrupt``) the games finished so far, with
        ``interrupted=True`` (and written to ``out``, or beside it when a file was there;
        when no game finished, nothing is written and a file already at ``out`` is kept). With several workers, a
        Ctrl-C during the 1-3 s the cluster takes to start is acted on once it is up.

    Raises:
        ValueError: ``games <= 0``, bad ``players``/``turn_cap``/``workers``, an unknown bot, a
            deck that fails its checks or cannot be found, an unreachable scheduler, an ``out``
            with an unknown suffix or a missing folder, a per-game table that cannot fit in
            memory (``keep_games``) or on the output's disk - all before any game is played.
        OSError: ``out`` cannot be written (disk full, ...); the previous file is kept.
    """
    if isinstance(games, bool) or not isinstance(games, (int, np.integer)) or games <= 0:
        raise ValueError(f"games must be a positive whole number, got {games!r}")
    if isinstance(players, bool) or not isinstance(players, (int, np.integer)):
        raise SeatsError(f"players must be a whole number, got {players!r}")
    if isinstance(turn_cap, bool) or not isinstance(turn_cap, (int, np.integer)) or turn_cap < 1:
        raise ValueError(f"turn_cap must be a positive whole number, got {turn_cap!r}")
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, (int, np.integer)) or workers < 1):
        raise ValueError(f"workers must be a positive whole number or None, got {workers!r}")
    if batch_size is not None and (not isinstance(batch_size, (int, np.integer)) or batch_size < 1):
        raise ValueError(f"batch_size must be a positive whole number, got {batch_size!r}")
    from ..engine.rng import check_seed

    check_seed(seed)  # the engine's range, 0..2**64-1: a board's or `play`'s seed is a run seed too
    games, players, turn_cap, seed = int(games), int(players), int(turn_cap), int(seed)
    out_path, fmt = check_output(out) if out is not None else (None, None)
    if out_path is not None and not overwrite:
        from ..fileio import refuse_existing

        refuse_existing(out_path, False)
    deck_obj = resolve_deck(deck, url=url)
    deck_name, spec_pairs, options, modules = _deck_payload(deck_obj, players)
    bot_names = _parse_bots(bots, players)  # after the table size: one name per seat
    payload = {"key": (deck_name, len(spec_pairs), hash(str(spec_pairs))), "cards": spec_pairs,
               "players": players, "bots": bot_names, "seed": seed, "turn_cap": turn_cap,
               "options": options, "modules": list(modules), "max_steps": 400 * turn_cap}
    _probe(payload, deck_name)
    check_fits(games, bool(keep_games), out_path, fmt)
    client = None
    if scheduler:
        client = _connect(scheduler, connect_timeout)
        nworkers = max(1, len(client.scheduler_info().get("workers", {})))
    else:
        nworkers = int(workers) if workers is not None else (os.cpu_count() or 1)
    external = client is not None
    guided = batch_size is None and (external or nworkers > 1)
    if batch_size is None:
        batch_size = default_batch_size(games, nworkers)
    if not external and workers is None:
        # every core, but no cluster for a run that fits in one batch
        nworkers = max(1, min(nworkers, math.ceil(games / batch_size)))
    config = {"deck": deck_name, "players": players, "bots": list(bot_names), "seed": seed,
              "games": games, "turn_cap": turn_cap, "options": options, "modules": list(modules),
              **provenance(spec_pairs)}  # which version of each card was played
    if isinstance(deck, (str, Path)) or hasattr(deck_obj, "name"):  # how to find "the deck of that name" again
        config["deck_ref"] = str(deck).strip() if isinstance(deck, (str, Path)) else deck_obj.name
    schema = games_schema(players, bool(options.get("solar_storm")))
    totals = Totals(players, turn_cap)
    memory = GameTable(schema) if keep_games else None
    writer = None
    earlier = out_path is not None and out_path.exists()  # an earlier result there (--force)
    try:
        writer = ResultWriter(out_path, fmt, schema) if out_path is not None else None
    except BaseException:
        if external:
            from .cluster import close_quietly

            close_quietly(client, None)
        raise
    collector = _Collector(totals, schema, [s for s in (memory, writer) if s is not None])
    import pandas  # noqa: F401 - imported now, not after Ctrl-C (the tables are built then)
    import scipy.special  # noqa: F401

    batches = _batches(games, batch_size, nworkers if guided else 0)
    interrupted = False
    t0 = time.perf_counter()
    bar = None
    held: dict = {"client": client}  # the Dask client and local cluster, closed at the end
    done = 0

    def merged(seq: int, part: dict) -> None:
        nonlocal done
        with _DeferInterrupt() as defer:  # a batch goes into the totals and the files whole
            collector.add(seq, part)
            done += len(part["rows"])
        if bar is not None:
            bar.update(len(part["rows"]))
        if defer.pressed:
            raise KeyboardInterrupt
        if on_progress is not None:
            on_progress(done, games)

    try:
        if progress:
            from tqdm.auto import tqdm

            bar = tqdm(total=games, desc=f"simulate {deck_name}", unit="game")
        if not external and nworkers == 1:
            for seq, b in enumerate(batches):
                part = run_batch(payload, b, partial_ok=True)
                merged(seq, part)
                if part["interrupted"]:
                    raise KeyboardInterrupt
        else:
            _run_dask(client, nworkers, dashboard, payload, batches, merged, collector, held)
    except KeyboardInterrupt:
        interrupted = True
    except BaseException:
        if writer is not None:
            writer.abort()
        raise
    finally:
        if bar is not None:
            bar.close()
        if held.get("client") is not None or held.get("cluster") is not None:
            from .cluster import close_quietly

            close_quietly(held.get("client"), held.get("cluster"))
    collector.flush()
    interrupted = interrupted or totals.games < games
    tables = totals.tables(spec_pairs, bot_names)
    result = SimResult(games=memory.frame() if memory is not None else None, config=config,
                       interrupted=interrupted, elapsed=time.perf_counter() - t0,
                       totals=totals.to_json(), **tables)
    if writer is not None and interrupted and totals.games == 0:
        # nothing finished: an earlier result at ``out`` (--force) stays as it was
        writer.abort()
    elif writer is not None:
        # an interrupted run never replaces an earlier result: it is saved beside it
        tag = "interrupted" if interrupted and earlier else None
        with _DeferInterrupt() as defer:
            try:
                result.path = writer.commit(result._meta(), tables, tag=tag, exclusive=not overwrite)
            except BaseException:
                writer.abort()
                raise
        if defer.pressed:
            result.interrupted = True
    return result


def _run_dask(client, nworkers: int, dashboard: bool, payload: dict, batches: Iterator[range],
              merged: Callable[[int, dict], None], collector: _Collector, held: dict) -> None:
    """Play the batches on Dask: a local cluster of ``nworkers`` processes (put in ``held``
    for the caller to close), or ``client``'s cluster. At most ``max(4, 3 * nworkers)``
    batches are submitted or waiting for an earlier one at a time (memory stays flat);
    earlier batches have priority. Ctrl-C cancels what is left (the caller keeps what
    finished)."""
    from dask.distributed import as_completed

    if client is None:
        import sys

        from .cluster import start_local_cluster

        cluster, client, link = start_local_cluster(nworkers, dashboard=dashboard)
        held.update(client=client, cluster=cluster)
        if link:
            print(f"Dask dashboard (this computer only): {link}", file=sys.stderr, flush=True)
    window = max(4, 3 * nworkers)
    pending: dict = {}
    try:
        pf = client.scatter(payload, broadcast=True)
        ac = as_completed()
        it = enumerate(batches)

        def top_up() -> None:
            while len(pending) + len(collector.waiting) < window:
                nxt = next(it, None)
                if nxt is None:
                    return
                seq, b = nxt
                f = client.submit(run_batch, pf, b, pure=False, priority=-seq)
                pending[f.key] = (seq, f)
                ac.add(f)

        top_up()
        for fut in ac:
            seq, _ = pending.pop(fut.key)
            part = fut.result()
            fut.release()
            merged(seq, part)
            top_up()
    except BaseException:
        futures = [f for _, f in pending.values()]
        if futures:
            try:
                client.cancel(futures)
            except BaseException:  # noqa: BLE001 - closing anyway
                pass
        raise
