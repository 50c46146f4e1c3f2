# ruff: noqa: E501
"""Russian and English texts of competitions (outputs and the command line).

The language is chosen by :func:`shashki.i18n.language` (``SHASHKI_LANG``, ``LC_ALL``, ``LANG``).

>>> TEXTS["standings"]
('Standings', 'Турнирная таблица')
"""

from __future__ import annotations

from shashki.i18n import language

TEXTS: dict[str, tuple[str, str]] = {
    # key: (English, Russian)
    "standings": ("Standings", "Турнирная таблица"),
    "warning": ("warning", "предупреждение"),
    "crosstable": ("Crosstable", "Таблица результатов"),
    "place": ("Place", "Место"),
    "name": ("Name", "Участник"),
    "title": ("Title", "Звание"),
    "rating": ("Rating", "Рейтинг"),
    "club": ("Club", "Клуб"),
    "points": ("Points", "Очки"),
    "round": ("Round", "Тур"),
    "points.match": ("Match points", "Очки за матчи"),
    "points.games": ("Game points", "Очки за партии"),
    "board": ("Board", "Доска"),
    "white": ("White", "Белые"),
    "black": ("Black", "Чёрные"),
    "result": ("Result", "Результат"),
    "opening": ("Opening", "Дебют"),
    "bye": ("bye", "свободен"),
    "bye.PAB": ("pairing bye", "«плюс»"),
    "bye.H": ("half-point bye", "пол-очка"),
    "bye.F": ("full-point bye", "полное очко"),
    "bye.Z": ("absent", "неявка"),
    "withdrawn": ("withdrew from round", "выбыл с тура"),
    "pairings": ("Pairings", "Пары"),
    "rounds": ("rounds", "туров"),
    "players": ("players", "участников"),
    "micromatch": ("micro-matches, openings from {}, ranked by {}", "микроматчи, дебюты по таблице {}, места по {}"),
    "ranking.games": ("game points", "очкам за партии"),
    "ranking.match": ("match points", "очкам за микроматчи"),
    "system.dutch": ("Swiss (FIDE Dutch)", "швейцарская система (голландская FIDE)"),
    "system.berger": ("round robin", "круговая система"),
    "system.double-berger": ("double round robin", "двухкруговая система"),
    # tie-break column headings
    "tb.schmulyan": ("Schm", "Шм"), "tb.sonneborn-berger": ("SB", "ЗБ"),
    "tb.buchholz": ("Bh", "Бх"), "tb.solkoff": ("Sk", "Сл"), "tb.truncated-solkoff": ("TSk", "УСл"),
    "tb.riga": ("Riga", "Рж"), "tb.wins": ("Wins", "Поб"), "tb.direct": ("DE", "ЛВ"),
    "tb.beaten": ("Beat", "ОчП"), "tb.places": ("Pl", "ПМ"), "tb.median-buchholz": ("MBh", "МБх"),
    "tb.buchholz-cut1": ("Bh-1", "Бх-1"), "tb.performance": ("Perf", "Перф"),
    # how a place was decided (Code 3.16.2, 3.16.3)
    "decided": ("Decided by", "Место определено"),
    "decided.points": ("points", "по очкам"),
    "decided.play-off": ("play-off", "дополнительное соревнование"),
    "decided.lot": ("lot", "жребий"),
    "decided.shared": ("shared", "делят место"),
    "decided.play-off pending": ("play-off to be held", "дополнительное соревнование не проведено"),
    "decided.lot pending": ("lot to be drawn", "жребий не проведён"),
    # the judges' report (Code 4.6.3)
    "report.title": ("Report of the panel of judges", "Отчёт коллегии судей"),
    "report.code": ("Russian Draughts Code 4.6.3", "Шашечный кодекс, 4.6.3"),
    "r.heading": ("Regulations", "Положение о соревновании"),
    "r.system": ("System", "Система проведения"),
    "r.rounds": ("Rounds", "Число туров"),
    "r.players": ("Participants", "Участников"),
    "r.time": ("Time control", "Контроль времени"),
    "r.scoring": ("Points for a win, draw, loss", "Очки за победу, ничью, поражение"),
    "r.tiebreaks": ("Tie-breaks (Code 3.16.3, 3.16.12)", "Дополнительные показатели (Кодекс 3.16.3, 3.16.12)"),
    "r.ties": ("Equal points", "Равенство очков"),
    "r.ties.playoff": ("a play-off (Code 3.16.2); where none can be held, the tie-breaks", "дополнительный матч или турнир (Кодекс 3.16.2), при невозможности — дополнительные показатели"),
    "r.ties.tiebreaks": ("the tie-breaks (Code 3.16.3)", "дополнительные показатели (Кодекс 3.16.3)"),
    "r.ties.places": ("for places 1 to {}", "за 1–{}-е места"),
    "r.ties.first": ("for the first place", "за 1-е место"),
    "r.ties.lots": ("then by lot", "затем жребий"),
    "j.heading": ("Panel of judges (Code 4.6.1)", "Коллегия судей (Кодекс 4.6.1)"),
    "j.chief": ("Chief arbiter", "Главный судья"),
    "j.deputy": ("Deputy chief arbiter", "Заместитель главного судьи"),
    "j.secretary": ("Chief secretary", "Главный секретарь"),
    "j.senior": ("Senior arbiter", "Старший судья"),
    "j.judge": ("Arbiter", "Судья"),
    "role": ("Role", "Должность"),
    "category": ("Category", "Категория"),
    "p.heading": ("Participants", "Участники"),
    "p.entered": ("entered from round {}", "включён с {}-го тура"),
    "p.withdrawn": ("withdrew from round {}", "выбыл с {}-го тура"),
    "birth": ("Born", "Год рожд."),
    "federation": ("Federation", "Федерация"),
    "note": ("Note", "Примечание"),
    "rounds.heading": ("Results by round", "Результаты по турам"),
    "po.heading": ("Play-offs (Code 3.16.2)", "Дополнительные соревнования (Кодекс 3.16.2)"),
    "po.not_held_text": ("could not be held", "провести невозможно"),
    "e.heading": ("Sanctions, forfeits and other decisions", "Санкции, неявки и другие решения"),
    "e.round": ("Round", "Тур"),
    "e.what": ("Decision", "Решение"),
    "e.who": ("Player", "Участник"),
    "e.article": ("Article", "Статья"),
    "e.forfeit": ("forfeit: the game lost", "неявка: поражение"),
    "e.both": ("both absent: both lost", "неявка обоих: поражение обоим"),
    "e.everyone": ("every player", "все участники"),
    "e.bonus": ("bonus points", "дополнительные очки"),
    "e.penalty": ("penalty points", "штрафные очки"),
    "e.revalued": ("result {} worth", "результат {} оценён в"),
    "e.withdrawn": ("withdrew", "выбыл из соревнования"),
    "e.entered": ("entered after round 1", "включён после 1-го тура"),
    "e.lot": ("drawing of lots for places", "жребий за места"),
    "e.board": ("board {}", "доска {}"),
    "e.game": ("game", "партия"),
    "e.none": ("none", "нет"),
    "s.remark": ("remark", "замечание"),
    "s.warning": ("warning", "предупреждение"),
    "s.reprimand": ("reprimand", "выговор"),
    "s.loss": ("loss of the game", "поражение в партии"),
    "s.exclusion": ("exclusion from the event", "исключение из соревнований"),
    "sheets.heading": ("Scoresheets", "Бланки записи партий"),
    "sheet.title": ("Scoresheet", "Бланк записи партии"),
    "sheet.event": ("Event", "Соревнование"),
    "sheet.date": ("Date", "Дата"),
    "sheet.game": ("game", "партия"),
    "sheet.signatures": ("Signatures", "Подписи"),
    "sheet.white_sign": ("White", "Белые"),
    "sheet.black_sign": ("Black", "Чёрные"),
    "sheet.judge_sign": ("Arbiter", "Судья"),
    "sign.chief": ("Chief arbiter", "Главный судья"),
    "sign.secretary": ("Chief secretary", "Главный секретарь"),
    # command line
    "error": ("error", "ошибка"),
    "cli.description": ("Competitions: pairings, results, standings (Code 3.7, 3.13, 3.16).",
                        "Соревнования: жеребьёвка, результаты, таблицы (Кодекс 3.7, 3.13, 3.16)."),
    "pair.help": ("pair the next round of a TRF file", "составить пары следующего тура по файлу TRF"),
    "pair.system": ("pairing system", "система жеребьёвки"),
    "trf.help": ("TRF input file", "входной файл TRF"),
    "output.help": ("output file (default: standard output)", "выходной файл (по умолчанию — stdout)"),
    "standings.help": ("standings of a TRF file", "турнирная таблица по файлу TRF"),
    "tiebreaks.help": ("comma-separated tie-breaks: {}", "дополнительные показатели через запятую: {}"),
    "json.help": ("print JSON", "вывод в JSON"),
    "html.help": ("write HTML", "вывод в HTML"),
    "pdf.help": ("write PDF to the -o file", "PDF в файл -o"),
    "csv.help": ("print CSV", "вывод в CSV"),
    "tournament.help": ("run an event kept in a JSON file", "проведение турнира в файле JSON"),
    "t.file": ("tournament JSON file", "файл турнира (JSON)"),
    "t.new": ("create a tournament file", "создать файл турнира"),
    "t.name": ("event name", "название турнира"),
    "t.system": ("pairing system", "система проведения"),
    "t.rounds": ("number of rounds (Swiss)", "число туров (швейцарская система)"),
    "t.scoring": ("scoring: 2-1-0 or 1-0.5-0", "подсчёт очков: 2-1-0 или 1-0.5-0"),
    "t.tiebreaks": ("tie-breaks in order, comma-separated", "дополнительные показатели по порядку, через запятую"),
    "t.micromatch": ("micro-matches of two games with a ballot table: {}", "микроматчи из двух партий с жеребьёвкой по таблице: {}"),
    "t.seed": ("seed of the lots (numbers, openings)", "начальное число жеребьёвки (номера, дебюты)"),
    "t.force": ("overwrite an existing file", "перезаписать существующий файл"),
    "t.add": ("register a player", "зарегистрировать участника"),
    "t.pair": ("pair the next round", "составить пары следующего тура"),
    "t.absent": ("players absent this round (numbers)", "отсутствующие в этом туре (номера)"),
    "t.result": ("record a result: ROUND BOARD RESULT [GAME]", "записать результат: ТУР ДОСКА РЕЗУЛЬТАТ [ПАРТИЯ]"),
    "t.withdraw": ("withdraw a player from the next round", "снять участника со следующего тура"),
    "t.standings": ("show the standings", "показать турнирную таблицу"),
    "t.export": ("export: trf, json, csv, crosstable-csv, html, pdf, pdn, pairings, standings-json", "экспорт: trf, json, csv, crosstable-csv, html, pdf, pdn, pairings, standings-json"),
    "t.draw": ("draw the round-robin numbers by lot", "жеребьёвка номеров (круговая система)"),
    "t.created": ("created {}", "создан {}"),
    "t.exists": ("{} exists (use --force)", "{} уже существует (используйте --force)"),
    "t.added": ("player {} registered as number {}", "участник {} зарегистрирован под номером {}"),
    "t.paired": ("round {} paired", "пары {}-го тура составлены"),
    "t.recorded": ("round {}, board {}: {}", "тур {}, доска {}: {}"),
    "t.withdrawn": ("player {} withdrawn from round {}", "участник {} выбыл с {}-го тура"),
    "t.numbers": ("numbers drawn", "номера разыграны"),
    "t.variant": ("variant: russian, brazilian, international …", "вариант: russian, brazilian, international …"),
    "t.same_club": ("never pair players of the same club", "не сводить игроков одного клуба"),
    "t.federation": ("federation (3 letters)", "федерация (3 буквы)"),
    "t.federation_id": ("federation or FMJD id", "идентификатор в федерации или FMJD"),
    "t.forbid": ("players who must not meet (siblings, team-mates)", "игроки, которые не должны встречаться (родственники, одноклубники)"),
    "t.numbers_help": ("player numbers", "номера участников"),
    "t.result_text": ("2-0, 1-1, 0-2, +-, -+, 0-0 (or 1-0, 1/2-1/2, 0-1)", "2-0, 1-1, 0-2, +-, -+, 0-0 (или 1-0, 1/2-1/2, 0-1)"),
    "t.game": ("game of a micro-match (1 or 2)", "партия микроматча (1 или 2)"),
    "t.late_entry_bye": ("rounds a late entry missed: Z (0) or H (half a point)", "пропущенные опоздавшим к началу туры: Z (0) или H (пол-очка)"),
    "t.ranking": ("micro-matches: rank by game points (games) or match points (match)", "микроматчи: места по очкам за партии (games) или за матчи (match)"),
    "t.first_color": ("colour of the top seed on board 1 in round 1 (drawn by lot)", "цвет первого номера на 1-й доске в 1-м туре (по жребию)"),
    "t.city": ("city", "город"),
    "t.start": ("start date YYYY-MM-DD", "дата начала ГГГГ-ММ-ДД"),
    "t.arbiter": ("chief arbiter", "главный судья"),
    "t.time_control": ("time control as TRF 222 / PDN writes it, e.g. 2700 or 1800+30", "контроль времени в записи TRF 222 / PDN, например 2700 или 1800+30"),
    "t.late": ("score lateness (Code 3.13.1, 3.13.3): ROUND BOARD --white/--black MINUTES", "неявка и опоздание (Кодекс 3.13.1, 3.13.3): ТУР ДОСКА --white/--black МИНУТЫ"),
    "t.late_white": ("minutes White was late", "на сколько минут опоздали белые"),
    "t.late_black": ("minutes Black was late", "на сколько минут опоздали чёрные"),
    "t.first_control": ("first control in minutes (default: the event's time control)", "время 1-го контроля в минутах (по умолчанию — из контроля времени турнира)"),
    "t.not_late": ("not beyond the first control: the game is played (Code 3.13.1)", "опоздание не больше 1-го контроля: партия играется (Кодекс 3.13.1)"),
    "t.bye": ("ask for a bye in a round not yet paired", "заявить пропуск тура, ещё не составленного"),
    "t.bye_kind": ("H half-point, Z absent (0), F full point", "H — пол-очка, Z — неявка (0), F — полное очко"),
    "t.bye_set": ("player {}: bye {} in round {}", "участник {}: пропуск {} в {}-м туре"),
    "team.help": ("run a team round robin kept in a JSON file", "командный круговой турнир в файле JSON"),
    "team.file": ("team tournament JSON file", "файл командного турнира (JSON)"),
    "team.boards": ("boards per match", "досок в матче"),
    "team.tiebreaks": ("after match points: board-points, direct, sonneborn-berger", "после командных очков: board-points, direct, sonneborn-berger"),
    "team.add": ("register a team: NAME PLAYER... (board order)", "зарегистрировать команду: НАЗВАНИЕ ИГРОКИ... (по доскам)"),
    "team.players": ("players in board order", "игроки по порядку досок"),
    "team.result": ("record a match: ROUND MATCH RESULT... (one a board, from its White)", "записать матч: ТУР МАТЧ РЕЗУЛЬТАТЫ... (по доскам, со стороны белых)"),
    "team.added": ("team {} registered as number {}", "команда {} зарегистрирована под номером {}"),
    "team.recorded": ("round {}, match {}: {}", "тур {}, матч {}: {}"),
    "team.match": ("Match", "Матч"),
    "team.mp": ("Match points", "Командные очки"),
    "team.bp": ("Board points", "Очки по доскам"),
    "team.sb": ("SB", "ЗБ"),
    "t.ties": ("equal points: tiebreaks (Code 3.16.3) or playoff (3.16.2 first)", "равенство очков: tiebreaks (Кодекс 3.16.3) или playoff (сначала 3.16.2)"),
    "t.playoff_places": ("places decided by play-off (0: all)", "места, разыгрываемые в дополнительном соревновании (0 — все)"),
    "t.lots": ("players still equal are placed by lot", "при полном равенстве места по жребию"),
    "t.reading": ("a reading of the Code (repeatable): {}", "толкование Кодекса (можно несколько): {}"),
    "t.playoff": ("play-offs (Code 3.16.2): list, new, pair, result, not-held", "дополнительные соревнования (Кодекс 3.16.2): список, new, pair, result, not-held"),
    "t.draw_lots": ("draw the lots the regulations call for", "провести жребий, предусмотренный положением"),
    "t.lot": ("lot for {}: {} (seed {})", "жребий для {}: {} (начальное число {})"),
    "t.no_lots": ("no lot to draw", "жребий не нужен"),
    "po.new": ("set up the play-off of players equal on points", "назначить дополнительное соревнование"),
    "po.double": ("both colours (a match of two games a pair)", "с переменой цвета (по две партии)"),
    "po.number": ("play-off number", "номер дополнительного соревнования"),
    "po.not_held": ("record that the play-off cannot be held (Code 3.16.3)", "дополнительное соревнование провести невозможно (Кодекс 3.16.3)"),
    "po.reason": ("why", "причина"),
    "po.pending": ("places from {}: play-off of {} to be held", "места с {}-го: нужно дополнительное соревнование {}"),
    "po.created": ("play-off {}: numbers drawn {}", "дополнительное соревнование {}: номера {}"),
    "po.none": ("no play-off {}", "нет дополнительного соревнования {}"),
    "t.sanction": ("record a sanction (Code ch. II): ROUND PLAYER KIND", "записать санкцию (Кодекс, гл. II): ТУР УЧАСТНИК ВИД"),
    "t.sanction_kind": ("remark, warning, reprimand, loss, exclusion", "замечание, предупреждение, выговор, поражение, исключение"),
    "t.article": ("the article broken, e.g. \"Code 1.9.4\"", "нарушенная статья, например «Code 1.9.4»"),
    "t.sanctioned": ("player {}: {} in round {}", "участник {}: {} в {}-м туре"),
    "t.official": ("add a member of the panel of judges (Code 4.6.1)", "добавить члена коллегии судей (Кодекс 4.6.1)"),
    "t.organiser": ("the organisation holding the event", "проводящая организация"),
    "t.report": ("the judges' report (Code 4.6.3) as PDF or HTML", "отчёт коллегии судей (Кодекс 4.6.3) в PDF или HTML"),
    "t.report_pdn": ("the event's games (PDN) for the scoresheets", "партии турнира (PDN) для бланков записи"),
    "t.report_out": ("output file: .pdf or .html", "выходной файл: .pdf или .html"),
    "pdf.needs_output": ("--pdf needs -o FILE", "для --pdf нужен -o ФАЙЛ"),
}


