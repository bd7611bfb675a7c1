"""Simulation results: exact running totals, the tables built from them, and result files
written as one unit.

A run's finished batches go into a :class:`Totals` (integer counts only: the tables are the
same whatever the order the batches arrive in) and, in game order, into the per-game table:
kept in memory (:class:`GameTable`), streamed into a result file (:class:`ResultWriter`),
both or neither. Memory therefore stays flat in the number of games unless the per-game table
is kept in memory.

Result files (format from the suffix; one file holds the whole result, so a reader never
sees two runs mixed and the previous file survives a kill or a full disk: it is written aside
and renamed in one step, see :mod:`munchkin_lab.fileio`):

``.parquet``
    the per-game table as the Parquet data (``pandas.read_parquet`` reads it); the settings,
    the totals and the cards / seats / summary / levels tables in the file's key-value
    metadata under ``munchkin_lab_sim`` (JSON). :meth:`SimResult.load` reads it all back.
``.json``
    one JSON object: ``format``, ``version``, ``games`` (records), ``config``,
    ``interrupted``, ``totals``, ``cards``, ``seats``, ``summary``, ``levels`` (records).
``.csv``
    the per-game table only (a CSV file holds one table), for spreadsheets;
    :meth:`SimResult.load` refuses it (the other tables are not in it).
"""
from __future__ import annotations

import json
import math
import os
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Sequence

import numpy as np

if TYPE_CHECKING:  # pandas / pyarrow are imported on use: Dask workers never need them
    import pandas as pd

#: Wilson / normal quantile for 95% intervals.
Z95 = 1.959963984540054

#: Per-card counters (columns of ``SimResult.cards``): ``used`` counts the ``use`` actions that
#: name the card (its ``use`` abilities taken: an item's, a Dungeon's, a monster's such as
#: bribe_gold); a result file written before it was added reads it as missing (NaN).
CARD_COUNTS = ("drawn", "played", "used", "killed", "fled", "deaths_caused", "held", "held_wins")

#: Result file suffixes and their formats.
RESULT_FORMATS = {".parquet": "parquet", ".json": "json", ".csv": "csv"}

#: Name of the metadata entry of a Parquet result file (and the JSON ``format`` value).
META_KEY = "munchkin_lab_sim"
FORMAT_NAME = "munchkin-lab simulation result"
FORMAT_VERSION = 2

#: Bytes one game takes in each kind of per-game table, measured on the base preset with 4
#: players: in memory about 200 as Arrow columns plus as much again while the DataFrame is
#: built at the end (the peak); on disk lower bounds (rounded down: a request refused with
#: these cannot fit).
BYTES_PER_GAME = {"memory": 400, "parquet": 12, "csv": 90, "json": 350}

#: Rows gathered before a Parquet row group is written.
ROW_GROUP_ROWS = 16_384


# =============================================================================== schemas
def games_schema(players: int, solar: bool = False):
    """The Arrow schema of the per-game table for ``players`` seats (Solar Storm games have an
    ``end_reason`` column before ``error``)."""
    import pyarrow as pa

    i64, s = pa.int64(), pa.string()
    cols = [("game", i64), ("seed", pa.uint64()), ("end_cause", s), ("winners", s), ("winner", i64),
            ("n_winners", i64), ("turns", i64), ("steps", i64), ("deaths", i64)]
    cols += [(f"deaths_{k}", i64) for k in range(players)]
    cols += [(f"level_{k}", i64) for k in range(players)]
    cols += [("max_level", i64), ("mean_level", pa.float64()), ("lead_changes", i64),
             ("turn_first_level_5", i64), ("turn_first_level_9", i64)]
    if solar:
        cols.append(("end_reason", s))
    cols.append(("error", s))
    return pa.schema(cols)


def _schema(name: str):
    import pyarrow as pa

    i64, f64, s = pa.int64(), pa.float64(), pa.string()
    if name == "cards":
        return pa.schema([("key", s), ("name", s), ("set", s), ("kind", s), ("deck", s), ("copies", i64)]
                         + [(c, i64) for c in CARD_COUNTS]
                         + [("drawn_per_game", f64), ("kill_rate", f64), ("win_share_when_held", f64)])
    if name == "seats":
        return pa.schema([("seat", i64), ("bot", s), ("games", i64), ("wins", i64), ("win_rate", f64),
                          ("ci_low", f64), ("ci_high", f64), ("deaths_per_game", f64)])
    if name == "summary":
        return pa.schema([("metric", s), ("value", f64), ("ci_low", f64), ("ci_high", f64)])
    if name == "levels":
        return pa.schema([("turn", i64), ("seat", i64), ("mean_level", f64), ("games", i64)])
    raise KeyError(name)


TABLES = ("cards", "seats", "summary", "levels")


