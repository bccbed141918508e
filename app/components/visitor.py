"""Who is at the other end of the page, and which folders of this computer they may open.

`tilelens app` listens on every network interface so that phones on the club's Wi-Fi can score and label. A
folder typed into a page (or put in its address, ``?dataset=``) is a folder of the organiser's computer, though:
a phone typed ``~/Pictures`` into the Label page, and "Pre-label with the model" filed the family photos there
into ``images/train/`` and showed them. So:

- a visitor on this computer (``is_local_visitor``: the browser runs on the computer running the app) opens any
  folder, as before;
- a visitor from the network opens only folders under the app's own datasets folder
  (``$TILELENS_HOME/datasets``, ``app.settings.datasets_dir``: where the Label page keeps the datasets it starts
  from uploaded photos, and "Keep this photo" keeps photos), never that folder itself (opened as a dataset,
  "Pre-label" filed its loose photos into an ``images/`` of its own and wrote a ``data.yaml`` among the datasets),
  and the folders the organiser shares in
  ``TILELENS_SHARED_FOLDERS`` (``os.pathsep``-separated: ``:`` on Linux and macOS, ``;`` on Windows). Paths are
  compared with their symbolic links and ``..`` resolved: a link in the datasets folder to a folder elsewhere is
  elsewhere (``folder_allowed``).

Who is local: ``st.context.ip_address``, the address of the browser's connection (Streamlit gives None for
127.0.0.1 and ::1). None is confirmed against the connection's own peer address, so a session whose connection
cannot be told (no client, a Streamlit that no longer says) counts as a network visitor, never as local. An
address of this computer itself (the laptop's browser opening ``http://192.168.1.5:8501``) is local too
(``local_address``). Streamlit's server (uvicorn) takes ``X-Forwarded-For`` only from a proxy on 127.0.0.1: a
phone cannot claim to be local; a reverse proxy on this computer that does not pass the visitor's address on
makes everyone local (run it with ``X-Forwarded-For`` set). A bare run (no Streamlit server: ``python
app/main.py``) and ``streamlit.testing.v1.AppTest`` (whose stand-in runtime has no connection) are local.

How a visitor from the network names a folder (``visitor_path``, ``visitor_folder``): a phone is not shown the
laptop's paths (its user name, its folders), in the Label page's folder box or in its address. It names a dataset by
its path in the datasets folder (``club-photos``), and a folder the organiser shares by that folder's own name and the
path in it (``club-share/set``; a dataset of that first name wins, and no new dataset takes a shared folder's
name: ``shares_name``). A path typed in full, or from
``$TILELENS_HOME`` (``expand_home``, as the app writes the datasets folder to a phone) or ``~``, names a folder too.

How a page says a path of this computer, the one way every page does (``said_path``, ``said_in`` for the paths in a
message, ``path_help`` for a caption's help with the path whole): short to the person at the computer, and to a phone
as it names it, from ``~`` or ``$TILELENS_HOME``, else by the file's own name alone, never the laptop's folders.

Test seam: the environment variable ``TILELENS_VISITOR`` (``SEAM``) set to ``network`` makes every visitor one
from the network (an AppTest of what a phone sees). It only ever takes rights away: no value of it makes a
visitor local. Read here alone.
"""
from __future__ import annotations

import ipaddress
import os
import re
import socket
from pathlib import Path

import streamlit as st

from app.components.i18n import os_error_text, text_in
from app.settings import datasets_dir, short_path
from tilelens.home import home_dir

SEAM = "TILELENS_VISITOR"
SHARED_ENV = "TILELENS_SHARED_FOLDERS"

