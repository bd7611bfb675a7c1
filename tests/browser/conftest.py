"""Real-browser fixtures: Debian chromium driven by Playwright (sync API), Voila and
JupyterLab servers on 127.0.0.1 with a token, over copies of the notebooks and a temp database."""
from __future__ import annotations

import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "tests" / "artifacts"
BIN = Path(sys.executable).parent


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_port(port: int, proc: subprocess.Popen, timeout: float = 60) -> None:
    end = time.time() + timeout
    while time.time() < end:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"server on port {port} did not start")


@pytest.fixture(scope="session")
def browser():
    """A headless Debian chromium (skipped when it is not installed: run .ci/setup)."""
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian chromium not installed (bash .ci/setup installs it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture(scope="session")
def lab_env(tmp_path_factory):
    """A temp folder holding copies of the notebooks, a built card database and the env."""
    root = tmp_path_factory.mktemp("browser")
    nbdir = root / "notebooks"
    shutil.copytree(REPO / "notebooks", nbdir, ignore=shutil.ignore_patterns("*.journal.jsonl", ".ipynb_checkpoints"))
    url = f"sqlite:///{root / 'lab.sqlite'}"
    from munchkin_lab.cards.build import build

    build(url=url)
    settings = root / "lab-settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True)
    (settings / "notification.jupyterlab-settings").write_text('{"fetchNews": "false", "checkForUpdates": false}')
    env = dict(os.environ, DATABASE_URL=url, JUPYTERLAB_SETTINGS_DIR=str(root / "lab-settings"),
               JUPYTERLAB_WORKSPACES_DIR=str(root / "workspaces"), JUPYTER_RUNTIME_DIR=str(root / "runtime"),
               PATH=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}", MUNCHKIN_LAB_HOME=str(root / "lab-home"))
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return {"root": root, "notebooks": nbdir, "env": env, "url": url, "home": root / "lab-home"}


class Server:
    """A running server: ``url`` (with the token) and ``stop()``."""

    def __init__(self, cmd, port, token, path, env, cwd, log):
        self.log = open(log, "w")
        self.proc = subprocess.Popen(cmd, env=env, cwd=cwd, stdout=self.log, stderr=subprocess.STDOUT,
                                     start_new_session=True)
        _wait_port(port, self.proc)
        self.url = f"http://127.0.0.1:{port}{path}{'&' if '?' in path else '?'}token={token}"

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        self.log.close()


@pytest.fixture()
def voila(lab_env):
    """Start Voila on a notebook: ``voila("03_board.ipynb") -> Server``."""
    servers = []

    def start(notebook: str) -> Server:
        port, token = _free_port(), secrets.token_hex(16)
        cmd = [str(BIN / "voila"), notebook, "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
               f"--token={token}"]
        s = Server(cmd, port, token, "/", lab_env["env"], lab_env["notebooks"], lab_env["root"] / f"voila-{port}.log")
        servers.append(s)
        return s

    yield start
    for s in servers:
        s.stop()


@pytest.fixture()
def jupyterlab(lab_env):
    """JupyterLab on the notebook copies (token on)."""
    port, token = _free_port(), secrets.token_hex(16)
    cmd = [str(BIN / "jupyter-lab"), "--no-browser", "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}",
           f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={lab_env['notebooks']}"]
    if os.geteuid() == 0:
        cmd.append("--allow-root")
    s = Server(cmd, port, token, "/lab/tree/03_board.ipynb", lab_env["env"], lab_env["notebooks"],
               lab_env["root"] / "lab.log")
    yield s
    s.stop()