def frame(records: list[dict], schema) -> pd.DataFrame:
    """A DataFrame of ``records`` with the dtypes of ``schema`` (nulls in float columns become
    NaN), the one way every table is built, in memory or read back from a file."""
    import pyarrow as pa

    return pa.Table.from_pylist(records, schema=schema).to_pandas()


def _records(df: pd.DataFrame) -> list[dict]:
    """JSON-ready records (NaN -> None, numpy scalars -> Python)."""
    out = []
    for r in df.to_dict("records"):
        out.append({k: (None if isinstance(v, float) and math.isnan(v) else
                        (v.item() if isinstance(v, np.generic) else v)) for k, v in r.items()})
    return out


# =============================================================================== statistics
def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """95% Wilson score interval ``(low, high)`` of ``k`` successes in ``n`` trials
    (``(nan, nan)`` when ``n == 0``)."""
    if n <= 0:
        return (math.nan, math.nan)
    p = k / n
    den = 1 + z * z / n
    center = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    low, high = max(0.0, center - half), min(1.0, center + half)
    if k <= 0:
        low = 0.0
    if k >= n:
        high = 1.0
    return (low, high)


def sample_var(n: int, total: int, squares: int) -> float:
    """Sample variance (``ddof=1``) from the count, sum and sum of squares of integers,
    computed exactly (NaN for fewer than 2 values)."""
    if n < 2:
        return math.nan
    return (n * squares - total * total) / (n * (n - 1))


def hist_quantile(hist: dict[int, int], q: float) -> float:
    """The ``q`` quantile of the integers counted in ``hist`` (value -> count), linear
    interpolation between the closest ranks (as ``pandas.Series.quantile``)."""
    n = sum(hist.values())
    if n == 0:
        return math.nan
    values = sorted(hist)
    cum = np.cumsum([hist[v] for v in values])
    h = (n - 1) * q
    lo = math.floor(h)
    frac = h - lo

    def kth(k: int) -> int:
        return values[int(np.searchsorted(cum, k + 1))]

    a, b = kth(lo), kth(min(lo + 1, n - 1))
    return float(a + (b - a) * frac) if frac < 0.5 else float(b - (b - a) * (1 - frac))


#: how many errored games (the first by number) :class:`Totals` keeps with their error text
ERROR_EXAMPLES = 5


