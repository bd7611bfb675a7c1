"""Board journals that survive: torn tails, malformed files, names, one writer per file, kill -9."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from munchkin_lab.widgets import Board, Journal, JournalError
from munchkin_lab.widgets.journal import check_name, in_use


def _small_game():
    from munchkin_lab.engine import CardSpec, Game

    deck = [(CardSpec.make(name="Goblin", set="lab", kind="monster", deck="door", level=1, treasures=1), 20),
            (CardSpec.make(name="Club", set="lab", kind="item", deck="treasure", slot="one_hand", bonus=1, gold=100), 20)]
    return Game.new(players=2, deck=deck, seed=3)


def test_torn_tail_is_cut_before_the_next_append(board, tmp_path):
    """Resume after a torn last line, play on, resume again: nothing played after the first
    resume is lost (issue 16: every later action was glued onto the torn line)."""
    board.autoplay(6)
    p = tmp_path / "t.journal.jsonl"
    with p.open("a") as fh:
        fh.write('{"a": "0 ki')  # a kill in the middle of a write
    again = Board.resume(p)
    assert "resumed" in again.message.value
    assert again.game.state_dict() == board.game.state_dict()
    board.journal.detach()
    again.autoplay(5)
    assert not p.read_text().startswith('{"a": "0 ki') and '0 ki{' not in p.read_text()
    assert all(json.loads(x) for x in p.read_text().splitlines())  # every line whole again
    third = Board.resume(p)
    assert len(third.game.actions) == len(again.game.actions) == len(board.game.actions) + 5
    assert third.game.state_dict() == again.game.state_dict()


def test_repair_only_cuts_the_unfinished_line(tmp_path):
    p = tmp_path / "x.journal.jsonl"
    p.write_bytes(b'{"h": 1}\n{"a": "1"}\n{"a": "2')
    j = Journal(p)
    assert j.repair() == len(b'{"a": "2')
    assert p.read_bytes() == b'{"h": 1}\n{"a": "1"}\n'
    assert j.repair() == 0


@pytest.mark.parametrize("line, where, what", [
    ('[1, 2]', ":3:", "not a journal entry"),
    ('{"a": 5}', ":3:", "must be text"),
    ('{"undo": "x"}', ":3:", "whole number"),
    ('{"undo": 0}', ":3:", "whole number"),
    ('{"redo": 1}', ":3:", "does not replay"),
    ('{"b": 1}', ":3:", "unknown entry"),
    ('{"a": "0 fight"}', ":3:", "does not replay"),
    ('{"a": "nonsense"}', ":3:", "does not replay"),
    ('not json at all', ":3:", "not JSON"),
])
def test_malformed_entries_name_the_line(tmp_path, line, where, what):
    g = _small_game()
    p = tmp_path / "m.journal.jsonl"
    j = Journal(p)
    j.start(g, {})
    j.append([{"a": str(g.legal_actions()[0])}])
    j.detach()
    with p.open("a") as fh:
        fh.write(line + "\n")
    with pytest.raises(JournalError) as ei:
        Journal.replay(p)
    msg = str(ei.value)
    assert f"m.journal.jsonl{where}" in msg and what in msg
    assert isinstance(ei.value, ValueError)


@pytest.mark.parametrize("head, what", [
    ("", "empty"), ("{}\n", "not a munchkin-lab journal"), ('{"format": "munchkin-lab-journal/1"}\n', "'game'"),
    ('{"format": "munchkin-lab-journal/1", "game": "{}"}\n', "does not load"),
    ('{"format": "munchkin-lab-journal/1", "game": "[1]", "meta": 3}\n', "'meta'"),
    ('{"format": "munch', "incomplete"),
])
def test_malformed_headers_are_messages(tmp_path, head, what):
    p = tmp_path / "h.journal.jsonl"
    p.write_text(head)
    with pytest.raises(JournalError, match=what):
        Journal.replay(p)
    with pytest.raises(JournalError, match=what):  # the README: code callers get the exception
        Board.resume(p)
    b = Board.resume(p, strict=False)  # or, asked for, a stand-in board with the message
    assert "cannot resume" in b.message.value and "h.journal.jsonl" in b.message.value


def test_binary_journal_is_a_message(tmp_path):
    p = tmp_path / "b.journal.jsonl"
    p.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe")
    with pytest.raises(JournalError, match=r"b.journal.jsonl:\d+: not UTF-8"):
        Journal.replay(p)


_GARBAGE = st.one_of(
    st.text(max_size=40).filter(lambda s: "\n" not in s and "\r" not in s),
    st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                 lambda kids: st.lists(kids, max_size=3) | st.dictionaries(st.sampled_from(["a", "undo", "redo", "x"]),
                                                                           kids, max_size=2),
                 max_leaves=6).map(json.dumps),
    st.builds(lambda n: json.dumps({"a": f"{n % 3} {['kick', 'pass', 'fight', 'play c=999', 'choose'][n % 5]}"}),
              st.integers(0, 99)),
)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=st.lists(_GARBAGE, min_size=1, max_size=4), at=st.integers(0, 4), torn=st.booleans())
def test_garbage_lines_give_journal_errors_only(tmp_path_factory, lines, at, torn):
    """Whatever garbage a journal holds, replay returns a game or raises JournalError naming
    the file and line: never TypeError, KeyError or another type."""
    g = _small_game()
    valid = []
    for _ in range(4):
        a = g.legal_actions()[0]
        valid.append(json.dumps({"a": str(a)}))
        g.play(a)
    body = valid[:at] + lines + valid[at:]
    p = tmp_path_factory.mktemp("garbage") / "g.journal.jsonl"
    head = json.dumps({"format": "munchkin-lab-journal/1", "game": _small_game().to_json(), "meta": {}})
    p.write_text(head + "\n" + "\n".join(body) + ("" if torn else "\n"))
    try:
        game, meta = Journal.replay(p)
    except JournalError as e:
        assert "g.journal.jsonl:" in str(e)
        line_no = int(str(e).split("g.journal.jsonl:", 1)[1].split(":", 1)[0])
        assert 2 <= line_no <= len(body) + 1
    else:
        assert meta == {}
        assert len(game.actions) <= len(body)


@pytest.mark.parametrize("bad", ["../escaped", "a/b", "a\\b", "..", ".hidden", "", "   ", None, 3])
def test_bad_board_names_are_refused(bad, base_deck, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ValueError, match="board name"):
        check_name(bad)
    if bad is None:  # Board(name=None) means "a fresh unique name"
        return
    with pytest.raises(ValueError, match="board name"):
        Board.from_deck(base_deck, seed=1, name=bad)
    assert not (tmp_path.parent / "escaped.journal.jsonl").exists()
    assert list(tmp_path.iterdir()) == []


def test_two_unnamed_boards_get_their_own_journals(base_deck, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    a = Board.from_deck(base_deck, seed=1)
    b = Board.from_deck(base_deck, seed=2)
    assert a.journal.path != b.journal.path
    assert a.journal.path.parent == tmp_path and a.journal.path.name.startswith("board-")
    a.autoplay(7)
    b.autoplay(4)
    a.autoplay(3)
    ra, rb = Board.resume(a.journal.path), Board.resume(b.journal.path)
    assert ra.game.state_dict() == a.game.state_dict() and rb.game.state_dict() == b.game.state_dict()
    assert not a.journal.active and ra.journal.active  # the newest board of the kernel writes
    # resume without a name: the newest unnamed journal that no live board writes
    with pytest.raises(FileNotFoundError, match="no journal of an unnamed board .* that no live board writes"):
        Board.resume()
    assert "cannot resume" in Board.resume(strict=False).message.value
    ra.journal.detach()
    rb.journal.detach()
    os.utime(b.journal.path, (time.time() + 5, time.time() + 5))
    newest = Board.resume()
    assert newest.game.state_dict() == b.game.state_dict() and newest.journal.path == b.journal.path


def test_same_name_in_one_kernel_is_taken_over(base_deck, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    old = Board.from_deck(base_deck, seed=1, name="mix")
    new = Board.from_deck(base_deck, seed=2, name="mix")
    assert new.journal.path == old.journal.path == tmp_path / "mix.journal.jsonl"
    assert not old.journal.active and "took over" in old.journal.note
    old.autoplay(5)  # the old board plays on without writing into the new board's journal
    new.autoplay(4)
    assert Board.resume(name="mix").game.state_dict() == new.game.state_dict()


def test_a_journal_in_use_by_another_kernel_is_left_alone(base_deck, tmp_path, monkeypatch):
    """Another process holds ``mix.journal.jsonl``: a new board named mix writes its own file."""
    monkeypatch.chdir(tmp_path)
    p = tmp_path / "mix.journal.jsonl"
    p.write_text("held\n")
    holder = subprocess.Popen([sys.executable, "-c", textwrap.dedent(f"""
        import fcntl, sys, time
        fh = open({str(p)!r}, "ab"); fcntl.flock(fh.fileno(), fcntl.LOCK_EX)
        print("locked", flush=True); time.sleep(60)
    """)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "locked"
        assert in_use(p)
        b = Board.from_deck(base_deck, seed=1, name="mix")
        assert b.journal.path != p and b.journal.path.name.startswith("mix-")
        assert "in use by another kernel" in b.message.value
        assert p.read_text() == "held\n"
        b.autoplay(3)
        assert Board.resume(b.journal.path).game.state_dict() == b.game.state_dict()
    finally:
        holder.kill()
        holder.wait()


_WRITER = """
import os, sys
sys.path.insert(0, {repo!r})
os.chdir({folder!r})
from munchkin_lab.engine import CardSpec, Game
from munchkin_lab.widgets import Board
deck = [(CardSpec.make(name="Goblin", set="lab", kind="monster", deck="door", level=1, treasures=1), 30),
        (CardSpec.make(name="Club", set="lab", kind="item", deck="treasure", slot="one_hand", bonus=1, gold=600), 30)]
