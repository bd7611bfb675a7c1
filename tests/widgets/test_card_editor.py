"""The card editor (issue 14, items 2-3): effects picked from lists become the short forms the
engine runs (only when they mean exactly the same), else abilities saved as manual; the
CardBrowser form with every field, the effect's YAML and the validator's message inline; "try
this card" opens a board with the card in a fitting position, and the effect happens there."""
from __future__ import annotations

import pytest

from munchkin_lab.cards import effect_rows as R
from munchkin_lab.cards.effect_rows import EffectRow

SHORT = [
    (EffectRow("caught", "levels", -2), "monster", {"bad_stuff": [{"lose_levels": 2}]}),
    (EffectRow("caught", "levels", -1, cond="race:elf"), "monster",
     {"bad_stuff": [{"if_match": "race:elf", "then": [{"lose_levels": 1}]}]}),
    (EffectRow("caught", "death", True), "monster", {"bad_stuff": [{"death": True}]}),
    (EffectRow("escaped", "lose_item", "footgear"), "monster", {"on_escape": [{"lose_item": "footgear"}]}),
    (EffectRow("enters_combat", "levels", -1, who="fighter"), "monster", {"on_meet": [{"lose_levels": 1}]}),
    (EffectRow("in_play", "combat_strength", 3, who="this_monster", cond="race:elf", subject="any_munchkin"),
     "monster", {"bonus_vs": [{"if": "race:elf", "bonus": 3}]}),
    (EffectRow("in_play", "run_away", -1, who="this_monster"), "monster", {"run_away": -1}),
    (EffectRow("in_play", "no_help", True, who="this_monster"), "monster", {"no_help": True}),
    (EffectRow("in_play", "levels_won", 1, who="this_monster"), "monster", {"extra_levels": 1}),
    (EffectRow("hits", "levels", -1), "curse", {"ops": [{"lose_levels": 1}]}),
    (EffectRow("hits", "combat_strength", -2, duration="next_combat"), "curse", {"next_combat": -2}),
    (EffectRow("hits", "roll_mod", -1, duration="good"), "curse", {"roll_mod": -1}),
    (EffectRow("in_play", "run_away", 1, who="owner"), "item", {"run_away": 1}),
    (EffectRow("played", "treasures", 2, who="this_monster"), "monster_enhancer", {"treasures": 2}),
    (EffectRow("played", "counts_twice", True, who="this_monster"), "monster_enhancer", {"mate": True}),
    (EffectRow("played", "levels", 1, who="chosen_player"), "go_up_a_level", {"levels": 1}),
    (EffectRow("in_play", "combat_strength", 2, who="munchkins", cond="level<=5", subject="target"), "dungeon",
     {"dungeon": {"bonus_if": [{"if": "level<=5", "bonus": 2}]}}),
    (EffectRow("enter_room", "levels", -1), "room_tile", {"room": {"on_entry": [{"lose_levels": 1}]}}),
    (EffectRow("leave_room", "levels", -1), "room_tile", {"room": {"on_exit": [{"lose_levels": 1}]}}),
    # an op of the long form in a short form's op list runs as written (no manual note)
    (EffectRow("caught", "draw", "treasure"), "monster", {"bad_stuff": [{"draw": "treasure"}]}),
]


@pytest.mark.parametrize("row, kind, want", SHORT, ids=[f"{k}-{r.when}-{r.op}" for r, k, _ in SHORT])
def test_a_pick_becomes_the_short_form_the_engine_runs(row, kind, want):
    from munchkin_lab.cards.designer import engine_notes

    built = R.build(row, kind)
    assert built.short and built.problems == [] and built.effects == want
    # it means exactly what the pick means: the same program as the ability itself
    assert R._canon(want, kind) == R._canon({"abilities": [built.ability]}, kind)
    assert engine_notes(want, kind) == []


@pytest.mark.parametrize("row, kind", [
    (EffectRow("played", "grant_tag", "undead", who="this_monster"), "monster_enhancer"),
    (EffectRow("in_play", "combat_strength", 2, who="munchkins"), "dungeon"),
    (EffectRow("caught", "draw", "treasure", who="each_player"), "monster"),
])
def test_a_pick_no_short_form_says_stays_an_ability_the_engine_runs(row, kind):
    from munchkin_lab.cards.designer import engine_notes

    built = R.build(row, kind)
    assert not built.short and built.effects == {"abilities": [built.ability]} and built.problems == []
    assert engine_notes(built.effects, kind) == []


def test_bad_picks_say_what_fits():
    assert R.build(EffectRow("played", "combat_strength", 2), "one_shot").problems == []  # the trigger's default
    probs = R.build(EffectRow("caught", "run_away", 1), "monster").problems  # lasting, no default
    assert probs and "say for how long" in probs[0] and R.build(EffectRow("caught", "run_away", 1),
                                                                  "monster").effects == {}
    with pytest.raises(ValueError, match="levels: a whole number, got 'two'"):
        R.parse_value("levels", "two")
    with pytest.raises(ValueError, match="lose_item: one of headgear, armor"):
        R.parse_value("lose_item", "hat")
    with pytest.raises(ValueError, match="race: give a value"):
        R.atom_text("race", "")
    assert R.atom_text("level", "<=5") == "level<=5" and R.atom_text("race", "Elf", negate=True) == "!race:elf"
    assert R.parse_value("levels", "-2") == -2 and R.parse_value("death", "") is True


