"""The play screen without a browser: every control through clicks, messages and widget values."""
from __future__ import annotations

import html

import re

import pytest
from widget_helpers import pass_setup, strip_token

from munchkin_lab.widgets import Board, JournalError
from munchkin_lab.widgets.board import MAIN_KINDS


def test_screen_shows_status_table_actions_focus_and_story(board):
    html = board.table.html
    assert html.count('data-seat=') == 4 and 'class="mlab-screen"' in html
    status = re.search(r'data-testid="status".*?</div>', html).group(0)
    assert "Turn 1" in status and "P1&#x27;s turn" in status and "Setup" in status
    assert "P1 may play a Race, a Class and Items, then say ready" in status
    assert "DOOR \u00d7" in html and "TREASURE \u00d7" in html  # hidden hands: backs that say so
    assert "door: " in html and "treasure: " in html
    assert 'data-testid="actions"' in html and "Ready: end my setup" in html
    assert 'data-testid="focus"' in html and 'data-testid="log"' in html
    assert re.search(r'data-token="\d+"', html)
    assert "mlab-table" in board.table._dom_classes and "mlab-board" in board._dom_classes


def test_kick_shows_drawn_card_story_and_undo_says_what(base_deck, tmp_path):
    # seed 10: the first kick meets a monster (with seed 7 the 168-card base deck opens on a
    # Curse that waits for a Wishing Ring holder's answer)
    board = Board.from_deck(base_deck, seed=10, name="t", journal=tmp_path / "t.journal.jsonl")
    pass_setup(board)
    before = board.game.state_dict()
    html_before = strip_token(board.table.html)
    board.button_for("kick").click()
    line = board.game.log[-1]
    assert "kicks open the door" in line
    drawn = line.split(": ", 1)[1].rstrip(".")
    assert f'data-card="{drawn}"' in board.table.html
    assert re.search(r'class="mlab-logline[^"]*" data-rewind="\d+"[^>]*>[^<]*kicks open the door', board.table.html)
    assert f'data-detail="{drawn}"' in board.table.html  # the kicked card is in focus
    board.undo_btn.click()
    assert board.game.state_dict() == before
    assert "Undid P1: Kick Down the Door" in board.message.value
    assert strip_token(board.table.html) == html_before
    board.redo_btn.click()
    assert board.game.log[-1] == line and "Redid P1: Kick Down the Door" in board.message.value


def test_not_now_lists_main_kinds_with_reasons_in_words(board):
    legal = {a.kind for a in board.game.legal_actions()}
    nope = dict(board.unavailable())
    assert set(nope) == {k for k in MAIN_KINDS if k not in legal}
    for kind, why in nope.items():
        assert why and "card -1" not in why and not re.search(r"\bcard -?\d+\b|\bseat \d\b", why), (kind, why)
    assert "Creating Your Character" in nope["kick"]
    assert "play" in legal or nope["play"] == "none of P1's cards can be played now"
    pass_setup(board)
    nope = dict(board.unavailable())
    assert nope["trouble"].startswith("Look for Trouble comes after") or "no monster" in nope["trouble"] \
        or "(core rules" in nope["trouble"]
    assert all(not re.search(r"\bcard -?\d+\b", w) for w in nope.values())


def test_unavailable_gives_plain_text_not_html(board):
    """The reasons are read from HTML attributes: unescaped, as the words shown."""
    board.table.html = ('<span class="mlab-unavailable" aria-disabled="true" data-kind="play" '
                        'data-why="none of P1&#x27;s cards can be played now &amp; &quot;nothing&quot; to pass">'
                        'Play</span>')
    assert board.unavailable() == [("play", "none of P1's cards can be played now & \"nothing\" to pass")]


