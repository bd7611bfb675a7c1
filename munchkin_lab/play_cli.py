"""Command-line commands of the engine area (registered by ``munchkin_lab.cli``):

``munchkin-lab play --seed 7 --players 4 [--deck PRESET_OR_FILE] [--turn-cap N] [--random] [--quiet] [--human 1]``
    plays a whole game with a deck (default: the ``base`` preset): a preset name
    (``database/presets/``, also written ``preset:NAME``), a deck file (.txt/.yaml) or a saved
    deck name. The deck's modules and options switch on the expansion rules; the
    ``solar_storm`` preset (any deck whose modules include ``solar_storm``) plays a
    :class:`SolarStormGame` (1-4 players). Seats are driven by the ``greedy`` bot of
    ``munchkin-lab simulate`` and the board (``sim.bots.make_bot("greedy")``; Solar Storm: its
    greedy Solar bot), ``--random``: the ``random`` bot; prints the turn log (its last lines
    with ``--quiet``) and the outcome. ``--sets CODE`` (no ``--deck``) plays every card of
    those sets instead. ``--human K`` (repeatable): you play seat K (1 = P1) at the terminal
    (:class:`TerminalSeat`): the log as it happens, your choices numbered, ``q`` stops; you
    are asked when that seat must decide (the any-time actions are offered then too); two
    human seats share the terminal with a hand-over pause (the last hand scrolls away, Enter).
``munchkin-lab scenario run FILE...``
    runs scenario files (``munchkin_lab/scenarios/README.md``); one PASS/FAIL line each;
    exit code 1 on any failure.

Exit codes (:mod:`munchkin_lab.cli`): a bad option value 2 (``--seed -1``, ``--players 9``,
``--turn-cap 0`` (``--max-turns``: the same option), ``--sets`` with ``--deck``), bad input 1 (an unknown deck, a deck that
``deck check`` finds errors in for that many players), Ctrl+C 130.
"""
from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any, Callable, List, Optional, Sequence

import typer

from .decks.checks import DEFAULT_PLAYERS, PLAYERS_HELP
from .plural import plural


def _load_deck(sets: list[str], url: str | None = None):
    from .cards import api
    return api.load_specs(sets=sets, url=url)  # builds only a missing default database; never on an error


def resolve_deck(name: str, url: str | None = None):
    """A :class:`munchkin_lab.decks.Deck` from ``preset:NAME``, a deck file path, a saved deck
    name or a bare preset name (when no saved deck has it), with the cards of the database
    ``url`` (default: ``$DATABASE_URL`` or the SQLite file): the rule of every deck command
    (:func:`munchkin_lab.decks.presets.find_deck`).

    Raises:
        DeckError: nothing of that name (the message lists the presets).
    """
    from .decks.presets import find_deck

    return find_deck(name, url=url)


URL_HELP = "Database URL (default: $DATABASE_URL or the SQLite file)."

#: Most turns a game may be given (``play --turn-cap``; ``max_turns`` of :func:`make_game`).
MAX_TURNS = 100_000
#: the turn cap of ``play`` when none is given: the default of ``simulate`` and ``compare`` too,
#: so that the three commands stop a long game at the same turn
DEFAULT_TURN_CAP = 300


class PlayersError(ValueError):
    """The number of players does not fit the deck's game (a usage error of ``--players``)."""


def is_solar(deck) -> bool:
    """True when ``deck`` plays a Solar Storm game (its modules include ``solar_storm``)."""
    return "solar_storm" in getattr(deck, "modules", ())


def check_players(deck, players: int, sets=()) -> None:
    """Raise :class:`PlayersError` when ``players`` does not fit the game ``deck`` plays
    (``None``: a Munchkin game of the set codes ``sets``, the core rules' when empty) in the
    words of ``deck check`` and ``simulate`` (:func:`munchkin_lab.decks.checks.seats_problem`:
    Munchkin 2..6, a Scooby-Doo-only deck 3..6, Solar Storm 1..4)."""
    from .decks.checks import seats_problem

    if deck is not None:
        sets = deck.sets() if hasattr(deck, "sets") else ()
    problem = seats_problem(players, deck is not None and is_solar(deck), sets=sets)
    if problem is not None:
        raise PlayersError(problem)


