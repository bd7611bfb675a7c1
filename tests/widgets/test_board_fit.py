"""The play view's words and structure behind the 1280x800 review (the browser checks the
geometry: tests/browser/test_board_layout.py): chips put a space between a card's name and its
number, the card in focus keeps the database's provenance notes out of the play view, the app
shows one New game control, the combat breakdown lays two monsters side by side, choices that
differ only by the card taken form one row, and a fuller seat gets a wider column."""
from __future__ import annotations

import re
from pathlib import Path

from munchkin_lab.engine import CardSpec
from munchkin_lab.widgets.faces import chip
from munchkin_lab.widgets.render import _seat_weight, card_detail_html

CROWDED = Path(__file__).resolve().parents[1] / "browser" / "six_players_two_monsters.yaml"


def _text(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html)


def test_a_chip_puts_a_space_between_the_name_and_the_number():
    assert _text(chip({"name": "Harpies", "kind": "monster", "deck": "door", "level": 4})) == "Harpies L4"
    assert _text(chip({"name": "Broad Sword", "kind": "item", "deck": "treasure", "bonus": 3})) == "Broad Sword +3"
    assert _text(chip({"name": "Dwarf", "kind": "race", "deck": "door"})) == "Dwarf"  # no number, no space


def test_the_play_view_card_detail_leaves_out_the_provenance_notes():
    spec = CardSpec.make(name="Harpies", set="munchkin", kind="monster", deck="door", level=4, treasures=2,
                         tags=("flying",))
    facts = {"source": "card_facts.md (d) #14", "aliases": ["Harpy Sisters"], "summary": "+5 against Wizards."}
    full = _text(card_detail_html(spec, "printed", facts=facts))
    assert "Provenance: printed" in full and "card_facts.md (d) #14" in full and "Harpy Sisters" in full
    play = _text(card_detail_html(spec, "printed", facts=facts, player=True))
    assert "Harpies" in play and "Monster" in play and "Level: 4" in play and "flying" in play
    assert "+5 against Wizards." in play
    assert "Provenance" not in play and "card_facts" not in play and "source" not in play and "Harpy Sisters" not in play
    designer = _text(card_detail_html(spec, "designer", facts=facts, player=True))
    assert "designer card" in designer and "card_facts" not in designer


def test_the_board_sends_player_details_without_source_notes(board):
    with_source = [n for n in board.table.faces if board.lookup.facts(n).get("source")]
    assert len(with_source) > 20  # the database has source notes for these cards ...
    assert not [n for n in with_source if "source:" in board.table.faces[n] or "Provenance" in board.table.faces[n]]


def test_the_app_shows_one_new_game_control(lab_db, tmp_path):
    from munchkin_lab.widgets import BoardApp

    app = BoardApp(preset="base", players=4, seed=7, url=lab_db, folder=tmp_path)
    assert app.setup.get_title(0).startswith("New game")
    assert app.board.new_row.layout.display == "none" and app.board.new_btn in app.board.new_row.children
    assert "new game" not in app.board.more.get_title(0).lower()
    app.start()  # a second game's board hides it too
    assert app.board.new_row.layout.display == "none"


def test_a_board_of_its_own_keeps_its_new_game(board):
    assert board.new_row.layout.display in (None, "") and "new game" in board.more.get_title(0)


def _crowded_fight(lab_db):
    from munchkin_lab.widgets.board import Board

    b = Board.from_scenario(CROWDED, seats=["human"] + ["greedy"] * 5, journal=False)
    b.click("Kick Open the Door")
    b.click("Wandering Monster: Harpies")
    b.click("Play Ancient on Harpies")
    return b


def test_two_monsters_stand_side_by_side_in_the_breakdown_and_berserk_is_one_row(lab_db):
    b = _crowded_fight(lab_db)
    html = b.table.html
    combat = html.split('data-testid="combat"', 1)[1]
    entries = re.findall(r'<table class="mlab-side-entry">(.*?)</table>', combat)
    assert len(entries) == 3  # P1 (named once, in the side's title), Gazebo, Harpies
    assert "<b>P1</b>" not in entries[0] and "Munchkins: P1" in combat
    assert "<b>Gazebo</b>" in entries[1] and "<b>Harpies</b>" in entries[2] and "Enhancers: Ancient" in entries[2]
    assert combat.count('class="mlab-side-sum"') == 2
    # Berserk: one row of card names, the full words in each button's title
    berserk = [t for t in b.action_labels() if t.startswith("Berserk: discard")]
    assert len(berserk) >= 8
    assert html.count('aria-label="Berserk (Warrior): discard for +1:"') == 1
    assert 'title="Berserk: discard Maul Rat for +1 (Warrior)">Maul Rat</button>' in html


def test_a_fuller_seat_gets_a_wider_column_and_a_hidden_hand_a_short_label(lab_db):
    from munchkin_lab.widgets.board import Board

    b = Board.from_scenario(CROWDED, seats=["human"] + ["greedy"] * 5, journal=False)
    html = b.table.html
    cols = re.search(r'mlab-seats-others" style="[^"]*grid-template-columns:([^"]+)"', html).group(1)
    weights = [float(w) for w in re.findall(r"([\d.]+)fr", cols)]
    assert len(weights) == 4  # P2..P5 above, P6 beside you
    sd = b.game.state_dict()
    assert weights == [round(_seat_weight(p, False), 2) for p in sd["players"][1:5]]
    p5 = dict(sd["players"][4])
    fuller = dict(p5, carried=list(p5.get("carried") or []) + ["Tuba of Charm"])
    assert _seat_weight(fuller, False) > _seat_weight(p5, False)
    seat1 = html.split('data-seat="1"', 1)[1].split('data-seat="2"', 1)[0]
    assert '<span class="mlab-zlabel">Hand</span>' in seat1  # the backs carry the counts
    own = html.split('mlab-own', 1)[1]
    assert '<span class="mlab-zlabel">Hand 9/5</span>' in own
