"""The Scooby-Doo exit: ``exit`` with no cards opens a choice of four hand cards, picked one at
a time; they leave the hand together at the fourth pick. Until then the hand still holds the
picked cards, and both the board's hand and the terminal play screen's hand line said nothing
of them (the player lost track of what was chosen). Now each picked card is marked "(picked
for the exit)", the same words on both screens; a second copy of a card is marked only once
per pick."""
from __future__ import annotations

import re
from pathlib import Path

from munchkin_lab.play_cli import _situation
from munchkin_lab.widgets import Board, words

EXIT = Path(__file__).resolve().parents[1] / "scenarios" / "scooby_doo" / "exit_the_player_chooses_which_four_cards.yaml"
HAND = ["Treasure Map", "Clue", "Goblin", "Coin", "Pirate Pete", "Coin"]


def _hand_row(board: Board) -> str:
    """The HTML of the hand row of Ann's seat (seat 0)."""
    seat = board.table.html.split('data-testid="seat-0"', 1)[1]
    return seat.split('<span aria-hidden="true">Hand ', 1)[1].split("</div>", 1)[0]


def _marked(row: str) -> list[str]:
    """The card names of a hand row in order, ``" *"`` after a card the mark follows."""
    out: list[str] = []
    for card, tag in re.findall(r'data-card="([^"]+)"|(data-testid="exit-pick")', row):
        if tag:
            out[-1] += " *"
        else:
            out.append(card)
    return out


def test_the_cards_picked_for_an_exit_are_marked_on_the_board_and_at_the_terminal(lab_db):
    b = Board.from_scenario(EXIT, seats=["human", "human"], journal=False)
    assert _marked(_hand_row(b)) == HAND and "picked for the exit" not in b.table.html
    b.click("Discover an exit")
    sd = b.game.state_dict()
    assert [n for n, p in words.hand_picks(sd, 0) if p] == []  # the choice open, nothing picked yet
    b.click("Discard Goblin for the exit (1 of 4)")
    b.click("Discard Coin for the exit (2 of 4)")
    sd = b.game.state_dict()
    assert sd["players"][0]["hand"] == HAND  # still in the hand (the rule: they go at the fourth)
    assert words.hand_picks(sd, 0) == [("Treasure Map", False), ("Clue", False), ("Goblin", True), ("Coin", False),
                                       ("Pirate Pete", False), ("Coin", True)]
    assert _marked(_hand_row(b)) == ["Treasure Map", "Clue", "Goblin *", "Coin", "Pirate Pete", "Coin *"]
    assert b.table.html.count("(picked for the exit)") == 2
    assert _situation(sd, 0)[-1] == ("Hand: Treasure Map, Clue, Goblin (picked for the exit), Coin, Pirate Pete, "
                                     "Coin (picked for the exit)")
    assert _situation(sd, 1)[-1] == "Hand: empty"  # another player's hand: nothing picked
    b.click("Discard Pirate Pete for the exit (3 of 4)")
    b.click("Discard Coin for the exit (4 of 4)")
    sd = b.game.state_dict()
    assert sd["players"][0]["hand"] == ["Treasure Map", "Clue"]
    assert _situation(sd, 0)[-1] == "Hand: Treasure Map, Clue" and "picked for the exit" not in b.table.html