def test_merge_extends_lists_and_never_overwrites():
    e = R.merge({}, {"bad_stuff": [{"lose_levels": 2}]}, "monster")
    e = R.merge(e, {"bad_stuff": [{"death": True}]}, "monster")
    assert e == {"bad_stuff": [{"lose_levels": 2}, {"death": True}]}
    e = R.merge(e, {"run_away": -1}, "monster")
    e2 = R.merge(e, {"run_away": -2}, "monster")  # already set: goes in as an ability, nothing lost
    assert e2["run_away"] == -1 and e2["abilities"] == [{"when": "in_play", "who": "this_monster",
                                                          "do": [{"run_away": -2}]}]
    assert [R.describe(a) for a in R.abilities_of(e, "monster")] == [
        "when caught: levels -2, death", "in play: this monster run away -1"]


# --------------------------------------------------------------------------- the form


def _fresh_set(b, code: str) -> None:
    if code not in (b.f_set.options or ()):
        b.s_code.value, b.s_name.value = code, code.replace("_", " ").title()
        assert b.create_set(), b.form_msg.value
    b.f_set.value = code


def test_the_form_builds_a_card_with_every_field_and_an_effect(designer_db):
    from munchkin_lab.cards.api import card
    from munchkin_lab.widgets import CardBrowser

    b = CardBrowser("", url=designer_db)
    _fresh_set(b, "editor_lab")
    b.new_card()
    b.f_name.value, b.f_kind.value, b.f_deck.value = "Bilge Ghost", "monster", "door"
    b.f_level.value, b.f_treasures.value, b.f_levels_gained.value, b.f_copies.value = "6", "2", "1", "2"
    b.f_tags.value, b.f_aliases.value, b.f_source.value = "Ghost", "Bilgy", "my notebook, page 3"
    b.f_summary.value = "Wet and cold."
    ed = b.effect_editor
    assert [v for _, v in ed.when.options][:3] == ["caught", "escaped", "enters_combat"]  # the kind's own first
    ed.pick("caught", "levels", "-2")
    assert "runs in play" in ed.preview.value and "lose_levels: 2" in ed.preview.value
    assert ed.add() and ed.effects == {"bad_stuff": [{"lose_levels": 2}]}
    assert "valid; the engine runs every part of it" in ed.message.value
    assert "when caught: levels -2" in ed.list.value
    assert "bad_stuff:" in b.card_yaml.value and "name: Bilge Ghost" in b.card_yaml.value
    ed.pick("caught", "levels", "two")
    assert "a whole number" in ed.preview.value and not ed.add()
    b.save_btn.click()
    assert "saved Bilge Ghost as a designer card (version 1)" in b.form_msg.value, b.form_msg.value
    row = card("Bilgy", url=designer_db)
    assert (row["set"], row["level"], row["levels_gained"], row["copies"], row["source"]) == (
        "editor_lab", 6, 1, 2, "my notebook, page 3")
    assert row["effects"] == {"bad_stuff": [{"lose_levels": 2}]} and not row["manual"]
    # a typo in the YAML box: the validator's message names the key, the save is refused
    ed.yaml.value = "bad_stuff:\n- lose_levls: 2\n"
    assert "effects.bad_stuff[0].lose_levls: unknown op (did you mean 'lose_levels'?" in \
        ed.message.value.replace("&#x27;", "'")
    assert not b.save_card() and "lose_levls" in b.form_msg.value
    # an effect no short form says: kept as an ability of the language, which the engine runs
    ed.set_effects({})
    ed.pick("enters_combat", "grant_tag", "undead", who="this_monster", duration="this_combat")
    assert "an ability in the effect language" in ed.preview.value and ed.add()
    assert "abilities:" in ed.yaml.value and "grant_tag: undead" in ed.yaml.value
    assert b.save_card() and "resolved by hand" not in b.form_msg.value
    assert not bool(card("Bilge Ghost", url=designer_db)["manual"]) and not b.f_manual.value


def test_the_forms_inline_check_names_misspelt_races_and_knows_the_designers_own(designer_db):
    from munchkin_lab.widgets import CardBrowser

    b = CardBrowser("", url=designer_db)
    _fresh_set(b, "names_lab")
    b.new_card()
    b.f_name.value, b.f_kind.value, b.f_deck.value = "Gnome", "race", "door"
    assert b.save_card(), b.form_msg.value
    b.new_card()
    b.f_name.value, b.f_kind.value, b.f_deck.value = "Gnome Hat", "item", "treasure"
    ed = b.effect_editor
    ed.yaml.value = "bonus_if:\n- {if: 'class:wizzard', bonus: 2}\n"
    assert "effects.bonus_if[0].if: unknown class 'wizzard' (did you mean 'Wizard'?)" in \
        ed.message.value.replace("&#x27;", "'")
    ed.yaml.value = "bonus_if:\n- {if: 'race:gnome', bonus: 2}\n"  # the designer's own Race, in the database
    assert "valid" in ed.message.value and not ed.problems


def test_the_form_refuses_shipped_sets_shadowing_names_and_conflicting_edits(designer_db):
    from munchkin_lab.widgets import CardBrowser

    b = CardBrowser("", url=designer_db)
    _fresh_set(b, "editor_lab2")
    b.new_card()
    b.f_name.value, b.f_kind.value, b.f_level.value = "Priest", "monster", "3"
    assert not b.save_card() and "shadows the alias" in b.form_msg.value
    p = CardBrowser('name:"Potted Plant"', url=designer_db)
    p.edit_btn.click()
    assert p.editing is None and p.f_name.value == "Potted Plant (variant)"  # a printed card: a copy, renamed
    b.f_name.value = "Tide Pool"
    assert b.save_card()
    one, two = CardBrowser('name:"Tide Pool"', url=designer_db), CardBrowser('name:"Tide Pool"', url=designer_db)
    one.edit_btn.click(); two.edit_btn.click()
    one.f_level.value = "4"; assert one.save_card()
    two.f_level.value = "5"; assert not two.save_card() and "edit conflict" in two.form_msg.value
    assert one.delete_card() and "deleted editor_lab2:Tide Pool" in one.form_msg.value