class StopGame(Exception):
    """A human seat stopped the game (``q`` at the prompt, or the input ended:
    :class:`InputEnded`)."""


class InputEnded(StopGame):
    """The game stopped because the input ran out (piped answers, Ctrl+D), not by ``q``."""


def play_game(deck=None, players: int = 4, seed: int = 7, max_turns: int = 1000,
              random_play: bool = False, faster_play: bool = False, shared_victory: bool = False,
              sets: list[str] | None = None, url: str | None = None,
              humans: Sequence[int] = (), decide: Callable[[Any, int], Any] | None = None):
    """Play one whole game with the greedy bots (:func:`play_on`); returns ``(game, actions_played)``:
    :func:`make_game`, then :func:`play_on` (the bots' choices drawn from ``random.Random(seed)``).

    ``humans``: seats (0-based) whose decisions ``decide(game, seat) -> action`` makes (a
    person at the terminal: :class:`TerminalSeat`); it may raise :class:`StopGame`, which
    ends the game where it is (the game and the actions played so far are in its ``args``).

    Raises:
        as :func:`make_game`.
    """
    g = make_game(deck=deck, players=players, seed=seed, max_turns=max_turns, faster_play=faster_play,
                  shared_victory=shared_victory, sets=sets, url=url)
    return play_on(g, random.Random(seed), random_play=random_play, humans=humans, decide=decide)


def make_game(deck=None, players: int = 4, seed: int = 7, max_turns: int = 1000,
              faster_play: bool = False, shared_victory: bool = False,
              sets: list[str] | None = None, url: str | None = None):
    """The game ``play`` plays, at its start. Cards come from the database ``url`` (default:
    ``$DATABASE_URL`` or the SQLite file).

    ``deck``: a Deck, a name for :func:`resolve_deck`, or None (``sets`` if given, else the
    ``base`` preset). Decks with the ``solar_storm`` module give a ``SolarStormGame``.

    Raises:
        ValueError: ``max_turns`` not a whole number in 1..:data:`MAX_TURNS`, or both ``deck``
            and ``sets`` (the message names the keyword, e.g. "max_turns must be at least 1, got 0").
        PlayersError: ``players`` does not fit the deck's game.
        DeckError: an unknown deck, or a deck that ``deck check`` finds errors in for that
            many players.
    """
    # a Python caller's words: the keywords it typed (``play`` checks its options first and
    # names them as documented: --turn-cap, --sets, --deck)
    if isinstance(max_turns, bool) or not isinstance(max_turns, int):
        raise ValueError(f"max_turns must be a whole number of turns (1 .. {MAX_TURNS}), got {max_turns!r}")
    if max_turns < 1:
        raise ValueError(f"max_turns must be at least 1, got {max_turns}")
    if max_turns > MAX_TURNS:
        raise ValueError(f"max_turns must be at most {MAX_TURNS}, got {max_turns}")
    if deck is not None and sets:
        raise ValueError("deck and sets cannot be used together: choose the cards with one of them")
    from .engine import Game, GameOptions

    if deck is None and sets:
        check_players(None, players, sets)
        specs = _load_deck(list(sets), url=url)
        if not specs:
            raise ValueError("no cards found for the chosen sets")
        opts = GameOptions(faster_play=faster_play, shared_victory=shared_victory, max_turns=max_turns)
        return Game.new(players=players, deck=specs, seed=seed, options=opts)
    if deck is None or isinstance(deck, str):
        deck = resolve_deck(deck or "base", url=url)
    check_players(deck, players)
    from .decks.checks import refuse_unplayable

    refuse_unplayable(deck, players)
    if "solar_storm" in deck.modules:
        from .engine.solar_storm import SolarStormGame, SolarStormOptions
        rooms = [sp for sp, n in deck.specs() for _ in range(n)]
        from .widgets.words import SOLAR_RESOURCES  # (the board's names of the Resource kinds)

        return SolarStormGame.new(players=players, rooms=rooms, seed=seed,
                                  options=SolarStormOptions(max_turns=max_turns, resource_types=SOLAR_RESOURCES))
    opts = deck.game_options(max_turns=max_turns,
                             faster_play=faster_play or deck.options.get("faster_play", False),
                             shared_victory=shared_victory or deck.options.get("shared_victory", False))
    return deck.new_game(players, seed=seed, options=opts)


