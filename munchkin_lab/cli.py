"""The ``munchkin-lab`` command line (typer), and the pieces every command shares.

Each area registers its own commands so that no module owns another's:
``cards.cli`` (``db``, ``cards``), ``play_cli`` (``play``, ``scenario``), ``decks.cli`` (``deck``),
``sim.cli`` (``simulate``, ``compare``), ``widgets.cli`` (``lab``, ``app``), ``printing.cli`` (``print``).

One voice for all of them:

* **Exit codes**: :data:`EXIT_OK` 0, :data:`EXIT_BAD_INPUT` 1 (a bad file, deck, query, card,
  database...), :data:`EXIT_USAGE` 2 (a bad option or argument: click's own usage errors and
  :func:`usage_error`), :data:`EXIT_INTERRUPTED` 130 (Ctrl+C, 128 + SIGINT as shells report
  it; :func:`exit_interrupted` when a command says what was kept).
* **Errors** go to stderr as one ``Error: ...`` message, never a traceback: commands wrap
  their body with :func:`guarded` (or call :func:`fail`); the root group catches the same
  errors for any command as a last resort (:class:`LabGroup`).
* **Broken pipes are quiet**: ``munchkin-lab cards | head`` ends with status 0 and no message.
* **Arguments may start with '-'**: commands built with :class:`DashArgsCommand`
  (``cls=DashArgsCommand``) take ``-kind:monster`` as an argument, not an unknown option.
* **Flags show no value in help**: ``--force`` (and ``--help``) take none, so the help shows
  none (typer 0.29 shows ``<bool>`` beside them, read as ``--force true``: :func:`_flags_show_no_type`).
* **Counted nouns** via :func:`plural` (``1 card``, ``2 cards``).
* **Number options** are checked by :func:`check_range`, which names the option and the range;
  typer's own `min=`/`max=` refusals are put in the same words (:func:`range_message`).
"""
from __future__ import annotations

import os
import signal
import sys
import threading
from typing import Sequence


#: The options that name a file a command writes (``simulate --out``, ``print --preview``...).
_OUTPUT_OPTIONS = ("--out", "-o", "--preview", "--plots")


def file_kept(path: str | os.PathLike) -> str:
    """What an interrupted command left of an output file it had not written yet:
    ``F is unchanged`` (an earlier file) or ``F was not created``."""
    return f"{os.fspath(path)} is unchanged" if os.path.exists(path) else f"{os.fspath(path)} was not created"


def early_interrupt_line(argv: Sequence[str]) -> str:
    """The line of a Ctrl+C before the command started (while its modules load or its
    arguments are read): nothing was read or written, said with the output files the command
    line names (``argv`` without the program name; ``--out F`` or ``--out=F``):
    ``Interrupted before the command started: nothing written; F is unchanged.``"""
    outs: list[str] = []
    args = list(argv)
    for i, arg in enumerate(args):
        if arg == "--":
            break
        name, eq, value = arg.partition("=")
        if name in _OUTPUT_OPTIONS and eq and value:
            outs.append(value)
        elif arg in _OUTPUT_OPTIONS and i + 1 < len(args):
            outs.append(args[i + 1])
    if not outs:
        return "Interrupted before the command started: nothing was read or written."
    return f"Interrupted before the command started: nothing written; {'; '.join(file_kept(o) for o in outs)}."


def _interrupted_while_starting(signum, frame):
    """Ctrl+C while the command line is still importing its modules: one line saying that
    nothing was read or written (naming the output files left as they were), exit 130, no
    traceback."""
    try:
        line = early_interrupt_line(sys.argv[1:])
    except Exception:  # noqa: BLE001 - an odd argument: the plain words still hold
        line = "Interrupted before the command started: nothing was read or written."
    try:
        os.write(2, (line + "\n").encode("utf-8", "backslashreplace"))
    except OSError:
        pass
    os._exit(130)