def test_the_form_stores_a_name_with_odd_spaces_as_plain_spaces(designer_db):
    """A no-break space typed (or pasted) into the name is stored as a plain space, and the
    form then shows the name as stored: ``Fen\u00a0Wisp`` is the card Fen Wisp."""
    from munchkin_lab.cards.api import cards
    from munchkin_lab.widgets import CardBrowser

    b = CardBrowser("", url=designer_db)
    _fresh_set(b, "spaces_lab")
    b.new_card()
    b.f_name.value, b.f_kind.value, b.f_deck.value, b.f_level.value = "Fen\u00a0Wisp", "monster", "door", "2"
    b.f_aliases.value = "Bog\u2002Light"
    assert b.save_card(), b.form_msg.value
    assert "saved Fen Wisp as a designer card" in b.form_msg.value and b.f_name.value == "Fen Wisp"
    mine = cards("set:spaces_lab", url=designer_db)
    assert list(mine["name"]) == ["Fen Wisp"] and list(mine["aliases"][0]) == ["Bog Light"]
    b.f_level.value = "3"
    assert b.save_card() and list(cards("set:spaces_lab", url=designer_db)["level"]) == [3]


def test_a_save_with_no_change_keeps_the_alias_languages_and_the_version(designer_db):
    """The aliases field shows an alias's language in brackets (``Bilge Spook [en]``) and
    keeps it: a card saved from the form with no change stays as it was (version 1, the
    languages kept); a language typed in brackets is stored."""
    from munchkin_lab.cards.designer import add_card, get_card
    from munchkin_lab.widgets import CardBrowser

    b = CardBrowser("", url=designer_db)
    _fresh_set(b, "alias_lab")
    add_card({"name": "Sea Ghost", "kind": "monster", "deck": "door", "level": 6, "treasures": 2,
              "aliases": [{"name": "Bilge Spook", "language": "en"}, "Old Salt"]}, "alias_lab", url=designer_db)
    b.search('"Sea Ghost"')
    b.edit_selected()
    assert b.f_aliases.value == "Bilge Spook [en], Old Salt"
    assert b.save_card(), b.form_msg.value
    assert "(version 1)" in b.form_msg.value, b.form_msg.value
    got = get_card("Sea Ghost", "alias_lab", url=designer_db)
    assert got["aliases"] == [{"name": "Bilge Spook", "language": "en"}, "Old Salt"] and got["row_version"] == 1
    b.f_aliases.value = "Bilge Spook [en], Zly Duch [pl]"
    assert b.save_card(), b.form_msg.value
    got = get_card("Sea Ghost", "alias_lab", url=designer_db)
    assert got["aliases"] == [{"name": "Bilge Spook", "language": "en"}, {"name": "Zly Duch", "language": "pl"}]
    assert got["row_version"] == 2


def test_a_rename_in_the_form_keeps_the_old_name_as_an_alias_as_cards_edit_does(designer_db):
    """New-user finding: the form saved the aliases as typed, so a card renamed there lost its
    old name (decks and shared set files naming it no longer found it), while `cards edit`
    keeps it. Both now follow designer.renamed_aliases; the form shows the alias and says so.
    An aliases field the designer changed is saved as typed."""
    from munchkin_lab.cards.designer import add_card, edit_card, get_card, renamed_aliases
    from munchkin_lab.widgets import CardBrowser

    b = CardBrowser("", url=designer_db)
    _fresh_set(b, "rename_lab")
    ghost = {"kind": "monster", "deck": "door", "level": 6, "aliases": [{"name": "Bilge Spook", "language": "en"}]}
    add_card({"name": "Sea Ghost", **ghost}, "rename_lab", url=designer_db)
    add_card({"name": "Sky Ghost", **ghost, "aliases": ["Cloud Spook"]}, "rename_lab", url=designer_db)
    b.search('"Sea Ghost"')
    b.edit_selected()
    b.f_name.value = "Deep Ghost"
    assert b.save_card(), b.form_msg.value
    got = get_card("Deep Ghost", "rename_lab", url=designer_db)
    assert got["aliases"] == [{"name": "Bilge Spook", "language": "en"}, "Sea Ghost"] and got["row_version"] == 2
    assert b.f_aliases.value == "Bilge Spook [en], Sea Ghost"
    assert ("note: kept the old name &#x27;Sea Ghost&#x27; as an alias, so decks and files that name it still find "
            "the card (to drop it: take it out of the aliases field and save)") in b.form_msg.value, b.form_msg.value
    # the CLI's rename gives the same aliases (one rule)
    cli = edit_card("Sky Ghost", "rename_lab", {"name": "High Ghost"}, url=designer_db)
    assert get_card("High Ghost", "rename_lab", url=designer_db)["aliases"] == ["Cloud Spook", "Sky Ghost"]
    assert renamed_aliases("Sky Ghost", "High Ghost", ["Cloud Spook"]) == (["Cloud Spook", "Sky Ghost"], "Sky Ghost")
    assert cli.notes[-1].startswith("kept the old name 'Sky Ghost' as an alias")
    # renamed again with the aliases field left as the save showed it: both former names kept
    b.f_name.value = "Abyss Ghost"
    assert b.save_card(), b.form_msg.value
    assert get_card("Abyss Ghost", "rename_lab", url=designer_db)["aliases"] == [
        {"name": "Bilge Spook", "language": "en"}, "Sea Ghost", "Deep Ghost"]
    # a rename with the aliases field changed: saved as typed, nothing added, no note
    b.f_name.value, b.f_aliases.value = "Final Ghost", "Bilge Spook [en]"
    assert b.save_card(), b.form_msg.value
    assert get_card("Final Ghost", "rename_lab", url=designer_db)["aliases"] == [
        {"name": "Bilge Spook", "language": "en"}]
    assert "kept the old name" not in b.form_msg.value and b.f_aliases.value == "Bilge Spook [en]"
    # a change of case only is no rename (name_key): no alias
    b.f_name.value = "FINAL Ghost"
    assert b.save_card(), b.form_msg.value
    assert get_card("FINAL Ghost", "rename_lab", url=designer_db)["aliases"] == [
        {"name": "Bilge Spook", "language": "en"}]


