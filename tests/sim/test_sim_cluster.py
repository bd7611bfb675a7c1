"""Local Dask workers: no dashboard unless asked (then on 127.0.0.1), everything on loopback,
workers that ignore Ctrl-C, and simulate(workers=2) from a plain script without a
``__main__`` guard and from a notebook (the README snippet as written)."""
from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from munchkin_lab.sim import simulate

README = Path(__file__).resolve().parents[2] / "munchkin_lab" / "sim" / "README.md"
PATHS = ("/", "/status", "/health", "/info/main/workers.html", "/metrics", "/json/counts.json")


def _listening(pids) -> list[tuple[int, str, int]]:
    import psutil

    out = []
    for pid in pids:
        for c in psutil.Process(pid).net_connections(kind="inet"):
            if c.status == psutil.CONN_LISTEN:
                out.append((pid, c.laddr.ip, c.laddr.port))
    return out


def _http_status(port: int, path: str) -> int:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as r:
            return r.status
    except urllib.error.HTTPError as e:
        return e.code


def _snapshot(client, cluster) -> dict:
    """Listening sockets of this process and the workers; the Dask comm ports told apart (they
    speak Dask's protocol, not HTTP, and are not probed)."""
    import psutil

    info = client.scheduler_info()
    comm = {int(cluster.scheduler_address.rsplit(":", 1)[1])}
    comm |= {int(a.rsplit(":", 1)[1]) for a in info["workers"]}
    comm |= {int(w["nanny"].rsplit(":", 1)[1]) for w in info["workers"].values() if w.get("nanny")}
    pids = [os.getpid()] + [p.pid for p in psutil.Process().children(recursive=True)]
    socks = _listening(pids)
    return {"socks": socks, "http": [(pid, port) for pid, _, port in socks if port not in comm]}


def _never_sees_sigint() -> bool:
    """In a worker: SIGINT is blocked there (or ignored), so a Ctrl-C to the group is the main process's."""
    import signal

    return signal.SIGINT in signal.pthread_sigmask(signal.SIG_BLOCK, []) or signal.getsignal(2) == signal.SIG_IGN


def test_no_dashboard_by_default_and_everything_on_loopback(base_deck):
    """Run simulate(workers=2) and look at the sockets while its cluster runs."""
    from munchkin_lab.sim import cluster as cl_mod

    seen = {}
    real = cl_mod.start_local_cluster

    def spy(n, dashboard=False):
        cluster, client, link = real(n, dashboard=dashboard)
        seen.update(_snapshot(client, cluster), link=link, dashboard=dashboard)
        seen["worker_sigint"] = client.run(_never_sees_sigint)
        return cluster, client, link

    cl_mod.start_local_cluster = spy
    try:
        r = simulate(base_deck, games=6, seed=2, workers=2, progress=False, batch_size=3)
    finally:
        cl_mod.start_local_cluster = real
    assert r.n_games == 6 and seen["dashboard"] is False and seen["link"] is None
    assert seen["socks"] and all(ip == "127.0.0.1" for _, ip, _ in seen["socks"]), seen["socks"]
    # Dask still opens its HTTP ports, but with nothing on them (the cluster is gone now, so
    # start one the same way to probe it)
    cluster, client, link = real(2)
    try:
        snap = _snapshot(client, cluster)
        assert snap["http"], snap
        for _, port in snap["http"]:
            assert {_http_status(port, p) for p in PATHS} == {404}, port
    finally:
        cl_mod.close_quietly(client, cluster)
    assert all(seen["worker_sigint"].values()) and len(seen["worker_sigint"]) == 2  # Ctrl-C is the main process's


def test_dashboard_when_asked_is_on_127_0_0_1_only(base_deck, capsys):
    from munchkin_lab.sim import cluster as cl_mod

    cluster, client, link = cl_mod.start_local_cluster(2, dashboard=True)
    try:
        m = re.match(r"http://127\.0\.0\.1:(\d+)/", link)
        assert m, link
        port = int(m.group(1))
        assert _http_status(port, "/info/main/workers.html") == 200
        assert _http_status(port, "/health") == 200
        snap = _snapshot(client, cluster)
        assert all(ip == "127.0.0.1" for _, ip, _ in snap["socks"])
        assert (os.getpid(), port) in snap["http"]
    finally:
        cl_mod.close_quietly(client, cluster)
    r = simulate(base_deck, games=4, seed=2, workers=2, progress=False, batch_size=2, dashboard=True)
    assert r.n_games == 4
    assert re.search(r"Dask dashboard \(this computer only\): http://127\.0\.0\.1:\d+/", capsys.readouterr().err)


def _readme_snippet(games: int) -> str:
    text = README.read_text(encoding="utf-8")
    block = next(b for b in re.findall(r"```python\n(.*?)```", text, re.S) if "workers=2" in b)
    assert "games=1000" in block and "__main__" not in block
    return block.replace("games=1000", f"games={games}")  # fewer games, the same code


