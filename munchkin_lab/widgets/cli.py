"""Command-line commands of this area (registered by ``munchkin_lab.cli``):

``munchkin-lab lab [--port P] [--ip ADDR]``
    JupyterLab on ``notebooks/`` (127.0.0.1 by default).
``munchkin-lab app [--port P] [--ip ADDR] [--notebook FILE]``
    the board notebook served as a standalone page with Voila.

The port is checked before anything is printed: a busy ``--port`` is an error; without
``--port`` the default (8888 / 8866) is used when free, else the next free port, and the
command says so. Both keep Jupyter's token authentication on: a token is generated (or taken from
``$JUPYTER_TOKEN``) and handed to the server through its environment (``JUPYTER_TOKEN``), never
on its command line (which every local user can read with ``ps``); the URL printed has the
token URL-encoded. ``--ip`` serves to a network and still needs the token (with ``0.0.0.0``
or ``::`` the URLs printed are this computer's host name and 127.0.0.1); no option turns
authentication off. Exit status: 1 for a busy port, 2 for usage errors.
"""
from __future__ import annotations

import os
import secrets
import shutil
import signal
import socket
import sys
from pathlib import Path
from urllib.parse import quote
from typing import Optional

import typer

from ..config import REPO_ROOT

NOTEBOOKS = REPO_ROOT / "notebooks"
BOARD_NOTEBOOK = NOTEBOOKS / "03_board.ipynb"


def _token() -> str:
    tok = os.environ.get("JUPYTER_TOKEN", "").strip()
    return tok or secrets.token_hex(24)


def _exe(name: str) -> str:
    cand = Path(sys.executable).parent / name
    return str(cand) if cand.exists() else (shutil.which(name) or name)


def _host(ip: str) -> str:
    """``ip`` as a URL host (IPv6 in brackets)."""
    return f"[{ip}]" if ":" in ip and not ip.startswith("[") else ip


def serve_urls(ip: str, port: int, path: str, token: str) -> list[str]:
    """The URLs a user can open for a server on ``ip:port`` (token URL-encoded): ``ip`` itself,
    or for every interface (``0.0.0.0``, ``::``, empty) this computer's host name and
    127.0.0.1."""
    query = f"?token={quote(token, safe='')}"
    if ip in ("0.0.0.0", "::", ""):
        hosts = [socket.gethostname(), "127.0.0.1"]
    else:
        hosts = [_host(ip)]
    return [f"http://{h}:{port}{path}{query}" for h in dict.fromkeys(hosts)]


def lab_command(port: int = 8888, ip: str = "127.0.0.1", token: str | None = None,
                notebook_dir: Path = NOTEBOOKS) -> tuple[list[str], str]:
    """The JupyterLab command line and the URL to open (token authentication always on).

    The token is not on the command line: run the command with ``JUPYTER_TOKEN=<token>`` in
    its environment (:func:`server_env`), which Jupyter Server reads as
    ``IdentityProvider.token``, the setting of jupyter-server 2 (the old ``ServerApp.token``
    is never set). The URL is the first of :func:`serve_urls`.

    The ``notebook_shim`` server extension is switched off: it copies every public setting
    of the server for Notebook-6 server extensions (none here), so it reads the deprecated
    ``ServerApp.token`` and, with Voila's warning filter, printed ``DeprecationWarning:
    ServerApp.token config is deprecated`` at every start. JupyterLab, the Notebook 7
    pages and Voila's extension do not use it."""
    token = token or _token()
    cmd = [_exe("jupyter-lab"), "--no-browser", f"--ServerApp.ip={ip}", f"--ServerApp.port={port}",
           f"--ServerApp.root_dir={notebook_dir}", "--ServerApp.port_retries=0",
           "--ServerApp.jpserver_extensions", "notebook_shim=False"]
    if os.geteuid() == 0:
        cmd.append("--allow-root")
    return cmd, serve_urls(ip, port, "/lab", token)[-1]


def app_command(port: int = 8866, ip: str = "127.0.0.1", token: str | None = None,
                notebook: Path = BOARD_NOTEBOOK) -> tuple[list[str], str]:
    """The Voila command line and the URL to open (token authentication always on: Voila takes
    the token from ``JUPYTER_TOKEN`` in its environment, :func:`server_env`)."""
    token = token or _token()
    cmd = [_exe("voila"), str(notebook), "--no-browser", f"--port={port}", f"--Voila.ip={ip}",
           "--Voila.auto_token=True", f"--Voila.root_dir={Path(notebook).parent}"]
    return cmd, serve_urls(ip, port, "/", token)[-1]


def server_env(token: str) -> dict[str, str]:
    """This process's environment plus ``JUPYTER_TOKEN``: how the server gets its token
    (``/proc/<pid>/environ`` is readable by its owner only, unlike the command line)."""
    return dict(os.environ, JUPYTER_TOKEN=token)


def port_free(port: int, ip: str = "127.0.0.1") -> bool:
    """True when ``ip:port`` can be bound now (nothing listens there)."""
    host = "" if ip in ("0.0.0.0", "") else ip
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM) as sock:
        try:
            sock.bind((host, port))
        except OSError:
            return False
    return True