S = {
    # a folder a visitor from the network may not open: said alike whether it is there or not (nothing of it
    # is told), with what they can do instead. ``dataset``: the Label page, its list of datasets under it;
    # ``report``: the Event check's Browse a report
    "refused_dataset": ("このフォルダは、tilelens を動かしているパソコンでしか開けません。スマホなどからは、下の"
                        "データセットを開くか、写真から新しいデータセットを作ってください。このフォルダを開くには、"
                        "主催者に `TILELENS_SHARED_FOLDERS` へ加えてもらってください。",
                        "This folder can only be opened on the laptop running tilelens. From a phone (or any other "
                        "device), open one of the datasets below or make a new one from photos. To open this folder, "
                        "ask the organiser to add it to `TILELENS_SHARED_FOLDERS`."),
    "refused_report": ("このフォルダは、tilelens を動かしているパソコンでしか開けません。スマホなどからは、"
                       "「1卓をチェック」でこのブラウザのイベントのレポートを見てください。このフォルダを開くには、"
                       "主催者に `TILELENS_SHARED_FOLDERS` へ加えてもらってください。",
                       "This folder can only be opened on the laptop running tilelens. From a phone (or any other "
                       "device), see this browser's event under Check a table. To open this folder, ask the "
                       "organiser to add it to `TILELENS_SHARED_FOLDERS`."),
    # the datasets folder itself, typed by a phone: no folder of the organiser's, but not a dataset either
    "refused_home": ("これはデータセットをまとめたフォルダで、データセットそのものではありません。下のデータセットを名前で"
                     "開くか、写真から新しいデータセットを作ってください。",
                     "That is the folder that holds the datasets, not a dataset itself: open one of the datasets "
                     "below, or make a new one from photos."),
    # a new dataset named as a shared folder (``shares_name``): the share would no longer open by its name
    "shared_name": ("「{name}」という共有フォルダがもうあります。別の名前にしてください。",
                    "There is already a shared folder called {name}: choose another name."),
}


def refused_text(where: str = "dataset", folder: str | os.PathLike | None = None) -> str:
    """The one line that refuses a folder to a visitor from the network, in the screen's language (``where``:
    ``dataset`` or ``report``). ``folder``: the folder refused, where it is known; the datasets folder itself is
    refused as what it is (the folder of the datasets to open), not as a folder for the organiser to share."""
    if where == "dataset" and folder is not None and _resolved(folder) == _resolved(datasets_dir()):
        return text_in(S, "refused_home")
    return text_in(S, f"refused_{where}")


_HOME_VAR = re.compile(r"^(?:\$TILELENS_HOME|\$\{TILELENS_HOME\}|%TILELENS_HOME%)(?=[/\\]|$)")


def expand_home(text: str) -> str:
    """``text`` with a leading ``$TILELENS_HOME`` (``${TILELENS_HOME}``, Windows' ``%TILELENS_HOME%``) written as
    tilelens's data folder (``home_dir``: set or not), as the app writes it to a phone (``settings.short_path``);
    any other text as it is (``~`` is ``Path.expanduser``'s).

    >>> expand_home("$TILELENS_HOME/datasets/a") == str(home_dir()) + "/datasets/a", expand_home("$TILELENS_HOMEX")
    (True, '$TILELENS_HOMEX')
    """
    found = _HOME_VAR.match(text)
    return str(home_dir()) + text[found.end():] if found else text


def _listed_folders() -> list[Path]:
    """The folders the organiser shares (``TILELENS_SHARED_FOLDERS``), the datasets folder not among them."""
    return [Path(folder).expanduser() for folder in shared_folders()[1:]]


def visitor_folder(name: str | os.PathLike) -> Path:
    """The folder a visitor from the network names ``name``: a path relative to the datasets folder
    (``club-photos``), or a shared folder's own name and the path in it (``club-share/set``) where the datasets
    folder holds nothing of that first name; an absolute path is itself. Nothing is checked: ``folder_allowed``
    says whether they may open it."""
    path = Path(name)
    if path.is_absolute():
        return path
    first = path.parts[0] if path.parts else ""
    if first not in ("", ".", "..") and not there(datasets_dir() / first):
        for folder in _listed_folders():
            if folder.name == first:
                return folder.joinpath(*path.parts[1:])
    return datasets_dir() / path


def named_folder(text: str) -> Path | None:
    """The folder a person names by ``text`` (a page's folder box, its address), as the Label page and the Event
    check's Browse take it: a path in full, from ``$TILELENS_HOME`` (``expand_home``) or ``~``; a relative path is a
    visitor from the network's name of a dataset or of a shared folder (``visitor_folder``), and on the computer
    itself a folder of the app's working folder where there is one, else that name too (an address a phone shared).
    None where it names no folder at all (``~user`` of no user of this computer). Nothing is checked:
    ``folder_allowed`` says whether they may open it.

    >>> named_folder("~nouser-doctest/x") is None, named_folder("/srv/x") == Path("/srv/x")
    (True, True)
    """
    try:
        path = Path(expand_home(text)).expanduser()
    except RuntimeError:  # Path.expanduser: "Could not determine home directory"
        return None
    if path.is_absolute() or (is_local_visitor() and there(path)):
        return path
    return visitor_folder(path)


