"""Helpers of the widget tests (unique module name: imported by the tests)."""
from __future__ import annotations

import re


def pass_setup(board) -> None:
    """Click 'pass' until Kick Down the Door is a legal button."""
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


class _Spoken:
    """The HTML walk of :func:`spoken`."""

    BLOCK = {"div", "table", "tr", "td", "th", "p", "h3", "details", "summary", "button", "select", "li"}
    VOID = {"img", "br", "input", "meta", "hr"}

    def __init__(self, skip_classes):
        from html.parser import HTMLParser

        outer = self

        class P(HTMLParser):
            def handle_starttag(self, tag, attrs):
                outer.start(tag, dict(attrs))

            def handle_endtag(self, tag):
                outer.end(tag)

            def handle_data(self, data):
                if not outer.hidden():
                    outer.cur.append(data)

        self.parser = P(convert_charrefs=True)
        self.lines: list[str] = []
        self.cur: list[str] = []
        self.stack: list[tuple[str, bool]] = []
        self.skip = set(skip_classes)

    def hidden(self) -> bool:
        return any(h for _t, h in self.stack)

    def flush(self) -> None:
        text = re.sub(r"\s+", " ", "".join(self.cur)).strip()
        if text:
            self.lines.append(text)
        self.cur = []

    def start(self, tag: str, a: dict) -> None:
        hide = a.get("aria-hidden") == "true" or bool(set((a.get("class") or "").split()) & self.skip)
        label, role = a.get("aria-label"), a.get("role")
        if tag in self.BLOCK and not self.hidden():
            self.flush()
        named = role in ("button", "img", "region", "group") or tag in ("button", "select")
        if not self.hidden() and not hide and label is not None and named:
            self.flush()
            self.lines.append(label)
            hide = role in ("button", "img") or tag in ("button", "select")  # its name replaces its content
        if tag == "select":
            hide = True
        if tag not in self.VOID:
            self.stack.append((tag, hide))

    def end(self, tag: str) -> None:
        while self.stack and self.stack.pop()[0] != tag:
            pass
        if tag in self.BLOCK and not self.hidden():
            self.flush()


def spoken(html: str, skip_classes=("mlab-piles-tight", "mlab-log-lines")) -> list[str]:
    """What a screen reader reads from a screen's HTML, line by line (roughly: a block element,
    a named button or a region/group name starts a line; inline text runs on as written, so
    "Level 4" followed at once by "P2" reads "Level 4P2"). Skipped: ``aria-hidden`` parts, the
    content of elements named by ``aria-label`` (buttons), menus, and parts with one of
    ``skip_classes`` (the one-line piles are hidden by CSS unless the table is crowded; the log
    is the engine's text)."""
    s = _Spoken(skip_classes)
    s.parser.feed(html)
    s.parser.close()
    s.flush()
    return s.lines


def bot_position(deck, stop, seeds=range(40), players: int = 4, cap: int = 3000):
    """The first position of greedy-bot games of ``deck`` (seeds ``seeds``) where
    ``stop(game, state_dict)`` holds: the game, stopped there."""
    from munchkin_lab.engine import Game
    from munchkin_lab.sim.bots import make_bot

    for seed in seeds:
        g = Game.new(players=players, deck=deck, seed=seed)
        bots = [make_bot("greedy", seed * 10 + i) for i in range(players)]
        for _ in range(cap):
            if stop(g, g.state_dict()):
                return g
            a = g.actor()
            if g.outcome() is not None or a is None:
                break
            g.play(bots[a].choose(g, a))
    raise AssertionError("no such position in the bot games")


def pending_why(sd) -> str | None:
    """The ``why`` of the first pending decision (None when there is none)."""
    pend = (sd.get("pending") or [None])[0]
    return pend.get("why") if pend else None
