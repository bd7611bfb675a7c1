"""What a README-only new user hit on the play screen (the board): each test plays the
reported steps and checks the real values the board shows or returns."""
from __future__ import annotations

import re

import pytest

from munchkin_lab.widgets import Board, words


def _preset(name):
    from munchkin_lab.decks.presets import load_preset

    return load_preset(name)


@pytest.fixture()
def solar(lab_db, tmp_path):
    return Board.from_deck(_preset("solar_storm"), players=2, seed=5, name="ss", seats=["human", "greedy"],
                           journal=tmp_path / "ss.jsonl")


def test_solar_scavenge_click_offers_the_picks(solar):
    """Scavenge opens a pending pick; Solar Storm's state holds it as one dict (not a list):
    the board showed "KeyError: 0" and every later click failed."""
    solar.click("Scavenge")
    assert solar.message.value == ""
    assert solar.game.state_dict()["pending"] == {"kind": "scavenge", "left": 2}
    assert solar.action_labels() == ["Pick: top of the Resource deck", "Pick: face-up Resource Metal",
                                     "Pick: face-up Resource Energy"]
    solar.click("Pick: top of the Resource deck")
    assert solar.message.value == ""
    assert solar.game.state_dict()["pending"] == {"kind": "scavenge", "left": 1}
    assert words.first_pending(solar.game.state_dict()) == {"kind": "scavenge", "left": 1}


def test_solar_export_replay_writes_every_position(solar, tmp_path):
    """The replay is rebuilt with the game's own class: a Solar Storm save is not a Munchkin
    save ("field 'format' must be 'munchkin-lab-game/1'" before)."""
    solar.click("Scavenge")
    solar.click("Pick: top of the Resource deck")
    n = len(solar.game.actions)
    p = solar.export_replay(tmp_path / "ss.replay.html")
    text = p.read_text()
    assert f"<title>munchkin-lab replay ({n} actions)</title>" in text
    assert text.count("Solar Storm ship") == n + 1  # the ship drawn at the start and after each action
    assert "replay written to" in solar.message.value


def _equip_clicks(board, n):
    """Click Unequip / Equip (the human's own moves, each one action of the same turn) n times."""
    for _ in range(n):
        board.click(next(lab for lab in board.action_labels() if lab.startswith(("Unequip", "Equip"))))


def test_human_clicks_never_end_the_game_on_the_action_limit(lab_db):
    """The per-turn action limit stops bot loops; a human's own 1,100 clicks in one turn used
    to end the game "nobody wins (action limit)" at 1,000 without a warning."""
    b = Board.from_deck(_preset("base"), players=3, seed=7, name="lim", seats=["human", "greedy", "greedy"],
                        journal=False)
    b.click("Play the item Huge Rock")
    _equip_clicks(b, 1100)
    assert b.game.outcome() is None
    assert b.game.state.turn_actions == 1101
    assert b.game.options.max_actions_per_turn is None  # the board's deck games: the board guards
    from munchkin_lab.engine import GameOptions
    assert GameOptions().max_actions_per_turn == 1000  # the engine's default (simulations) stays


def test_bots_looping_in_one_turn_are_paused_not_ended(lab_db, monkeypatch):
    """The board's own guard: BOT_TURN_CAP automatic actions in one turn pause the bots with a
    warning; the game is not over."""
    from munchkin_lab.widgets import board as board_mod

    monkeypatch.setattr(board_mod, "BOT_TURN_CAP", 3)
    b = Board.from_deck(_preset("base"), players=3, seed=7, name="bots", seats=["greedy"] * 3, journal=False)
    assert b.paused is True
    assert b.game.outcome() is None
    assert "the bots have played 3 actions in turn" in b.message.value
    assert b.pause_btn.description == "Resume bots"


def test_a_game_with_its_own_action_limit_warns_before_it(lab_db):
    """A game loaded with its own limit (a saved game, a scenario) keeps it, and the board warns
    from LIMIT_WARN actions before the end."""
    import dataclasses

    from munchkin_lab.engine import Game
    from munchkin_lab.widgets.board import _deck_pairs_options

    pairs, opts = _deck_pairs_options(_preset("base"), None)
    g = Game.new(players=3, deck=pairs, seed=7, options=dataclasses.replace(opts, max_actions_per_turn=130))
    b = Board(g, name="own", seats=["human", "greedy", "greedy"], journal=False)
    b.click("Play the item Huge Rock")
    _equip_clicks(b, 28)
    assert "this game's action limit" not in b.table.html
    _equip_clicks(b, 1)
    assert "Warning: this turn has taken 30 actions; at 130 the game ends with no winner" in b.table.html


