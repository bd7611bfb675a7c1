"""Base-game positions for the play-screen browser tests (unique module name: one-cell
notebooks import it): greedy bots play seeded 4-player games of the ``base`` preset until P1
(the human seat; P2-P4 are greedy bots) must decide in the named state."""
from __future__ import annotations

from typing import Any, Callable


def _why(sd: dict) -> str | None:
    pend = (sd.get("pending") or [None])[0]
    return pend.get("why") if pend else None


#: state name -> (position test, P1 must be the one to act)
STATES: dict[str, tuple[Callable[[Any, dict], bool], bool]] = {
    # P1 fights a monster (no decision pending)
    "mid_combat": (lambda g, sd: sd["phase"] == "combat" and sd["combat"]["stage"] == "fight"
                   and sd["combat"]["fighter"] == 0 and not sd.get("pending"), True),
    # the face-up Treasures of a helped win are picked (core rules, 7. Rewards)
    "rewards": (lambda g, sd: _why(sd) == "pick", True),
    # a Cleric fighter may take Treasure discards instead of the face-up draws (the monster is killed)
    "rewards_cleric": (lambda g, sd: _why(sd) == "resurrect_t", True),
    # Charity: a decision about no card in particular
    "no_card": (lambda g, sd: sd["phase"] == "charity" and not sd.get("pending"), True),
    "game_over": (lambda g, sd: g.outcome() is not None, False),
    # another player's combat with Treasures at stake, and P1 may offer to help (for a price too)
    "offer_window": (lambda g, sd: sd["phase"] == "combat" and sd["combat"]["stage"] == "window"
                     and sd["combat"]["fighter"] != 0 and not sd.get("pending") and g.treasure_count() >= 2
                     and any(a.kind == "offer_help" for a in g.legal_actions(labels=False)), True),
}


def position(state: str, seeds=range(60), cap: int = 4000):
    """The game stopped at the first position of ``state`` (see :data:`STATES`)."""
    from munchkin_lab.decks import find_deck
    from munchkin_lab.engine import Game
    from munchkin_lab.sim.bots import make_bot

    stop, p1 = STATES[state]
    deck = find_deck("base")
    pairs, opts = deck.specs(), deck.game_options()
    for seed in seeds:
        g = Game.new(players=4, deck=pairs, seed=seed, options=opts)
        bots = [make_bot("greedy", seed * 10 + i) for i in range(4)]
        for _ in range(cap):
            if stop(g, g.state_dict()) and (not p1 or g.actor() == 0):
                return g
            a = g.actor()
            if g.outcome() is not None or a is None:
                break
            g.play(bots[a].choose(g, a))
    raise LookupError(f"no {state} position in the seeded games")


def board_at(state: str):
    """A board (P1 you, three greedy bots, no journal) at ``state``'s position."""
    from munchkin_lab.widgets.board import Board

    return Board(position(state), seats=["human", "greedy", "greedy", "greedy"], journal=False)