def home_short(path: str | os.PathLike) -> str | None:
    """``path`` from ``~`` or ``$TILELENS_HOME`` (``settings.short_path``: ``~/.tilelens/games/_added/club.toml``), as
    any visitor may be shown it; None where it is under neither (a folder elsewhere on the computer)."""
    short = short_path(path)
    return short if short.startswith(("~/", "$TILELENS_HOME/")) else None


def said_path(path: str | os.PathLike, *, whole: bool = False) -> str:
    """A path of the computer running the app as this session's visitor is told it, the one way every page says one.
    To the person at the computer: short, from ``~`` or ``$TILELENS_HOME`` (``settings.short_path``), else whole
    (``whole``: whole always, where the page names a folder to open or a file to fix as it is). To a visitor from the
    network (a phone), never a folder of the laptop: as they name it (``visitor_path``: ``club-photos``,
    ``club-share/set``), else from ``$TILELENS_HOME`` or ``~`` (``home_short``), else by its own name alone. A relative
    path (a file's name in a dataset or a report folder) is said as it is.

    >>> said_path("games/club.toml"), said_path("/srv/x/club.toml", whole=True)
    ('games/club.toml', '/srv/x/club.toml')
    """
    text = str(path)
    if not os.path.isabs(text):
        return text
    if is_local_visitor():
        return text if whole else short_path(text)
    return visitor_path(text) or home_short(text) or Path(text).name or text


def said_in(text: str, *paths: str | os.PathLike | None, whole: bool = False) -> str:
    """``text`` (a message) with each of ``paths`` in it said as ``said_path`` says it (``whole`` likewise), the
    longest first (a dataset's ``data.yaml`` as itself, not as its folder's name then ``/data.yaml``), each place
    replaced once. None and empty paths are skipped."""
    shown = {str(p): said_path(p, whole=whole) for p in paths if p is not None and str(p)}
    shown = {full: said for full, said in shown.items() if said != full}
    if not shown:
        return text
    pattern = re.compile("|".join(re.escape(full) for full in sorted(shown, key=len, reverse=True)))
    return pattern.sub(lambda found: shown[found.group(0)], text)


# an absolute path in a text no page wrote (a log): at its start, or after a space, a quote, a bracket or ``=``; up to a
# space, a quote, a bracket, or a comma, colon or full stop that ends it (a URL's ``//`` follows no such mark)
_ANY_PATH = re.compile(r"""(?:^|(?<=[\s'"`(\[=]))(?:/|[A-Za-z]:[\\/])[^\s'"`()\[\]]*?(?=[.,;:]?(?:[\s'"`)\]]|$))""",
                       re.MULTILINE)


# the rest of a path from a place in it on, as _ANY_PATH ends one
_PATH_TAIL = re.compile(r"""[^\s'"`()\[\]]*?(?=[.,;:]?(?:[\s'"`)\]]|$))""", re.MULTILINE)
_PATH_STOPS = frozenset("/\\ \t'\"`()[].,;:")  # where a path, or a folder of it, may end


def _known_roots() -> list[str]:
    """Folders a job's log names paths under, each of which may hold a space (a drive named ``Club Drive``, a user
    ``Ann Smith``): tilelens's data folder, the user's home, the models folder set (``TILELENS_MODELS``), and the
    checkout the app runs from (its ``models/``, the files of a traceback)."""
    roots = [home_dir(), os.environ.get("TILELENS_MODELS"), Path(__file__).resolve().parents[2]]
    try:
        roots.append(Path.home())
    except RuntimeError:  # no home folder to be found
        pass
    said = {str(root) for root in roots if root}
    said |= {os.path.expanduser(root) for root in said}
    return sorted(said, key=len, reverse=True)


def _reach(text: str, start: int, end: int, roots: list[str]) -> int:
    """Where the path found at ``start`` in ``text`` (up to ``end``, a space) ends: on across a space while one of
    ``roots`` there, or a longer path that is on this computer (a file or a folder), goes on past it."""
    line_end = len(text) if (nl := text.find("\n", start)) < 0 else nl
    while end < line_end and text[end] in " \t":
        reach = max((start + len(root) for root in roots if text.startswith(root, start)
                     and start + len(root) > end and (start + len(root) == len(text)
                                                      or text[start + len(root)] in _PATH_STOPS | {"\n"})),
                    default=0)
        if not reach:  # the longest that is there: a folder, or a file
            reach = next((i for i in range(line_end, end, -1) if (i == line_end or text[i] in _PATH_STOPS)
                          and not text[i - 1].isspace() and _there_quietly(text[start:i])), 0)
        if not reach:
            break
        end = _PATH_TAIL.match(text, reach).end()
    return end


