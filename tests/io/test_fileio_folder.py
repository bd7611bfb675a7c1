"""A file written into a folder that cannot be written: the error names the folder (as every
other command does), never the hidden temporary file (new-user finding: ``set export`` said
``Operation not permitted: /tmp/nu6/ro/.s.yaml.1748.oxywr2cq.part``)."""
from __future__ import annotations

import errno
import tempfile

import pytest

from munchkin_lab.cli import error_message
from munchkin_lab.fileio import atomic_write_text


@pytest.mark.parametrize("code", [errno.EPERM, errno.EACCES, errno.EROFS])
def test_a_folder_that_cannot_be_written_is_named(tmp_path, monkeypatch, code):
    folder = tmp_path / "ro"
    folder.mkdir()

    def refused(*a, **k):  # what the system says for a folder this user may not write (root too: EPERM)
        raise PermissionError(code, "Operation not permitted", str(folder / ".s.yaml.1748.oxywr2cq.part"))

    monkeypatch.setattr(tempfile, "mkstemp", refused)
    with pytest.raises(PermissionError) as info:
        atomic_write_text(folder / "s.yaml", "x")
    assert str(info.value) == (f"cannot write '{folder / 's.yaml'}': folder '{folder}' is not writable "
                               "(Operation not permitted)")
    msg = error_message(info.value)  # the CLI's words: the reason, then the file
    assert msg == f"folder '{folder}' is not writable (Operation not permitted): {folder / 's.yaml'}"
    assert ".part" not in msg
    assert list(folder.iterdir()) == []
