"""The example cards (the expressions of issue 13, item 3) and the generated reference and
JSON Schema."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from munchkin_lab.engine.lang import Duration, Op, Target, expand, validate
from munchkin_lab.engine.lang.program import Not
from munchkin_lab.engine.lang import docs
from munchkin_lab.engine.lang import vocab as V
from munchkin_lab.engine.lang.schema import json_schema

CARDS = docs.load_examples()
NAMES = docs.example_names()  # the shipped sets' names, the example cards' and the file's tags
BY_NAME = {c["name"]: c for c in CARDS}

CARD_FIELDS = {"name", "kind", "deck", "copies", "level", "treasures", "levels_gained", "bonus", "slot",
               "big", "gold", "version", "usable_by", "not_usable_by", "tags", "aliases", "provenance",
               "source", "summary", "effects", "manual"}


def prog(name):
    c = BY_NAME[name]
    return expand(c["effects"], c["kind"])


def test_every_example_card_is_valid_and_movable_into_a_set_file():
    from munchkin_lab.cards.files import CardFile
    assert len(CARDS) >= 100 and len(BY_NAME) == len(CARDS)
    for c in CARDS:
        assert c["set"] in ("munchkin", "fairy_dust", "scooby_doo", "star_munchkin",
                            "star_munchkin_adventures", "solar_storm"), c["name"]
        assert c["status"] in ("corrects", "same", "new"), c["name"]
        assert validate(c.get("effects"), c["kind"], names=NAMES) == [], c["name"]
        assert set(c) - {"set", "status"} <= CARD_FIELDS, c["name"]
        CardFile.model_validate({k: v for k, v in c.items() if k not in ("set", "status")}, context={"names": NAMES})
        if c["provenance"] == "designer":
            assert c["status"] == "new", c["name"]


def test_every_construct_has_an_example_card():
    found = docs.first_examples(CARDS)
    missing = [k for k in docs.constructs() if k not in found]
    assert missing == []
    # printed cards come first where one uses the construct
    assert found[("op", "compel_help")]["name"] == "Kneepads of Allure"
    assert found[("trigger", "caught")]["provenance"] == "printed"


def test_the_base_cards_that_were_manual_or_loose_are_written_in_the_language():
    must = ["Boots of Running Really Fast", "Tuba of Charm", "Sandals of Protection", "Kneepads of Allure",
            "Rat on a Stick", "Hireling", "Halfling", "Loaded Die", "Kill the Hireling", "Whine at the GM",
            "Mutilate the Bodies", "Pollymorph Potion", "Invisibility Potion", "Friendship Potion", "Elf",
            "Dwarf", "Warrior", "Wizard", "Thief", "Cleric",
            # the rest of tests/scenarios_pending/README.md's "needs the effect language" list
            "Change Race", "Change Class", "Lose Your Class", "Divine Intervention", "Baby", "Lawyers",
            "Hippogriff", "Crabs", "Hoard!", "Potion of Halitosis"]
    for name in must:
        c = BY_NAME[name]
        assert c["set"] == "munchkin" and c["status"] == "same", name
        assert not c.get("manual"), name
        assert not prog(name).ops("manual"), name
    # all moved into munchkin.yaml (test_same_entries_mean_what_the_set_files_say checks them)
    assert BY_NAME["Rat on a Stick"]["bonus"] == 1
    assert BY_NAME["Hireling"]["bonus"] == 1 and BY_NAME["Hireling"]["gold"] == 0
    assert {a["name"] for a in BY_NAME["Mutilate the Bodies"]["aliases"]} == {"Mow the Battlefield"}
    assert {a["name"] for a in BY_NAME["Pollymorph Potion"]["aliases"]} == {"Polymorph Potion"}


def test_boots_tuba_sandals_kneepads():
    boots, = prog("Boots of Running Really Fast").abilities
    assert boots.continuous and boots.who == Target("owner")
    assert boots.do == (Op("run_away", 2, duration=Duration("in_play")),)
    tuba = prog("Tuba of Charm")
    assert tuba.statics[0].do[0].value == 3
    (esc,) = tuba.on("escaped")
    assert esc.limit.times == 1 and esc.limit.per == "combat"
    assert esc.do[0].name == "draw" and esc.do[0].value == "treasure" and esc.do[0].get("face_up") is None
    (sandals,) = prog("Sandals of Protection").on("cursed")
    assert str(sandals.cond) == "from_kick" and sandals.do[0].name == "cancel_curse"
    (knee,) = prog("Kneepads of Allure").statics
    assert str(knee.cond) == "!for_winning_level" and knee.do[0].name == "compel_help"


def test_halfling_loaded_die_and_the_go_up_a_level_conditions():
    (h,) = prog("Halfling").on("run_away_rolled")
    assert h.may and h.cost[0].what == "card" and h.do[0].name == "reroll"
    assert {str(x) for x in h.cond.items[:2]} == {"failed", "first_roll"}
    (die,) = prog("Loaded Die").abilities
    assert die.when == ("die_rolled",) and die.from_hand and die.do[0].value == "this"
    (kill,) = prog("Kill the Hireling").abilities
    assert str(kill.cond) == "hireling_in_play" and kill.who == Target("chosen_player")
    assert [o.name for o in kill.do] == ["levels", "lose_hireling"]
    assert kill.do[0].get("winning", False) is False
    (whine,) = prog("Whine at the GM").abilities
    # not usable by the player who plays it when at the highest Level; it goes on any player
    assert isinstance(whine.cond, Not) and str(whine.cond.item) == "highest_level"
    assert whine.who == Target("chosen_player")
    (mut,) = prog("Mutilate the Bodies").abilities
    assert mut.when == ("combat_end",) and mut.from_hand


def test_the_pending_list_of_the_rules_helper():
    let_go, deal = prog("Lawyers").on("use")  # not_pursue (a Thief may let it go), then the deal
    assert let_go.origin == "not_pursue" and deal.label == "Thieves' deal"
    assert deal.cost[0].count == 2 and deal.cost[0].deck == "treasure"
    assert [o.name for o in deal.do] == ["leave_combat", "draw"]
    assert prog("Lawyers").on("caught")[0].do[0].get("each") == 1
    baby = prog("Baby").on("played")
    assert [(o.name, o.value, o.get("floor")) for a in baby for o in a.do] == [("treasures", -1, 1), ("combat_strength", 0, 1)]
    (di,) = prog("Divine Intervention").abilities
    assert set(di.when) == {"played", "drawn"} and di.do[0].get("winning") is True
    hip = prog("Hippogriff").on("caught")[0].do[0]
    assert hip.get("from") == "right" and hip.get("or_hand") is True
    crabs = prog("Crabs").on("caught")[0].do
    assert [(o.value, o.get("tagged")) for o in crabs] == [("armor", None), ("footgear", None),
                                                          ("all_worn", ("below the waist",))]
    change = prog("Change Class").abilities[0].do[0]
    assert str(change.value) == "has_class" and change.then[1].get("exclude_own") is True
    race = prog("Change Race").abilities[0].do[0]
    assert str(race.value) == "has_race" and race.then[1].get("exclude_own") is True
    assert prog("Lose Your Class").abilities[0].do[0].get("count") == 1
    modes = prog("Potion of Halitosis").on("played")
    # killed by the card: a kill, its Level and Treasures go to the munchkins (official FAQ, Important Note #1)
    assert [a.label for a in modes] == ["+2", "kill the Floating Nose"] and modes[1].do[0] == Op("slay", True)
    drawn, played = prog("Hoard!").on("drawn")[0], prog("Hoard!").on("played")[0]
    assert drawn.do[0].name == "if" and drawn.do[0].then[0].get("face_up") is True
    assert drawn.do[0].orelse[0].get("face_up") is None and [str(x) for x in played.cond.items] == ["own_turn", "!in_combat"]
    (esc,) = prog("Hireling").on("use")
    assert esc.cost[0].what == "self" and esc.do[0].name == "escape"


def _set_cards() -> dict:
    import yaml
    out = {}
    for path in sorted((docs.ROOT / "database" / "sets").glob("*.yaml")):
        for c in yaml.safe_load(path.read_text(encoding="utf-8"))["cards"]:
            out[(path.stem, c["name"])] = c
    return out


def _unlabelled(data):
    if isinstance(data, dict):
        return {k: _unlabelled(v) for k, v in data.items() if k != "label"}
    if isinstance(data, list):
        return [_unlabelled(v) for v in data]
    return data


def test_same_entries_mean_what_the_set_files_say():
    """An entry with status ``same`` is the set file's card: the same numbers and the same
    program (labels aside); a set entry without effects is its kind's default written out."""
    from munchkin_lab.engine.lang.render import to_data
    sets = _set_cards()
    same = [c for c in CARDS if c["status"] == "same"]
    assert len(same) >= 80
    for c in same:
        s = sets.get((c["set"], c["name"]))
        assert s is not None, c["name"]
        for k in ("kind", "deck", "level", "treasures", "levels_gained", "bonus", "slot", "gold"):
            assert c.get(k) == s.get(k), (c["name"], k)
        assert bool(c.get("manual")) == bool(s.get("manual")), c["name"]
        if not s.get("effects"):
            continue  # the kind's default (Magic Missile: +5 to a side; Boil an Anthill: a Level)
        a = _unlabelled(to_data(expand(c.get("effects") or {}, c["kind"])))
        b = _unlabelled(to_data(expand(s["effects"], s["kind"])))
        assert a == b, c["name"]
    # the Races and Classes of the base set are in munchkin.yaml, their abilities written out
    assert {c["name"] for c in same} >= {"Elf", "Dwarf", "Halfling", "Warrior", "Wizard", "Thief", "Cleric",
                                         "Tuba of Charm", "Kneepads of Allure"}
    # the corrections still waiting are the four cards whose printed text our sources lack
    # (their set entries stay manual)
    waiting = {c["name"] for c in CARDS if c["status"] == "corrects"}
    assert waiting == {"Snow Ghost", "Funland Robot", "Rocket Boots", "Psychic"}


