"""The ``print`` command (registered on a root app and standalone), ``python -m
munchkin_lab.printing``, and the deck builder's "Print sheet" button."""
from __future__ import annotations

import subprocess
import sys

import pytest
import typer
from pypdf import PdfReader
from typer.testing import CliRunner

from munchkin_lab.decks import Catalog, Deck
from munchkin_lab.engine.cards import CardSpec
from munchkin_lab.printing import cli as print_cli

runner = CliRunner()


@pytest.fixture(scope="module")
def root_app():
    app = typer.Typer()

    @app.command("version")
    def _version():  # a second command, so that `print` is a sub-command as in the real root app
        typer.echo("0")

    print_cli.register(app)
    return app


def test_print_command_writes_the_pdf(root_app, print_url, tmp_path):
    out = tmp_path / "ss.pdf"
    png = tmp_path / "ss.png"
    res = runner.invoke(root_app, ["print", "solar_storm", "--out", str(out), "--preview", str(png),
                                   "--url", print_url])
    assert res.exit_code == 0, res.output
    assert "17 tile(s)" in res.output and "2 page(s)" in res.output
    assert len(PdfReader(str(out)).pages) == 2
    assert png.read_bytes()[:4] == b"\x89PNG"
    # an existing file is replaced only with --force
    res = runner.invoke(root_app, ["print", "kind:monster level>=16", "--out", str(out), "--url", print_url])
    assert res.exit_code == 1 and f"Error: '{out}' already exists (use --force to overwrite it)" in res.output
    assert len(PdfReader(str(out)).pages) == 2
    res = runner.invoke(root_app, ["print", "kind:monster level>=16", "--out", str(out), "--force", "--no-backs",
                                   "--url", print_url])
    assert res.exit_code == 0, res.output
    assert len(PdfReader(str(out)).pages) == 1


def test_print_command_options(root_app, print_url, tmp_path):
    out = tmp_path / "q.pdf"
    res = runner.invoke(root_app, ["print", "kind:monster level>=16", "--out", str(out), "--size", "mini",
                                   "--paper", "letter", "--no-backs", "--no-cut-marks", "--url", print_url])
    assert res.exit_code == 0, res.output
    reader = PdfReader(str(out))
    assert len(reader.pages) == 1 and float(reader.pages[0].mediabox.width) == pytest.approx(612, abs=0.1)


@pytest.mark.parametrize("args,message,code", [
    (["print", "no-such-deck-zz"], "unknown deck", 1),
    (["print", "preset:nope"], "unknown deck", 1),
    (["print", "base", "--size", "huge"], "unknown card size", 2),   # usage: a bad option value
    (["print", "base", "--paper", "a3"], "paper", 2),
    (["print", "base", "--bleed", "12"], "bleed", 2),
])
def test_print_command_errors_exit_1_bad_input_2_usage(root_app, print_url, tmp_path, args, message, code):
    import re

    out = tmp_path / "x.pdf"
    res = runner.invoke(root_app, [*args, "--out", str(out), "--url", print_url])
    assert res.exit_code == code, res.output
    flat = re.sub(r"[\s\u2500-\u257f]+", " ", res.output)
    assert "Error" in flat and message in flat and "Traceback" not in res.output
    assert list(tmp_path.iterdir()) == []


def test_print_command_unwritable_output(root_app, print_url, tmp_path):
    res = runner.invoke(root_app, ["print", "base", "--out", str(tmp_path / "nope" / "x.pdf"), "--url", print_url])
    assert res.exit_code == 1 and "does not exist" in res.output


def test_python_dash_m(print_url, tmp_path):
    out = tmp_path / "sma.pdf"
    proc = subprocess.run([sys.executable, "-m", "munchkin_lab.printing", "star_munchkin_adventures",
                           "--out", str(out), "--url", print_url], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert out.is_file() and "6 tile(s)" in proc.stdout
    bad = subprocess.run([sys.executable, "-m", "munchkin_lab.printing", "", "--out", str(tmp_path / "y.pdf")],
                         capture_output=True, text=True, timeout=120)
    assert bad.returncode == 1 and "Error:" in bad.stderr and not (tmp_path / "y.pdf").exists()


# ------------------------------------------------------------------ the button
def test_print_sheet_button_writes_and_offers_the_pdf(tmp_path, monkeypatch):
    pytest.importorskip("ipywidgets")
    from munchkin_lab.printing import print_sheet_button

    monkeypatch.chdir(tmp_path)
    specs = [CardSpec.make(set="lab", name="Paper Golem", kind="monster", deck="door", level=3, treasures=1)]
    deck = Deck("My Test Deck", catalog=Catalog.from_specs(specs))
    deck.add("Paper Golem", copies=3)
    box = print_sheet_button(lambda: deck)
    assert box.button.description == "Print sheet"
    result = box.click()
    assert result is not None and box.last_result is result
    assert result.path == tmp_path / "my_test_deck.pdf" and result.cards == 3
    assert len(PdfReader(str(result.path)).pages) == 2
    html = box.last_html
    assert "data:application/pdf;base64," in html and "my_test_deck.pdf" in html


def test_print_sheet_button_shows_errors(tmp_path):
    pytest.importorskip("ipywidgets")
    from munchkin_lab.printing import print_sheet_button

    empty = Deck("Empty", catalog=Catalog.from_specs([]))
    box = print_sheet_button(lambda: empty, out=tmp_path / "e.pdf")
    assert box.click() is None and box.last_result is None
    html = box.last_html
    assert "Cannot print" in html and "empty" in html
    assert list(tmp_path.iterdir()) == []


@pytest.mark.skipif(not __import__("os").path.isdir("/sys"), reason="needs /sys (not writable, even for root)")
def test_print_command_unwritable_folder_names_the_output_not_the_temp_file(root_app, print_url):
    res = runner.invoke(root_app, ["print", "base", "--out", "/sys/x.pdf", "--url", print_url])
    assert res.exit_code == 1
    assert "Error: cannot write '/sys/x.pdf': " in res.output
    assert ".part" not in res.output and "Traceback" not in res.output


def test_print_temp_file_error_is_a_print_error(print_url, tmp_path, monkeypatch):
    from munchkin_lab.printing import sheets
    from munchkin_lab.printing.selection import PrintError

    def refuse(*a, **kw):
        raise PermissionError(13, "Permission denied", str(tmp_path / ".x.pdf.abc.part"))

    from munchkin_lab import fileio

    monkeypatch.setattr(fileio.tempfile, "mkstemp", refuse)  # printing writes through fileio
    with pytest.raises(PrintError) as info:
        sheets.print_cards("base", tmp_path / "x.pdf", url=print_url)
    # the folder named (fileio.atomic_path), never the temporary file, and said once
    assert str(info.value) == (f"cannot write {str(tmp_path / 'x.pdf')!r}: folder {str(tmp_path)!r} is not "
                               "writable (Permission denied); the previous file (if any) is kept")
