"""The end of an event (Code 3.16.2-3.16.3): play-offs, lots, how each place was decided,
the readings of 3.16.11 as the event's options, the truncated Solkoff shown as deep as it
decided."""

from __future__ import annotations

import pytest
from markupsafe import escape

from shashki.competition.errors import CompetitionError, InvalidTournament, PairingError
from shashki.competition.export import reading_lines, standings_rows, to_html
from shashki.competition.model import Bye, Pairing, Round, Tournament
from shashki.competition.playoff import (
    create_playoff,
    pair_playoff,
    pending,
    playoff_not_held,
    playoff_number,
)
from shashki.competition.standings import draw_lots, standings
from shashki.competition.tiebreaks import SIMPLE, Context


def _rr4(**kw: object) -> Tournament:
    """A 4-player round robin, 2/1/0: A =B +C =D (4), B =A −C +D (3), C −A +B =D (3),
    D =A −B =C (2)."""
    t = Tournament(name="Cup", system="berger", tiebreaks=["sonneborn-berger", "wins"],
                   seed=11, **kw)  # type: ignore[arg-type]
    for name in "ABCD":
        t.add_player(name)
    games = {(1, 2): "1/2-1/2", (1, 3): "1-0", (1, 4): "1/2-1/2", (2, 3): "0-1",
             (2, 4): "1-0", (3, 4): "1/2-1/2"}
    from shashki.competition.berger import pair_berger_round

    for _ in range(3):
        r = pair_berger_round(t)
        for p in r.pairings:
            key = (min(p.white, p.black), max(p.white, p.black))
            res = games[key]
            p.results = [res if p.white == key[0] else {"1-0": "0-1", "0-1": "1-0"}.get(res, res)]
        t.add_round(r)
    return t


def test_the_example_event() -> None:
    t = _rr4()
    assert t.all_points() == {1: 4.0, 2: 3.0, 3: 3.0, 4: 2.0}


def test_tiebreaks_decide_by_default() -> None:
    """Without play-offs (ties="tiebreaks", Code 3.16.3): B and C equal on 3 points; SB
    (3.16.5): A = S(B) + 2·S(C) + S(D) = 3 + 6 + 2 = 11, B = S(A) + 2·S(D) = 4 + 4 = 8,
    C = 2·S(B) + S(D) = 6 + 2 = 8, D = S(A) + S(C) = 7; wins 1 each: B and C share."""
    rows = standings(_rr4())
    assert [(s.place, s.player.name, s.decided, s.criterion) for s in rows] == [
        ("1", "A", "points", ""), ("2–3", "B", "shared", ""), ("2–3", "C", "shared", ""),
        ("4", "D", "points", "")]
    assert [s.values["sonneborn-berger"] for s in rows] == [11.0, 8.0, 8.0, 7.0]


def test_play_off_places_the_group() -> None:
    """Code 3.16.2: B and C play a match (two games, a shorter time control); B wins it
    1½-½, so B is 2nd and C 3rd, decided by the play-off; the final table says so."""
    t = _rr4(ties="playoff")
    rows = standings(t)
    assert [s.decided for s in rows] == ["points", "play-off pending", "play-off pending",
                                         "points"]
    assert pending(t) == [(2, [2, 3])]
    po = create_playoff(t, [2, 3], double=True, time_control="600+5")
    assert po.event.time_control == "600+5" and po.event.rounds_planned == 2
    assert po.event.draws and po.event.draws[0]["what"] == "numbers"  # lot recorded
    assert pending(t) == []
    b, c = playoff_number(po, 2), playoff_number(po, 3)
    for res_b in ("1-0", "1/2-1/2"):
        pair_playoff(po)
        p = po.event.rounds[-1].pairings[0]
        po.event.set_result(po.event.current_round, p.board,
                            res_b if p.white == b else {"1-0": "0-1"}.get(res_b, res_b))
    assert {po.original(n) for n in (b, c)} == {2, 3}
    rows = standings(t)
    assert [(s.place, s.player.name, s.decided) for s in rows] == [
        ("1", "A", "points"), ("2", "B", "play-off"), ("3", "C", "play-off"),
        ("4", "D", "points")]
    # The JSON document keeps the play-off and its games.
    back = Tournament.from_json(t.to_json())
    assert [(s.place, s.player.name, s.decided) for s in standings(back)] == [
        (s.place, s.player.name, s.decided) for s in rows]