def play_on(g, rnd: random.Random, random_play: bool = False, humans: Sequence[int] = (),
            decide: Callable[[Any, int], Any] | None = None,
            played: Callable[[Any], None] | None = None) -> tuple[Any, int]:
    """Play game ``g`` on to its end from where it is; returns ``(game, actions_played)``.
    Bots decide: one a seat, the ``greedy`` bot of ``munchkin-lab simulate`` and the board
    (:func:`munchkin_lab.sim.bots.make_bot`; Solar Storm: its greedy Solar bot), or the
    ``random`` one with ``random_play``, each seeded from ``rnd``; the ``humans`` seats (0-based) through ``decide``
    (:func:`play_game`). ``played(action)`` hears every action played (a journal's append).

    Raises:
        StopGame: ``decide`` stopped the game; its ``args`` are ``(game, actions played)``.
    """
    from .sim.bots import make_bot

    name = "random" if random_play else "greedy"
    # one bot a seat, each with its own RNG seeded from ``rnd`` (as simulate and the board do)
    bots = [make_bot(name, rnd.getrandbits(63)) for _ in range(len(g.state.players))]
    steps = 0
    while g.outcome() is None:
        seat = g.actor()
        if seat in humans and decide is not None:
            try:
                a = decide(g, seat)
            except StopGame as e:  # (the same kind: q, or the end of the input)
                raise type(e)(g, steps) from e
        else:
            a = bots[seat].choose(g, seat)
        g.play(a)
        steps += 1
        if played is not None:
            played(a)
    return g, steps


#: Blank lines that push a player's hand off the terminal before another human seat decides.
HIDE_LINES = 40


