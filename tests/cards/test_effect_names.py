"""The names a card's effects and ``usable_by`` refer to must exist, wherever a card comes from:
``db check``/``db build`` (every set file; a new Race in the same set counts), a designer
card (``cards add``/``edit``: the database's cards and tags), a designer set import, a CSV
import and a scenario's inline cards (issue 13: nothing ignored silently)."""
from __future__ import annotations

import pytest

from munchkin_lab.cards import designer as D
from munchkin_lab.cards.build import load_files
from munchkin_lab.cards.errors import CardDataError

from test_cards_loader import write_set
from test_designer_sets import url  # noqa: F401 (the fixture: the mini data, no designer cards)

GNOME_SET = """\
  - name: Gnome
    kind: race
    deck: door
    source: x
  - name: Gnome Hat
    kind: item
    deck: treasure
    slot: headgear
    bonus: 1
    source: x
    usable_by: [{usable}]
    effects:
      abilities:
        - when: in_play
          if: {cond}
          who: owner
          do: [{{combat_strength: 1}}]
"""


def problems(data_dir) -> list[str]:
    with pytest.raises(CardDataError) as info:
        load_files(data_dir)
    return info.value.problems


def test_db_check_knows_the_races_of_every_set_file_and_names_file_line_and_card(data_copy):
    write_set(data_copy, GNOME_SET.format(usable="race:gnome", cond="race:gnome"))
    data = load_files(data_copy)  # a Race invented in the same set: fine
    assert "Gnome Hat" in [lc.card.name for lc in data.cards]
    write_set(data_copy, GNOME_SET.format(usable="race:gnmoe", cond="class:clerik"))
    assert problems(data_copy) == [
        "database/sets/gamma.yaml:17: card 'Gnome Hat': usable_by: 'race:gnmoe': unknown race 'gnmoe' "
        "(did you mean 'Gnome'?)",
        "database/sets/gamma.yaml:21: card 'Gnome Hat': effects.abilities[0].if: unknown class 'clerik' "
        "(did you mean 'Cleric'?)"]


def test_db_check_reads_the_names_of_its_own_data_folder_only(data_copy):
    # the mini data has no Elf (the shipped sets do): a card of it may not refer to one
    write_set(data_copy, GNOME_SET.format(usable="race:gnome", cond="race:elf"))
    (p,) = problems(data_copy)
    assert p == ("database/sets/gamma.yaml:21: card 'Gnome Hat': effects.abilities[0].if: unknown race 'elf': "
                 "no Race card has that name; known: Gnome")
    # tags: those of tags.yaml, of any set's tags: and the derived ones
    write_set(data_copy, GNOME_SET.format(usable="race:gnome", cond="tag:one-shot") + "  - name: Odd\n    kind: monster\n"
              "    deck: door\n    source: x\n    effects: {bonus_vs: [{if: 'tag:ghots', bonus: 2}]}\n")
    (p,) = problems(data_copy)
    assert p == ("database/sets/gamma.yaml:28: card 'Odd': effects.bonus_vs[0].if: unknown tag 'ghots' "
                 "(did you mean 'Ghost'?)")


def hat(cond: str, usable: str = "class:cleric") -> dict:
    return {"name": "Gnome Hat", "kind": "item", "deck": "treasure", "slot": "headgear", "bonus": 1,
            "usable_by": [usable], "effects": {"abilities": [{"when": "in_play", "if": cond, "who": "owner",
                                                               "do": [{"combat_strength": 1}]}]}}


def test_designer_cards_are_checked_against_the_database(url):
    D.create_set("gnomes", "Gnomes", url=url)
    with pytest.raises(D.DesignerCardError) as info:
        D.add_card(hat("race:gnome"), "gnomes", url=url)
    assert str(info.value) == ("card 'Gnome Hat': effects.abilities[0].if: unknown race 'gnome': no Race card "
                               "has that name")
    D.add_card({"name": "Gnome", "kind": "race", "deck": "door"}, "gnomes", url=url)
    assert D.add_card(hat("race:Gnome", usable="race:gnome"), "gnomes", url=url).key == "gnomes:Gnome Hat"
    with pytest.raises(D.DesignerCardError) as info:
        D.edit_card("Gnome Hat", "gnomes", {"usable_by": ["race:gnom"]}, url=url)
    assert str(info.value) == "card 'Gnome Hat': usable_by: 'race:gnom': unknown race 'gnom' (did you mean 'Gnome'?)"
    with pytest.raises(D.DesignerCardError) as info:
        D.edit_card("Gnome Hat", "gnomes", {"effects": {"abilities": [
            {"when": "cursed", "do": [{"lose_item": "any", "tagged": ["undaed"]}]}]}}, url=url)
    assert "effects.abilities[0].do[0].tagged[0]: unknown tag 'undaed' (did you mean 'Undead'?)" in str(info.value)


def test_a_designer_set_import_knows_its_own_new_cards_and_tags(url, tmp_path):
    text = """\
set: {code: gnomes, name: Gnomes, family: munchkin, kind: fan}
tags:
  - {name: Tiny}
cards:
  - {name: Gnome, kind: race, deck: door, provenance: designer}
  - name: Gnome Hat
    kind: item
    deck: treasure
    provenance: designer
    usable_by: [race:gnome]
    effects: {abilities: [{when: use, cost: [{discard: item, tagged: [tiny]}], do: [{escape: true}]}]}
"""
    assert D.import_set("gnomes.yaml", url=url, text=text).code == "gnomes"
    bad = text.replace("tagged: [tiny]", "tagged: [tinny]").replace("[race:gnome]", "[race:gnoem]")
    with pytest.raises(D.DesignerCardError) as info:
        D.import_set("gnomes.yaml", url=url, text=bad)
    assert info.value.problems == [
        "gnomes.yaml:10: card 'Gnome Hat': usable_by: 'race:gnoem': unknown race 'gnoem' (did you mean 'Gnome'?)",
        "gnomes.yaml:11: card 'Gnome Hat': effects.abilities[0].cost[0].tagged[0]: unknown tag 'tinny' "
        "(did you mean 'Tiny'?)"]