def test_step_autoplay_and_run_to_end(board):
    n0 = len(board.game.actions)
    board.step_btn.click()
    assert len(board.game.actions) == n0 + 1
    board.autoplay_n.value = 15
    board.autoplay_btn.click()
    assert len(board.game.actions) == n0 + 16
    board.run_end_btn.click()
    assert board.game.outcome() is not None
    assert "game over" in board.message.value
    assert board.step_btn.disabled
    board.step()
    assert "over" in board.message.value


def test_reveal_toggle_turns_hand_face_up(board):
    seat = 2
    hand = board.game.state_dict()["players"][seat]["hand"]
    seat_html = lambda: board.table.html.split(f'data-seat="{seat}"', 1)[1].split('data-seat="', 1)[0]  # noqa: E731
    assert "DOOR" in seat_html() and not any(f'data-card="{n}"' in seat_html() for n in hand)
    board.reveal_box.children[seat].value = True
    assert seat in board.revealed
    assert all(f'data-card="{n}"' in seat_html() for n in hand)
    board.reveal_box.children[seat].value = False
    assert seat not in board.revealed


def test_card_click_focuses_detail_with_rules_summary_and_the_actions_using_it(board):
    from munchkin_lab.cards.api import card

    sd = board.game.state_dict()
    hand = sd["players"][sd["actor"]]["hand"]
    acts = [a for a in board.game.legal_actions() if a.card >= 0]
    name = board.game.specs[acts[0].card].name
    assert name in hand
    board.table.click_card(name)
    html = board.table.html
    focus = html.split('data-testid="focus"', 1)[1].split('class="mlab-logbox"', 1)[0]
    assert f'data-detail="{name}"' in focus
    assert "Provenance" not in focus and "source:" not in focus  # data notes stay out of the play view
    summary = card(name)["summary"]
    assert summary and summary.replace("'", "&#x27;")[:30] in focus
    uses = re.findall(r'data-i="(\d+)"', focus.split('class="mlab-uses"', 1)[1])
    assert uses
    n = len(board.game.actions)
    board.table.click_action(int(uses[0]))
    assert len(board.game.actions) == n + 1
    faces = board.table.faces
    assert name in faces and "data-testid=\"rules-summary\"" in faces[name]


def test_a_double_click_plays_one_action(board):
    """The second click of a double click carries the token of a screen that is gone."""
    pass_setup(board)
    token = board.table.token()
    n = len(board.game.actions)
    board.table.click_action(0, token)  # Kick Down the Door
    after = board.game.state_dict()
    assert len(board.game.actions) == n + 1 and board.table.token() != token
    board.table.click_action(0, token)  # lands during the redraw: plays nothing
    board.table.click_action(99)        # no such button: nothing
    assert len(board.game.actions) == n + 1 and board.game.state_dict() == after


def test_seed_players_and_new_game(board):
    board.seed_w.value = 11
    board.players_w.value = 3
    board.new_btn.click()
    assert board.game.seed == 11
    assert len(board.game.state_dict()["players"]) == 3
    assert len(board.reveal_box.children) == 3 and len(board.seats) == 3
    assert "new game" in board.message.value


def test_save_is_atomic_load_and_bad_saved_game(board, tmp_path, monkeypatch):
    board.autoplay(20)
    board.path_w.value = "g"
    board.save_btn.click()
    path = tmp_path / "saves" / "g.game.json"
    good = path.read_text()
    assert "saved 2" in board.message.value or "saved" in board.message.value
    sd = board.game.state_dict()
    board.autoplay(5)
    import os

    def boom(src, dst):  # the disk fills up / the process dies at the rename
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as m:
        m.setattr(os, "replace", boom)
        with pytest.raises(OSError, match="No space left"):
            board.save_game("g", replace=True)
    assert "No space left" in board.message.value and path.read_text() == good
    assert [p.name for p in path.parent.iterdir() if p.name.endswith(".part")] == []
    board.load_btn.click()
    assert board.game.state_dict() == sd
    bad = tmp_path / "saves" / "bad.game.json"
    bad.write_text("{not json")
    board.path_w.value = "bad"
    board.load_btn.click()
    assert "mlab-msg-error" in board.message.value and "saved game" in board.message.value
    assert board.game.state_dict() == sd
    with pytest.raises(FileNotFoundError, match="does not exist"):
        board.save(tmp_path / "no-such-folder" / "x.json")
    assert "mlab-msg-error" in board.message.value
    assert "folder" in board.message.value and "does not exist" in board.message.value
    assert ".part" not in board.message.value  # the file asked for, not the temporary one