def check_ip(ip: str) -> None:
    """Refuse an ``--ip`` this computer cannot listen on: not an address or a host name that
    resolves (``'bad host'``), or an address of another computer.

    Raises:
        typer.BadParameter: naming the address and why (``--ip``).
    """
    host = "" if ip in ("0.0.0.0", "") else ip
    try:
        infos = socket.getaddrinfo(host or None, 0, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError) as exc:
        why = getattr(exc, "strerror", None) or str(exc)
        raise typer.BadParameter(f"{ip!r} is not an address or a host name this computer knows ({why}); "
                                 "use e.g. 127.0.0.1 or 0.0.0.0", param_hint="--ip") from None
    family, _, _, _, addr = infos[0]
    with socket.socket(family, socket.SOCK_STREAM) as sock:
        try:
            sock.bind((addr[0], 0))
        except OSError as exc:
            raise typer.BadParameter(f"cannot listen on {ip!r}: {exc.strerror or exc} (an address of another "
                                     "computer?); use e.g. 127.0.0.1 or 0.0.0.0", param_hint="--ip") from None


def choose_port(port: int | None, default: int, ip: str = "127.0.0.1", tries: int = 50) -> tuple[int, str]:
    """The port to serve on and a note for the user (empty when nothing to say).

    Raises:
        typer.BadParameter: an ``ip`` this computer cannot listen on (:func:`check_ip`), an
            explicit ``port`` that is out of range or already in use, or no free port near
            the default.
    """
    check_ip(ip)
    if port is not None:
        if not 1 <= port <= 65535:
            raise typer.BadParameter(f"port {port} is out of range (1-65535)", param_hint="--port")
        if not port_free(port, ip):
            raise typer.BadParameter(f"port {port} on {ip} is already in use; choose another "
                                     "(or leave --port out to pick a free one)", param_hint="--port")
        return port, ""
    for cand in range(default, min(default + tries, 65536)):
        if port_free(cand, ip):
            return cand, "" if cand == default else f"port {default} is in use: using port {cand}"
    raise typer.BadParameter(f"no free port in {default}-{default + tries - 1} on {ip}; pass --port",
                             param_hint="--port")


def _serve(cmd: list[str], ip: str, port: int, path: str, what: str, token: str) -> None:
    urls = serve_urls(ip, port, path, token)
    typer.echo(f"{what} at: {urls[0]}")
    for u in urls[1:]:
        typer.echo(f"{' ' * (len(what) + 1)}or: {u}")
    typer.echo("(token authentication is on; stop with Ctrl+C)")
    sys.stdout.flush()
    # The server takes this process's place (same pid). A SIGINT this process was started
    # ignoring (``munchkin-lab app &`` in a shell script) would stay ignored in the server, so
    # ``kill -INT`` left it serving: it gets the default, and stops on SIGINT as on SIGTERM.
    before = signal.signal(signal.SIGINT, signal.SIG_DFL)
    try:
        os.execvpe(cmd[0], cmd, server_env(token))
    except BaseException:  # no server to run: Ctrl+C is this command's own again
        signal.signal(signal.SIGINT, before if before is not None else signal.SIG_DFL)
        raise


def _port_or_exit(port: int | None, default: int, ip: str) -> tuple[int, str]:
    try:
        return choose_port(port, default, ip)
    except typer.BadParameter as e:
        typer.echo(f"Error: {e.message}", err=True)
        raise typer.Exit(1) from None


def register(app: typer.Typer) -> None:
    """Add ``lab`` and ``app`` to the root ``munchkin-lab`` app."""

    @app.command("lab")
    def lab(port: Optional[int] = typer.Option(None, min=1, max=65535, help="port (default: 8888, or the next free one)"),
            ip: str = typer.Option("127.0.0.1", "--ip", help="address to listen on (a network address keeps the token)"),
            dry_run: bool = typer.Option(False, "--dry-run", help="print the command and URL only")) -> None:
        """JupyterLab on notebooks/ (127.0.0.1, token authentication on)."""
        token = _token()
        port, note = _port_or_exit(port, 8888, ip)
        if note:
            typer.echo(note)
        cmd, url = lab_command(port, ip, token)
        if dry_run:
            typer.echo("JUPYTER_TOKEN=<token> " + " ".join(cmd))
            for u in serve_urls(ip, port, "/lab", token):
                typer.echo(u)
            return
        _serve(cmd, ip, port, "/lab", "JupyterLab", token)

    @app.command("app")
    def app_(port: Optional[int] = typer.Option(None, min=1, max=65535, help="port (default: 8866, or the next free one)"),
             ip: str = typer.Option("127.0.0.1", "--ip", help="address to listen on (a network address keeps the token)"),
             notebook: Optional[Path] = typer.Option(None, help="notebook to serve (default: notebooks/03_board.ipynb)"),
             dry_run: bool = typer.Option(False, "--dry-run", help="print the command and URL only")) -> None:
        """Serve the board notebook as a standalone page with Voila (token authentication on)."""
        token = _token()
        port, note = _port_or_exit(port, 8866, ip)
        if note:
            typer.echo(note)
        cmd, url = app_command(port, ip, token, notebook or BOARD_NOTEBOOK)
        if dry_run:
            typer.echo("JUPYTER_TOKEN=<token> " + " ".join(cmd))
            for u in serve_urls(ip, port, "/", token):
                typer.echo(u)
            return
        _serve(cmd, ip, port, "/", "Voila board app", token)