@pytest.mark.parametrize("text, error, why", [
    ("garbage", ValueError, "expected '<player> <kind> [fields]'"),
    ("0 fly", ValueError, "unknown action kind 'fly'"),
    ("0 play c=99999", ValueError, "no card with id 99999"),
    ("", ValueError, "expected '<player> <kind> [fields]'"),
])
def test_play_from_code_raises_and_shows_the_reason(lab_db, text, error, why):
    """A script calling Board.play() gets the exception (it only saw b.message before, and went
    on); the board shows the same reason and the game is unchanged."""
    b = Board.from_deck(_preset("base"), players=3, seed=7, name="code", seats=["human", "greedy", "greedy"],
                        journal=False)
    sd = b.game.state_dict()
    with pytest.raises(error, match=re.escape(why)):
        b.play(text)
    assert why.replace("'", "&#x27;").replace("<", "&lt;").replace(">", "&gt;") in b.message.value
    assert b.game.state_dict() == sd


def test_a_refused_click_shows_the_reason_without_raising(lab_db):
    """A button click (the browser's message) keeps showing the reason only."""
    b = Board.from_deck(_preset("base"), players=3, seed=7, name="click", seats=["human", "greedy", "greedy"],
                        journal=False)
    b.game.play("0 pass")  # behind the board's back: the button still shown is now refused
    b.click("Ready: end my setup")  # no exception
    assert "IllegalActionError: 0 pass:" in b.message.value


def _saved(board, tmp_path, **edit):
    import json

    data = json.loads(board._save_text())
    data.update(edit)
    p = tmp_path / "edited.game.json"
    p.write_text(json.dumps(data))
    return p


def test_a_save_with_a_negative_seed_is_refused(lab_db, tmp_path):
    """Seed -5 loaded before ("loaded ... (0 actions)"), the seed box showed -5 and New game then
    failed; a load now refuses it with the range Game.new takes, and the board keeps its game."""
    b = Board.from_deck(_preset("base"), players=3, seed=7, name="sv", seats=["human", "greedy", "greedy"],
                        journal=False)
    p = _saved(b, tmp_path, seed=-5)
    with pytest.raises(ValueError, match=re.escape("saved game: field 'seed' must be a whole number from 0 to "
                                                   "2**64-1, got -5")):
        b.load(p)
    assert b.seed_w.value == 7
    b.new_game()
    assert "new game, seed 7" in b.message.value


def test_a_solar_save_with_a_negative_seed_is_refused(solar, tmp_path):
    p = _saved(solar, tmp_path, seed=-5)
    with pytest.raises(ValueError, match=re.escape("field 'seed' must be a whole number from 0 to 2**64-1")):
        solar.load(p)


def test_a_save_with_an_unknown_seat_role_says_so(lab_db, tmp_path):
    """An unknown role in the save's seats was dropped silently; now the load message says which
    and which seats play instead."""
    b = Board.from_deck(_preset("base"), players=3, seed=7, name="sv", seats=["human", "greedy", "greedy"],
                        journal=False)
    p = _saved(b, tmp_path, seats=["human", "wizardbot", "greedy"])
    b.load(p)
    import html

    assert "(0 actions); its seats were not used (unknown role 'wizardbot'; a seat is one of human, greedy, " \
           "random): the board's seats play (human, greedy, greedy)" in html.unescape(b.message.value)
    assert "mlab-msg-warning" in b.message.value
    assert b.seats == ["human", "greedy", "greedy"]


def test_no_journal_named_lists_the_newest_and_says_how_many_more(tmp_path):
    """30 journals: the message listed the last 12 alphabetically and nothing said the list
    was cut; now the newest 12, newest first, and "and 18 more (30 in all)"."""
    import os

    for i in range(30):
        p = tmp_path / f"game{i:02d}.journal.jsonl"
        p.write_text("{}\n")
        os.utime(p, (1_700_000_000 + i, 1_700_000_000 + i))
    with pytest.raises(FileNotFoundError) as e:
        Board.resume(name="nope", folder=tmp_path)
    newest = ", ".join(f"game{i:02d}" for i in range(29, 17, -1))
    assert str(e.value).endswith(f"; journals there, newest first: {newest} and 18 more (30 in all)")


def test_game_over_counts_turns_in_words():
    """"after 1 turns" before."""
    assert words.game_over_text({"phase": "over", "turn": 1, "winner_names": ["P2"], "reason": "level 10"}) \
        == "Game over: P2 wins (Level 10) after 1 turn"
    assert words.game_over_text({"game": "solar_storm", "phase": "over", "turn": 1, "won": False,
                                 "reason": "hull breach"}) == "Game over: the crew loses (hull breach) after 1 turn"
    assert words.game_over_text({"phase": "over", "turn": 3, "winner_names": [], "reason": "turn limit"}) \
        .endswith(" after 3 turns")