def test_save_panel_names_stay_in_the_saves_folder(board, tmp_path):
    """Finding 1 (issue 15): the panel's names are checked, never paths; nothing outside
    <folder>/saves is written or read, and the message says why instead of an OSError."""
    readme = tmp_path / "README.md"
    readme.write_text("my notes\n")
    outside = tmp_path / "abs.game.json"
    long = "x" * 300
    for name, says in [("../README.md", "no path separators"), (str(outside), "no path separators"),
                       ("", "type a name"), ("   ", "type a name"), (long, "at most 100 characters"),
                       ("..", "no '..'"), (".hidden", "leading dot"), ("a\\b", "no path separators")]:
        board.path_w.value = name
        board.save_btn.click()
        msg = html.unescape(board.message.value)
        assert "mlab-msg-error" in msg and says in msg, (name, msg)
        assert "OSError" not in msg and "Errno" not in msg
        board.load_btn.click()
        assert "mlab-msg-error" in board.message.value and says in html.unescape(board.message.value), name
    assert readme.read_text() == "my notes\n" and not outside.exists()
    assert not (tmp_path / "saves").exists() or list((tmp_path / "saves").iterdir()) == []
    # a name typed with the suffix is the same save
    board.path_w.value = "mix.game.json"
    board.save_btn.click()
    assert [p.name for p in (tmp_path / "saves").iterdir()] == ["mix.game.json"]
    assert board.saves() == ["mix"] and list(board.saves_w.options) == ["(saved games)", "mix"]
    # Load reads only the saves folder: a missing name lists what is there
    board.path_w.value = "passwd"
    board.load_btn.click()
    assert "no saved game named passwd.game.json" in board.message.value and "saved games: mix" in board.message.value


def test_save_and_load_from_code_raise_the_error_the_buttons_show(board, tmp_path):
    sd = board.game.state_dict()
    with pytest.raises(ValueError, match=r"save name '\.\./evil': no path separators"):
        board.save_game("../evil")
    assert "mlab-msg-error" in board.message.value and "no path separators" in board.message.value
    assert not (tmp_path.parent / "evil.game.json").exists()
    broken = tmp_path / "broken.game.json"
    broken.write_text("{not json")
    with pytest.raises(ValueError):
        board.load(broken)
    assert "mlab-msg-error" in board.message.value and board.game.state_dict() == sd
    with pytest.raises(ValueError, match="no saved game named nothing.game.json"):
        board.load_game("nothing")
    board.path_w.value = "../evil"  # the button: the same message, no exception
    board.save_btn.click()
    assert "no path separators" in html.unescape(board.message.value)
    board.path_w.value = "ok"
    saved = board.save_game("ok")
    assert saved == tmp_path / "saves" / "ok.game.json"
    first = saved.read_text()
    board.autoplay(3)
    # finding 6 of the new user's session: from code an existing save raised nothing and
    # returned None; it raises FileExistsError, as the README says, and keeps the file
    with pytest.raises(FileExistsError, match=r"a saved game named ok\.game\.json already exists .*replace=True"):
        board.save_game("ok")
    assert saved.read_text() == first and "mlab-msg-error" in board.message.value
    assert "already exists" in board.message.value
    assert board.save_game("ok", replace=True) == saved and saved.read_text() == board._save_text() != first


