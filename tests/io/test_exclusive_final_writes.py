"""Without ``--force``, every file-writing command checks at its start that its file is free
and takes the name at the end only if it is still free (an exclusive link, as ``simulate
--out`` and ``compare --plots`` do): a file another program wrote there while the command ran
(a second run of the same command) is kept as it was, the command's own file goes beside it,
``<name>.not-replaced<suffix>``, and the command says so. With ``--force`` the file is
replaced, as before. Each test makes the file appear between the start check and the final
write by wrapping a step in between."""
from __future__ import annotations

import csv
import importlib
import io

import pytest
from typer.testing import CliRunner

from munchkin_lab import config
from munchkin_lab.cli import app

runner = CliRunner()
THEIRS = b"another run's file\n"


@pytest.fixture(scope="module")
def url(tmp_path_factory):
    """A real card database with the example designer set imported."""
    from munchkin_lab.cards.build import build

    u = f"sqlite:///{tmp_path_factory.mktemp('exclusive_db') / 'cards.sqlite'}"
    build(url=u)
    res = runner.invoke(app, ["set", "import", str(config.DATABASE_DIR / "examples" / "example_haunted_harbor.yaml"),
                              "--yes", "--url", u])
    assert res.exit_code == 0, res.output
    yield u
    config.dispose_engine(u)


def _appears_during(monkeypatch, module: str, attr: str, path, data: bytes = THEIRS) -> None:
    """Another program writes ``path`` when the command reaches ``module.attr`` (a step
    between its start check and its final write)."""
    mod = importlib.import_module(module)
    real = getattr(mod, attr)

    def step(*a, **k):
        if not path.exists():
            path.write_bytes(data)
        return real(*a, **k)

    monkeypatch.setattr(mod, attr, step)


def _said(path, kept, res) -> bool:
    return (f"{path} appeared during this run (another program wrote it) and is kept as it was"
            in " ".join(res.output.split()))


def _names(folder):
    return sorted(p.name for p in folder.iterdir())


def test_print_keeps_a_pdf_and_a_preview_that_appeared(url, tmp_path, monkeypatch):
    out, png = tmp_path / "cards.pdf", tmp_path / "page.png"
    _appears_during(monkeypatch, "munchkin_lab.printing.sheets", "render", out)
    res = runner.invoke(app, ["print", "tag:ghost", "--out", str(out), "--url", url])
    assert res.exit_code == 0, res.output
    kept = tmp_path / "cards.not-replaced.pdf"
    assert out.read_bytes() == THEIRS
    assert kept.read_bytes().startswith(b"%PDF")
    assert res.output.startswith(f"wrote {kept}: ") and _said(out, kept, res), res.output
    assert _names(tmp_path) == ["cards.not-replaced.pdf", "cards.pdf"]

    monkeypatch.undo()  # now the preview's name is taken while the page is drawn
    out2 = tmp_path / "again.pdf"
    _appears_during(monkeypatch, "munchkin_lab.printing.sheets", "preview_png", png)
    res = runner.invoke(app, ["print", "tag:ghost", "--out", str(out2), "--preview", str(png), "--url", url])
    assert res.exit_code == 0, res.output
    assert out2.read_bytes().startswith(b"%PDF") and png.read_bytes() == THEIRS
    kept_png = tmp_path / "page.not-replaced.png"
    assert kept_png.read_bytes().startswith(b"\x89PNG")
    assert f"the preview is {kept_png}" in res.output and _said(png, kept_png, res), res.output

    # --force replaces the file that appeared, as before
    monkeypatch.undo()
    out.unlink()
    _appears_during(monkeypatch, "munchkin_lab.printing.sheets", "render", out)
    res = runner.invoke(app, ["print", "tag:ghost", "--out", str(out), "--force", "--url", url])
    assert res.exit_code == 0, res.output
    assert out.read_bytes().startswith(b"%PDF") and "appeared" not in res.output
    assert res.output.startswith(f"wrote {out}: ")


def test_deck_export_keeps_a_file_that_appeared(url, tmp_path, monkeypatch):
    out = tmp_path / "base.yaml"
    _appears_during(monkeypatch, "munchkin_lab.decks.cli", "_get", out)
    res = runner.invoke(app, ["deck", "export", "base", str(out), "--url", url])
    assert res.exit_code == 0, res.output
    kept = tmp_path / "base.not-replaced.yaml"
    assert out.read_bytes() == THEIRS
    assert "Potted Plant" in kept.read_text()  # the base deck, whole
    assert res.output.startswith(f"wrote {kept} (YAML)") and _said(out, kept, res), res.output
    assert _names(tmp_path) == ["base.not-replaced.yaml", "base.yaml"]
    out.unlink()
    res = runner.invoke(app, ["deck", "export", "base", str(out), "--force", "--url", url])
    assert res.exit_code == 0 and "Potted Plant" in out.read_text() and "appeared" not in res.output


