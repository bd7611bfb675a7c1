"""Combat words on the board (issue 15, findings 4 and 5): each side's One-Shots in the combat
breakdown, and the Loaded Die buttons named by the die value."""
from __future__ import annotations

import html
import re

from munchkin_lab.widgets import Board
from munchkin_lab.widgets.render import combat_breakdown

SCENARIO = """\
name: One-Shots for both sides
seed: 0
cards:
  - {name: Seven Monster, kind: monster, deck: door, level: 7, treasures: 1}
players:
  - {name: P1, level: 5, hand: [Freezing Explosive Potion, Loaded Die]}
  - {name: P2, hand: [Flaming Poison Potion]}
decks: {door: [Seven Monster]}
"""


def _board(tmp_path):
    p = tmp_path / "os.yaml"
    p.write_text(SCENARIO)
    b = Board.from_scenario(p, journal=False)
    b.click("Kick Down the Door")
    return b


def _text(b) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", b.table.html))


def test_a_monster_side_one_shot_is_not_credited_to_the_munchkins(tmp_path):
    b = _board(tmp_path)
    b.click("Use Freezing Explosive Potion for the munchkins (+3)")
    b.click("Declare victory over Seven Monster (8 vs 7)")  # the others' window opens
    assert b.game.actor() == 1
    fire = next(a for a in b.game.legal_actions(labels=False, seat=1)
                if a.kind == "play" and a.n == 1)  # P2: Flaming Poison Potion for the monsters
    b.play(fire)
    sd = b.game.state_dict()
    assert sorted(sd["combat"]["one_shots"]) == ["Flaming Poison Potion", "Freezing Explosive Potion"]
    bd = combat_breakdown(b.game, sd)
    assert bd["one_shots"] == ["Freezing Explosive Potion"]
    assert bd["monster_one_shots"] == ["Flaming Poison Potion"]
    assert (bd["munchkin_total"], bd["monster_total"]) == (5 + 3, 7 + 3)
    text = " ".join(_text(b).split())
    assert "One-Shots and bonuses (Freezing Explosive Potion) +3" in text
    assert "One-Shots for the monsters (Flaming Poison Potion) +3" in text
    assert "Flaming Poison Potion, Freezing" not in text


def test_loaded_die_buttons_name_the_die_value(tmp_path):
    """Loaded Die is played after a die roll (card_facts_more.md 2c): nothing to press before;
    after P1's Run Away roll of 2, one button per value the die may show instead."""
    b = _board(tmp_path)
    assert "Loaded Die" not in " ".join(a.label for a in b.game.legal_actions(seat=0) if a.kind == "play")
    game = b.game
    b.play(next(a for a in game.legal_actions(labels=False) if a.kind == "run"))
    b.play(next(a for a in game.legal_actions(labels=False) if a.kind == "pass"))  # P2's window
    game.state.forced.insert(0, 2)
    b.play(next(a for a in game.legal_actions(labels=False) if a.kind == "roll"))
    assert game.state_dict()["pending"][0]["die"] == 2
    screen = b.table.html
    group = re.search(r'<span class="mlab-actgroup" role="group" aria-label="Play Loaded Die: the die shows">'
                      r'<span class="mlab-actgroup-title" aria-hidden="true">[^<]*</span>((?:<button[^>]*>[^<]*</button>)+)</span>',
                      screen)
    assert group, screen[:3000]
    labels = re.findall(r'<button[^>]*title="([^"]*)"[^>]*>([^<]*)</button>', group.group(1))
    assert [short for _t, short in labels] == ["1", "2", "3", "4", "5", "6"]
    assert [t for t, _s in labels] == [f"Play Loaded Die: the die shows {n} instead of 2" for n in range(1, 7)]
    assert "for the monsters" not in group.group(1)
    assert "Let the die show 2" in html.unescape(screen)


def test_one_shot_rows_offer_both_sides(tmp_path):
    b = _board(tmp_path)
    screen = b.table.html
    # the Freezing Explosive Potion row offers its two sides
    pot = re.search(r'aria-label="Use Freezing Explosive Potion \(\+3\)"><span[^>]*>[^<]*</span>'
                    r'((?:<button[^>]*>[^<]*</button>)+)</span>', screen)
    assert pot and re.findall(r">(for the (?:munchkins|monsters))</button>", pot.group(1)) == \
        ["for the munchkins", "for the monsters"]