def _console_script() -> bool:
    """True when this module is imported by the ``munchkin-lab`` console script (not by a
    notebook, a test or another program, whose own Ctrl+C handling stays untouched)."""
    return (threading.current_thread() is threading.main_thread()
            and os.path.basename(sys.argv[0] if sys.argv else "").startswith("munchkin-lab"))


#: The handler before ours: put back once every command module is imported (end of this module).
_SIGINT_BEFORE = signal.signal(signal.SIGINT, _interrupted_while_starting) if _console_script() else None

import contextlib  # noqa: E402  (after the early Ctrl+C handler: these imports take seconds)
import functools  # noqa: E402
from typing import Any, Callable, NoReturn  # noqa: E402

import typer  # noqa: E402
from typer.core import TyperCommand, TyperGroup  # noqa: E402

from .plural import plural  # noqa: E402

__all__ = ["app", "main", "EXIT_OK", "EXIT_BAD_INPUT", "EXIT_USAGE", "EXIT_INTERRUPTED", "fail",
           "usage_error", "exit_interrupted", "says_kept", "says_file_kept", "writes_database", "DATABASE_UNCHANGED", "file_kept", "check_range", "range_message", "guarded", "error_message", "bad_input_errors",
           "DashArgsCommand", "LabGroup", "plural", "SEED_RANGE"]

EXIT_OK = 0
EXIT_BAD_INPUT = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130
#: Game seeds (``play --seed``): the engine's one range (:func:`munchkin_lab.engine.rng.check_seed`).
from .engine.rng import SEED_RANGE  # noqa: E402


#: Exceptions that carry their own exit code and message (typer's exits, click's usage errors).
_PASS = (typer.Exit, typer.Abort, typer.TyperException)


def bad_input_errors() -> tuple[type[BaseException], ...]:
    """The exception types that mean bad input (exit 1 with a message, no traceback):
    ``ValueError`` (the lab's errors: card data, search syntax, decks, deck files,
    scenarios, pydantic validation), ``LookupError`` (unknown cards), ``OSError`` (files,
    folders, permissions, a full disk), SQLAlchemy errors (a bad URL, a read-only or locked
    database) and YAML errors."""
    out: list[type[BaseException]] = [ValueError, LookupError, OSError]
    try:
        from sqlalchemy.exc import SQLAlchemyError

        out.append(SQLAlchemyError)
    except ImportError:  # pragma: no cover
        pass
    try:
        import yaml

        out.append(yaml.YAMLError)
    except ImportError:  # pragma: no cover
        pass
    return tuple(out)


#: How a PostgreSQL driver's message starts when the server was never reached (a refused
#: connection, a host that does not resolve, a refused login).
_NO_CONNECTION = ("connection failed", "failed to resolve host", "could not connect", "could not translate host",
                  "connection to server")


def error_message(exc: BaseException) -> str:
    """One readable message for a bad-input exception (no traceback, no class name unless
    the message would be empty). Database errors name the database problem in plain words."""
    try:
        from sqlalchemy.exc import ArgumentError, NoSuchModuleError, OperationalError, SQLAlchemyError
    except ImportError:  # pragma: no cover
        SQLAlchemyError = ()  # type: ignore[assignment]
    if SQLAlchemyError and isinstance(exc, SQLAlchemyError):
        text = str(getattr(exc, "orig", None) or exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        if isinstance(exc, (NoSuchModuleError, ArgumentError)):
            return f"bad database URL: {text} (expected e.g. sqlite:///path/to/file.sqlite or " \
                   "postgresql+psycopg://user@host/db)"
        if isinstance(exc, OperationalError):
            low = text.lower()
            if "readonly" in low or "read-only" in low or "read only" in low:
                return f"the database is read-only: {text}; nothing was written"
            if "disk" in low and "full" in low:
                return f"the disk is full: {text}; nothing was written"
            if "disk i/o" in low:
                return (f"disk I/O error: {text}; the disk may be full or a file-size limit (ulimit -f) "
                        "was hit: check the free space and the limits, then try again")
            if "locked" in low:
                return f"the database is busy (locked by another program): {text}; try again"
            if low.startswith(_NO_CONNECTION):  # (psycopg's and psycopg2's words)
                from .cards.build import SERVER_HINT

                return f"cannot connect to the database server ({text}); {SERVER_HINT}"
        return f"database error: {text}"
    if isinstance(exc, OSError) and not isinstance(exc, BrokenPipeError):
        if exc.strerror:
            where = f": {exc.filename}" if exc.filename else ""
            return f"{exc.strerror}{where}"
    if isinstance(exc, KeyError) and exc.args:
        return str(exc.args[0])
    text = str(exc).strip()
    return text or type(exc).__name__


def fail(message: str, code: int = EXIT_BAD_INPUT) -> NoReturn:
    """Print ``Error: <message>`` on stderr and end the command with ``code``."""
    typer.echo(f"Error: {message}", err=True)
    raise typer.Exit(code)


def interactive() -> bool:
    """True when stdin is a terminal (someone can answer a question)."""
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):  # closed or replaced stdin
        return False