def test_the_issues_constructs():
    (hall,) = prog("Hall of Champions").abilities
    assert hall.when == ("revealed",) and hall.who == Target("each_player")
    assert hall.do == (Op("levels", 1),)                      # never the winning Level
    (dust,) = prog("Grave Dust").abilities
    assert dust.do == (Op("grant_tag", "undead", duration=Duration("this_combat")),)
    assert dust.who == Target("this_monster")
    (weak,) = prog("Curse of the Weakling").abilities
    assert weak.do[0].duration == Duration("good")
    (air,) = prog("Airlock").abilities
    assert air.when == ("turn_start",) and air.do[0] == Op("move", "start")
    (con,) = prog("Self-Destruct Console").abilities
    assert con.may and con.do[0].value == "chosen" and con.do[0].get("count") == 2
    elf_run = prog("Elf").statics[0]
    assert elf_run.do[0].value == 1
    cloak = prog("Elven Cloak").statics[0].do[0]
    assert cloak.name == "if" and cloak.then[0].value == 2 and cloak.orelse[0].value == 1
    # START never: the language cannot even name it as a room to destroy
    assert "start" not in V.OPS["destroy_rooms"].value


def test_seed_cards():
    scooby = prog("Scooby Snacks").abilities[1].do[0]
    assert scooby.name == "combat_strength" and scooby.value.each == 5
    team = prog("Team Spirit").abilities[0].do[0]
    assert team.name == "if" and team.then[0].value == 6 and team.orelse[0].value == 3
    gh = prog("Ghost Hunters").statics
    assert gh[0].do[0].value.each == 2 and gh[1].do[0].name == "run_away"
    nymph = prog("Enchanting Nymph")
    assert nymph.on("caught")[0].do[0] == Op("must_help", True, duration=Duration("until_next_turn"))
    assert BY_NAME["Sparkly Good Fairy"]["effects"] == {"fairy_dust": {"fairy": True}}
    fender = prog("Major Fender Bender").abilities[0].do[0]
    assert fender.value == "vehicle" and fender.orelse[0].value == "footgear"
    for name in ("Snow Ghost", "Funland Robot", "Rocket Boots"):
        assert BY_NAME[name]["manual"] is True and prog(name).ops("manual"), name