CURSE = """\
name: a Curse is no Bad Stuff
seed: 0
players:
  - {name: P1, equipped: [Flaming Armor, Boots of Butt-Kicking], carried: [Tuba of Charm]}
  - {name: P2, hand: [Truly Obnoxious Curse]}
decks: {door: [Dwarf]}
"""


def test_a_curse_is_not_called_bad_stuff_and_run_away_items_show_their_bonus(tmp_path):
    """Finding 11: a Curse's loss was called its "Bad Stuff" (a monster's penalty); finding 10:
    Tuba of Charm (a Run Away item, no combat bonus) showed "+0" on its chip."""
    from munchkin_lab.widgets import words

    p = tmp_path / "curse.yaml"
    p.write_text(CURSE)
    b = Board.from_scenario(p, journal=False)
    assert "Tuba of Charm Run +3" in " ".join(_text(b).split())
    assert "Tuba of Charm +0" not in " ".join(_text(b).split())
    curse = next(a for a in b.game.legal_actions(labels=False, seat=1) if a.kind == "play" and a.target == 0)
    b.play(curse)
    assert b.game.state_dict()["pending"][0]["why"] == "lose"
    assert words.decision(b.game) == "P1 must choose what to lose to Truly Obnoxious Curse"
    assert b.action_labels() == [f"Give up {n} (Truly Obnoxious Curse)"
                                 for n in ("Flaming Armor", "Boots of Butt-Kicking")]  # a tie, in use only
    assert "Bad Stuff" not in " ".join(b.action_labels()) + words.decision(b.game)


def test_game_over_table_counts_items_in_plural_forms():
    from munchkin_lab.widgets.render import game_over_html

    sd = {"phase": "over", "winners": [0], "players": [
        {"seat": 0, "name": "P1", "level": 10, "equipped_list": ["Huge Rock"], "carried": []},
        {"seat": 1, "name": "P2", "level": 4, "equipped_list": ["Huge Rock"], "carried": ["Tuba of Charm"]},
        {"seat": 2, "name": "P3", "level": 2, "equipped_list": [], "carried": []}]}
    out = game_over_html(sd)
    assert re.findall(r"<td>(\d+ items?)</td>", out) == ["1 item", "2 items", "0 items"]


def test_exported_pages_use_the_board_font_in_light_text(board, tmp_path):
    """Finding 9: the replay's status and last log line were serif, dark on dark (s21_replay)."""
    board.autoplay(4)
    for p in (board.export_replay(tmp_path / "r.html"), board.export_html(tmp_path / "p.html")):
        text = p.read_text()
        body = re.search(r"\nbody\{([^}]*)\}", text).group(1)
        assert "background:#2a1a0e" in body and "color:#f5f1e6" in body and "sans-serif" in body
        assert "'Liberation Sans'" in body.split("font-family:")[1]
        last = re.search(r"\.mlab-board-static \.mlab-lastlog\{([^}]*)\}", text).group(1)
        assert "color:#f5f1e6" in last
        static = re.search(r"\.mlab-board-static\{([^}]*)\}", text).group(1)
        assert "sans-serif" in static and "color:#f5f1e6" in static


def test_a_manual_race_asks_only_what_makes_sense_with_the_cards_summary(tmp_path):
    """Finding 6: becoming a Bug (a Race resolved by hand) offered "nothing changes / P1 loses
    1 Level"; the card's summary now says what to rule on and a Race offers only "Done"."""
    p = tmp_path / "bug.yaml"
    p.write_text("name: a manual Race\nseed: 0\nplayers:\n  - {name: P1, hand: [Bug]}\n  - {name: P2}\n")
    b = Board.from_scenario(p, journal=False)
    b.click("Become a Bug (Race)")
    assert b.game.state_dict()["pending"] == [{"kind": "manual", "player": 0, "card": "Bug"}]
    assert b.action_labels() == ["Done: Bug ruled by hand (no Level or card changes)"]
    acts = re.search(r'<div class="mlab-actions">(.*)', b.table.html).group(1)
    note = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", acts)).split())
    summary = b.lookup.facts("Bug").get("summary")
    assert summary and f"Bug (Race) is not automated: rule on it by hand, then say what happened. The card: " \
        f"{' '.join(summary.split())}" in note
    b.click("Done: Bug ruled by hand (no Level or card changes)")
    assert b.game.state_dict()["pending"] == [] and b.game.state_dict()["players"][0]["level"] == 1


