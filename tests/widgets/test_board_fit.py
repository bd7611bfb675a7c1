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
from munchkin_lab.widgets.render import _seat_weight, card_detail_html, seat_html

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
    b.click("Kick Down the Door")
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
    assert html.count('aria-label="Berserk (Warrior): discard for +1"') == 1  # said once (the title is not read)
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
    assert '<span class="mlab-zlabel">Hand<span class="mlab-sr">: </span></span>' in seat1  # the backs carry the counts
    own = html.split('mlab-own', 1)[1]
    assert '<span class="mlab-zlabel"><span aria-hidden="true">Hand 9/5</span>' in own


def _head(html: str) -> str:
    return html.split('<div class="mlab-seat-head">', 1)[1].split('<div class="mlab-zone-row">', 1)[0]


def test_a_seat_head_holds_the_race_and_class_cards_and_says_what_is_missing(lab_db):
    from munchkin_lab.widgets.board import Board

    b = Board.from_scenario(CROWDED, seats=["human"] + ["greedy"] * 5, journal=False)
    sd, lk = b.game.state_dict(), b.lookup
    p2, p3, p5 = sd["players"][1], sd["players"][2], sd["players"][4]
    head = _head(seat_html(p2, sd, lk, False, "greedy"))
    assert re.findall(r'class="mlab-chip[^"]*" data-card="([^"]+)"', head) == ["Dwarf", "Cleric"]
    assert "Race/Class" not in seat_html(p2, sd, lk, False, "greedy")  # said once, in the head
    assert _text(_head(seat_html(p3, sd, lk, False))).startswith("Level 2, P3 Halfling")  # the chip, then ...
    assert "no\u00a0Class" in _head(seat_html(p3, sd, lk, False))  # ... "no Class" kept on one line
    assert "Human" in _text(_head(seat_html(p5, sd, lk, False))) and "Thief" in _head(seat_html(p5, sd, lk, False))
    nobody = dict(p5, races=[], classes=[], combat_strength=7, alive=False)
    text = _text(_head(seat_html(nobody, sd, lk, False)))
    assert "Human,\u00a0no\u00a0Class" in text and "combat\u00a0strength\u00a07" in text and "DEAD" in text
    # the menu of who plays the seat sits over a floated space of its own width: the text flows around it
    full = seat_html(p2, sd, lk, False, "greedy")
    assert '<div class="mlab-seat-head"><span class="mlab-role-space" aria-hidden="true"></span>' in full
    assert '<div class="mlab-seat-head"><span class="mlab-level"' in seat_html(p2, sd, lk, False)  # no menu, no space


LATE = Path(__file__).resolve().parents[1] / "browser" / "six_players_late_full_seat.yaml"


def test_a_thiefs_steals_from_one_player_form_one_row(lab_db):
    from munchkin_lab.widgets.board import Board

    b = Board.from_scenario(LATE, seats=["human"] + ["greedy"] * 5, journal=False)
    html = b.table.html
    row = re.search(r'<span class="mlab-actgroup" role="group" aria-label="Steal from P5 \(Thief: discard Tongue Demon, '
                    r'roll 4\+\)"><span class="mlab-actgroup-title" aria-hidden="true">[^<]*</span>((?:<button[^>]*>[^<]*</button>)*)',
                    html).group(1)
    assert re.findall(r'data-i="\d+"[^>]*>([^<]+)</button>', row) == [
        "Flaming Armor", "Boots of Butt-Kicking", "Buckler of Swashing", "Gentlemen&#x27;s Club", "Broad Sword",
        "Eleven-Foot Pole"]
    # each short button keeps the whole action in its title
    assert 'title="Steal Broad Sword from P5: discard Tongue Demon, roll 4+ (Thief)">Broad Sword</button>' in html
    assert html.count('aria-label="Steal from P4 (Thief: discard Tongue Demon, roll 4+)"') == 1
    # one item to take from a player: the action stands alone with its whole label
    assert ">Steal Singing &amp; Dancing Sword from P2: discard Tongue Demon, roll 4+ (Thief)</button>" in html


def test_a_table_out_of_combat_also_holds_the_one_line_piles_for_a_crowded_felt(lab_db):
    from munchkin_lab.widgets.board import Board

    b = Board.from_scenario(LATE, seats=["human"] + ["greedy"] * 5, journal=False)
    html = b.table.html
    tight = html.split('class="mlab-piles mlab-piles-compact mlab-piles-tight"', 1)[1].split('<div class="mlab-seats', 1)[0]
    assert re.findall(r'data-pile="(\w+)"', tight) == ["door", "treasure"]
    assert 'data-card="Divine Intervention"' in tight and 'data-card="Potion of Halitosis"' in tight  # the tops
    assert html.count('class="mlab-piles"') == 1  # the big piles, shown unless the felt is crowded (table.py's fit)
    fight = _crowded_fight(lab_db).table.html  # in a combat the piles are one line each already
    assert "mlab-piles-tight" not in fight and 'class="mlab-piles mlab-piles-compact"' in fight