def confirm(question: str, refused: str) -> bool:
    """Ask ``question`` (default no) and return the answer; with no answer to read (stdin
    closed or at its end: a script, ``</dev/null``) the command ends with ``Error: <refused>:
    no answer to the question; pass --yes`` (exit 1) instead of click's bare ``Aborted.``; at a
    terminal, Ctrl-C (or Ctrl-D) at the question ends it with ``Interrupted: <refused>`` (exit
    130), not a word about a missing terminal."""
    try:
        return typer.confirm(question, default=False)
    except typer.Abort:  # (typer's own click: Ctrl-C, or the EOF of the answer)
        typer.echo("", err=True)
        if interactive():
            raise exit_interrupted(f"Interrupted: {refused}") from None
        fail(f"{refused}: no answer to the question (no terminal?); pass --yes")


def exit_interrupted(message: str) -> typer.Exit:
    """Print ``message`` (one line saying what was kept) on stderr and return the
    ``typer.Exit(130)`` to raise: ``raise exit_interrupted("Interrupted: ...") from None`` (for
    commands that can say more than :func:`guarded`'s ``Interrupted.``). Command modules
    import it inside their functions (this module imports them first)."""
    typer.echo(message, err=True)
    return typer.Exit(EXIT_INTERRUPTED)


@contextlib.contextmanager
def says_kept(nothing: str | Callable[[], str]):
    """The body of a writing command: a Ctrl-C before anything was saved (no commit, no file
    renamed into place: the record of :mod:`munchkin_lab.saved` is empty) ends it with
    ``Interrupted: <nothing>.`` (exit 130), ``nothing`` saying what was kept (a callable is
    asked at the interrupt), e.g. ``Interrupted: nothing written; cards.csv is unchanged.``
    (:func:`file_kept`) or ``Interrupted: nothing imported from b.yaml; the database is as it
    was.``, as ``set import`` words it; once something is saved (also during or just after
    a commit), the Ctrl-C goes on to :func:`guarded`, which says what was saved."""
    from . import saved

    try:
        yield
    except KeyboardInterrupt as exc:
        if saved.so_far() or getattr(exc, "committed", False):
            raise
        raise exit_interrupted(f"Interrupted: {nothing() if callable(nothing) else nothing}.") from None


def says_file_kept(path: str | os.PathLike):
    """:func:`says_kept` for a command writing one output file ``path``: a Ctrl-C before it
    is in place says ``Interrupted: nothing written; F is unchanged.`` (or ``F was not
    created``: :func:`file_kept`, asked at the interrupt)."""
    return says_kept(lambda: f"nothing written; {file_kept(path)}")


#: What a Ctrl-C before a database command's commit kept (:func:`writes_database`).
DATABASE_UNCHANGED = "nothing written; the database is as it was"


