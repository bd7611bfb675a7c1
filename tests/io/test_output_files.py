"""Every file-writing command speaks with one voice (munchkin_lab.fileio.check_new_file): an
existing file is refused unless ``--force`` (exit 1, the file untouched), and a name whose
suffix does not name the format written is refused (a usage error, exit 2), both before any
work (no database is opened: the URL here points at no database at all)."""
from __future__ import annotations

import pytest
from typer.testing import CliRunner

from munchkin_lab.cli import app
from munchkin_lab.fileio import OutputFileError, check_new_file

runner = CliRunner()


def test_check_new_file(tmp_path):
    notes = tmp_path / "notes.md"
    notes.write_text("my notes\n", encoding="utf-8")
    with pytest.raises(OutputFileError, match=r"notes\.md' already exists \(use --force to overwrite it\)") as info:
        check_new_file(notes)
    assert info.value.usage is False
    assert check_new_file(notes, force=True) == notes
    with pytest.raises(OutputFileError, match=r"conc\.txt': print writes a PDF: the file name must end in \.pdf$") as info:
        check_new_file(tmp_path / "conc.txt", suffixes=(".pdf",), what="print writes a PDF")
    assert info.value.usage is True
    assert check_new_file(tmp_path / "CONC.PDF", suffixes=(".pdf",)) == tmp_path / "CONC.PDF"
    with pytest.raises(OutputFileError, match="it is a folder"):
        check_new_file(tmp_path, force=True)
    with pytest.raises(OutputFileError, match="folder .*nope' does not exist"):
        check_new_file(tmp_path / "nope" / "x.csv")


@pytest.fixture
def files(tmp_path):
    """An existing file of each kind the commands write, with the user's own content."""
    out = {}
    for name in ("notes.md", "cards.pdf", "cards.csv", "r.csv", "mix.txt", "fan.yaml", "mix.bundle.yaml",
                 "schema.json", "page.png"):
        p = tmp_path / name
        p.write_text(f"the user's {name}\n", encoding="utf-8")
        out[name] = p
    return out


def _cases(t):
    """(arguments, exit code, message) of each refusal; ``t`` is the temporary folder."""
    return [
        (["print", "Conc", "--out", t / "notes.md"], 2, f"'{t / 'notes.md'}': print writes a PDF: the file name must end in .pdf"),
        (["print", "Conc", "--out", t / "conc.txt"], 2, "print writes a PDF: the file name must end in .pdf"),
        (["print", "Conc", "--out", t / "cards.pdf"], 1, f"'{t / 'cards.pdf'}' already exists (use --force to overwrite it)"),
        (["print", "Conc", "--out", t / "new.pdf", "--preview", t / "page.png"], 1, "page.png' already exists (use --force"),
        (["print", "Conc", "--out", t / "new.pdf", "--preview", t / "page.jpg"], 2, "--preview writes a PNG: the file name must end in .png"),
        (["db", "export", t / "notes2.md"], 2, "db export writes CSV: the file name must end in .csv"),
        (["db", "export", t / "cards.csv"], 1, f"'{t / 'cards.csv'}' already exists (use --force to overwrite it)"),
        (["db", "schema", "--out", t / "schema.json"], 1, "schema.json' already exists (use --force to overwrite it)"),
        (["db", "schema", "--out", t / "schema.md"], 2, "db schema writes JSON: the file name must end in .json"),
        (["simulate", "base", "--games", "2", "--out", t / "r.csv"], 1, f"'{t / 'r.csv'}' already exists (use --force to overwrite it)"),
        (["simulate", "base", "--games", "2", "--out", t / "r.txt"], 2, "suffix '.txt'"),
        (["deck", "export", "base", t / "mix.txt"], 1, f"'{t / 'mix.txt'}' already exists (use --force to overwrite it)"),
        (["deck", "bundle", "base", t / "mix.bundle.yaml"], 1, "mix.bundle.yaml' already exists (use --force to overwrite it)"),
        (["deck", "bundle", "base", t / "mix.bundle.txt"], 2, "a bundle is YAML: the file name must end in .yaml or .yml"),
        (["set", "export", "my_fan", t / "fan.yaml"], 1, f"'{t / 'fan.yaml'}' already exists (use --force to overwrite it)"),
        (["set", "export", "my_fan", t / "fan.txt"], 2, "a set file is YAML: the file name must end in .yaml or .yml"),
    ]


def test_file_writing_commands_refuse_before_any_work(files, tmp_path):
    url = f"sqlite:///{tmp_path / 'no-database-here.sqlite'}"
    before = {p: p.read_bytes() for p in files.values()}
    for args, code, message in _cases(tmp_path):
        argv = [str(a) for a in args]
        if argv[0] != "db" or argv[1] != "schema":
            argv += ["--url", url]
        res = runner.invoke(app, argv)
        assert res.exit_code == code, (argv, res.output)
        assert f"Error: {message}" in " ".join(res.output.split()) or message in res.output, (argv, res.output)
        assert "Traceback" not in res.output
    assert {p: p.read_bytes() for p in files.values()} == before  # nothing overwritten
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(files)  # nothing else written


def test_the_python_api_checks_the_suffix_as_the_commands_do(files, tmp_path):
    """``export_set``, ``export_bundle`` and ``print_cards`` refuse a file name whose suffix
    does not name the format they write, with the commands' message (one rule:
    ``fileio.check_suffix``), before any work: the URL points at no database."""
    from munchkin_lab.cards.designer import export_set
    from munchkin_lab.decks.bundle import export_bundle
    from munchkin_lab.printing import print_cards

    url = f"sqlite:///{tmp_path / 'no-database-here.sqlite'}"
    before = {p: p.read_bytes() for p in files.values()}
    cases = [
        (lambda: export_set("my_fan", tmp_path / "fan.txt", url=url),
         f"'{tmp_path / 'fan.txt'}': a set file is YAML: the file name must end in .yaml or .yml"),
        (lambda: export_bundle("base", tmp_path / "mix.bundle.txt", url=url),
         f"'{tmp_path / 'mix.bundle.txt'}': a bundle is YAML: the file name must end in .yaml or .yml"),
        (lambda: print_cards("base", tmp_path / "notes.md", url=url, bleed_mm=9),
         f"'{tmp_path / 'notes.md'}': print_cards writes a PDF: the file name must end in .pdf"),
    ]
    for call, message in cases:
        with pytest.raises(OutputFileError) as info:
            call()
        assert str(info.value) == message
        assert info.value.usage is True
    assert {p: p.read_bytes() for p in files.values()} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(files)
    # the right suffix in any case is taken (then the missing set is the problem)
    with pytest.raises(Exception) as info:
        export_set("my_fan", tmp_path / "FAN.YML", url=url)
    assert not isinstance(info.value, OutputFileError)
