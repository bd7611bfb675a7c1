"""A new designer's CLI findings: rules modules' options from the command line and deck files
(``fairy_dust.fairy_level=12``), one line for a saved deck's warnings, ``--url`` in the
``db build`` advice, every problem of a deck file with a syntax error, rounded means."""
from __future__ import annotations

import pytest
from typer.testing import CliRunner

from munchkin_lab.cli import app
from munchkin_lab.decks import Deck
from munchkin_lab.decks.catalog import DeckError
from munchkin_lab.decks.files import DeckFileError, parse_text, read_deck
from munchkin_lab.decks.model import format_option_value, option_value, parse_option

runner = CliRunner()

TYPO = ("No such option: fairy_dust.fairy_levl (did you mean fairy_dust.fairy_level?); options of the fairy_dust "
        "rules module: fairy_dust.fairy_top, fairy_dust.top_n, fairy_dust.fairy_level, fairy_dust.fairy_treasures")


def ml(*args, url, code=0):
    res = runner.invoke(app, [*args, "--url", url])
    assert res.exit_code == code, (args, res.output, res.exception)
    return res


# ------------------------------------------------------------------ module options
def test_option_words_read_back_as_written():
    assert parse_option("faster_play") == ("faster_play", True)
    assert parse_option("fairy_dust.fairy_level=12") == ("fairy_dust.fairy_level", 12)
    assert parse_option("fairy_dust.fairy_level = none") == ("fairy_dust.fairy_level", None)
    assert parse_option("rooms.bug_900=yes") == ("rooms.bug_900", True)
    assert parse_option('scooby_doo.start_dungeon="Drive-In Movie Theater"') == \
        ("scooby_doo.start_dungeon", "Drive-In Movie Theater")
    for v in (True, False, None, 12, -3, "Drive-In Movie Theater", "12", 'say "hi"'):
        assert option_value(format_option_value(v)) == v


def test_deck_new_sets_a_module_option_and_names_the_right_form(fresh_sqlite):
    url = fresh_sqlite
    # a bad option is a usage error (exit 2), its name or its value alike, the message naming it
    bad = "Error: Invalid value for '--option' / '-o': "
    res = ml("deck", "new", "Fairy test", "--preset", "base_fairy_dust", "--option", "fairy_level=12", url=url, code=2)
    assert res.output.strip() == (f"{bad}'fairy_level' is an option of the fairy_dust rules module: write it "
                                  "fairy_dust.fairy_level=12")
    res = ml("deck", "new", "Fairy test", "--preset", "base_fairy_dust", "--option", "fairy_dust.fairy_levl=12",
             url=url, code=2)
    assert res.output.strip() == f"{bad}{TYPO}"
    res = ml("deck", "new", "Fairy test", "--preset", "base_fairy_dust", "--option", "fairy_dust.fairy_level=x",
             url=url, code=2)
    assert res.output.strip() == f"{bad}option fairy_dust.fairy_level takes a Level from 0 to 100, or none, got 'x'"
    # numbers the game can mean (the card files' ranges), values spelled as YAML writes them
    for opt, words, got in (("fairy_dust.fairy_level=-3", "a Level from 0 to 100, or none", "-3"),
                            ("fairy_dust.fairy_level=101", "a Level from 0 to 100, or none", "101"),
                            ("fairy_dust.fairy_level=true", "a Level from 0 to 100, or none", "true"),
                            ("fairy_dust.top_n=0", "a number of cards from 1 to 100", "0"),
                            ("fairy_dust.fairy_treasures=-2", "a number of Treasures from 0 to 20", "-2"),
                            ("fairy_dust.fairy_treasures=1000000", "a number of Treasures from 0 to 20", "1000000")):
        res = ml("deck", "new", "Fairy test", "--preset", "base_fairy_dust", "--option", opt, url=url, code=2)
        assert res.output.strip() == f"{bad}option {opt.split('=')[0]} takes {words}, got {got}", opt
    res = ml("deck", "new", "Fairy test", "--preset", "base_fairy_dust", "--option", "fairy_dust.fairy_level=12",
             "--option", "faster_play", url=url)
    deck = Deck.load("Fairy test", url=url)
    assert deck.options["fairy_dust.fairy_level"] == 12 and deck.options["faster_play"] is True
    go = deck.game_options()
    assert go.module_options == {"fairy_dust": {"fairy_level": 12}} and go.faster_play
    g = deck.new_game(3, seed=1)
    fairy = next(m for m in g.modules if m.name == "fairy_dust")
    assert fairy.opt(g, "fairy_level") == 12
    assert "options: faster_play, fairy_dust.fairy_level=12" in ml("deck", "show", "Fairy test", url=url).stdout
    text = ml("deck", "show", "Fairy test", "--format", "text", url=url).stdout
    assert "\noptions: faster_play, fairy_dust.fairy_level=12\n" in text
    # the option travels with the deck file: export -> import gives it back
    again = parse_text(text, catalog=deck.catalog)
    assert again == deck and again.options["fairy_dust.fairy_level"] == 12
    res = ml("deck", "option", "Fairy test", "fairy_dust.fairy_level=none", "faster_play=false", url=url)
    assert res.stdout.strip() == "deck 'Fairy test': options: none"
    assert "fairy_dust.fairy_level" not in Deck.load("Fairy test", url=url).options


