"""A Ctrl+C that reaches the command line's root once the command has run (new-user finding:
after a command finished it printed a bare "Interrupted."): the line says the command had
finished, that its work stands, and what it saved. The Ctrl+C is simulated where it lands for
real: as the process exits (``sys.exit`` of click's standalone mode)."""
from __future__ import annotations

import sys

import pytest

from munchkin_lab import cli


@pytest.fixture
def late_ctrl_c(monkeypatch):
    """The first ``sys.exit`` raises KeyboardInterrupt (Ctrl+C as the process exits); the next
    is the real one."""
    real = sys.exit
    calls = []

    def exit_(code=0):
        calls.append(code)
        if len(calls) == 1:
            raise KeyboardInterrupt
        real(code)

    monkeypatch.setattr(sys, "exit", exit_)
    monkeypatch.setattr(cli, "_COMMAND_STARTED", False)
    monkeypatch.setattr(cli, "_COMMAND_FINISHED", False)
    return calls


def test_a_ctrl_c_after_the_command_finished_says_so(late_ctrl_c, capsys):
    with pytest.raises(SystemExit) as e:
        cli.app(args=["cards", "--format", "csv", "name:\"Potted Plant\""])
    assert e.value.code == cli.EXIT_INTERRUPTED
    out, err = capsys.readouterr()
    assert "Potted Plant" in out  # the command ran to its end
    assert err.strip().splitlines()[-1] == ("Interrupted after the command had finished: its work was done and "
                                            "its output above stands; nothing was undone.")


def test_the_line_names_what_the_command_saved():
    assert cli.late_interrupt_line(True, ["deck 'Mix' was saved", "deck 'Mix' was saved"]) == (
        "Interrupted after the command had finished (deck 'Mix' was saved): its work was done and its output "
        "above stands; nothing was undone.")
    assert cli.late_interrupt_line(False).startswith("Interrupted while the command was ending: ")
    assert cli.late_interrupt_line(False) != "Interrupted."


_EXITING = """
import os, signal, sys
from munchkin_lab import cli
cli._COMMAND_FINISHED = True
cli._COMMAND_SAVED[:] = ["deck 'X' was saved"]
print("imported deck 'X'", flush=True)
cli._exiting_says_finished()
class Late:
    def __del__(self):  # runs as Python tears its modules down, after its own signal handling ends
        os.kill(os.getpid(), signal.SIGINT)
late = Late()
if sys.argv[1] == "now":
    os.kill(os.getpid(), signal.SIGINT)
sys.exit(0)
"""


@pytest.mark.parametrize("when", ["now", "teardown"])
def test_a_ctrl_c_while_the_process_exits_is_never_a_silent_130(when, tmp_path):
    """A new user's finding: ``deck import-bundle`` printed its summary and exited 130 with no
    line: the Ctrl+C came while Python tore itself down, where the default action of SIGINT is
    back. Now: while a handler can run, the late line; later, the command's own status."""
    import subprocess

    script = tmp_path / "exiting.py"
    script.write_text(_EXITING, encoding="utf-8")
    r = subprocess.run([sys.executable, str(script), when], capture_output=True, text=True, timeout=120)
    assert r.stdout == "imported deck 'X'\n"
    if when == "now":
        assert (r.returncode, r.stderr) == (130, cli.late_interrupt_line(True, ["deck 'X' was saved"]) + "\n")
    else:
        assert (r.returncode, r.stderr) == (0, "")
