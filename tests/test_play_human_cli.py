"""``munchkin-lab play --human K``: a person plays seat K at the terminal (the log as it
happens, the seat's choices numbered, ``q`` stops); the other seats stay bots."""
from __future__ import annotations

import builtins
from pathlib import Path

import pytest
from typer.testing import CliRunner

from munchkin_lab.cli import app

runner = CliRunner()


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path, monkeypatch):
    """A human game journals to the current folder: each test in its own."""
    monkeypatch.chdir(tmp_path)


def test_q_stops_at_the_first_decision_of_the_human_seat():
    res = runner.invoke(app, ["play", "--human", "1", "--seed", "3"], input="q\n")
    assert res.exit_code == 0, res.output
    assert "== P1 may play a Race, a Class and Items, then say ready" in res.output
    assert "   1. Ready: end my setup" in res.output
    journal = next(Path.cwd().glob("play-*.journal.jsonl"))
    assert res.output.rstrip().endswith(f"Stopped by you in turn 1, after 0 actions. The game is kept in "
                                        f"{journal}: go on with `munchkin-lab play --resume {journal}`.")


def test_a_whole_short_game_with_a_human_prints_each_log_line_once():
    res = runner.invoke(app, ["play", "--human", "2", "--seed", "5", "--max-turns", "4"], input="1\n" * 3000)
    assert res.exit_code == 0, res.output
    out = res.output.splitlines()
    assert out[-1].startswith(("Winner:", "No winner (turn limit) after 4 turns"))
    for t in range(1, 5):
        assert sum(line.startswith(f"[t{t}] Turn {t}: ") for line in out) == 1, t
    assert any(line.startswith("== P2 ") for line in out)
    assert not any(line.startswith("== P1 ") for line in out)  # P1, P3, P4 are bots


def test_bad_answers_are_asked_again_and_the_end_of_the_input_stops():
    res = runner.invoke(app, ["play", "--human", "1", "--seed", "3"], input="abc\n99\nl\n")
    assert res.exit_code == 0, res.output
    assert "Type a number from 1 to" in res.output and "(got 'abc')" in res.output and "(got '99')" in res.output
    assert res.output.count("   1. Ready: end my setup") == 2  # l lists the choices again
    assert "The input ended, so the game stopped in turn 1" in res.output and "Stopped by you" not in res.output


def test_piped_input_that_runs_out_says_the_input_ended_not_stopped_by_you():
    """New-user finding: piped answers that ran out were reported as "Stopped by you", as if
    q had been typed. The end of the input now says so; q still is the player's stop."""
    ended = runner.invoke(app, ["play", "--human", "1", "--seed", "3"], input="")
    assert ended.exit_code == 0, ended.output
    journal = next(Path.cwd().glob("play-*.journal.jsonl"))
    assert ended.output.rstrip().endswith(f"The input ended, so the game stopped in turn 1, after 0 actions. The game "
                                          f"is kept in {journal}: go on with `munchkin-lab play --resume {journal}`.")
    assert "Stopped by you" not in ended.output
    journal.unlink()
    typed = runner.invoke(app, ["play", "--human", "1", "--seed", "3"], input="q\n")
    assert "Stopped by you in turn 1, after 0 actions." in typed.output and "input ended" not in typed.output


def test_a_seat_outside_the_table_is_a_usage_error():
    res = runner.invoke(app, ["play", "--human", "5", "--players", "4"])
    assert res.exit_code == 2
    assert "--human 5: seats count from 1 (P1) to 4 (P4) with --players 4" in res.output


def test_a_solar_storm_seat_gets_its_choices_too():
    res = runner.invoke(app, ["play", "--deck", "solar_storm", "--players", "2", "--human", "1"], input="1\nq\n")
    assert res.exit_code == 0, res.output
    assert "== " in res.output and "   1. " in res.output and "Stopped by you in turn 1" in res.output


