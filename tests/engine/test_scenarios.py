"""Every scenario file under tests/scenarios/core passes; bad scenario input fails clearly."""
from __future__ import annotations

from pathlib import Path

import pytest

from munchkin_lab.scenarios.runner import ScenarioError, build_game, load_scenario, run_file, run_scenario

ROOT = Path(__file__).resolve().parents[1] / "scenarios" / "core"
FILES = sorted(ROOT.glob("*.yaml"))


def test_at_least_40_scenarios():
    assert len(FILES) >= 40


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path, resolver):
    r = run_file(path, resolver)
    assert r.ok, r.line()


def _write(tmp_path, text):
    p = tmp_path / "s.yaml"
    p.write_text(text)
    return p


BASE = """
cards:
  - {name: Goblin, kind: monster, deck: door, level: 1, treasures: 1}
  - {name: Coin, kind: item, deck: treasure, slot: none, gold: 100}
players:
  - {name: Ann}
  - {name: Bob}
decks:
  door: [Goblin]
  treasure: [Coin]
"""


def test_unknown_card_names_the_field(tmp_path):
    p = _write(tmp_path, BASE + "\n" + "steps: []\n").read_text().replace("players:\n  - {name: Ann}",
                                                                          "players:\n  - {name: Ann, hand: [Nope]}")
    p = _write(tmp_path, p)
    r = run_file(p, lambda n: None)
    assert not r.ok and "players[0].hand[0]" in r.message and "Nope" in r.message


def test_unknown_action_wrong_actor_wrong_phase(tmp_path):
    for step, frag in (("{actor: Ann, action: dance}", "unknown action"),
                       ("{actor: Zed, action: kick}", "unknown player"),):
        r = run_file(_write(tmp_path, BASE + f"steps:\n  - {step}\n"), lambda n: None)
        assert not r.ok and "step 1" in r.message and frag in r.message, r.message
    r = run_file(_write(tmp_path, BASE + "steps:\n  - {actor: Bob, action: kick}\n"), lambda n: None)
    assert not r.ok and "refused" in r.message and "Ann's decision" in r.message
    r = run_file(_write(tmp_path, BASE + "steps:\n  - {actor: Ann, action: loot}\n"), lambda n: None)
    assert not r.ok and "Loot the Room" in r.message
    r = run_file(_write(tmp_path, BASE + "steps:\n  - {actor: Ann, action: loot, expect_error: Loot}\n"), lambda n: None)
    assert r.ok, r.message


def test_malformed_files(tmp_path):
    r = run_file(_write(tmp_path, "players: [: oops"), None)
    assert not r.ok and "malformed YAML" in r.message
    r = run_file(_write(tmp_path, BASE + "colour: red\n"), None)
    assert not r.ok and "colour" in r.message
    r = run_file(_write(tmp_path, BASE + "steps:\n  - {actor: Ann, action: kick, bogus: 1}\n"), None)
    assert not r.ok and "step 1" in r.message and "bogus" in r.message
    with pytest.raises(ScenarioError):
        load_scenario(tmp_path / "missing.yaml")


def test_refused_step_leaves_state_unchanged(tmp_path):
    sc = load_scenario(_write(tmp_path, BASE + "steps: []\n"))
    g = build_game(sc, None)
    before = g.state_dict()
    from munchkin_lab.engine import Action, IllegalActionError
    with pytest.raises(IllegalActionError):
        g.play(Action(0, "loot"))
    assert g.state_dict() == before


def test_expectation_failure_reports_first_difference(tmp_path):
    r = run_file(_write(tmp_path, BASE + "steps:\n  - {actor: Ann, action: kick}\n  - expect: {players.Ann.level: 3}\n"), None)
    assert not r.ok and "players.Ann.level: expected 3, got 1" in r.message


def test_a_recursion_in_the_engine_is_the_engines_failure_not_the_files(tmp_path, monkeypatch):
    # a RecursionError raised while the steps are played (the engine's: Hoard! drawing itself
    # again once looped so) is reported as the engine's failure with its error, never as a
    # file nested too deeply
    from munchkin_lab.engine import Game

    def recurse(self, *a, **k):
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(Game, "play", recurse)
    r = run_file(_write(tmp_path, BASE + "steps:\n  - {actor: Ann, action: kick}\n"), None)
    assert not r.ok
    assert r.message == "error: the engine failed: RecursionError: maximum recursion depth exceeded"


