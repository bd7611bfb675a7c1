"""New-user finding: a card's second ``use`` ability, and the monster an ability aims at, could
not be chosen by a person. Every distinct legal ``use`` (each ability, each target, each set of
cards paid) had the same label ("Use Twin Charm (with Lucky Pebble)"), and the board and the
command line keep one action per label: Blunt, and Hex on the second monster, were out of reach.
Now each has words of its own; choices that differ only by target form one row on the board."""
from __future__ import annotations

import re

import pytest

from munchkin_lab.widgets import Board, words

SCENARIO = """
name: two use abilities on one item, a one-ability item aimed at a monster
seed: 1
cards:
  - name: Twin Charm
    kind: item
    deck: treasure
    slot: none
    gold: 100
    effects:
      abilities:
      - {when: use, if: {owner: 'role:in_combat'}, cost: [{discard: hand_card}], label: Sharpen, who: owner,
         do: [{combat_strength: 2}]}
      - {when: use, if: {owner: 'role:in_combat'}, cost: [{discard: hand_card}], label: Blunt,
         who: chosen_monster, do: [{combat_strength: -2}]}
  - name: Gloom Totem
    kind: item
    deck: treasure
    slot: none
    gold: 400
    effects:
      abilities:
      - {when: use, if: {owner: 'role:in_combat'}, cost: [{discard: hand_card}], limit: {times: 1, per: combat},
         who: chosen_monster, label: Hex, do: [{combat_strength: -3}]}
players:
  - {name: Ann, level: 1, equipped: [Twin Charm, Gloom Totem], hand: [Wandering Monster, Maul Rat, Tuba of Charm]}
  - {name: Bob, level: 3}
  - {name: Cy, level: 2}
decks: {door: [Lame Goblin, Potted Plant], treasure: [Tuba of Charm, Cheese Grater of Peace, Rat on a Stick]}
steps: []
"""


@pytest.fixture()
def board(lab_db, tmp_path):
    path = tmp_path / "twin.yaml"
    path.write_text(SCENARIO)
    b = Board.from_scenario(path, journal=False)
    b.click("Kick Down the Door")  # Lame Goblin
    b.click("Play Wandering Monster")  # Maul Rat joins: two monsters
    assert [m["name"] for m in b.game.state_dict()["combat"]["monsters"]] == ["Lame Goblin", "Maul Rat"]
    return b


def _uses(g):
    return [a for a in g.legal_actions(seat=0) if a.kind == "use"]


def test_every_legal_use_has_a_label_of_its_own(board):
    g = board.game
    uses = _uses(g)
    assert len(uses) == 5  # Sharpen; Blunt on each monster; Hex on each monster (one hand card to pay)
    assert len({a.label for a in uses}) == len(uses)  # the engine's own labels (legal_actions)
    assert sorted(a.label for a in uses) == sorted([
        "Ann: use Twin Charm (Sharpen) (with Tuba of Charm)",
        "Ann: use Twin Charm (Blunt) on Lame Goblin (with Tuba of Charm)",
        "Ann: use Twin Charm (Blunt) on Maul Rat (with Tuba of Charm)",
        "Ann: use Gloom Totem on Lame Goblin (with Tuba of Charm)",  # one use ability: no label needed
        "Ann: use Gloom Totem on Maul Rat (with Tuba of Charm)"])
    shown = [x for x in board.action_labels() if x.startswith("Use ")]
    assert len(shown) == len(uses)  # the board shows each one


def test_the_board_groups_the_targets_of_one_ability_in_one_row(board):
    html = board.table.html
    titles = re.findall(r'mlab-actgroup-title[^>]*>([^<]*)<', html)
    assert "Use Twin Charm (Blunt) (with Tuba of Charm) on:" in titles
    assert "Use Gloom Totem (with Tuba of Charm) on:" in titles
    g = board.game
    sd = g.state_dict()
    hex_rat = next(a for a in _uses(g) if a.card in g.card_ids("Gloom Totem") and a.m == 1)
    assert words.group_of(g, hex_rat, sd) == ("Use Gloom Totem (with Tuba of Charm) on:", "Maul Rat")


