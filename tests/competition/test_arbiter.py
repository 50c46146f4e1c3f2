"""The arbiter's tools: explanations of a pairing (C.04.3 E.1-E.5), manual changes checked
against the absolute criteria, prize groups, table cards and blank scoresheets."""

from __future__ import annotations

import pathlib

import pytest

from shashki.cli.competition import main
from shashki.competition.arbiter import amend_round, explain_round
from shashki.competition.errors import PairingError
from shashki.competition.groups import group_standings, prize_group
from shashki.competition.model import Bye, Pairing, Round, Tournament
from shashki.competition.pairing import pair_next_round

from .conftest import shared_data
from .test_dutch_bbp import _pairs


def _four() -> Tournament:
    t = Tournament(rounds_planned=3)
    for i in range(4):
        t.add_player(f"P{i + 1}", rating=2000 - i)
    t.add_round(Round(1, [Pairing(1, 1, 3, ["1/2-1/2"]), Pairing(2, 4, 2, ["1/2-1/2"])]))
    return t


def test_why_each_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    """Round 2: 1 had White, so he is due Black; 2 had Black: both preferences are granted
    (E.1), 2 White. The text names the rule and the colour histories."""
    monkeypatch.setenv("SHASHKI_LANG", "en")
    t = _four()
    t.add_round(pair_next_round(t))
    got = {(e["white"], e["black"]): e for e in explain_round(t, 2)}
    assert set(got) == {(2, 1), (3, 4)}
    assert got[(2, 1)]["rule"] == "E.1" and "colours w" in got[(2, 1)]["text"]
    assert "both colour preferences granted (C.04.3 E.1)" in got[(2, 1)]["text"]


def test_explanations_agree_with_bbppairings_colours() -> None:
    """On every round of the first shared events the colour each explanation gives is the
    one bbpPairings gave (the rule is the engine's own)."""
    d = shared_data("swiss-dutch")
    if d is None:
        pytest.skip("shared/data/swiss-dutch is absent")
    from shashki.cli.competition import _read_trf
    from shashki.competition.trf import parse_trf, requested_byes

    checked = 0
    for f in sorted(d.glob("e500[0-4]-r*.trf")):
        want, _ = _pairs(f)
        t = parse_trf(_read_trf(str(f)))
        absent, half = requested_byes(t)
        t.add_round(pair_next_round(t, absent=absent, half_byes=half))
        for e in explain_round(t, t.current_round):
            if e["black"]:
                assert (e["white"], e["black"]) in want
                assert e["rule"] in ("E.1", "E.2", "E.3", "E.4", "E.5")
                checked += 1
    assert checked > 100


def test_manual_change_checked_and_recorded() -> None:
    t = _four()
    t.add_round(pair_next_round(t))
    with pytest.raises(PairingError, match="have already met"):
        amend_round(t, 2, [(1, 3), (2, 4)], "players asked")
    with pytest.raises(PairingError, match="once each"):
        amend_round(t, 2, [(1, 2)], "typo")
    with pytest.raises(PairingError, match="say why"):
        amend_round(t, 2, [(1, 2), (3, 4)], " ")
    amend_round(t, 2, [(1, 2), (4, 3)], "the colours of board 1 were swapped on the board")
    assert [(p.white, p.black) for p in t.rounds[1].pairings] == [(1, 2), (4, 3)]
    assert t.changes[-1]["reason"] == "the colours of board 1 were swapped on the board"
    assert t.changes[-1]["before"] == [[2, 1], [3, 4]]
    assert any("changed by the arbiter" in e["text"] or "изменены судьёй" in e["text"]
               for e in explain_round(t, 2))
    t.set_result(2, 1, "1-0")
    with pytest.raises(PairingError, match="has results"):
        amend_round(t, 2, [(2, 1), (4, 3)], "again")
    assert Tournament.from_json(t.to_json()).changes == t.changes