def test_the_committed_reference_and_schema_are_up_to_date():
    for path, text in docs.outputs().items():
        assert path.exists(), f"{path} missing: run python -m munchkin_lab.engine.lang.docs"
        assert path.read_text(encoding="utf-8") == text, \
            f"{path.name} is stale: run python -m munchkin_lab.engine.lang.docs"


def test_the_docs_command_checks_and_writes(tmp_path, monkeypatch):
    r = subprocess.run([sys.executable, "-m", "munchkin_lab.engine.lang.docs", "--help"],
                       capture_output=True, text=True)
    assert r.returncode == 0 and "--check" in r.stdout, r.stderr
    ref, sch = tmp_path / "EFFECTS.md", tmp_path / "effects.schema.json"
    ref.write_text("old", encoding="utf-8")
    monkeypatch.setattr(docs, "REFERENCE", ref)
    monkeypatch.setattr(docs, "SCHEMA", sch)
    monkeypatch.setattr(docs, "ROOT", tmp_path)
    assert docs.main(["--check"]) == 1 and ref.read_text(encoding="utf-8") == "old"
    assert docs.main([]) == 0
    assert docs.main(["--check"]) == 0
    assert "# Card effects: the reference" in ref.read_text(encoding="utf-8")


def test_the_reference_lists_every_construct_with_its_example():
    text = (docs.REFERENCE).read_text(encoding="utf-8")
    for name in list(V.TRIGGERS) + list(V.TARGETS) + list(V.OPS) + list(V.DURATIONS) + list(V.SHORT_SPECS):
        assert f"`{name}`" in text, name
    for c in CARDS:
        assert f'<a id="{docs.anchor(c["name"])}"></a>' in text, c["name"]
    assert "[Kneepads of Allure](#card-kneepads-of-allure)" in text


