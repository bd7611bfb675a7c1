"""Atomic files (munchkin_lab.fileio): the previous file survives a failed write, a full disk
(a file-size limit, RLIMIT_FSIZE) and a kill while writing."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

from munchkin_lab.fileio import atomic_path, atomic_write_bytes, atomic_write_text


def test_write_replaces_and_leaves_no_temporary(tmp_path):
    p = tmp_path / "game.json"
    atomic_write_text(p, "old")
    atomic_write_text(p, "new")
    assert p.read_text() == "new"
    assert sorted(x.name for x in tmp_path.iterdir()) == ["game.json"]


def test_exception_keeps_previous_file(tmp_path):
    p = tmp_path / "deck.txt"
    p.write_text("good")
    with pytest.raises(RuntimeError):
        with atomic_path(p) as tmp:
            tmp.write_text("half")
            raise RuntimeError("boom")
    assert p.read_text() == "good"
    assert [x.name for x in tmp_path.iterdir()] == ["deck.txt"]


def test_missing_folder_is_not_created(tmp_path):
    with pytest.raises(FileNotFoundError):
        atomic_write_text(tmp_path / "nope" / "x.txt", "x")
    assert not (tmp_path / "nope").exists()


def test_full_disk_keeps_previous_file(tmp_path):
    """A file-size limit makes the write fail like a full disk does (EFBIG instead of ENOSPC)."""
    p = tmp_path / "results.bin"
    p.write_bytes(b"previous good results")
    code = textwrap.dedent(f"""
        import resource, signal, sys
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (1000, 1000))
        from munchkin_lab.fileio import atomic_write_bytes
        try:
            atomic_write_bytes({str(p)!r}, b"x" * 100000)
        except OSError as exc:
            print("refused", exc.errno)
            sys.exit(0)
        sys.exit(3)
    """)
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("refused")
    assert p.read_bytes() == b"previous good results"
    assert [x.name for x in tmp_path.iterdir()] == ["results.bin"]


def test_kill_while_writing_keeps_previous_file(tmp_path):
    p = tmp_path / "save.json"
    p.write_text("previous")
    code = textwrap.dedent(f"""
        import os, time
        from munchkin_lab.fileio import atomic_path
        with atomic_path({str(p)!r}) as tmp:
            with open(tmp, "w") as fh:
                fh.write("partial")
                fh.flush()
                print("writing", flush=True)
                time.sleep(30)
    """)
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "writing"
    proc.kill()
    proc.wait()
    assert p.read_text() == "previous"


def test_mode_is_applied(tmp_path):
    p = atomic_write_bytes(tmp_path / "a.html", b"<p>", mode=0o600)
    assert (os.stat(p).st_mode & 0o777) == 0o600


def test_leftovers_of_a_killed_writer_are_removed_later(tmp_path):
    from munchkin_lab.fileio import remove_stale_parts

    p = tmp_path / "results.parquet"
    p.write_text("good")
    code = textwrap.dedent(f"""
        import time
        from munchkin_lab.fileio import atomic_path
        with atomic_path({str(p)!r}) as tmp:
            tmp.write_text("partial")
            print(tmp.name, flush=True)
            time.sleep(30)
    """)
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    name = proc.stdout.readline().strip()
    assert name.startswith(f".results.parquet.{proc.pid}.") and name.endswith(".part")
    assert remove_stale_parts(p) == []  # its writer still runs
    proc.kill()
    proc.wait()
    other = tmp_path / ".other.txt.1.x.part"
    other.write_text("not ours")
    with atomic_path(p) as mine:  # this process's own temporary file is kept
        mine.write_text("new")
        assert remove_stale_parts(p) == [tmp_path / name]
        assert mine.exists()
    assert p.read_text() == "new"
    assert sorted(x.name for x in tmp_path.iterdir()) == [".other.txt.1.x.part", "results.parquet"]
