"""The play screen's leftovers of the last review: the phase while a won combat's rewards are
handed out, the focus pane in decisions without a card, *Pause bots* after the game, the
contrast of the "Not now" buttons."""
from __future__ import annotations

import html
import re

import pytest
from widget_helpers import bot_position, pending_why

from munchkin_lab.widgets import Board, words


def _phase(board) -> str:
    return re.search(r'class="mlab-phase">([^<]*)<', board.table.html).group(1)


@pytest.mark.parametrize("why", ["pick", "resurrect_t", "resurrect"])
def test_the_phase_says_rewards_while_a_won_combats_treasures_are_handed_out(base_deck, why):
    # pick: the face-up Treasures of a helped win, shared by the bribe (the combat has closed);
    # resurrect_t / resurrect: a Cleric fighter takes Treasure discards instead (the monsters are
    # killed, the combat not yet closed): core rules, 7. Combat (loot after the combat); Rewards
    def stop(g, sd):
        if pending_why(sd) != why:
            return False
        return why != "resurrect" or any(d.get("why") == "resurrect_t" for d in sd["pending"])

    g = bot_position(base_deck, stop)
    b = Board(g, journal=False)
    assert _phase(b) == "Rewards"
    assert "Combat" not in _phase(b)
    if why != "pick":  # the combat is still on the table until the Treasures are drawn
        html = b.table.html
        assert "<span>monsters killed</span>" in html and "combat-stage\">Rewards<" in html, html
        assert "others may interfere" not in html


def test_the_phase_says_looting_the_corpse_while_the_others_loot_a_dead_player(base_deck):
    g = bot_position(base_deck, lambda g, sd: pending_why(sd) == "loot")
    assert words.phase_text(g.state_dict()) == "Looting the Corpse"


def test_the_phase_is_still_combat_in_a_fight(base_deck):
    g = bot_position(base_deck, lambda g, sd: sd["phase"] == "combat" and not sd.get("pending"))
    assert words.phase_text(g.state_dict()).startswith("Combat")


def test_pause_bots_is_disabled_once_the_game_is_over_and_back_after_undo(base_deck):
    from munchkin_lab.engine import GameOptions

    b = Board.from_deck(base_deck, seed=3, options=GameOptions(max_turns=3), journal=False,
                        seats=["human", "greedy", "greedy", "greedy"])
    assert not b.pause_btn.disabled
    b.run_to_end()
    assert b.game.outcome() is not None
    assert b.pause_btn.disabled and b.step_btn.disabled and b.autoplay_n.disabled
    b.undo()
    assert b.game.outcome() is None
    assert not b.pause_btn.disabled and not b.autoplay_n.disabled


def _focus_body(board) -> str:
    html = board.table.html
    return html[html.index('class="mlab-focus-body"'):html.index('class="mlab-logbox"')]


def test_a_decision_without_a_card_shows_what_is_decided_in_the_focus_pane(base_deck):
    g = bot_position(base_deck, lambda g, sd: sd["phase"] == "charity" and not sd.get("pending"))
    b = Board(g, journal=False)
    body = _focus_body(b)
    assert 'data-testid="decision-focus"' in body and "data-detail" not in body
    assert ">Charity<" in body
    assert words.decision(g, g.state_dict()) in body.replace("&#x27;", "'")
    n = g.state_dict()["charity"]["excess"]
    assert ("1 card too many: Charity (give it to" if n == 1 else f"{n} cards too many: Charity (give them to") \
        in words.decision(g, g.state_dict())


def test_the_face_up_treasures_to_pick_are_named_in_the_focus_pane(base_deck):
    g = bot_position(base_deck, lambda g, sd: pending_why(sd) == "pick")
    b = Board(g, journal=False)
    body = _focus_body(b)
    opts = g.state_dict()["pending"][0]["options"]
    assert opts and ">Rewards<" in body
    for name in opts:  # (the attribute is HTML-escaped: Gentlemen&#x27;s Club)
        assert f'data-card="{html.escape(name)}"' in body, name


