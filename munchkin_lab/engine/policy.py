"""Simple default policies (pure functions of a game): a random one and a greedy one that
finishes games. The simulation issue brings the real bots; these serve ``munchkin-lab play``,
tests and benchmarks.
"""
from __future__ import annotations

import random

from .actions import Action
from .game import Game

_PRIORITY = {"fight": 0, "accept": 1, "kick": 3, "sell": 4, "equip": 5, "loot": 7,
             "end_turn": 9, "choose": 2, "resolve": 2, "roll": 2, "charity": 2,
             # a Portal in hand only when nothing else is left: its face-down replacement may be
             # another Portal, played at once again, and so on (Scooby-Doo rules, Portals)
             "portal": 10}
#: every kind's score for greedy_policy in one look: _PRIORITY's, a pass 6, a Run Away 5, a
#: refusal 3 (8 for a kind not named); None: a kind the policy never takes; below 0: a kind
#: scored by the action and the state (-1 play, -2 ask_help, -3 accept, -4 offer_help,
#: -5 berserk: the branches of greedy_policy's loop)
_SCORE: dict = {**_PRIORITY, "pass": 6, "run": 5, "refuse": 3,
                **dict.fromkeys(("trouble", "unequip", "carry", "discard", "give", "steal", "turning",
                                 "backstab", "flight", "charm", "evade", "door_pile", "treasure_pile")),
                "play": -1, "ask_help": -2, "accept": -3, "offer_help": -4, "berserk": -5}
#: out of a combat, a played card's score by its kind: 2 a Race or Class, -2 an Item (2 when
#: the player can use it, else 8), -3 a Go Up a Level (2 on oneself); other kinds not taken
_PLAY_OUT = {"race": 2, "class": 2, "item": -2, "go_up_a_level": -3}


def random_policy(game: Game, rnd: random.Random) -> Action:
    """A uniformly random legal action."""
    return rnd.choice(game.legal_actions(labels=False))


def _wins_the_game(game: Game) -> bool:
    """The kill of the current combat's monsters would take its fighter to the winning Level
    (their printed Levels, ``Game.facts.kill_levels``; core rules, Card Text and These Rules,
    4.: the game is won by a kill)."""
    c = game.state.combat
    kl = game.facts.kill_levels
    return game.state.players[c.fighter].level + sum(kl[m] for m in c.monsters) >= 10


def greedy_policy(game: Game, rnd: random.Random | None = None) -> Action:
    """Win combats when possible, boost the own side with One-Shots, otherwise Run Away; play
    Races/Classes/Items; sell for Levels; never interfere with others (pass), but help: accept
    a request for help unless the kill wins the fighter the game, and, as a player who gains
    Levels by helping (an Elf; Shared Victory), offer free help to a fighter who cannot win
    alone when that help wins the fight (``Game.munchkins_win_with``) and the kill does not
    win them the game (core rules, 7. Combat: Help); a Portal from the hand only when there is
    nothing else to do (never before ending the turn). Returns a legal action (raises
    IndexError when there is none, i.e. the game is over)."""
    acts = game.legal_actions(labels=False)
    s = game.state
    seat = acts[0].player
    for m in game.hint_modules:  # a module's advice on its own decisions (e.g. room moves)
        hint = m.bot_hint(game, seat, acts)
        if hint is not None:
            return hint
    if len(acts) == 1:  # (the scores below could only pick acts[0] or nothing, i.e. acts[0])
        return acts[0]
    c = s.combat
    best = None
    best_score = 99
    # munchkins_win(), asked at most once (the state does not change here; the engine's
    # strengths memo has it when legal_actions() just computed it for the fighter)
    mw = None
    score = _SCORE.get
    play_out = _PLAY_OUT.get
    for a in acts:
        sc = score(a.kind, 8)
        if sc is None:  # a kind never taken
            continue
        if sc < 0:  # a kind decided by the action and the state
            if sc == -1:  # play
                if c is not None:
                    if seat == c.fighter and a.n == 0 and game._kind[a.card] == "one_shot":
                        if mw is None:
                            mw = game.munchkins_win()
                        if mw:
                            continue
                        sc = 1
                    else:
                        continue
                else:
                    sc = play_out(game._kind[a.card])
                    if sc is None:
                        continue
                    if sc == -2:  # an Item
                        sc = 2 if game.can_use(seat, a.card) else 8
                    elif sc == -3:  # a Go Up a Level
                        if a.target != seat:
                            continue
                        sc = 2
            elif sc == -2:  # ask_help
                sc = 4 if a.n == 0 else 99
            elif sc == -3:  # accept
                if s.pending and s.pending[0]["kind"] == "help" and not s.pending[0].get("backout") \
                        and _wins_the_game(game):
                    continue  # (refuse: never help somebody to the winning Level)
                sc = _PRIORITY["accept"]
            elif sc == -4:  # offer_help
                if not (game.helper_levels(seat) > 0
                        and not game.munchkins_win() and not _wins_the_game(game) and game.munchkins_win_with(seat)):
                    continue
                sc = 5
            else:  # berserk: in a combat the policy cannot win yet, from the hand
                if c is None:
                    continue
                if mw is None:
                    mw = game.munchkins_win()
                if mw or a.card not in s.players[seat].hand:
                    continue
                sc = 1
        if sc < best_score:
            if not sc:  # (nothing scores below 0: the first such action is the pick)
                return a
            best, best_score = a, sc
    return best if best is not None else acts[0]


#: Solar Storm action preference (lower first): win, fix, divert, pick up what a scavenge
#: offers, use V2 rooms, move, scavenge; by-hand (V1) resolution only when nothing else is left.
_SOLAR_PRIORITY = {"activate": 0, "place": 1, "pick": 1, "collect": 1, "repair": 2, "repair_cube": 2,
                   "divert": 3, "room": 4, "give": 5, "take": 6, "move": 6, "scavenge": 5,
                   "end_actions": 8, "done": 9, "resolve": 10}


def solar_policy(game, rnd: random.Random | None = None):
    """A simple default policy for :class:`~munchkin_lab.engine.solar_storm.SolarStormGame`:
    the most useful legal action by :data:`_SOLAR_PRIORITY` (random among equals); never
    starts a by-hand (V1) resolution or an adjustment while something else is legal.

    It does not plan (it scavenges where it stands and so rarely leaves the Energy Core); the
    bots (``munchkin_lab.sim.solar_bot``, ``make_bot("greedy")``, ``munchkin-lab play``) move,
    repair and divert. Kept as the fixed baseline of ``benchmarks/fingerprint.py``."""
    rnd = rnd or random.Random(0)
    acts = game.legal_actions()
    best = min(_SOLAR_PRIORITY.get(a.kind, 20) for a in acts)
    return rnd.choice([a for a in acts if _SOLAR_PRIORITY.get(a.kind, 20) == best])