def test_save_panel_replaces_a_save_only_after_confirmation(board, tmp_path):
    board.path_w.value = "mine"
    board.save_btn.click()
    first = (tmp_path / "saves" / "mine.game.json").read_text()
    assert board.replace_btn.layout.display == "none"
    board.autoplay(6)
    board.save_btn.click()  # exists: kept, the message asks for the confirmation
    assert (tmp_path / "saves" / "mine.game.json").read_text() == first
    assert "mlab-msg-warning" in board.message.value and "already exists" in board.message.value
    assert board.replace_btn.layout.display is None and "mine.game.json" in board.replace_btn.description
    board.path_w.value = "other"  # a new name hides the confirmation
    assert board.replace_btn.layout.display == "none"
    board.path_w.value = "mine"
    board.save_btn.click()
    board.replace_btn.click()
    now = (tmp_path / "saves" / "mine.game.json").read_text()
    assert now != first and now == board._save_text()
    assert board.replace_btn.layout.display == "none"
    # picking a saved game in the menu fills the name; Load brings it back
    sd = board.game.state_dict()
    board.autoplay(4)
    board.saves_w.value = "mine"
    assert board.path_w.value == "mine"
    board.load_btn.click()
    assert board.game.state_dict() == sd


def test_save_from_code_never_replaces_a_file_that_is_not_a_saved_game(board, tmp_path):
    notes = tmp_path / "mynotes.txt"
    notes.write_text("keep me")
    nb = tmp_path / "05_simulation.ipynb"
    nb.write_text('{"cells": [], "nbformat": 4}')
    for p in (notes, nb):
        with pytest.raises(FileExistsError, match="is not a saved game: not replaced"):
            board.save(p)
        assert "mlab-msg-error" in board.message.value and "is not a saved game: not replaced" in board.message.value
    assert notes.read_text() == "keep me" and nb.read_text() == '{"cells": [], "nbformat": 4}'
    for p in (tmp_path, ""):
        with pytest.raises(ValueError, match="is a folder"):
            board.save(p)
        assert "is a folder" in board.message.value
    g = tmp_path / "g.json"
    assert board.save(g) == g  # a new file
    board.autoplay(3)
    assert board.save(g) == g and g.read_text() == board._save_text()  # a saved game is replaced
    assert board.save(notes, overwrite=True) == notes and notes.read_text() == board._save_text()


def test_illegal_action_and_bad_scenario_are_messages(board, tmp_path):
    sd = board.game.state_dict()
    from munchkin_lab.engine import IllegalActionError

    with pytest.raises(IllegalActionError, match="during setup you may only play"):
        board.play("0 fight")  # raised to code, and shown on the board
    assert "mlab-msg-error" in board.message.value and "card -1" not in board.message.value
    bad = tmp_path / "bad.yaml"
    bad.write_text("players: [one]\n")
    board.load_scenario(bad)
    assert "ScenarioError" in board.message.value
    assert board.game.state_dict() == sd


def test_journal_resume_mid_combat(board, tmp_path):
    pass_setup(board)
    for _ in range(40):
        if board.game.state_dict()["combat"]:
            break
        board.step()
    assert board.game.state_dict()["combat"], "no combat reached"
    board.undo(); board.redo(); board.undo()
    again = Board.resume(tmp_path / "t.journal.jsonl")
    assert again.game.state_dict() == board.game.state_dict()
    assert again.game.log == board.game.log
    again.redo()
    board.redo()
    assert again.game.state_dict() == board.game.state_dict()


def test_journal_missing_file_is_a_message(tmp_path):
    with pytest.raises(JournalError, match="nope.jsonl: cannot read"):
        Board.resume(tmp_path / "nope.jsonl")
    missing = Board.resume(tmp_path / "nope.jsonl", strict=False)
    assert "cannot resume" in missing.message.value and "nope.jsonl" in missing.message.value


