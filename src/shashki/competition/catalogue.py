"""What an event's regulations choose from, as names and articles: the tie-breaks (Code
3.16.3-3.16.9, FIDE C.07, B.02). Pure data, below both the tournament model, which checks an
event's choices, and the modules that compute them (tiebreaks.py, standings.py).

>>> TIEBREAKS["truncated-solkoff"][0], SHORT["truncated-solkoff"]
('Code 3.16.8', 'TSk')
"""

from __future__ import annotations

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
