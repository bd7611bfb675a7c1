"""The board names no hidden card of a seat it does not show: a bot's choice among the cards of
its hand (a Cleric's resurrection) lists no card to choose from in the focus pane, as the
engine's ``view`` of another seat shows them as backs (core rules, 3. Handling Cards)."""
from __future__ import annotations

from widget_helpers import bot_position, pending_why

from munchkin_lab.widgets import Board, render


def test_a_bots_choice_among_its_hand_cards_is_not_named_in_the_focus_pane(base_deck):
    g = bot_position(base_deck, lambda g, sd: pending_why(sd) == "resurrect" and sd["pending"][0]["player"] != 0)
    seat = g.state.pending[0]["player"]
    hand = [g.name(c) for c in g.state.players[seat].hand]
    sd = g.state_dict()
    assert sd["pending"][0]["options"] == hand  # (the whole state names them: it is no seat's view)
    watched = Board(g, journal=False, seats=["human"] + ["greedy"] * 3, _hold_bots=True)
    assert seat not in watched._shown_hands(sd)
    masked = watched._focus_sd(sd)["pending"][0]["options"]
    assert masked == [g.specs[c].deck for c in g.state.players[seat].hand] == g.view(0)["pending"][0]["options"]
    body = render.decision_focus_html(watched._focus_sd(sd), g, watched.lookup)
    assert "To choose from" not in body and "resurrection" in body
    # the seat whose hand it is, shown on the board (a human seat), chooses among its cards
    shown = Board(g, journal=False, seats=["human"] * 4, _hold_bots=True)
    assert seat in shown._shown_hands(sd) and shown._focus_sd(sd) is sd
    assert "To choose from" in render.decision_focus_html(shown._focus_sd(sd), g, shown.lookup)


def test_a_psychics_peek_is_told_to_the_player_who_clicked(lab_db):
    """A Psychic's look (Star Munchkin Adventures) is the clicker's: the message beside the
    controls says what they saw; the room grid still shows a face-down card's back only."""
    from pathlib import Path

    path = Path(__file__).parents[1] / "scenarios" / "star_munchkin_adventures" / "psychic_peek.yaml"
    b = Board.from_scenario(path, journal=False)
    b.click("Peek into the room at (0,1) (Psychic)")
    assert "Ann looked into the room at (0,1): Space Troll" in b.message.value
    assert b.game.view(0)["seen"]["cards"] == ["Space Troll"] and "seen" not in b.game.view(1)
    assert "Space Troll" not in b.table.html.split('class="mlab-logbox"')[0].split("mlab-room-grid")[1]