class TerminalSeat:
    """A ``decide(game, seat)`` for :func:`play_game` that asks a person at the terminal.

    Each call prints the log lines since the last one (``printed``: how many are out), what is
    to be decided (the board's words: :func:`munchkin_lab.widgets.words.decision`), the seat's
    Level, cards in play and hand, then the legal actions numbered from 1 in the board's order
    (:func:`munchkin_lab.widgets.words.in_order`: what moves the game on first; with that seat's
    any-time ones, and offers of help for a price, as on the board). The answer is a number,
    ``l`` (the list again) or ``q`` (stop: :class:`StopGame`; so does the end of the input).
    Two or more human seats share the terminal: when the seat to decide changes, the cards of
    the one before scroll away and the next player takes over with Enter (:meth:`hand_over`).
    ``echo`` / ``ask``: the output and the prompt (tests pass their own)."""

    def __init__(self, echo: Callable[[str], None] = typer.echo,
                 ask: Callable[[str], str] | None = None) -> None:
        self.echo = echo
        self.ask = ask or (lambda q: input(q + ": "))
        self.printed = 0
        self.seat: int | None = None  # the human seat asked last

    def hand_over(self, g, seat: int) -> None:
        """Hand the terminal from the seat asked last to ``seat``: :data:`HIDE_LINES` blank lines
        push the last player's hand off the screen, then the next player presses Enter (``q``
        or the end of the input stops: :class:`StopGame`), so no one sees another's hand unless
        it is shown on purpose."""
        from .widgets import words

        nm = words.names(g.state_dict())
        who, before = nm.get(seat, f"P{seat + 1}"), nm.get(self.seat, f"P{(self.seat or 0) + 1}")
        for _ in range(HIDE_LINES):
            self.echo("")
        self.echo(f"-- {before}'s cards are hidden. Pass the terminal to {who}. --")
        try:
            text = self.ask(f"{who}: press Enter to see your cards (q: stop)").strip()
        except EOFError as e:
            self.echo("")
            raise InputEnded() from e
        if text.lower() in ("q", "quit"):
            raise StopGame()

    def __call__(self, g, seat: int):
        from .widgets import words

        if self.seat is not None and seat != self.seat:
            self.hand_over(g, seat)
        self.seat = seat
        echo = self.echo
        for line in g.log[self.printed:]:
            echo(line)
        self.printed = len(g.log)
        sd = g.state_dict()
        solar = words.is_solar(sd)
        acts = list(g.legal_actions()) if solar else words.priced_offers(g, list(g.legal_actions(seat=seat)))
        acts = words.in_order(acts, g)  # (what moves the game on first, as on the board)
        acts, labels = _distinct(acts, [words.action_text(g, a, sd) for a in acts])
        listing = [f"{i:>4}. {label}" for i, label in enumerate(labels, 1)]
        echo("")
        echo(f"== {words.decision(g, sd)}")
        for line in _situation(sd, seat):
            echo(f"   {line}")
        for line in listing:
            echo(line)
        while True:
            try:
                text = self.ask(f"Your choice (1-{len(acts)}, l: list, q: stop)").strip()
            except EOFError as e:  # (the end of the input; a Ctrl+C is an interrupt: exit 130)
                echo("")
                raise InputEnded() from e
            if text.lower() in ("q", "quit"):
                raise StopGame()
            if text.lower() in ("l", "list", "?"):
                for line in listing:
                    echo(line)
                continue
            if text.isdigit() and 1 <= int(text) <= len(acts):
                return acts[int(text) - 1]
            echo(f"Type a number from 1 to {len(acts)}, l or q (got {text!r}).")


def _distinct(acts: list, labels: list[str]) -> tuple[list, list[str]]:
    """The actions with distinct labels, the first of each (a second copy of the same card is
    the same choice for the player, as on the board)."""
    seen: set[str] = set()
    keep = [(a, t) for a, t in zip(acts, labels) if not (t in seen or seen.add(t))]
    return [a for a, _t in keep], [t for _a, t in keep]


def _situation(sd: dict, seat: int) -> list[str]:
    """What a player at the terminal needs to see before deciding: the combat (who fights what,
    the combat strengths, the Treasures at stake, the rewards owed when it ends), their character and cards; in Solar Storm,
    their room and Resources and the ship's rooms (cubes left, power diverted)."""
    from .widgets import words

    nm = words.names(sd)
    p = sd["players"][seat]
    if words.is_solar(sd):
        out = [f"You ({p['name']}): in {p['room']}; Resources: {', '.join(p['hand']) or 'none'}; "
               f"{p['repair_cubes']} repair cubes, {p['action_tokens']} Action tokens, "
               f"{p['protection_tokens']} Protection tokens"]
        rooms = [f"{r['name']} {r['cubes']}" + (" (power diverted)" if r.get("diverted") else "")
                 for r in sd.get("grid") or () if r.get("name") and r.get("cubes") is not None]
        if rooms:
            out.append(f"Ship (repair cubes left): {', '.join(rooms)}")
        return out
    out = []
    c = sd.get("combat")
    if c:
        out.append(combat_line(c, nm))
        out.extend(words.owed_lines(sd))  # won before a card moved the fight (Transferral Potion)
    kit = ", ".join(p["equipped_list"] + [f"{x} (carried)" for x in p["carried"]]
                    + ([f"Hireling {p['hireling']}"] if p.get("hireling") else [])) or "nothing"
    curses = f"; Curses on you: {', '.join(p['curses'])}" if p.get("curses") else ""
    out.append(f"You ({p['name']}): Level {p['level']}, {p['race']}, {p['class'] or 'no Class'}; "
               f"in play: {kit}{curses}")
    # the cards picked so far for a Scooby-Doo exit stay in the hand until the fourth: marked
    hand = [n + (f" ({words.EXIT_PICKED})" if picked else "") for n, picked in words.hand_picks(sd, seat, p["hand"])]
    out.append(f"Hand: {', '.join(hand) or 'empty'}")
    return out