def test_a_stopped_game_goes_on_from_its_journal_with_the_same_human_seat():
    res = runner.invoke(app, ["play", "--human", "2", "--seed", "4"], input="1\n1\nq\n")
    assert res.exit_code == 0, res.output
    journal = next(Path.cwd().glob("play-*.journal.jsonl"))
    from munchkin_lab.widgets.journal import Journal

    g, meta = Journal.replay(journal)
    assert meta["seats"] == ["greedy", "human", "greedy", "greedy"] and len(g.actions) > 2
    before = len(g.actions)
    res = runner.invoke(app, ["play", "--resume", str(journal)], input="1\nq\n")
    assert res.exit_code == 0, res.output
    assert "== P2 " in res.output and "Stopped by you" in res.output
    g2, _meta = Journal.replay(journal)  # the resumed game went on in the same journal
    assert [str(a) for a in g2.actions[:before]] == [str(a) for a in g.actions] and len(g2.actions) > before
    # the stop counts the whole game's actions, not this session's only
    assert f"after {len(g2.actions)} actions." in res.output, res.output
    assert runner.invoke(app, ["play", "--resume", str(journal), "--deck", "base"]).exit_code == 2


def test_ctrl_c_at_the_prompt_exits_130_and_says_where_the_game_is(monkeypatch):
    def interrupt(_prompt):
        raise KeyboardInterrupt

    monkeypatch.setattr(builtins, "input", interrupt)
    res = runner.invoke(app, ["play", "--human", "1", "--seed", "3"])
    assert res.exit_code == 130, res.output
    journal = next(Path.cwd().glob("play-*.journal.jsonl"))
    assert f"Interrupted: {journal} was written; go on with: munchkin-lab play --resume {journal}." in res.output


def test_the_choices_name_what_differs_and_the_situation_is_shown():
    from munchkin_lab.play_cli import _distinct, _situation

    acts, labels = _distinct(["a", "b", "c"], ["Curse P2 with X", "Curse P2 with X", "Use Halfling (with Elf)"])
    assert acts == ["a", "c"] and labels == ["Curse P2 with X", "Use Halfling (with Elf)"]
    sd = {"players": [{"seat": 0, "name": "P1", "level": 3, "race": "Elf", "class": None, "equipped_list": ["Buckler"],
                       "carried": [], "hireling": "Hireling", "curses": ["Chicken On Your Head"], "hand": []},
                      {"seat": 1, "name": "P2"}],
          "combat": {"fighter": 1, "helper": 0, "monsters": [{"name": "Orc", "level": 7, "strength": 9}],
                     "munchkin_strength": 8, "monster_strength": 9, "treasures": 2}}
    assert _situation(sd, 0) == [
        # what each number is (a new user read "Orc (9) (9)" as nothing)
        "Combat: P2 and P1 (combat strength 8 together) against Orc (Level 7, combat strength 9); "
        "2 Treasures at stake",
        "You (P1): Level 3, Elf, no Class; in play: Buckler, Hireling Hireling; Curses on you: Chicken On Your Head",
        "Hand: empty"]


def test_the_combat_line_says_what_each_number_is():
    """One fighter against a monster of unknown Level (the Sparkly Good Fairy) whose side has
    a bonus; two monsters, each with its own numbers and the side's together; none left."""
    from munchkin_lab.play_cli import combat_line

    nm = {3: "P4"}
    fairy = {"fighter": 3, "helper": None, "monsters": [{"name": "Sparkly Good Fairy", "level": None, "strength": 0}],
             "munchkin_strength": 2, "monster_strength": 5, "treasures": 2}
    assert combat_line(fairy, nm) == ("Combat: P4 (combat strength 2) against Sparkly Good Fairy (Level unknown, "
                                      "combat strength 5); 2 Treasures at stake")
    two = {**fairy, "monsters": [{"name": "Orc", "level": 4, "strength": 4}, {"name": "Troll", "level": 10,
                                                                              "strength": 13}],
           "monster_strength": 17, "treasures": 5}
    assert combat_line(two, nm) == ("Combat: P4 (combat strength 2) against Orc (Level 4, combat strength 4) and "
                                    "Troll (Level 10, combat strength 13): combat strength 17 together; "
                                    "5 Treasures at stake")
    assert combat_line({**fairy, "monsters": [], "monster_strength": 0, "treasures": 1}, nm) == (
        "Combat: P4 (combat strength 2) against no monster left; 1 Treasure at stake")


