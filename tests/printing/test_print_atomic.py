"""Print sheets are written as one unit: Ctrl-C, a full disk or a kill leave the previous PDF
as it was; Ctrl-C exits 130 with one line."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap

from typer.testing import CliRunner

runner = CliRunner()


def test_ctrl_c_while_rendering_keeps_the_previous_pdf(print_url, tmp_path, monkeypatch):
    from munchkin_lab.cli import app as root_app
    from munchkin_lab.printing import sheets

    out = tmp_path / "cards.pdf"
    out.write_bytes(b"%PDF previous sheets")

    def interrupted(*a, **k):
        with open(a[1], "wb") as fh:  # half a PDF in the temporary file
            fh.write(b"%PDF-1.4 half")
        raise KeyboardInterrupt

    monkeypatch.setattr(sheets, "render", interrupted)
    res = runner.invoke(root_app, ["print", "base", "--out", str(out), "--force", "--url", print_url])
    assert res.exit_code == 130, res.output
    assert res.output.strip() == f"Interrupted: nothing written ({out} is as it was)."
    assert out.read_bytes() == b"%PDF previous sheets"
    assert [p.name for p in tmp_path.iterdir()] == ["cards.pdf"]


def test_full_disk_keeps_the_previous_pdf(print_url, tmp_path):
    out = tmp_path / "cards.pdf"
    out.write_bytes(b"%PDF previous sheets")
    code = textwrap.dedent(f"""
        import resource, signal, sys
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        from munchkin_lab.cli import app
        from munchkin_lab.printing.selection import resolve_titled
        resolve_titled("base", url={print_url!r})  # the card database is read before the limit
        resource.setrlimit(resource.RLIMIT_FSIZE, (50_000, 50_000))
        sys.argv = ["munchkin-lab", "print", "base", "--out", {str(out)!r}, "--force", "--url", {print_url!r}]
        app()
    """)
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300,
                       env=dict(os.environ))
    assert r.returncode == 1, (r.stdout, r.stderr)
    assert f"Error: cannot write '{out}'" in r.stderr and "previous file (if any) is kept" in r.stderr
    assert "Traceback" not in r.stderr
    assert out.read_bytes() == b"%PDF previous sheets"
    assert [p.name for p in tmp_path.iterdir()] == ["cards.pdf"]