_FORMS = {"rounds": (("round", "rounds"), ("тур", "тура", "туров")),
          "players": (("player", "players"), ("участник", "участника", "участников"))}


def plural(n: int, key: str) -> str:
    """``n`` and the noun in the right form: ``1 round``, ``2 тура``, ``5 туров``.

    >>> import os
    >>> old = os.environ.get("SHASHKI_LANG")
    >>> os.environ["SHASHKI_LANG"] = "ru"
    >>> plural(1, "rounds"), plural(3, "rounds"), plural(11, "players"), plural(22, "players")
    ('1 тур', '3 тура', '11 участников', '22 участника')
    >>> os.environ["SHASHKI_LANG"] = "en"
    >>> plural(1, "players"), plural(2, "players")
    ('1 player', '2 players')
    >>> _ = os.environ.pop("SHASHKI_LANG") if old is None else os.environ.update(SHASHKI_LANG=old)
    """
    en, ru = _FORMS[key]
    if language() != "ru":
        return f"{n} {en[0] if n == 1 else en[1]}"
    if n % 10 == 1 and n % 100 != 11:
        return f"{n} {ru[0]}"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return f"{n} {ru[1]}"
    return f"{n} {ru[2]}"


def tr(key: str) -> str:
    """The text for ``key`` in the current language."""
    en, ru = TEXTS[key]
    return ru if language() == "ru" else en