def test_deck_bundle_keeps_a_file_that_appeared(url, tmp_path, monkeypatch):
    out = tmp_path / "mix.yaml"
    _appears_during(monkeypatch, "munchkin_lab.decks.bundle", "bundle_text", out)
    res = runner.invoke(app, ["deck", "bundle", "base", str(out), "--url", url])
    assert res.exit_code == 0, res.output
    kept = tmp_path / "mix.not-replaced.yaml"
    assert out.read_bytes() == THEIRS
    from munchkin_lab.decks.bundle import read_bundle

    assert read_bundle(kept)["deck"]["name"] == "Munchkin (base game)"
    assert res.output.startswith(f"wrote {kept}: deck 'Munchkin (base game)'") and _said(out, kept, res), res.output
    out.unlink()
    res = runner.invoke(app, ["deck", "bundle", "base", str(out), "--force", "--url", url])
    assert res.exit_code == 0 and read_bundle(out)["deck"]["name"] == "Munchkin (base game)" and "appeared" not in res.output


def test_set_export_keeps_a_file_that_appeared(url, tmp_path, monkeypatch):
    from munchkin_lab.cards.designer import read_set_text

    out = tmp_path / "harbor.yaml"
    _appears_during(monkeypatch, "munchkin_lab.cards.designer", "_dump", out)
    res = runner.invoke(app, ["set", "export", "example_haunted_harbor", str(out), "--url", url])
    assert res.exit_code == 0, res.output
    kept = tmp_path / "harbor.not-replaced.yaml"
    assert out.read_bytes() == THEIRS
    n = len(read_set_text(kept.read_text(), str(kept)).cards)
    assert n > 0
    assert res.output.startswith(f"wrote {kept} ({n} cards)") and _said(out, kept, res), res.output
    assert _names(tmp_path) == ["harbor.not-replaced.yaml", "harbor.yaml"]
    out.unlink()
    res = runner.invoke(app, ["set", "export", "example_haunted_harbor", str(out), "--force", "--url", url])
    assert res.exit_code == 0 and len(read_set_text(out.read_text(), str(out)).cards) == n
    assert "appeared" not in res.output


def test_db_export_keeps_a_file_that_appeared(url, tmp_path, monkeypatch):
    out = tmp_path / "cards.csv"
    _appears_during(monkeypatch, "munchkin_lab.cards.api", "_rows", out)
    res = runner.invoke(app, ["db", "export", str(out), "--url", url])
    assert res.exit_code == 0, res.output
    kept = tmp_path / "cards.not-replaced.csv"
    assert out.read_bytes() == THEIRS
    rows = list(csv.DictReader(io.StringIO(kept.read_text(encoding="utf-8"), newline="")))
    assert len(rows) > 200
    assert res.output.startswith(f"wrote {len(rows)} cards to {kept}") and _said(out, kept, res), res.output
    out.unlink()
    res = runner.invoke(app, ["db", "export", str(out), "--force", "--url", url])
    assert res.exit_code == 0 and out.read_bytes() != THEIRS and "appeared" not in res.output
    assert res.output.startswith(f"wrote {len(rows)} cards to {out}")


def test_the_python_api_without_overwrite_raises_and_keeps_both(url, tmp_path, monkeypatch):
    """``export_csv`` (and the other exports) with ``overwrite=False``: the file that appeared
    is kept; :class:`FileAppearedError` (a ``FileExistsError``) names the file the work went to."""
    from munchkin_lab.cards.api import export_csv
    from munchkin_lab.fileio import FileAppearedError

    out = tmp_path / "cards.csv"
    _appears_during(monkeypatch, "munchkin_lab.cards.api", "_rows", out)
    with pytest.raises(FileExistsError) as info:
        export_csv(out, url=url)
    assert isinstance(info.value, FileAppearedError)
    assert info.value.kept == tmp_path / "cards.not-replaced.csv" and info.value.result > 200
    assert out.read_bytes() == THEIRS
    out.unlink()
    assert export_csv(out, url=url, overwrite=True) == info.value.result  # overwrite=True replaces, as before
    assert out.read_bytes() != THEIRS


def test_db_schema_out_keeps_a_file_that_appeared(tmp_path, monkeypatch):
    """``db schema --out F`` checked F at its start only, then replaced whatever was there."""
    import json

    from munchkin_lab.cards.files import json_schema_text

    expected = json.loads(json_schema_text())
    out = tmp_path / "schema.json"
    # it appears just before the final write (after the start check, once the schema is made)
    _appears_during(monkeypatch, "munchkin_lab.fileio", "atomic_write_text", out)
    res = runner.invoke(app, ["db", "schema", "--out", str(out)])
    assert res.exit_code == 0, res.output
    kept = tmp_path / "schema.not-replaced.json"
    assert out.read_bytes() == THEIRS
    assert json.loads(kept.read_text(encoding="utf-8")) == expected
    assert res.output.startswith(f"wrote {kept}; ") and _said(out, kept, res), res.output
    assert _names(tmp_path) == ["schema.json", "schema.not-replaced.json"]
    # --force replaces the file that appeared, as before
    out.unlink()
    res = runner.invoke(app, ["db", "schema", "--out", str(out), "--force"])
    assert res.exit_code == 0, res.output
    assert json.loads(out.read_text(encoding="utf-8")) == expected and res.output == f"wrote {out}\n"
    assert _names(tmp_path) == ["schema.json", "schema.not-replaced.json"]
