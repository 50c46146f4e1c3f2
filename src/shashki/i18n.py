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
    "diagram.help": ("draw a board diagram (SVG or PNG)", "нарисовать диаграмму позиции (SVG или PNG)"),
    "diagram.move": ("a move to draw as an arrow along its full path", "ход, который показать стрелкой по всему пути"),
    "diagram.flip": ("Black at the bottom", "чёрные внизу"),
    "diagram.coordinates": ("coordinates around the board or square numbers", "координаты вокруг доски или номера полей"),
    "diagram.size": ("width in pixels", "ширина в пикселях"),
    "diagram.output": ("output file; .png converts with cairosvg", "файл для записи; .png — через cairosvg"),
    "diagram.bad_output": ("output must end in .svg or .png, not {!r}", "файл должен оканчиваться на .svg или .png, а не {!r}"),
    "diagram.bad_size": ("size must be at least 16 pixels", "размер — не меньше 16 пикселей"),
    "play.help": ("a game between two people at one keyboard, with clocks", "партия двух игроков за одной клавиатурой, с часами"),
    "play.time": ("time control, e.g. 5m+3s, 70m/35 + 15m, code-45", "контроль времени, напр. 5m+3s, 70m/35 + 15m, code-45"),
    "play.ruleset": ("draw ruleset (code-2004, fmjd, cbd)", "правила ничьих (code-2004, fmjd, cbd)"),
    "play.output": ("where to save the record (PDN); default: a new file shashki-DATE-TIME.pdn",
                    "куда сохранить запись партии (PDN); по умолчанию новый файл shashki-ДАТА-ВРЕМЯ.pdn"),
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
    "pdn.help": ("read, check and convert PDN game records", "чтение, проверка и преобразование записей партий PDN"),
    "pdn.check.help": ("check every game of PDN files: one line per broken game and per warning", "проверка всех партий файлов PDN: строка на каждую ошибочную партию и каждое предупреждение"),
    "pdn.replay.help": ("replay each game: JSON lines with the final position", "воспроизведение партий: по строке JSON с конечной позицией"),
    "pdn.convert.help": ("rewrite PDN in algebraic or numeric notation", "переписать PDN в алгебраической или цифровой нотации"),
    "pdn.variant.help": ("variant of games without a GameType tag (default: inferred from the squares): {}", "вариант для партий без тега GameType (по умолчанию — по полям партии): {}"),
    "pdn.encoding.help": ("file encoding (default: detect UTF-8, UTF-8 with BOM, Windows-1251, CP866)", "кодировка файла (по умолчанию: определить UTF-8, UTF-8 с BOM, Windows-1251, CP866)"),
    "pdn.all.help": ("list every error of a broken game, not only the first", "выводить все ошибки партии, а не только первую"),
    "pdn.output.help": ("output file (default: standard output)", "выходной файл (по умолчанию: стандартный вывод)"),
    "pdn.summary": ("{files} file(s), {games} game(s), {broken} broken, {errors} error(s), {warnings} warning(s)", "файлов: {files}, партий: {games}, с ошибками: {broken}, ошибок: {errors}, предупреждений: {warnings}"),
    "pdn.warning": ("warning", "предупреждение"),
    "pdn.times": ("{} times", "раз: {}"),
    "pdn.unknown_position": ("position unknown (unknown moves)", "позиция неизвестна (ходы не записаны)"),
    "pdn.game": ("game", "партия"),
    "pdn.plies": ("plies", "полуходов"),
    "pdn.progress.games": ("{} games", "партий: {}"),
    "pdn.not_converted": ("shashki: not converted", "shashki: не преобразована"),
    "pdn.bad_encoding": ("unknown encoding {!r}", "неизвестная кодировка {!r}"),
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