def test_play_off_that_cannot_be_held() -> None:
    """Code 3.16.3: the play-off could not be held; the criteria decide (here they leave B
    and C equal, and the regulations' lot places them, reproducibly by seed)."""
    t = _rr4(ties="playoff", lots=True)
    playoff_not_held(t, [2, 3], "no time left before the closing ceremony")
    rows = standings(t)
    assert [s.decided for s in rows[1:3]] == ["lot pending", "lot pending"]
    made = draw_lots(t, seed=5)
    assert made == [{"what": "lot", "seed": 5, "players": [2, 3], "order": made[0]["order"]}]
    assert sorted(made[0]["order"]) == [2, 3]
    rows = standings(t)
    assert [s.decided for s in rows] == ["points", "lot", "lot", "points"]
    assert [s.player.number for s in rows[1:3]] == made[0]["order"]
    again = _rr4(ties="playoff", lots=True)
    playoff_not_held(again, [2, 3], "no time")
    assert draw_lots(again, seed=5)[0]["order"] == made[0]["order"]  # same seed, same lot
    with pytest.raises(CompetitionError, match="say why"):
        playoff_not_held(t, [2, 3], " ")


def test_play_off_only_for_the_places_the_regulations_name() -> None:
    t = _rr4(ties="playoff", playoff_places=1)  # only the title: the 2nd place by criteria
    assert [s.decided for s in standings(t)] == ["points", "shared", "shared", "points"]
    with pytest.raises(PairingError, match="is not decided by play-off"):
        create_playoff(t, [2, 3])
    with pytest.raises(PairingError, match="not equal on points"):
        create_playoff(_rr4(ties="playoff"), [1, 2])
    with pytest.raises(PairingError, match="at least two"):
        create_playoff(_rr4(ties="playoff"), [2])


def test_tied_play_off_goes_to_the_criteria() -> None:
    """A drawn match leaves B and C equal: the event's criteria follow (here wins, equal),
    then shared: nothing in the Code places them further."""
    t = _rr4(ties="playoff")
    po = create_playoff(t, [2, 3])
    pair_playoff(po)
    po.event.set_result(1, 1, "1/2-1/2")
    assert [s.decided for s in standings(t)] == ["points", "shared", "shared", "points"]


# --- Code 3.16.11 and the criteria: the event's readings -------------------------------------


def _swiss6() -> Tournament:
    from .conftest import swiss6

    return swiss6()


def _values(t: Tournament, name: str) -> dict[int, object]:
    ctx = Context(t)
    return {n: SIMPLE[name](ctx, n) for n in sorted(ctx.points)}


def test_reading_bye_opponent() -> None:
    """swiss6: P5's bye is a win over the lowest score anyone made — P6's 1 (default); over
    the lowest of those who played to the end — P5's own 2; or left out."""
    t = _swiss6()
    assert _values(t, "buchholz")[5] == 7 and _values(t, "sonneborn-berger")[5] == 2
    t.readings["bye-opponent"] = "lowest-finished"
    assert _values(t, "buchholz")[5] == 8 and _values(t, "sonneborn-berger")[5] == 4
    t.readings["bye-opponent"] = "none"
    assert _values(t, "buchholz")[5] == 6 and _values(t, "schmulyan")[5] == -6


def test_reading_withdrawn_score() -> None:
    """P6 withdrew with 1 point, as P3 had then (final 3): he counts 3 (default) or 1."""
    t = _swiss6()
    assert (_values(t, "buchholz")[3], _values(t, "buchholz")[4]) == (8, 9)
    t.readings["withdrawn-score"] = "own"
    assert (_values(t, "buchholz")[3], _values(t, "buchholz")[4]) == (6, 7)


