"""The arbiter's view of a pairing: why each pair and colour came out as it did, and manual
changes to a published pairing, checked against the absolute criteria and recorded with
their reason.

:func:`explain_round` tells, for every board of a round, the score groups of the players,
whether one floated, and the colour rule that decided (C.04.3 E.1–E.5, with the players'
colour histories), or, in a round robin, the Berger table's line (Code 3.7.2); for the
pairing bye, why that player (C.04.1 c, C4 with C2, C9). :func:`amend_round` replaces
a round's pairs before any result is in, refusing a change that breaks an absolute
criterion (no rematch, no forbidden pair, no second PAB, C3's colours) and keeping the
before, the after and the reason in ``Tournament.changes``.

>>> from shashki.competition.model import Tournament
>>> from shashki.competition.pairing import pair_next_round
>>> t = Tournament(rounds_planned=3)
>>> for i in range(4):
...     _ = t.add_player(f"P{i + 1}", rating=2000 - i)
>>> t.add_round(pair_next_round(t))
>>> [(e["white"], e["black"], e["rule"]) for e in explain_round(t, 1)]
[(1, 3, 'E.5'), (4, 2, 'E.5')]
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from shashki.competition.errors import PairingError
from shashki.competition.model import Bye, Pairing, Round, Tournament, pairing_numbers
from shashki.i18n import N_, _

_RULES = {
    "E.1": N_("both colour preferences granted"),
    "E.2": N_("the stronger colour preference granted"),
    "E.3": N_("colours alternated from the last round in which they differed"),
    "E.4": N_("the higher-ranked player's preference granted"),
    "E.5": N_("initial colour by the higher-ranked player's pairing number"),
}
_STRENGTH = ("", N_("mild"), N_("strong"), N_("absolute"))


def _engine_state(t: Tournament, rnd: int, members: set[int]) -> Any:
    """The Dutch engine as it stood before round ``rnd`` for the players paired in it."""
    from shashki.competition.dutch_engine import DutchEngine, e5_ranks, players_from

    num = pairing_numbers(t)
    skip = [p.number for p in t.players if p.number not in members]
    ps = players_from(t, rnd, num, skip)
    eng = DutchEngine(ps, "w" if t.first_color.startswith("w") else "b",
                      e5_ranks(t, rnd, num, set(ps)))
    return eng, num


def _pref_text(sp: Any) -> str:
    c, s = sp.pref
    if not s:
        return _("no preference")
    text = (_("{strength} for White (colours {history})") if c == "w" else
            _("{strength} for Black (colours {history})"))
    return text.format(strength=_(_STRENGTH[s]), history="".join(sp.colors) or "—")


def explain_round(t: Tournament, rnd: int) -> list[dict[str, Any]]:
    """For each board of round ``rnd`` (then the byes): the players, their scores before
    the round, floats, the colour rule and a sentence an arbiter can read, in the current
    language."""
    if not 1 <= rnd <= len(t.rounds):
        raise PairingError(f"no round {rnd}")
    r = t.rounds[rnd - 1]
    out: list[dict[str, Any]] = []
    if t.system != "dutch":
        for p in sorted(r.pairings, key=lambda p: p.board):
            text = _("Berger table, round {round}: number {white} is written first and "
                     "plays White (Code 3.7.2)").format(round=rnd, white=p.white)
            out.append({"board": p.board, "white": p.white, "black": p.black,
                        "rule": "Code 3.7.2", "text": text})
        return out
    members = set(r.players()) - {b.player for b in r.byes if b.kind != "PAB"}
    eng, num = _engine_state(t, rnd, members)
    back = {v: k for k, v in num.items()}
    for p in sorted(r.pairings, key=lambda p: p.board):
        a, b = num[p.white], num[p.black]
        if a not in eng.p or b not in eng.p:
            continue
        w, _why, rule = eng.allocate_why(a, b)
        pw, pb = eng.p[a], eng.p[b]
        floats = ""
        if pw.score != pb.score:
            hi, lo = (p.white, p.black) if pw.score > pb.score else (p.black, p.white)
            floats = _("; {high} floats down to {low} (different score groups)").format(
                high=hi, low=lo)
        agreed = back[w] == p.white
        changed = "" if agreed else _("; colours changed by the arbiter")
        text = _("{white} ({white_points} points; {white_pref}) White, {black} ({black_points} "
                 "points; {black_pref}) Black: {why} (C.04.3 {rule})").format(
            white=p.white, white_points=f"{pw.score:g}", white_pref=_pref_text(pw),
            black=p.black, black_points=f"{pb.score:g}", black_pref=_pref_text(pb),
            why=_(_RULES[rule]), rule=rule) + floats + changed
        out.append({"board": p.board, "white": p.white, "black": p.black, "rule": rule,
                    "scores": (pw.score, pb.score), "text": text})
    for bye in r.byes:
        if bye.kind == "PAB" and num[bye.player] in eng.p:
            sp = eng.p[num[bye.player]]
            text = _("{player} has the pairing bye: an odd number of players; {points} "
                     "points, the lowest score group from which the round can be completed "
                     "(C.04.3 C4 with C2), no earlier bye or forfeit win (C.04.1 c), "
                     "{unplayed} unplayed games (C9)").format(
                player=bye.player, points=f"{sp.score:g}", unplayed=sp.unplayed)
            out.append({"board": "", "white": bye.player, "black": 0, "rule": "C.04.1 c",
                        "text": text})
    return out


def amend_round(t: Tournament, rnd: int, pairs: Iterable[tuple[int, int]],
                reason: str, byes: Iterable[Bye] | None = None) -> Round:
    """Replace the pairs of round ``rnd`` (before any of its results is in) by ``pairs``
    (White, Black), checked against the absolute criteria: every player of the round once,
    no rematch (C1; Code ch. IV), no forbidden pair, no second PAB and none after a forfeit
    win (C2), in a Swiss no two non-topscorers with the same absolute colour preference
    (C3). The change and its reason are recorded in ``t.changes``. The round keeps its
    byes unless ``byes`` is given."""
    if not reason.strip():
        raise PairingError("say why the pairing is changed")
    if not 1 <= rnd <= len(t.rounds):
        raise PairingError(f"no round {rnd}")
    old = t.rounds[rnd - 1]
    if any(x is not None for p in old.pairings for x in p.results):
        raise PairingError(f"round {rnd} has results; correct them instead")
    new_pairs = list(pairs)
    new_byes = list(old.byes if byes is None else byes)
    before = set(old.players())
    after = [n for pr in new_pairs for n in pr] + [b.player for b in new_byes]
    if sorted(after) != sorted(before):
        missing = sorted(before - set(after))
        extra = sorted(set(after) - before)
        raise PairingError(f"round {rnd}: the change must pair the round's players once "
                           f"each (missing {missing}, not in the round {extra})")
    if t.system == "dutch":
        members = {n for pr in new_pairs for n in pr} | {
            b.player for b in new_byes if b.kind == "PAB"}
        eng, num = _engine_state(t, rnd, members)  # the state before round rnd
        for w, b in new_pairs:
            a, c = num[w], num[b]
            if not eng.compatible(a, c):
                why = ("have already met or must not meet (C1)" if c in eng.p[a].opponents
                       else "both have the same absolute colour preference (C3)")
                raise PairingError(f"round {rnd}: {w} and {b} {why}")
        for bye in new_byes:
            if bye.kind == "PAB" and not eng.p[num[bye.player]].pab_ok:
                raise PairingError(f"round {rnd}: {bye.player} has had the PAB or a "
                                   f"forfeit win (C2)")
    rebuilt = Round(rnd, [Pairing(i, w, b, [None] * t.games_per_pairing,
                                  _opening(old, w, b))
                          for i, (w, b) in enumerate(new_pairs, 1)], new_byes)
    saved = t.rounds[rnd - 1:]
    del t.rounds[rnd - 1:]
    try:
        t.add_round(rebuilt)  # the model's own checks: paired once, forbidden, rematch
    except PairingError:
        t.rounds[rnd - 1:] = saved
        raise
    t.rounds.extend(saved[1:])
    t.changes.append({"round": rnd, "reason": reason.strip(),
                      "before": [[p.white, p.black] for p in old.pairings],
                      "after": [[w, b] for w, b in new_pairs],
                      "byes": [[b.player, b.kind] for b in new_byes]})
    return rebuilt


def _opening(old: Round, w: int, b: int) -> str | None:
    """A micro-match's balloted opening stays with its board's pair if the pair stays."""
    for p in old.pairings:
        if {p.white, p.black} == {w, b}:
            return p.opening
    return None
