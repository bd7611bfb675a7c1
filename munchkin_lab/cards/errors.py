"""Errors of the card database area (all are ``ValueError`` or ``LookupError``)."""
from __future__ import annotations


class CardDataError(ValueError):
    """The card data (files, CSV or database content) is invalid; nothing was written.

    Attributes:
        problems: one line per problem, ``"path:line: card 'Name': field: message"``.
        note: what to do about them (a closing line, not counted as a problem), or ``""``.
    """

    def __init__(self, problems: list[str], note: str = ""):
        self.problems = list(problems)
        self.note = note
        from ..plural import listed_lines

        n = len(self.problems)
        head = f"{n} problem{'s' if n != 1 else ''} in the card data"
        # (the first 50, then how many more: all of them stay in ``problems``)
        shown = listed_lines(self.problems, "fix these and run again to see the rest")
        super().__init__(head + ":\n" + shown + (f"\n{note}" if note else ""))


class NoDatabaseError(CardDataError):
    """There is no card database at the URL (a missing SQLite file, an empty database): said
    as such, not as "1 problem in the card data". ``problems`` holds the one line."""

    def __init__(self, url: str, detail: str = ""):
        from ..config import build_command

        line = f"no card database at {url}{f' ({detail})' if detail else ''}; run `{build_command(url)}` first"
        self.problems = [line]
        ValueError.__init__(self, line)


class UnreadableDatabaseError(CardDataError):
    """The card database cannot be read at all: a server that cannot be reached (a wrong
    host or port, a server that is down, a refused login) or a SQLite file that cannot be
    opened. Said as such, not as "1 problem in the card data": nothing is wrong with the
    cards. ``problems`` holds the one line (the URL with its password masked)."""

    def __init__(self, line: str):
        self.problems = [line]
        self.note = ""
        ValueError.__init__(self, line)


class SearchSyntaxError(ValueError):
    """A search query that cannot be parsed or compiled.

    Attributes:
        position: 0-based character offset in the query where the problem is.
        query: the query text.
        reason: the message without the position and the pointer.
        suggestions: the nearest valid words (field names, kinds, slots...), best first;
            empty when there is nothing to suggest.
    """

    #: The longest message kept whole: a longer one (a huge query's value quoted in it) is cut.
    MAX_MESSAGE = 300

    def __init__(self, message: str, position: int, query: str = "", suggestions: list[str] | None = None):
        if len(message) > self.MAX_MESSAGE:
            message = message[:self.MAX_MESSAGE - 3] + "..."
        self.position = position
        self.query = query
        self.reason = message
        self.suggestions = list(suggestions or [])
        pointer = ""
        if query and "\n" not in query and len(query) <= 200:
            pointer = f"\n  {query}\n  {' ' * position}^"
        super().__init__(f"search syntax error at position {position}: {message}{pointer}")


class CardLookupError(LookupError):
    """A single-card lookup found no card (``candidates`` = closest names) or several."""

    def __init__(self, message: str, candidates: list[str] | None = None):
        self.candidates = list(candidates or [])
        super().__init__(message)

    def __str__(self) -> str:  # LookupError would quote the message like KeyError does not; keep plain
        return self.args[0]


class UnknownCardError(CardLookupError):
    """No card has this name or alias; ``candidates`` holds the closest names."""


class AmbiguousCardError(CardLookupError):
    """Several cards match the name; ``candidates`` lists them as ``set:name``."""
