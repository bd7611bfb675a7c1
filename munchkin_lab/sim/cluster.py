"""Dask clusters for :func:`~munchkin_lab.sim.simulate`: local worker processes that start
safely from a plain script, never see Ctrl-C (it stays blocked in them; the main process handles it) and serve no
dashboard unless asked (then on 127.0.0.1 only); a quiet shutdown after Ctrl-C.

Why the workers do not re-run the caller's script: Dask starts worker processes with
``multiprocessing`` "spawn", which normally imports the main script again in every worker (as
``__mp_main__``), so a script without an ``if __name__ == "__main__":`` guard would start
workers from its workers ("Nanny failed to start worker process"). The tasks here only need
``munchkin_lab`` (decks travel as plain data, bots by name), so while the workers start the
main module is hidden from ``multiprocessing`` and they import nothing of the caller's.

Security: the scheduler, nannies and workers listen on 127.0.0.1 (Dask's default for a local
cluster); Dask's own protocol has no authentication, so any local user can connect to those
ports, and a remote ``scheduler=`` address must be a cluster you trust.
"""
from __future__ import annotations

import contextlib
import logging
import signal
import socket
import sys
import threading
import types
from typing import Iterator

#: Dask settings for our equal, ordered tasks: no work stealing, no task profiler, calmer
#: system and memory monitors (less CPU and GIL taken from the games).
DASK_CONFIG = {"distributed.scheduler.work-stealing": False,
               "distributed.worker.profile.enabled": False,
               "distributed.admin.system-monitor.interval": "2s",
               "distributed.admin.tick.interval": "200ms",
               "distributed.worker.memory.monitor-interval": "1s"}

#: Loggers silenced while a cluster shuts down after Ctrl-C (closing connections to busy
#: workers logs errors and tracebacks that say nothing to the user).
NOISY_LOGGERS = ("distributed", "tornado", "asyncio", "bokeh")


@contextlib.contextmanager
def worker_start_guard() -> Iterator[None]:
    """While local worker processes are spawned (the block): SIGINT is blocked in the main
    thread, a mask that the threads started meanwhile (Dask's) and the processes they spawn
    (nannies, workers) inherit and keep across ``exec``, so a Ctrl-C in a terminal, which
    reaches the whole process group, stays pending in the workers and is handled by the main
    process alone. The caller's main module is hidden from ``multiprocessing`` meanwhile
    (workers do not re-run a script). Both are put back on exit.

    A Ctrl-C during the block (the 1-3 s a cluster takes to start) is never lost: SIGINT's
    handler in this process is one that notes it (not "ignore": the system hands a signal the
    main thread blocks to any other thread, and an ignored one would be dropped there), and
    ``KeyboardInterrupt`` is raised as the block ends. In a thread other than the main one
    only the hiding of the main module applies."""
    main = sys.modules.get("__main__")
    stand_in = None
    if main is not None and (getattr(main, "__file__", None) or getattr(getattr(main, "__spec__", None), "name", None)):
        stand_in = types.ModuleType("__main__")
        stand_in.__dict__["__builtins__"] = main.__dict__.get("__builtins__")
    previous = None
    blocked = False
    pressed: list[int] = []
    import multiprocessing.resource_tracker as tracker
    import multiprocessing.util as mp_util

    # launched now if at all: its launch unblocks SIGINT in the launching thread (bpo-33613)
    tracker.ensure_running()
    spawn = mp_util.spawnv_passfds

    def spawn_blocked(*args, **kwargs):  # whichever thread spawns: the child starts with SIGINT blocked
        if not hasattr(signal, "pthread_sigmask"):  # pragma: no cover - not POSIX
            return spawn(*args, **kwargs)
        old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            return spawn(*args, **kwargs)
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, old)

    mp_util.spawnv_passfds = spawn_blocked
    if threading.current_thread() is threading.main_thread():
        previous = signal.getsignal(signal.SIGINT)  # None: set outside Python, left alone
        if previous is not None:
            signal.signal(signal.SIGINT, lambda signum, frame: pressed.append(signum))
            if hasattr(signal, "pthread_sigmask"):
                blocked = signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    if stand_in is not None:
        sys.modules["__main__"] = stand_in
    try:
        yield
    finally:
        if mp_util.spawnv_passfds is spawn_blocked:
            mp_util.spawnv_passfds = spawn
        if stand_in is not None and sys.modules.get("__main__") is stand_in:
            sys.modules["__main__"] = main
        if previous is not None:
            if blocked:  # a Ctrl-C kept pending meanwhile is delivered now (to the noting handler)
                signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
            signal.signal(signal.SIGINT, previous)
    if pressed and previous is not signal.SIG_IGN:
        raise KeyboardInterrupt


