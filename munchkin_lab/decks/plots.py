"""Plots of deck statistics (matplotlib). Each function returns a
:class:`matplotlib.figure.Figure` built without pyplot (no global state; Jupyter shows it
when it is a cell's value). The plotted numbers are exactly the tables of
:mod:`munchkin_lab.decks.stats`: bar heights / line points in table order, which the tests
read back.
"""
from __future__ import annotations

from typing import Iterable

from matplotlib.figure import Figure

from . import stats


def _fig(title: str, xlabel: str, ylabel: str, size=(6.4, 3.6)):
    fig = Figure(figsize=size, layout="constrained")
    ax = fig.add_subplot()
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    return fig, ax


def _name(deck) -> str:
    return getattr(deck, "name", "deck")


def plot_counts(deck, by: str = "kind") -> Figure:
    """Bar chart of :func:`stats.counts` (cards per ``by`` value, one bar each)."""
    c = stats.counts(deck, by)
    fig, ax = _fig(f"{_name(deck)}: cards by {by}", by, "cards")
    ax.bar([str(v) for v in c.index], c["cards"].to_numpy())
    ax.tick_params(axis="x", labelrotation=45)
    return fig


def plot_level_curve(deck) -> Figure:
    """Bar chart of the monster level curve (:func:`stats.level_curve`): monsters per Level."""
    c = stats.level_curve(deck)
    fig, ax = _fig(f"{_name(deck)}: monster levels", "Level", "monsters")
    ax.bar(c.index.to_numpy(), c["monsters"].to_numpy())
    return fig


def plot_treasures_per_monster(deck) -> Figure:
    """Bar chart of :func:`stats.treasures_per_monster`: monsters per number of Treasures."""
    c = stats.treasures_per_monster(deck)
    fig, ax = _fig(f"{_name(deck)}: Treasures per monster", "Treasures", "monsters")
    ax.bar(c.index.to_numpy(), c["monsters"].to_numpy())
    return fig


def plot_bonus_distribution(deck) -> Figure:
    """Stacked bars of :func:`stats.bonus_distribution` (items, then one-shots on top)."""
    c = stats.bonus_distribution(deck)
    fig, ax = _fig(f"{_name(deck)}: combat bonus", "bonus", "cards")
    bottom = None
    for col in c.columns:
        ax.bar(c.index.to_numpy(), c[col].to_numpy(), bottom=bottom, label=col)
        bottom = c[col].to_numpy() if bottom is None else bottom + c[col].to_numpy()
    ax.legend()
    return fig


def plot_gold_distribution(deck) -> Figure:
    """Bar chart of :func:`stats.gold_distribution` (cards per Gold value, as categories)."""
    c = stats.gold_distribution(deck)
    fig, ax = _fig(f"{_name(deck)}: Gold values", "Gold Pieces", "cards")
    ax.bar([str(v) for v in c.index], c["cards"].to_numpy())
    ax.tick_params(axis="x", labelrotation=45)
    return fig


def plot_kick_odds(deck) -> Figure:
    """Bar chart of :func:`stats.kick_odds`: chance the kicked Door is each kind."""
    c = stats.kick_odds(deck)
    fig, ax = _fig(f"{_name(deck)}: Kick Down the Door", "kind", "probability")
    ax.bar([str(v) for v in c.index], c["p"].to_numpy())
    ax.set_ylim(0, 1)
    ax.tick_params(axis="x", labelrotation=45)
    return fig


def plot_monster_within(deck, kicks: Iterable[int] = range(1, 11), simulated=None) -> Figure:
    """Line of :func:`stats.monster_within` (chance of a monster in the first N kicks).

    ``simulated``: optional output of :func:`stats.simulate_odds`, drawn as points with
    2-standard-error bars (second artist) for comparison.
    """
    c = stats.monster_within(deck, kicks)
    fig, ax = _fig(f"{_name(deck)}: a monster within N kicks", "kicks N", "probability")
    ax.plot(c.index.to_numpy(), c["p"].to_numpy(), marker="o", label="hypergeometric")
    if simulated is not None:
        sim = simulated[simulated["what"].str.startswith("within:")]
        xs = [int(w.split(":")[1]) for w in sim["what"]]
        ax.errorbar(xs, sim["p"].to_numpy(), yerr=2 * sim["se"].to_numpy(), fmt="x", label="shuffles")
        ax.legend()
    ax.set_ylim(0, 1.02)
    return fig


def plot_opening_hand(deck) -> Figure:
    """Bar chart of :func:`stats.opening_hand_odds` (Race / Class / either in 4+4 cards)."""
    c = stats.opening_hand_odds(deck)
    fig, ax = _fig(f"{_name(deck)}: opening hand", "holds", "probability")
    ax.bar([str(v) for v in c.index], c["p"].to_numpy())
    ax.set_ylim(0, 1)
    return fig


def plot_tag_groups(deck) -> Figure:
    """Bar chart of :func:`stats.tag_groups`: cards in each joinable tag group."""
    c = stats.tag_groups(deck)
    fig, ax = _fig(f"{_name(deck)}: joinable tag groups", "tag", "monster cards")
    ax.bar([str(v) for v in c.index], c["cards"].to_numpy())
    return fig


def bar_heights(fig: Figure) -> list[float]:
    """Heights of the bars of a figure's first axes (helper for tests and notebooks)."""
    return [p.get_height() for p in fig.axes[0].patches]
