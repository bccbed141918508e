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


# Why the app cannot start where it was asked to listen, in each language: said before Streamlit starts (it ended in a
# traceback: OverflowError for a port out of range, socket.gaierror for an address that is none).
WORDS = {"en": {"port": "{option} must be 1 to 65535, not {value}",
                "address": "cannot listen on {address}: --server.address names an address of this computer "
                           "(127.0.0.1 keeps the app to it)"},
         "ja": {"port": "{option} は 1 から 65535 までにしてください ({value} は使えません)",
                "address": "{address} で待ち受けできません。--server.address にはこのパソコンのアドレスを指定してください "
                           "(127.0.0.1 ならこのパソコンだけで使えます)"}}


def _setting(argv: list[str], name: str) -> tuple[str, str] | None:
    """Where Streamlit takes the setting ``name`` from, and its value: the last ``--NAME VALUE`` or ``--NAME=VALUE``
    of ``argv`` (the last wins), else its variable (``STREAMLIT_SERVER_PORT``); None where neither gives it."""
    option, found = f"--{name}", None
    for at, arg in enumerate(argv):
        if arg == option and at + 1 < len(argv):
            found = (option, argv[at + 1])
        elif arg.startswith(option + "="):
            found = (option, arg.split("=", 1)[1])
    variable = "STREAMLIT_" + name.replace(".", "_").upper()
    return found or ((variable, os.environ[variable]) if variable in os.environ else None)


def check_listening(argv: list[str]) -> None:
    """``TilelensInputError`` in both languages where the app could not listen as ``argv`` (or Streamlit's
    variables) asks: a port out of 1 to 65535, or an address that is not this computer's (none is bound here, as
    Streamlit binds it: one with a ``:`` as IPv6, on a port the system chooses)."""
    import socket

    from scorer.result import TilelensInputError

    if port := _setting(argv, "server.port"):
        option, value = port
        try:
            number = int(value)  # as Streamlit reads it
        except ValueError:
            number = 0
        if not 1 <= number <= 65535:
            raise TilelensInputError(*(WORDS[lang]["port"].format(option=option, value=value) for lang in ("en", "ja")))
    if address := _setting(argv, "server.address"):
        host = address[1]
        try:
            with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as sock:
                sock.bind((host, 0))
        except OSError:  # socket.gaierror (no such address), EADDRNOTAVAIL (another computer's)
            raise TilelensInputError(*(WORDS[lang]["address"].format(address=host) for lang in ("en", "ja"))) from None


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
    check_listening(argv)
    from app.settings import keep_tidy

    keep_tidy(always=True)  # the home made private where it is not there yet; event photos past their day swept
    cmd, env = command(argv), {**os.environ, "YOLO_OFFLINE": "1"}
    if os.name == "posix":  # Streamlit in this process's place: a `kill` of it stops the app, none is left behind
        sys.stdout.flush()
        os.execve(cmd[0], cmd, env)
    return subprocess.call(cmd, env=env)
