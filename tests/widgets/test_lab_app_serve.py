"""``munchkin-lab lab`` / ``app`` really serving: the token reaches the server through its
environment, never its command line (``/proc/<pid>/cmdline``, what ``ps`` shows every local
user); the URL printed is URL-encoded and opens the page; without the token the server
refuses; ``--ip 0.0.0.0`` prints URLs a user can open."""
from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from urllib.parse import quote, unquote

import pytest
from typer.testing import CliRunner

TOKEN = "t0k&n=1+2/3 x%"  # characters a URL must encode


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str) -> tuple[int, str]:
    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *a, **k):
            return None

    opener = urllib.request.build_opener(NoRedirect)
    try:
        with opener.open(url, timeout=10) as r:
            return r.status, r.read(4000).decode(errors="replace")
    except urllib.error.HTTPError as e:
        return e.code, ""


def _serve(cmd: str, port: int, env: dict | None, path: str, command: list[str] | None = None, preexec_fn=None):
    """Start ``munchkin-lab <cmd>`` (or ``command + [cmd]``) in a session of its own; wait for the port."""
    command = command or [os.path.join(os.path.dirname(sys.executable), "munchkin-lab")]
    proc = subprocess.Popen(command + [cmd, "--port", str(port)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            text=True, env=env, start_new_session=True, preexec_fn=preexec_fn)
    first = proc.stdout.readline()
    m = re.search(r"(http://\S+)", first)
    assert m, first
    url = m.group(1)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        assert proc.poll() is None, "the server stopped"
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                break
        except OSError:
            time.sleep(0.3)
    return proc, url


def _stop(proc) -> None:
    try:
        os.killpg(proc.pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)


@pytest.mark.parametrize("cmd, path, token", [("lab", "/lab", TOKEN), ("app", "/", TOKEN), ("lab", "/lab", None)])
def test_token_in_the_environment_not_on_the_command_line(cmd, path, token):
    pytest.importorskip("jupyterlab" if cmd == "lab" else "voila")
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if k != "JUPYTER_TOKEN"}
    if token is not None:
        env["JUPYTER_TOKEN"] = token
    proc, url = _serve(cmd, port, env, path)
    try:
        assert url.startswith(f"http://127.0.0.1:{port}{path}?token=")
        sent = unquote(url.split("?token=", 1)[1])
        if token is not None:
            assert url.endswith("?token=" + quote(TOKEN, safe="")) and sent == TOKEN
        assert len(sent) >= 12
        cmdline = open(f"/proc/{proc.pid}/cmdline", "rb").read().replace(b"\0", b" ").decode()
        assert cmd == "lab" and "jupyter" in cmdline or cmd == "app" and "voila" in cmdline, cmdline
        assert sent not in cmdline and quote(sent, safe="") not in cmdline
        environ = open(f"/proc/{proc.pid}/environ", "rb").read().split(b"\0")
        assert f"JUPYTER_TOKEN={sent}".encode() in environ
        assert (os.stat(f"/proc/{proc.pid}/environ").st_mode & 0o077) == 0  # only its owner reads it
        status = None
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:  # the port opens before the page is ready
            status, body = _get(url)
            if status == 200:
                break
            time.sleep(0.5)
        assert status == 200, status
        bare, _ = _get(f"http://127.0.0.1:{port}{path}")
        wrong, _ = _get(f"http://127.0.0.1:{port}{path}?token=wrong")
        assert bare != 200 and wrong != 200, (bare, wrong)
    finally:
        _stop(proc)


def test_every_interface_prints_urls_a_user_can_open(monkeypatch):
    from munchkin_lab.cli import app
    from munchkin_lab.widgets.cli import serve_urls

    monkeypatch.setenv("JUPYTER_TOKEN", TOKEN)
    host = socket.gethostname()
    enc = quote(TOKEN, safe="")
    assert serve_urls("0.0.0.0", 8888, "/lab", TOKEN) == [f"http://{host}:8888/lab?token={enc}",
                                                          f"http://127.0.0.1:8888/lab?token={enc}"]
    assert serve_urls("::", 8866, "/", TOKEN)[-1] == f"http://127.0.0.1:8866/?token={enc}"
    assert serve_urls("::1", 8866, "/", TOKEN) == [f"http://[::1]:8866/?token={enc}"]
    assert serve_urls("192.168.1.5", 1, "/lab", "x") == ["http://192.168.1.5:1/lab?token=x"]
    r = CliRunner().invoke(app, ["lab", "--dry-run", "--ip", "0.0.0.0"])
    assert r.exit_code == 0
    assert f"http://{host}:" in r.output and f"http://127.0.0.1:" in r.output and enc in r.output
    assert TOKEN not in r.output.split("\n")[0]  # the command line shown has no token


@pytest.mark.parametrize("how", ["console script", "python -m"])
def test_sigint_to_the_app_stops_voila_also_when_started_ignoring_it(how):
    """Finding 13 of the new user's session: ``kill -INT`` to ``munchkin-lab app`` started as
    a shell script's background job (``cmd &``, which starts it with SIGINT ignored) left
    Voila serving the port. The server takes the command's place (same pid) with SIGINT at
    its default: it stops on SIGINT as on SIGTERM and frees the port."""
    pytest.importorskip("voila")
    port = _free_port()
    exe = os.path.join(os.path.dirname(sys.executable), "munchkin-lab")
    command = [exe] if how == "console script" else [sys.executable, "-m", "munchkin_lab.cli"]

    def ignore_sigint():  # in the child, as a shell starts `cmd &` without job control
        signal.signal(signal.SIGINT, signal.SIG_IGN)

    proc, url = _serve("app", port, None, "/", command, ignore_sigint)
    try:
        assert url.startswith(f"http://127.0.0.1:{port}/")
        os.kill(proc.pid, signal.SIGINT)  # the process alone, not its group
        proc.wait(timeout=30)  # Voila stops its kernels and exits
        with pytest.raises(OSError):
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
    finally:
        _stop(proc)


def test_lab_starts_without_a_deprecation_warning():
    """``munchkin-lab lab`` (and ``.ci/lab``, which runs it) starts JupyterLab without
    ``DeprecationWarning: ServerApp.token config is deprecated``: the token reaches the server
    as ``JUPYTER_TOKEN`` (read by ``IdentityProvider.token``), and nothing reads the
    deprecated ``ServerApp.token``. Started with a token and a free port, stopped with SIGINT."""
    pytest.importorskip("jupyterlab")
    port = _free_port()
    env = dict(os.environ, JUPYTER_TOKEN="x")
    exe = os.path.join(os.path.dirname(sys.executable), "munchkin-lab")
    proc = subprocess.Popen([exe, "lab", "--port", str(port)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, env=env, start_new_session=True)
    lines = []
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            line = proc.stdout.readline()
            if not line:
                break
            lines.append(line)
            if "Use Control-C to stop this server" in line:
                break
        assert any("is running at" in x for x in lines), "".join(lines)
        status = None
        while time.monotonic() < deadline:  # the log line comes before the port opens
            try:
                status = _get(f"http://127.0.0.1:{port}/lab?token=x")[0]
                break
            except urllib.error.URLError:
                time.sleep(0.3)
        assert status == 200
        assert _get(f"http://127.0.0.1:{port}/api/contents")[0] == 403  # the token is still needed
        os.kill(proc.pid, signal.SIGINT)
        rest, _ = proc.communicate(timeout=60)
        lines.append(rest)
    finally:
        _stop(proc)
    out = "".join(lines)
    assert "deprecated" not in out.lower(), out
    assert "Warning" not in out, out