def _there_quietly(path: str) -> bool:
    try:
        return os.path.lexists(path)
    except (OSError, ValueError):  # a name too long, a NUL
        return False


def _paths_in(text: str, roots: list[str]) -> list[str]:
    """The absolute paths in ``text`` (``_ANY_PATH``), each whole where it holds a space (``_reach``)."""
    found, done = [], 0
    for match in _ANY_PATH.finditer(text):
        if match.start() < done:  # inside a path found whole already
            continue
        done = _reach(text, match.start(), match.end(), roots)
        found.append(text[match.start():done])
    return found


def said_paths(text: str, *paths: str | os.PathLike | None) -> str:
    """``text`` that no page wrote (a job's log) with every absolute path in it said as :func:`said_in` says it (whole):
    to the person at the computer as it is, to a phone never a folder of the laptop. ``paths``: paths known to be in it
    that may hold a space (a dataset's folder), said whole where they are found. A path with a space is found whole
    under a folder of tilelens's (``_known_roots``: ``/media/Club Drive/tilelens``, ``C:\\Users\\Ann Smith``), or
    where the longer path is on this computer; else up to the space, as before (what follows is a name of the path)."""
    return said_in(text, *paths, *_paths_in(text, _known_roots()), whole=True)


def os_said(exc: OSError, *paths: Path, named: Path | None = None) -> str:
    """``os_error_text`` of ``exc`` with the paths in it (its own, and ``paths``) said as this session's visitor is told
    them (:func:`said_in`, whole): a phone is never shown a folder of the laptop (its user name, its folders).
    ``named``: the file the caller's message names itself, not named again (``i18n.os_error_text``)."""
    own = [p for p in (exc.filename, exc.filename2) if isinstance(p, (str, Path))]
    return said_in(os_error_text(exc, named), *own, *paths, whole=True)


def path_help(path: str | os.PathLike | None) -> str | None:
    """A caption's help with ``path`` whole, to copy: for the person at the computer running the app alone (a phone
    is not shown the laptop's folders); None otherwise, or for no path."""
    return str(path) if path is not None and is_local_visitor() else None


def shown_path(path: str | os.PathLike) -> str:
    """A path as this session's visitor is shown it where the page names folders whole to the person at the
    computer: ``said_path(path, whole=True)``."""
    return said_path(path, whole=True)


def there(path: str | os.PathLike) -> bool:
    """Whether ``path`` is there; a name the file system cannot even look up (longer than it takes: 300 letters
    typed by a phone) is not."""
    try:
        return Path(path).exists()
    except OSError:
        return False


def shares_name(name: str) -> bool:
    """Whether ``name`` (a new dataset's) is the name of a folder the organiser shares, in any case: a dataset of
    that name would take it (``visitor_folder``: a dataset wins), and the share would open by its name for nobody."""
    return any(folder.name.casefold() == name.casefold() for folder in _listed_folders())


def _relative(path: str | os.PathLike, base: Path) -> str | None:
    """``path`` from ``base`` (``/``-separated; ``.`` for ``base`` itself), as written where it can be (the case and
    the links a person typed), else both resolved; None where it is not ``base`` or under it."""
    try:
        return Path(os.path.abspath(path)).relative_to(os.path.abspath(base)).as_posix()
    except ValueError:
        pass
    target, root = _resolved(path), _resolved(base)
    if target is None or root is None or not (target == root or target.startswith(root.rstrip(os.sep) + os.sep)):
        return None
    return Path(os.path.relpath(target, root)).as_posix()


def visitor_path(path: str | os.PathLike) -> str | None:
    """How a visitor from the network names the folder ``path`` (``visitor_folder`` takes it back to the same
    folder): its path in the datasets folder (``club-photos``), or a shared folder's name then the path in it
    (``club-share/set``); None for a folder under neither, or a shared folder whose first name a dataset takes."""
    target = _resolved(path)
    if target is None:
        return None
    for base, own in ((datasets_dir(), True), *((folder, False) for folder in _listed_folders())):
        rel = _relative(path, base)
        if rel is None:
            continue
        name = rel if own else base.name if rel == "." else f"{base.name}/{rel}"
        if name and _resolved(visitor_folder(name)) == target:
            return name
    return None