def test_a_deck_file_options_line_takes_module_options(real_catalog, tmp_path):
    text = "name: F\noptions: faster_play, fairy_dust.fairy_level=6, rooms.bug_900=true\n\n3 Potted Plant [munchkin]\n"
    deck = parse_text(text, catalog=real_catalog)
    assert deck.module_options == {"fairy_dust": {"fairy_level": 6}, "rooms": {"bug_900": True}}
    y = deck.to_yaml()
    assert "fairy_dust.fairy_level: 6" in y
    p = tmp_path / "f.yaml"
    p.write_text(y, encoding="utf-8")
    assert read_deck(p, catalog=real_catalog) == deck
    with pytest.raises(DeckFileError) as info:
        parse_text("name: F\noptions: fairy_dust.fairy_levl=6\n\n3 Potted Plant [munchkin]\n", catalog=real_catalog)
    assert [str(p) for p in info.value.problems] == [f"line 2: {TYPO}"]
    with pytest.raises(DeckFileError) as info:
        parse_text("name: F\noptions: fairy_level\n\n3 Potted Plant [munchkin]\n", catalog=real_catalog)
    assert [str(p) for p in info.value.problems] == [
        "line 2: 'fairy_level' is an option of the fairy_dust rules module: write it fairy_dust.fairy_level=VALUE"]


def test_game_new_refuses_a_mistyped_module_option(real_catalog):
    from munchkin_lab.engine import Game, GameOptions

    deck = Deck("x", catalog=real_catalog)
    deck.add_set("munchkin")
    with pytest.raises(ValueError) as info:
        Game.new(3, deck=deck.specs(), options=GameOptions(module_options={"fairy_dust": {"fairy_levl": 3}}))
    assert str(info.value) == TYPO
    with pytest.raises(ValueError, match=r"^module_options: no rules module 'fairy_dusst' \(did you mean "
                                         r"fairy_dust\?\); modules with options: fairy_dust, rooms, scooby_doo$"):
        Game.new(3, deck=deck.specs(), options=GameOptions(module_options={"fairy_dusst": {}}))
    with pytest.raises(DeckError, match="unknown game option 'faster_ply' \\(did you mean faster_play\\?\\)"):
        deck.set_option("faster_ply", True)


def test_simulate_plays_the_deck_with_its_module_options(fresh_sqlite, tmp_path):
    from munchkin_lab.sim import SimResult

    url = fresh_sqlite
    ml("deck", "new", "F", "--preset", "base_fairy_dust", "--option", "fairy_dust.fairy_level=12", url=url)
    out = tmp_path / "r.json"
    res = ml("simulate", "F", "--games", "2", "--players", "3", "--workers", "1", "--no-progress", "--out", str(out),
             url=url)
    assert "unknown-level" not in res.stderr  # her Level is set: she did not play at Level 0
    r = SimResult.load(out, check_deck=False)
    assert r.config["options"]["module_options"] == {"fairy_dust": {"fairy_level": 12}}


# ------------------------------------------------------------------ warnings after a save
def test_deck_add_and_import_say_warnings_in_one_line(fresh_sqlite, tmp_path):
    url = fresh_sqlite
    res = ml("deck", "new", "F", "--preset", "base_fairy_dust", url=url)
    line = (f"Note: deck 'F': 1 warning from its checks (unknown-level): run `munchkin-lab deck check 'F' --url "
            f"{url}` to see them")
    assert res.stderr.splitlines() == [line]
    res = ml("deck", "add", "F", "Potted Plant", url=url)
    assert res.stderr.splitlines()[-1] == line.replace("1 warning", "2 warnings").replace(
        "(unknown-level)", "(unknown-level, printed-copies)")
    p = tmp_path / "F.txt"
    p.write_text(Deck.load("F", url=url).to_text(), encoding="utf-8")
    res = ml("deck", "import", str(p), "--name", "G", url=url)
    assert res.stderr.splitlines() == [line.replace("'F'", "'G'").replace("1 warning", "2 warnings").replace(
        "(unknown-level)", "(unknown-level, printed-copies)")]
    # the warning itself names the command-line, deck-file and Python forms
    check = ml("deck", "check", "G", url=url).stdout
    assert ("set her Level with the Fairy Dust rules' option fairy_dust.fairy_level=N (`munchkin-lab deck option "
            "DECK fairy_dust.fairy_level=N`, or on a deck file's options: line; in Python "
            "GameOptions(module_options={'fairy_dust': {'fairy_level': N}}))") in check


