"""The board app's start path (``BoardApp.start``, the *New game* panel): every preset with every
option, where the app's files go, and what a failed start leaves behind (issue 15, findings 2, 8)."""
from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from munchkin_lab.widgets import Board
from munchkin_lab.widgets.app import BoardApp, _presets
from munchkin_lab.widgets.board import SPEEDS

REPO = Path(__file__).resolve().parents[2]
PRESETS = [v for _t, v in _presets()]


def test_the_presets_are_listed():
    assert {"base", "solar_storm", "star_munchkin_adventures"} <= set(PRESETS)


@pytest.mark.parametrize("preset", PRESETS)
def test_every_preset_starts_with_every_option(preset, lab_db, lab_home):
    """Finding 2: Solar Storm with the default options said 'cannot start: ... unexpected keyword
    argument labels'. Every preset starts from the panel with every combination of auto-pass,
    Faster Play, Shared Victory and a turn limit, and with every bot speed."""
    app = BoardApp(preset=preset, players=3, seats=["human", "greedy", "greedy"], url=lab_db, start=False)
    assert app.autopass_w.value is True  # the default of the panel
    solar = preset == "solar_storm"
    combos = list(itertools.product([True, False], [False, True], [False, True], [0, 3]))
    combos += [(True, False, False, 0, speed) for _t, speed in SPEEDS]
    for combo in combos:
        autopass, faster, shared, turns = combo[:4]
        app.autopass_w.value, app.faster_w.value, app.shared_w.value, app.turns_w.value = combo[:4]
        if len(combo) == 5:
            app.speed_w.value = combo[4]
        board = app.start()
        assert board is not None, (combo, app.message.value)
        assert "mlab-msg-ok" in app.message.value and "new game" in app.message.value
        assert board.auto_pass is autopass and board.seats == ["human", "greedy", "greedy"]
        assert type(board.game).__name__ == ("SolarStormGame" if solar else "Game")
        if not solar:
            o = board.game.options
            assert (o.faster_play, o.shared_victory, o.max_turns) == (faster, shared, turns or None)
        # the bots played up to the human seat (or the game ended): nobody else is to act
        a = board.game.actor()
        assert board.game.outcome() is not None or a is None or board.role(a) == "human", combo
        if autopass and a is not None and board.game.outcome() is None:
            acts = board.game.legal_actions(labels=False, seat=a)
            assert not (len(acts) == 1 and acts[0].kind == "pass"), "auto-pass left a lone pass"
    # each start replaced the last one's board: the journals are in the lab folder; those of
    # replaced boards with no move (nothing to resume) are gone, the live board's stays
    left = list(lab_home.glob("board-*.journal.jsonl"))
    live = app.board.journal.path
    assert live in left
    assert all(len(p.read_text().splitlines()) > 1 for p in left if p != live)


def test_auto_pass_passes_for_a_human_seat(lab_db, lab_home):
    """With auto-pass on, a human seat whose only action is pass never waits on the board."""
    app = BoardApp(preset="base", players=3, seats=["human", "human", "human"], url=lab_db, start=True)
    b = app.board
    for _ in range(60):
        if b.game.outcome() is not None:
            break
        a = b.game.actor()
        acts = b.game.legal_actions(labels=False, seat=a)
        if b.game.state_dict().get("phase") != "setup":
            assert not (len(acts) == 1 and acts[0].kind == "pass")
        b.play(acts[-1] if acts[-1].kind != "pass" or len(acts) == 1 else acts[0])


def test_app_files_go_to_the_lab_folder(lab_db, lab_home, tmp_path, monkeypatch):
    """Finding 8: saves, journals and exports of the app land in $MUNCHKIN_LAB_HOME (default
    ~/.munchkin-lab), whatever the current folder, never in the repository."""
    elsewhere = tmp_path / "somewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    before = set((REPO / "notebooks").iterdir())
    app = BoardApp(preset="base", players=2, url=lab_db)
    b = app.board
    assert b.folder == lab_home and b.journal.path.parent == lab_home
    b.path_w.value = "mine"
    b.save_btn.click()
    assert (lab_home / "saves" / "mine.game.json").is_file()
    assert b.export_html().parent == lab_home and b.export_replay().parent == lab_home
    assert list(elsewhere.iterdir()) == [] and set((REPO / "notebooks").iterdir()) == before
    monkeypatch.delenv("MUNCHKIN_LAB_HOME")
    from munchkin_lab.widgets.places import lab_home as home

    assert home() == Path.home() / ".munchkin-lab"


def test_a_failed_start_leaves_no_journal(lab_db, lab_home, monkeypatch):
    """Finding 2: each failed start left a 10 KB journal behind."""
    app = BoardApp(preset="base", players=2, url=lab_db, start=False)

    def broken(self, *a, **k):
        raise RuntimeError("the engine broke")

    monkeypatch.setattr(Board, "_advance", broken)
    assert app.start() is None
    assert "cannot start: the engine broke" in app.message.value
    assert list(lab_home.glob("*.journal.jsonl")) == []


def test_a_reload_can_resume_the_game_it_left(lab_db, lab_home):
    """A reload of the app page starts a new kernel and a new game; the game before is not lost:
    its journal is listed in the panel's resume menu (newest first, never the live board's) and
    *Resume this game* brings it back exactly. A journal that does not replay is a message."""
    first = BoardApp(preset="base", players=3, seats=["human", "greedy", "greedy"], seed=3, url=lab_db)
    b = first.board
    for _ in range(6):
        acts = b.game.legal_actions(labels=False, seat=b.game.actor())
        if b.game.outcome() is not None or not acts:
            break
        b.play(acts[0])
    before = b.game.state_dict()
    assert len(b.game.actions) > 0
    # the page is reloaded: a new app in a new kernel; the old kernel still holds its journal
    again = BoardApp(preset="base", players=3, seats=["human", "greedy", "greedy"], seed=9, url=lab_db)
    live = str(again.board.journal.path)
    labels = dict((v, t) for t, v in again.resume_w.options)
    listed = list(labels)
    assert listed[0] == str(b.journal.path) and live not in listed and not again.resume_btn.disabled
    assert "still open in another page" in labels[listed[0]]
    b.journal.detach()  # the old kernel is gone
    again._list_journals()
    labels = dict((v, t) for t, v in again.resume_w.options)
    assert "still open" not in labels[str(b.journal.path)] and " moves · " in labels[str(b.journal.path)]
    board = again.resume(again.resume_w.value)
    assert board is again.board and board.game.state_dict() == before
    assert "mlab-msg-ok" in again.message.value and "resumed" in again.message.value
    bad = lab_home / "board-bad.journal.jsonl"
    bad.write_text('{"format": "nonsense"}\n')
    assert again.resume(str(bad)) is None and "cannot resume" in again.message.value
    assert again.board is board  # the current game stays


def test_a_page_left_before_any_move_leaves_no_journal_behind(lab_db, lab_home):
    """Each app page journals its board; one closed before any move held nothing to resume:
    the next page's resume list deletes it (never one a live board holds, nor one with moves)."""
    first = BoardApp(preset="base", players=3, seats=["human", "greedy", "greedy"], seed=3, url=lab_db)
    empty = first.board.journal.path
    assert empty.exists()
    second = BoardApp(preset="base", players=3, seats=["human", "greedy", "greedy"], seed=4, url=lab_db)
    assert empty.exists()  # the first page's board still holds it
    first.board.journal.detach()  # that page is gone
    second._list_journals()
    assert not empty.exists() and second.board.journal.path.exists()