def test_two_human_seats_hand_the_terminal_over_with_the_last_hand_hidden():
    """P1 and P2 at one terminal: after P1's choice their cards scroll away (HIDE_LINES blank
    lines) and P2 presses Enter before seeing the choices; a lone human seat gets no pause."""
    from munchkin_lab.play_cli import HIDE_LINES

    res = runner.invoke(app, ["play", "--human", "1", "--human", "2", "--seed", "3", "--players", "3"],
                        input="1\n\n1\nq\n")
    assert res.exit_code == 0, res.output
    out = res.output.splitlines()
    p1 = next(i for i, line in enumerate(out) if line.startswith("   Hand: ") and i > out.index("== P1 may play a Race, "
                                                                                              "a Class and Items, then say ready"))
    hidden = out.index("-- P1's cards are hidden. Pass the terminal to P2. --")
    # (the first blank line ends the line of the prompt answered)
    assert p1 < hidden and out[hidden - HIDE_LINES + 1:hidden] == [""] * (HIDE_LINES - 1)
    assert out[hidden + 1].startswith("P2: press Enter to see your cards (q: stop): ")
    assert out.index("== P2 may play a Race, a Class and Items, then say ready") > hidden
    assert "-- P2's cards are hidden. Pass the terminal to P1. --" in out  # q at that pause stops
    assert out[-1].startswith("P1: press Enter to see your cards (q: stop): Stopped by you in turn 1, after 3 actions.")
    solo = runner.invoke(app, ["play", "--human", "2", "--seed", "5", "--max-turns", "2"], input="1\n" * 500)
    assert solo.exit_code == 0 and "Pass the terminal" not in solo.output and "\n" * HIDE_LINES not in solo.output


def test_the_end_of_the_input_at_a_hand_over_stops_the_game():
    res = runner.invoke(app, ["play", "--human", "1", "--human", "2", "--seed", "3", "--players", "3"], input="1\n")
    assert res.exit_code == 0, res.output
    assert "Pass the terminal to P2" in res.output and "== P2 " not in res.output
    assert "The input ended, so the game stopped in turn 1, after 1 action." in res.output


def test_a_saved_game_of_the_board_goes_on_in_a_new_journal(tmp_path):
    """New-user finding: ``play --resume`` given a board's saved game (``*.game.json``) said
    the journal's header line was torn. A saved game goes on from its position, with its
    own seats, in a new journal; the save is left as it was."""
    from munchkin_lab.engine import Game
    from munchkin_lab.widgets import Board
    from munchkin_lab.widgets.journal import Journal

    board = Board(Game.new(players=3, seed=4), seats=["human", "greedy", "greedy"], folder=tmp_path,
                  journal=False)
    save = board.save_game("ok1")
    text = save.read_text()
    res = runner.invoke(app, ["play", "--resume", str(save)], input="q\n")
    assert res.exit_code == 0, res.output
    assert "torn" not in res.output
    journal = next(Path.cwd().glob("play-*.journal.jsonl"))
    assert f"{save} is a saved game: it goes on from its saved position in a new journal, {journal}" in res.output
    assert "== P1 " in res.output and "Stopped by you" in res.output
    assert save.read_text() == text
    g, meta = Journal.replay(journal)
    assert meta["seats"] == ["human", "greedy", "greedy"] and g.state_dict() == board.game.state_dict()
    # a save with no human seat: say how to name one, as for a journal
    board.seats = ["greedy"] * 3
    save2 = board.save_game("bots")
    res = runner.invoke(app, ["play", "--resume", str(save2)])
    assert res.exit_code == 2 and "has no human seat (a saved game): name yours with --human K" in res.output


@pytest.mark.parametrize("text, what", [
    ("hello world", "its first line is not JSON"),              # no newline: once read as a torn header
    ("name,level\nFen Wisp,3\n", "its first line is not JSON"),
    ('{"cards": []}\n', "its first line is JSON without a journal's 'format'"),
])
def test_a_file_that_is_no_journal_nor_save_is_said_so(tmp_path, text, what):
    """New-user finding: a file that is neither a journal nor a saved game given to
    ``play --resume`` got the torn-journal message. It is said to be neither, with what
    ``--resume`` takes; a journal whose header was really cut short keeps its message."""
    other = tmp_path / "notes.txt"
    other.write_text(text)
    res = runner.invoke(app, ["play", "--resume", str(other)])
    assert res.exit_code == 1
    assert "torn" not in res.output
    assert (f"Error: {other} is neither a munchkin-lab journal nor a saved game ({what}): --resume goes on with a "
            "play-*.journal.jsonl that `play` wrote, a board's *.journal.jsonl, or a saved game (*.game.json)") \
        in res.output
    cut = tmp_path / "cut.journal.jsonl"
    cut.write_text('{"format": "munchkin-lab-journal/1", "game": "{\\"form')
    res = runner.invoke(app, ["play", "--resume", str(cut)])
    assert res.exit_code == 1 and "cut.journal.jsonl:1: the header line is incomplete (torn)" in res.output


