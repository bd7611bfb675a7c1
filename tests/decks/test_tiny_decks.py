"""Draw odds of decks smaller than the hands and kicks (new-user finding: `deck stats` gave
100% on a one-card deck). The first kick comes after the opening hands (core rules: 4 Door
and 4 Treasure cards a player, then Kick Down the Door), so the odds with ``players`` are
those of the cards the hands leave: checked against a count over every order of the pile
and against seeded shuffles."""
from __future__ import annotations

from itertools import permutations
from math import comb

import pytest
from typer.testing import CliRunner

from munchkin_lab.cli import app
from munchkin_lab.decks import stats
from munchkin_lab.engine.cards import CardSpec


def _deck(monsters: int, curses: int, treasures: int = 0):
    out = []
    if monsters:
        out.append((CardSpec.make(name="Tiny Rat", kind="monster", deck="door", level=1, treasures=1, set="t"), monsters))
    if curses:
        out.append((CardSpec.make(name="Tiny Curse", kind="curse", deck="door", set="t"), curses))
    if treasures:
        out.append((CardSpec.make(name="Tiny Coin", kind="item", deck="treasure", gold=100, set="t"), treasures))
    return out


def _by_orders(monsters: int, curses: int, dealt: int, kicks: int) -> float:
    """Share of the orders of the Door pile with a monster among the cards kicked: the ones
    after the ``dealt`` cards of the hands, at most ``kicks`` of them (a direct count)."""
    pile = ["m"] * monsters + ["c"] * curses
    orders = list(permutations(range(len(pile))))
    hits = sum(any(pile[i] == "m" for i in order[dealt:dealt + kicks]) for order in orders)
    return hits / len(orders)


def test_a_one_card_deck_leaves_nothing_to_kick_after_the_hands():
    deck = _deck(1, 0)
    assert stats.kick_odds(deck, players=4).loc["monster", "p"] == 0.0
    assert list(stats.monster_within(deck, [1, 3, 5], players=4)["p"]) == [0.0, 0.0, 0.0]
    assert stats.deal_shortfall(deck, 4) == [
        "the Door pile has 1 card: the opening hands of 4 players take 16 and Kick Down the Door needs one "
        "more, so no Door card is left to kick and the hands get 1 of their 16 Door cards"]
    # the pile alone (no deal): its one card is the top card
    assert stats.kick_odds(deck).loc["monster", "p"] == 1.0


@pytest.mark.parametrize("monsters,curses,players", [(2, 9, 2), (3, 7, 2), (1, 9, 2), (4, 6, 2), (2, 8, 3)])
def test_tiny_piles_match_a_count_over_every_order(monsters, curses, players):
    deck = _deck(monsters, curses)
    n = monsters + curses
    dealt = min(n, 4 * players)
    w = stats.monster_within(deck, [1, 2, 3, 5, 20], players=players)
    for kicks in w.index:
        exact = _by_orders(monsters, curses, dealt, kicks) if n <= 8 else None
        left = max(0, min(kicks, n - dealt))
        formula = 1 - comb(n - monsters, left) / comb(n, left)
        assert w.loc[kicks, "p"] == pytest.approx(formula)
        if exact is not None:
            assert w.loc[kicks, "p"] == pytest.approx(exact)
    k = stats.kick_odds(deck, players=players)
    assert k.loc["monster", "p"] == pytest.approx(monsters / n if n > dealt else 0.0)


def test_small_orders_counted_whole():
    # 8 Door cards, 2 players: the hands take all 8, none is kicked
    assert stats.monster_within(_deck(3, 5), [1, 4], players=2)["p"].tolist() == [0.0, 0.0]
    # 7 cards, 1 player's hand of 4: three are left to kick, counted over all 5040 orders
    w = stats.monster_within(_deck(2, 5), [1, 2, 3, 9], players=1)
    for kicks in w.index:
        assert w.loc[kicks, "p"] == pytest.approx(_by_orders(2, 5, 4, kicks))


def test_the_odds_agree_with_shuffles_dealt_first():
    deck = _deck(3, 7, 12)
    sim = stats.simulate_odds(deck, trials=20000, seed=5, kicks=[1, 2, 5], players=2).set_index("what")["p"]
    w = stats.monster_within(deck, [1, 2, 5], players=2)
    for kicks in w.index:
        p = w.loc[kicks, "p"]
        assert abs(sim[f"within:{kicks}"] - p) <= 4 * (p * (1 - p) / 20000) ** 0.5 + 1e-12
    assert stats.kick_odds(deck, players=2).loc["monster", "p"] == pytest.approx(3 / 10)


def test_big_piles_keep_their_odds_with_the_deal():
    deck = _deck(30, 60, 80)
    for kicks in (1, 3, 5, 10):
        assert stats.monster_within(deck, kicks, players=6).loc[kicks, "p"] == pytest.approx(
            stats.monster_within(deck, kicks).loc[kicks, "p"])


def test_deck_stats_says_the_deck_is_too_small(tmp_path, fresh_sqlite):
    f = tmp_path / "one.txt"
    f.write_text("1 Maul Rat\n", encoding="utf-8")
    res = CliRunner().invoke(app, ["deck", "stats", str(f), "--by", "kind", "--url", fresh_sqlite])
    assert res.exit_code == 0, res.output
    out = res.output
    assert "too small: the Door pile has 1 card: the opening hands of 4 players take 16" in out
    kick = next(line for line in out.splitlines() if "kick shows a monster" in line)
    assert kick.split()[-1] == "0.0%"
    assert "100.0%" not in out.split("-- Kick Down the Door")[1]
    res = CliRunner().invoke(app, ["deck", "stats", str(f), "--players", "9", "--url", fresh_sqlite])
    assert res.exit_code == 2 and "--players: a Munchkin game seats 2 to 6 players" in res.output