def test_clicking_blunt_on_the_second_monster_hits_that_monster(board):
    before = [m["strength"] for m in board.game.state_dict()["combat"]["monsters"]]
    board.click("Use Twin Charm (Blunt) on Maul Rat")
    after = [m["strength"] for m in board.game.state_dict()["combat"]["monsters"]]
    assert after == [before[0], before[1] - 2]
    assert "[t1] Ann uses Twin Charm (Blunt)." in board.game.log
    assert board.game.log[-1] == "[t1] Twin Charm (Blunt): Maul Rat gets -2 to combat strength for this combat."


def test_the_command_line_lists_each_ability_and_target(board):
    from munchkin_lab.play_cli import TerminalSeat

    out: list[str] = []
    answers = iter(["q"])
    seat = TerminalSeat(echo=out.append, ask=lambda q: next(answers))
    with pytest.raises(Exception):  # q: stop
        seat(board.game, 0)
    listed = [line.split(". ", 1)[1] for line in out if re.match(r"^\s+\d+\. Use ", line)]
    assert sorted(listed) == sorted([
        "Use Twin Charm (Sharpen) (with Tuba of Charm)",
        "Use Twin Charm (Blunt) on Lame Goblin (with Tuba of Charm)",
        "Use Twin Charm (Blunt) on Maul Rat (with Tuba of Charm)",
        "Use Gloom Totem on Lame Goblin (with Tuba of Charm)",
        "Use Gloom Totem on Maul Rat (with Tuba of Charm)"])


ONE_USE = """
name: one use ability among other abilities, usable once a game
seed: 1
cards:
  - name: Hex Totem
    kind: item
    deck: treasure
    slot: none
    gold: 400
    effects:
      abilities:
      - {when: in_play, who: owner, do: [{run_away: 1}]}
      - {when: use, if: {owner: 'role:in_combat'}, limit: {times: 1, per: game}, who: chosen_monster,
         label: Hex, do: [{combat_strength: -3}]}
players:
  - {name: Ann, level: 1, equipped: [Hex Totem], hand: [Wandering Monster, Maul Rat]}
  - {name: Bob, level: 3}
  - {name: Cy, level: 2}
decks: {door: [Lame Goblin, Potted Plant], treasure: [Tuba of Charm, Cheese Grater of Peace, Rat on a Stick]}
steps: []
"""


def test_a_cards_one_use_ability_among_others_is_named_like_the_rest(lab_db, tmp_path):
    """(closing note) a card with several abilities, one of them a `use` ability (here usable
    once a game): its labels lacked the ability's label ("use Hex Totem on Maul Rat") that the
    labels of a card with several `use` abilities have and the log gives ("Ann uses Hex Totem
    (Hex)"); the engine's labels, the board and the command line now name it."""
    from munchkin_lab.play_cli import TerminalSeat

    path = tmp_path / "hex.yaml"
    path.write_text(ONE_USE)
    b = Board.from_scenario(path, journal=False)
    b.click("Kick Down the Door")  # Lame Goblin
    b.click("Play Wandering Monster")  # Maul Rat joins
    g = b.game
    assert sorted(a.label for a in _uses(g)) == ["Ann: use Hex Totem (Hex) on Lame Goblin",
                                                "Ann: use Hex Totem (Hex) on Maul Rat"]
    assert sorted(x for x in b.action_labels() if x.startswith("Use ")) == [
        "Use Hex Totem (Hex) on Lame Goblin", "Use Hex Totem (Hex) on Maul Rat"]
    out: list[str] = []
    answers = iter(["q"])
    with pytest.raises(Exception):  # q: stop
        TerminalSeat(echo=out.append, ask=lambda q: next(answers))(g, 0)
    assert sorted(line.split(". ", 1)[1] for line in out if re.match(r"^\s+\d+\. Use ", line)) == [
        "Use Hex Totem (Hex) on Lame Goblin", "Use Hex Totem (Hex) on Maul Rat"]
    b.click("Use Hex Totem (Hex) on Maul Rat")
    assert "[t1] Ann uses Hex Totem (Hex)." in g.log
    assert not _uses(g)  # once a game: used