def writes_database(fn: Callable) -> Callable:
    """Decorator for a command whose writes go to the card database only (``cards add``,
    ``deck new``, ``set delete``, ``db import``...), placed under :func:`guarded` (or on a
    command the root group guards): a Ctrl-C before its commit (the transaction is rolled
    back) ends it with ``Interrupted: nothing written; the database is as it was.`` (exit
    130), as :func:`says_kept` words it for the exports; one during or after the commit goes
    on to :func:`guarded`, which says what was saved (``Interrupted: deck 'Mix' was saved.``)."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        with says_kept(DATABASE_UNCHANGED):
            return fn(*args, **kwargs)

    return wrapper


def usage_error(message: str) -> NoReturn:
    """A bad option or argument: ``Error: <message>`` and exit code 2."""
    fail(message, EXIT_USAGE)


def range_message(option: str, value: Any, low: Any = None, high: Any = None) -> str | None:
    """The one wording of a number out of range (``None`` when ``value`` is in ``low..high``;
    ``None`` bounds are open): ``--players must be at most 6, got 9 (allowed: 1..6)``. Used by
    :func:`check_range` and for typer's own ``min=``/``max=`` checks (:func:`_click_error_line`)."""
    allowed = f" (allowed: {low}..{high})" if low is not None and high is not None else ""
    if low is not None and value < low:
        return f"{option} must be at least {low}, got {value}{allowed}"
    if high is not None and value > high:
        return f"{option} must be at most {high}, got {value}{allowed}"
    return None


def check_range(value: Any, option: str, low: int | None = None, high: int | None = None) -> Any:
    """``value`` when it lies in ``low..high`` (``None``: open end), else a usage error (exit
    2) naming ``option`` and the allowed range, e.g. ``Error: --players must be at most 6,
    got 9 (allowed: 1..6)`` (:func:`range_message`)."""
    if value is None:
        return value
    message = range_message(option, value, low, high)
    if message is not None:
        usage_error(message)
    return value


def _typer_range_message(exc: BaseException) -> str | None:
    """:func:`range_message` for typer's refusal of a number outside an option's ``min=`` /
    ``max=`` (typer 0.29 checks them with pydantic: the ``BadParameter`` is raised from a
    ``ValidationError`` holding the value typed); ``None`` for any other error."""
    param, cause = getattr(exc, "param", None), exc.__cause__
    errors = getattr(cause, "errors", None)
    if param is None or not callable(errors) or not (hasattr(param, "min") and hasattr(param, "max")):
        return None
    try:
        first = errors()[0]
    except (IndexError, TypeError, ValueError):
        return None
    if first.get("type") not in ("greater_than_equal", "less_than_equal"):
        return None
    typed = first.get("input")
    value = typed
    for kind in ((int, float) if isinstance(typed, str) else ()):
        try:
            value = kind(typed)
            break
        except ValueError:
            continue
    if isinstance(value, str):
        return None
    opts = getattr(param, "opts", None) or [f"--{param.name}"]
    # the option's documented name: its first long name (``--turn-cap``, not its alias ``--max-turns``)
    option = next((o for o in opts if o.startswith("--")), max(opts, key=len))
    return range_message(option, value, param.min, param.max)


def _stdout_closed_quietly() -> NoReturn:
    """The reader of our output went away (``munchkin-lab cards | head``): send what is
    left to /dev/null and exit 0 without a message."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.__stdout__.fileno())
    except (OSError, AttributeError, ValueError):  # pragma: no cover - no real stdout
        pass
    raise typer.Exit(EXIT_OK)


def _interrupted(line: str = "Interrupted.") -> NoReturn:
    try:
        typer.echo(line, err=True)
    except (OSError, ValueError):  # pragma: no cover - stderr gone
        pass
    raise typer.Exit(EXIT_INTERRUPTED)


def guarded(fn: Callable) -> Callable:
    """Decorator for a command: bad input (:func:`bad_input_errors`) becomes ``Error: ...``
    with exit code 1, Ctrl+C exit code 130 with ``Interrupted.`` (after a database commit or
    a file written, also while the command prints its result: ``Interrupted: <what> was
    saved.``, :mod:`munchkin_lab.saved`), a
    closed output pipe a quiet exit 0. ``typer.Exit`` and click's usage errors pass through
    unchanged."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return _run(fn, *args, **kwargs)

    return wrapper


