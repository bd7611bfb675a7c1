"""Statistics, odds and figures on the real card data, checked against direct counts from
the set files and against seeded shuffles (tolerance: 4 binomial standard errors)."""
from __future__ import annotations

from collections import Counter
from math import sqrt
from pathlib import Path

import numpy as np
import pytest
import yaml

from munchkin_lab.decks import load_preset, plots, stats

SETS = Path(__file__).resolve().parents[2] / "database" / "sets"
TRIALS = 20000


def _file_cards(code):
    """(card dict, copies) straight from database/sets/<code>.yaml (independent of the loader)."""
    data = yaml.safe_load((SETS / f"{code}.yaml").read_text(encoding="utf-8"))
    return [(c, c.get("copies", 1)) for c in data["cards"]]


def _file_count(code, **where):
    return sum(n for c, n in _file_cards(code) if all(c.get(k) == v for k, v in where.items()))


@pytest.fixture(scope="module")
def base(real_catalog):
    return load_preset("base", catalog=real_catalog)


@pytest.fixture(scope="module")
def spooky(real_catalog):
    """base + Scooby-Doo Dungeons + Fairy Dust: the issue's example mix."""
    d = load_preset("base_scooby_dungeons", catalog=real_catalog)
    d.add_set("fairy_dust")
    return d


def _close(sim_p, exact_p, trials=TRIALS):
    se = sqrt(exact_p * (1 - exact_p) / trials)
    return abs(sim_p - exact_p) <= 4 * se + 1e-12


def test_base_counts_match_the_set_file(base):
    c = stats.counts(base, "deck")
    assert int(c.loc["door", "cards"]) == _file_count("munchkin", deck="door") == 95
    assert int(c.loc["treasure", "cards"]) == _file_count("munchkin", deck="treasure") == 73
    k = stats.counts(base, "kind")
    assert int(k.loc["monster", "cards"]) == _file_count("munchkin", kind="monster") == 37
    assert int(k.loc["curse", "cards"]) == _file_count("munchkin", kind="curse") == 19
    assert abs(k["share"].sum() - 1) < 1e-12
    t = stats.counts(base, "tag")
    assert int(t.loc["Undead", "cards"]) == 4  # as the card files spell it
    assert set(stats.composition(base)["by"]) == {"deck", "kind", "set", "tag"}


def test_kick_odds_are_counts_over_doors(base, spooky):
    k = stats.kick_odds(base)
    assert k.loc["monster", "p"] == pytest.approx(37 / 95)
    assert k.loc["curse", "p"] == pytest.approx(19 / 95)
    assert k.loc["portal", "p"] == 0
    s = stats.kick_odds(spooky)
    doors = 95 + 1 + 2 + 1  # base, Creepy Cemetery Entrance, two Ghosts, Sparkly Good Fairy
    assert int(s["doors"].iloc[0]) == doors
    assert s.loc["monster", "p"] == pytest.approx((37 + 2 + 1) / doors)
    assert s.loc["portal", "p"] == pytest.approx(1 / doors)
    per_set = stats.kick_odds(spooky, set="scooby_doo")
    assert per_set.loc["monster", "p"] == pytest.approx(2 / 3)
    by_set = stats.kick_odds_by_set(spooky)
    assert dict(by_set["doors"]) == {"fairy_dust": 1, "munchkin": 95, "scooby_doo": 3}
    assert by_set.loc["scooby_doo", "p_portal"] == pytest.approx(1 / 3)
    assert by_set.loc["munchkin", "p_monster"] == pytest.approx(37 / 95)


def test_odds_agree_with_seeded_shuffles(spooky):
    sim = stats.simulate_odds(spooky, trials=TRIALS, seed=7).set_index("what")["p"]
    k = stats.kick_odds(spooky)
    for kind in ("monster", "curse", "portal"):
        assert _close(sim[f"kick:{kind}"], k.loc[kind, "p"]), kind
    w = stats.monster_within(spooky)
    for n in w.index:
        assert _close(sim[f"within:{n}"], w.loc[n, "p"]), n
    h = stats.opening_hand_odds(spooky)
    assert _close(sim["hand:race_or_class"], h.loc["race_or_class", "p"])
    assert h.loc["race", "door_cards"] == 9 and h.loc["class", "door_cards"] == 12 + 0


def test_monster_within_formula(base):
    w = stats.monster_within(base, [1, 2, 95])
    assert w.loc[1, "p"] == pytest.approx(37 / 95)
    assert w.loc[2, "p"] == pytest.approx(1 - (58 / 95) * (57 / 94))
    assert w.loc[95, "p"] == pytest.approx(1.0)


def test_level_curve_treasures_bonus_gold_match_the_file(base):
    monsters = [(c, n) for c, n in _file_cards("munchkin") if c["kind"] == "monster"]
    levels = Counter()
    for c, n in monsters:
        if c.get("level") is not None:
            levels[c["level"]] += n
    curve = stats.level_curve(base)
    assert dict(curve["monsters"]) == dict(levels)
    treasures = Counter()
    for c, n in monsters:
        if c.get("treasures") is not None:
            treasures[c["treasures"]] += n
    assert dict(stats.treasures_per_monster(base)["monsters"]) == dict(treasures)
    bonus = Counter()
    for c, n in _file_cards("munchkin"):
        if c["kind"] == "item" and c.get("bonus") is not None:
            bonus[c["bonus"]] += n
    b = stats.bonus_distribution(base)
    assert {k: v for k, v in b["item"].items() if v} == dict(bonus)
    gold = stats.gold_distribution(base)
    direct = sum(c["gold"] * n for c, n in _file_cards("munchkin") if c.get("gold") is not None)
    assert gold.attrs["total"] == direct and gold.attrs["levels"] == direct // 1000


