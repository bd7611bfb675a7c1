"""compare(): intervals, verdicts, plots."""
from __future__ import annotations

import pandas as pd
import pytest
from matplotlib.figure import Figure

from munchkin_lab.sim import compare, compare_results, plot_lengths, plot_levels, plot_win_rates, simulate
from munchkin_lab.sim.compare import card_impact, diff_means, diff_proportions, p_two_proportions


def test_newcombe_and_welch_intervals():
    d, lo, hi = diff_proportions(20, 100, 40, 100)
    assert d == pytest.approx(0.2)
    assert lo == pytest.approx(0.0726, abs=2e-3) and hi == pytest.approx(0.3189, abs=2e-3)
    d, lo, hi = diff_means([1, 2, 3, 4], [3, 4, 5, 6])
    assert d == pytest.approx(2.0) and lo < 2.0 < hi and lo > -0.5
    assert diff_means([1, 1], [1, 1]) == (0.0, 0.0, 0.0)


@pytest.fixture(scope="module")
def runs(base_deck):
    a = simulate(base_deck, games=20, seed=4, workers=1, progress=False)
    b = simulate(base_deck, games=20, seed=5, workers=1, progress=False, bots="greedy,random")
    return a, b


def test_compare_line_ups_finds_the_random_seats_disadvantage(runs):
    a, b = runs
    cmp = compare(a, b)
    assert list(cmp.seats["seat"]) == [0, 1, 2, 3]
    s = cmp.seats.set_index("seat")
    assert s.loc[1, "win_rate_b"] == 0 and s.loc[1, "diff"] < 0
    assert (s["ci_low"] <= s["diff"]).all() and (s["diff"] <= s["ci_high"]).all()
    assert s["significant"].any()
    assert "P" in cmp.verdict and "95% CI" in cmp.verdict and "turns" in cmp.verdict
    L = cmp.length.iloc[0]
    assert L["diff"] == pytest.approx(b.games["turns"].mean() - a.games["turns"].mean())
    assert set(cmp.other["metric"]) == {"decided_rate", "turn_cap_rate", "deaths_per_game"}


def test_identical_runs_show_no_change(runs):
    a, _ = runs
    cmp = compare_results(a, a)
    assert (cmp.seats["diff"] == 0).all() and not cmp.seats["significant"].any()
    assert cmp.verdict.startswith("No clear change")
    assert "about the same" in cmp.verdict


def test_plots_return_figures(runs):
    a, b = runs
    cmp = compare(a, b)
    for fig in (cmp.plot_win_rates(), cmp.plot_lengths(), cmp.plot_levels(),
                plot_win_rates(a), plot_lengths([a, b]), plot_levels(a)):
        assert isinstance(fig, Figure) and fig.axes
    assert len(cmp.plot_win_rates().axes[0].patches) == 8


def test_compare_decks_checks_both_first(base_deck, sim_url):
    with pytest.raises(ValueError, match="unknown bot"):
        compare(base_deck, base_deck, games=3, workers=1, progress=False, bots_b="nobody")
    with pytest.raises(ValueError, match="not a file, a preset"):
        compare(base_deck, "missing deck", games=3, workers=1, progress=False, url=sim_url)
    cmp = compare(base_deck, base_deck, games=3, seed=1, workers=1, progress=False)
    pd.testing.assert_frame_equal(cmp.a.games, cmp.b.games)


def test_compare_refuses_different_player_counts(base_deck, runs):
    three = simulate(base_deck, players=3, games=2, seed=1, workers=1, progress=False)
    with pytest.raises(ValueError, match="player"):
        compare(runs[0], three)