def _click_error_line(exc: BaseException) -> NoReturn:
    """click's own errors (an unknown option or command, a missing argument, a value of the
    wrong type or out of range) as one plain ``Error: <message> (see '<command> --help')`` line
    on stderr, never a rich box; the exit code is click's (2 for usage errors)."""
    ranged = _typer_range_message(exc)
    if ranged is not None:  # in the words of check_range
        usage_error(ranged)
    ctx = getattr(exc, "ctx", None)
    see = f" (see '{ctx.command_path} --help')" if ctx is not None else ""
    # a pydantic check's text inside click's (``Value error, 'tabel' is not ...``): its words only
    text = exc.format_message().rstrip(".").replace(": Value error, ", ": ")
    try:
        typer.echo(f"Error: {text}{see}", err=True)
    except (OSError, ValueError):  # pragma: no cover - stderr gone
        pass
    raise typer.Exit(getattr(exc, "exit_code", EXIT_BAD_INPUT))


def _run(fn: Callable, *args, **kwargs) -> Any:
    """``fn(*args, **kwargs)`` with the command-line handling of :func:`guarded`."""
    from . import saved

    with saved.noted() as record:
        return _run_noted(record, fn, *args, **kwargs)


def _run_noted(record: list[str], fn: Callable, *args, **kwargs) -> Any:
    """:func:`_run`'s handling; ``record``: what ``fn`` saved so far (:mod:`munchkin_lab.saved`)."""
    from . import saved

    try:
        return fn(*args, **kwargs)
    except typer.TyperException as exc:  # click's usage errors (typer's click subclasses it)
        if hasattr(exc, "format_message") and hasattr(exc, "exit_code"):
            _click_error_line(exc)
        raise
    except _PASS:
        raise
    except BrokenPipeError:
        _stdout_closed_quietly()
    except KeyboardInterrupt as exc:
        # after a database commit or a file written (the record; config.CommittedInterrupt)
        # the line says what was saved: never a bare "Interrupted." once something is
        _interrupted(saved.interrupted_line(record, exc))
    except RecursionError:
        fail("the input is nested too deeply")
    except bad_input_errors() as exc:
        if isinstance(exc, OSError) and getattr(exc, "errno", None) == 32:
            _stdout_closed_quietly()
        # an output file whose suffix does not name the format written is a usage error
        fail(error_message(exc), EXIT_USAGE if getattr(exc, "usage", False) is True else EXIT_BAD_INPUT)