def test_reading_requested_byes() -> None:
    """A half-point bye and an absence asked for (H, Z): left out (default), or games
    against the bye's virtual opponent (the lowest score, 1) with the bye's result."""
    t = Tournament(system="dutch", rounds_planned=2)
    for name in "ABCD":
        t.add_player(name)
    t.add_round(Round(1, [Pairing(1, 1, 2, ["1/2-1/2"])], [Bye(3, "H"), Bye(4, "Z")]))
    t.add_round(Round(2, [Pairing(1, 1, 3, ["1-0"]), Pairing(2, 2, 4, ["1/2-1/2"])]))
    assert t.all_points() == {1: 3.0, 2: 2.0, 3: 1.0, 4: 1.0}
    assert (_values(t, "buchholz")[3], _values(t, "buchholz")[4]) == (3, 2)
    t.readings["requested-byes"] = "virtual"
    assert (_values(t, "buchholz")[3], _values(t, "buchholz")[4]) == (4, 3)
    assert (_values(t, "sonneborn-berger")[3], _values(t, "sonneborn-berger")[4]) == (1, 2)


def test_reading_double_forfeit() -> None:
    """P3 v P5 was a double forfeit (Code 3.13.3): a loss for both (default) or no game."""
    t = _swiss6()
    assert (_values(t, "schmulyan")[3], _values(t, "schmulyan")[5]) == (1, -5)
    assert (_values(t, "riga")[3], _values(t, "riga")[5]) == (12.5, 8)
    t.readings["double-forfeit"] = "none"
    assert (_values(t, "schmulyan")[3], _values(t, "schmulyan")[5]) == (3, -2)
    assert (_values(t, "riga")[3], _values(t, "riga")[5]) == (10.5, 5)


def test_reading_forfeit_wins() -> None:
    """P2's only win is a forfeit (P5 was late, Code 3.13.1): counted (default) or not."""
    t = _swiss6()
    assert (_values(t, "wins")[2], _values(t, "beaten")[2]) == (1, 2)
    t.readings["forfeit-wins"] = "played"
    assert (_values(t, "wins")[2], _values(t, "beaten")[2]) == (0, 0)
    assert _values(t, "wins")[4] == 2


def test_readings_checked_and_shown() -> None:
    with pytest.raises(InvalidTournament, match="unknown reading"):
        Tournament(readings={"bye": "none"})
    with pytest.raises(InvalidTournament, match="is one of"):
        Tournament(readings={"bye-opponent": "highest"})
    t = _swiss6()
    t.tiebreaks = ["buchholz", "wins"]
    t.readings["bye-opponent"] = "none"
    lines = reading_lines(t)  # no requested bye (H, F, Z) occurred: not explained
    assert len(lines) == 4 and any("the bye is left out" in x or "не учитывается" in x
                                   for x in lines)
    assert not any("requested byes" in x or "по заявлению" in x for x in lines)
    page = to_html(t)
    assert all(str(escape(x)) in page for x in lines)
    assert Tournament.from_json(t.to_json()).readings == {"bye-opponent": "none"}


# --- Code 3.16.8 shown as deep as it decided ------------------------------------------------


def test_truncated_solkoff_shows_the_elements_that_decided() -> None:
    """P5 and P6 have 2 points; opponents' scores P6: 0, 2, 6 → (8, 6, 0); P5: 2, 3, 5 →
    (8, 5, 0). The first element ties, the second decides: shown 8/6 and 8/5; players
    separated by points show only the first element."""
    t = Tournament(system="dutch", rounds_planned=3, tiebreaks=["truncated-solkoff"])
    for i in range(6):
        t.add_player(f"P{i + 1}", rating=2000 - 10 * i)
    for r, games in enumerate([[(1, 4, "1-0"), (5, 2, "0-1"), (3, 6, "1-0")],
                               [(2, 1, "1/2-1/2"), (4, 3, "0-1"), (6, 5, "0-1")],
                               [(3, 2, "1-0"), (1, 5, "1-0"), (6, 4, "1-0")]], 1):
        t.add_round(Round(r, [Pairing(b, w, k, [res]) for b, (w, k, res) in
                              enumerate(games, 1)]))
    rows = {r["number"]: r for r in standings_rows(t)}
    assert rows[6]["tb_text"]["truncated-solkoff"] == "8/6"
    assert rows[5]["tb_text"]["truncated-solkoff"] == "8/5"
    assert rows[3]["tb_text"]["truncated-solkoff"] == "5"
    assert (rows[6]["place"], rows[5]["place"]) == ("4", "5")
    assert rows[6]["decided"] == "tiebreak" and rows[6]["criterion"] == "truncated-solkoff"