def test_compare_with_a_saved_result_refuses_another_table_size_before_any_game(base_deck, sim_url, tmp_path,
                                                                               monkeypatch):
    """``compare(saved 3-player result, deck, players=4)`` played every game of the deck and
    only then was refused by compare_results. Now it is refused before any game, in the words
    of ``munchkin-lab compare`` (which uses the same check); players left out take the saved
    result's."""
    import importlib

    from munchkin_lab.sim import SimResult

    cmp_mod = importlib.import_module("munchkin_lab.sim.compare")  # the module (the package's compare is the function)

    path = tmp_path / "r3.parquet"
    simulate(base_deck, players=3, games=2, seed=1, workers=1, progress=False).save(path)
    saved = SimResult.load(path, url=sim_url)
    played = []
    real = cmp_mod.simulate

    def no_game(deck, **kwargs):
        played.append(kwargs)
        raise AssertionError("a game was played")

    monkeypatch.setattr(cmp_mod, "simulate", no_game)
    want = "cannot compare seats of 3- and 4-player runs: r3.parquet was played with 3 players (leave players out to use them)"
    for a, b in ((saved, base_deck), (base_deck, saved)):
        with pytest.raises(ValueError) as info:
            compare(a, b, players=4, games=2, workers=1, progress=False, url=sim_url)
        assert str(info.value) == want
    assert played == []
    # a result not read from a file has no name to give
    fresh = SimResult.load(path, url=sim_url)
    fresh.path = None
    with pytest.raises(ValueError, match=r"^cannot compare seats of 3- and 5-player runs: the saved result was "
                                         r"played with 3 players"):
        compare(base_deck, fresh, players=5, games=2, workers=1, progress=False)
    assert played == []
    # players left out: the deck is played with the saved result's 3
    monkeypatch.setattr(cmp_mod, "simulate", lambda deck, **kw: played.append(kw) or real(deck, **kw))
    cmp = compare(saved, base_deck, games=2, seed=1, workers=1, progress=False, url=sim_url)
    assert [kw["players"] for kw in played] == [3] and list(cmp.seats["seat"]) == [0, 1, 2]


def test_per_card_impact_table_and_plot(base_deck, sim_url):
    """Issue 14, item 8: which cards' share of wins when held changes between two decks."""
    from munchkin_lab.decks import Deck
    from munchkin_lab.sim import card_impact, plot_card_impact

    small = Deck("no curses", url=sim_url)
    for spec, n in base_deck.specs():
        if spec.kind != "curse":
            small.entries[spec.key] = type(next(iter(base_deck.entries.values())))(spec.key, n)
    a = simulate(base_deck, games=30, seed=11, workers=1, progress=False)
    b = simulate(small, games=30, seed=11, workers=1, progress=False)
    cmp = compare_results(a, b)
    t = cmp.cards
    assert list(t.columns[:4]) == ["key", "name", "set", "kind"] and len(t) == len(a.cards)
    row = t.set_index("key").loc["munchkin:Potted Plant"]
    ca = a.cards.set_index("key").loc["munchkin:Potted Plant"]
    cb = b.cards.set_index("key").loc["munchkin:Potted Plant"]
    assert (row["held_a"], row["held_wins_a"], row["held_b"], row["held_wins_b"]) == (
        ca["held"], ca["held_wins"], cb["held"], cb["held_wins"])
    if row["held_a"] and row["held_b"]:
        d, lo, hi = diff_proportions(int(ca["held_wins"]), int(ca["held"]), int(cb["held_wins"]), int(cb["held"]))
        assert row["diff"] == pytest.approx(d) and row["ci_low"] == pytest.approx(lo) and row["ci_high"] == pytest.approx(hi)
    curses = t[t["kind"] == "curse"]
    assert len(curses) and (curses["copies_b"] == 0).all() and curses["diff"].isna().all()  # only in deck A
    assert (curses["held_b"] == 0).all()
    with_diff = t.dropna(subset=["diff"])
    assert len(with_diff) > 10 and (with_diff["ci_low"] <= with_diff["diff"]).all()
    assert (with_diff["diff"] <= with_diff["ci_high"]).all()
    n_one = len(curses)  # the cards of one run only come first (the change by design)
    assert list(t["runs"][:n_one]) == ["A only"] * n_one and (t["runs"][n_one:] == "both").all()
    compared = t[n_one:].dropna(subset=["p_value"])
    sig = list(compared["significant"])
    assert sig == sorted(sig, reverse=True)  # significant changes first
    plain = compared[~compared["significant"]]
    assert list(plain["p_value"]) == sorted(plain["p_value"])  # then by the strength of the evidence
    row = t.set_index("key").loc["munchkin:Potted Plant"]
    if row["held_a"] and row["held_b"]:  # the smaller of the held and the kill p-values (a monster)
        ps = [p_two_proportions(int(ca["held_wins"]), int(ca["held"]), int(cb["held_wins"]), int(cb["held"]))]
        if ca["killed"] + ca["fled"] and cb["killed"] + cb["fled"]:
            ps.append(p_two_proportions(int(ca["killed"]), int(ca["killed"] + ca["fled"]),
                                        int(cb["killed"]), int(cb["killed"] + cb["fled"])))
        assert row["p_value"] == pytest.approx(min(ps)) and len(ps) == 2  # (Potted Plant: a monster)
    same = card_impact(a, a)
    assert (same["diff"].dropna() == 0).all() and not same["significant"].any()
    fig = cmp.plot_cards(top=8, min_held=1)
    assert isinstance(fig, Figure) and len(fig.axes[0].patches) == min(8, len(with_diff))
    shown = [tick.get_text() for tick in fig.axes[0].get_yticklabels()][::-1]  # top bar first
    assert shown == [f"{n} [{st}]" for n, st in zip(with_diff["name"][:8], with_diff["set"][:8])]
    empty = plot_card_impact(t, min_held=10**9)
    assert isinstance(empty, Figure) and not empty.axes[0].patches