def test_a_manual_curse_keeps_its_level_choice():
    from munchkin_lab.engine import Action
    from munchkin_lab.widgets import words

    class G:  # the two by-hand resolutions the engine lists, for a Curse
        specs = [type("S", (), {"name": "Curse X", "kind": "curse"})()]
    acts = [Action(0, "resolve", 0, 0, 0), Action(0, "resolve", 0, 0, -1)]
    sd = {"pending": [{"kind": "manual", "player": 0, "card": "Curse X"}]}
    assert words.manual_choices(G(), acts, sd) == acts
    G.specs[0].kind = "race"
    assert words.manual_choices(G(), acts, sd) == acts[:1]
    assert words.manual_choices(G(), acts, {"pending": []}) == acts


def test_a_room_draw_is_told_in_the_story():
    """Finding 6: entering new ground put a Door card into the hand without a story line."""
    from munchkin_lab.widgets.words import changes

    mv = type("A", (), {"player": 0, "kind": "move"})()
    p = {"seat": 0, "name": "P1", "level": 1, "alive": True}
    before = {"players": [dict(p, hand_count=3)], "decks": {"door": {"count": 40}, "treasure": {"count": 30}}}
    after = {"players": [dict(p, hand_count=4)], "decks": {"door": {"count": 39}, "treasure": {"count": 30}}}
    assert changes(before, after, mv, ["[t2] P1 finds new ground: Brig at 0,1."]) == ["P1 draws 1 Door card into the hand"]
    stay = type("A", (), {"player": 0, "kind": "kick"})()
    assert changes(before, after, stay, []) == []


def test_status_of_a_fight_every_monster_has_left():
    """A monster bought off (Floating Nose) leaves the fight, whose window still runs before it
    ends (core rules, 6. When You May Act): the status says no monster is left, not "a fight
    against , 1 vs 0: the monsters win"."""
    from pathlib import Path

    from munchkin_lab.scenarios.runner import build_game, database_resolver, load_scenario, make_action
    from munchkin_lab.widgets import words

    sc = load_scenario(Path(__file__).resolve().parents[1] / "scenarios" / "core" / "monster_floating_nose_bought_off.yaml")
    g = build_game(sc, database_resolver())
    g = g[0] if isinstance(g, tuple) else g
    g.play(make_action(g, sc["steps"][0], "kick"))
    g.play(make_action(g, sc["steps"][3], "evade"))
    sd = g.state_dict()
    assert sd["combat"] is not None and sd["combat"]["monsters"] == []
    text = words.decision(g, sd)
    assert text.startswith("No monster is left in Ann's fight: ") and "vs" not in text, text


def test_an_item_the_player_cannot_use_is_offered_as_carried():
    """Playing an item its player may not use puts it on the table, carried (core rules, 9.
    Treasures and Items): the button says so instead of "Play the item" (a non-Cleric saw
    "Play the item Cheese Grater of Peace" and got it carried)."""
    from munchkin_lab.scenarios.runner import build_game, database_resolver
    from munchkin_lab.widgets import words

    g = build_game({"players": [{"name": "Ann", "level": 3, "hand": ["Cheese Grater of Peace", "Helm of Courage"]},
                                {"name": "Bob"}],
                    "decks": {"door": ["Potted Plant"], "treasure": []}}, database_resolver())
    g = g[0] if isinstance(g, tuple) else g
    texts = sorted(words.action_text(g, a) for a in g.legal_actions(labels=False) if a.kind == "play")
    # why not: the engine's reason (Items.why_not_usable), the card's restriction in words
    assert "Carry the item Cheese Grater of Peace (+3, 1 hand): Cleric only, you cannot use it now" in texts
    assert "Play the item Helm of Courage (+1, headgear)" in texts


CORE = __import__("pathlib").Path(__file__).resolve().parents[1] / "scenarios" / "core"


def _do(b, kind, seat=None, **fields):
    """Play the first legal action of ``kind`` (of ``seat``) whose fields match."""
    b.play(next(a for a in b.game.legal_actions(labels=False, seat=seat)
                if a.kind == kind and all(getattr(a, k) == v for k, v in fields.items())))


def test_a_clerics_resurrection_of_face_up_treasures_is_said_in_words():
    """The decision read "P1 must decide" and its buttons "Choose Whine at the GM" and "Pass (let
    P1's combat go on)"."""
    from munchkin_lab.widgets import words

    b = Board.from_scenario(CORE / "cleric_resurrects_face_up_treasures.yaml", journal=False)
    _do(b, "kick")
    _do(b, "ask_help", target=1)
    _do(b, "accept", seat=1)
    _do(b, "fight")
    _do(b, "pass", seat=1)
    assert b.game.state_dict()["pending"][0]["why"] == "resurrect_t"
    assert words.decision(b.game) == ("Ann may resurrect Staff of Napalm from the Treasure discards instead of "
                                      "drawing a Treasure face up (Cleric)")
    assert b.action_labels() == ["Draw the Treasures face up (no resurrection)",
                                 "Resurrect Staff of Napalm from the Treasure discards instead of a face-up draw "
                                 "(Cleric: then discard a card)"]