def test_the_manual_box_follows_the_effects_as_cards_edit_and_set_import_do(designer_db):
    """Left over: the *manual* box saved whatever the form held, so a card made manual by a
    ``manual`` op stayed manual after the editor gave it effects the engine runs (the box,
    read from the stored flag, was still ticked). The box left as read keeps the stored flag,
    except one the old effects gave: it follows the new effects, said in the message (as
    ``cards edit`` and ``set import``); a box the designer ticks is the designer's say."""
    from munchkin_lab.cards.api import card
    from munchkin_lab.widgets import CardBrowser

    b = CardBrowser("", url=designer_db)
    _fresh_set(b, "manual_lab")
    b.new_card()
    b.f_name.value, b.f_kind.value, b.f_deck.value, b.f_level.value = "Shanty Ghost", "monster", "door", "3"
    b.effect_editor.yaml.value = "bad_stuff:\n- manual: the player sings a sea shanty\n"
    assert b.save_card() and b.f_manual.value  # the engine cannot run it: manual, the box shows it
    e = CardBrowser('name:"Shanty Ghost"', url=designer_db)
    e.edit_btn.click()
    assert e.editing is not None and e.f_manual.value
    e.effect_editor.yaml.value = "bad_stuff:\n- lose_levels: 1\n"
    assert e.save_card(), e.form_msg.value
    assert not card("Shanty Ghost", url=designer_db)["manual"] and not e.f_manual.value
    assert "manual: true -&gt; false: the effects now run in the engine (tick" in e.form_msg.value
    # ticked by the designer: kept, and kept by a later edit of effects the engine runs
    e.f_manual.value = True
    assert e.save_card() and card("Shanty Ghost", url=designer_db)["manual"] and e.f_manual.value
    e.effect_editor.yaml.value = "bad_stuff:\n- lose_levels: 2\n"
    assert e.save_card() and card("Shanty Ghost", url=designer_db)["manual"]
    # unticked: the designer's say too (effects the engine runs)
    e.f_manual.value = False
    assert e.save_card() and not card("Shanty Ghost", url=designer_db)["manual"]
    # a box unticked on effects the engine cannot run: the card is manual all the same
    e.effect_editor.yaml.value = "bad_stuff:\n- manual: again\n"
    assert e.save_card() and card("Shanty Ghost", url=designer_db)["manual"] and e.f_manual.value
    assert "manual: false -&gt; true" in e.form_msg.value


def test_try_a_monster_then_see_its_bad_stuff_happen(designer_db):
    from munchkin_lab.widgets import CardBrowser

    b = CardBrowser("", url=designer_db)
    _fresh_set(b, "editor_lab3")
    b.new_card()
    b.f_name.value, b.f_kind.value, b.f_level.value, b.f_treasures.value = "Reef Ghost", "monster", "6", "2"
    b.effect_editor.pick("caught", "levels", "-2")
    assert b.effect_editor.add()
    assert b.try_card()  # no save needed to try
    board = b.board
    assert board is not None and board in b.try_area.children
    assert "Try it: Reef Ghost is in a combat: P1 has just kicked it open" in board.message.value
    sd = board.game.state_dict()
    assert sd["phase"] == "combat" and sd["players"][0]["level"] == 6
    board.click("Run Away")
    board.click("Roll to Run Away")  # the first roll is forced to 1: running away fails
    sd = board.game.state_dict()
    assert sd["players"][0]["level"] == 4  # Bad Stuff: 2 Levels lost
    assert any("Reef Ghost" in line for line in board.game.log[-6:]), board.game.log[-6:]