class DashArgsCommand(TyperCommand):
    """A command whose arguments may start with ``-`` (``cards -kind:monster``,
    ``deck add Mix -tag:ghost``): a word that is not one of the command's options is taken
    as an argument. ``--`` still ends the options. A word that looks like a mistyped option,
    ``--formt`` or a lone ``-x`` (a letter), is refused as any command refuses an unknown
    option (``No such option``, exit 2, the close options suggested): a search term starts
    with one ``-`` and is more than a letter (``-kind:curse``, ``-undead``); after ``--``
    every word is an argument."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        names: dict[str, bool] = {}  # option name -> takes a value
        for p in self.get_params(ctx):
            if getattr(p, "param_type_name", None) == "option":
                for n in list(p.opts) + list(p.secondary_opts):
                    names[n] = not (p.is_flag or p.count)
        options: list[str] = []
        rest: list[str] = []
        i = 0
        while i < len(args):
            a = args[i]
            if a == "--":
                rest.extend(args[i + 1:])
                break
            name = a.split("=", 1)[0]
            if a.startswith("-") and name in names:
                options.append(a)
                if names[name] and "=" not in a and i + 1 < len(args):
                    options.append(args[i + 1])
                    i += 1
            elif a.startswith("-") and len(a) > 2 and a[:2] in names and names[a[:2]] and not a.startswith("--"):
                options.append(a)  # -fjson: a short option with its value attached
            elif (a.startswith("--") and len(name) > 2) or (len(a) == 2 and a[0] == "-" and a[1].isalpha()):
                from typer._click.exceptions import NoSuchOption  # typer's click: its usage errors

                from .suggest import close_matches

                close = close_matches(name, [n for n in names if n.startswith("--")] if name.startswith("--")
                                      else list(names), n=3)
                raise NoSuchOption(name, possibilities=close, ctx=ctx)
            else:
                rest.append(a)
            i += 1
        return super().parse_args(ctx, options + (["--"] + rest if rest else []))


def _flags_show_no_type(command: Any) -> None:
    """The help of ``command`` and of every command under it shows no type beside a flag
    (``--force``, ``--whole-set/--no-whole-set``, ``--help``): a flag takes no value, and
    typer 0.29's ``<bool>`` there reads as ``--force true``, which is refused (``Got
    unexpected extra argument (true)``; ``--help true`` ignores the ``true`` and shows the
    help). An empty ``metavar`` is what typer's help shows in the type column instead; parsing
    and error messages name options by their names, not by it."""
    ctx = typer.Context(command, info_name=command.name, **(command.context_settings or {}))
    help_option = command.get_help_option(ctx)  # made once per command and kept, as click does
    for p in [*command.params, *([help_option] if help_option is not None else [])]:
        if getattr(p, "param_type_name", None) == "option" and getattr(p, "is_flag", False) \
                and not getattr(p, "count", False) and p.metavar is None:
            p.metavar = ""
    for sub in (getattr(command, "commands", None) or {}).values():
        _flags_show_no_type(sub)


#: Set once the root group hands over to a command (a Ctrl+C then is the command's to tell).
_COMMAND_STARTED = False
#: Set once the command has ended (returned, or exited with its own message or code): a
#: Ctrl+C after that interrupted nothing of its work (:func:`late_interrupt_line`).
_COMMAND_FINISHED = False
#: What the command saved (:mod:`munchkin_lab.saved`), kept for the line of a late Ctrl+C.
_COMMAND_SAVED: list[str] = []


def late_interrupt_line(finished: bool, saved_so_far: Sequence[str] = ()) -> str:
    """The line of a Ctrl+C that reached the root of the command line once the command ran:
    ``finished``, after it ended (its output stands, nothing was undone); else while it was
    ending (after its own handling). ``saved_so_far``: what it saved, named as
    :func:`munchkin_lab.saved.interrupted_line` names it."""
    saved = list(dict.fromkeys(saved_so_far))
    kept = f" ({'; '.join(saved)})" if saved else ""
    if finished:
        return (f"Interrupted after the command had finished{kept}: its work was done and its output above "
                "stands; nothing was undone.")
    return (f"Interrupted while the command was ending{kept}: its output above says what it did; "
            "nothing was undone.")


class LabGroup(TyperGroup):
    """The root group: whatever command runs, Ctrl+C exits 130 with ``Interrupted.``, a
    closed output pipe is a quiet exit 0 and bad input that a command did not handle is
    ``Error: ...`` with exit 1 (never a traceback). The lab's own warnings (a card database
    built from older card files) are printed as one ``Warning: ...`` line on stderr."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _flags_show_no_type(self)

    def make_context(self, info_name: Any, args: list[str], parent: Any = None, **extra: Any) -> Any:
        """click's context; a bad root option (``munchkin-lab --bogus``) is one ``Error:`` line,
        exit 2; so is an argument that is not valid UTF-8 (:func:`_check_utf8_args`)."""
        _check_utf8_args(args)
        try:
            return super().make_context(info_name, args, parent=parent, **extra)
        except typer.TyperException as exc:
            if hasattr(exc, "format_message") and hasattr(exc, "exit_code"):
                _click_error_line(exc)
            raise

    def invoke(self, ctx: Any) -> Any:
        global _COMMAND_STARTED, _COMMAND_FINISHED
        from . import saved

        _restore_sigint()  # from here on Ctrl+C is KeyboardInterrupt, handled by _run
        _COMMAND_STARTED = True
        with saved.noted() as record:
            _COMMAND_SAVED[:] = []
            try:
                with _lab_warnings_as_lines():
                    result = _run(super().invoke, ctx)
            except KeyboardInterrupt:  # not handled by _run: it was ending (the root says so)
                _COMMAND_SAVED[:] = record
                raise
            except BaseException:  # its own exit (a message, an exit code): it has ended
                _COMMAND_SAVED[:], _COMMAND_FINISHED = record, True
                raise
            _COMMAND_SAVED[:], _COMMAND_FINISHED = record, True
            return result


