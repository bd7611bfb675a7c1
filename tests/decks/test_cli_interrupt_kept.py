"""A Ctrl-C before a writing command saved anything says what was kept (a new user's
finding: ``db export --force``, ``deck bundle --force`` and ``deck import-bundle`` printed a
bare ``Interrupted.``), as ``set import`` does: ``Interrupted: nothing imported from F; ...``
or ``Interrupted: nothing written; F is unchanged.`` (munchkin_lab.cli.says_kept)."""
from __future__ import annotations

import pytest
from typer.testing import CliRunner

from munchkin_lab.cli import app

runner = CliRunner()


@pytest.fixture
def url(fresh_sqlite):
    return fresh_sqlite


def _ctrl_c(*args, **kwargs):
    raise KeyboardInterrupt


def _run(url, *args):
    return runner.invoke(app, [*args, "--url", url])


def test_db_export_force_interrupted_says_the_old_csv_is_unchanged(url, monkeypatch, tmp_path):
    csv = tmp_path / "all.csv"
    csv.write_text("old\n", encoding="utf-8")
    monkeypatch.setattr("munchkin_lab.cards.api.export_csv", _ctrl_c)
    r = _run(url, "db", "export", str(csv), "--force")
    assert r.exit_code == 130, r.output
    assert r.stderr == f"Interrupted: nothing written; {csv} is unchanged.\n"
    assert csv.read_text(encoding="utf-8") == "old\n"


def test_deck_bundle_and_exports_interrupted_say_nothing_was_written(url, monkeypatch, tmp_path):
    assert _run(url, "deck", "new", "Mix", "--set", "munchkin").exit_code == 0
    assert _run(url, "set", "new", "my_fan", "My fan").exit_code == 0
    bundle = tmp_path / "mix.yaml"
    monkeypatch.setattr("munchkin_lab.decks.bundle.export_bundle", _ctrl_c)
    r = _run(url, "deck", "bundle", "Mix", str(bundle), "--force")
    assert (r.exit_code, r.stderr) == (130, f"Interrupted: nothing written; {bundle} was not created.\n")
    assert not bundle.exists()
    out = tmp_path / "mix.txt"
    out.write_text("old deck\n", encoding="utf-8")
    monkeypatch.setattr("munchkin_lab.fileio.atomic_write_text", _ctrl_c)
    r = _run(url, "deck", "export", "Mix", str(out), "--force")
    assert (r.exit_code, r.stderr) == (130, f"Interrupted: nothing written; {out} is unchanged.\n")
    assert out.read_text(encoding="utf-8") == "old deck\n"
    monkeypatch.setattr("munchkin_lab.cards.designer.export_set", _ctrl_c)
    fan = tmp_path / "my_fan.yaml"
    r = _run(url, "set", "export", "my_fan", str(fan))
    assert (r.exit_code, r.stderr) == (130, f"Interrupted: nothing written; {fan} was not created.\n")


def test_import_bundle_interrupted_before_its_commit_says_nothing_was_imported(url, monkeypatch, tmp_path):
    from munchkin_lab import config
    from munchkin_lab.decks.store import list_decks

    assert _run(url, "deck", "new", "Mix", "--set", "munchkin").exit_code == 0
    bundle = tmp_path / "mix.yaml"
    assert _run(url, "deck", "bundle", "Mix", str(bundle)).exit_code == 0
    monkeypatch.setattr(config, "lock_tables", _ctrl_c)  # inside the import's transaction
    r = _run(url, "deck", "import-bundle", str(bundle), "--name", "B")
    assert (r.exit_code, r.stderr) == (130, f"Interrupted: nothing imported from {bundle}; the database is as it "
                                            "was.\n")
    assert sorted(list_decks(url)["name"]) == ["Mix"]


def test_db_schema_out_interrupted_says_nothing_was_written(monkeypatch, tmp_path):
    """``db schema --out F``: a Ctrl-C before F is written says F was kept (a bare
    ``Interrupted.`` before)."""
    out = tmp_path / "schema.json"
    monkeypatch.setattr("munchkin_lab.cards.files.json_schema_text", _ctrl_c)
    r = runner.invoke(app, ["db", "schema", "--out", str(out)])
    assert (r.exit_code, r.stderr) == (130, f"Interrupted: nothing written; {out} was not created.\n")
    assert not out.exists() and list(tmp_path.iterdir()) == []
    out.write_text("{}\n", encoding="utf-8")
    r = runner.invoke(app, ["db", "schema", "--out", str(out), "--force"])
    assert (r.exit_code, r.stderr) == (130, f"Interrupted: nothing written; {out} is unchanged.\n")
    assert out.read_text(encoding="utf-8") == "{}\n"