@pytest.mark.parametrize("card, check", [
    ({"name": "Soggy Helm", "kind": "item", "deck": "treasure", "slot": "headgear", "bonus": 3, "gold": 200},
     lambda sd: sd["phase"] == "combat" and sd["combat"]["munchkin_strength"] == 6),
    ({"name": "Curse of Damp", "kind": "curse", "deck": "door", "effects": {"ops": [{"lose_levels": 1}]}},
     lambda sd: sd["players"][0]["level"] == 2),
    ({"name": "Harbor Crypt", "kind": "dungeon", "deck": "dungeon",
      "effects": {"dungeon": {"bonus_if": [{"if": "level<=5", "bonus": 2}]}}},
     lambda sd: sd["phase"] == "combat" and sd["combat"]["munchkin_strength"] == 5),
    ({"name": "Flooded Hold", "kind": "room_tile", "deck": "room_tile",
      "effects": {"room": {"on_entry": [{"lose_levels": 1}]}}},
     lambda sd: sd["phase"] == "start"),
    ({"name": "Extra Spooky", "kind": "monster_enhancer", "deck": "door", "bonus": 5},
     lambda sd: sd["phase"] == "combat"),
    ({"name": "Sticky Floor", "kind": "trap", "deck": "door", "effects": {"ops": [{"lose_levels": 1}]}},
     lambda sd: sd["players"][0]["level"] == 2 and sd["discards"]["door"] == ["Sticky Floor"]),
    ({"name": "Glitter Pouch", "kind": "fairy_dust", "deck": "fairy_dust", "gold": 200},
     lambda sd: sd["phase"] == "start" and sd["players"][0]["hand"] == ["Glitter Pouch"]
     and "fairy_dust" in sd["modules"]),
    ({"name": "Scrappy", "kind": "character", "deck": "character", "effects": {"run_away": 1}},
     lambda sd: sd["phase"] == "combat" and sd["module_state"]["scooby_doo"]["characters"] == {"P1": "Scrappy"}),
])
def test_try_puts_each_kind_where_it_acts(lab_db, card, check):
    from munchkin_lab.widgets.designer import try_board

    board = try_board(card, "editor_lab4")
    sd = board.game.state_dict()
    assert check(sd), sd["players"][0]
    if card["kind"] == "room_tile":
        board.click("Move east")
        assert board.game.state_dict()["players"][0]["level"] == 2  # ON ENTRY: lose a Level
    if card["kind"] == "fairy_dust":  # an Item of Fairy Dust: P1 may carry it out of combat
        assert any("Glitter Pouch" in x for x in board.action_labels()), board.action_labels()
    if card["kind"] == "monster_enhancer":
        before = board.game.state_dict()["combat"]["monster_strength"]
        board.click("Play Extra Spooky")
        assert board.game.state_dict()["combat"]["monster_strength"] == before + 5


def test_try_a_manual_card_hands_it_to_a_person(lab_db):
    from munchkin_lab.widgets.designer import try_board

    board = try_board({"name": "Odd Ghost", "kind": "monster", "deck": "door", "level": 3,
                       "effects": {"bad_stuff": [{"manual": "hide under the stairs"}]}}, "editor_lab5")
    labels = board.action_labels()
    assert any("by hand" in x.lower() or "resolve" in x.lower() for x in labels), labels


def test_try_a_manual_character_is_resolved_by_hand_as_in_a_game(lab_db):
    """Left over: a manual Character tried on the board got no resolve-by-hand step (in a game
    it is resolved by hand when dealt at set-up: Scooby-Doo rules, Set-Up)."""
    from munchkin_lab.widgets.designer import try_board

    board = try_board({"name": "Odd Sleuth", "kind": "character", "deck": "character", "manual": True},
                      "editor_lab5")
    sd = board.game.state_dict()
    assert sd["pending"][0]["kind"] == "manual" and sd["pending"][0]["card"] == "Odd Sleuth"
    assert sd["module_state"]["scooby_doo"]["characters"] == {"P1": "Odd Sleuth"}
    assert "resolve it by hand first" in board.message.value
    labels = board.action_labels()
    assert any("by hand" in x.lower() or "resolve" in x.lower() for x in labels), labels


def test_try_a_manual_dungeon_is_revealed_and_resolved_by_hand_as_in_a_game(lab_db):
    """A manual Dungeon comes into play by being revealed, then resolved by hand (Scooby-Doo
    rules, Dungeons): the try board opens on that step, then the kick."""
    from munchkin_lab.widgets.designer import try_board

    board = try_board({"name": "Odd Lighthouse", "kind": "dungeon", "deck": "dungeon", "manual": True},
                      "editor_lab5")
    sd = board.game.state_dict()
    assert sd["pending"][0]["kind"] == "manual" and sd["pending"][0]["card"] == "Odd Lighthouse"
    assert sd["module_state"]["scooby_doo"]["dungeons"] == ["Odd Lighthouse"]
    assert "resolve it by hand first" in board.message.value
    board.click(next(x for x in board.action_labels() if "resolve" in x.lower() or "by hand" in x.lower()))
    assert not board.game.state_dict()["pending"]
    assert "Kick Down the Door" in board.action_labels(), board.action_labels()


def test_try_board_of_a_printed_card_says_it_tries_designer_cards(lab_db):
    """New-user finding: try_board(api.card("Potted Plant")) said "provenance: a designer card
    is 'designer', got 'printed'", as if the card were badly written. It says try_board is for
    designer cards and how to try this one."""
    from munchkin_lab.cards import api
    from munchkin_lab.cards.designer import DesignerCardError
    from munchkin_lab.widgets.designer import try_board

    plant = api.card("Potted Plant", url=lab_db)
    with pytest.raises(DesignerCardError) as info:
        try_board(plant.to_dict())
    msg = str(info.value)
    with pytest.raises(DesignerCardError, match="is a printed card of a shipped set"):
        try_board(plant)  # the row as api.card gives it
    assert msg.startswith("card 'Potted Plant' is a printed card of a shipped set: try_board / try_game / "
                          "try_position try a designer card")
    assert "cards add SET" in msg and "provenance: a designer card is" not in msg


