"""What a new user found on the deck command line (issue 17), through typer's CliRunner."""
from __future__ import annotations

import pytest
from typer.testing import CliRunner

from munchkin_lab.cli import app
from munchkin_lab.decks import Deck
from munchkin_lab.decks import cli as deck_cli

runner = CliRunner()


@pytest.fixture
def url(fresh_sqlite):
    return fresh_sqlite


def run(*args, url=None, input=None):
    return runner.invoke(app, ["deck", *args] + (["--url", url] if url else []), input=input)


def _names(url):
    from munchkin_lab.decks.store import list_decks

    return list(list_decks(url)["name"])


def test_deck_delete_asks_first(url, monkeypatch):
    assert run("new", "Keep", "--set", "munchkin", url=url).exit_code == 0
    monkeypatch.setattr(deck_cli, "_interactive", lambda: True)
    res = run("delete", "Keep", url=url, input="n\n")
    assert res.exit_code == 0 and "Delete deck 'Keep' (" in res.output and "nothing deleted" in res.output
    assert _names(url) == ["Keep"]
    res = run("delete", "Keep", url=url, input="\n")  # the default answer is no
    assert res.exit_code == 0 and _names(url) == ["Keep"]
    res = run("delete", "Keep", url=url, input="y\n")
    assert res.exit_code == 0 and "deleted deck 'Keep'" in res.output and _names(url) == []


def test_deck_delete_without_a_terminal_needs_yes(url):
    assert run("new", "Keep", url=url).exit_code == 0
    res = run("delete", "Keep", url=url, input="y\n")  # CliRunner's stdin is not a terminal
    assert res.exit_code == 1 and _names(url) == ["Keep"]
    assert "Error: not deleting deck 'Keep': no terminal to confirm on; pass --yes" in res.output
    res = run("delete", "Keep", "--yes", url=url)
    assert res.exit_code == 0 and "deleted deck 'Keep'" in res.output and _names(url) == []
    res = run("delete", "Keep", url=url)
    assert res.exit_code == 1 and "no deck named 'Keep'" in res.output


@pytest.mark.parametrize("argv,message", [
    (["simulate", "base", "--bogus"], "Error: No such option: --bogus"),
    (["compare"], "Error: Missing argument 'DECK_A' (see 'munchkin-lab compare --help')"),
    (["print"], "Error: Missing argument 'DECK_OR_QUERY' (see 'munchkin-lab print --help')"),
    (["deck", "nope"], "Error: No such command 'nope' (see 'munchkin-lab deck --help')"),
    (["--bogus"], "Error: No such option: --bogus (see 'munchkin-lab --help')"),
    (["play", "--players", "x"], "Error: Invalid value for '--players'"),
    (["simulate", "base", "--games", "99999999999999999999999"], "Error: --games must be at most 9223372036854775807, got 99999999999999999999999"),
    (["compare", "base", "base", "--games", "99999999999999999999999"], "Error: --games must be at most 9223372036854775807, got 99999999999999999999999"),
    (["simulate", "base", "--workers", "99999999999999999999"], "Error: --workers must be at most 512, got 99999999999999999999 (allowed: 1..512)"),
    (["simulate", "base", "--turn-cap", "99999999999999999999"], "Error: --turn-cap must be at most 100000, got 99999999999999999999 (allowed: 1..100000)"),
])
def test_usage_errors_are_one_plain_line_exit_2(argv, message):
    res = runner.invoke(app, argv, prog_name="munchkin-lab")
    assert res.exit_code == 2, res.output
    lines = res.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(message), res.output
    assert "╭" not in res.output and "│" not in res.output and "Traceback" not in res.output


MUNCHKIN_SEATS = "Error: --players: a Munchkin game seats 2 to 6 players (core rules, 2. Setting Up), got "
SOLAR_SEATS = ("Error: --players: a Solar Storm game seats 1 to 4 players (public summary: cooperative, solo play "
               "allowed), got ")


@pytest.mark.parametrize("argv,message", [
    (["--players", "9"], MUNCHKIN_SEATS + "9"),
    (["--players", "1"], MUNCHKIN_SEATS + "1"),
    (["--players", "0"], MUNCHKIN_SEATS + "0"),
    (["--players", "9", "--sets", "munchkin"], MUNCHKIN_SEATS + "9"),
    (["--players", "5", "--deck", "solar_storm"], SOLAR_SEATS + "5"),
    (["--players", "9", "--deck", "solar_storm"], SOLAR_SEATS + "9"),
    (["--players", "0", "--deck", "solar_storm"], SOLAR_SEATS + "0"),
    (["--players", "1", "--deck", "base"], MUNCHKIN_SEATS + "1"),
    (["--players", "7", "--deck", "base"], MUNCHKIN_SEATS + "7"),
])
def test_play_players_names_the_game(url, argv, message):
    """``play --players`` refuses a table size in the words of ``deck check`` and ``simulate``
    (one rule: decks.checks.seats_problem, with its source), naming the deck's game."""
    res = runner.invoke(app, ["play", *argv, "--url", url])
    assert res.exit_code == 2 and res.output.strip() == message, res.output


def test_play_players_help_is_deck_checks():
    """``play --help`` says what each game seats in ``deck check``'s words (PLAYERS_HELP)."""
    res = runner.invoke(app, ["play", "--help"], env={"COLUMNS": "200"})
    text = " ".join(res.output.replace("│", " ").split())
    assert "Munchkin decks: 2 to 6 (core rules: 3 to 6, two can play too; Scooby-Doo: 3 to 6)" in text, text
    assert "Solar Storm decks: 1 to 4" in text, text