class Totals:
    """Exact running totals of a run (integers only: adding batches in any order gives the
    same totals, so the tables built from them do not depend on the workers).

    Attributes: ``players``, ``cap`` (turn cap), ``games`` (games counted), ``decided`` (games
    with a winner), ``capped`` (turn or step cap), ``errors``, ``turns`` / ``turns_sq`` (sum
    and sum of squares of game lengths in turns), ``deaths`` / ``deaths_sq`` (per game),
    ``turn_hist`` (game length -> games), ``wins`` / ``seat_deaths`` (per seat), ``end_causes``
    (cause -> games), ``cards`` (card key -> counts in :data:`CARD_COUNTS` order),
    ``lv_sum`` / ``lv_n`` (sum of Levels at the start of each turn by seat, games alive),
    ``error_examples`` (``[game, error text]`` of the first :data:`ERROR_EXAMPLES` games by
    number that ended with an engine or bot error: replay one with
    :func:`~munchkin_lab.sim.simulate.replay_game` for its traceback).
    """

    SCALARS = ("games", "decided", "capped", "errors", "turns", "turns_sq", "deaths", "deaths_sq")

    def __init__(self, players: int, cap: int):
        self.players, self.cap = players, cap
        self.games = self.decided = self.capped = self.errors = 0
        self.turns = self.turns_sq = self.deaths = self.deaths_sq = 0
        self.turn_hist: dict[int, int] = {}
        self.wins = [0] * players
        self.seat_deaths = [0] * players
        self.end_causes: dict[str, int] = {}
        self.cards: dict[str, np.ndarray] = {}
        self.lv_sum = np.zeros((cap + 2, players), dtype=np.int64)
        self.lv_n = np.zeros(cap + 2, dtype=np.int64)
        self.error_examples: list[list] = []

    def add_rows(self, rows: Iterable[dict]) -> None:
        """Count per-game rows (dicts with the per-game table's columns)."""
        for r in rows:
            self.games += 1
            t, d = int(r["turns"]), int(r["deaths"])
            self.turns += t
            self.turns_sq += t * t
            self.deaths += d
            self.deaths_sq += d * d
            self.turn_hist[t] = self.turn_hist.get(t, 0) + 1
            cause = str(r["end_cause"])
            self.end_causes[cause] = self.end_causes.get(cause, 0) + 1
            if cause in ("turn_cap", "step_cap"):
                self.capped += 1
            elif cause == "error":
                self.errors += 1
                ex = self.error_examples
                ex.append([int(r["game"]), str(r.get("error") or "")])
                if len(ex) > ERROR_EXAMPLES:  # the lowest game numbers, whatever the batch order
                    ex.sort()
                    del ex[ERROR_EXAMPLES:]
            if int(r["n_winners"]) > 0:
                self.decided += 1
            w = str(r["winners"] or "")
            for s in w.split(",") if w else ():
                k = int(s)
                if 0 <= k < self.players:
                    self.wins[k] += 1
            for k in range(self.players):
                self.seat_deaths[k] += int(r.get(f"deaths_{k}", 0))

    def add_part(self, part: dict) -> None:
        """Count a finished batch (a :func:`~munchkin_lab.sim.simulate.run_batch` result)."""
        self.add_rows(part["rows"])
        for key, vals in zip(part["keys"], part["counts"]):
            acc = self.cards.get(key)
            v = np.asarray(vals, dtype=np.int64)
            if acc is None:
                self.cards[key] = v.copy()
            else:
                acc += v
        self.lv_sum += np.asarray(part["lv_sum"], dtype=np.int64)
        self.lv_n += np.asarray(part["lv_n"], dtype=np.int64)

    # JSON (saved in result files) -------------------------------------------------------
    def to_json(self) -> dict:
        """The totals that no table holds (for :meth:`SimResult.load` and :func:`compare`)."""
        d = {k: getattr(self, k) for k in self.SCALARS}
        d.update(players=self.players, cap=self.cap, wins=list(self.wins), seat_deaths=list(self.seat_deaths),
                 end_causes=dict(sorted(self.end_causes.items())), error_examples=sorted(self.error_examples),
                 turn_hist={str(t): c for t, c in sorted(self.turn_hist.items())})
        return d

    @classmethod
    def from_json(cls, d: dict) -> "Totals":
        t = cls(int(d["players"]), int(d["cap"]))
        for k in cls.SCALARS:
            setattr(t, k, int(d[k]))
        t.wins = [int(x) for x in d["wins"]]
        t.seat_deaths = [int(x) for x in d["seat_deaths"]]
        t.end_causes = {str(k): int(v) for k, v in d["end_causes"].items()}
        t.turn_hist = {int(k): int(v) for k, v in d["turn_hist"].items()}
        t.error_examples = [[int(g), str(e)] for g, e in d.get("error_examples", ())]  # (older files: none)
        return t

    @classmethod
    def from_games(cls, games: pd.DataFrame, players: int, cap: int = 0) -> "Totals":
        """Totals of a per-game table (for tables computed from a DataFrame)."""
        t = cls(players, cap)
        t.add_rows(games.to_dict("records"))
        return t

    # tables ----------------------------------------------------------------------------
    def seat_records(self, bots: Sequence[str]) -> list[dict]:
        n = self.games
        out = []
        for k in range(self.players):
            lo, hi = wilson(self.wins[k], n)
            out.append({"seat": k, "bot": bots[k] if k < len(bots) else "", "games": n, "wins": self.wins[k],
                        "win_rate": self.wins[k] / n if n else math.nan, "ci_low": lo, "ci_high": hi,
                        "deaths_per_game": self.seat_deaths[k] / n if n else math.nan})
        return out

    def summary_records(self) -> list[dict]:
        n = self.games
        rows: list[dict] = []

        def add(metric, value, lo=math.nan, hi=math.nan):
            rows.append({"metric": metric, "value": float(value), "ci_low": float(lo), "ci_high": float(hi)})

        add("games", n)
        add("decided_rate", self.decided / n if n else math.nan, *wilson(self.decided, n))
        add("turn_cap_rate", self.capped / n if n else math.nan, *wilson(self.capped, n))
        add("error_games", self.errors)
        for k in range(self.players):
            add(f"win_rate_seat_{k}", self.wins[k] / n if n else math.nan, *wilson(self.wins[k], n))
        if n:
            mean = self.turns / n
            if n > 1:
                from scipy.special import stdtrit  # Student t quantile (scipy.stats imports far more)

                sem = math.sqrt(max(0.0, sample_var(n, self.turns, self.turns_sq))) / math.sqrt(n)
                q = float(stdtrit(n - 1, 0.975))
                add("turns_mean", mean, mean - q * sem, mean + q * sem)
            else:
                add("turns_mean", mean)
            add("turns_median", hist_quantile(self.turn_hist, 0.5))
            add("turns_p10", hist_quantile(self.turn_hist, 0.1))
            add("turns_p90", hist_quantile(self.turn_hist, 0.9))
            add("turns_min", min(self.turn_hist))
            add("turns_max", max(self.turn_hist))
            add("deaths_per_game", self.deaths / n)
            add("death_rate", self.deaths / self.turns if self.turns else math.nan)
        else:
            for m in ("turns_mean", "turns_median", "turns_p10", "turns_p90", "turns_min", "turns_max",
                      "deaths_per_game", "death_rate"):
                add(m, math.nan)
        return rows

    def card_records(self, spec_pairs: Sequence[tuple[dict, int]]) -> list[dict]:
        info: dict[str, dict] = {}
        for d, copies in spec_pairs:
            e = info.setdefault(d["key"], {"key": d["key"], "name": d["name"], "set": d["set"],
                                           "kind": d["kind"], "deck": d["deck"], "copies": 0})
            e["copies"] += copies
        n = self.games
        zero = np.zeros(len(CARD_COUNTS), dtype=np.int64)
        out = []
        for key in sorted(info):
            r = dict(info[key])
            vals = self.cards.get(key, zero)
            for name, v in zip(CARD_COUNTS, vals):
                r[name] = int(v)
            kf = r["killed"] + r["fled"]
            r["drawn_per_game"] = r["drawn"] / n if n else math.nan
            r["kill_rate"] = r["killed"] / kf if kf > 0 else math.nan
            r["win_share_when_held"] = r["held_wins"] / r["held"] if r["held"] > 0 else math.nan
            out.append(r)
        return out

    def level_records(self) -> list[dict]:
        out = []
        for t in range(self.cap + 2):
            if self.lv_n[t] == 0:
                continue
            for k in range(self.players):
                out.append({"turn": t + 1, "seat": k, "mean_level": int(self.lv_sum[t, k]) / int(self.lv_n[t]),
                            "games": int(self.lv_n[t])})
        return out

    def tables(self, spec_pairs, bots) -> dict[str, pd.DataFrame]:
        """The cards, seats, summary and levels tables."""
        return {"cards": frame(self.card_records(spec_pairs), _schema("cards")),
                "seats": frame(self.seat_records(bots), _schema("seats")),
                "summary": frame(self.summary_records(), _schema("summary")),
                "levels": frame(self.level_records(), _schema("levels"))}