def _dashboard_address() -> str:
    """127.0.0.1:8787 when free, else a free port on 127.0.0.1."""
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", 8787))
        except OSError:
            return "127.0.0.1:0"
    return "127.0.0.1:8787"


def start_local_cluster(nworkers: int, dashboard: bool = False):
    """Start a ``LocalCluster`` of ``nworkers`` processes (one thread each) and a client,
    everything listening on 127.0.0.1 only.

    Args:
        nworkers: worker processes.
        dashboard: serve the Dask dashboard on 127.0.0.1 (port 8787 when free; its graphical
            pages need the ``bokeh`` package, without it Dask serves its info pages such as
            ``/info/main/workers.html``). Off by default: Dask still opens its scheduler's and
            workers' HTTP ports (on 127.0.0.1, random), but with no page on them (every
            request gets 404).

    Returns:
        ``(cluster, client, dashboard_link)``; the link is None without a dashboard.
    """
    import dask
    from dask.distributed import Client, LocalCluster

    settings = dict(DASK_CONFIG, **{"distributed.worker.http.routes": []})
    if not dashboard:
        settings["distributed.scheduler.http.routes"] = []
    cluster = client = None
    try:
        with dask.config.set(settings), worker_start_guard():
            cluster = LocalCluster(n_workers=nworkers, threads_per_worker=1, processes=True, host="127.0.0.1",
                                   dashboard_address=_dashboard_address() if dashboard else None,
                                   scheduler_kwargs=None if dashboard else {"dashboard_address": "127.0.0.1:0",
                                                                            "dashboard": False},
                                   worker_dashboard_address=None, silence_logs=logging.ERROR)
            client = Client(cluster)
    except BaseException:  # a failed start
        close_quietly(client, cluster)
        raise
    link = None
    if dashboard:
        link = cluster.dashboard_link
        try:
            import bokeh  # noqa: F401
        except ImportError:
            link = link.replace("/status", "/info/main/workers.html") + " (install bokeh for the graphical pages)"
    return cluster, client, link


def connect(scheduler: str, timeout: float):
    """A client of the running Dask scheduler at ``scheduler`` (``tcp://host:port``).

    Raises:
        ValueError: unreachable or a bad address (the message names it).
    """
    from dask.distributed import Client

    try:
        return Client(scheduler, timeout=timeout)
    except Exception as exc:  # noqa: BLE001 - OSError, TimeoutError, ValueError for bad URLs
        raise ValueError(f"scheduler {scheduler!r} is unreachable ({type(exc).__name__}: {exc})") from None


@contextlib.contextmanager
def quiet_logs() -> Iterator[None]:
    """Silence Dask's, Tornado's and asyncio's loggers for the block (levels put back)."""
    loggers = [logging.getLogger(n) for n in NOISY_LOGGERS]
    levels = [lg.level for lg in loggers]
    for lg in loggers:
        lg.setLevel(logging.CRITICAL + 1)
    try:
        yield
    finally:
        for lg, lv in zip(loggers, levels):
            lg.setLevel(lv)


def stop_local_workers(cluster) -> None:
    """Stop a local cluster's worker processes now (SIGTERM, after telling their nannies not
    to restart them): a worker busy with a batch would otherwise make ``close`` wait seconds
    for it.
    Only for our own ``LocalCluster`` (never an external cluster's workers)."""
    import os

    for nanny in list(getattr(cluster, "workers", {}).values()):
        try:
            pid = nanny.process.process.pid
            nanny.close_gracefully()  # the nanny's "do not restart it when it goes away"
        except AttributeError:  # not a nanny of this Dask version: close() will do
            continue
        if pid:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGTERM)


def close_quietly(client, cluster, timeout: float = 10.0) -> None:
    """Close ``client`` and ``cluster`` (either may be None; ``cluster`` is our own local one,
    its workers are stopped at once, see :func:`stop_local_workers`) without logging or
    raising, even when a second Ctrl-C arrives meanwhile."""
    with quiet_logs():
        if cluster is not None:
            try:
                stop_local_workers(cluster)
            except BaseException:  # noqa: BLE001 - Ctrl-C again: close anyway
                pass
        for thing in (client, cluster):
            if thing is None:
                continue
            try:
                thing.close(timeout=timeout)
            except BaseException:  # noqa: BLE001 - Ctrl-C again, connection errors while closing
                pass
