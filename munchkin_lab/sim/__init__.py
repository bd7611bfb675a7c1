"""Bots and many-game simulation (Dask) for balancing decks.

- :mod:`.bots`: :class:`Bot`, :func:`make_bot`, :data:`BOT_NAMES` (``random``, ``greedy``).
- :mod:`.simulate`: :func:`simulate` -> :class:`SimResult` (per game, per card, per seat).
- :mod:`.compare`: :func:`compare` -> :class:`Comparison` (differences with intervals, verdict,
  plots).
"""
from .bots import BOT_NAMES, Bot, GreedyBot, RandomBot, make_bot
from .simulate import SimResult, resolve_deck, simulate, wilson

__all__ = ["BOT_NAMES", "Bot", "GreedyBot", "RandomBot", "make_bot", "SimResult", "resolve_deck",
           "simulate", "wilson", "compare", "Comparison"]


def __getattr__(name):  # lazy: compare pulls in matplotlib
    if name in ("compare", "Comparison"):
        from . import compare as _c

        return getattr(_c, name)
    raise AttributeError(name)
