"""Helpers of the widget tests (unique module name: imported by the tests)."""
from __future__ import annotations

import re


def pass_setup(board) -> None:
    """Click 'pass' until Kick Open the Door is a legal button."""
    for _ in range(10):
        if board.button_for("kick") is not None:
            return
        board.button_for("pass").click()
    raise AssertionError("setup never ended")


def strip_token(html: str) -> str:
    """The screen HTML without its render token (two draws of one position compare equal)."""
    return re.sub(r'data-token="\d+"', "", html)


def play_first_until(board, stop, cap: int = 3000) -> int:
    """Click the first (green) action button until ``stop(board)``; returns the clicks."""
    for n in range(cap):
        if stop(board):
            return n
        shown = board.shown()
        assert shown, board.table.html[:400]
        shown[0].click()
    raise AssertionError("stop condition never reached")