def test_card_significance_is_adjusted_for_the_number_of_cards_compared():
    """With 152 cards compared, a change whose own 95% interval just misses 0 is not flagged
    (about 1 card in 20 does so by chance); a large change still is (Bonferroni)."""
    import types

    import pandas as pd

    def run(rows):
        df = pd.DataFrame([{"key": f"x:{n}", "name": n, "set": "x", "kind": "item", "copies": 1,
                            "held": h, "held_wins": w} for n, h, w in rows])
        return types.SimpleNamespace(cards=df)

    same = [(f"Card {i:03}", 200, 100) for i in range(150)]
    a = run(same + [("Moderate", 200, 100), ("Huge", 200, 50)])
    b = run(same + [("Moderate", 200, 125), ("Huge", 200, 150)])
    t = card_impact(a, b).set_index("name")
    mod, huge = t.loc["Moderate"], t.loc["Huge"]
    assert mod["diff"] == pytest.approx(0.125) and mod["ci_low"] > 0  # its own 95% interval misses 0
    assert not mod["significant"]
    assert huge["diff"] == pytest.approx(0.5) and huge["significant"]
    assert t["significant"].sum() == 1 and list(card_impact(a, b)["name"][:1]) == ["Huge"]
    # compared alone, the moderate change is flagged (m = 1: the plain 95% interval)
    alone = card_impact(run([("Moderate", 200, 100)]), run([("Moderate", 200, 125)]))
    assert bool(alone.loc[0, "significant"])


def test_cards_held_a_few_times_do_not_top_the_ranking():
    """A user's finding: 'Humongous 0% -> 100%, held 1/1' topped the list by its raw
    difference. The ranking is by how far the 95% interval lies from 0."""
    import types

    import pandas as pd

    from munchkin_lab.sim.compare import interval_gap

    def run(rows):
        df = pd.DataFrame([{"key": f"x:{n}", "name": n, "set": "x", "kind": "item", "copies": 1,
                            "held": h, "held_wins": w} for n, h, w in rows])
        return types.SimpleNamespace(cards=df)

    filler = [(f"Card {i:02}", 300, 75) for i in range(40)]
    a = run(filler + [("Humongous", 1, 0), ("Steady", 400, 100), ("Slight", 400, 100)])
    b = run(filler + [("Humongous", 1, 1), ("Steady", 400, 136), ("Slight", 400, 110)])
    t = card_impact(a, b)
    assert not t["significant"].any()  # 43 cards compared: Steady's 95% CI misses 0, not its corrected one
    steady = t.set_index("name").loc["Steady"]
    assert steady["diff"] == pytest.approx(0.09) and steady["ci_low"] > 0
    hum = t.set_index("name").loc["Humongous"]
    assert hum["diff"] == pytest.approx(1.0) and hum["ci_low"] < 0
    names = list(t["name"])
    assert names[:2] == ["Steady", "Slight"] and names[-1] == "Humongous"  # the largest raw change is last
    assert interval_gap(steady["ci_low"], steady["ci_high"]) == pytest.approx(steady["ci_low"])
    assert interval_gap(-0.3, -0.1) == pytest.approx(0.1) and interval_gap(-0.2, 0.05) == pytest.approx(-0.05)