BINARY = bytes([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0xFF, 0xFE, 0x00, 0x01])


def test_binary_file_is_a_clean_fail(tmp_path):
    """A binary file is a FAIL result (no UnicodeDecodeError) and load_scenario says why."""
    bin_file = tmp_path / "picture.yaml"
    bin_file.write_bytes(BINARY)
    r = run_file(bin_file, None)
    assert not r.ok
    assert r.line() == f"FAIL {bin_file}: not a text file (byte 0x89 at offset 0 is not UTF-8)"
    with pytest.raises(ScenarioError, match="not a text file"):
        load_scenario(bin_file)


def test_cli_folder_with_binary_file_still_runs_the_others(tmp_path):
    from typer.testing import CliRunner
    from munchkin_lab.cli import app

    (tmp_path / "a_bad.yaml").write_bytes(BINARY)
    good = tmp_path / "b_good.yaml"
    good.write_text((ROOT / "ties_go_to_the_monster.yaml").read_text())
    r = CliRunner().invoke(app, ["scenario", "run", str(tmp_path)])
    assert r.exit_code == 1
    assert r.exception is None or isinstance(r.exception, SystemExit)
    lines = r.stdout.splitlines()
    assert lines[0].startswith(f"FAIL {tmp_path / 'a_bad.yaml'}: not a text file (")
    assert lines[1].startswith(f"PASS {good}")
    assert lines[-1] == "1 passed, 1 failed"


def test_cli_empty_folder(tmp_path):
    from typer.testing import CliRunner
    from munchkin_lab.cli import app

    r = CliRunner().invoke(app, ["scenario", "run", str(tmp_path)])
    assert r.exit_code == 1
    assert f"no scenario files found in {tmp_path}" in r.output


def test_expect_error_with_an_unknown_card_fails(tmp_path):
    r = run_file(_write(tmp_path, BASE + "steps:\n  - {actor: Ann, action: play, card: Magic Misile, expect_error: true}\n"),
                 lambda n: None)
    assert not r.ok
    assert r.message == ("step 1: unknown card 'Magic Misile' (not inline, not in the database) "
                         "(a refusal cannot be expected for a card that does not exist)")
    # a known card that is not in the player's hand is still an expected refusal
    r = run_file(_write(tmp_path, BASE + "steps:\n  - {actor: Ann, action: play, card: Coin, expect_error: true}\n"),
                 lambda n: None)
    assert r.ok, r.message


HELD = BASE.replace("  - {name: Ann}\n  - {name: Bob}",
                    "  - {name: Ann, race: Elf, class: Thief, curses: [Stink]}\n  - {name: Bob, carried: [Coin]}").replace(
    "cards:\n", "cards:\n  - {name: Stink, kind: curse, deck: door}\n  - {name: Pebble, kind: item, deck: treasure, slot: none, gold: 100}\n"
    "  - {name: Ogre, kind: monster, deck: door, level: 5, treasures: 1}\n")


@pytest.mark.parametrize("step, refusal", [
    # an Item in another player's play: the engine, not the runner, refuses the gift
    ("{actor: Ann, action: give, card: Coin, target: Bob, expect_error: %s}", "only Items in play"),
    # a Curse kept on the table, named as a card to discard for an ability
    ("{actor: Ann, action: steal, card: Stink, target: Bob, with: Coin, expect_error: %s}", "discard a card of yours"),
    # a monster card that is not in the combat (no combat at all)
    ("{actor: Ann, action: play, card: Coin, monster: Goblin, expect_error: %s}", "Coin"),
])
def test_refused_step_with_a_card_the_actor_does_not_hold_is_judged_by_the_engine(tmp_path, resolver, step, refusal):
    r = run_file(_write(tmp_path, HELD + "steps:\n  - " + step % f'"{refusal}"' + "\n"), resolver)
    assert r.ok, r.message
    # the refusal checked is the engine's: another expected text fails the step with the engine's words
    r = run_file(_write(tmp_path, HELD + "steps:\n  - " + step % '"no such words"' + "\n"), resolver)
    assert not r.ok and "step 1: refusal '" in r.message and refusal in r.message
    assert r.message.endswith("lacks 'no such words'"), r.message