def test_the_curse_that_takes_an_item_is_named_in_the_focus_pane(base_deck):
    # a Curse played on a player at the end of a turn (one kicked open is the card in focus)
    g = bot_position(base_deck, lambda g, sd: pending_why(sd) == "lose" and sd["phase"] == "end")
    b = Board(g, journal=False)
    cause = words.cause_of(g, g.state_dict())
    assert cause and b.lookup.spec(cause).kind == "curse"
    assert re.search(r'Caused by.*data-card="' + re.escape(cause) + '"', _focus_body(b))


def test_a_card_in_focus_still_fills_the_pane(base_deck):
    g = bot_position(base_deck, lambda g, sd: sd["phase"] == "combat" and not sd.get("pending"))
    b = Board(g, journal=False)
    body = _focus_body(b)
    assert "data-detail=" in body and "decision-focus" not in body


def test_the_game_over_line_says_level_with_a_capital(base_deck):
    g = bot_position(base_deck, lambda g, sd: g.outcome() is not None and g.outcome().reason == "level 10")
    text = words.game_over_text(g.state_dict())
    assert "(Level 10)" in text and "level 10" not in text, text


def test_the_combat_panel_says_the_stage_in_game_words(base_deck):
    """The combat panel names the stage as the games do: Fight, Interference (the others'
    window), Running Away; not the engine's ``stage: fight``."""
    from munchkin_lab.widgets.render import STAGE_WORDS

    assert STAGE_WORDS == {"fight": "Fight", "window": "Interference", "run": "Running Away"}
    seen = set()
    for stage in ("fight", "window", "run"):
        g = bot_position(base_deck, lambda g, sd, st=stage: sd["phase"] == "combat" and sd.get("combat")
                         and sd["combat"]["stage"] == st and not sd.get("pending"))
        b = Board(g, journal=False)
        html = b.table.html
        m = re.search(r'data-testid="combat-stage">([^<]*)<', html)
        assert m and m.group(1) == STAGE_WORDS[stage], html
        assert _phase(b) == {"fight": "Combat", "window": "Combat: Interference", "run": "Combat: Running Away"}[stage]
        assert "stage:" not in html
        seen.add(m.group(1))
    assert seen == {"Fight", "Interference", "Running Away"}


def test_a_clerics_rewards_show_the_strengths_of_the_fight(base_deck):
    """While a Cleric fighter decides on the Treasures (the monsters killed, the combat still
    on the table), the fighter already has the Levels of the kill; the panel shows the
    combat strengths as they were at the fight (those of the log's kill line), and the
    breakdown adds up to them."""
    from munchkin_lab.widgets.render import combat_breakdown

    g = bot_position(base_deck, lambda g, sd: pending_why(sd) == "resurrect_t")
    sd = g.state_dict()
    kill = next(line for line in reversed(g.log) if re.search(r" kills? .*\((-?\d+) vs (-?\d+)\)\.$", line))
    ps, ms = (int(x) for x in re.search(r"\((-?\d+) vs (-?\d+)\)\.$", kill).groups())
    assert sd["combat"]["munchkin_strength"] > ps  # the Level of the kill is already counted now
    b = Board(g, journal=False)
    html = b.table.html
    shown = re.search(r'data-testid="munchkin-strength">(-?\d+)<.*?data-testid="monster-strength">(-?\d+)<', html)
    assert (int(shown.group(1)), int(shown.group(2))) == (ps, ms), (kill, html)
    bd = combat_breakdown(g, sd)
    assert (bd["munchkin_total"], bd["monster_total"]) == (ps, ms)
    fighter = bd["munchkins"][0]
    assert fighter["total"] == sum(n for _, n in fighter["rows"])
    assert dict(fighter["rows"])["Level"] < sd["players"][sd["combat"]["fighter"]]["level"]
    assert ">Rewards<" in html