def test_solar_resolve_button_names_the_room_and_not_now_lists_the_reasons(solar):
    """The V1 room's "Resolve" button was unlabelled and the Solar Storm board's unavailable()
    list empty; the citation named an internal notes file (card_facts.md)."""
    nope = dict(solar.unavailable())
    assert nope == {
        "repair": "the Energy Core cannot be damaged or repaired (Solar Storm rules, Rooms, public summary)",
        "divert": "the Energy Core has no power to divert (Solar Storm rules, Actions: Divert power, public summary)",
        "room": "the Energy Core has no room action (activate it instead)",
        "activate": "power not yet diverted from: The Bridge, The Armoury, Engine Room, Medical Bay, Cargo Hold, "
                    "Crew Quarters, Mess Hall, Repair Centre (Solar Storm rules, Win, public summary)"}
    solar.click("Move to The Armoury")
    assert "Resolve The Armoury's room action by hand (not automated)" in solar.action_labels()
    assert "resolve" not in solar.action_labels()
    solar.click("Resolve The Armoury")
    assert "Done: The Armoury resolved by hand" in solar.action_labels()
    assert all(".md" not in why for _k, why in solar.unavailable())
    assert solar.unavailable()[0] == ("move", "finish resolving the room by hand (then Done) first")


def test_munchkin_refusals_use_game_words_and_count_seats(lab_db):
    """"(phase setup)" / "(combat, fight)" were engine words; "no player in seat 9" did not
    say that seats count from 0 while the screen shows P1-P3."""
    from munchkin_lab.engine import Action

    b = Board.from_deck(_preset("base"), players=3, seed=7, name="w", seats=["human"] * 3, journal=False)
    assert b.game.why_not(Action(1, "kick")) == \
        "it is P1's decision now, not P2's (setup: Race, Class and Items before the first turn)"
    assert b.game.why_not(Action(9, "kick")) == "no player in seat 9: seats count from 0, here 0 to 2 (P1 to P3)"
    with pytest.raises(ValueError, match=re.escape("9 kick: no player in seat 9: seats count from 0")):
        b.play("9 kick")


def test_solar_by_hand_buttons_say_what_moves_where(solar):
    """A V1 room resolved by hand: the buttons read "Adj card / Adj cube / Adj token" (the
    engine's kind names) and the six cube and token choices collapsed into three look-alike
    buttons; each now says what moves where, in the game's words."""
    from munchkin_lab.engine.solar_storm import SolarAction

    solar.click("Move to The Armoury")
    solar.click("Resolve The Armoury's room action by hand (not automated)")
    assert solar.action_labels() == [
        "Done: The Armoury resolved by hand",
        "By hand: move Resource Nanobots from P1's hand to the Resource discard pile",
        "By hand: move a Repair cube from the supply onto The Armoury",
        "By hand: move a Repair cube from The Armoury to the supply",
        "By hand: P1 takes an Action token from the supply",
        "By hand: P1 takes a Protection token from the supply",
        "By hand: P2 takes an Action token from the supply",
        "By hand: P2 takes a Protection token from the supply",
    ]
    g = solar.game
    assert words.action_text(g, SolarAction(0, "adj_meeple", target=1, n=4)) == \
        "By hand: put P2's meeple in Energy Core"
    assert words.action_text(g, SolarAction(0, "adj_power", n=1, m=1)) == "By hand: divert power to The Armoury"
    assert words.action_text(g, SolarAction(0, "adj_token", target=1, n=-1, m=1)) == \
        "By hand: P2 returns a Protection token to the supply"
    assert words.action_text(g, SolarAction(0, "adj_cube", n=10, m=1)) == \
        "By hand: move a Repair cube from P1 onto The Armoury"
    solar.click("By hand: P2 takes a Protection token from the supply")
    assert g.state_dict()["players"][1]["protection_tokens"] == 1
    before = g.state_dict()["grid"][1]
    assert before["name"] == "The Armoury"
    solar.click("By hand: move a Repair cube from the supply onto The Armoury")
    assert g.log[-1] == "[t1] By hand: move a Repair cube from the supply onto The Armoury."
    assert g.state_dict()["grid"][1]["cubes"] == before["cubes"] + 1


def test_a_peek_shows_the_player_who_clicked_what_they_saw(lab_db, tmp_path):
    """New-user finding: using an Item whose ability peeks at the Door deck only logged "P1
    uses ..."; the card seen appeared nowhere on the board. The click's message now says
    what the player saw (the log still names no card: the other seats may read it)."""
    from pathlib import Path

    path = Path(__file__).parents[1] / "scenarios" / "core" / \
        "lang_peek_deck_shows_the_top_cards_to_the_player_who_looks.yaml"
    b = Board.from_scenario(path, journal=False)
    top = b.game.state_dict()["decks"]["door"]["order"][0]
    b.click("Use Will-o-Wisp Lantern")
    assert b.game.view(0)["seen"]["cards"] == [top]
    assert f"Ann saw the top of the door deck: {top} (top first)" in b.message.value
    assert all(top not in line for line in b.game.log)
    b.click("Kick Down")  # an action that peeks at nothing says nothing of it
    assert "saw the top" not in b.message.value