def test_income_tax_says_who_chooses_and_who_pays_how_much():
    """The victim's choice read "P1 must pay (Income Tax)" and the others' "P1 must pay of 200 Gold"."""
    from munchkin_lab.widgets import words

    b = Board.from_scenario(CORE / "card_income_tax.yaml", journal=False)
    _do(b, "play", seat=1, target=0)
    assert words.decision(b.game) == "Ann must choose an item to discard (Income Tax): the others pay as much in items"
    assert b.action_labels() == ["Discard Boots of Butt-Kicking, worth 400 Gold (Income Tax: the others pay as much)",
                                 "Discard Helm of Courage, worth 200 Gold (Income Tax: the others pay as much)"]
    b.click("Discard Boots of Butt-Kicking, worth 400 Gold (Income Tax: the others pay as much)")
    assert words.decision(b.game) == "Bob must pay 400 Gold in items (Income Tax)"
    assert "Pay with Leather Armor, worth 200 Gold (Income Tax)" in b.action_labels()


def _failed_run_away(scenario, die: int) -> Board:
    """The board of ``scenario`` once its first player kicked a monster open, ran and rolled
    ``die`` (the second player passing first)."""
    b = Board.from_scenario(scenario, journal=False)
    _do(b, "kick")
    _do(b, "run")
    _do(b, "pass", seat=1)
    b.game.state.forced.insert(0, die)
    _do(b, "roll")
    return b


def test_a_card_offered_after_a_failed_run_away_roll_is_used_or_not():
    """The buttons read "Pass (let Ann's combat go on)" and "Use Invisibility Potion for the munchkins"."""
    b = _failed_run_away(CORE / "card_invisibility_potion_after_a_failed_roll.yaml", 2)
    assert b.game.state_dict()["pending"][0]["kind"] == "react"
    assert b.action_labels() == ["Do not use Invisibility Potion", "Use Invisibility Potion (escape)"]


def test_flight_after_a_failed_run_away_roll_names_the_roll_in_its_buttons():
    """After a failed Run Away roll a Wizard's flight buttons read "Flight spell: discard Spiky
    Knees for +1 to Run Away (Wizard)", the words of flight before the roll: the pending
    decision's own words ("... for +1 to the roll of 3") were never reached, the action kind
    'flight' not being routed to them. One home now words the decision and its buttons."""
    from munchkin_lab.widgets import words

    b = _failed_run_away(CORE / "wizard_flight_after_a_failed_roll.yaml", 3)
    assert b.game.state_dict()["pending"][0]["kind"] == "flight"
    assert words.decision(b.game) == "Ann rolled 3 against Brute: flight may still get them away"
    assert b.action_labels() == ["Take the roll of 3 against Brute",
                                 "Flight: discard Spiky Knees for +1 to the roll of 3",
                                 "Flight: discard Slimy Armor for +1 to the roll of 3",
                                 "Flight: discard Leather Armor for +1 to the roll of 3"]


def test_a_monster_s_own_bonus_is_not_called_a_bonus_against_the_side(tmp_path):
    """A monster that grows with the number of players (an ability, no enhancer): its row in the
    breakdown names where such a bonus comes from (new-user finding: it read "Bonus against
    this side" for a bonus that counts the players)."""
    p = tmp_path / "hydra.yaml"
    p.write_text("""\
name: Crowd Hydra
seed: 0
cards:
  - {name: Crowd Hydra, kind: monster, deck: door, level: 2, treasures: 2,
     effects: {abilities: [{when: in_play, who: this_monster, do: [{combat_strength: {each: 2, per: each_player}}]}]}}
players:
  - {name: P1, level: 5}
  - {name: P2}
  - {name: P3}
decks: {door: [Crowd Hydra]}
""")
    b = Board.from_scenario(p, journal=False)
    b.click("Kick Down the Door")
    bd = combat_breakdown(b.game, b.game.state_dict())
    assert bd["monsters"][0]["rows"] == [("Level", 2), ("Abilities, Dungeon or room", 6)]
    assert bd["monster_total"] == 8