b = Board(Game.new(players=3, deck=deck, seed=5), name="killed", provenance={{}})
print("ready", flush=True)
while True:
    if b.game.outcome() is not None:
        b.new_game()
    b.step()
    b.save("saved.json")
"""


def test_kill_9_while_a_board_writes(tmp_path):
    """SIGKILL a process whose board journals and saves without pause: the journal resumes
    (whole lines, at most a torn tail), playing on after resuming survives the next resume, and
    the saved game is the previous or the new complete file, never a torn one."""
    repo = str(Path(__file__).resolve().parents[2])
    script = tmp_path / "writer.py"
    script.write_text(_WRITER.format(repo=repo, folder=str(tmp_path)))
    for delay in (0.4, 0.9):
        proc = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True)
        try:
            assert proc.stdout.readline().strip() == "ready"
            time.sleep(delay)
        finally:
            proc.send_signal(signal.SIGKILL)
            proc.wait()
        p = tmp_path / "killed.journal.jsonl"
        game, _meta = Journal.replay(p)
        assert len(game.actions) > 0
        saved = (tmp_path / "saved.json").read_text()
        from munchkin_lab.engine import Game

        Game.from_json(saved)  # complete JSON of a game: the write was atomic
        # (a SIGKILL may leave a hidden ".saved.json.*.part": never under the real name)
        b = Board.resume(p, provenance={})
        n = len(b.game.actions)
        b.autoplay(4)
        again = Board.resume(p, provenance={})
        assert len(again.game.actions) == n + min(4, len(b.game.actions) - n)
        assert again.game.state_dict() == b.game.state_dict()
        b.journal.detach()
        again.journal.detach()


def test_named_resume_without_a_journal_says_so(tmp_path, monkeypatch, base_deck):
    """Finding 7 (issue 15): Board.resume(name="nonexistent") returned a fresh game without a word."""
    import pytest

    monkeypatch.chdir(tmp_path)
    with pytest.raises(FileNotFoundError, match=r"no journal named nonexistent\.journal\.jsonl in .* \(no journals there\)"):
        Board.resume(name="nonexistent")
    Board.from_deck(base_deck, seed=3, name="mix").journal.detach()
    with pytest.raises(FileNotFoundError, match="no journal named mxi.journal.jsonl .*journals there: mix"):
        Board.resume(name="mxi")
    other = tmp_path / "other"
    other.mkdir()
    with pytest.raises(FileNotFoundError, match="in " + str(other)):
        Board.resume(name="mix", folder=other)
    assert Board.resume(name="mix").game.seed == 3


def test_resume_after_a_rewind_into_a_bots_turn_comes_back_where_the_user_left_it(base_deck, tmp_path,
                                                                                   monkeypatch):
    """New-user finding: a board rewound into a bot's turn (paused there) came back from its
    journal several bot moves on - the resumed board let the bots play while it was being
    built. It comes back at the same action, paused, with the same state."""
    monkeypatch.chdir(tmp_path)
    b = Board.from_deck(base_deck, seed=3, name="rw", seats=["human", "greedy", "greedy", "greedy"])
    b.autoplay(60)
    pos = next(p for p in range(len(b.game.actions) - 1, 0, -1)
               if (b.rewind(p), b._bot_to_act())[1])  # back to just before a bot's move
    assert b.paused and len(b.game.actions) == pos
    state = b.game.state_dict()
    b.journal.detach()
    again = Board.resume(name="rw")
    assert len(again.game.actions) == pos and again.paused and again.pause_btn.value
    assert again.game.state_dict() == state
    again.resume_bots()  # the bots play on only when asked
    assert len(again.game.actions) > pos


def test_a_board_whose_journal_was_taken_over_says_so_with_its_next_message(base_deck, tmp_path, monkeypatch):
    """New-user finding: resuming a live board's journal in the same kernel stopped the first
    board's journal silently (its next autoplay said only "played N actions"). Its next
    message says journaling stopped, once."""
    monkeypatch.chdir(tmp_path)
    a = Board.from_deck(base_deck, seed=1, name="j3")
    a.autoplay(3)
    assert "journaling stopped" not in a.message.value
    Board.resume(name="j3")
    a.autoplay(3)
    assert a.message.value.startswith('<div class="mlab-msg-warning">played ')
    assert "· journaling stopped: another board of this kernel took over j3.journal.jsonl" in a.message.value
    a.autoplay(2)
    assert "journaling stopped" not in a.message.value
