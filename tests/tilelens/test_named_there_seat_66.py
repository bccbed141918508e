"""Session 66 (review RV3): a merge's rename note ("Fumj is Fumi in another laptop's record") is kept seat by seat: an
unrelated player of the match renamed here afterwards does not hide it; the seat itself renamed here does."""
from __future__ import annotations

from tilelens.ledger import Ledger
from tilelens.ledger_merge import merge_ledgers

GAME = "tokyo-mahjong"


def _renamed_there(tmp_path):
    a = Ledger(tmp_path / "a.sqlite")
    m = a.new_match(GAME, ["Fumj", "Ann", "Cy", "Dee"])
    a.add_draw(m, tenpai=[0])
    b = Ledger(tmp_path / "b.sqlite")
    b.path.write_bytes(a.path.read_bytes())
    b.rename_player(m, "Fumj", "Fumi")
    merge_ledgers(a.path, b.path)
    return a, m


def test_another_seat_renamed_here_keeps_the_note(tmp_path):
    a, m = _renamed_there(tmp_path)
    assert a.named_there(a.matches())[m] == [("Fumj", "Fumi")]
    a.rename_player(m, "Cy", "Cyd")  # an unrelated player's name fixed here: Fumj is still apart from Fumi
    assert a.named_there(a.matches())[m] == [("Fumj", "Fumi")]


def test_the_seat_renamed_here_ends_the_note(tmp_path):
    a, m = _renamed_there(tmp_path)
    a.rename_player(m, "Fumj", "Fumi")  # fixed here too: nothing left to say
    assert m not in a.named_there(a.matches())
