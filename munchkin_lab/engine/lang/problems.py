"""Problems found in an effects document, with the exact path of the offending key."""
from __future__ import annotations

from dataclasses import dataclass

Path = tuple  # of str (mapping keys) and int (list indices)


def format_path(path: Path) -> str:
    """``("bad_stuff", 0, "lose_item")`` -> ``"bad_stuff[0].lose_item"``; ``()`` -> ``"effects"``."""
    out = ""
    for p in path:
        if isinstance(p, int):
            out += f"[{p}]"
        else:
            out += ("." if out else "") + str(p)
    return out or "effects"


@dataclass(frozen=True)
class Problem:
    """One mistake in a card's ``effects``: ``path`` inside the effects mapping (keys and list
    indices, e.g. ``("abilities", 1, "do", 0, "levels")``) and a ``message`` in plain words.

    ``str(problem)`` is ``"abilities[1].do[0].levels: expected an integer, ..."``; ``problem.where``
    is the dotted path alone. A loader that knows the YAML node of ``effects`` follows ``path``
    to report the file line.
    """

    path: Path
    message: str

    @property
    def where(self) -> str:
        """The dotted form of :attr:`path` (``effects`` for the mapping itself)."""
        return format_path(self.path)

    def __str__(self) -> str:
        return f"{self.where}: {self.message}"


class EffectError(ValueError):
    """Raised by :func:`munchkin_lab.engine.lang.expand` for effects it cannot compile.

    ``problems`` holds every :class:`Problem` found; the message lists them (``; ``-joined).
    A ``where`` prefix (such as ``"sets/munchkin.yaml:123: card 'Crabs'"``) is prepended when
    given.
    """

    def __init__(self, problems, where: str | None = None) -> None:
        self.problems = tuple(problems)
        self.where = where
        text = "; ".join(str(p) for p in self.problems) or "invalid effects"
        super().__init__(f"{where}: {text}" if where else text)
