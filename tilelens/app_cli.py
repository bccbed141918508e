"""``tilelens app [STREAMLIT OPTIONS...]``: open the app (Streamlit) on http://localhost:8501.

The app of the installed package, run from any folder: ``./dev app`` exists only in the repository, and
Streamlit reads ``.streamlit/config.toml`` only from the folder it is started in, so the app's settings are
given here as options (``SETTINGS``: the same as that file's, a test compares them). Options after
``app`` go to ``streamlit run`` and win over these: ``--server.address 127.0.0.1`` keeps the app to this
computer, ``--server.port 8502`` another port.
"""
from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

# The app's Streamlit settings (.streamlit/config.toml, which ./dev app reads from the repository root).
SETTINGS = {
    "global.disableWidgetStateDuplicationWarning": "true",  # widget values set on purpose (?lang=en): no log line
    "browser.gatherUsageStats": "false",
    "client.toolbarMode": "minimal",  # no "Deploy" button for people at a table
    "client.showErrorDetails": "type",  # an uncaught error's type only: its traceback names the laptop's files
    "server.maxUploadSize": "40",  # MB: a phone photo is a few MB
}

USAGE = """\
usage: tilelens app [STREAMLIT OPTIONS...]

Open the app on http://localhost:8501 (Ctrl-C stops it). It listens on every network interface, so phones
on the same network can use it, with no password: anyone there can edit the rules and the ledger (share it on
a trusted Wi-Fi only; README: "Sharing the app on your network"). Options after `app` go to `streamlit run`, e.g.
  tilelens app --server.address 127.0.0.1     keep it to this computer
  tilelens app --server.port 8502             another port
Needs the app extra (streamlit)."""
# The same said in Japanese (``TILELENS_LANG=ja`` or a Japanese locale: ``scorer.result.cli_lang``), as every command's
# --help is, in the words of the app's sharing warning and of `tilelens check` (成績表, このパソコン).
USAGE_JA = """\
使い方: tilelens app [STREAMLIT のオプション...]

アプリを http://localhost:8501 で開きます (Ctrl-C で止まります)。
すべてのネットワークインターフェースで待ち受けるので、同じネットワークの
スマートフォンから使えます。パスワードはありません: そこにいる誰でもルールと
成績表を編集できます (信頼できる Wi-Fi でだけ共有してください。README の
"Sharing the app on your network")。`app` の後のオプションは `streamlit run` に
渡します。例:
  tilelens app --server.address 127.0.0.1     このパソコンだけで使う
  tilelens app --server.port 8502             別のポート
app の追加パッケージ (streamlit) が要ります。"""


def command(argv: list[str]) -> list[str]:
    """The ``streamlit run`` command line: the installed app's main.py, headless, the app's settings, then
    ``argv`` (a setting given there wins: Streamlit takes an option's last value)."""
    main_py = Path(importlib.util.find_spec("app").origin).parent / "main.py"
    flags = ["--server.headless", "true"]
    for name, value in SETTINGS.items():
        flags += [f"--{name}", value]
    return [sys.executable, "-m", "streamlit", "run", str(main_py), *flags, *argv]


def main(argv: list[str]) -> int:
    if any(a in {"-h", "--help"} for a in argv):
        from scorer.cli import fit_help  # filled to the terminal as a command's --help is
        from scorer.result import cli_lang

        print(fit_help(USAGE_JA if (lang := cli_lang()) == "ja" else USAGE, lang=lang))
        return 0
    if importlib.util.find_spec("streamlit") is None:
        raise ModuleNotFoundError("No module named 'streamlit'", name="streamlit")  # the router names the install
    from app.settings import keep_tidy

    keep_tidy(always=True)  # the home made private where it is not there yet; event photos past their day swept
    cmd, env = command(argv), {**os.environ, "YOLO_OFFLINE": "1"}
    if os.name == "posix":  # Streamlit in this process's place: a `kill` of it stops the app, none is left behind
        sys.stdout.flush()
        os.execve(cmd[0], cmd, env)
    return subprocess.call(cmd, env=env)