# ------------------------------------------------------------------ db build advice
def test_the_db_build_advice_keeps_the_url(tmp_path):
    other = f"sqlite:///{tmp_path / 'other.sqlite'}"
    (tmp_path / "x.txt").write_text("name: X\n3 Potted Plant [munchkin]\n", encoding="utf-8")
    res = ml("deck", "import", str(tmp_path / "x.txt"), url=other, code=1)
    assert f"run `munchkin-lab db build --url {other}` first" in res.output
    res = ml("deck", "list", url=other, code=1)
    assert f"run `munchkin-lab db build --url {other}` first" in res.output


def test_the_db_build_advice_without_url_when_none_is_needed():
    from munchkin_lab import config

    assert config.build_command(None) == "munchkin-lab db build"
    assert config.build_command(config.database_url(None)) == "munchkin-lab db build"
    assert config.build_command("sqlite:////tmp/a b.sqlite") == "munchkin-lab db build --url 'sqlite:////tmp/a b.sqlite'"
    assert config.build_command("postgresql://u:secret@h/db") == "munchkin-lab db build --url 'postgresql://u:***@h/db'"


# ------------------------------------------------------------------ deck file syntax errors
def test_a_syntax_error_does_not_hide_the_other_lines_problems(real_catalog):
    text = ("name: Bad one\noptions: faster_play\n\n[munchkin]\n3 Potted Plant\n0 Goblin Bob\n2 Plutonium Dragn\n"
            "abc\n1 Potted Plant\n[nosuchset]\n1 Thing\nx Potted Plant\n]oops\n")
    with pytest.raises(DeckFileError) as info:
        parse_text(text, catalog=real_catalog)
    got = [str(p) for p in info.value.problems]
    assert [p.line for p in info.value.problems] == [6, 6, 7, 8, 10, 12, 13]
    assert got[0] == "line 6: copies must be at least 1, got 0"
    assert got[3] == "line 8: a card line is COUNT NAME (e.g. `2 Potted Plant`); got 'abc'"
    assert got[5] == "line 12: a card line is COUNT NAME (e.g. `2 Potted Plant`); got 'x Potted Plant'"
    assert got[6].startswith("line 13: unexpected ")


@pytest.mark.parametrize("line,written", [("Potted Plant", "Potted Plant"), ("abc", "abc"), ("3", "3"),
                                          ("Potted Plant [munchkin]  # my plant", "Potted Plant [munchkin]")])
def test_a_card_line_without_its_count_gets_one_clear_problem(real_catalog, line, written):
    """New-user finding: `Potted Plant` alone gave "copies must be a whole number, got 'Potted'"
    and "unknown card 'Plant'", `abc` "unexpected end of line; expected a card name": one
    problem a line now says what a card line is (the lark grammar unchanged)."""
    with pytest.raises(DeckFileError) as info:
        parse_text(f"name: No count\n2 Potted Plant\n{line}\n", catalog=real_catalog)
    assert [str(p) for p in info.value.problems] == [
        f"line 3: a card line is COUNT NAME (e.g. `2 Potted Plant`); got {written!r}"]
    with pytest.raises(DeckFileError) as info:  # a count that is a number gone wrong keeps its own message
        parse_text("name: Bad count\n2.5 Potted Plant\n", catalog=real_catalog)
    assert [str(p) for p in info.value.problems] == ["line 2: copies must be a whole number, got '2.5'"]


# ------------------------------------------------------------------ deck stats
def test_deck_stats_rounds_the_mean_treasures(fresh_sqlite):
    from munchkin_lab.decks import stats
    from munchkin_lab.decks.presets import load_preset

    out = ml("deck", "stats", "preset:base", url=fresh_sqlite).stdout
    curve = stats.level_curve(load_preset("base", url=fresh_sqlite))
    block = out.split("-- monster level curve")[1].split("\n\n")[0]
    rows = [line.split() for line in block.splitlines()[1:] if line.strip() and line.split()[0].isdigit()]
    assert [int(r[0]) for r in rows] == list(curve.index)
    means = [r[-1] for r in rows]
    assert means == ["-" if v != v else f"{v:.2f}" for v in curve["mean_treasures"]]


def test_a_designer_monster_without_a_level_is_not_called_unknown_in_our_sources(fresh_sqlite):
    """unknown-level on a designer's own monster (new-user finding): no source to be unknown
    in, a field left empty: the warning says to give it a Level, not to play a designer copy."""
    url = fresh_sqlite
    ml("set", "new", "my_fan", "My Fan Set", url=url)
    ml("cards", "add", "my_fan", "{name: Shy Blob, kind: monster, deck: door, treasures: 1}", url=url)
    ml("deck", "new", "F", "--preset", "base", url=url)
    ml("deck", "add", "F", "Shy Blob", url=url)
    res = ml("deck", "check", "F", url=url)
    line = next(x for x in res.stdout.splitlines() if "Shy Blob" in x)
    assert "this designer monster has no Level: the engine and the simulation play it at Level 0" in line
    assert "[unknown-level;" in line
    msg = line.split(" [unknown-level;")[0]
    assert "give it a Level" in msg and "unknown" not in msg and "designer copy" not in msg
