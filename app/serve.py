"""Run the app on a free localhost port and drive it with Debian's chromium (the browser test and the
screenshot command share this)."""
from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run"]


def chromium_path() -> str | None:
    """Debian's chromium if it is installed (Playwright's own browsers are never downloaded)."""
    return CHROMIUM if os.access(CHROMIUM, os.X_OK) else shutil.which("chromium")


def free_port() -> int:
    """A TCP port on localhost that nothing listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def running_app(env: Mapping[str, str] | None = None, timeout_s: float = 90) -> Iterator[str]:
    """Start ``streamlit run app/main.py`` on a free port; yield its URL; stop it on exit."""
    port = free_port()
    cmd = [sys.executable, "-m", "streamlit", "run", str(ROOT / "app" / "main.py"), "--server.headless", "true",
           "--server.port", str(port), "--server.address", "127.0.0.1", "--browser.gatherUsageStats", "false",
           "--server.fileWatcherType", "none"]
    log = open(os.devnull, "wb")
    proc = subprocess.Popen(cmd, cwd=ROOT, env={**os.environ, "YOLO_OFFLINE": "1", **(env or {})},
                            stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_healthy(url, proc, timeout_s)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


def _wait_healthy(url: str, proc: subprocess.Popen, timeout_s: float) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"streamlit exited with code {proc.returncode} before it served {url}")
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as resp:
                if resp.status == 200:
                    return
        except OSError:
            time.sleep(0.3)
    raise RuntimeError(f"streamlit did not answer at {url} within {timeout_s:.0f} s")


@contextmanager
def browser(extra_args: Sequence[str] = ()) -> Iterator[object]:
    """A Playwright chromium browser (Debian's binary, headless, no network of its own); ``extra_args``:
    more command-line switches (a fake camera, say)."""
    from playwright.sync_api import sync_playwright

    path = chromium_path()
    if path is None:
        raise RuntimeError("chromium is not installed (apt-get install chromium)")
    with sync_playwright() as pw:
        instance = pw.chromium.launch(executable_path=path, args=[*CHROMIUM_ARGS, *extra_args], headless=True)
        try:
            yield instance
        finally:
            instance.close()