def _check_utf8_args(args: Sequence[str]) -> None:
    """A usage error (exit 2) for a command-line argument whose bytes are not valid UTF-8
    (``cards $'Pott\\xe9d'``, a Latin-1 terminal): Python hands such bytes on as lone
    surrogates, which every later step would report as a codec error."""
    for arg in args or ():
        if not isinstance(arg, str):
            continue
        try:
            arg.encode("utf-8")
        except UnicodeEncodeError:
            shown = arg.encode("utf-8", "surrogateescape").decode("ascii", "backslashreplace")
            try:
                typer.echo(f"Error: the argument '{shown}' is not valid UTF-8 text: check the terminal's "
                           "encoding (e.g. LANG=C.UTF-8) or retype it", err=True)
            except (OSError, ValueError):  # pragma: no cover - stderr gone
                pass
            raise typer.Exit(EXIT_USAGE)


@contextlib.contextmanager
def _lab_warnings_as_lines():
    """Print :class:`munchkin_lab.cards.build.StaleDatabaseWarning` as ``Warning: <message>``
    on stderr (no file name, no line of source); other warnings as Python shows them."""
    import warnings

    shown = warnings.showwarning

    def show(message, category, filename, lineno, file=None, line=None):
        if category.__name__ == "StaleDatabaseWarning":
            try:
                typer.echo(f"Warning: {message}", err=True)
            except (OSError, ValueError):  # pragma: no cover - stderr gone
                pass
            return
        shown(message, category, filename, lineno, file, line)

    warnings.showwarning = show
    try:
        yield
    finally:
        warnings.showwarning = shown


class _App(typer.Typer):
    """The root app; a closed output pipe is a quiet exit 0 for every command (click turns
    it into exit code 1 with no message)."""

    def __call__(self, *args, **kwargs):
        sys.unraisablehook = _unraisable
        try:
            return super().__call__(*args, **kwargs)
        except BrokenPipeError:
            _quiet_exit()
        except KeyboardInterrupt:  # between the imports and the command (argument parsing)
            try:
                # before the command ran: nothing read or written; after it (it ended, its
                # own handling done) there is nothing this line could add
                argv = kwargs.get("args")
                typer.echo(late_interrupt_line(_COMMAND_FINISHED, _COMMAND_SAVED) if _COMMAND_STARTED else
                           early_interrupt_line(sys.argv[1:] if argv is None else argv), err=True)
            except (OSError, ValueError):  # pragma: no cover - stderr gone
                pass
            sys.exit(EXIT_INTERRUPTED)
        except SystemExit as e:
            # click (typer vendors its own copy) saw EPIPE: it wrapped stdout and exits 1
            if type(sys.stdout).__name__ == "PacifyFlushWrapper":
                _quiet_exit()
            try:
                sys.stdout.flush()
            except BrokenPipeError:
                _quiet_exit()
            if _COMMAND_FINISHED and _console_script():
                # (after the flush: the late line's os._exit would drop output still buffered)
                _exiting_says_finished()
            raise e


def _finished_interrupt(signum, frame) -> None:
    """Ctrl+C while the process exits after its command finished: the late line, exit 130."""
    try:
        os.write(2, (late_interrupt_line(True, _COMMAND_SAVED) + "\n").encode("utf-8", "backslashreplace"))
    except OSError:  # pragma: no cover - stderr gone
        pass
    os._exit(EXIT_INTERRUPTED)