def test_the_json_schema_accepts_the_examples_and_rejects_typos():
    jsonschema = pytest.importorskip("jsonschema")
    sch = json_schema()
    assert sch["$schema"].endswith("2020-12/schema")
    assert json.loads(docs.SCHEMA.read_text(encoding="utf-8")) == sch
    v = jsonschema.Draft202012Validator(sch)
    for c in CARDS:
        assert not list(v.iter_errors(c.get("effects") or {})), c["name"]
    for bad in ({"portal": {"drw": 1}}, {"bad_stuff": [{"lose_item": "hat"}]},
                {"abilities": [{"when": "kiked", "do": [{"levels": 1}]}]},
                {"abilities": [{"when": "caught", "do": [{"levels": 1, "colour": 2}]}]}):
        assert list(v.iter_errors(bad)), bad


def test_expansion_scenarios_copy_the_set_files_cards():
    """The expansion scenarios run without the database, so their card files carry the cards
    inline: those named for a set card carry its effects exactly (what they test is the set
    file's card)."""
    import yaml
    sets = _set_cards()
    root = docs.ROOT / "tests" / "scenarios" / "scooby_doo"
    for fname, card in (("card_ghost_hunters_abilities.yaml", "Ghost Hunters"),
                        ("card_major_fender_bender.yaml", "Major Fender Bender")):
        sc = yaml.safe_load((root / fname).read_text(encoding="utf-8"))
        inline = next(c for c in sc["cards"] if c["name"] == card)
        assert inline["effects"] == sets[("scooby_doo", card)]["effects"], fname