def combat_line(c: dict, nm: dict) -> str:
    """The combat in words for the terminal (``state_dict()["combat"]`` ``c``, seat names
    ``nm``): each side with what its numbers are (core rules, 7. Combat: a side's combat
    strength is its Levels plus bonuses), e.g. ``Combat: P4 (combat strength 2) against
    Sparkly Good Fairy (Level unknown, combat strength 5); 2 Treasures at stake``; several
    monsters each with theirs and the monsters' side together."""
    helped = c.get("helper") is not None
    side = nm.get(c["fighter"], "?") + (f" and {nm.get(c['helper'], '?')}" if helped else "")
    side += f" (combat strength {c['munchkin_strength']}{' together' if helped else ''})"
    ms = c["monsters"]

    def level(m: dict) -> str:
        return f"Level {m['level']}" if m.get("level") is not None else "Level unknown"

    if not ms:
        against = "no monster left"
    elif len(ms) == 1:
        against = f"{ms[0]['name']} ({level(ms[0])}, combat strength {c['monster_strength']})"
    else:
        against = (" and ".join(f"{m['name']} ({level(m)}, combat strength {m['strength']})" for m in ms)
                   + f": combat strength {c['monster_strength']} together")
    return f"Combat: {side} against {against}; {plural(c.get('treasures') or 0, 'Treasure')} at stake"


#: Log lines shown again when a journaled game is resumed at the terminal.
RESUME_LINES = 10


def _kept(journal) -> str:
    """The words for where a terminal game is kept and how to go on with it (the path
    shell-quoted in the command), said only when ``journal`` still writes its file
    (:meth:`Journal.holds`); else that the game is not kept, and why."""
    if journal.holds():
        return f"The game is kept in {journal.path}: go on with `{_resume_command(journal.path)}`."
    why = journal.note or f"{journal.path} is no longer this game's journal (removed or replaced by another program)"
    return f"The game is not kept: {why}."


def _resume_command(path) -> str:
    """``munchkin-lab play --resume PATH``, ``PATH`` quoted for the shell (spaces, quotes)."""
    import shlex

    return f"munchkin-lab play --resume {shlex.quote(str(path))}"


def start_journal(g, humans: Sequence[int], random_play: bool = False):
    """A board journal (``munchkin_lab.widgets.journal``, the board's format: ``Board.resume``
    opens it too) for a game with human seats ``humans`` (0-based), in the current folder as
    ``play-<date>-<time>-<random>.journal.jsonl``; a Ctrl+C then says where the game is kept.

    Raises:
        OSError: the current folder cannot be written (the game is not started).
    """
    from . import saved
    from .widgets.journal import SUFFIX, Journal, unique_name

    n = len(g.state.players)
    roles = ["human" if i in humans else ("random" if random_play else "greedy") for i in range(n)]
    journal = Journal(Path.cwd() / (unique_name("play") + SUFFIX))
    journal.start(g, {"source": "cli", "seats": roles})
    saved.note(f"go on with: {_resume_command(journal.path)}")  # (after "<file> was written")
    return journal