def test_the_example_designer_set(lab_db, tmp_path):
    """Issue 14, item 9: database/examples/ holds an example designer set (provenance
    designer, named as an example): Ghost and Pirate monsters, a make-a-monster-Undead
    enhancer, a Dungeon and a room tile; it imports, round-trips and every card can be tried."""
    from munchkin_lab import config
    from munchkin_lab.cards import designer as D
    from munchkin_lab.cards.api import cards
    from munchkin_lab.cards.build import build
    from munchkin_lab.widgets.designer import try_game

    path = config.DATABASE_DIR / "examples" / "example_haunted_harbor.yaml"
    url = f"sqlite:///{tmp_path / 'example.sqlite'}"
    build(url)
    result = D.import_set(path, url=url)
    assert result.created and result["added"] == 9
    df = cards("set:example_haunted_harbor", url=url)
    sets = D.list_sets(url)
    name = sets[sets["code"] == "example_haunted_harbor"].iloc[0]["name"]
    assert "Example" in name and "not a printed set" in name
    assert set(df["provenance"]) == {"designer"} and set(df["origin"]) == {"designer"}
    monsters = df[df["kind"] == "monster"]
    assert sum("Ghost" in t for t in monsters["tags"]) >= 2 and sum("Pirate" in t for t in monsters["tags"]) >= 2
    enh = df[df["kind"] == "monster_enhancer"].iloc[0]
    assert enh["effects"]["abilities"][0]["do"][0]["grant_tag"] == "undead" and not bool(enh["manual"])
    assert {"dungeon", "room_tile"} <= set(df["kind"])
    assert all(df["manual"] == False)  # noqa: E712 - the engine runs every card (abilities: included)
    text = D.export_set("example_haunted_harbor", url=url)
    (tmp_path / "again.yaml").write_text(text, encoding="utf-8")
    assert D.import_set(tmp_path / "again.yaml", url=url)["unchanged"] == 9
    assert D.export_set("example_haunted_harbor", url=url) == text
    for _, row in df.iterrows():
        card = D.get_card(row["name"], "example_haunted_harbor", url=url)
        game, sc = try_game(card, "example_haunted_harbor")
        assert game.legal_actions(), row["name"]
    config.dispose_engine(url)


def test_try_shows_what_a_curse_or_bad_stuff_takes_and_a_dungeon_s_tag_bonus(designer_db):
    """The try position gives P1 gear to lose (a Curse or Bad Stuff that takes headgear had
    nothing to take) and the Practice Dummy the monster tags the card tests (a Dungeon with a
    bonus against Undead showed nothing)."""
    from munchkin_lab.widgets.designer import try_game

    g, _sc = try_game({"name": "Hat Snatch", "kind": "curse", "deck": "door",
                       "effects": {"ops": [{"lose_item": "headgear"}]}}, "editor_lab6")
    worn = g.state_dict()["players"][0]["equipped"]
    assert worn["headgear"] == [] and worn["armor"] == ["Practice Armor"]
    assert "[t1] Hat Snatch hits P1." in g.log
    g, _sc = try_game({"name": "Reef Ghost", "kind": "monster", "deck": "door", "level": 6, "treasures": 2,
                       "effects": {"bad_stuff": [{"lose_item": "armor"}]}}, "editor_lab6")
    c = g.state_dict()["combat"]
    assert (c["munchkin_strength"], c["monster_strength"]) == (6, 6)  # the gear adds nothing
    g, _sc = try_game({"name": "Crypt", "kind": "dungeon", "deck": "dungeon",
                       "effects": {"dungeon": {"vs_tag": [{"tag": "undead", "bonus": 2}]}}}, "editor_lab6")
    c = g.state_dict()["combat"]
    assert (c["munchkin_strength"], c["monster_strength"]) == (5, 1)  # Level 3 + 2 against the Undead dummy


def test_practice_dummy_carries_every_tag_the_card_tests_spelled_as_declared():
    """A designer's own monster tag (Dragon, declared in the designer's set) reaches the
    Practice Dummy as well as the standard ones; the loader's derived tags (V2, Big) name other
    kinds of card and stay off it."""
    from munchkin_lab.engine.lang.names import Names
    from munchkin_lab.widgets.designer import _foe_tags

    names = Names((), ["Undead", "Dragon", "V2", "Big"])
    effects = {"abilities": [{"when": "in_play", "if": {"any_monster": "tag:dragon"}, "do": [{"combat_strength": 3}]},
                             {"when": "in_play", "if": {"any_monster": "tag: V2"}, "do": []}],
               "dungeon": {"vs_tag": [{"tag": "undead", "bonus": 2}, {"tag": "big", "bonus": 1}]}}
    assert _foe_tags(effects, names) == ["Dragon", "Undead"]
    assert _foe_tags({}, names) == []


