"""An offer of help for a price (core rules, 7. Help: the share is bargained): the engine takes
a price of 0 to the Treasures at stake, refuses more, cards, a negative price and a first pick
other than m=1 (helper) or m=0/-1 (fighter); the board lists the priced offers
for a human; the greedy bot pays a price only when it cannot win alone."""
from __future__ import annotations

from pathlib import Path

from munchkin_lab.engine import Action
from munchkin_lab.scenarios.runner import build_game, database_resolver, load_scenario, make_action

SC = Path(__file__).resolve().parents[1] / "scenarios" / "core" / "offer_of_help_for_a_price_becomes_the_bribe.yaml"


def _window(level: int = 4):
    """Ann (``level``) against an 8 with 2 Treasures, Run Away (or victory, at 9) declared: Bob
    may offer help."""
    sc = load_scenario(SC)
    sc["players"][0]["level"] = level
    g = build_game(sc, database_resolver())
    g = g[0] if isinstance(g, tuple) else g
    g.play(make_action(g, sc["steps"][0], "kick"))
    g.play(make_action(g, {"actor": "Ann", "action": "run" if level < 9 else "fight"}, "declare"))
    return g


def test_a_price_is_0_to_the_treasures_at_stake_no_card_and_a_known_first_pick():
    g = _window()
    assert g.actor() == 1
    assert g.why_not(Action(1, "offer_help", n=2, m=1)) is None  # all of the 2 at stake
    assert g.why_not(Action(1, "offer_help", n=1, m=0)) is None  # Ann picks first
    too_many = "the combat gives 2 Treasures now, so a share is 0 to 2 (core rules, 7. Combat: Help)"
    assert g.why_not(Action(1, "offer_help", n=5, m=1)) == "a share of 5 Treasures is not possible: " + too_many
    assert g.why_not(Action(1, "offer_help", n=3)).endswith(too_many)
    assert "not m=2" in g.why_not(Action(1, "offer_help", n=1, m=2))
    assert "no cards" in g.why_not(Action(1, "offer_help", n=1, cards=(0,)))
    assert g.why_not(Action(1, "offer_help", n=-1)).endswith(too_many)
    g.play(Action(1, "offer_help", n=2))
    assert g.state_dict()["pending"][0]["treasures"] == 2
    assert g.log[-1].endswith("offers to help Ann for 2 Treasures.")


def test_the_board_lists_priced_offers_up_to_the_treasures_at_stake():
    from munchkin_lab.widgets import words

    g = _window()
    acts = words.priced_offers(g, list(g.legal_actions(labels=False)))
    offers = [(a.n, a.m) for a in acts if a.kind == "offer_help"]
    assert offers == [(0, -1), (1, 1), (2, 1)]
    assert all(g.why_not(a) is None for a in acts if a.kind == "offer_help")  # the engine takes each
    sd = g.state_dict()
    texts = [words.action_text(g, a, sd) for a in acts if a.kind == "offer_help"]
    assert texts == ["Offer to help Ann", "Offer to help Ann for 1 Treasure (you pick first)",
                     "Offer to help Ann for 2 Treasures (you pick first)"]
    g.play(acts[[a.kind for a in acts].index("offer_help") + 2])
    assert words.decision(g, g.state_dict()) == "Ann must answer Bob's offer to help for 2 Treasures"


def test_the_greedy_bot_pays_a_price_only_when_it_cannot_win_alone():
    from munchkin_lab.sim.bots import GreedyBot

    bot = GreedyBot(0)
    g = _window()
    g.play(Action(1, "offer_help", n=1))
    assert bot.choose(g, 0).kind == "accept"  # 4 + 6 beats 8, and 4 alone does not
    g = _window(level=9)  # 9 beats 8 alone: no price for help
    g.play(Action(1, "offer_help", n=1))
    assert bot.choose(g, 0).kind == "refuse"
    g = _window(level=9)
    g.play(Action(1, "offer_help"))
    assert bot.choose(g, 0).kind == "accept"  # free help is taken
