"""A/B comparison of two simulation runs (two decks, or two bot line-ups), with intervals, a
plain verdict and plots.

    >>> from munchkin_lab.sim import compare
    >>> cmp = compare("base", "base_fairy_dust", games=500, seed=1, workers=1)  # doctest: +SKIP
    >>> cmp.verdict                                                               # doctest: +SKIP
    'P1 (seat 0) win rate advantage grows from 2% to 9% ...'

Intervals are 95%: Newcombe's hybrid score interval (from Wilson intervals) for a difference
of two win rates (and of two cards' shares of wins when held: :func:`card_impact`), Welch's t
interval for a difference of mean game lengths (in turns).
Seat advantage = the seat's win rate minus the fair share, ``decided games / players``.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Sequence

if TYPE_CHECKING:  # pandas is imported where the tables are built
    import pandas as pd

from ..plural import plural
from .simulate import SimResult, simulate, wilson


def diff_proportions(ka: int, na: int, kb: int, nb: int, z: float | None = None) -> tuple[float, float, float]:
    """``(pb - pa, low, high)``: difference of two proportions with Newcombe's hybrid score
    interval, 95% by default (``z``: the normal quantile of another level); NaN when a side
    has no trials."""
    if na <= 0 or nb <= 0:
        return (math.nan, math.nan, math.nan)
    pa, pb = ka / na, kb / nb
    zz = {} if z is None else {"z": z}
    la, ua = wilson(ka, na, **zz)
    lb, ub = wilson(kb, nb, **zz)
    d = pb - pa
    low = d - math.sqrt((pb - lb) ** 2 + (ua - pa) ** 2)
    high = d + math.sqrt((ub - pb) ** 2 + (pa - la) ** 2)
    return (d, low, high)


def diff_means(a: Sequence[float], b: Sequence[float]) -> tuple[float, float, float]:
    """``(mean(b) - mean(a), low, high)`` with Welch's 95% t interval (NaN when a side has
    fewer than 2 values)."""
    import pandas as pd  # imported on use: Dask workers never need it

    sa, sb = pd.Series(a, dtype=float), pd.Series(b, dtype=float)
    return welch(len(sa), float(sa.mean()) if len(sa) else math.nan, float(sa.var(ddof=1)) if len(sa) > 1 else math.nan,
                 len(sb), float(sb.mean()) if len(sb) else math.nan, float(sb.var(ddof=1)) if len(sb) > 1 else math.nan)


def welch(na: int, ma: float, va: float, nb: int, mb: float, vb: float) -> tuple[float, float, float]:
    """``(mb - ma, low, high)``: Welch's 95% t interval for a difference of two means from each
    side's count, mean and sample variance (``ddof=1``); NaN bounds when a side has fewer than
    2 values, ``(d, d, d)`` when both variances are 0."""
    from scipy.special import stdtrit  # Student t quantile (scipy.stats imports far more)

    if na < 1 or nb < 1:
        return (math.nan, math.nan, math.nan)
    d = mb - ma
    if na < 2 or nb < 2:
        return (d, math.nan, math.nan)
    va, vb = va / na, vb / nb
    se = math.sqrt(va + vb)
    if se == 0:
        return (d, d, d)
    df = (va + vb) ** 2 / ((va ** 2) / (na - 1) + (vb ** 2) / (nb - 1))
    q = float(stdtrit(df, 0.975))
    return (d, d - q * se, d + q * se)


def _welch_totals(ta, tb, what: str) -> tuple[float, float, float]:
    """Welch's interval on ``turns`` or ``deaths`` per game, from two runs' exact totals."""
    from .results import sample_var

    na, nb = ta.games, tb.games
    sa, qa = getattr(ta, what), getattr(ta, f"{what}_sq")
    sb, qb = getattr(tb, what), getattr(tb, f"{what}_sq")
    return welch(na, sa / na if na else math.nan, sample_var(na, sa, qa),
                 nb, sb / nb if nb else math.nan, sample_var(nb, sb, qb))


class RunInterrupted(ValueError):
    """:func:`compare` stopped because run A was interrupted (Ctrl-C); ``result`` holds the
    games it finished. A ``ValueError`` (run B is not started, nothing is compared)."""

    def __init__(self, message: str, result: SimResult):
        super().__init__(message)
        self.result = result


def _pct(x: float) -> str:
    return f"{x * 100:.0f}%" if not math.isnan(x) else "n/a"


def _pts(x: float) -> str:
    return f"{x * 100:+.0f}" if not math.isnan(x) else "n/a"


@dataclass
class Comparison:
    """Result of :func:`compare`.

    Attributes:
        a, b: the two :class:`SimResult` runs (A = before / baseline, B = after / variant).
        seats: one row per seat: ``seat``, ``win_rate_a``, ``win_rate_b``, ``advantage_a``,
            ``advantage_b`` (win rate minus the fair share), ``diff`` (B - A, win rate),
            ``ci_low``/``ci_high`` (95%), ``significant`` (interval excludes 0).
        length: one row: ``turns_mean_a``, ``turns_mean_b``, ``diff``, ``ci_low``, ``ci_high``.
        other: one row per other metric (``decided_rate``: games with a winner, which the
            seats' win rates add up to; ``turn_cap_rate``: games that reached the turn cap,
            no winner; ``deaths_per_game``) with ``a``, ``b``, B - A and intervals.
        verdict: plain sentences about what changed: the seat whose win rate changed most
            (its win rate A -> B, then its edge over the seats' average win rate), game length.
        cards: the per-card impact (:func:`card_impact`): one row per card of either deck,
            its share of wins when held and (monsters) its kill rate in A and B, B - A with
            Newcombe's 95% intervals and ``significant`` (adjusted for the number of
            differences computed); cards in one run only, edited or in other copies first,
            then significant, then by p-value. :meth:`card_table` shows it as text.
        notes: sentences about the runs: first the settings they differ in (turn cap, bots:
            :func:`settings_notes`), then one interrupted before all its games (compared as
            far as it went: :func:`partial_notes`); about the decks they played: a result
            whose deck has changed since it was simulated, two versions of one deck (the
            cards that differ).
    """

    a: SimResult
    b: SimResult
    seats: pd.DataFrame
    length: pd.DataFrame
    other: pd.DataFrame
    verdict: str
    cards: "pd.DataFrame | None" = None
    notes: "list[str] | None" = None

    def __repr__(self) -> str:
        return f"<Comparison {self.label_a!r} vs {self.label_b!r}: {self.verdict}>"

    @property
    def label_a(self) -> str:
        """Run A's label: deck (bots), with the deck version (``deck 1a2b3c4``) or the seed
        when that alone tells two runs apart."""
        return _labels(self.a, self.b)[0]

    @property
    def label_b(self) -> str:
        return _labels(self.a, self.b)[1]

    def card_table(self, top: int = 10, width: int = 32) -> "dict[str, pd.DataFrame]":
        """The per-card comparison as two short text tables (:func:`card_table`). Returns a
        ``dict`` of two :class:`pandas.DataFrame` (not one DataFrame): ``"one_run"`` (cards in
        one run only, edited or in other copies) and ``"compared"`` (the ``top`` other cards).
        The full numbers, one DataFrame: :attr:`cards`."""
        return card_table(self.cards, top=top, width=width)

    # plots ---------------------------------------------------------------------------------
    def plot_win_rates(self):
        """Win rate by seat, A and B side by side with 95% Wilson intervals (a matplotlib
        :class:`~matplotlib.figure.Figure`)."""
        return plot_win_rates([self.a, self.b], labels=[self.label_a, self.label_b])

    def plot_lengths(self):
        """Game length histograms (turns) of A and B (a matplotlib Figure)."""
        return plot_lengths([self.a, self.b], labels=[self.label_a, self.label_b])

    def plot_levels(self):
        """Mean Level by turn and seat, A solid and B dashed (a matplotlib Figure)."""
        return plot_levels([self.a, self.b], labels=[self.label_a, self.label_b])

    def plot_cards(self, top: int = 15, min_held: int = 20):
        """The cards whose share of wins when held changes most (B - A, 95% intervals), as
        horizontal bars (a matplotlib Figure; see :func:`plot_card_impact`)."""
        return plot_card_impact(self.cards, top=top, min_held=min_held,
                                labels=(self.label_a, self.label_b), players=self.a.config["players"])


def _label(r: SimResult) -> str:
    c = r.config
    bots = c.get("bots", [])
    b = bots[0] if bots and len(set(bots)) == 1 else ",".join(bots)
    return f"{c.get('deck')} ({b})"


def _labels(a: SimResult, b: SimResult) -> tuple[str, str]:
    """The two runs' labels, told apart when they would read the same: by the version of the
    deck played (:func:`~munchkin_lab.sim.provenance.version_tag`), else by the seed, else
    ``run A`` / ``run B``."""
    from .provenance import version_tag

    la, lb = _label(a), _label(b)
    if la != lb:
        return la, lb
    ca, cb = a.config, b.config
    if ca.get("deck_digest") != cb.get("deck_digest"):
        return f"{la} [{version_tag(ca)}]", f"{lb} [{version_tag(cb)}]"
    if ca.get("seed") != cb.get("seed"):
        return f"{la} [seed {ca.get('seed')}]", f"{lb} [seed {cb.get('seed')}]"
    return f"{la} [run A]", f"{lb} [run B]"


def deck_notes(a: SimResult, b: SimResult, check: "tuple[bool, bool]" = (True, True), url: str | None = None) -> list[str]:
    """Sentences about the decks two runs played: for each run checked (``check``), whether
    the deck of its name has changed since, its cards or its options (:meth:`SimResult.check_deck`,
    which also warns); and when both ran a deck of one name in two versions, the cards that
    differ, and the game and rules modules' options that differ
    (:func:`~munchkin_lab.sim.provenance.diff_options`)."""
    from .provenance import describe, diff_cards, diff_options, options_of

    notes = []
    for side, r, on in (("A", a, check[0]), ("B", b, check[1])):
        msg = r.deck_changed if (r.deck_changed and r.path is not None) else (r.check_deck(url=url) if on else None)
        if msg:
            notes.append(f"run {side}: {msg}.")
    ca, cb = a.config, b.config
    if ca.get("deck") == cb.get("deck") and ca.get("deck_digest") != cb.get("deck_digest"):
        if ca.get("deck_cards") and cb.get("deck_cards"):
            what = describe(diff_cards(ca["deck_cards"], cb["deck_cards"], {**a.card_names(), **b.card_names()}))
            notes.append(f"A and B played two versions of deck {ca.get('deck')!r} (A -> B {what}).")
        else:
            notes.append(f"A and B ran deck {ca.get('deck')!r}, but which version of its cards "
                         "one of them played is not recorded (a result written before deck digests).")
    if ca.get("deck") == cb.get("deck"):
        options = diff_options(options_of(ca), options_of(cb))
        if options:
            notes.append(f"A and B played deck {ca.get('deck')!r} with other options (A -> B {options}).")
    return notes


def _fair(r: SimResult) -> float:
    t = r.stats()
    if not t.games:
        return math.nan
    return t.decided / t.games / r.config["players"]


def compare_results(a: SimResult, b: SimResult, check_decks: "bool | tuple[bool, bool]" = True,
                    url: str | None = None) -> Comparison:
    """Compare two finished runs (A = baseline, B = variant). Works from the runs' seat
    tables and exact totals, so runs made with ``keep_games=False`` compare too.

    With ``check_decks`` (for both runs, or ``(a, b)``) each run's cards are checked against
    the deck of that name today (database ``url``; a
    :class:`~munchkin_lab.sim.provenance.DeckChangedWarning` when it has changed); those
    sentences, and the cards that differ when A and B played two versions of one deck, are in
    :attr:`Comparison.notes`.

    Raises:
        ValueError: the runs have different numbers of players, or one has no games.
    """
    import pandas as pd  # imported on use: Dask workers never need it
    if not isinstance(a, SimResult) or not isinstance(b, SimResult):
        raise ValueError("compare_results: give two SimResult objects")
    if a.config["players"] != b.config["players"]:
        raise ValueError(f"cannot compare seats of {a.config['players']}- and {b.config['players']}-player runs")
    ta, tb = a.stats(), b.stats()
    if not ta.games or not tb.games:
        raise ValueError("cannot compare a run with no games")
    fa, fb = _fair(a), _fair(b)
    rows = []
    for ra, rb in zip(a.seats.itertuples(), b.seats.itertuples()):
        d, lo, hi = diff_proportions(ra.wins, ra.games, rb.wins, rb.games)
        rows.append({"seat": ra.seat, "win_rate_a": ra.win_rate, "win_rate_b": rb.win_rate,
                     "advantage_a": ra.win_rate - fa, "advantage_b": rb.win_rate - fb,
                     "diff": d, "ci_low": lo, "ci_high": hi,
                     "significant": bool(lo > 0 or hi < 0)})
    seats = pd.DataFrame(rows)
    d, lo, hi = _welch_totals(ta, tb, "turns")
    length = pd.DataFrame([{"turns_mean_a": ta.turns / ta.games, "turns_mean_b": tb.turns / tb.games,
                            "diff": d, "ci_low": lo, "ci_high": hi,
                            "significant": bool(lo > 0 or hi < 0)}])
    other = []
    dd, dl, dh = diff_proportions(ta.decided, ta.games, tb.decided, tb.games)
    other.append({"metric": "decided_rate", "a": ta.decided / ta.games, "b": tb.decided / tb.games,
                  "diff": dd, "ci_low": dl, "ci_high": dh})
    dd, dl, dh = diff_proportions(ta.capped, ta.games, tb.capped, tb.games)
    other.append({"metric": "turn_cap_rate", "a": ta.capped / ta.games, "b": tb.capped / tb.games,
                  "diff": dd, "ci_low": dl, "ci_high": dh})
    dd, dl, dh = _welch_totals(ta, tb, "deaths")
    other.append({"metric": "deaths_per_game", "a": ta.deaths / ta.games,
                  "b": tb.deaths / tb.games, "diff": dd, "ci_low": dl, "ci_high": dh})
    other_df = pd.DataFrame(other)
    checks = (check_decks, check_decks) if isinstance(check_decks, bool) else tuple(check_decks)
    return Comparison(a=a, b=b, seats=seats, length=length, other=other_df,
                      verdict=_verdict(seats, length), cards=card_impact(a, b),
                      notes=settings_notes(a, b) + partial_notes(a, b) + deck_notes(a, b, checks, url=url))


def settings_notes(a: SimResult, b: SimResult) -> list[str]:
    """Sentences naming the settings in which two runs differ (besides the deck and the seed,
    which the labels show): the turn cap and the bots. Such a difference alone can move the
    win rates and the card numbers, so :func:`compare_results` puts these first in
    :attr:`Comparison.notes` and ``munchkin-lab compare`` prints them at the top. The number
    of players never differs: such runs are refused."""
    ca, cb = a.config, b.config
    out = []
    if ca.get("turn_cap") is not None and cb.get("turn_cap") is not None and int(ca["turn_cap"]) != int(cb["turn_cap"]):
        out.append(f"the runs differ in turn cap: A {int(ca['turn_cap']):,}, B {int(cb['turn_cap']):,} turns; "
                   "games cut short by the lower cap have no winner, which alone moves the win rates and cards.")
    ba, bb = list(ca.get("bots") or []), list(cb.get("bots") or [])
    if ba and bb and ba != bb:
        out.append(f"the runs differ in bots: A {', '.join(ba)}; B {', '.join(bb)}.")
    return out


def partial_notes(a: SimResult, b: SimResult) -> list[str]:
    """A sentence for each run that was interrupted (Ctrl-C) before all its games: a saved
    partial result, or a run B stopped during :func:`compare`; such runs are compared as far
    as they went (their intervals are wider), one partial run or both alike."""
    out = []
    for side, r in (("A", a), ("B", b)):
        asked = r.config.get("games")
        if r.interrupted:
            done = (f"{r.n_games:,} of {asked:,} games" if isinstance(asked, int) and asked > r.n_games
                    else plural(r.n_games, "game"))
            out.append(f"run {side} was interrupted after {done}: compared as far as it went.")
    return out


#: Columns of :func:`card_impact`.
CARD_IMPACT_COLUMNS = ["key", "name", "set", "kind", "runs", "edited", "copies_a", "copies_b",
                       "played_a", "played_b",
                       "held_a", "held_wins_a", "share_a", "held_b", "held_wins_b", "share_b",
                       "diff", "ci_low", "ci_high",
                       "killed_a", "fled_a", "kill_rate_a", "kill_low_a", "kill_high_a",
                       "killed_b", "fled_b", "kill_rate_b", "kill_low_b", "kill_high_b",
                       "kill_diff", "kill_ci_low", "kill_ci_high", "p_value", "significant"]


def p_two_proportions(ka: int, na: int, kb: int, nb: int) -> float:
    """Two-sided p-value of Fisher's exact test that ``ka / na`` and ``kb / nb`` are the same
    proportion: exact at any count, so a card seen once (``0/1 -> 1/1``) has p = 1, no
    evidence. NaN when a side has no trials."""
    if na <= 0 or nb <= 0:
        return math.nan
    from scipy.stats import fisher_exact  # imported on use (main process only)

    return float(fisher_exact([[ka, na - ka], [kb, nb - kb]]).pvalue)


def _runs(r: Any) -> str:
    return "both" if r[0] is not None and r[1] is not None else ("A only" if r[0] is not None else "B only")


def card_impact(a: SimResult, b: SimResult, min_held: int = 1) -> "pd.DataFrame":
    """Per-card impact of going from run A to run B, for every card of either deck.

    Two measures, each in A and in B with the difference B - A and Newcombe's 95% hybrid
    score interval:

    - share of wins when held (``share_*``, ``diff``, ``ci_low``/``ci_high``):
      ``held_wins / held``, the player-games that held the card at the end of the game (in
      hand or in play) and won; compare with ``1 / players``. A card held fewer than
      ``min_held`` times in a run gets no difference (NaN).
    - for monsters, the kill rate (``kill_rate_*`` with its 95% Wilson interval
      ``kill_low_*``/``kill_high_*``; ``kill_diff``, ``kill_ci_low``/``kill_ci_high``):
      ``killed / (killed + fled)``, the share of its combats the monster lost.

    ``played_a`` / ``played_b``: times the card was played in the run, over all games (the
    simulator's ``played`` count): a Curse or One-Shot, played and discarded, is seldom held
    at the end, so its use shows here, not in ``held``.

    ``runs``: ``both``, ``A only`` or ``B only`` (a card one deck lacks, such as the variant
    copy of a card in an A/B test: its own numbers, no difference); ``edited``: the card's
    data differs between the runs (both results record card digests, see
    :mod:`munchkin_lab.sim.provenance`; a card whose copies alone changed is not edited:
    ``copies_a != copies_b``), so a change there is by design, as is a change of copies.

    ``p_value``: the smaller two-sided p-value of the card's differences (Fisher's exact
    test, :func:`p_two_proportions`); ``significant``: ``p_value < 0.05 / m`` (Bonferroni, m =
    the differences computed, both measures of every card), so the cards flagged, taken
    together, are real changes with 95% confidence: with 150 cards compared, some 95%
    intervals miss 0 by chance alone (about 1 in 20).

    Rows: first the cards changed by design (in one run only, ``edited`` or in other copies;
    by name), then
    the cards compared, significant first, then by ``p_value`` (the strength of the evidence,
    not the size of the change: a card held once with ``0% -> 100%`` is no evidence and ranks
    low), ties by name; then the cards without a difference (by name).

    Note: a player-game is not independent of the others of the same game (one winner per
    game), nor is a monster's combat, so the intervals are a guide, not an exact test.

    Returns:
        DataFrame with :data:`CARD_IMPACT_COLUMNS` (``copies_*``: copies in that deck, 0 when
        absent; rates NaN when there is nothing to count).
    """
    import pandas as pd

    ca = a.cards.set_index("key") if a.cards is not None and len(a.cards) else pd.DataFrame()
    cb = b.cards.set_index("key") if b.cards is not None and len(b.cards) else pd.DataFrame()
    cfa, cfb = (getattr(a, "config", None) or {}), (getattr(b, "config", None) or {})
    da, db = cfa.get("deck_cards") or {}, cfb.get("deck_cards") or {}
    # data alone (results written before it was recorded: the digest of data and copies,
    # a difference read as an edit only when the copies are the same)
    xa, xb = cfa.get("deck_card_data") or {}, cfb.get("deck_card_data") or {}

    def edited(key, n_a, n_b):
        if key in xa and key in xb:
            return xa[key] != xb[key]
        return key in da and key in db and da[key] != db[key] and n_a == n_b
    rows = []
    for key in list(dict.fromkeys([*ca.index, *cb.index])):
        ra = ca.loc[key] if key in ca.index else None
        rb = cb.loc[key] if key in cb.index else None
        info = ra if ra is not None else rb

        def get(r, col):
            return int(r[col]) if r is not None and col in r.index and r[col] == r[col] else 0

        ha, wa, hb, wb = get(ra, "held"), get(ra, "held_wins"), get(rb, "held"), get(rb, "held_wins")
        ka, fa, kb, fb = get(ra, "killed"), get(ra, "fled"), get(rb, "killed"), get(rb, "fled")
        both = ra is not None and rb is not None
        if both and ha >= max(1, min_held) and hb >= max(1, min_held):
            d, lo, hi = diff_proportions(wa, ha, wb, hb)
            p = p_two_proportions(wa, ha, wb, hb)
        else:
            d = lo = hi = p = math.nan
        if both and ka + fa > 0 and kb + fb > 0:
            kd, klo, khi = diff_proportions(ka, ka + fa, kb, kb + fb)
            kp = p_two_proportions(ka, ka + fa, kb, kb + fb)
        else:
            kd = klo = khi = kp = math.nan
        wla, wha = wilson(ka, ka + fa)
        wlb, whb = wilson(kb, kb + fb)
        rows.append({"key": key, "name": info["name"], "set": info["set"], "kind": info["kind"],
                     "runs": _runs((ra, rb)), "edited": bool(both and edited(key, get(ra, "copies"), get(rb, "copies"))),
                     "copies_a": get(ra, "copies"), "copies_b": get(rb, "copies"),
                     "played_a": get(ra, "played"), "played_b": get(rb, "played"),
                     "held_a": ha, "held_wins_a": wa, "share_a": wa / ha if ha else math.nan,
                     "held_b": hb, "held_wins_b": wb, "share_b": wb / hb if hb else math.nan,
                     "diff": d, "ci_low": lo, "ci_high": hi,
                     "killed_a": ka, "fled_a": fa, "kill_rate_a": ka / (ka + fa) if ka + fa else math.nan,
                     "kill_low_a": wla, "kill_high_a": wha,
                     "killed_b": kb, "fled_b": fb, "kill_rate_b": kb / (kb + fb) if kb + fb else math.nan,
                     "kill_low_b": wlb, "kill_high_b": whb,
                     "kill_diff": kd, "kill_ci_low": klo, "kill_ci_high": khi,
                     "p_value": min(p, kp) if p == p and kp == kp else (p if p == p else kp),
                     "significant": False, "_m": int(d == d) + int(kd == kd)})
    m = sum(r["_m"] for r in rows)  # Bonferroni over the m differences computed
    for r in rows:
        r["significant"] = bool(r["p_value"] < 0.05 / m) if m and r["p_value"] == r["p_value"] else False
    df = pd.DataFrame(rows, columns=CARD_IMPACT_COLUMNS)
    if len(df):
        df["_design"] = _by_design(df)
        df["_none"] = df["p_value"].isna()
        df = (df.sort_values(["_design", "_none", "significant", "p_value", "name"],
                             ascending=[False, True, False, True, True], na_position="last")
              .drop(columns=["_design", "_none"]).reset_index(drop=True))
    df.attrs["tests"] = m
    return df


def _by_design(cards: "pd.DataFrame") -> "pd.Series":
    """The rows of :func:`card_impact` changed by design: a card in one run only, edited, or
    played in other copies."""
    return (cards["runs"] != "both") | cards["edited"] | (cards["copies_a"] != cards["copies_b"])


def _cut(text: str, width: int) -> str:
    """``text`` cut to ``width`` characters, an ellipsis marking the cut."""
    return text if len(text) <= width else text[: max(0, width - 1)] + "\u2026"


def _p(x: float) -> str:
    return "-" if x != x else f"{x * 100:.0f}%"


def _d(d: float, lo: float, hi: float) -> str:
    return "-" if d != d else f"{d * 100:+.0f} ({lo * 100:+.0f} to {hi * 100:+.0f})"


def text_table(df: "pd.DataFrame", left: Sequence[str] = ("card",)) -> str:
    """A small table of text as lines for a terminal: the ``left`` columns aligned left, the
    others right, two spaces between columns."""
    cols = list(df.columns)
    cells = [[str(c) for c in cols]] + [[str(v) for v in row] for row in df.itertuples(index=False)]
    widths = [max(len(r[i]) for r in cells) for i in range(len(cols))]
    lines = []
    for r in cells:
        lines.append("  ".join(v.ljust(w) if c in left else v.rjust(w) for v, w, c in zip(r, widths, cols)).rstrip())
    return "\n".join(lines)


def card_table(cards: "pd.DataFrame", top: int = 10, width: int = 32) -> dict[str, "pd.DataFrame"]:
    """The per-card comparison (:func:`card_impact`) as two short text tables, the same in a
    notebook and on the command line (``munchkin-lab compare``):

    ``one_run``: the first ``top`` cards changed by design (in one run only, edited or in
    other copies between the runs): ``card`` (``Name [set]``, cut with an ellipsis at ``width``
    characters), ``runs`` (``A only``, ``B only``, ``edited``, ``copies 1 -> 3`` or both:
    ``edited, copies 1 -> 3``), ``played`` (A / B: times the card was played, over all games;
    a Curse or One-Shot is judged by it, as it is seldom held at the end), ``held`` (A / B), ``win share`` (when held, A -> B), ``kill rate``
    (monsters: A -> B), ``kill 95% CI`` (A; B) in percent and ``*`` (significant, as below:
    a card in both runs, edited or in other copies, is tested like the others).

    ``compared``: the first ``top`` other cards with a difference, in :func:`card_impact`'s
    ranking: ``card``, ``played`` (A / B), ``held`` (A / B), ``win share`` (A -> B), ``B-A (95% CI)`` (points),
    ``kill rate`` (A -> B), ``kill B-A (95% CI)`` (points), ``*`` (significant)."""
    import pandas as pd

    def label(r):
        tail = f" [{r.set}]"
        if len(r.name) + len(tail) <= width or width - len(tail) < 8:
            return _cut(f"{r.name}{tail}", width)
        return _cut(r.name, width - len(tail)) + tail  # the name cut, the set kept

    def both(x, y, runs):
        return f"{x:,} / {y:,}" if runs == "both" else (f"{x:,} / -" if runs == "A only" else f"- / {y:,}")

    def held(r):
        return both(r.held_a, r.held_b, r.runs)

    def played(r):
        return both(r.played_a, r.played_b, r.runs)

    def arrow(x, y, runs):
        return _p(x) if runs == "A only" else (_p(y) if runs == "B only" else f"{_p(x)} -> {_p(y)}")

    def kci(r):
        parts = []
        for side, lo, hi, n in (("A", r.kill_low_a, r.kill_high_a, r.killed_a + r.fled_a),
                                ("B", r.kill_low_b, r.kill_high_b, r.killed_b + r.fled_b)):
            if n:
                parts.append(f"{side} {lo * 100:.0f}-{hi * 100:.0f}%")
        return "; ".join(parts) or "-"

    def runs(r):
        if r.runs != "both":
            return r.runs
        parts = (["edited"] if r.edited else []) + (
            [f"copies {r.copies_a} -> {r.copies_b}"] if r.copies_a != r.copies_b else [])
        return ", ".join(parts) or r.runs

    design = cards[_by_design(cards)]
    one = [{"card": label(r), "runs": runs(r), "played": played(r), "held": held(r),
            "win share": arrow(r.share_a, r.share_b, r.runs),
            "kill rate": arrow(r.kill_rate_a, r.kill_rate_b, r.runs) if r.kind == "monster" else "",
            "kill 95% CI": kci(r) if r.kind == "monster" else "",
            "*": "*" if r.significant else ""}
           for r in design.head(top).itertuples()]
    rest = cards[~_by_design(cards) & cards["p_value"].notna()]
    comp = [{"card": label(r), "played": played(r), "held": held(r), "win share": arrow(r.share_a, r.share_b, r.runs),
             "B-A (95% CI)": _d(r.diff, r.ci_low, r.ci_high),
             "kill rate": arrow(r.kill_rate_a, r.kill_rate_b, r.runs) if r.kind == "monster" else "",
             "kill B-A (95% CI)": _d(r.kill_diff, r.kill_ci_low, r.kill_ci_high) if r.kind == "monster" else "",
             "*": "*" if r.significant else ""}
            for r in rest.head(top).itertuples()]
    cols_one = ["card", "runs", "played", "held", "win share", "kill rate", "kill 95% CI", "*"]
    cols_cmp = ["card", "played", "held", "win share", "B-A (95% CI)", "kill rate", "kill B-A (95% CI)", "*"]
    return {"one_run": pd.DataFrame(one, columns=cols_one), "compared": pd.DataFrame(comp, columns=cols_cmp)}


def interval_gap(ci_low, ci_high):
    """How far an interval ``[ci_low, ci_high]`` lies from 0: ``max(ci_low, -ci_high)``, in
    the interval's units (scalars or pandas Series alike). Positive: the interval misses 0
    and the gap is the smallest change it allows; negative: it straddles 0 and the gap is
    minus the smaller of its two sides around 0. NaN stays NaN. The per-card ranking of
    :func:`card_impact`: unlike the raw difference, it is not topped by cards held once."""
    import numpy as np

    return np.maximum(ci_low, -ci_high)


def plot_card_impact(cards: "pd.DataFrame", top: int = 15, min_held: int = 20, labels: tuple[str, str] = ("A", "B"),
                     players: int | None = None):
    """Horizontal bars of B - A in the share of wins when held (percentage points) with 95%
    intervals, for the first ``top`` cards of ``cards`` (:func:`card_impact`'s ranking:
    significant first, then by how far the interval lies from 0) held at least ``min_held``
    times in both runs, the first at the top (significant ones in a darker colour). Returns a
    matplotlib Figure (an empty axes with a note when no card qualifies)."""
    rows = cards[(cards["held_a"] >= min_held) & (cards["held_b"] >= min_held)].dropna(subset=["diff"])
    rows = rows.head(top).iloc[::-1]  # barh draws the first row at the bottom
    fig = _figure(7.0, max(2.5, 0.32 * len(rows) + 1.2))
    ax = fig.add_subplot()
    if not len(rows):
        ax.text(0.5, 0.5, f"no card held {min_held}+ times in both runs", ha="center", va="center",
                transform=ax.transAxes)
        ax.set_axis_off()
        return fig
    y = range(len(rows))
    d = rows["diff"].to_numpy() * 100
    err = [(rows["diff"] - rows["ci_low"]).clip(lower=0).to_numpy() * 100,
           (rows["ci_high"] - rows["diff"]).clip(lower=0).to_numpy() * 100]
    colors = ["#8b3a1a" if s else "#d9a38a" for s in rows["significant"]]
    ax.barh(list(y), d, xerr=err, color=colors, capsize=3)
    ax.set_yticks(list(y), [f"{n} [{s}]" for n, s in zip(rows["name"], rows["set"])], fontsize="small")
    ax.axvline(0, color="grey", linewidth=1)
    ax.set_xlabel("B - A: share of wins when held (points, 95% CI)", fontsize="small")
    title = "Cards whose share of wins when held changes"
    if players:
        title += f" (fair share {100 / players:.0f}%)"
    ax.set_title(f"{title}\nA = {labels[0]}, B = {labels[1]}", fontsize="small")
    return fig


def _verdict(seats: pd.DataFrame, length: pd.DataFrame) -> str:
    parts = []
    sig = seats[seats["significant"]]
    if len(sig):
        # the seat whose win rate moved the most; the sentence leads with that change, and
        # the advantage (win rate minus the seats' average, which moves when games end
        # without a winner) follows, named as such
        r = sig.loc[sig["diff"].abs().idxmax()]
        seat = int(r["seat"])
        aa, ab = r["advantage_a"], r["advantage_b"]
        who = f"P{seat + 1} (seat {seat})"
        verb = "rises" if r["diff"] > 0 else "falls"
        parts.append(f"{who} win rate {verb} from {_pct(r['win_rate_a'])} to {_pct(r['win_rate_b'])} "
                     f"({_pts(r['diff'])} points, 95% CI {_pts(r['ci_low'])} to {_pts(r['ci_high'])}); "
                     f"against the seats' average win rate ({_pct(r['win_rate_a'] - aa)} -> "
                     f"{_pct(r['win_rate_b'] - ab)}) it goes from {_pts(aa)} to {_pts(ab)} points")
        if len(sig) > 1:
            parts[-1] += f"; {plural(len(sig) - 1, 'more seat')} change{'s' if len(sig) == 2 else ''} significantly"
        parts[-1] += "."
    else:
        big = seats.loc[seats["diff"].abs().idxmax()]
        parts.append(f"No clear change in seat win rates (largest: P{int(big['seat']) + 1} "
                     f"{_pts(big['diff'])} points, 95% CI {_pts(big['ci_low'])} to {_pts(big['ci_high'])}).")
    L = length.iloc[0]
    if L["significant"]:
        word = "longer" if L["diff"] > 0 else "shorter"
        parts.append(f"Games get {word}: {L['turns_mean_a']:.1f} -> {L['turns_mean_b']:.1f} turns "
                     f"({L['diff']:+.1f}, 95% CI {L['ci_low']:+.1f} to {L['ci_high']:+.1f}).")
    else:
        parts.append(f"Game length about the same: {L['turns_mean_a']:.1f} vs {L['turns_mean_b']:.1f} turns "
                     f"({L['diff']:+.1f}, 95% CI {L['ci_low']:+.1f} to {L['ci_high']:+.1f}).")
    return " ".join(parts)


def players_problem(saved: SimResult, players: int, option: str = "players") -> str | None:
    """Why a deck played with ``players`` seats cannot be compared with the saved run ``saved``
    (``None`` when it can): a seat-by-seat comparison needs one table size
    (:func:`compare_results`). ``option``: the caller's name of the setting, told in the way
    out (``"players"`` in Python, ``"--players"`` for ``munchkin-lab compare``), whose
    refusal this wording is."""
    have = saved.config.get("players")
    if have is None or int(have) == int(players):
        return None
    name = saved.path.name if getattr(saved, "path", None) else "the saved result"
    return (f"cannot compare seats of {int(have)}- and {players}-player runs: {name} was played with "
            f"{int(have)} players (leave {option} out to use them)")


def compare(a: Any, b: Any, **simulate_kwargs) -> Comparison:
    """Compare two runs: ``a``/``b`` are :class:`SimResult` objects, or decks (anything
    :func:`~munchkin_lab.sim.simulate` takes) simulated with ``simulate_kwargs`` (same seed,
    players, bots for both unless ``bots_a``/``bots_b`` are given, to compare line-ups).
    A deck compared with a saved result is played with the result's number of players when
    ``players`` is left out (or ``None``); another number is refused before any game
    (:func:`players_problem`: the seats of runs of two table sizes cannot be compared).

    Raises:
        ValueError: as :func:`~munchkin_lab.sim.simulate` (checked for both before any game),
            ``players`` other than a saved result's (before any game), runs that cannot be
            compared, or run A interrupted (Ctrl-C; :class:`RunInterrupted`, holding run A's
            result) - run B is then not started. An interrupted run B, and a saved partial
            result on either side, is compared as far as it got (``cmp.b.interrupted``; a
            note says so: :func:`partial_notes`).
    """
    bots_a = simulate_kwargs.pop("bots_a", None)
    bots_b = simulate_kwargs.pop("bots_b", None)
    saved = [r for r in (a, b) if isinstance(r, SimResult)]
    if len(saved) == 1 and saved[0].config.get("players") is not None:  # a deck is played against it
        if simulate_kwargs.get("players") is None:
            simulate_kwargs["players"] = int(saved[0].config["players"])
        problem = players_problem(saved[0], simulate_kwargs["players"])
        if problem:
            raise ValueError(problem)
    if not isinstance(a, SimResult) and not isinstance(b, SimResult):
        # check both inputs before playing anything
        from .simulate import _deck_payload, _parse_bots, resolve_deck

        players = simulate_kwargs.get("players", 4)
        for deck, bots in ((a, bots_a), (b, bots_b)):
            _deck_payload(resolve_deck(deck, url=simulate_kwargs.get("url")), players)
            _parse_bots(bots if bots is not None else simulate_kwargs.get("bots", "greedy"), players)
    ra = a if isinstance(a, SimResult) else simulate(a, **({**simulate_kwargs, "bots": bots_a} if bots_a else simulate_kwargs))
    if ra.interrupted and not isinstance(a, SimResult) and ra.n_games < ra.config["games"]:
        raise RunInterrupted(f"run A was interrupted after {plural(ra.n_games, 'game')}; run B not started, "
                             "nothing compared", ra)
    rb = b if isinstance(b, SimResult) else simulate(b, **({**simulate_kwargs, "bots": bots_b} if bots_b else simulate_kwargs))
    # a run given as a result may be older than the deck of its name; one just played is not
    return compare_results(ra, rb, check_decks=(isinstance(a, SimResult), isinstance(b, SimResult)),
                           url=simulate_kwargs.get("url"))


# =============================================================================== plots
def _figure(width: float = 7.0, height: float = 4.0):
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), layout="constrained")


def plot_win_rates(results: Sequence[SimResult] | SimResult, labels: Sequence[str] | None = None):
    """Bar chart of the win rate by seat (P1 = seat 0) with 95% Wilson intervals and the fair
    share line; one bar group per run. Returns a matplotlib Figure."""
    if isinstance(results, SimResult):
        results = [results]
    labels = list(labels) if labels else [_label(r) for r in results]
    fig = _figure()
    ax = fig.add_subplot()
    n = len(results)
    width = 0.8 / n
    for j, (r, lab) in enumerate(zip(results, labels)):
        s = r.seats
        x = s["seat"].to_numpy() + (j - (n - 1) / 2) * width
        yerr = [(s["win_rate"] - s["ci_low"]).clip(lower=0).to_numpy(),
                (s["ci_high"] - s["win_rate"]).clip(lower=0).to_numpy()]
        ax.bar(x, s["win_rate"], width=width, yerr=yerr, capsize=3, label=f"{lab}, {r.n_games} games")
    players = results[0].config["players"]
    ax.axhline(1 / players, color="grey", linestyle=":", linewidth=1, label="1 / players")
    ax.set_xticks(range(players), [f"P{k + 1}" for k in range(players)])
    ax.set_xlabel("seat (turn order)")
    ax.set_ylabel("win rate")
    ax.set_title("Win rate by seat (95% Wilson intervals)")
    ax.legend(fontsize="small")
    return fig


def plot_lengths(results: Sequence[SimResult] | SimResult, labels: Sequence[str] | None = None):
    """Histograms of game length in turns (step outlines, one per run). Returns a Figure."""
    if isinstance(results, SimResult):
        results = [results]
    labels = list(labels) if labels else [_label(r) for r in results]
    fig = _figure()
    ax = fig.add_subplot()
    stats = [r.stats() for r in results]
    hi = max((max(t.turn_hist) for t in stats if t.turn_hist), default=1)
    bins = range(0, hi + 6, max(1, (hi + 5) // 30))
    for t, lab in zip(stats, labels):
        if not t.games:
            continue
        values = sorted(t.turn_hist)
        ax.hist(values, bins=bins, weights=[t.turn_hist[v] for v in values], histtype="step", linewidth=1.5,
                density=True, label=f"{lab}: mean {t.turns / t.games:.1f}")
    ax.set_xlabel("game length (turns)")
    ax.set_ylabel("share of games")
    ax.set_title("Game length")
    ax.legend(fontsize="small")
    return fig


def plot_levels(results: Sequence[SimResult] | SimResult, labels: Sequence[str] | None = None,
                min_games: int = 5):
    """Mean Level by turn for every seat (runs told apart by line style), over games still
    running at that turn with at least ``min_games`` of them. Returns a Figure."""
    if isinstance(results, SimResult):
        results = [results]
    labels = list(labels) if labels else [_label(r) for r in results]
    fig = _figure()
    ax = fig.add_subplot()
    styles = ["-", "--", ":", "-."]
    colors = [f"C{k}" for k in range(6)]
    for j, (r, lab) in enumerate(zip(results, labels)):
        lv = r.levels[r.levels["games"] >= min(min_games, max(1, r.n_games))]
        for seat, grp in lv.groupby("seat"):
            ax.plot(grp["turn"], grp["mean_level"], linestyle=styles[j % len(styles)],
                    color=colors[int(seat) % len(colors)],
                    label=f"{lab} P{int(seat) + 1}" if j == 0 or seat == 0 else None)
    ax.set_xlabel("turn")
    ax.set_ylabel("mean Level (games still running)")
    ax.set_title("Level curves")
    if ax.get_legend_handles_labels()[0]:
        ax.legend(fontsize="x-small", ncol=2)
    return fig