def test_try_an_item_whose_use_costs_a_hand_card_and_a_dungeon_ability_against_undead(designer_db):
    """A user's finding: an item whose `use` ability costs a hand card was never offered on the
    try board (P1's hand was empty). P1 now holds practice cards to pay with; a Dungeon whose
    bonus against Undead is an ability condition shows it against the Undead Practice Dummy."""
    from munchkin_lab.widgets.designer import try_board, try_game

    lantern = {"name": "Sea Lantern", "kind": "item", "deck": "treasure", "slot": "one_hand", "bonus": 1,
               "gold": 200, "effects": {"abilities": [
                   {"when": "use", "who": "owner", "if": {"owner": "role:in_combat"}, "label": "Flare",
                    "cost": [{"discard": "hand_card"}], "do": [{"combat_strength": 2}]}]}}
    board = try_board(lantern, "editor_lab7")
    sd = board.game.state_dict()
    assert sd["players"][0]["hand"] == ["Practice Pebble 1", "Practice Pebble 2", "Practice Pebble 3"]
    assert sd["combat"]["munchkin_strength"] == 4  # Level 3 + the lantern's bonus 1; the pebbles add nothing
    uses = [a for a in board.game.legal_actions() if a.kind == "use"]
    assert len(uses) == 3  # one per practice card to discard
    board.play(uses[0])
    sd = board.game.state_dict()
    assert sd["combat"]["munchkin_strength"] == 6 and len(sd["players"][0]["hand"]) == 2
    # a card with no such cost keeps P1's hand as it was (empty for an item)
    g, _sc = try_game({"name": "Plain Helm", "kind": "item", "deck": "treasure", "slot": "headgear", "bonus": 1,
                       "gold": 100}, "editor_lab7")
    assert g.state_dict()["players"][0]["hand"] == []
    shrine = {"name": "Bone Shrine", "kind": "dungeon", "deck": "dungeon", "effects": {"abilities": [
        {"when": "in_play", "if": {"any_monster": "tag:undead"}, "do": [{"combat_strength": 2}]}]}}
    board = try_board(shrine, "editor_lab7")
    c = board.game.state_dict()["combat"]
    assert (c["munchkin_strength"], c["monster_strength"]) == (5, 1)  # Level 3 + 2: the dummy is Undead
    g, sc = try_game(dict(shrine, effects={"abilities": [
        {"when": "in_play", "if": {"any_monster": "tag:ghost"}, "do": [{"combat_strength": 2}]}]}), "editor_lab7")
    assert [c["tags"] for c in sc["cards"] if c["name"] == "Practice Dummy"] == [["Ghost"]]
    assert g.state_dict()["combat"]["munchkin_strength"] == 5


def test_try_a_restricted_item_says_who_uses_it_or_why_it_is_carried(designer_db):
    """Finding 3 of the new user's session: *Try this card* on a Wizard-only item said it was
    "equipped ... (see its bonus count)" while the engine carried it sideways with no bonus.
    P1 is now made someone who may use it where a card does that (a Wizard), and the message
    says what the engine did: equipped by whom, or carried and why."""
    import html

    from munchkin_lab.widgets.designer import try_board

    parrot = {"name": "Parrot Familiar", "kind": "item", "deck": "treasure", "slot": "headgear", "bonus": 1,
              "usable_by": ["class:wizard"]}
    board = try_board(parrot, "editor_lab8")
    p = board.game.state_dict()["players"][0]
    assert p["classes"] == ["Wizard"] and p["equipped"]["headgear"] == ["Parrot Familiar"]
    assert board.game.state_dict()["combat"]["munchkin_strength"] == 4  # Level 3 + its bonus 1
    assert ("Try it: Parrot Familiar is equipped by P1 (Wizard, to use it: usable by class:wizard), in a combat "
            "against a Practice Dummy (see its bonus count)") in html.unescape(board.message.value)
    skirt = dict(parrot, name="Sea Skirt", slot="armor", usable_by=[], not_usable_by=["gender:male"])
    board = try_board(skirt, "editor_lab8")
    p = board.game.state_dict()["players"][0]
    assert p["gender"] == "female" and p["equipped"]["armor"] == ["Sea Skirt"] and p["classes"] == []
    helm = dict(parrot, name="Veteran Helm", usable_by=["level>=6"])
    board = try_board(helm, "editor_lab8")
    assert board.game.state_dict()["players"][0]["equipped"]["headgear"] == ["Veteran Helm"]
    assert "equipped by P1 (Level 6, to use it: usable by level>=6)" in html.unescape(board.message.value)
    # a restriction no card of the position meets: carried, and the message says so
    crown = dict(parrot, name="Captain's Crown", usable_by=["level>=10"])
    board = try_board(crown, "editor_lab8")
    p = board.game.state_dict()["players"][0]
    assert p["carried"] == ["Captain's Crown"] and p["equipped_list"] == []
    assert board.game.state_dict()["combat"]["munchkin_strength"] == 3
    msg = html.unescape(board.message.value)
    assert ("Try it: Captain's Crown is carried by P1, not in use: P1 may not use it (usable by level>=10), so "
            "its bonus does not count; P1 is in a combat against a Practice Dummy") in msg
    assert "see its bonus count" not in msg


def test_try_a_designer_portal_changes_practice_dungeons(designer_db):
    """New-user finding (item 5): try_board of a designer Portal refused ("this deck switches
    on Dungeons ... but holds no Dungeon card"), though the designer's set holds a Dungeon
    and a scenario with the Portal worked. The try position now has Dungeons for the Portal
    to change: one practice Dungeon in play, three in the Dungeon deck, the Portal in P1's
    hand at the start of P1's turn (Scooby-Doo rules, Portals: played on your own turn, out
    of combat; it discards the Dungeons in play and draws new ones)."""
    from munchkin_lab.cards import designer
    from munchkin_lab.widgets.designer import try_board

    designer.create_set("yys", "Yys", requires=["scooby_doo", "munchkin"], url=designer_db)
    designer.add_card({"name": "Hot Dog Test Stand", "kind": "dungeon", "deck": "dungeon",
                       "effects": {"dungeon": {"bonus_if": [{"if": "race:dwarf", "bonus": 1}]}}}, "yys", url=designer_db)
    designer.add_card({"name": "Secret Trapdoor", "kind": "portal", "deck": "door",
                       "effects": {"portal": {"draw": 2}}}, "yys", url=designer_db)
    board = try_board(designer.get_card("Secret Trapdoor", url=designer_db), "yys")
    assert "Try it: Secret Trapdoor is in P1's hand, a Practice Dungeon in play" in board.message.value.replace(
        "&#x27;", "'")
    sd = board.game.state_dict()
    assert (sd["phase"], sd["players"][0]["hand"]) == ("start", ["Secret Trapdoor"])
    assert sd["module_state"]["scooby_doo"]["dungeons"] == ["Practice Dungeon 1"]
    board.click("Open the Portal Secret Trapdoor")
    ms = board.game.state_dict()["module_state"]["scooby_doo"]
    assert (ms["dungeons"], ms["dungeon_deck"]) == (["Practice Dungeon 2", "Practice Dungeon 3"], 1)
    assert "[t1] All Dungeons in play are discarded." in board.game.log