def test_a_fight_with_no_monster_left_does_not_say_the_monsters_win():
    from munchkin_lab.widgets.render import CardLookup, combat_html

    sd = {"turn": 12, "players": [{"seat": 0, "name": "P6", "level": 1}],
          "combat": {"fighter": 0, "monsters": [], "munchkin_strength": 4, "monster_strength": 0, "winning": False,
                     "stage": "window", "treasures": 0}}
    head = _text(combat_html(sd, CardLookup([]), []).split('<div class="mlab-combat-sides">', 1)[0])
    assert "4 vs 0" in head and "no monster left in the fight" in head and "monsters win" not in head
    sd["combat"]["monsters"] = [{"name": "Wight Brothers", "level": 16, "strength": 16}]
    sd["combat"]["monster_strength"] = 16
    assert "monsters win (ties go to the monster)" in _text(combat_html(sd, CardLookup([]), []))


def test_mess_hall_swaps_form_one_row_per_pair_and_a_long_row_folds(lab_db):
    from munchkin_lab.widgets.board import Board

    b = Board.from_deck("solar_storm", 4, 7, seats=["human"] + ["greedy"] * 3, journal=False)
    b.autoplay(6)
    html = b.table.html
    assert b.game.state_dict()["players"][0]["room"] == "Mess Hall"
    folds = re.findall(r'<details class="mlab-actgroup mlab-actfold"><summary>([^<]+)</summary>((?:<button[^>]*>[^<]*</button>)+)'
                       r'</details>', html)
    assert [t for t, _b in folds] == ["Mess Hall: P2 and P3 swap Resources (P2&#x27;s first): 14 choices",
                                      "Mess Hall: P2 and P4 swap Resources (P2&#x27;s first): 14 choices"]
    buttons = re.findall(r'title="([^"]+)">([^<]+)</button>', folds[0][1])
    assert len(buttons) == 14 and buttons[0] == ("Mess Hall: P2 gives Resource Energy, P3 gives Resource Metal",
                                                 "Energy for Metal")
    # a row of few choices stays open
    assert re.search(r'role="group" aria-label="Mess Hall: P3 and P4 swap Resources \(P3&#x27;s first\)">', html)


def test_an_item_with_no_combat_bonus_shows_no_plus_zero():
    from munchkin_lab.widgets.faces import card_face

    for name in ("Kneepads of Allure", "Sandals of Protection"):  # bonus 0 in the base set's data
        item = {"name": name, "kind": "item", "deck": "treasure", "bonus": 0, "gold": 600}
        assert _text(chip(item)) == name
        face = _text(card_face(item))
        assert "+0" not in face and "600 Gold" in face
    assert _text(chip({"name": "Broad Sword", "kind": "item", "deck": "treasure", "bonus": 3})) == "Broad Sword +3"


def test_the_trades_of_an_item_fold_into_one_row(lab_db):
    """At a crowded table an Item of yours may be traded for each Item of the others in play:
    one folded row per Item of yours ("Trade X for: N choices", each choice "P3's Y"), so the
    actions box keeps its height (the browser layout test of the crowded Dungeon table)."""
    from pathlib import Path

    from munchkin_lab.widgets.board import Board

    b = Board.from_scenario(Path(__file__).parents[1] / "browser" / "six_players_dungeon_crowded.yaml", journal=False)
    folds = re.findall(r'<details class="mlab-actgroup mlab-actfold"><summary>([^<]+)</summary>((?:<button[^>]*>[^<]*</button>)+)'
                       r'</details>', b.table.html)
    trades = [(t, re.findall(r'>([^<]+)</button>', bs)) for t, bs in folds if t.startswith("Trade ")]
    assert trades == [("Trade Short Wide Armor for: 7 choices",
                       ["P3&#x27;s Buckler of Swashing", "P3&#x27;s Pointy Hat of Power", "P3&#x27;s Huge Rock",
                        "P4&#x27;s Leather Armor", "P4&#x27;s Rat on a Stick", "P4&#x27;s Gentlemen&#x27;s Club",
                        "P5&#x27;s Limburger and Anchovy Sandwich"])]