def _human_seats(path, n: int, humans: Sequence[int], roles: Any, what: str) -> list[int]:
    """The 0-based human seats of a resumed game of ``n`` players: ``humans`` (``--human``,
    checked against the table) or the ``roles`` the file keeps (``human`` seats).

    Raises:
        typer.BadParameter: a seat out of range, or no human seat (``what``: the file's kind).
    """
    if humans:
        bad = [k + 1 for k in humans if not 0 <= k < n]
        if bad:
            raise typer.BadParameter(f"--human {bad[0]}: seats count from 1 (P1) to {n} (P{n}) in this game",
                                     param_hint="--human")
        return list(humans)
    roles = roles if isinstance(roles, list) else []
    out = [i for i, r in enumerate(roles) if r == "human"]
    if not out:
        raise typer.BadParameter(f"{path} has no human seat{what}: name yours with --human K", param_hint="--resume")
    return out


def saved_game(path, humans: Sequence[int] = (), random_play: bool = False):
    """``(game, human seats, journal)`` of a saved game (``play --resume`` given a
    ``*.game.json`` the board's *Save game* or ``Board.save`` wrote, or ``Game.to_json``):
    the game at its saved position (a Solar Storm save too); the human seats are ``humans``
    (0-based) or the save's own ``seats`` roles. The save itself is only read: the game goes
    on in a new journal in the current folder (:func:`start_journal`), which the next
    ``--resume`` continues.

    Raises:
        ValueError: the file does not load as a saved game (file named).
        typer.BadParameter: a seat out of range, or no human seat.
        OSError: the file cannot be read, or the journal cannot be written.
    """
    text = Path(path).read_text(encoding="utf-8")
    try:
        data = json.loads(text)
        if str(data.get("format", "")).startswith("munchkin-lab-solar-storm/"):
            from .engine.solar_storm import SolarStormGame

            g = SolarStormGame.from_json(text)
        else:
            from .engine import Game

            g = Game.from_json(text)
    except (ValueError, AttributeError, KeyError, TypeError) as e:
        raise ValueError(f"{path}: a saved game that does not load: {e}") from None
    seats = _human_seats(path, len(g.state.players), humans, data.get("seats"), " (a saved game)")
    journal = start_journal(g, seats, random_play)
    typer.echo(f"{path} is a saved game: it goes on from its saved position in a new journal, {journal.path} "
               "(the save is left as it was).")
    return g, seats, journal


def resumed_game(path, humans: Sequence[int] = (), random_play: bool = False):
    """``(game, human seats, journal)`` of a journal (``play --resume``): the game replayed to
    where it stopped; the human seats are ``humans`` (0-based) or, when none are given, the
    journal's own (its ``seats`` roles); the journal is continued. A saved game
    (``*.game.json``, :func:`munchkin_lab.widgets.places.is_saved_game`) is not a journal:
    it goes on from its position in a new journal (:func:`saved_game`).

    Raises:
        munchkin_lab.widgets.journal.JournalError: the journal does not replay (file and line),
            or the file is neither a journal nor a saved game (said so, with what --resume takes).
        typer.BadParameter: a seat out of range, or no human seat.
        ValueError: a saved game that does not load.
    """
    from . import saved
    from .widgets.journal import Journal, JournalError
    from .widgets.places import is_saved_game

    if is_saved_game(path):
        return saved_game(path, humans, random_play)
    try:
        g, meta = Journal.replay(path)
    except JournalError as e:
        if not e.not_a_journal:  # a journal, damaged: its file and line
            raise
        raise JournalError(f"{path} is neither a munchkin-lab journal nor a saved game ({e.reason}): --resume goes on "
                           "with a play-*.journal.jsonl that `play` wrote, a board's *.journal.jsonl, or a "
                           "saved game (*.game.json)") from None
    n = len(g.state.players)
    humans = _human_seats(path, n, humans, meta.get("seats"), "")
    journal = Journal(path)
    journal.resume(g, dict(meta, seats=["human" if i in humans else "greedy" for i in range(n)]))
    if Path(journal.path) != Path(path):  # another session (a play --resume, a board) writes it: as a board does
        typer.echo(f"{path} is in use by another session (a play --resume or a board): this game goes on in its own "
                   f"journal, {journal.path} ({path} is left to the other session).")
    saved.note(f"the game so far is kept in {journal.path}; go on with: {_resume_command(journal.path)}")
    return g, list(humans), journal