def test_tag_groups(base, spooky):
    g = stats.tag_groups(spooky)
    assert g.loc["undead", "cards"] == 4 and g.loc["ghost", "cards"] == 2
    assert bool(g.loc["ghost", "can_join"]) and not bool(g.loc["pirate", "can_join"])
    assert stats.tag_groups(base).loc["ghost", "cards"] == 0


def test_figures_show_the_tables(spooky):
    fig = plots.plot_counts(spooky, "kind")
    c = stats.counts(spooky, "kind")
    assert plots.bar_heights(fig) == list(c["cards"])
    assert [t.get_text() for t in fig.axes[0].get_xticklabels()] == list(c.index)
    fig = plots.plot_level_curve(spooky)
    monsters = [(s, n) for s, n in spooky.specs() if s.kind == "monster" and s.level is not None]
    direct = Counter()
    for s, n in monsters:
        direct[s.level] += n
    xs = [p.get_x() + p.get_width() / 2 for p in fig.axes[0].patches]
    assert dict(zip(np.round(xs).astype(int), plots.bar_heights(fig))) == dict(direct)
    fig = plots.plot_kick_odds(spooky)
    doors = sum(n for s, n in spooky.specs() if s.deck == "door")
    assert plots.bar_heights(fig)[0] == pytest.approx(sum(n for s, n in spooky.specs()
                                                         if s.deck == "door" and s.kind == "monster") / doors)
    sim = stats.simulate_odds(spooky, trials=TRIALS, seed=11)
    fig = plots.plot_monster_within(spooky, simulated=sim)
    line = fig.axes[0].lines[0]
    sim_w = sim[sim["what"].str.startswith("within:")]
    for x, y, p in zip(line.get_xdata(), line.get_ydata(), sim_w["p"]):
        assert _close(p, y), x
    fig = plots.plot_opening_hand(spooky)
    assert plots.bar_heights(fig) == pytest.approx(list(stats.opening_hand_odds(spooky)["p"]))
    fig = plots.plot_tag_groups(spooky)
    assert plots.bar_heights(fig) == [4, 2, 0]
    for make in (plots.plot_treasures_per_monster, plots.plot_bonus_distribution, plots.plot_gold_distribution):
        assert make(spooky).axes[0].patches


def test_stats_on_an_empty_deck(real_catalog):
    from munchkin_lab.decks import Deck

    d = Deck("empty", catalog=real_catalog)
    assert stats.counts(d).empty and stats.kick_odds(d)["p"].sum() == 0
    assert stats.monster_within(d, 3).loc[3, "p"] == 0
    assert stats.opening_hand_odds(d).loc["race", "p"] == 0


@pytest.mark.parametrize("call, message", [
    (lambda d: stats.p_at_least_one(10, 20, 5), "wanted must be 0..10 (the cards there are), got 20"),
    (lambda d: stats.p_at_least_one(10, -1, 5), "wanted must be 0..10 (the cards there are), got -1"),
    (lambda d: stats.p_at_least_one(-3, 0, 5), "total must be at least 0, got -3"),
    (lambda d: stats.p_at_least_one(10, 2, -1), "draws must be at least 0, got -1"),
    (lambda d: stats.p_at_least_one(10, 2, 2.5), "draws must be a whole number, got 2.5"),
    (lambda d: stats.opening_hand_odds(d, doors=-1), "doors must be 0..95 (the Door pile holds 95 cards), got -1"),
    (lambda d: stats.opening_hand_odds(d, doors=1000), "doors must be 0..95 (the Door pile holds 95 cards), got 1000"),
    (lambda d: stats.opening_hand_odds(d, treasures=74),
     "treasures must be 0..73 (the Treasure pile holds 73 cards), got 74"),
    (lambda d: stats.monster_within(d, [3, -2]), "kicks must be at least 0, got -2"),
    (lambda d: stats.simulate_odds(d, trials=0), "trials must be at least 1, got 0"),
    (lambda d: stats.simulate_odds(d, hand=(-1, 4)), "hand Door cards must be 0..95 (the Door pile holds 95 cards), got -1"),
])
def test_nonsense_arguments_are_value_errors_naming_the_range(base, call, message):
    """Finding 11 of the new user's session: a negative or oversized hand gave p = 0 or 1 and
    more wanted cards than cards gave NaN, with no error: each is a ValueError naming the
    argument and the allowed range."""
    with pytest.raises(ValueError) as info:
        call(base)
    assert str(info.value) == message


def test_the_edges_of_the_ranges_are_odds(base):
    assert stats.p_at_least_one(10, 10, 1) == 1.0 and stats.p_at_least_one(10, 0, 5) == 0.0
    assert stats.p_at_least_one(0, 0, 3) == 0.0
    assert stats.p_at_least_one(10, 1, 0) == 0.0 and stats.p_at_least_one(10, 1, 99) == 1.0  # drawing past the end
    whole = stats.opening_hand_odds(base, doors=95, treasures=0)
    assert whole.loc["race", "p"] == 1.0 and whole.loc["class", "p"] == 1.0
    none = stats.opening_hand_odds(base, doors=0, treasures=0)
    assert list(none["p"]) == [0.0, 0.0, 0.0]
    assert stats.monster_within(base, [0]).loc[0, "p"] == 0.0