# =============================================================================== output files
def result_format(path: str | os.PathLike) -> str:
    """The format a result path's suffix names (``parquet``, ``json`` or ``csv``).

    Raises:
        ValueError: no suffix or an unknown one (the known ones listed).
    """
    suffix = Path(path).suffix.lower()
    fmt = RESULT_FORMATS.get(suffix)
    if fmt is None:
        known = ", ".join(RESULT_FORMATS)
        what = f"suffix {suffix!r}" if suffix else "no suffix"
        raise ValueError(f"{str(path)!r}: {what}; a result file ends in {known}")
    return fmt


def check_output(path: str | os.PathLike) -> tuple[Path, str]:
    """Check a result path before any work: known suffix, existing and writable folder (never
    created), not a folder. Returns ``(path, format)``.

    Raises:
        ValueError: unknown suffix, the path is a folder, the folder is missing or not
            writable (each message names the path or the folder).
    """
    if str(path).strip() == "":
        raise ValueError("no output path given")
    p = Path(path).expanduser()
    fmt = result_format(p)
    if p.is_dir():
        raise ValueError(f"cannot write {str(p)!r}: it is a folder")
    parent = p.parent if str(p.parent) else Path(".")
    if not parent.is_dir():
        raise ValueError(f"cannot write {str(p)!r}: folder {str(parent)!r} does not exist "
                         "(it is not created; make it first)")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise ValueError(f"cannot write {str(p)!r}: folder {str(parent)!r} is not writable")
    return p, fmt


def check_fits(games: int, keep_in_memory: bool, out: Path | None, fmt: str | None) -> None:
    """Refuse, before any game, a per-game table that cannot fit in the memory available now
    or on the output's disk (estimates from :data:`BYTES_PER_GAME`: the measured peak in
    memory, lower bounds on disk).

    Raises:
        ValueError: the reason, the sizes and what to do instead.
    """
    if games >= 2 ** 63:
        raise ValueError(f"games: {games} is more than a per-game table can number (2**63 - 1)")
    if keep_in_memory:
        need = games * BYTES_PER_GAME["memory"]
        avail = _available_memory()
        if avail is not None and need > avail:
            raise ValueError(
                f"a per-game table of {games:,} games needs about {_size(need)} of memory, and "
                f"{_size(avail)} is available: pass keep_games=False (the seat, summary, card and "
                f"Level tables are still computed) and/or out='results.parquet' to stream the "
                f"per-game table to a file")
    if out is not None and fmt is not None:
        need = games * BYTES_PER_GAME[fmt]
        parent = out.parent if str(out.parent) else Path(".")
        free = shutil.disk_usage(parent).free
        if need > free:
            raise ValueError(
                f"cannot write {str(out)!r}: a per-game table of {games:,} games needs at least "
                f"{_size(need)} as {fmt}, and its folder has {_size(free)} free; ask for fewer "
                f"games (or run without an output file: the tables by seat, card and Level stay small)")


def _available_memory() -> int | None:
    try:
        import psutil

        return int(psutil.virtual_memory().available)
    except Exception:  # noqa: BLE001 - no psutil / no /proc: no check
        return None