def test_export_position_and_replay_are_offline_and_atomic(board, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    board.autoplay(8)
    pos = board.export_html(tmp_path / "p.html")
    rep = board.export_replay(tmp_path / "r.html")
    for p in (pos, rep):
        text = p.read_text()
        assert "mlab-felt" in text and "<script src" not in text and "<link" not in text
    data = rep.read_text()
    assert data.count("mlab-felt") >= 1 and '"frames"' in data
    old = pos.read_text()
    import os

    with monkeypatch.context() as m:
        m.setattr(os, "replace", lambda a, b: (_ for _ in ()).throw(OSError(5, "I/O error")))
        board.autoplay(3)
        with pytest.raises(OSError, match="I/O error"):
            board.export_html(pos)
    assert pos.read_text() == old and "I/O error" in board.message.value
    board.export_btn.click(); board.replay_btn.click()
    assert (tmp_path / "t.position.html").exists() and (tmp_path / "t.replay.html").exists()


def test_html_exports_never_replace_a_users_file(board, tmp_path):
    """New-user finding: export_replay / export_html overwrote any file (a user's notes.json).
    The rule of Board.save: a file that is not a page the board exported is refused
    (FileExistsError naming it) unless overwrite=True; the name must end in .html."""
    notes = tmp_path / "notes.html"
    notes.write_text("my notes", encoding="utf-8")
    for export in (board.export_replay, board.export_html):
        with pytest.raises(FileExistsError, match="notes.html exists and is not a page exported by the board"):
            export(notes)
        assert notes.read_text(encoding="utf-8") == "my notes"
    with pytest.raises(ValueError, match=r"'.*notes.json': the board exports an HTML page: the file name must end in .html"):
        board.export_replay(tmp_path / "notes.json")
    assert not (tmp_path / "notes.json").exists()
    rep = board.export_replay(tmp_path / "r.html")
    assert board.export_replay(rep) == rep  # its own export: replaced
    assert board.export_html(notes, overwrite=True) == notes and "mlab-felt" in notes.read_text(encoding="utf-8")


def test_scenario_board(lab_db):
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "scenarios" / "core" / "combat_worked_example.yaml"
    b = Board.from_scenario(path, journal=False)
    assert 'mlab-prov-S' in b.table.html
    b.play(b.button_for("kick").action)
    assert b.game.state_dict()["combat"] is not None
    assert 'data-testid="combat"' in b.table.html and "Forum Troll" in b.table.html


def test_expansion_parts_render_from_state_dict():
    from munchkin_lab.engine import CardSpec
    from munchkin_lab.widgets import render

    lk = render.CardLookup([CardSpec.make(name="Bridge", set="ss", kind="ship_room", deck="ship_room")])
    sd = {"players": [{"seat": 0, "name": "A"}], "ship": [["Bridge", None, "X"], [None, None, None], [None, None, None]],
          "grid": {"0,0": {"name": "START", "tokens": [0]}, "1,0": "Hall"}, "dungeons": ["Bridge"]}
    html = render.extras_html(sd, lk)
    assert "Solar Storm ship" in html and "Star Munchkin Adventures rooms" in html and "Dungeon" in html
    assert 'data-card="Bridge"' in html and "mlab-token" in html


def test_journal_lines(board, tmp_path):
    import json

    pass_setup(board)
    lines = (tmp_path / "t.journal.jsonl").read_text().splitlines()
    head = json.loads(lines[0])
    assert head["format"] == "munchkin-lab-journal/1" and head["meta"]["seats"] == ["human"] * 4
    assert all("a" in json.loads(x) for x in lines[1:])


def test_binary_scenario_is_a_clean_error(board, tmp_path):
    from munchkin_lab.scenarios.runner import ScenarioError

    bin_file = tmp_path / "picture.yaml"
    bin_file.write_bytes(bytes([0x89, 0x50, 0x4E, 0x47, 0xFF, 0x00]))
    with pytest.raises(ScenarioError, match="not a text file"):
        Board.from_scenario(bin_file, journal=False)
    sd = board.game.state_dict()
    board.load_scenario(bin_file)
    assert "mlab-msg-error" in board.message.value and "not a text file" in board.message.value
    assert board.game.state_dict() == sd


def test_default_journal_goes_to_cwd_and_is_git_ignored(base_deck, tmp_path, monkeypatch):
    import subprocess
    from pathlib import Path

    monkeypatch.chdir(tmp_path)
    b = Board.from_deck(base_deck, seed=7)
    assert b.journal.path.parent == tmp_path and b.journal.path.exists()
    assert re.fullmatch(r"board-\d{8}-\d{6}-[0-9a-f]{6}\.journal\.jsonl", b.journal.path.name)
    named = Board.from_deck(base_deck, seed=7, name="mix")
    assert named.journal.path == tmp_path / "mix.journal.jsonl"
    assert "current working folder" in Board.__doc__ and "journal=False" in Board.__doc__
    repo = Path(__file__).resolve().parents[2]
    for rel in ("board.journal.jsonl", "notebooks/mix.journal.jsonl", "board-20260101-000000-abcdef.journal.jsonl"):
        r = subprocess.run(["git", "check-ignore", "-q", rel], cwd=repo)
        assert r.returncode == 0, rel


def test_cards_and_actions_are_keyboard_reachable_with_roles_and_labels(board):
    """Every card (face or chip) and every action can be focused and has a role and a label."""
    board.reveal_box.children[1].value = True
    pass_setup(board)
    board.button_for("kick").click()
    html = board.table.html
    cards = re.findall(r"<(?:div|span) class=\"mlab-(?:card|chip)[^\"]*\" data-card=\"[^\"]+\"[^>]*>", html)
    assert len(cards) > 5
    for tag in cards:
        assert 'tabindex="0"' in tag and 'role="button"' in tag and re.search(r'aria-label="[^"]+, ', tag), tag
    acts = re.findall(r"<(\w+) [^>]*data-i=\"\d+\"[^>]*>", html)
    assert acts and all(t == "button" for t in acts)
    for tag in re.findall(r"<div [^>]*data-i=\"\d+\"[^>]*>", html):  # rooms you may enter
        assert 'role="button"' in tag and 'tabindex="0"' in tag and "aria-label=" in tag
    assert 'role="status"' in html and 'role="region"' in html


def test_seeds_outside_the_one_range_are_refused_by_game_and_board(base_deck):
    """New-user finding: Game.new(seed=-5) and seed=2**70 were taken while the command line
    refuses bad seeds; one check (engine.rng.check_seed) for Game.new, SolarStormGame.new,
    the board and ``play --seed``: 0..2**64-1, the generator's seeds (the simulator's
    per-game seeds use all of them)."""
    from typer.testing import CliRunner

    from munchkin_lab.cli import SEED_RANGE, app
    from munchkin_lab.engine import Game
    from munchkin_lab.engine.solar_storm import SolarStormGame

    assert SEED_RANGE == (0, 2**64 - 1)
    for bad in (-5, 2**70, 2**64):
        with pytest.raises(ValueError, match=rf"^seed must be a whole number from 0 to 2\*\*64-1, got {bad}$"):
            Game.new(players=2, deck=base_deck, seed=bad)
        with pytest.raises(ValueError, match="seed must be a whole number from 0 to 2"):
            Board.from_deck(base_deck, players=2, seed=bad)
        with pytest.raises(ValueError, match="seed must be a whole number from 0 to 2"):
            SolarStormGame.new(players=2, seed=bad)
    with pytest.raises(ValueError, match="got 1.5"):
        Game.new(players=2, deck=base_deck, seed=1.5)
    assert Game.new(players=2, deck=base_deck, seed=2**64 - 1).seed == 2**64 - 1
    r = CliRunner().invoke(app, ["play", "--seed", "-5", "--quiet"])
    assert r.exit_code == 2 and "--seed must be at least 0, got -5 (allowed: 0..18446744073709551615)" in r.stderr


def test_board_from_deck_refuses_a_deck_that_deck_check_refuses(lab_db):
    """New-user finding: Board.from_deck of an empty deck, or one with no Treasure cards and
    a tiny Door pile, started silently and ran to the turn limit. It gets the check of
    ``deck check`` / ``play`` and is refused, listing the problems; a plain card list (the
    engine's form, as scenarios use) is still taken."""
    from munchkin_lab.decks import Deck, DeckError
    from munchkin_lab.engine import CardSpec

    with pytest.raises(DeckError, match=r"cannot be played with 4 players \(2 errors of `deck check`\)") as info:
        Board.from_deck(Deck("Nothing", url=lab_db))
    assert "the mix has no Door cards" in str(info.value) and "the mix has no Treasure cards" in str(info.value)
    tiny = Deck("Tiny", url=lab_db)
    tiny.add("Potted Plant", 3)
    with pytest.raises(DeckError) as info:
        Board.from_deck(tiny, players=2)
    text = str(info.value)
    assert "the mix has no Treasure cards" in text and "the Door pile has 3 cards" in text
    pairs = [(CardSpec.make(name="Blank Door", set="lab", kind="curse", deck="door"), 3),
             (CardSpec.make(name="Blank Treasure", set="lab", kind="item", deck="treasure", slot="none", gold=0), 3)]
    assert Board.from_deck(pairs, players=2).game.state_dict()["turn"] >= 0


def test_board_load_names_the_file_and_a_missing_one_is_file_not_found(board, tmp_path):
    """New-user finding: board.load("notes.json") (no save) said only "saved game: field
    'format' ..." without the file, and a missing file gave a ValueError while the README says
    OSError. The file is named; a missing one is FileNotFoundError (an OSError)."""
    sd = board.game.state_dict()
    notes = tmp_path / "notes.json"
    notes.write_text('{"todo": ["buy dice"]}', encoding="utf-8")
    with pytest.raises(ValueError, match=rf"^{re.escape(str(notes))}: not a saved game that loads: saved game: "):
        board.load(notes)
    with pytest.raises(FileNotFoundError) as info:
        board.load(tmp_path / "missing.json")
    assert info.value.filename == str(tmp_path / "missing.json")
    assert "cannot read the saved game: No such file or directory" in str(info.value)
    assert "missing.json" in html.unescape(board.message.value) and board.game.state_dict() == sd


def test_a_loaded_game_comes_back_with_its_seats_and_at_its_position(base_deck, tmp_path):
    """The new user's load: a board of bots loading a save made with a human seat played that
    seat on to the end (turn 1 -> game over). The save keeps the seats; a load restores them
    and opens at the saved position; a save without seats keeps the board's, bots paused."""
    b = Board.from_deck(base_deck, seed=5, seats=["human", "greedy", "greedy", "greedy"], name="s", folder=tmp_path)
    b.click(b.action_labels()[0])
    b.click(b.action_labels()[0])
    b.save_game("ok save")
    saved = len(b.game.actions)
    b2 = Board.from_deck(base_deck, seed=1, seats=["greedy"] * 4, name="t", folder=tmp_path)
    b2.load_game("ok save")
    assert b2.seats == ["human", "greedy", "greedy", "greedy"]
    assert b2.game.outcome() is None and b2.game.state_dict()["turn"] == b.game.state_dict()["turn"]
    assert len(b2.game.actions) == len(b.game.actions)
    # an older save (no seats): the board's seats stay, its bots wait at the loaded position
    old = tmp_path / "saves" / "old.game.json"
    old.write_text(b.game.to_json())
    b3 = Board.from_deck(base_deck, seed=1, seats=["greedy"] * 4, name="u", folder=tmp_path)
    b3.load_game("old")
    assert b3.seats == ["greedy"] * 4 and b3.paused and b3.pause_btn.description == "Resume bots"
    assert len(b3.game.actions) == saved and b3.game.state_dict()["turn"] == 1
    assert "bots paused" in html.unescape(b3.message.value)
    b3.resume_bots()
    assert len(b3.game.actions) > saved