@pytest.mark.parametrize("argv,message", [
    (["simulate", "solar_storm", "--players", "5"],
     "Error: --players: a Solar Storm game seats 1 to 4 players (public summary: cooperative, solo play allowed), got 5"),
    (["simulate", "base", "--players", "1"],
     "Error: --players: a Munchkin game seats 2 to 6 players (core rules, 2. Setting Up), got 1"),
])
def test_simulate_players_for_the_decks_game_is_a_usage_error(url, argv, message):
    """As the README says: a bad option exits 2, also when the range depends on the deck."""
    res = runner.invoke(app, [*argv, "--games", "1", "--no-progress", "--url", url])
    assert res.exit_code == 2 and res.output.strip() == message, res.output


def test_play_and_scenario_run_take_url(url, tmp_path):
    from pathlib import Path

    res = runner.invoke(app, ["play", "--url", url, "--quiet", "--tail", "0", "--seed", "3"])
    assert res.exit_code == 0 and res.output.startswith(("Winner:", "No winner")), res.output
    missing = f"sqlite:///{tmp_path / 'none' / 'x.sqlite'}"
    res = runner.invoke(app, ["play", "--url", missing])
    assert res.exit_code == 1 and "no card database at" in res.output and not (tmp_path / "none").exists()
    core = Path(__file__).resolve().parents[1] / "scenarios" / "core"
    one = sorted(core.glob("*.yaml"))[0]
    res = runner.invoke(app, ["scenario", "run", str(one), "--url", url])
    assert res.exit_code == 0 and "1 passed, 0 failed" in res.output, res.output
    res = runner.invoke(app, ["scenario", "run", str(one), "--url", missing])
    assert res.exit_code == 1 and res.output.count("Error:") == 1 and "PASS" not in res.output


def test_add_and_remove_say_the_copies_and_names(url):
    assert run("new", "Mix", "--preset", "base", url=url).exit_code == 0
    res = run("add", "Mix", "Elf", "--copies", "97", url=url)
    assert res.exit_code == 0 and res.output.startswith("added 97 copies of Elf [munchkin]; deck now 265 cards")
    res = run("add", "Mix", "tag:ghost", "--copies", "2", url=url)
    assert res.output.startswith("added 2 copies each of 2 cards: Snow Ghost [scooby_doo], Ghost Clown [scooby_doo]")
    res = run("add", "Mix", "Potted Plant", url=url)
    assert res.output.startswith("added 1 card: Potted Plant [munchkin]; deck now 270 cards")
    res = run("remove", "Mix", "Dwarf", "--copies", "1", url=url)
    assert res.exit_code == 0 and res.output.startswith("removed 1 copy of Dwarf [munchkin] (2 left); deck now 269")
    res = run("remove", "Mix", "Elf", url=url)
    assert res.output.startswith("removed 100 copies of Elf [munchkin]; deck now 169 cards")
    assert Deck.load("Mix", url=url).copies("munchkin:Elf") == 0


def test_add_refuses_an_unknown_pile(url):
    assert run("new", "Mix", "--preset", "base", url=url).exit_code == 0
    before = Deck.load("Mix", url=url)
    res = run("add", "Mix", "Elf", "--pile", "bogus", url=url)
    assert res.exit_code == 2 and res.output.startswith("Error: --pile 'bogus' is not a draw pile; piles: door,")
    res = run("add", "Mix", "Elf", "--pile", "dor", url=url)
    assert res.exit_code == 2 and "did you mean 'door'?" in res.output
    assert Deck.load("Mix", url=url) == before
    res = run("add", "Mix", "Potted Plant", "--pile", "door_top", url=url)
    assert res.exit_code == 0 and "in pile 'door_top'" in res.output
    assert Deck.load("Mix", url=url).entries["munchkin:Potted Plant"].pile == "door_top"


def test_show_and_stats_print_dashes_and_percentages(url):
    assert run("new", "Mix", "--preset", "base", url=url).exit_code == 0
    show = run("show", "Mix", url=url).output
    assert "<NA>" not in show
    dwarf = next(line for line in show.splitlines() if " Dwarf " in line).split()
    assert dwarf == ["munchkin", "Dwarf", "race", "door", "3", "-", "-", "-"]
    stats = run("stats", "Mix", url=url).output
    assert "<NA>" not in stats
    door = next(line for line in stats.splitlines() if line.startswith("door ")).split()
    deck = Deck.load("Mix", url=url)
    doors = sum(e.copies for k, e in deck.entries.items() if deck.catalog.spec(k).deck == "door")
    assert door == ["door", str(doors), door[2], f"{doors / deck.size:.1%}"]
    kick = next(line for line in stats.splitlines() if "kick shows a monster" in line)
    assert kick.rstrip().endswith("%")


def test_a_preset_description_is_replaced_once_the_deck_changes(url, tmp_path):
    assert run("new", "Mix", "--preset", "base", url=url).exit_code == 0
    base = Deck.load("Mix", url=url).description
    assert "every card of the munchkin set" in base
    assert run("add", "Mix", "tag:ghost", url=url).exit_code == 0
    out = tmp_path / "mix.txt"
    assert run("export", "Mix", str(out), url=url).exit_code == 0
    text = out.read_text(encoding="utf-8")
    assert "every card of the munchkin set" not in text and "based on preset 'base', changed since" in text
    assert run("new", "Own", "--preset", "base", "--description", "my own words", url=url).exit_code == 0
    assert run("add", "Own", "tag:ghost", url=url).exit_code == 0
    assert Deck.load("Own", url=url).description == "my own words"
    assert run("new", "Plus", "--preset", "base", "--set", "fairy_dust", url=url).exit_code == 0
    assert Deck.load("Plus", url=url).description == "based on preset 'base', changed since"