def test_try_a_designer_ship_room_deals_it_in_a_solar_storm_ship(lab_db):
    """A ship room is tried in a Solar Storm game: dealt with seven V2 rooms of other names,
    P1 standing in it; a room whose action the engine does not know is resolved by hand."""
    from munchkin_lab.widgets.designer import try_board

    board = try_board({"name": "Hydroponics Bay", "kind": "ship_room", "deck": "ship_room"}, "editor_lab6")
    sd = board.game.state_dict()
    assert sd["players"][0]["room"] == "Hydroponics Bay"
    assert "in a Solar Storm ship with seven V2 rooms" in board.message.value
    board.click("Resolve Hydroponics Bay's room action by hand (not automated)")
    assert "Done: Hydroponics Bay resolved by hand" in board.action_labels()


def test_try_an_item_for_the_designers_own_class_in_the_editors_database(designer_db, lab_db, monkeypatch):
    """A new user's report: an item restricted to a designer Class (``class:buccaneer``).
    The editor's form knows the Class of its database; *Try this card* makes P1 a Buccaneer
    and equips the item. The try took its names and cards from ``$DATABASE_URL``, not from the
    editor's database: with another database there (one without the Class) it refused the
    card the form had just saved (``unknown class 'buccaneer'``)."""
    import html

    from munchkin_lab.widgets import CardBrowser
    from munchkin_lab.widgets.designer import try_board, try_position

    b = CardBrowser("", url=designer_db)
    _fresh_set(b, "pirates")
    b.new_card()
    b.f_name.value, b.f_kind.value, b.f_deck.value = "Buccaneer", "class", "door"
    assert b.save_card(), b.form_msg.value
    monkeypatch.setenv("DATABASE_URL", lab_db)  # the default database: no Buccaneer there
    b.new_card()
    b.f_name.value, b.f_kind.value, b.f_deck.value = "Pirate Staff", "item", "treasure"
    b.f_bonus.value, b.f_slot.value, b.f_usable.value = "5", "one_hand", "class:buccaneer"
    ed = b.effect_editor  # the Class picked from the lists, as typed in the YAML box
    ed.pick("in_play", "combat_strength", "2", who="owner", atom="class", arg="buccaneer")
    assert "class:buccaneer" in ed.preview.value and ed.add(), ed.preview.value
    ed.pick("in_play", "combat_strength", "2", who="owner", atom="class", arg="bucaneer")
    assert not ed.add() and "unknown class 'bucaneer' (did you mean 'Buccaneer'?)" in html.unescape(ed.message.value)
    ed.yaml.value = "bonus_if:\n- {if: 'class:buccaneer', bonus: 7}\n"  # +7 for a Buccaneer
    assert "valid" in ed.message.value and not ed.problems
    assert b.save_card(), b.form_msg.value
    assert b.try_card(), b.form_msg.value
    p = b.board.game.state_dict()["players"][0]
    assert p["classes"] == ["Buccaneer"] and p["equipped"]["hands"] == ["Pirate Staff"]
    assert b.board.game.state_dict()["combat"]["munchkin_strength"] == 10  # Level 3 + 7: the engine sees the Class
    assert ("Try it: Pirate Staff is equipped by P1 (Buccaneer, to use it: usable by class:buccaneer)"
            in html.unescape(b.board.message.value))
    staff = {"name": "Pirate Staff", "kind": "item", "deck": "treasure", "slot": "one_hand", "bonus": 5,
             "usable_by": ["class:buccaneer"]}
    assert try_position(staff, "pirates", url=designer_db)[0]["players"][0]["class"] == "Buccaneer"
    assert try_board(staff, "pirates", url=designer_db).game.state_dict()["players"][0]["classes"] == ["Buccaneer"]


def test_the_editor_says_a_room_marked_v1_runs_no_room_action(designer_db):
    """Solar Storm Alternative Rooms: the alternative actions are the V2 cards'; the effect
    editor's note follows the card's version (a V1 room's action is the base game's)."""
    from munchkin_lab.widgets import CardBrowser

    b = CardBrowser("", url=designer_db)
    b.new_card()
    b.f_name.value, b.f_kind.value = "Old Hold", "ship_room"
    ed = b.effect_editor
    ed.set_effects({"room_action": {"draw_resources": {"count": 1, "from": ["deck", "face_up"]}}})
    assert "valid; the engine runs every part of it" in ed.message.value
    b.f_version.value = "V1"
    assert "a V1 room&#x27;s action is the base game&#x27;s" in ed.message.value, ed.message.value
    b.f_version.value = "V2"
    assert "valid; the engine runs every part of it" in ed.message.value