def local_address(ip: str) -> bool:
    """Whether ``ip`` is an address of this computer: a loopback address (``127.0.0.0/8``, ``::1``, and either as
    an IPv4-mapped IPv6 address), or an address of one of its network interfaces (the address a packet to it would
    leave from is itself; nothing is sent). Anything else, or text that is no address, is not.

    >>> local_address("127.0.0.1"), local_address("::1"), local_address("192.0.2.7"), local_address("phone")
    (True, True, False, False)
    """
    try:
        address = ipaddress.ip_address(ip)
    except ValueError:
        return False
    mapped = getattr(address, "ipv4_mapped", None)
    address = mapped or address
    if address.is_loopback:
        return True
    if address.is_unspecified or address.is_multicast or getattr(address, "scope_id", None):
        return False
    family = socket.AF_INET if address.version == 4 else socket.AF_INET6
    try:
        with socket.socket(family, socket.SOCK_DGRAM) as probe:
            probe.connect((str(address), 9))  # a datagram socket's connect sends nothing: it picks the route
            leaves_from = probe.getsockname()[0]
    except OSError:  # no route to it (an IPv6 address on an IPv4-only network): not this computer
        return False
    try:
        return ipaddress.ip_address(leaves_from.split("%")[0]) == address
    except ValueError:
        return False


def _peer_is_local() -> bool:
    """``st.context.ip_address`` said None: this computer (loopback), or no address known. Asked of the session's
    connection itself (Streamlit's own ``connection_locality`` does the same); where it cannot be told, not local."""
    from streamlit import runtime
    from streamlit.runtime.scriptrunner import get_script_run_ctx

    if not runtime.exists():  # a bare run: no server, no visitor but the person running it
        return True
    try:
        ctx = get_script_run_ctx(suppress_warning=True)
        client = runtime.get_instance().get_client(ctx.session_id) if ctx is not None else None
        peer = client.client_context.remote_ip if client is not None and client.client_context else None
    except Exception:  # noqa: BLE001 - a Streamlit that keeps it elsewhere: not told, so not local
        return False
    return isinstance(peer, str) and local_address(peer)


def is_local_visitor() -> bool:
    """Whether the browser showing this session runs on the computer running the app (module docstring)."""
    if os.environ.get(SEAM, "").strip().lower() == "network":  # the test seam: never the other way
        return False
    try:
        ip = st.context.ip_address
    except Exception:  # noqa: BLE001 - no session context at all: a bare run
        return _peer_is_local()
    if ip is None:
        return _peer_is_local()
    if not isinstance(ip, str):  # AppTest's stand-in runtime answers with a mock: no connection, this computer
        return True
    return local_address(ip)


def _resolved(path: str | os.PathLike) -> str | None:
    """``path`` absolute, ``~``, symbolic links and ``..`` resolved, in the case the file system compares
    (Windows); None where it names no path (a NUL in it, ``~user`` of no user, a loop of links)."""
    try:
        return os.path.normcase(str(Path(path).expanduser().resolve()))
    except (OSError, RuntimeError, ValueError):
        return None


def shared_folders() -> list[Path]:
    """The folders a visitor from the network may open, with everything under them: the app's datasets folder, and
    those the organiser lists in ``TILELENS_SHARED_FOLDERS`` (empty entries ignored: one would be the folder the
    app was started in)."""
    listed = [entry.strip() for entry in os.environ.get(SHARED_ENV, "").split(os.pathsep)]
    return [datasets_dir(), *(Path(entry) for entry in listed if entry)]


def inside(path: str | os.PathLike, folders, below=()) -> bool:
    """Whether ``path`` is one of ``folders`` or under one, or strictly under one of ``below`` (not that folder
    itself), all resolved (``_resolved``)."""
    target = _resolved(path)
    if target is None:
        return False
    for folder, itself in [*((f, True) for f in folders), *((f, False) for f in below)]:
        root = _resolved(folder)
        if root is not None and (itself and target == root or target.startswith(root.rstrip(os.sep) + os.sep)):
            return True
    return False


def folder_allowed(path: str | os.PathLike, also=()) -> bool:
    """Whether this session's visitor may open the folder ``path``: any folder for a visitor on this computer; for
    one from the network, only one under ``shared_folders`` (the datasets folder's datasets, not that folder
    itself; a folder the organiser shares, itself too) or under ``also`` (a page's own folders of this session, as
    the Event check's reports of its uploads)."""
    if is_local_visitor():
        return True
    datasets, *listed = shared_folders()
    return inside(path, [*listed, *also], below=[datasets])