@pytest.mark.parametrize("step, field", [
    ("{actor: Ann, action: play, card: Pebble, expect_error: true}", "step 1.card"),
    ("{actor: Ann, action: give, card: Coin, target: Bob, with: Pebble, expect_error: true}", "step 1.with"),
    ("{actor: Ann, action: use, card: Pebble, n: 0, expect_error: true}", "step 1.card"),
    ("{actor: Ann, action: sell, cards: [Pebble], expect_error: true}", "step 1.cards[0]"),
    ("{actor: Ann, action: play, card: Coin, monster: Ogre, expect_error: true}", "step 1.monster"),
])
def test_refused_step_with_a_card_that_is_nowhere_fails(tmp_path, resolver, step, field):
    """Pebble and Ogre are cards of the scenario that no zone holds: no refusal can be judged."""
    r = run_file(_write(tmp_path, HELD + "steps:\n  - " + step + "\n"), resolver)
    assert not r.ok
    assert field in r.message and ("is nowhere in the game" in r.message or "no monster card" in r.message), r.message


def test_inline_cards_go_through_the_card_schema(tmp_path):
    bad = BASE.replace("level: 1, treasures: 1}", "level: 1, treasures: 1, effects: {portal: {drw: 1}}}")
    r = run_file(_write(tmp_path, bad + "steps: []\n"), None)
    assert not r.ok and r.message.startswith(f"error: {tmp_path / 's.yaml'}:3: cards[0] (Goblin): effects.portal: "
                                             "`portal` is read on Portals only, not on a monster")
    assert "cards[0] (Goblin): effects.portal.drw: unknown key of portal" in r.message
    bad = BASE.replace("gold: 100}", "gold: '100'}")
    r = run_file(_write(tmp_path, bad), None)
    assert not r.ok and "cards[1] (Coin): gold: expected a whole number, got '100'" in r.message
    # a set file's field on an inline card: said so (not "did you mean" the very same name)
    bad = BASE.replace("level: 1, treasures: 1}", "level: 1, treasures: 1, provenance: designer}")
    r = run_file(_write(tmp_path, bad + "steps: []\n"), None)
    assert not r.ok and ("cards[0] (Goblin): provenance: not a field of a scenario card: the scenario file "
                         "is its source") in r.message, r.message
    assert "did you mean" not in r.message


@pytest.mark.parametrize("extra,fragment", [
    ('seed: "7"\n', "seed: expected a whole number, got '7'"),
    ("turn: true\n", "turn: expected a whole number, got true"),
    ("forced_dice: [7]\n", "forced_dice[0]: must be <= 6, got 7"),
    ("steps:\n  - {undo: 1.5}\n", "step 1.undo: expected a whole number, got 1.5"),
    ("steps:\n  - {actor: Ann, action: kick, dice: [0]}\n", "step 1.dice: a die shows 1..6, got 0"),
    ("steps:\n  - {actor: Ann, action: kick, expect_error: 3}\n", "step 1.expect_error: expected true or"),
    ("x: &a [*a]\n", "an anchor (&a) is not allowed"),
    ("name: \"bad\\x01\"\n", "control character U+0001 in the value"),
])
def test_values_are_type_checked_with_field_and_line(tmp_path, extra, fragment):
    r = run_file(_write(tmp_path, BASE + extra), None)
    assert not r.ok and fragment in r.message, r.message
    assert f"{tmp_path / 's.yaml'}:" in r.message


def test_player_values(tmp_path):
    bad = BASE.replace("- {name: Ann}", "- {name: Ann, level: 11, alive: 'no'}")
    r = run_file(_write(tmp_path, bad), None)
    assert "players[0].level: must be <= 10, got 11" in r.message
    assert "players[0].alive: expected true or false, got 'no'" in r.message


def test_run_file_never_raises_on_odd_files(tmp_path):
    for text in ("[1, 2]", "players: 3", "players: [{name: A}, {name: B}]\nsteps: {a: 1}",
                 "players: [{name: A}, {name: B}]\ncards: [7]", "game: solar_storm\nplayers: 5",
                 "game: solar_storm\nplayers: [A]\ngrid: 7", "a" * 10, "- - - -"):
        r = run_file(_write(tmp_path, text), None)
        assert not r.ok and r.message