def test_during_rewards_a_seat_shows_the_fights_combat_strength_as_the_combat_panel(base_deck):
    """A won combat still on the table (a Cleric fighter's Rewards): the seat's own
    combat-strength line showed the strength after the Level the kill gave (7) while the
    combat panel showed the fight's (6); both show the fight's now."""
    def stop(g, sd):
        won = (sd.get("combat") or {}).get("won_at") or []
        for i in range(2, len(won) - 2, 3):
            p = next(p for p in sd["players"] if p["seat"] == won[i])
            if p.get("combat_strength") is not None and p["combat_strength"] != won[i + 2]:
                return True
        return False

    g = bot_position(base_deck, stop)
    sd = g.state_dict()
    won = sd["combat"]["won_at"]
    b = Board(g, journal=False)
    assert _phase(b) == "Rewards"
    html = b.table.html
    fought = {won[i]: won[i + 2] for i in range(2, len(won) - 2, 3)}
    now = {p["seat"]: p["combat_strength"] for p in sd["players"] if p["seat"] in fought}
    assert fought != now  # the Level up changed someone's strength since the kill
    shown = {seat: int(re.search(r'combat\u00a0strength\u00a0(-?\d+)',
                                 html[html.index(f'data-testid="seat-{seat}"'):]).group(1)) for seat in fought}
    assert shown == fought, (shown, fought, now)
    assert re.search(r'data-testid="munchkin-strength">(-?\d+)<', html).group(1) == str(won[0])


def test_the_suggested_charity_gives_away_the_least_useful_card(lab_db, tmp_path):
    """Leftover of a closing note: the board's green Charity choice was the first card of the
    hand, here a +3 Item, while the hand held cheaper cards. The suggestion (the first, green
    button; also first at the terminal) now gives away the card worth least to its holder by
    the greedy bot's own valuation (``sim.bots.card_value``), as the greedy bot does."""
    from munchkin_lab.sim.bots import card_value, make_bot

    path = tmp_path / "charity.yaml"
    path.write_text(
        "name: the suggested Charity\n"
        "rule: core rules, 6. phase 4\n"
        "players:\n"
        "  - {name: Ann, level: 3, hand: [Broad Sword, Magic Missile, Potion of Halitosis, Flaming Poison Potion,"
        " Stepladder, Lawyers, Potted Plant]}\n"
        "  - {name: Bob, level: 1}\n"
        "phase: end\n"
        "decks: {door: [Potted Plant], treasure: []}\n", encoding="utf-8")
    b = Board.from_scenario(path, seats=["human", "human"], journal=False)
    b.play(b.button_for("end_turn").action)
    g = b.game
    assert g.state_dict()["phase"] == "charity"
    given = []
    for _ in range(2):  # 7 cards, 5 kept: two to give
        hand = list(g.state.players[0].hand)
        values = [card_value(g, c) for c in hand]
        cheapest = hand[values.index(min(values))]  # the first of the cheapest, in hand order
        assert card_value(g, hand[0]) > min(values)  # (the first hand card is not the cheapest)
        first = b._shown[0]
        assert first.kind == "charity" and first.card == cheapest, (g.specs[first.card].name, g.specs[cheapest].name)
        assert "mlab-primary" in b.table.html
        bot = make_bot("greedy", 1).choose(g, 0)
        assert (bot.kind, bot.card, bot.target) == ("charity", first.card, first.target)  # the greedy bot's choice
        given.append(g.specs[first.card].name)
        b.play(first)
        if g.state_dict()["phase"] != "charity":
            break
        hand_after = [g.specs[c].name for c in g.state.players[0].hand]
        assert hand_after[0] == "Broad Sword"
    assert given == ["Lawyers", "Potted Plant"]
    assert sorted(g.specs[c].name for c in g.state.players[1].hand) == ["Lawyers", "Potted Plant"]
