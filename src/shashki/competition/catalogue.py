"""What an event's regulations choose from, as names and articles: the tie-breaks (Code
3.16.3-3.16.9, FIDE C.07, B.02) and the readings of the Code where it leaves a choice
(3.16.11 and the criteria of 3.16.3). Pure data, below both the tournament model, which
checks an event's choices, and the modules that compute them (tiebreaks.py, standings.py).

>>> TIEBREAKS["truncated-solkoff"][0], SHORT["truncated-solkoff"]
('Code 3.16.8', 'TSk')
>>> READINGS["bye-opponent"].default
'lowest'
"""

from __future__ import annotations

from dataclasses import dataclass

TIEBREAKS: dict[str, tuple[str, str]] = {
    "schmulyan": ("Code 3.16.4", "Шмульян / Schmulyan"),
    "sonneborn-berger": ("Code 3.16.5", "Зонненборн-Бергер / Sonneborn-Berger"),
    "buchholz": ("Code 3.16.6", "Бухгольц / Buchholz"),
    "solkoff": ("Code 3.16.7", "Солкоф / Solkoff"),
    "truncated-solkoff": ("Code 3.16.8", "Усеченный Солкоф / truncated Solkoff"),
    "riga": ("Code 3.16.9", "Рижская / Riga"),
    "wins": ("Code 3.16.3", "Победы / wins"),
    "direct": ("Code 3.16.3", "Личная встреча / direct encounter"),
    "beaten": ("Code 3.16.3", "Очки побеждённых / points of opponents beaten"),
    "places": ("Code 3.16.3", "По местам / results in order of places"),
    "median-buchholz": ("FIDE C.07 BH/M1", "Медианный Бухгольц / median Buchholz"),
    "buchholz-cut1": ("FIDE C.07 BH/C1", "Бухгольц −1 / Buchholz cut 1"),
    "performance": ("FIDE B.02 8.2", "Перформанс / performance"),
}
"""Every tie-break: its article and its name (Russian / English)."""

SHORT: dict[str, str] = {
    "schmulyan": "Шм", "sonneborn-berger": "SB", "buchholz": "Bh", "solkoff": "Sk",
    "truncated-solkoff": "TSk", "riga": "Rg", "wins": "W", "direct": "DE", "beaten": "Bt",
    "places": "Pl", "median-buchholz": "MBh", "buchholz-cut1": "Bh-1", "performance": "Perf",
}
"""Column headings."""


@dataclass(frozen=True)
class Reading:
    """A point the Code leaves open, with the event's possible readings (English, Russian)
    and the one shashki takes when the regulations say nothing (docs/rules.md K26)."""

    article: str
    question: tuple[str, str]
    choices: dict[str, tuple[str, str]]
    default: str


READINGS: dict[str, Reading] = {
    "bye-opponent": Reading(
        "Code 3.16.11", ("the bye's virtual opponent", "соперник за «плюс»"), {
            "lowest": ("the lowest final score anyone made",
                       "наименьшее количество очков, набранное кем-либо"),
            "lowest-finished": ("the lowest final score of those who played to the end",
                                "наименьшее количество очков среди доигравших"),
            "none": ("no opponent: the bye is left out", "не учитывается"),
        }, "lowest"),
    "withdrawn-score": Reading(
        "Code 3.16.11", ("a withdrawn opponent's score", "очки выбывшего соперника"), {
            "group-average": ("his score then, plus his score group's average since",
                              "его очки и средний результат его очковой группы"),
            "own": ("the score he made", "набранные им очки"),
        }, "group-average"),
    "requested-byes": Reading(
        "Code 3.16.11", ("requested byes (H, F, Z)", "свободные туры по заявлению"), {
            "none": ("no opponent: left out", "не учитываются"),
            "virtual": ("a game against the bye's virtual opponent, with the bye's result",
                        "партия с соперником за «плюс» с результатом свободного тура"),
        }, "none"),
    "double-forfeit": Reading(
        "Code 3.13.3", ("a double forfeit (0-0) in Schmulyan and Riga",
                        "двойная неявка (0-0) в коэффициентах Шмульяна и рижском"), {
            "loss": ("a loss against that opponent", "поражение от этого соперника"),
            "none": ("no game: left out", "не учитывается"),
        }, "loss"),
    "forfeit-wins": Reading(
        "Code 3.16.3", ("forfeit wins among the wins", "победы за неявку среди побед"), {
            "counted": ("counted as wins", "считаются победами"),
            "played": ("only games won over the board", "только сыгранные партии"),
        }, "counted"),
}
"""The readings an event may choose (``Tournament.readings``), by name."""