def _size(n: float) -> str:
    for unit in ("bytes", "KB", "MB", "GB", "TB", "PB"):
        if n < 1000 or unit == "PB":
            return f"{n:.0f} {unit}" if unit == "bytes" else f"{n:.1f} {unit}"
        n /= 1000
    return f"{n:.1f} PB"  # pragma: no cover


def _oserror(exc: OSError, message: str) -> OSError:
    """An OSError whose text is ``message`` (no ``[Errno n]`` prefix) with ``exc``'s errno."""
    err = OSError(message)
    err.errno = exc.errno
    return err


class ResultWriter:
    """Streams a result into ``path`` as one unit: the per-game rows as they come (in game
    order), the other tables and the settings at :meth:`commit`. Everything goes to a hidden
    temporary file beside ``path`` that :meth:`commit` renames onto it
    (:func:`munchkin_lab.fileio.atomic_path`); :meth:`abort` (or a kill) leaves ``path`` as
    it was. A commit also removes the temporary files killed runs left beside ``path``.

    Raises (constructor, :meth:`write`, :meth:`commit`):
        OSError: the file cannot be created or written (disk full, ...); the message names
            ``path`` and says the previous file is kept. The temporary file is removed.
    """

    def __init__(self, path: Path, fmt: str, schema):
        from ..fileio import atomic_path

        self.path, self.fmt, self.schema = Path(path), fmt, schema
        self._pending: list = []
        self._pending_rows = 0
        self._first = True
        self._w = self._fh = None
        cm = atomic_path(self.path)
        try:
            self._tmp = cm.__enter__()
        except OSError as exc:  # the temporary file cannot be created: nothing to clean up
            raise _oserror(exc, f"cannot write {str(self.path)!r}: {exc.strerror or exc}") from None
        self._cm = cm
        try:
            if fmt == "parquet":
                import pyarrow.parquet as pq

                self._w = pq.ParquetWriter(self._tmp, schema)
            elif fmt == "csv":
                import pyarrow.csv as pcsv

                self._w = pcsv.CSVWriter(str(self._tmp), schema)
            else:
                self._fh = open(self._tmp, "w", encoding="utf-8")
                self._fh.write('{"format": %s, "version": %d, "games": [' % (json.dumps(FORMAT_NAME), FORMAT_VERSION))
        except OSError as exc:
            self._fail(exc)

    def _fail(self, exc: OSError):
        self.abort()
        raise _oserror(exc, f"cannot write {str(self.path)!r}: {exc.strerror or exc}; "
                            "the previous file (if any) is kept") from None

    def write(self, table) -> None:
        """Append per-game rows (an Arrow table with :attr:`schema`)."""
        try:
            if self.fmt == "parquet":
                self._pending.append(table)
                self._pending_rows += table.num_rows
                if self._pending_rows >= ROW_GROUP_ROWS:
                    self._flush()
            elif self.fmt == "csv":
                self._w.write_table(table)
            else:
                for r in table.to_pylist():
                    self._fh.write(("\n" if self._first else ",\n") + json.dumps(r, allow_nan=False))
                    self._first = False
        except OSError as exc:
            self._fail(exc)

    def _flush(self) -> None:
        if self._pending:
            import pyarrow as pa

            self._w.write_table(pa.concat_tables(self._pending))
            self._pending, self._pending_rows = [], 0

    def commit(self, meta: dict, tables: dict[str, pd.DataFrame], tag: str | None = None,
               exclusive: bool = False) -> Path:
        """Finish the file (``meta``: config, interrupted, totals; ``tables``: cards, seats,
        summary, levels) and rename it onto :attr:`path`; with ``tag``, onto a free name beside
        it instead (``<name>.<tag><suffix>``, :func:`munchkin_lab.fileio.keep_beside`), leaving
        :attr:`path` as it was. With ``exclusive`` (a run that found :attr:`path` free at its
        start, no ``--force``) a file that appeared at :attr:`path` meanwhile is never
        replaced: the result goes beside it (``<name>.not-replaced<suffix>``). Returns the
        path written."""
        self._close(meta, tables)
        if tag is not None:
            return self._move(tag)
        if exclusive:
            from ..fileio import APPEARED_TAG, link_new

            try:
                self._finish_tmp()
                link_new(self._tmp, self.path)
            except FileExistsError:
                return self._move(APPEARED_TAG)
            except OSError as exc:
                self._fail(exc)
            return self._done(self.path)
        try:
            cm, self._cm = self._cm, None
            cm.__exit__(None, None, None)  # flush to disk, rename onto the path
        except OSError as exc:
            self._fail(exc)
        from ..fileio import remove_stale_parts

        remove_stale_parts(self.path)  # what killed runs left beside it
        return self.path

    def _close(self, meta: dict, tables: dict[str, pd.DataFrame]) -> None:
        """Finish the temporary file (the format's closing: metadata, the JSON tail) without renaming it:
        :meth:`commit` renames it then."""
        try:
            if self.fmt == "parquet":
                self._flush()
                doc = dict(meta, format=FORMAT_NAME, version=FORMAT_VERSION,
                           tables={k: _records(v) for k, v in tables.items()})
                self._w.add_key_value_metadata({META_KEY: json.dumps(doc, allow_nan=False)})
                self._w.close()
            elif self.fmt == "csv":
                self._w.close()
            else:
                rest = dict(meta, **{k: _records(v) for k, v in tables.items()})
                self._fh.write("\n]")
                for k, v in rest.items():
                    self._fh.write(f", {json.dumps(k)}: {json.dumps(v, allow_nan=False)}")
                self._fh.write("}\n")
                self._fh.close()
        except OSError as exc:
            self._fail(exc)
        self._w = self._fh = None

    def _finish_tmp(self) -> None:
        """Flush the finished temporary file to disk and give it the file mode."""
        import os

        with open(self._tmp, "rb+") as fh:
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(self._tmp, 0o644)

    def _move(self, tag: str) -> Path:
        """Give the finished temporary file a free name beside :attr:`path` (``<name>.<tag><suffix>``,
        taken exclusively: an earlier file is never replaced); the temporary file's own
        context then ends as an abort (nothing left to remove)."""
        from ..fileio import keep_beside

        try:
            self._finish_tmp()
            to = keep_beside(self._tmp, self.path, tag)
        except OSError as exc:
            self._fail(exc)
        return self._done(to)

    def _done(self, to: Path) -> Path:
        from ..fileio import fsync_dir, note_saved

        note_saved(f"{to} was written")
        fsync_dir(to.parent)
        self.abort()
        return to

    def abort(self) -> None:
        """Drop the temporary file; :attr:`path` keeps its previous content."""
        cm, self._cm = self._cm, None
        if cm is None:
            return
        for closer in (self._w, self._fh):
            try:
                if closer is not None:
                    closer.close()
            except Exception:  # noqa: BLE001 - a broken writer: the file is dropped anyway
                pass
        try:
            cm.__exit__(OSError, OSError("aborted"), None)
        except OSError:
            pass


