"""Bots and many-game simulation (Dask) for balancing decks.

- :mod:`.bots`: :class:`Bot`, :func:`make_bot`, :data:`BOT_NAMES` (``random``, ``greedy``).
- :mod:`.simulate`: :func:`simulate` -> :class:`SimResult` (per game, per card, per seat),
  streamed to a result file with ``out=`` (memory flat with ``keep_games=False``).
- :mod:`.results`: :class:`SimResult` (``save`` / ``load``: one file, ``.parquet`` /
  ``.json`` / ``.csv``), the running totals the tables are built from.
- :mod:`.cluster`: local Dask workers (safe from a plain script, Ctrl-C to the main process
  only, dashboard off unless asked, then on 127.0.0.1).
- ``compare``: :func:`compare` -> :class:`Comparison` (differences with intervals, verdict,
  the per-card impact :func:`card_impact` and its text tables :func:`card_table`, plots);
  plots :func:`plot_win_rates`, :func:`plot_lengths`, :func:`plot_levels`, :func:`plot_card_impact`.
- :mod:`.provenance`: which version of each card a result played (:class:`DeckChangedWarning`
  when the deck of that name has changed since).
"""
from .bots import BOT_NAMES, Bot, GreedyBot, RandomBot, make_bot
from .simulate import SimResult, replay_game, resolve_deck, simulate, wilson
from .compare import (Comparison, RunInterrupted, card_impact, card_table, compare, compare_results,
                      plot_card_impact, plot_lengths, plot_levels, plot_win_rates)
from .provenance import DeckChangedWarning

__all__ = ["BOT_NAMES", "Bot", "GreedyBot", "RandomBot", "make_bot", "SimResult", "replay_game", "resolve_deck",
           "simulate", "wilson", "compare", "compare_results", "Comparison", "RunInterrupted",
           "plot_win_rates", "plot_lengths", "plot_levels", "card_impact", "card_table", "plot_card_impact", "DeckChangedWarning"]