def test_scenario_inline_cards_know_each_other_and_the_shipped_sets():
    from munchkin_lab.scenarios.runner import ScenarioError, inline_card
    from munchkin_lab.scenarios.schema import check_scenario

    gnome = {"name": "Gnome", "kind": "race", "deck": "door"}
    sword = {"name": "Gnome Sword", "kind": "item", "deck": "treasure", "slot": "one_hand", "bonus": 2,
             "usable_by": ["race:gnome"], "effects": {"bonus_if": [{"if": "class:wizard", "bonus": 4}]}}
    assert [m for _l, m in check_scenario({"cards": [gnome, sword]}) if "cards[" in m] == []
    out = [m for _l, m in check_scenario({"cards": [gnome, dict(sword, effects={"bonus_if": [{"if": "class:wizzard",
                                                                                             "bonus": 4}]})]})]
    assert "cards[1] (Gnome Sword): effects.bonus_if[0].if: unknown class 'wizzard' (did you mean 'Wizard'?)" in out
    with pytest.raises(ScenarioError) as info:
        inline_card(sword, "s.yaml: cards[1]")  # alone, without the scenario's Gnome
    assert "usable_by: 'race:gnome': unknown race 'gnome'" in str(info.value)


def test_a_csv_import_checks_names_against_the_database_and_the_csv(url, tmp_path):
    from munchkin_lab.cards import api

    path = tmp_path / "cards.csv"
    api.export_csv(path, url=url)
    text = path.read_text(encoding="utf-8")
    assert "class:cleric" in text  # Flame Sword's usable_by
    path.write_text(text.replace("class:cleric", "class:clerik"), encoding="utf-8")
    with pytest.raises(CardDataError) as info:
        api.import_csv(path, url=url, dry_run=True)
    (p,) = info.value.problems
    assert p.endswith(": card 'Flame Sword': usable_by: 'class:clerik': unknown class 'clerik' (did you mean 'Cleric'?)")


STAFF = ("{name: Pirate Staff, kind: item, deck: treasure, bonus: 5, slot: one_hand, gold: 600, "
         "usable_by: ['class:buccaneer']}")


def test_cards_add_knows_the_designers_classes_and_races_of_the_database_and_of_its_list(url, tmp_path):
    """A new user's report: `cards add` refused an item restricted to a designer Class saved
    just before (``unknown class 'buccaneer'``), and a ``--file`` list holding a new Race and
    an item for it, while `set import` of the same cards passed: the list is checked against
    the database's names (designer sets too) and its own cards, as set import and the editor."""
    from typer.testing import CliRunner

    from munchkin_lab.cli import app

    def run(*args):
        return CliRunner().invoke(app, [*args, "--url", url])

    assert run("set", "new", "pirates", "Pirates").exit_code == 0
    assert run("cards", "add", "pirates", "{name: Buccaneer, kind: class, deck: door}").exit_code == 0
    r = run("cards", "add", "pirates", STAFF)
    assert (r.exit_code, r.stdout) == (0, "added pirates:Pirate Staff (version 1)\n"), r.output
    many = tmp_path / "sea.yaml"
    many.write_text(
        "- {name: Merfolk, kind: race, deck: door}\n"
        "- {name: Trident, kind: item, deck: treasure, bonus: 3, slot: one_hand, usable_by: ['race:merfolk']}\n"
        "- {name: Reef Shark, kind: monster, deck: door, level: 4, effects: {bonus_vs: [{if: 'class:buccaneer', "
        "bonus: 2}], bad_stuff: [{lose_levels: 1}]}}\n"
        "- {name: Salt Amulet, kind: item, deck: treasure, bonus: 1, effects: {bonus_if: [{if: 'race:merfolk', "
        "bonus: 2}]}}\n", encoding="utf-8")
    r = run("cards", "add", "pirates", "--file", str(many))
    assert r.exit_code == 0, r.output
    assert [ln for ln in r.stdout.splitlines() if ln.startswith("added")] == [
        "added pirates:Merfolk (version 1)", "added pirates:Trident (version 1)",
        "added pirates:Reef Shark (version 1)", "added pirates:Salt Amulet (version 1)"]
    # still checked: a misspelt one is refused with its line, and nothing of the list is written
    bad = tmp_path / "bad.yaml"
    bad.write_text("- {name: Kelpie, kind: race, deck: door}\n"
                   "- {name: Kelp Whip, kind: item, deck: treasure, bonus: 2, slot: one_hand, "
                   "usable_by: ['race:kelpy', 'class:bucaneer']}\n", encoding="utf-8")
    r = run("cards", "add", "pirates", "--file", str(bad))
    assert r.exit_code == 1
    assert f"{bad}:2: card 'Kelp Whip': usable_by: 'race:kelpy': unknown race 'kelpy' (did you mean 'Kelpie'?)" \
        in r.stderr
    assert "'class:bucaneer': unknown class 'bucaneer' (did you mean 'Buccaneer'?)" in r.stderr
    with pytest.raises(D.DesignerCardError):
        D.get_card("Kelpie", "pirates", url=url)
    # the same names in the Python API's list form
    saved = D.add_cards([{"name": "Gull", "kind": "race", "deck": "door"},
                         hat("race:gull", usable="class:buccaneer")], "pirates", url=url)
    assert [s.key for s in saved] == ["pirates:Gull", "pirates:Gnome Hat"]
