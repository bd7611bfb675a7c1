"""Spoken labels of the play screen (aria-labels and the words screen readers get from the
text): every one reads as a sentence a screen reader user would understand. Before, a count ran
into the next number or word ("Maul Rat, Monster, Level 1 1 Treasure", "Hand 9/5",
"HandDOOR ×2TREASURE", "DOOR5discards 3", "6 vs 22 monsters win")."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from widget_helpers import spoken

from munchkin_lab.widgets.faces import back_chip, card_label, chip

BROWSER = Path(__file__).resolve().parents[1] / "browser"

#: What must never be said: (pattern, why).
BAD = [(r"\d\s+[+\-]?\d", "two numbers in a row"), (r"\d[A-Za-z]", "a number run into a word"),
       (r"[a-z][A-Z]", "two words run together"), (r"[\u00d7\u25a0\u2715\u2605]|\d/\d", "a sign read out as a symbol")]


def _bad(lines: list[str]) -> list[tuple[str, str]]:
    return [(line, why) for line in lines for pat, why in BAD if re.search(pat, line)]


def test_a_card_label_says_each_count_with_its_noun():
    assert card_label({"name": "Maul Rat", "kind": "monster", "level": 1, "treasures": 1}) == \
        "Maul Rat, Monster, Level 1, 1 Treasure card"
    assert card_label({"name": "Gazebo", "kind": "monster", "level": 8, "treasures": 2}) == \
        "Gazebo, Monster, Level 8, 2 Treasure cards"
    assert card_label({"name": "Mystery Beast", "kind": "monster"}) == "Mystery Beast, Monster, Level unknown"
    assert card_label({"name": "Broad Sword", "kind": "item", "bonus": 3, "gold": 400}) == \
        "Broad Sword, Item, +3 bonus, worth 400 Gold Pieces"
    assert card_label({"name": "Tuba of Charm", "kind": "item", "effects": {"run_away": 3}, "gold": 1000}) == \
        "Tuba of Charm, Item, +3 to Run Away, worth 1,000 Gold Pieces"
    assert card_label({"name": "Kneepads of Allure", "kind": "item", "bonus": 0, "gold": 600}) == \
        "Kneepads of Allure, Item, worth 600 Gold Pieces"
    assert card_label({"name": "Mutilate the Bodies", "kind": "go_up_a_level"}) == "Mutilate the Bodies, Go Up a Level"
    assert card_label({"name": "Dwarf", "kind": "race"}) == "Dwarf, Race"
    assert 'aria-label="Harpies, Monster, Level 4, 2 Treasure cards"' in \
        chip({"name": "Harpies", "kind": "monster", "deck": "door", "level": 4, "treasures": 2})


def test_a_face_down_chip_says_how_many_cards_of_which_deck():
    assert spoken(back_chip("door", 3)) == ["3 Door cards"]
    assert spoken(back_chip("treasure")) == ["1 Treasure card"]
    assert spoken(back_chip("door", 2, spoken=False)) == []


def _crowded_fight():
    from munchkin_lab.widgets.board import Board

    b = Board.from_scenario(BROWSER / "six_players_two_monsters.yaml", seats=["human"] + ["greedy"] * 5, journal=False)
    b.click("Kick Down the Door")
    b.click("Wandering Monster: Harpies")
    b.click("Play Ancient on Harpies")
    return b


def test_the_crowded_fight_reads_as_sentences(lab_db):
    b = _crowded_fight()
    lines = spoken(b.table.html)
    assert not _bad(lines), _bad(lines)
    details = [line for html in b.table.faces.values() for line in spoken(html)]  # the card in focus
    assert "Harpies, Monster, Level 4, 2 Treasure cards" in details and not _bad(details), _bad(details)
    assert lines[0].startswith("Turn 1 · P1's turn. Combat. P1 fights Gazebo and Harpies, 6 vs 22")
    assert "P2, Level 4, Dwarf, Cleric" in lines and "Level 4, P2" in lines  # the seat's name, then its head
    assert "Hand: 2 Door cards and 1 Treasure card, face down" in lines  # P2's hidden hand
    assert "Hand, 6 cards, limit 5:" in lines  # your own
    assert "Maul Rat, Monster, Level 1, 1 Treasure card" in lines
    assert "Door deck: 5 cards, 3 discards, on top:" in lines and "Wandering Monster, Special" in lines
    assert "6 vs 22: monsters win (ties go to the monster) · Fight · 6 Treasures at stake" in lines
    # an action row is named once (its visible title is not read again) and its buttons follow
    i = lines.index("Use Magic Missile (+5)")
    assert lines[i + 1:i + 3] == ["for the munchkins", "for the monsters"]


def _late():
    from munchkin_lab.widgets.board import Board

    return Board.from_scenario(BROWSER / "six_players_late_full_seat.yaml", seats=["human"] + ["greedy"] * 5,
                               journal=False)


def _dungeon():
    from munchkin_lab.widgets.board import Board

    return Board.from_scenario(BROWSER / "six_players_dungeon_crowded.yaml", seats=["human"] + ["greedy"] * 5,
                               journal=False)


def _deck_game(preset: str, moves: int, seed: int = 7):
    from munchkin_lab.widgets.board import Board

    b = Board.from_deck(preset, 4, seed, seats=["human"] + ["greedy"] * 3, journal=False)
    if moves:
        b.autoplay(moves)
    return b


def _over():
    b = _deck_game("base", 0)
    b.run_to_end()
    assert b.game.outcome() is not None
    return b


@pytest.mark.parametrize("make", [_late, _dungeon, lambda: _deck_game("base", 0), _over,
                                  lambda: _deck_game("star_munchkin_adventures", 30),
                                  lambda: _deck_game("base_scooby_dungeons", 40), lambda: _deck_game("solar_storm", 6)],
                         ids=["late", "dungeon", "start", "game_over", "star_munchkin_adventures", "scooby_doo",
                              "solar_storm"])
def test_every_screen_reads_as_sentences(lab_db, make):
    b = make()
    lines = spoken(b.table.html) + spoken(b.table.html, skip_classes=("mlab-log-lines",))  # the one-line piles too
    assert len(lines) > 20
    assert not _bad(lines), _bad(lines)


def test_the_solar_storm_ship_and_crew_say_their_counts_with_nouns(lab_db):
    lines = spoken(_deck_game("solar_storm", 6).table.html)
    assert any(re.fullmatch(r"(\w+ (with a repair cube|damaged)(, )?){3}", line) for line in lines), lines
    assert any(re.fullmatch(r"\d+ repair cubes? · \d+ Action tokens? · \d+ Protection tokens?", line) for line in lines)
    assert any(re.fullmatch(r"Resources: \w+(, \w+)*", line) for line in lines), lines


def test_the_game_over_table_names_the_winner_in_words(lab_db):
    b = _over()
    winner = b.game.outcome().names[0]
    assert f"winner: {winner}" in spoken(b.table.html)