def test_readme_snippet_runs_as_a_plain_script_without_a_main_guard(sim_url, tmp_path):
    script = tmp_path / "my_balance_check.py"
    script.write_text("print('script body ran', flush=True)\n" + _readme_snippet(12)
                      + "print('games', r.n_games, 'interrupted', r.interrupted)\n"
                      + "print('rates', list(r.seats['wins']))\n", encoding="utf-8")
    proc = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, cwd=tmp_path,
                          env=dict(os.environ, DATABASE_URL=sim_url), timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert proc.stdout.count("script body ran") == 1, proc.stdout  # the workers did not re-run it
    assert "games 12 interrupted False" in proc.stdout
    assert "Traceback" not in proc.stderr and "Nanny failed" not in proc.stderr
    ref = simulate("base", players=4, games=12, bots="greedy", seed=1, workers=1, progress=False, url=sim_url)
    assert f"rates {list(ref.seats['wins'])}" in proc.stdout  # the same games as one worker
    from munchkin_lab.sim import SimResult

    assert SimResult.load(tmp_path / "results.parquet").n_games == 12


def test_readme_snippet_runs_in_a_notebook(sim_url, tmp_path):
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    pytest.importorskip("ipykernel")
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(_readme_snippet(8) + "print(r.n_games, r.interrupted)")]
    old = os.environ.get("DATABASE_URL")
    os.environ["DATABASE_URL"] = sim_url  # the kernel inherits it
    try:
        nbclient.NotebookClient(nb, timeout=300, kernel_name="python3",
                                resources={"metadata": {"path": str(tmp_path)}}).execute()
    finally:
        if old is None:
            os.environ.pop("DATABASE_URL", None)
        else:
            os.environ["DATABASE_URL"] = old
    text = "".join(o.get("text", "") for o in nb.cells[0].outputs if o.get("output_type") == "stream"
                   and o.get("name") == "stdout")
    assert text.strip().endswith("8 False"), nb.cells[0].outputs
    assert (tmp_path / "results.parquet").exists()


def test_worker_start_guard_hides_the_script_and_puts_everything_back(tmp_path):
    import signal

    from munchkin_lab.sim.cluster import worker_start_guard

    code = textwrap.dedent("""
        import signal, sys
        from munchkin_lab.sim.cluster import worker_start_guard
        main = sys.modules["__main__"]
        before = signal.getsignal(signal.SIGINT)
        with worker_start_guard():
            hidden = sys.modules["__main__"]
            print(hidden is not main, getattr(hidden, "__file__", None),
                  signal.SIGINT in signal.pthread_sigmask(signal.SIG_BLOCK, []))
        print(sys.modules["__main__"] is main, signal.getsignal(signal.SIGINT) is before)
    """)
    script = tmp_path / "s.py"
    script.write_text(code)
    p = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=60)
    assert p.stdout.split() == ["True", "None", "True", "True", "True"], p.stderr
    before = signal.getsignal(signal.SIGINT)
    with worker_start_guard():
        pass
    assert signal.getsignal(signal.SIGINT) is before


def test_a_ctrl_c_while_the_workers_start_is_never_lost_and_the_workers_never_see_it():
    """New-user finding: Ctrl+C on a 2-worker simulate at the moment the workers started was
    ignored (the run went to the end and replaced the earlier result). SIGINT was ignored in
    the main process meanwhile, so the system dropped it when it handed it to another thread
    (tqdm's monitor, OpenBLAS). Forced: a thread that does not block SIGINT is waiting when
    the signal comes; it must still raise KeyboardInterrupt as the block ends, and a process
    spawned meanwhile from such a thread must start with SIGINT blocked (or ignored)."""
    import multiprocessing.util as mp_util
    import os
    import signal
    import threading

    from munchkin_lab.sim.cluster import worker_start_guard

    go, done = threading.Event(), threading.Event()
    seen: dict = {}
    probe = ("import signal, sys; sys.exit(2 if signal.SIGINT in signal.pthread_sigmask(signal.SIG_BLOCK, []) "
             "or signal.getsignal(signal.SIGINT) == signal.SIG_IGN else 3)")

    def other_thread():  # started before the block: SIGINT not blocked here
        go.wait()
        pid = mp_util.spawnv_passfds(os.fsencode(sys.executable), [sys.executable, "-c", probe], [])
        seen["code"] = os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])
        done.set()

    t = threading.Thread(target=other_thread, daemon=True)
    t.start()
    before = signal.getsignal(signal.SIGINT)
    with pytest.raises(KeyboardInterrupt):
        with worker_start_guard():
            os.kill(os.getpid(), signal.SIGINT)  # the Ctrl-C, while the main thread blocks it
            go.set()
            assert done.wait(60)
    assert seen["code"] == 2  # the worker-to-be never sees a Ctrl-C
    assert signal.getsignal(signal.SIGINT) is before
    assert signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, [])