def _stopped_journal(tmp_path) -> Path:
    res = runner.invoke(app, ["play", "--human", "1", "--seed", "4"], input="1\nq\n")
    assert res.exit_code == 0, res.output
    journal = tmp_path / "g4.journal.jsonl"
    next(Path.cwd().glob("play-*.journal.jsonl")).rename(journal)
    return journal


def test_a_journal_in_use_by_another_session_is_left_to_it_and_this_game_has_its_own(tmp_path):
    """New-user finding: two ``play --resume J`` at once; the second must not write into (nor
    claim to be kept in) the journal the first one holds: as a board of another kernel, it
    goes on in a journal of its own and says so at the start and at the stop."""
    import subprocess
    import sys

    from munchkin_lab.widgets.journal import Journal

    journal = _stopped_journal(tmp_path)
    before = journal.read_bytes()
    holder = subprocess.Popen([sys.executable, "-c", "import fcntl, sys\nf = open(sys.argv[1], 'ab')\n"
                               "fcntl.flock(f, fcntl.LOCK_EX)\nprint('held', flush=True)\nsys.stdin.read()",
                               str(journal)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"  # the other session holds the journal now
        res = runner.invoke(app, ["play", "--resume", str(journal)], input="1\n1\n1\nq\n")
    finally:
        holder.communicate("")
    assert res.exit_code == 0, res.output
    own = [p for p in tmp_path.glob("g4-*.journal.jsonl")]
    assert len(own) == 1, list(tmp_path.iterdir())
    assert (f"{journal} is in use by another session (a play --resume or a board): this game goes on in its own "
            f"journal, {own[0]} ({journal} is left to the other session).") in res.output
    assert res.output.rstrip().endswith(f"The game is kept in {own[0]}: go on with `munchkin-lab play --resume "
                                        f"{own[0]}`.")
    assert journal.read_bytes() == before  # the other session's file is untouched
    g, _ = Journal.replay(journal)
    g2, _ = Journal.replay(own[0])  # this session's moves are in its own file
    assert len(g2.actions) > len(g.actions)
    assert [str(a) for a in g2.actions[:len(g.actions)]] == [str(a) for a in g.actions]
    assert f"after {len(g2.actions)} actions." in res.output


def test_the_stop_never_claims_a_journal_that_another_program_replaced(tmp_path, monkeypatch):
    """The journal's file replaced under a running session (another program): the stop says the
    game is not kept there instead of pointing at a file that holds another game."""
    from munchkin_lab.fileio import atomic_write_bytes
    from munchkin_lab.widgets.journal import Journal

    journal = _stopped_journal(tmp_path)
    other = journal.read_bytes()
    real = Journal.append

    def append(self, entries):
        if self.path == journal and journal.read_bytes() != other:
            atomic_write_bytes(journal, other)  # another program puts its file at that name
        real(self, entries)

    monkeypatch.setattr(Journal, "append", append)
    res = runner.invoke(app, ["play", "--resume", str(journal)], input="1\n1\nq\n")
    assert res.exit_code == 0, res.output
    assert res.output.rstrip().endswith(f"The game is not kept: {journal} is no longer this game's journal "
                                        "(removed or replaced by another program).")
    assert "The game is kept in" not in res.output


def test_the_resume_hint_quotes_a_path_with_spaces(tmp_path, monkeypatch):
    folder = tmp_path / "bö ard dir"
    folder.mkdir()
    monkeypatch.chdir(folder)
    res = runner.invoke(app, ["play", "--human", "1", "--seed", "3"], input="q\n")
    assert res.exit_code == 0, res.output
    journal = next(folder.glob("play-*.journal.jsonl"))
    assert res.output.rstrip().endswith(f"The game is kept in {journal}: go on with `munchkin-lab play --resume "
                                        f"'{journal}'`.")

    def interrupt(_prompt):
        raise KeyboardInterrupt

    monkeypatch.setattr(builtins, "input", interrupt)
    res = runner.invoke(app, ["play", "--resume", str(journal)])
    assert res.exit_code == 130, res.output
    assert f"go on with: munchkin-lab play --resume '{journal}'." in res.output