def _exiting_says_finished() -> None:
    """The command has finished and the process exits: a Ctrl+C now says so (the late line of
    :func:`late_interrupt_line`, exit 130) while Python can still run a handler, and is
    ignored from the exit handlers (``atexit``) on, while Python tears itself down; there
    Python puts back the default action, which ended the process silently with status 130
    after its success output (a new user's finding: ``deck import-bundle`` printed its
    summary and exited 130, no line). Ignored, the exit status is the command's own."""
    import atexit

    signal.signal(signal.SIGINT, _finished_interrupt)
    # registered last, so run first of the exit handlers: from there on a Ctrl+C changes nothing
    atexit.register(signal.signal, signal.SIGINT, signal.SIG_IGN)


def _unraisable(u: Any, _default=sys.unraisablehook) -> None:
    """``sys.unraisablehook`` of the console script: a Ctrl+C that lands in a finalizer or a
    garbage-collection callback (SQLAlchemy's weak-reference callbacks) would be "ignored" by
    Python and printed with a traceback; it is delivered to the main thread again instead (the
    command ends with ``Interrupted.``, exit 130) and nothing is printed. Anything else goes to
    Python's default hook.

    The new Ctrl+C is sent from a short timer thread, never from the hook itself: the hook
    runs in the main thread, so a signal raised there would land inside the hook and be
    "ignored" once more (a fresh-clone CI run caught exactly that)."""
    if u.exc_type is not None and issubclass(u.exc_type, KeyboardInterrupt):
        try:
            _redeliver_interrupt()
        except BaseException:  # pragma: no cover - a second Ctrl+C while arming: send it later
            _redeliver_interrupt()
        return
    _default(u)


def _redeliver_interrupt() -> None:
    """Send SIGINT to the main thread 50 ms from now (from a daemon timer thread)."""
    import _thread

    timer = threading.Timer(0.05, _thread.interrupt_main)
    timer.daemon = True
    timer.start()


def _quiet_exit() -> NoReturn:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.__stdout__.fileno())
    except (OSError, AttributeError, ValueError):  # pragma: no cover - no real stdout
        pass
    sys.exit(EXIT_OK)


app = _App(
    cls=LabGroup,
    help="munchkin-lab: card database, rules engine, mixed decks and simulation for Munchkin-style games.",
    no_args_is_help=True,
    add_completion=False,
)


def _register() -> None:
    from .cards import cli as _cards_cli
    from . import play_cli as _play_cli
    from .decks import cli as _decks_cli
    from .printing import cli as _printing_cli
    from .sim import cli as _sim_cli
    from .widgets import cli as _widgets_cli

    for module in (_cards_cli, _play_cli, _decks_cli, _sim_cli, _widgets_cli, _printing_cli):
        module.register(app)


_register()


def _restore_sigint() -> None:
    """Ctrl+C is KeyboardInterrupt again (handled by :func:`_run`): called by the root group
    as the command starts, not when this module is imported, so that a Ctrl+C while click
    parses the arguments is still the early ``Interrupted.`` (typer's own handling of a
    KeyboardInterrupt there is a silent exit 130: seen under load).

    Also when the command was started with SIGINT ignored: a shell script's ``cmd &`` starts
    its background jobs so, and Python keeps that. Ctrl+C / ``kill -INT`` then did stop the
    command in its first second (the handler above) and never after, so an import ran on
    and exited 0; every command now stops on it, as the README says (exit 130)."""
    global _SIGINT_BEFORE
    if _SIGINT_BEFORE is not None and threading.current_thread() is threading.main_thread():
        before, _SIGINT_BEFORE = _SIGINT_BEFORE, None
        signal.signal(signal.SIGINT, signal.default_int_handler if before == signal.SIG_IGN else before)


def main(argv: Sequence[str] | None = None) -> None:  # pragma: no cover - console entry point
    """Run the command line."""
    app(args=list(argv) if argv is not None else None)


if __name__ == "__main__":  # pragma: no cover
    main()
