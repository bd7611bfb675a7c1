"""Simple default policies (pure functions of a game): a random one and a greedy one that
finishes games. The simulation issue brings the real bots; these serve ``munchkin-lab play``,
tests and benchmarks.
"""
from __future__ import annotations

import random

from .actions import Action
from .game import Game

_PRIORITY = {"fight": 0, "accept": 1, "kick": 3, "sell": 4, "equip": 5, "loot": 7,
             "end_turn": 9, "choose": 2, "resolve": 2, "roll": 2, "charity": 2}


def random_policy(game: Game, rnd: random.Random) -> Action:
    """A uniformly random legal action."""
    return rnd.choice(game.legal_actions(labels=False))


def greedy_policy(game: Game, rnd: random.Random | None = None) -> Action:
    """Win combats when possible, boost the own side with One-Shots, otherwise Run Away; play
    Races/Classes/Items; sell for Levels; never interfere with others (pass). Returns a legal
    action (raises IndexError when there is none, i.e. the game is over)."""
    acts = game.legal_actions(labels=False)
    s = game.state
    seat = acts[0].player
    c = s.combat
    best = None
    best_score = 99
    for a in acts:
        k = a.kind
        if k == "pass":
            sc = 6
        elif k == "play":
            kind = game.specs[a.card].kind
            if c is not None:
                if seat == c.fighter and kind == "one_shot" and a.n == 0 and not game.munchkins_win():
                    sc = 1
                else:
                    continue
            elif kind in ("race", "class", "item"):
                sc = 2 if kind != "item" or game.can_use(seat, a.card) else 8
            elif kind == "go_up_a_level" and a.target == seat:
                sc = 2
            else:
                continue
        elif k == "run":
            sc = 5
        elif k == "ask_help":
            sc = 4 if a.n == 0 else 99
        elif k == "refuse":
            sc = 3
        elif k == "trouble" or k in ("unequip", "discard", "give", "steal", "berserk", "turning",
                                     "backstab", "flight", "charm", "evade", "offer_help"):
            if k == "berserk" and c is not None and not game.munchkins_win() and a.card in s.players[seat].hand:
                sc = 1
            else:
                continue
        else:
            sc = _PRIORITY.get(k, 8)
        if sc < best_score:
            best, best_score = a, sc
    return best if best is not None else acts[0]