class GameTable:
    """The per-game table kept in memory as Arrow tables (about 200 bytes a game), turned into
    one DataFrame at the end (as much again while it is built)."""

    def __init__(self, schema):
        self.schema = schema
        self.parts: list = []

    def write(self, table) -> None:
        self.parts.append(table)

    def frame(self) -> pd.DataFrame:
        import pyarrow as pa

        if not self.parts:
            return self.schema.empty_table().to_pandas()
        t = pa.concat_tables(self.parts)
        self.parts = []
        return t.to_pandas()


# =============================================================================== result
@dataclass
class SimResult:
    """The outcome of :func:`~munchkin_lab.sim.simulate`.

    Attributes:
        games: one row per game, sorted by ``game``: ``game`` (index), ``seed`` (engine seed,
            uint64), ``end_cause`` (``level_10`` / ``turn_cap`` / ``step_cap`` / ``error``;
            Solar Storm: ``crew_won`` / ``ship_lost``, and no Levels, deaths or card counts),
            ``winners`` (comma-separated seats, 0-based; empty when nobody won), ``winner``
            (the single winner's seat or -1), ``n_winners``, ``turns`` (turns played, the
            one in progress at the end included: a game stopped by a turn cap of N shows N),
            ``steps`` (actions played), ``deaths`` and ``deaths_<seat>``,
            ``level_<seat>`` (final Levels), ``max_level``, ``mean_level``, ``lead_changes``
            (times the sole leader changed between turns), ``turn_first_level_5`` /
            ``turn_first_level_9`` (first turn a player started at that Level, -1 never),
            ``error`` (message or empty). ``None`` when the run did not keep it
            (``keep_games=False``; it may be in the result file, :attr:`path`).
        cards: one row per card (``key``, ``name``, ``set``, ``kind``, ``copies``): counts
            over all games ``drawn``, ``played``, ``used`` (``use`` actions naming the card:
            its ``use`` abilities taken), ``killed`` / ``fled`` (monsters),
            ``deaths_caused``, ``held`` (player-games holding the card at the end, in hand or
            in play) and ``held_wins``; rates ``drawn_per_game``, ``kill_rate``
            (killed / (killed + fled)), ``win_share_when_held`` (held_wins / held; NaN if never
            held; compare with 1 / players).
        seats: one row per seat: ``seat``, ``bot``, ``games``, ``wins``, ``win_rate``,
            ``ci_low``/``ci_high`` (95% Wilson interval), ``deaths_per_game``.
        summary: one row per metric (``metric``, ``value``, ``ci_low``, ``ci_high``):
            games, decided rate, turn-cap rate, win rate per seat, game length (mean with a 95%
            t interval, median, p10, p90, min, max, in turns), deaths per game, death rate
            (deaths per turn).
        levels: mean Level by turn and seat (``turn``, ``seat``, ``mean_level``, ``games``:
            games still running at that turn).
        config: the run's settings (deck, players, bots, seed, games requested, turn_cap) and
            which version of each card it played: ``deck_digest`` (the whole card list) and
            ``deck_cards`` (card key -> digest of its data and copies); see
            :mod:`munchkin_lab.sim.provenance`. Results written before these were recorded
            lack both keys.
        interrupted: True when the run was stopped (Ctrl-C) before all games were played.
        elapsed: wall-clock seconds (not part of any table).
        totals: exact sums no table holds (games, decided games, sums and sums of squares of
            lengths and deaths, the length histogram ``turn_hist``; see
            :class:`~munchkin_lab.sim.results.Totals`); :func:`~munchkin_lab.sim.compare`
            works from them, so it needs no per-game table.
        path: the result file the run wrote (``out=``) or was loaded from, else None.
        deck_changed: set by :meth:`load` when the deck of that name now plays other cards
            than this run did: the sentence naming them (also given as a
            :class:`~munchkin_lab.sim.provenance.DeckChangedWarning`), else None.
    """

    games: pd.DataFrame | None
    cards: pd.DataFrame
    seats: pd.DataFrame
    summary: pd.DataFrame
    levels: pd.DataFrame
    config: dict
    interrupted: bool = False
    elapsed: float = field(default=0.0, compare=False)
    totals: dict = field(default_factory=dict, compare=False)
    path: Path | None = field(default=None, compare=False)
    deck_changed: str | None = field(default=None, compare=False)

    @property
    def n_games(self) -> int:
        """Games played (fewer than requested when interrupted)."""
        if self.games is not None:
            return len(self.games)
        if self.totals:
            return int(self.totals["games"])
        return int(self.seats["games"].iloc[0]) if len(self.seats) else 0

    def stats(self) -> Totals:
        """The run's :class:`Totals` (from :attr:`totals`, or from the per-game table)."""
        if self.totals:
            return Totals.from_json(self.totals)
        if self.games is None:
            raise ValueError("this result has neither totals nor a per-game table")
        return Totals.from_games(self.games, int(self.config["players"]), int(self.config.get("turn_cap", 0)))

    def __repr__(self) -> str:
        c = self.config
        rates = ", ".join(f"{r.win_rate:.1%}" for r in self.seats.itertuples())
        return (f"<SimResult {c.get('deck')!r}: {self.n_games}/{c.get('games')} games, "
                f"{c.get('players')} players, bots {','.join(c.get('bots', ()))}, win rate by seat "
                f"[{rates}]{', interrupted' if self.interrupted else ''}>")

    def _meta(self) -> dict:
        return {"config": self.config, "interrupted": bool(self.interrupted), "n_games": self.n_games,
                "totals": self.totals or self.stats().to_json()}

    def save(self, path, overwrite: bool = False) -> list[Path]:
        """Write the whole result to one file, in the format its suffix names: ``.parquet``
        (per-game table as data, the other tables and settings in its metadata), ``.json``
        (everything) or ``.csv`` (the per-game table only). Written aside and renamed in one
        step: the previous file survives a failure, a kill or a full disk. An existing file
        is replaced only with ``overwrite=True``. Returns ``[path]``.

        Raises:
            FileExistsError: ``path`` exists and ``overwrite`` is False (nothing is written).
            ValueError: unknown suffix, a missing folder (never created), no per-game table
                (``keep_games=False``).
            OSError: the file cannot be written; the previous file is kept.
        """
        import pyarrow as pa

        p, fmt = check_output(path)
        from ..fileio import refuse_existing

        refuse_existing(p, overwrite)
        if self.games is None:
            raise ValueError("this result kept no per-game table (keep_games=False): nothing to save"
                             + (f"; it is in {str(self.path)!r}" if self.path else ""))
        solar = "end_reason" in self.games.columns
        schema = games_schema(int(self.config["players"]), solar)
        table = pa.Table.from_pandas(self.games, schema=schema, preserve_index=False)
        w = ResultWriter(p, fmt, schema)
        try:
            w.write(table)
            w.commit(self._meta(), {n: getattr(self, n) for n in TABLES})
        except BaseException:
            w.abort()
            raise
        self.path = p
        return [p]

    def card_names(self) -> dict[str, str]:
        """Card key -> ``Name [set]`` of the cards this run played."""
        if self.cards is None or not len(self.cards):
            return {}
        return {str(k): f"{n} [{s}]" for k, n, s in zip(self.cards["key"], self.cards["name"], self.cards["set"])}

    def check_deck(self, url: str | None = None, warn: bool = True) -> str | None:
        """Whether the deck of this run's name plays other cards today: the sentence naming
        the cards that changed, were added or removed (also stored in :attr:`deck_changed`
        and, with ``warn``, given as a :class:`~munchkin_lab.sim.provenance.DeckChangedWarning`),
        or None (same cards, no deck of that name, or a result without digests)."""
        from .provenance import DeckChangedWarning, deck_changes

        msg = deck_changes(self.config, url=url, names=self.card_names())
        self.deck_changed = msg
        if msg and warn:
            import warnings

            where = f"{self.path}: " if self.path is not None else ""
            warnings.warn(where + msg, DeckChangedWarning, stacklevel=3)
        return msg

    @classmethod
    def load(cls, path, check_deck: bool = True, url: str | None = None) -> "SimResult":
        """Read a result written by :meth:`save` or ``simulate(out=...)`` (``.parquet`` or
        ``.json``; also the earlier layout of a Parquet file with ``<stem>.cards.parquet``
        ... companions).

        With ``check_deck`` (default) the cards the run played are checked against the deck
        of that name today (database ``url``): when they differ, a
        :class:`~munchkin_lab.sim.provenance.DeckChangedWarning` names the cards and
        :attr:`deck_changed` holds the sentence (:meth:`check_deck`). A result written before
        the digests were recorded loads unchecked.

        Raises:
            ValueError: not a simulation result file (the message names it), or a CSV file
                (it holds the per-game table only: read it with ``pandas.read_csv``).
        """
        path = Path(path)
        fmt = result_format(path)
        if fmt == "csv":
            raise ValueError(f"{str(path)!r}: a CSV result holds the per-game table only; read it with "
                             "pandas.read_csv (SimResult.load reads .parquet and .json results)")
        if not path.is_file():
            raise ValueError(f"{str(path)!r}: no such file")
        r = cls._load_json(path) if fmt == "json" else cls._load_parquet(path)
        if check_deck:
            r.check_deck(url=url)
        return r

    @classmethod
    def _load_parquet(cls, path: Path) -> "SimResult":
        import pandas as pd
        import pyarrow.parquet as pq

        try:
            pf = pq.ParquetFile(path)
            kv = pf.metadata.metadata or {}
        except Exception as exc:  # noqa: BLE001
            raise ValueError(f"{str(path)!r}: not a Parquet file ({exc})") from None
        raw = kv.get(META_KEY.encode())
        if raw is None:
            raw = (pf.schema_arrow.metadata or {}).get(META_KEY.encode())  # earlier layout
        if raw is None:
            raise ValueError(f"{str(path)!r}: not a munchkin-lab simulation result")
        try:
            meta = json.loads(raw)
            games = pf.read().to_pandas()
        except Exception as exc:  # noqa: BLE001
            raise ValueError(f"{str(path)!r}: damaged simulation result ({exc})") from None
        if "tables" in meta:
            tables = {n: frame(meta["tables"][n], _schema(n)) for n in TABLES}
        else:  # earlier layout: the other tables in companion files
            stem = path.name[: -len(path.suffix)]
            tables = {n: pd.read_parquet(path.with_name(f"{stem}.{n}.parquet")) for n in TABLES}
        return cls._from(meta, games, tables, path)

    @classmethod
    def _load_json(cls, path: Path) -> "SimResult":
        import pyarrow as pa

        try:
            with open(path, encoding="utf-8") as fh:
                doc = json.load(fh)
        except (OSError, ValueError) as exc:
            raise ValueError(f"{str(path)!r}: not a JSON file ({exc})") from None
        if not isinstance(doc, dict) or doc.get("format") != FORMAT_NAME:
            raise ValueError(f"{str(path)!r}: not a munchkin-lab simulation result")
        try:
            players = int(doc["config"]["players"])
            rows = doc["games"]
            solar = bool(rows) and "end_reason" in rows[0]
            solar = solar or bool(doc["config"].get("options", {}).get("solar_storm"))
            games = pa.Table.from_pylist(rows, schema=games_schema(players, solar)).to_pandas()
            tables = {n: frame(doc[n], _schema(n)) for n in TABLES}
        except (KeyError, TypeError, ValueError, pa.ArrowException) as exc:
            raise ValueError(f"{str(path)!r}: damaged simulation result ({type(exc).__name__}: {exc})") from None
        return cls._from(doc, games, tables, path)

    @classmethod
    def _from(cls, meta: dict, games, tables, path: Path) -> "SimResult":
        r = cls(games=games, config=meta["config"], interrupted=bool(meta.get("interrupted")),
                totals=meta.get("totals") or {}, path=path, **tables)
        if not r.totals:
            r.totals = r.stats().to_json()
        return r


def seat_table(games: pd.DataFrame, players: int, bots: Sequence[str]) -> pd.DataFrame:
    """Win rate by seat with 95% Wilson intervals, from the per-game table (a game won by
    several players counts as a win for each)."""
    return frame(Totals.from_games(games, players).seat_records(bots), _schema("seats"))


def summary_table(games: pd.DataFrame, players: int) -> pd.DataFrame:
    """One row per metric (``metric``, ``value``, ``ci_low``, ``ci_high``) computed from the
    per-game table; lengths in turns."""
    return frame(Totals.from_games(games, players).summary_records(), _schema("summary"))