def test_manual_change_refuses_a_second_bye_and_c3() -> None:
    """C2: player 5 had the PAB in round 1; giving it to him again is refused. C3: players
    1 and 2 both had White twice (an absolute preference for Black each), so they may not
    meet (neither is a topscorer: not the last round)."""
    t = Tournament(rounds_planned=4)
    for i in range(5):
        t.add_player(f"P{i + 1}", rating=2000 - i)
    t.add_round(Round(1, [Pairing(1, 1, 3, ["1-0"]), Pairing(2, 4, 2, ["1-0"])],
                      [Bye(5, "PAB")]))
    t.add_round(Round(2, [Pairing(1, 1, 4, ["1-0"]), Pairing(2, 5, 2, ["0-1"])],
                      [Bye(3, "PAB")]))
    t.add_round(pair_next_round(t))
    with pytest.raises(PairingError, match=r"5 has had the PAB or a forfeit win \(C2\)"):
        amend_round(t, 3, [(1, 2), (3, 4)], "swap", byes=[Bye(5, "PAB")])
    u = Tournament(rounds_planned=5)
    for i in range(6):
        u.add_player(f"P{i + 1}", rating=2000 - i)
    u.add_round(Round(1, [Pairing(1, 1, 4, ["1-0"]), Pairing(2, 2, 5, ["1-0"]),
                          Pairing(3, 3, 6, ["1-0"])]))
    u.add_round(Round(2, [Pairing(1, 1, 5, ["1-0"]), Pairing(2, 2, 6, ["1-0"]),
                          Pairing(3, 3, 4, ["1-0"])]))
    u.add_round(pair_next_round(u))
    with pytest.raises(PairingError, match=r"1 and 2 both have the same absolute colour "
                                           r"preference \(C3\)"):
        amend_round(u, 3, [(1, 2), (3, 5), (4, 6)], "players asked")


def test_prize_groups() -> None:
    t = Tournament(system="berger")
    people = [("A", "m", "1960", 2100), ("B", "w", "2010", 1800), ("C", "w", "1955", 2300),
              ("D", "m", "2011", 1700)]
    for name, sex, born, r in people:
        t.add_player(name, sex=sex, birth=f"{born}-01-01", rating=r)
    from shashki.competition.berger import pair_berger_round

    res = {(1, 4): "1/2-1/2", (2, 3): "1-0", (4, 3): "0-1", (1, 2): "1-0", (2, 4): "1/2-1/2",
           (3, 1): "1/2-1/2"}
    for _ in range(3):
        r = pair_berger_round(t)
        for p in r.pairings:
            p.results = [res[(p.white, p.black)]]
        t.add_round(r)
    # 2/1/0: A =D +B =C: 4; B +C −A =D: 3; C −B +D =A: 3; D =A −C =B: 2.
    assert t.all_points() == {1: 4.0, 2: 3.0, 3: 3.0, 4: 2.0}
    juniors = prize_group({"name": "Juniors", "born_from": 2008})
    veterans = prize_group({"name": "Veterans", "born_to": 1965})
    women = prize_group({"name": "Women", "sex": "w"})
    band = prize_group({"name": "Under 2000", "rating_max": 1999})
    assert [(s.place, s.player.name) for s in group_standings(t, juniors)] == [
        ("1", "B"), ("2", "D")]
    assert [(s.place, s.player.name) for s in group_standings(t, veterans)] == [
        ("1", "A"), ("2", "C")]
    # B and C share 2nd-3rd overall (no tie-break): they share 1st-2nd among the women.
    assert [(s.place, s.player.name) for s in group_standings(t, women)] == [
        ("1–2", "B"), ("1–2", "C")]
    assert [s.player.name for s in group_standings(t, band)] == ["B", "D"]
    t.prize_groups += [juniors, women]
    from shashki.competition.export import to_html

    html = to_html(t)
    assert "Juniors" in html and "Women" in html
    assert Tournament.from_json(t.to_json()).prize_groups == t.prize_groups


def test_print_cards_and_scoresheets(tmp_path: pathlib.Path) -> None:
    pytest.importorskip("weasyprint")
    t = _four()
    f = tmp_path / "cup.json"
    t.save(str(f))
    for what, extra in (("cards", []), ("scoresheets", ["--round", "1"]),
                        ("scoresheets", ["--count", "4"])):
        out = tmp_path / f"{what}.pdf"
        assert main(["tournament", "print", str(f), what, *extra, "-o", str(out)]) == 0
        assert out.read_bytes().startswith(b"%PDF")
    assert main(["tournament", "explain", str(f), "1"]) == 0
    t.add_round(pair_next_round(t))
    t.save(str(f))
    assert main(["tournament", "amend", str(f), "2", "1-2", "4-3", "--reason", "swap"]) == 0
    assert Tournament.load(str(f)).changes[0]["reason"] == "swap"
    with pytest.raises(SystemExit) as e:
        main(["tournament", "amend", str(f), "2", "1-3", "2-4", "--reason", "rematch"])
    assert e.value.code == 2
