"""Russian and English texts for the command line.

The language is ``SHASHKI_LANG`` if set, else the locale in ``LC_ALL``/``LANG``; Russian
for ``ru*``, English otherwise.
"""

from __future__ import annotations

import os

_TEXTS: dict[str, tuple[str, str]] = {
    # key: (English, Russian)
    "error": ("error", "ошибка"),
    "description": (
        "Russian, Brazilian and International draughts by the Russian Draughts Code.",
        "Русские, бразильские и международные шашки по Шашечному кодексу России.",
    ),
    "variant.help": ("variant: {}", "вариант игры: {}"),
    "fen.help": ("position as PDN FEN, e.g. W:W21-32:B1-12", "позиция в FEN (PDN), напр. W:W21-32:B1-12"),
    "json.help": ("print JSON", "вывод в JSON"),
    "notation.help": ("move notation (default: algebraic on 8x8, numeric on 10x10)", "нотация ходов (по умолчанию: алгебраическая на 64 полях, цифровая на 100)"),
    "perft.help": ("count the leaves of the move tree", "подсчёт листьев дерева ходов (perft)"),
    "perft.depth": ("depth in plies", "глубина в полуходах"),
    "perft.positions": ("file with one FEN a line ('-' for stdin)", "файл с позициями FEN по одной в строке ('-' — stdin)"),
    "perft.divide": ("count under each root move", "счёт для каждого первого хода"),
    "perft.all_depths": ("counts for every depth 1..D", "счёт для всех глубин 1..D"),
    "perft.no_bulk": ("play every leaf instead of counting the last ply", "делать каждый последний ход вместо подсчёта"),
    "perft.negative": ("depth must be 0 or more", "глубина должна быть неотрицательной"),
    "perft.nodes": ("nodes", "узлов"),
    "perft.progress": ("perft", "perft"),
    "moves.help": ("list the legal moves of a position", "список допустимых ходов позиции"),
    "moves.move": ("move", "ход"),
    "moves.path": ("path", "путь"),
    "moves.captured": ("captured", "взяты"),
    "moves.fen": ("FEN after", "FEN после хода"),
    "moves.none": ("no legal moves: the game is over ({})", "ходов нет: партия окончена ({})"),
}


def language() -> str:
    """``ru`` or ``en``."""
    for var in ("SHASHKI_LANG", "LC_ALL", "LANG"):
        value = os.environ.get(var, "")
        if value:
            return "ru" if value.lower().startswith("ru") else "en"
    return "en"


def tr(key: str) -> str:
    """The text for ``key`` in the current language."""
    en, ru = _TEXTS[key]
    return ru if language() == "ru" else en