def turns_played(g) -> int | None:
    """Turns actually played (``Game.turns_played``: a game stopped by a turn cap of N played
    N turns); None for an object without a turn counter."""
    if getattr(getattr(g, "state", None), "turn", None) is None:
        return None
    return g.turns_played()


def outcome_line(g, steps: int) -> str:
    """One line: the winner(s) or the end reason, turns played, actions and the players' state."""
    out = g.outcome()
    turn = turns_played(g)
    played = f"after {plural(turn, 'turn')}, {plural(steps, 'action')}"
    if getattr(g, "game", None) == "solar_storm":
        who = ", ".join(g.names)
        if out.won:
            return f"The crew wins ({out.reason}) {played} ({who})."
        return f"The ship is lost ({out.reason}) {played} ({who})."
    levels = ", ".join(f"{p.name} L{p.level}" for p in g.state.players)
    if out.winners:
        return f"Winner: {' and '.join(out.names)} {played} ({levels})."
    return f"No winner ({out.reason}) {played} ({levels})."


def register(app: typer.Typer) -> None:
    """Add ``play`` and ``scenario run`` to the root ``munchkin-lab`` app."""

    @app.command("play")
    def play(seed: int = typer.Option(7, help="RNG seed (0 .. 2**64-1)"),
             players: int = typer.Option(DEFAULT_PLAYERS, help="number of players: " + PLAYERS_HELP),
             deck: Optional[str] = typer.Option(None, "--deck", help="preset name, deck file or saved deck (default: base preset)"),
             sets: Optional[List[str]] = typer.Option(None, "--sets", help="set codes, every card (instead of --deck)"),
             max_turns: int = typer.Option(DEFAULT_TURN_CAP, "--turn-cap", "--max-turns", help=f"stop after this many turns (1 .. {MAX_TURNS}; default {DEFAULT_TURN_CAP}, as in simulate and compare), the game ending without a winner (--max-turns: the same option)"),
             random_play: bool = typer.Option(False, "--random", help="the random bot (random legal actions) instead of the greedy bot of simulate and the board"),
             faster_play: bool = typer.Option(False, help="Faster Play option (phase 0)"),
             shared_victory: bool = typer.Option(False, help="Shared Victory option"),
             quiet: bool = typer.Option(False, help="print only the last lines of the log and the result"),
             tail: int = typer.Option(10, help="log lines printed with --quiet (0 .. 100000)"),
             human: Optional[List[int]] = typer.Option(
                 None, "--human", help="a seat you play at the terminal (1 = P1; repeat for more): the log "
                                       "as it happens, then your choices numbered; the game is journaled"),
             resume: Optional[Path] = typer.Option(
                 None, "--resume", help="go on with a journaled game (a play-*.journal.jsonl this command "
                                        "wrote, or a board's journal), or a saved game (*.game.json, in a new "
                                        "journal): its own deck, seed and players"),
             url: Optional[str] = typer.Option(None, "--url", help=URL_HELP)) -> None:
        """Play a whole game with the greedy bot of simulate and the board (or you, at the
        --human seats) and print the log and the outcome."""
        from .cli import SEED_RANGE, check_range, guarded, usage_error

        check_range(seed, "--seed", *SEED_RANGE)  # the engine's one seed range (Game.new), in the lab's words
        if resume is not None and (deck is not None or sets):
            usage_error("--resume goes on with the journal's own game: drop --deck and --sets")
        if deck is None and resume is None:  # the base preset or --sets: checked before anything is read
            try:
                check_players(None, players, sets or ())
            except PlayersError as e:
                usage_error(str(e))
        # a --deck's own game is known once the deck is read (play_game: check_players)
        if max_turns < 1:
            usage_error(f"--turn-cap must be at least 1, got {max_turns}")
        check_range(max_turns, "--turn-cap", 1, MAX_TURNS)
        check_range(tail, "--tail", 0, 100_000)
        if sets and deck is not None:
            usage_error("--sets and --deck cannot be used together: choose the cards with one of them")

        seats = sorted(set(human or ()))
        if resume is None:
            for k in seats:
                if not 1 <= k <= players:
                    usage_error(f"--human {k}: seats count from 1 (P1) to {players} (P{players}) with --players {players}")

        @guarded
        def run() -> None:
            decide = TerminalSeat()
            try:
                if resume is not None:
                    g, humans, journal = resumed_game(resume, [k - 1 for k in seats], random_play)
                    decide.printed = max(0, len(g.log) - RESUME_LINES)
                else:
                    g = make_game(deck=deck, players=players, seed=seed, max_turns=max_turns, faster_play=faster_play,
                                  shared_victory=shared_victory, sets=sets, url=url)
                    humans = [k - 1 for k in seats]
                    journal = start_journal(g, humans, random_play) if humans else None
                played = (lambda a: journal.append([{"a": str(a)}])) if journal is not None else None
                g, steps = play_on(g, random.Random(seed), random_play=random_play, humans=humans,
                                   decide=decide, played=played)
            except PlayersError as e:
                usage_error(str(e))
            except StopGame as e:
                g, steps = e.args
                if resume is not None:  # the whole game's count, the journal's actions included
                    steps = len(g.actions)
                # q is the player's stop; piped answers that run out are not (say which)
                how = "The input ended, so the game stopped" if isinstance(e, InputEnded) else "Stopped by you"
                typer.echo(f"{how} in turn {g.state.turn}, after {plural(steps, 'action')}."
                           + (f" {_kept(journal)}" if journal is not None else ""))
                return
            log = list(g.log)
            if humans:  # the log so far was printed at each of your decisions: the rest of it
                log = log[decide.printed:]
            for line in (log[-tail:] if quiet and tail > 0 else [] if quiet else log):
                typer.echo(line)
            typer.echo(outcome_line(g, len(g.actions) if resume is not None else steps))

        run()

    scenario_app = typer.Typer(help="Scenario files: positions, steps and expectations.", no_args_is_help=True)

    @scenario_app.command("run")
    def run(files: List[Path] = typer.Argument(..., help="scenario YAML files or folders"),
            url: Optional[str] = typer.Option(None, "--url", help=URL_HELP)) -> None:
        """Run scenario files; print PASS/FAIL per scenario; exit 1 on any failure."""
        from .cli import guarded

        guarded(_run_scenarios)(files, url)

    app.add_typer(scenario_app, name="scenario")


def _run_scenarios(files: List[Path], url: str | None = None) -> None:
    """``scenario run``: one PASS/FAIL line per file, then the counts; exit 1 on a failure.
    Card names resolve through the database ``url``."""
    from .scenarios.runner import ScenarioResult, database_resolver, run_file

    resolver = database_resolver(url=url)
    if url is not None:
        resolver("")  # a database named by --url that cannot be read: one error, not a FAIL per file
    paths: list[Path] = []
    empty = 0
    for f in files:
        if f.is_dir():
            found = sorted(f.glob("**/*.yaml"))
            if not found:
                typer.echo(f"Error: no scenario files found in {f}", err=True)
                empty += 1
            paths.extend(found)
        else:
            paths.append(f)
    if not paths:
        raise typer.Exit(1)
    failed = 0
    for path in paths:
        try:
            r = run_file(path, resolver)
        except Exception as e:  # noqa: BLE001 - one bad file must not stop the others
            r = ScenarioResult(False, "", str(path), f"error: {type(e).__name__}: {e}")
        typer.echo(r.line())
        failed += not r.ok
    typer.echo(f"{len(paths) - failed} passed, {failed} failed")
    if failed or empty:
        raise typer.Exit(1)
