"""A Ctrl-C while a writing command prints its result, after its write reached the disk,
says what was saved (exit 130), never a bare ``Interrupted.`` (munchkin_lab.saved)."""
from __future__ import annotations

import pytest
import typer
from typer.testing import CliRunner

from munchkin_lab.cli import app

runner = CliRunner()
GHOST = "{name: Sea Ghost, kind: monster, deck: door, level: 6, effects: {bad_stuff: [{lose_levels: 2}]}}"


@pytest.fixture
def url(fresh_sqlite):
    return fresh_sqlite


def _ctrl_c_when_printing(monkeypatch, prefix: str) -> list[str]:
    """The first result line starting with ``prefix`` (on stdout) raises KeyboardInterrupt,
    as a Ctrl-C landing while the command prints it. Returns the lines that raised."""
    real = typer.echo
    hit: list[str] = []

    def echo(message=None, *args, **kwargs):
        if not kwargs.get("err") and not hit and str(message or "").startswith(prefix):
            hit.append(str(message))
            raise KeyboardInterrupt
        return real(message, *args, **kwargs)

    monkeypatch.setattr(typer, "echo", echo)
    return hit


def _run(url, *args, input=None):
    return runner.invoke(app, [*args, "--url", url], input=input)


def _interrupted(monkeypatch, url, prefix, *args) -> str:
    hit = _ctrl_c_when_printing(monkeypatch, prefix)
    r = _run(url, *args)
    monkeypatch.undo()
    assert hit, (args, r.output)
    assert r.exit_code == 130, (args, r.output)
    return r.stderr


def test_ctrl_c_while_a_deck_command_prints_says_what_was_saved(url, monkeypatch, tmp_path):
    assert _run(url, "deck", "new", "Mix", "--set", "munchkin").exit_code == 0
    assert _interrupted(monkeypatch, url, "saved deck", "deck", "new", "Other", "--set", "munchkin") \
        == "Interrupted: deck 'Other' was saved.\n"
    assert _interrupted(monkeypatch, url, "added 1 card", "deck", "add", "Mix", "Potted Plant") \
        == "Interrupted: deck 'Mix' was saved.\n"
    assert _interrupted(monkeypatch, url, "renamed deck", "deck", "rename", "Other", "Renamed") \
        == "Interrupted: the renaming of deck 'Other' to 'Renamed' was saved.\n"
    out = tmp_path / "mix.txt"
    assert _interrupted(monkeypatch, url, "wrote", "deck", "export", "Mix", str(out)) \
        == f"Interrupted: {out} was written.\n"
    assert "name: Mix\n" in out.read_text(encoding="utf-8")
    assert _interrupted(monkeypatch, url, "imported deck", "deck", "import", str(out), "--name", "Copy") \
        == "Interrupted: deck 'Copy' was saved.\n"
    bundle = tmp_path / "mix.yaml"
    assert _interrupted(monkeypatch, url, "wrote", "deck", "bundle", "Mix", str(bundle)) \
        == f"Interrupted: {bundle} was written.\n"
    assert _interrupted(monkeypatch, url, "imported deck", "deck", "import-bundle", str(bundle), "--name", "B") \
        .startswith("Interrupted: the bundle's import was saved: imported deck 'B'")
    assert _interrupted(monkeypatch, url, "deleted deck", "deck", "delete", "Copy", "--yes") \
        == "Interrupted: the deletion of deck 'Copy' was saved.\n"
    from munchkin_lab.decks.store import list_decks

    assert sorted(list_decks(url)["name"]) == ["B", "Mix", "Renamed"]


def test_ctrl_c_while_a_card_or_set_command_prints_says_what_was_saved(url, monkeypatch, tmp_path):
    assert _interrupted(monkeypatch, url, "created designer set", "set", "new", "my_fan", "My fan") \
        == "Interrupted: designer set 'my_fan' was saved.\n"
    assert _interrupted(monkeypatch, url, "added", "cards", "add", "my_fan", GHOST) \
        == "Interrupted: card my_fan:Sea Ghost (version 1) was saved.\n"
    assert _interrupted(monkeypatch, url, "updated", "cards", "edit", "Sea Ghost", "{level: 7}") \
        == "Interrupted: card my_fan:Sea Ghost (version 2) was saved.\n"
    out = tmp_path / "my_fan.yaml"
    assert _interrupted(monkeypatch, url, "wrote", "set", "export", "my_fan", str(out)) \
        == f"Interrupted: {out} was written.\n"
    assert "name: Sea Ghost" in out.read_text(encoding="utf-8")
    assert _interrupted(monkeypatch, url, "set 'my_fan' updated", "set", "import", str(out), "--yes") \
        .startswith(f"Interrupted: the import of {out} was saved: set 'my_fan' updated")
    csv = tmp_path / "cards.csv"
    assert _interrupted(monkeypatch, url, "wrote", "db", "export", str(csv)) == f"Interrupted: {csv} was written.\n"
    assert _interrupted(monkeypatch, url, "0 added", "db", "import", str(csv)) \
        .startswith(f"Interrupted: the import of {csv} was saved: 0 added")
    assert _interrupted(monkeypatch, url, "deleted", "cards", "delete", "Sea Ghost") \
        == "Interrupted: the deletion of card my_fan:Sea Ghost was saved.\n"
    assert _interrupted(monkeypatch, url, "built:", "db", "build") \
        == "Interrupted: the build had finished; the new database is saved.\n"


def test_ctrl_c_before_any_write_is_still_a_bare_interrupted(url, monkeypatch):
    """A command that wrote nothing (a read) keeps the plain line."""
    assert _interrupted(monkeypatch, url, "", "deck", "list") == "Interrupted.\n"
    assert _interrupted(monkeypatch, url, "", "set", "list") == "Interrupted.\n"


def test_ctrl_c_while_simulate_prints_says_the_out_file_was_written(url, monkeypatch, tmp_path):
    """``simulate --out``: a Ctrl-C while the finished run's result is printed said
    "Interrupted before any game finished; nothing written." with the file written."""
    out = tmp_path / "run.json"
    assert _interrupted(monkeypatch, url, "Munchkin (base game) [deck ", "simulate", "base", "--games", "2", "--workers", "1",
                        "--no-progress", "--out", str(out)) == f"Interrupted: {out} was written.\n"
    assert out.exists()