# --------------------------------------------------------------------------- properties

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.integers(min_value=-2**80, max_value=2**80),
                     st.floats(), st.text(max_size=8),
                     st.sampled_from(["Ann", "Bob", "Goblin", "Coin", "kick", "fight", "door", "start", "\x01"]))
_values = st.recursive(_scalars, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                         st.dictionaries(st.text(max_size=6), inner, max_size=3)),
                       max_leaves=10)
_step = st.dictionaries(st.sampled_from(["actor", "action", "card", "target", "dice", "undo", "redo", "n",
                                         "expect", "expect_error", "treasures", "with", "text", "bogus"]),
                        _values, max_size=4)
_top = st.dictionaries(st.sampled_from(["seed", "turn", "active", "phase", "forced_dice", "options", "decks",
                                        "discards", "expect", "game", "name"]), _values, max_size=3)


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(doc=st.one_of(_values, _top))
def test_any_document_is_a_result_never_an_exception(tmp_path, doc):
    import yaml

    try:
        text = yaml.safe_dump(doc, allow_unicode=True)
    except yaml.YAMLError:
        return
    r = run_file(_write(tmp_path, text), lambda n: None)
    assert isinstance(r.ok, bool) and (r.ok or r.message)


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(top=_top, steps=st.lists(_step, max_size=3))
def test_any_values_on_a_real_position_are_a_result(tmp_path, top, steps):
    import yaml

    base = yaml.safe_load(BASE)
    doc = {**base, **top, "steps": steps}
    try:
        text = yaml.safe_dump(doc, allow_unicode=True)
    except yaml.YAMLError:
        return
    r = run_file(_write(tmp_path, text), lambda n: None)
    assert isinstance(r.ok, bool) and (r.ok or r.message)
    assert "Traceback" not in r.message


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(field=st.sampled_from(["seed", "turn"]), value=st.one_of(st.integers(), st.integers(-2**70, 2**70)))
def test_numbers_of_a_scenario_are_bounded(tmp_path, field, value):
    r = run_file(_write(tmp_path, BASE + f"{field}: {value}\nsteps: []\n"), lambda n: None)
    lo, hi = {"seed": (0, 2**64 - 1), "turn": (1, 100_000)}[field]
    if lo <= value <= hi:
        assert r.ok, r.message
    else:
        assert not r.ok and f"{field}: must be" in r.message


_IN_PLAY = ("race", "races", "class", "classes", "half_breed", "super_munchkin", "equipped", "carried",
            "curses", "hireling")


def _names(x):
    if isinstance(x, str):
        yield x.lower()
    elif isinstance(x, dict):
        for v in x.values():
            yield from _names(v)
    elif isinstance(x, list):
        for v in x:
            yield from _names(v)


def test_every_base_card_is_played_by_a_scenario():
    """Each card of the base set (database/sets/munchkin.yaml, names and aliases) is played from
    its set-file data by some scenario: named in a step, in play in front of a player, or the
    first Door card (the one kicked) - and not redefined by that scenario's own ``cards:``. A new
    base card comes with its scenario."""
    import yaml

    base = yaml.safe_load((Path(__file__).resolve().parents[2] / "database" / "sets" / "munchkin.yaml").read_text())
    names = {}
    for c in base["cards"]:
        for n in [c["name"]] + [a["name"] for a in c.get("aliases", [])]:
            names[n.lower()] = c["name"]
    played = set()
    for path in sorted((ROOT.parent).glob("*/*.yaml")):
        s = yaml.safe_load(path.read_text())
        own = {c["name"].lower() for c in s.get("cards") or [] if isinstance(c, dict) and "name" in c}
        hit = set(_names(s.get("steps") or []))
        for p in s.get("players") or []:
            if isinstance(p, dict):
                hit.update(_names([p.get(k) for k in _IN_PLAY if p.get(k)]))
        door = (s.get("decks") or {}).get("door") or []
        if door and isinstance(door[0], str):
            hit.add(door[0].lower())
        played |= {names[n] for n in hit - own if n in names}
    missing = sorted({c["name"] for c in base["cards"]} - played)
    assert not missing, f"base cards no scenario plays: {missing}"
