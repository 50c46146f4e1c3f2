"""The platform's texts in English and Russian.

>>> Texts("ru")("nav.login"), Texts("en")("nav.login")
('Вход', 'Log in')
>>> Texts("ru").article("Code 1.9.1.1")
'Кодекс 1.9.1.1'
>>> Texts("en")("error.rate_limited", seconds=3)
'Too many attempts; try again in 3 s.'
"""

from __future__ import annotations

import re
from typing import Any

LANGUAGES = ("ru", "en")

_T: dict[str, tuple[str, str]] = {
    # key: (English, Russian)
    "site.title": ("Shashki", "Шашки"),
    "site.tagline": ("Draughts by the Russian Draughts Code", "Шашки по Шашечному кодексу России"),
    "nav.lobby": ("Lobby", "Зал"),
    "nav.login": ("Log in", "Вход"),
    "nav.logout": ("Log out", "Выход"),
    "nav.signup": ("Sign up", "Регистрация"),
    "nav.language": ("Language", "Язык"),
    "form.username": ("Name", "Имя"),
    "form.password": ("Password", "Пароль"),
    "form.email": ("E-mail (optional, never shown to others)",
                   "E-mail (необязательно, другим не показывается)"),
    "form.signup": ("Create account", "Зарегистрироваться"),
    "form.login": ("Log in", "Войти"),
    "form.have_account": ("Already registered?", "Уже зарегистрированы?"),
    "form.no_account": ("No account yet?", "Ещё нет учётной записи?"),
    "lobby.new": ("New game", "Новая партия"),
    "lobby.variant": ("Variant", "Вид шашек"),
    "lobby.time_control": ("Time control", "Контроль времени"),
    "lobby.time_help": ("e.g. 5m+3s, 45m, 70m/35 + 15m, blitz-3; empty: no clock",
                        "напр. 5m+3s, 45m, 70m/35 + 15m, blitz-3; пусто — без часов"),
    "lobby.color": ("Your colour", "Ваш цвет"),
    "lobby.opponent": ("Opponent (empty: open challenge)",
                       "Соперник (пусто — открытый вызов)"),
    "lobby.fen": ("Start position, FEN (optional)", "Начальная позиция, FEN (необязательно)"),
    "lobby.create": ("Create challenge", "Бросить вызов"),
    "lobby.open": ("Open challenges", "Открытые вызовы"),
    "lobby.invitations": ("Invitations to you", "Приглашения вам"),
    "lobby.mine": ("Your challenges", "Ваши вызовы"),
    "lobby.live": ("Games being played", "Идущие партии"),
    "lobby.your_games": ("Your games", "Ваши партии"),
    "lobby.none": ("None.", "Нет."),
    "lobby.accept": ("Accept", "Принять"),
    "lobby.decline": ("Decline", "Отклонить"),
    "lobby.cancel": ("Cancel", "Отменить"),
    "lobby.watch": ("Watch", "Смотреть"),
    "lobby.waiting": ("Waiting for an opponent…", "Ожидание соперника…"),
    "lobby.login_to_play": ("Log in or sign up to play.",
                            "Войдите или зарегистрируйтесь, чтобы играть."),
    "color.white": ("White", "Белые"),
    "color.black": ("Black", "Чёрные"),
    "color.random": ("Random", "Случайно"),
    "clock.none": ("no clock", "без часов"),
    "game.moves": ("Moves", "Ходы"),
    "game.to_move": ("to move", "ход"),
    "game.you_play": ("You play", "Вы играете"),
    "game.spectator": ("You are watching", "Вы зритель"),
    "game.offer": ("Offer a draw", "Предложить ничью"),
    "game.accept": ("Accept the draw", "Согласиться на ничью"),
    "game.decline": ("Decline", "Отклонить"),
    "game.claim": ("Claim threefold repetition", "Заявить о троекратном повторении"),
    "game.resign": ("Resign", "Сдаться"),
    "game.resign_confirm": ("Resign this game?", "Сдать партию?"),
    "game.pdn": ("Download PDN", "Скачать PDN"),
    "game.result": ("Result", "Результат"),
    "game.live": ("Live", "Идёт"),
    "game.offered": ("{side} offers a draw ({article})", "{side} предлагают ничью ({article})"),
    "game.events": ("Record of offers and claims", "Предложения и заявления"),
    "game.connecting": ("Connecting…", "Соединение…"),
    "game.reconnecting": ("Connection lost; reconnecting…", "Связь потеряна, соединяемся…"),
    "game.your_move": ("Your move", "Ваш ход"),
    "game.select_hint": ("Click a piece, then each square it lands on.",
                         "Нажмите на шашку, затем на каждое поле, куда она встаёт."),
    "game.ambiguous": ("Several captures end there: click the squares on the way.",
                       "Туда ведут несколько взятий: укажите промежуточные поля."),
    "game.ended_by": ("{kind} ({article})", "{kind} ({article})"),
    "game.ply": ("after ply {ply}", "после полухода {ply}"),
    "kind.resignation": ("resignation", "сдача"),
    "kind.no pieces": ("no pieces left", "не осталось шашек"),
    "kind.no moves": ("no move possible", "нет ходов"),
    "kind.time forfeit": ("time forfeit", "просрочка времени"),
    "kind.forfeit": ("forfeit", "поражение без игры"),
    "kind.arbiter's decision": ("arbiter's decision", "решение судьи"),
    "kind.agreement": ("draw by agreement", "ничья по соглашению"),
    "kind.draw by rule": ("draw by rule", "ничья по правилу"),
    "kind.verified claim": ("draw on a verified claim", "ничья по подтверждённому заявлению"),
    "kind.both lost": ("both lost", "поражение обоим"),
    "kind.annulled": ("annulled", "партия аннулирована"),
    "action.offer": ("offered a draw", "предложение ничьей"),
    "action.decline": ("declined the draw", "отказ от ничьей"),
    "action.accept": ("accepted the draw", "согласие на ничью"),
    "action.claim": ("claimed a threefold repetition", "заявление о троекратном повторении"),
    "action.claim rejected": ("claim rejected", "заявление отклонено"),
    "action.resign": ("resigned", "сдача"),
    "action.flag": ("flag fell", "флажок упал"),
    "action.end": ("game over", "партия окончена"),
    "action.decide": ("arbiter's decision", "решение судьи"),
    "action.irregularity": ("irregularity", "нарушение"),
    "variant.russian": ("Russian draughts", "Русские шашки"),
    "variant.brazilian": ("Brazilian draughts", "Бразильские шашки"),
    "variant.international": ("International draughts", "Международные шашки"),
    "variant.russian-giveaway": ("Russian giveaway", "Поддавки"),
    "profile.games": ("Games", "Партии"),
    "profile.role": ("Role", "Роль"),
    "profile.member_since": ("Member since", "Зарегистрирован"),
    "role.player": ("player", "игрок"),
    "role.arbiter": ("arbiter", "судья"),
    "role.organiser": ("organiser", "организатор"),
    "role.administrator": ("administrator", "администратор"),
    "error.title": ("Error", "Ошибка"),
    "error.back": ("Back to the lobby", "В зал"),
    "error.bad_request": ("Bad request.", "Неверный запрос."),
    "error.login_required": ("Please log in first.", "Сначала войдите."),
    "error.forbidden": ("You may not do that.", "Это действие вам не разрешено."),
    "error.csrf": ("The form has expired or was not sent by this site; reload the page.",
                   "Форма устарела или отправлена не с этого сайта; обновите страницу."),
    "error.not_found": ("Not found.", "Не найдено."),
    "error.conflict": ("That is no longer possible.", "Это уже невозможно."),
    "error.invalid": ("Invalid value.", "Недопустимое значение."),
    "error.rate_limited": ("Too many attempts; try again in {seconds} s.",
                           "Слишком много попыток; повторите через {seconds} с."),
    "error.rule": ("Not allowed by the Code: {detail}",
                   "Кодекс этого не допускает ({article}): {detail}"),
    "error.bad_login": ("Wrong name or password.", "Неверное имя или пароль."),
    "error.username_taken": ("That name is taken.", "Это имя занято."),
    "error.username_format": (
        "A name is 3-24 letters (Latin or Cyrillic, not mixed), digits, '_' or '-', "
        "starting with a letter.",
        "Имя — от 3 до 24 букв (латиница или кириллица, не вперемешку), цифр, «_» или «-», "
        "и начинается с буквы."),
    "error.password_short": ("The password needs at least 8 characters.",
                             "Пароль должен быть не короче 8 символов."),
    "error.password_long": ("The password is too long.", "Пароль слишком длинный."),
    "error.email_format": ("That is not an e-mail address.", "Это не адрес электронной почты."),
    "error.variant": ("Unknown variant.", "Неизвестный вид шашек."),
    "error.time_control": ("Bad time control: {detail}", "Неверный контроль времени: {detail}"),
    "error.fen": ("Bad position: {detail}", "Неверная позиция: {detail}"),
    "error.fen_over": ("In that position the game is already over (Code 1.8.1).",
                       "В этой позиции партия уже окончена (Кодекс 1.8.1)."),
    "error.color": ("Colour must be white, black or random.",
                    "Цвет: белые, чёрные или случайно."),
    "error.no_such_user": ("There is no player called {name}.", "Нет игрока с именем {name}."),
    "error.self_challenge": ("You cannot play yourself.", "Нельзя играть с самим собой."),
    "error.not_your_turn": ("It is not your move.", "Сейчас не ваш ход."),
    "error.not_a_player": ("Only the game's players may do that.",
                           "Это могут только участники партии."),
    "error.illegal_move": ("Illegal move: {detail}", "Недопустимый ход: {detail}"),
    "error.stale": ("The position has changed; look again.",
                    "Позиция изменилась; посмотрите ещё раз."),
    "error.game_over": ("The game is over ({article}).", "Партия окончена ({article})."),
    "error.role": ("This needs the role of {role}.", "Для этого нужна роль: {role}."),
    "error.message": ("Bad message.", "Неверное сообщение."),
}


# --- events and the arbiter's console (issue 7; server/events/,
# routes/arbiter.py) ------------------------------------------------------------------------
_T.update({
    "nav.events": ("Events", "Турниры"),
    "ev.events": ("Events", "Турниры"),
    "ev.create": ("New event", "Новый турнир"),
    "ev.create_button": ("Create event", "Создать турнир"),
    "ev.organisers_only": ("Organisers create events.", "Турниры создают организаторы."),
    "ev.name": ("Name", "Название"),
    "ev.system": ("Pairing system", "Система проведения"),
    "ev.system.berger": ("round robin (Berger)", "круговая (таблицы Бергера)"),
    "ev.system.double-berger": ("double round robin (Berger)",
                                "двухкруговая (таблицы Бергера)"),
    "ev.system.dutch": ("Swiss (Dutch)", "швейцарская (голландская)"),
    "ev.rounds": ("Rounds", "Туров"),
    "ev.rounds_help": ("Swiss only; a round robin has as many as its players need.",
                       "Только для швейцарской; в круговой туров столько, сколько нужно."),
    "ev.micromatch": ("Micro-matches: two games a pairing, colours reversed, from a balloted "
                      "opening (Code 3.7.4)",
                      "Микроматчи: две партии со сменой цвета, дебют по жребию "
                      "(Кодекс 3.7.4)"),
    "ev.fen": ("Thematic start position, FEN (optional)",
               "Тематическая начальная позиция, FEN (необязательно)"),
    "error.event_fen_ballot": ("A micro-match event starts from its balloted openings "
                               "(Code 3.7.4), not from a set position.",
                               "Микроматчи начинаются с дебютов по жребию (Кодекс 3.7.4), а "
                               "не с заданной позиции."),
    "ev.micromatch_short": ("micro-matches", "микроматчи"),
    "ev.ballot": ("Ballot table", "Таблица жеребьёвки дебютов"),
    "ev.ballot_help": ("For micro-matches; it must be of the event's variant.",
                       "Для микроматчей; того же вида шашек, что и турнир."),
    "ev.mode": ("Games", "Партии"),
    "ev.mode.live": ("played on the platform", "играются на платформе"),
    "ev.mode.otb": ("over the board (the arbiter enters results)",
                    "за доской (результаты вносит судья)"),
    "ev.scoring": ("Scoring", "Очки"),
    "ev.scoring_help": ("Points for a win, a draw, a loss (Code 3.16.1).",
                        "Очки за победу, ничью, поражение (Кодекс 3.16.1)."),
    "ev.tiebreaks": ("Tie-breaks, in order", "Дополнительные показатели по порядку"),
    "ev.tiebreaks_help": ("Applied in this order to players equal on points (Code 3.16.2, "
                          "3.16.10, 3.16.12).",
                          "Применяются в этом порядке при равенстве очков (Кодекс 3.16.2, "
                          "3.16.10, 3.16.12)."),
    "ev.arbiter": ("Arbiter (optional)", "Судья (необязательно)"),
    "ev.arbiter_help": ("An account with the arbiter's role; you arbitrate yourself "
                        "otherwise.", "Учётная запись с ролью судьи; иначе судите вы сами."),
    "ev.arbiter_short": ("arbiter", "судья"),
    "ev.organiser": ("organiser", "организатор"),
    "ev.status.registration": ("registration", "регистрация"),
    "ev.status.running": ("in progress", "идёт"),
    "ev.status.finished": ("finished", "завершён"),
    "ev.round_of": ("round {current} of {planned}", "тур {current} из {planned}"),
    "ev.console": ("Arbiter's console", "Пульт судьи"),
    "ev.pair": ("Pair and publish round {round}", "Жеребьёвка и публикация {round}-го тура"),
    "ev.print": ("Printable page", "Версия для печати"),
    "ev.export": ("Export", "Выгрузка"),
    "ev.document": ("tournament file", "файл турнира"),
    "ev.players": ("Players", "Участники"),
    "ev.player": ("Player", "Участник"),
    "ev.no_players": ("No players yet.", "Участников пока нет."),
    "ev.register": ("Register", "Зарегистрировать"),
    "ev.join": ("Take part", "Участвовать"),
    "ev.remove": ("remove", "убрать"),
    "ev.withdraw": ("withdraw", "снять"),
    "ev.absent": ("Absent this round (a zero-point bye)", "Отсутствуют в этом туре (без очка)"),
    "error.event_absent": ("A round robin's table pairs everyone; enter the absent player's "
                           "games as forfeits (Code 3.13.1).",
                           "В круговом турнире играют все по таблице; партии отсутствующего "
                           "вносятся как неявка (Кодекс 3.13.1)."),
    "ev.your_game": ("Your game:", "Ваша партия:"),
    "ev.play": ("Play", "Играть"),
    "ev.withdraw_title": ("Withdraw a player", "Снять участника"),
    "ev.withdraw_help_rr": ("His games of the rounds paired stand; his later games are lost "
                            "by forfeit (Code 3.13.1).",
                            "Сыгранные туры остаются; дальнейшие партии ему засчитываются "
                            "как поражения за неявку (Кодекс 3.13.1)."),
    "ev.withdraw_help_swiss": ("He is not paired from the next round on.",
                               "Со следующего тура он не участвует в жеребьёвке."),
    "ev.withdrawn": ("withdrawn", "выбыл"),
    "ev.standings": ("Standings", "Турнирная таблица"),
    "ev.final": ("final", "итоговая"),
    "ev.crosstable": ("Crosstable", "Таблица результатов"),
    "ev.place": ("Place", "Место"),
    "ev.games": ("Games", "Партий"),
    "ev.points": ("Points", "Очки"),
    "ev.rounds_title": ("Rounds", "Туры"),
    "ev.round": ("Round {number}", "{number}-й тур"),
    "ev.no_rounds": ("No round has been paired yet.", "Жеребьёвки ещё не было."),
    "ev.board": ("Board", "Доска"),
    "ev.game": ("Game", "Партия"),
    "ev.result": ("Result", "Результат"),
    "ev.view": ("game", "партия"),
    "ev.bye.PAB": ("bye (Code 3.16.11)", "свободен, «плюс» (Кодекс 3.16.11)"),
    "ev.bye.H": ("half-point bye", "свободен, пол-очка"),
    "ev.bye.Z": ("free this round", "свободен"),
    "ev.bye.F": ("full-point bye", "свободен, очко"),
    "arb.claims": ("Claims to rule on", "Заявления на рассмотрение"),
    "arb.claim_by": ("{side} claims a draw by threefold repetition ({article}).",
                     "{side} требуют ничью по троекратному повторению ({article})."),
    "arb.written": ("Written, not played: {move}.", "Записан, но не сделан ход {move}."),
    "arb.positions": ("The claimed position stands in the record {count} times, at plies "
                      "{plies}:", "Позиция встречается в записи {count} раз(а), полуходы "
                      "{plies}:"),
    "arb.record_yes": ("The record confirms it: {detail}. Upheld, the game is drawn "
                       "({article}).", "Запись подтверждает: {detail}. Ничья ({article})."),
    "arb.record_no": ("The record does not show a threefold repetition: the claim will be "
                      "rejected and the game goes on (a written move is played).",
                      "Запись не подтверждает троекратного повторения: требование будет "
                      "отклонено, партия продолжается (записанный ход делается)."),
    "arb.claimant_clock": ("The claimant's clock runs while you check (Code 1.9.2).",
                           "Пока судья проверяет, идут часы заявившего (Кодекс 1.9.2)."),
    "arb.rule": ("Rule on the claim from the record", "Вынести решение по записи"),
    "arb.claim_pending": ("claim pending", "ждёт решения судьи"),
    "arb.games": ("Games", "Партии"),
    "arb.no_games": ("No games on the platform in this round yet.",
                     "Партий этого тура на платформе пока нет."),
    "arb.otb": ("The games are played over the board: enter their results below.",
                "Партии играются за доской: вносите результаты ниже."),
    "arb.status": ("Status", "Состояние"),
    "arb.ply": ("Ply", "Полуход"),
    "arb.moves": ("moves made: {moves}", "сделано ходов: {moves}"),
    "arb.to_control": ("to the control: {n}", "до контроля: {n}"),
    "arb.offer": ("Draw offered by", "Ничью предложили"),
    "arb.act": ("Arbiter's actions", "Действия судьи"),
    "arb.adjust": ("Change a clock", "Изменить время"),
    "arb.side": ("Side", "Сторона"),
    "arb.seconds": ("Seconds (negative takes time)", "Секунды (отрицательные — снять)"),
    "arb.basis": ("Grounds", "Основание"),
    "arb.basis.late": ("late player: the elapsed time split (Code 3.7.3)",
                       "опоздание: истекшее время делится пополам (Кодекс 3.7.3)"),
    "arb.basis.check": ("time of a move-count check, to the player at fault (item 11)",
                        "время проверки ходов — виновному (п. 11)"),
    "arb.basis.elsewhere": ("check made elsewhere does not count (item 12)",
                            "проверка в другом месте не учитывается (п. 12)"),
    "arb.reason": ("Reason", "Причина"),
    "arb.adjust_button": ("Change the clock", "Изменить время"),
    "arb.decide": ("Decide the game", "Решение по партии"),
    "arb.decide_button": ("End the game", "Завершить партию"),
    "arb.decision.forfeit-white": ("White wins: Black did not appear",
                                   "победа белых: неявка чёрных"),
    "arb.decision.forfeit-black": ("Black wins: White did not appear",
                                   "победа чёрных: неявка белых"),
    "arb.decision.white": ("White wins", "победа белых"),
    "arb.decision.black": ("Black wins", "победа чёрных"),
    "arb.decision.draw": ("draw: no side can win", "ничья: выигрыш невозможен"),
    "arb.results": ("Results of round {number}", "Результаты {number}-го тура"),
    "arb.results_help": ("Games played over the board; a platform game's result comes from "
                         "the game (Code 1.10.4).",
                         "Партии за доской; результат партии на платформе берётся из самой "
                         "партии (Кодекс 1.10.4)."),
    "arb.res.1-0": ("1-0 White won", "1-0 выиграли белые"),
    "arb.res.0-1": ("0-1 Black won", "0-1 выиграли чёрные"),
    "arb.res.1/2-1/2": ("draw", "ничья"),
    "arb.res.+/-": ("+/- Black absent (Code 3.13.1)", "+/- неявка чёрных (Кодекс 3.13.1)"),
    "arb.res.-/+": ("-/+ White absent (Code 3.13.1)", "-/+ неявка белых (Кодекс 3.13.1)"),
    "arb.res.-/-": ("-/- both absent (Code 3.13.3)", "-/- неявка обоих (Кодекс 3.13.3)"),
    "arb.save": ("Save", "Записать"),
    "arb.sanctions": ("Sanctions", "Санкции"),
    "arb.sanctions_help": ("Any breach of the rules is punished by the arbiter, who chooses the "
                           "measure by its gravity ({article}).",
                           "Любое нарушение правил наказывается судьёй; меру выбирает судья "
                           "в зависимости от тяжести проступка ({article})."),
    "arb.kind": ("Sanction", "Санкция"),
    "arb.kind.remark": ("remark", "замечание"),
    "arb.kind.warning": ("warning", "предупреждение"),
    "arb.kind.reprimand": ("reprimand", "выговор"),
    "arb.kind.loss": ("loss of the game", "поражение в партии"),
    "arb.kind.exclusion": ("exclusion from the event", "исключение из соревнования"),
    "arb.impose": ("Impose", "Наложить"),
    "arb.no_sanctions": ("No sanctions.", "Санкций нет."),
    "action.adjust": ("clock changed by the arbiter", "время изменено судьёй"),
    "error.event": ("The event refuses that: {detail}", "Турнир этого не допускает: {detail}"),
    "error.event_name": ("An event's name is 3 to 120 characters.",
                         "Название турнира — от 3 до 120 символов."),
    "error.event_system": ("Unknown pairing system.", "Неизвестная система проведения."),
    "error.event_mode": ("Choose where the games are played.", "Укажите, где играются партии."),
    "error.event_scoring": ("Unknown scoring.", "Неизвестная система очков."),
    "error.event_rounds": ("A Swiss event has 1 to {limit} rounds.",
                           "В швейцарской системе от 1 до {limit} туров."),
    "error.event_tiebreak": ("Unknown tie-break {name}.",
                             "Неизвестный дополнительный показатель {name}."),
    "error.event_ballot": ("Choose a ballot table of the event's variant (Code 3.7.4).",
                           "Выберите таблицу жеребьёвки того же вида шашек (Кодекс 3.7.4)."),
    "error.event_not_arbiter": ("{name} does not have the arbiter's role.",
                                "У {name} нет роли судьи."),
    "error.event_finished": ("The event is finished.", "Турнир завершён."),
    "error.event_started": ("A round robin takes no entries after round 1 is paired "
                            "(Code 3.7.2).", "В круговой турнир после жеребьёвки 1-го тура "
                            "не записывают (Кодекс 3.7.2)."),
    "error.event_registered": ("{name} is already registered.", "{name} уже в списке."),
    "error.event_full": ("An event takes at most {limit} players.",
                         "В турнире не больше {limit} участников."),
    "error.event_round_open": ("Round {round} still has games without a result.",
                               "В {round}-м туре есть партии без результата."),
    "error.event_too_few": ("At least two players are needed.",
                            "Нужно хотя бы два участника."),
    "error.event_all_paired": ("Every round is paired.", "Все туры уже разыграны."),
    "error.event_result": ("Unknown result.", "Неизвестный результат."),
    "error.event_platform_game": (
        "That game is played on the platform (game {game}): its result comes from the game "
        "(Code 1.10.4); decide it in the console.",
        "Эта партия играется на платформе (партия {game}): результат берётся из неё "
        "(Кодекс 1.10.4); решение — в пульте судьи."),
    "error.event_left": ("The player has already left the event.",
                         "Участник уже выбыл из турнира."),
    "error.event_changed": ("The event was changed meanwhile; look again and repeat.",
                            "Турнир тем временем изменился; посмотрите ещё раз и повторите."),
    "error.event_decision": ("Unknown decision.", "Неизвестное решение."),
    "error.sanction_kind": ("Unknown sanction.", "Неизвестная санкция."),
    "error.sanction_reason": ("Give the reason (3 characters or more).",
                              "Укажите причину (не короче 3 символов)."),
})


# --- archive, REST API, engine play and analysis (issue 7; server/archive/,
# routes/archive.py, routes/rest.py, routes/engine.py, engine_pool.py) -----------------------
_T.update({
    "nav.archive": ("Archive", "Архив"),
    "nav.engine": ("Play the engine", "Игра с программой"),
    "archive.title": ("Game archive", "Архив партий"),
    "archive.player": ("Player", "Игрок"),
    "archive.event": ("Event", "Соревнование"),
    "archive.site": ("Site", "Место"),
    "archive.round": ("round", "тур"),
    "archive.date": ("Date", "Дата"),
    "archive.result": ("Result", "Результат"),
    "archive.opening": ("Opening", "Дебют"),
    "archive.opening_hint": ("name, as in the Opening tag", "название, как в теге Opening"),
    "archive.moves": ("First moves", "Первые ходы"),
    "archive.ballot": ("Ballot entry", "Жеребьёвка (номер позиции)"),
    "archive.date_from": ("From date", "С даты"),
    "archive.date_to": ("To date", "По дату"),
    "archive.any": ("any", "любой"),
    "archive.search": ("Search", "Найти"),
    "archive.clear": ("Clear", "Сбросить"),
    "archive.found": ("Games found: {n}", "Найдено партий: {n}"),
    "archive.download": ("Download these games as PDN", "Скачать эти партии в PDN"),
    "archive.download_limit": ("the first 5000", "первые 5000"),
    "archive.pages": ("Pages", "Страницы"),
    "archive.import": ("Import PDN", "Загрузить PDN"),
    "archive.file": ("PDN file (UTF-8 or Windows-1251, up to 20 MB)",
                     "Файл PDN (UTF-8 или Windows-1251, до 20 МБ)"),
    "archive.paste": ("…or paste PDN text", "…или вставьте текст PDN"),
    "archive.default_variant": ("Variant of games without a GameType tag",
                                "Вид шашек для партий без тега GameType"),
    "archive.by_gametype": ("Russian (default)", "Русские (по умолчанию)"),
    "archive.import_button": ("Import", "Загрузить"),
    "archive.login_to_import": ("Log in to import games.", "Войдите, чтобы загружать партии."),
    "archive.report": ("Import report", "Отчёт о загрузке"),
    "archive.read": ("Games read", "Прочитано партий"),
    "archive.imported": ("Imported", "Загружено"),
    "archive.duplicates": ("Already in the archive", "Уже были в архиве"),
    "archive.broken": ("Broken (not imported)", "С ошибками (не загружены)"),
    "archive.broken_games": ("Games with errors", "Партии с ошибками"),
    "archive.index": ("Game no. (from 0)", "№ партии (с 0)"),
    "archive.line": ("Line", "Строка"),
    "archive.column": ("Column", "Столбец"),
    "archive.text": ("Text", "Текст"),
    "archive.problem": ("Problem", "Ошибка"),
    "archive.game": ("Game", "Партия"),
    "archive.more_broken": ("…and {n} more.", "…и ещё {n}."),
    "viewer.start": ("Start position", "Начальная позиция"),
    "viewer.ply": ("After ply {ply}", "После полухода {ply}"),
    "viewer.controls": ("Move through the game", "Перемещение по партии"),
    "viewer.first": ("Start", "В начало"),
    "viewer.prev": ("Back", "Назад"),
    "viewer.next": ("Forward", "Вперёд"),
    "viewer.last": ("End", "В конец"),
    "viewer.flip": ("Flip the board", "Перевернуть доску"),
    "analysis.title": ("Engine analysis", "Анализ программой"),
    "analysis.none": ("Not analysed yet.", "Партия ещё не анализировалась."),
    "analysis.request": ("Analyse with the engine", "Проанализировать"),
    "analysis.running": ("Analysing… {done} of {total} positions",
                         "Идёт анализ… {done} из {total} позиций"),
    "analysis.done": ("Analysed (depth {depth} and more).",
                      "Анализ завершён (глубина {depth} и более)."),
    "analysis.failed": ("The analysis failed; try again.",
                        "Анализ не удался; попробуйте ещё раз."),
    "analysis.move": ("Move", "Ход"),
    "analysis.eval": ("Score (White)", "Оценка (белые)"),
    "analysis.best": ("Engine's line", "Вариант программы"),
    "analysis.best_move": ("Best", "Лучший"),
    "analysis.average_loss": ("Avg. loss", "Ср. потеря"),
    "analysis.back": ("Back to the game", "К партии"),
    "engine.title": ("Play against the engine", "Игра с программой"),
    "engine.level": ("Strength", "Сила игры"),
    "engine.play": ("Start the game", "Начать партию"),
    "level.beginner": ("Beginner", "Новичок"),
    "level.novice": ("Novice", "Начинающий"),
    "level.amateur": ("Amateur", "Любитель"),
    "level.club": ("Club player", "Перворазрядник"),
    "level.expert": ("Expert", "Кандидат в мастера"),
    "level.master": ("Master", "Мастер"),
    "level.full": ("Full strength", "Полная сила"),
    "level_title.beginner": ("first games", "первые партии"),
    "level_title.novice": ("knows the rules", "знает правила"),
    "level_title.amateur": ("club beginner", "начинающий в клубе"),
    "level_title.club": ("depth 8", "глубина 8"),
    "level_title.expert": ("depth 12", "глубина 12"),
    "level_title.master": ("2 s a move", "2 с на ход"),
    "level_title.full": ("all the time the clock allows", "всё время, что позволяют часы"),
    "tokens.title": ("API tokens", "Токены API"),
    "tokens.link": ("API tokens for bots", "Токены API для ботов"),
    "tokens.help": ("A token lets a program (a bot, a federation site) use the REST API as "
                    "you: send it as 'Authorization: Bearer <token>'.",
                    "Токен позволяет программе (боту, сайту федерации) работать с REST API от "
                    "вашего имени: заголовок «Authorization: Bearer <токен>»."),
    "tokens.docs": ("API documentation", "Документация API"),
    "tokens.new": ("Your new token; copy it now, it will not be shown again:",
                   "Ваш новый токен; скопируйте его сейчас, больше он показан не будет:"),
    "tokens.name": ("Name of the new token", "Название нового токена"),
    "tokens.create": ("Create token", "Создать токен"),
    "tokens.yours": ("Your tokens", "Ваши токены"),
    "tokens.created": ("created", "создан"),
    "tokens.last_used": ("last used", "последнее использование"),
    "tokens.never": ("never", "не использовался"),
    "tokens.revoke": ("Revoke", "Отозвать"),
    "error.archive_too_large": ("The file is too large: {detail}.",
                                "Файл слишком велик: {detail}."),
    "error.archive_empty": ("Choose a PDN file or paste PDN text.",
                            "Выберите файл PDN или вставьте текст PDN."),
    "error.archive_moves": ("Cannot read the first moves at {move}: {detail}",
                            "Не удаётся прочитать первые ходы ({move}): {detail}"),
    "error.archive_ballot": ("Unknown ballot entry: {detail}",
                             "Неизвестная позиция жеребьёвки: {detail}"),
    "error.archive_result": ("A result is 1-0, 0-1, 1/2-1/2, 2-0, 0-2, 1-1, 0-0 or *.",
                             "Результат: 1-0, 0-1, 1/2-1/2, 2-0, 0-2, 1-1, 0-0 или *."),
    "error.archive_date": ("A date is written YYYY.MM.DD (or its beginning: YYYY, YYYY.MM).",
                           "Дата пишется ГГГГ.ММ.ДД (или её начало: ГГГГ, ГГГГ.ММ)."),
    "error.engine_level": ("Unknown engine level.", "Неизвестный уровень программы."),
    "error.analysis_live": ("Analysis is for finished games.",
                            "Анализ возможен только после окончания партии."),
    "error.token_name": ("Give the token a name.", "Дайте токену название."),
    "error.token_limit": ("At most {limit} tokens; revoke one first.",
                          "Не больше {limit} токенов; сначала отзовите один."),
    "error.bad_token": ("Unknown or revoked API token.", "Неизвестный или отозванный токен API."),
    "error.token_session": ("Tokens are created from a logged-in session.",
                            "Токены создаются только после входа на сайт."),
})


# --- jobs: imports and analyses run by workers ----------------------------------------------
_T.update({
    "jobs.queued": ("Waiting for a worker…", "Ожидает обработчика…"),
    "jobs.running": ("In progress…", "Выполняется…"),
    "jobs.stopping": ("Stopping…", "Останавливается…"),
    "jobs.done": ("Done.", "Готово."),
    "jobs.failed": ("Failed.", "Не удалось."),
    "jobs.cancelled": ("Cancelled.", "Отменено."),
    "jobs.cancel": ("Cancel", "Отменить"),
    "jobs.progress": ("Progress", "Ход выполнения"),
    "archive.cancelled_at": ("Cancelled after game {n}: the games read until then are "
                             "counted above; the rest of the file was not read.",
                             "Отменено после партии {n}: прочитанные до неё партии "
                             "учтены выше; остаток файла не прочитан."),
    "archive.capped": ("Stopped at {cap} games, the most read of one file: the rest of the "
                       "file (from line {line}) was not read.",
                       "Остановлено на {cap} партиях — больше из одного файла не читается: "
                       "остаток файла (со строки {line}) не прочитан."),
    "analysis.cancelled": ("The analysis was cancelled.", "Анализ отменён."),
    "error.jobs_limit": ("You already have {limit} jobs (imports, analyses) queued or "
                         "running; wait for one to end, or cancel one.",
                         "У вас уже {limit} задания (загрузки, анализы) в очереди или в "
                         "работе; дождитесь окончания одного или отмените его."),
    "error.job_over": ("The job has already ended ({status}).",
                       "Задание уже закончилось ({status})."),
    "error.job_not_yours": ("Only its owner or an administrator may cancel a job.",
                            "Отменить задание может только его владелец или администратор."),
    "error.bad_form": ("The form could not be read: {detail}",
                       "Не удалось прочитать форму: {detail}"),
})


# --- correspondence play (issue 8) ----------------------------------------------------------
_T.update({
    "nav.corr": ("Correspondence", "Заочные партии"),
    "corr.title": ("Correspondence games", "Заочные партии"),
    "corr.intro": ("Time is counted in calendar days (Code 5.1.2); moves may travel by "
                   "e-mail (Code 5.1.1).",
                   "Время считается в календарных днях (Кодекс 5.1.2); ходы можно "
                   "пересылать по электронной почте (Кодекс 5.1.1)."),
    "corr.control": ("Time control", "Контроль времени"),
    "corr.control_help": ("days per moves, accumulated: 30d/10; whole game: 180d",
                          "дни на ходы с накоплением: 30d/10; на всю партию: 180d"),
    "corr.by_mail": ("Send me every move by e-mail; I may answer by e-mail",
                     "Присылать мне ходы по e-mail; отвечать можно письмом"),
    "corr.create": ("Start the game", "Начать партию"),
    "corr.your_games": ("Your correspondence games", "Ваши заочные партии"),
    "corr.waiting": ("Waiting for the opponent's move", "Ожидается ход соперника"),
    "corr.days_used": ("{used} of {allowed} days used", "использовано {used} из {allowed} дн."),
    "corr.leave": ("Leave", "Отпуск"),
    "corr.leave_left": ("{remaining} of {entitled} leave days left in {year}",
                        "осталось {remaining} из {entitled} дн. отпуска в {year} г."),
    "corr.on_leave": ("on leave", "в отпуске"),
    "corr.from": ("From", "С"),
    "corr.to": ("to", "по"),
    "corr.take_leave": ("Take leave", "Взять отпуск"),
    "corr.leave_help": ("Leave is taken in advance and stops your clock in all your games.",
                        "Отпуск берётся заранее и останавливает ваше время во всех партиях."),
    "corr.judge": ("Judge", "Судья"),
    "corr.overstep": ("{name}: {used} days used of {allowed}",
                      "{name}: использовано {used} дн. из {allowed}"),
    "corr.oversteps": ("Time overstepped (Code 5.1.7)", "Просрочки времени (Кодекс 5.1.7)"),
    "corr.awaiting_judge": ("awaiting the judge's decision", "ожидает решения судьи"),
    "corr.decision.warning": ("warning", "предупреждение"),
    "corr.decision.loss": ("loss", "поражение"),
    "corr.rule": ("Decide", "Принять решение"),
    "corr.player": ("Player", "Игрок"),
    "corr.year": ("Year", "Год"),
    "corr.days": ("Days", "Дни"),
    "corr.reason": ("Reason", "Причина"),
    "corr.grant": ("Grant extra leave", "Дать дополнительный отпуск"),
    "corr.today": ("Today", "Сегодня"),
    "corr.simulated": ("simulated calendar", "модельный календарь"),
    "corr.next_day": ("Next day", "Следующий день"),
    "corr.send": ("Send", "Отправить"),
    "corr.conditional": ("Conditional moves", "Условные ходы"),
    "corr.conditional_help": ("his move, your answer, …: f6-g5 g3-f4; a different move "
                              "cancels the line",
                              "его ход, ваш ответ, …: f6-g5 g3-f4; другой ход отменяет линию"),
    "corr.add_conditional": ("Add the line", "Добавить линию"),
    "corr.cancel_conditionals": ("Withdraw my conditional moves", "Отменить условные ходы"),
    "corr.conditional_played": ("conditional", "условный"),
    "corr.mail_on": ("Play by e-mail", "Играть по e-mail"),
    "corr.mail_off": ("Stop e-mail", "Не присылать по e-mail"),
    "corr.by_mail_on": ("Moves are sent to your e-mail; reply with your move on the first line.",
                        "Ходы приходят вам на e-mail; ответьте письмом, написав ход "
                        "первой строкой."),
    "corr.move": ("Move", "Ход"),
    "corr.sent": ("Sent", "Отправлен"),
    "corr.mail.sent": ("sent", "отправлено"),
    "corr.mail.failed": ("not sent", "не отправлено"),
    "corr.mail.accepted": ("accepted", "принято"),
    "corr.mail.rejected": ("rejected", "отклонено"),
    "corr.received": ("Received", "Получен"),
    "corr.channel.web": ("site", "сайт"),
    "corr.channel.email": ("e-mail", "e-mail"),
    "corr.channel.post": ("post", "почта"),
    "corr.channel.phone": ("telephone", "телефон"),
    "corr.postal": ("Postal move from a letter (Code 5.1.8)",
                    "Ход из письма (Кодекс 5.1.8)"),
    "corr.postmark": ("Postmark", "Штемпель"),
    "corr.enter": ("Enter", "Внести"),
    "corr.mail_log": ("Mail", "Почта"),
    "corr.opponent": ("Opponent", "Соперник"),
    "corr.events": ("Correspondence events", "Заочные турниры"),
    "corr.new_event": ("New event", "Новый турнир"),
    "corr.event_name": ("Name", "Название"),
    "corr.system": ("System", "Система"),
    "corr.system.berger": ("round robin", "круговая"),
    "corr.system.dutch": ("Swiss", "швейцарская"),
    "corr.rounds": ("Rounds (Swiss)", "Туров (швейцарская)"),
    "corr.captain": ("Captain", "Староста"),
    "corr.digest_days": ("Report to the players every … days", "Сводка игрокам каждые … дн."),
    "corr.create_event": ("Create the event", "Создать турнир"),
    "corr.judges_create": ("Judges create correspondence events.",
                           "Заочные турниры создают судьи."),
    "corr.status.registration": ("registration", "регистрация"),
    "corr.status.running": ("in play", "идёт"),
    "corr.status.finished": ("finished", "окончен"),
    "corr.join": ("Join", "Участвовать"),
    "corr.start": ("Start: all games at once", "Начать: все партии сразу"),
    "corr.next_round": ("Pair the next round", "Жеребьёвка следующего тура"),
    "corr.send_digest": ("Send the report to the players", "Разослать сводку игрокам"),
    "corr.players": ("Players", "Участники"),
    "corr.table": ("Results table (Code 5.1.8)", "Таблица результатов (Кодекс 5.1.8)"),
    "corr.standings": ("Standings (Code 3.16)", "Места (Кодекс 3.16)"),
    "corr.points": ("Points", "Очки"),
    "corr.games": ("Games", "Партии"),
    "corr.round": ("Round", "Тур"),
    "corr.registered": ("registered", "зарегистрирована"),
    "corr.register": ("Register", "Зарегистрировать"),
    "corr.decide": ("Decide the result (Code 5.1.7)", "Решение о результате (Кодекс 5.1.7)"),
    "corr.report": ("The captain's report to the judge (Code 5.1.8)",
                    "Отчёт старосты судье (Кодекс 5.1.8)"),
    "error.corr": ("{en}", "{ru}"),
    "error.corr_no_email": ("Give an e-mail address in your account first.",
                            "Сначала укажите адрес e-mail в учётной записи."),
})

# --- administration, held claims, both lost, the lobby (issue 7; server/accounts/admin.py,
# routes/admin.py, templates/admin_users.html, game.html, arbiter.html) -----------------------
_T.update({
    "nav.admin": ("Admin", "Админ"),
    "admin.title": ("Accounts and roles", "Учётные записи и роли"),
    "admin.help": ("Players play; arbiters rule on games; organisers run events; "
                   "administrators give roles. Every change is recorded below.",
                   "Игроки играют; судьи судят партии; организаторы проводят турниры; "
                   "администраторы назначают роли. Каждое изменение записывается ниже."),
    "admin.roles.player": ("players", "игроки"),
    "admin.roles.arbiter": ("arbiters", "судьи"),
    "admin.roles.organiser": ("organisers", "организаторы"),
    "admin.roles.administrator": ("administrators", "администраторы"),
    "admin.search_hint": ("Part of a name", "Часть имени"),
    "admin.any_role": ("any role", "любая роль"),
    "admin.found": ("Accounts found: {n}", "Найдено учётных записей: {n}"),
    "admin.new_role": ("New role of {name}", "Новая роль {name}"),
    "admin.set": ("Set role", "Назначить"),
    "admin.changed": ("The role of {name} is changed.", "Роль {name} изменена."),
    "admin.audit": ("Role changes", "Изменения ролей"),
    "admin.when": ("When", "Когда"),
    "admin.account": ("Account", "Учётная запись"),
    "admin.change": ("Change", "Изменение"),
    "admin.by": ("By", "Кем"),
    "admin.cli": ("command line", "командная строка"),
    "admin.no_changes": ("No role has been changed yet.", "Роли ещё не менялись."),
    "error.admin_role": ("A role is player, arbiter, organiser or administrator.",
                         "Роль: игрок, судья, организатор или администратор."),
    "error.admin_query": ("Search with at most {limit} characters.",
                          "Не больше {limit} символов для поиска."),
    "ev.chief_arbiter": ("chief arbiter", "главный судья"),
    "ev.arbiters": ("arbiters", "судьи"),
    "ev.arbiters_title": ("The competition's arbiters", "Судьи соревнования"),
    "ev.arbiters_help": ("Besides the chief arbiter, accounts with the arbiter's role who "
                         "rule on this event's games (Code 4.6); nobody rules on a game he "
                         "plays.",
                         "Кроме главного судьи — учётные записи с ролью судьи, которые "
                         "принимают решения по партиям этого соревнования (Кодекс 4.6); "
                         "по своей партии решений не принимает никто."),
    "ev.ties": ("Equal scores", "Равенство очков"),
    "ev.ties.tiebreaks": ("decided by the tie-breaks (Code 3.16.3)",
                          "решают дополнительные показатели (Кодекс 3.16.3)"),
    "ev.ties.playoff": ("decided by a play-off first (Code 3.16.2), then the tie-breaks",
                        "сначала дополнительное соревнование (Кодекс 3.16.2), затем показатели"),
    "ev.playoff_places": ("Places decided by play-off", "Места, разыгрываемые дополнительно"),
    "ev.playoff_places_help": ("1: only first place; 0: every place",
                               "1 — только первое место; 0 — все места"),
    "ev.lots": ("players still equal after everything are placed by lot",
                "при полном равенстве места определяет жребий"),
    "ev.decided": ("Decided by", "Как определено"),
    "ev.playoffs": ("Play-offs", "Дополнительные соревнования"),
    "ev.playoff_pending": ("Place {place}: {names} are equal on points; a play-off decides.",
                           "Место {place}: {names} набрали поровну; место разыгрывается "
                           "дополнительно."),
    "ev.playoff_double": ("a match of two games (both colours)",
                          "матч из двух партий (разными цветами)"),
    "ev.playoff_create": ("Set up the play-off", "Назначить дополнительное соревнование"),
    "ev.playoff_note": ("why it cannot be held", "почему его нельзя провести"),
    "ev.playoff_not_held": ("It cannot be held: the tie-breaks decide",
                            "Провести нельзя: решают показатели"),
    "ev.playoff_title": ("Play-off: {names}", "Дополнительное соревнование: {names}"),
    "ev.playoff_not_held_note": ("Not held ({note}): the criteria of Code 3.16.3 decide.",
                                 "Не проводилось ({note}): решают критерии Кодекса 3.16.3."),
    "ev.lots_due": ("{count} group(s) to be placed by lot.",
                    "Жребий нужен для групп: {count}."),
    "ev.report": ("Judges' report", "Отчёт судейской коллегии"),
    "ev.draw_lots": ("Draw the lots", "Провести жеребьёвку"),
    "error.event_ties": ("Equal scores are decided by tie-breaks or by a play-off.",
                         "Равенство решают показатели или дополнительное соревнование."),
    "error.event_playoff_early": ("A play-off is held after the event's last result.",
                                  "Дополнительное соревнование проводится после последнего "
                                  "результата."),
    "error.event_players": ("The players are given by their numbers.",
                            "Участники задаются номерами."),
    "ev.create_account": ("make the account if the player has none",
                          "создать учётную запись, если её нет"),
    "ev.account_created": ("The account {name} is made; give the player this first "
                           "password (shown once):",
                           "Учётная запись {name} создана; передайте игроку этот пароль "
                           "(показывается один раз):"),
    "ev.arbiter_add": ("Add an arbiter", "Добавить судью"),
    "ev.arbiter_remove": ("Remove the arbiter {name}", "Убрать судью {name}"),
    "corr.invitations": ("Invitations", "Приглашения"),
    "corr.invitation_to_you": ("waiting for your answer", "ждёт вашего ответа"),
    "corr.invitation_sent": ("Invitation sent: the game starts when it is accepted.",
                             "Приглашение отправлено: партия начнётся, когда его примут."),
    "corr.invited": ("{name} invites you to this game; its days count from your acceptance.",
                     "{name} приглашает вас на эту партию; время считается с принятия."),
    "corr.accept_invitation": ("Accept and start", "Принять и начать"),
    "corr.decline_invitation": ("Decline", "Отклонить"),
    "corr.withdraw_invitation": ("Withdraw the invitation", "Отозвать приглашение"),
    "corr.declined": ("The invitation was declined or withdrawn.",
                      "Приглашение отклонено или отозвано."),
    "corr.judge_optional": ("Judge (optional)", "Судья (необязательно)"),
    "corr.judge_help": ("An account with the arbiter's role who rules on this game "
                        "(Code 5.1.7); without one, the administrators do.",
                        "Учётная запись с ролью судьи, которая решает споры в этой партии "
                        "(Кодекс 5.1.7); без судьи — администраторы."),
    "error.corr_invited": ("The game has not started: it waits for the invitation's answer.",
                           "Партия не началась: приглашение ждёт ответа."),
    "error.corr_answered": ("The invitation has been answered already.",
                            "На приглашение уже ответили."),
    "error.corr_not_invited": ("Only the invited player accepts.",
                               "Принять может только приглашённый."),
    "error.corr_bad_judge": ("{name} cannot judge this game: a judge has the arbiter's role "
                             "and plays in neither colour.",
                             "{name} не может судить эту партию: судья — с ролью судьи и "
                             "не играет в ней."),
    "error.corr_not_judge": ("You judge no game of {name}'s.",
                             "Вы не судья ни одной партии игрока {name}."),
    "error.admin_reason": ("The reason is at most {limit} characters.",
                           "Причина — не больше {limit} символов."),
    "error.admin_last": ("{name} is the last administrator: make another administrator "
                         "first.", "{name} — последний администратор: сначала назначьте "
                         "другого."),
    "game.claim_pending": ("{side} claims a draw by threefold repetition: claim pending — the "
                           "arbiter rules ({article}).",
                           "{side} заявили о троекратном повторении: заявление ждёт решения "
                           "судьи ({article})."),
    "game.claim_written": ("Written, not played: {move}.", "Записан, но не сделан ход {move}."),
    "game.claim_rejected": ("The arbiter rejected the claim ({article}); the game goes on.",
                            "Судья отклонил заявление ({article}); партия продолжается."),
    "arb.decision.both-absent": ("both lose: neither player appeared",
                                 "поражение обоим: неявка обоих"),
    "arb.decision.both-no-record": ("both lose: the record cannot be restored",
                                    "поражение обоим: запись партии не восстановить"),
    "arb.decision.both-sanction": ("both lose: a sanction", "поражение обоим: санкция"),
    "action.both_lose": ("both players lose", "поражение обоим"),
    "game.turn.white": ("White to move", "Ход белых"),
    "game.turn.black": ("Black to move", "Ход чёрных"),
})

_DETAILS = {
    # Details that the rules library writes, in Russian.
    "White resigned": "Белые сдались",
    "Black resigned": "Чёрные сдались",
    "White flag fell": "У белых упал флажок",
    "Black flag fell": "У чёрных упал флажок",
    "offered by White": "предложили белые",
    "offered by Black": "предложили чёрные",
    "by making a move": "сделав ход",
    "no threefold repetition": "троекратного повторения нет",
    "claim false and the claimant's time ran out":
        "заявление не подтвердилось, а время заявившего истекло",
    "wrong set-up found; the game stands": "неправильная расстановка; партия остаётся в силе",
    "set-up corrected before both moved": "расстановка исправлена до первых ходов обеих сторон",
    "forfeit-white": "победа белых: неявка чёрных",
    "forfeit-black": "победа чёрных: неявка белых",
    "white": "победа белых",
    "black": "победа чёрных",
    "draw": "ничья: выигрыш невозможен",
    "both-absent": "поражение обоим: неявка обоих",
    "both-no-record": "поражение обоим: запись партии не восстановить",
    "both-sanction": "поражение обоим: санкция",
}

_DETAIL_PATTERNS = {
    # Details with numbers and moves in them: a regular expression (the same in Python and
    # JavaScript) and its Russian text, $1, $2... standing for the groups.
    r"^position repeated (\d+) times \(plies \[([\d, ]+)\]\)$":
        "позиция повторилась $1 раза (полуходы $2)",
    r"^claim by White \(Code ([\d.]+)\)$": "заявили белые (Кодекс $1)",
    r"^claim by Black \(Code ([\d.]+)\)$": "заявили чёрные (Кодекс $1)",
    r"^counted from ply (\d+)$": "отсчёт с полухода $1",
    r"^(\d+) plies of king moves without a man move or capture$":
        "$1 полуходов одними дамками без ходов простых и взятий",
    r"^(\d+) moves by the stronger side since ply (\d+)$":
        "$1 ходов сильнейшей стороны с полухода $2",
    r"^(\d+) pieces, both with kings, (\d+) plies without a change$":
        "$1 шашек, у обеих сторон дамки, $2 полуходов без изменения соотношения",
    r"^lone king on the main road, (\d+) moves by the stronger side$":
        "одинокая дамка на большой дороге, $1 ходов сильнейшей стороны",
    r"^lone king alone on the long diagonal in (\d+) positions$":
        "одинокая дамка на большой дороге в $1 позициях",
    r"^(\d+) plies since the balance arose$": "$1 полуходов с возникновения соотношения сил",
    r"^written move (.+)$": "записанный ход $1",
    r"^replayed from ply (\d+)$": "переиграна с полухода $1",
    r"^remark: (.*)$": "замечание: $1",
    r"^warning: (.*)$": "предупреждение: $1",
    r"^reprimand: (.*)$": "выговор: $1",
    r"^loss: (.*)$": "поражение в партии: $1",
    r"^exclusion: (.*)$": "исключение из соревнования: $1",
}
_COMPILED = [(re.compile(k), v) for k, v in _DETAIL_PATTERNS.items()]


def _detail_ru(text: str) -> str:
    """One detail of the rules library in Russian: each ``; ``-separated part that is a
    known text or matches a known pattern is translated, the rest is kept."""
    out = []
    for part in text.split("; "):
        done = _DETAILS.get(part)
        if done is None:
            for pattern, template in _COMPILED:
                m = pattern.match(part)
                if m:
                    done = m.expand(re.sub(r"\$(\d)", r"\\g<\1>", template))
                    break
        out.append(part if done is None else done)
    return "; ".join(out)

# --- security: who may rule on a game, limits (issue 12; docs/security.md) -----------------
_T.update({
    "error.own_game": ("Nobody rules on a game he plays.",
                       "Решать партию, в которой играешь сам, нельзя."),
    "error.not_arbiter": ("Only the arbiters of this game's event may rule on it.",
                          "Решения по партии принимают только судьи этого соревнования."),
    "corr.invitations": ("Invitations", "Приглашения"),
    "corr.invitation_to_you": ("waiting for your answer", "ждёт вашего ответа"),
    "corr.invitation_sent": ("Invitation sent: the game starts when it is accepted.",
                             "Приглашение отправлено: партия начнётся, когда его примут."),
    "corr.invited": ("{name} invites you to this game; its days count from your acceptance.",
                     "{name} приглашает вас на эту партию; время считается с принятия."),
    "corr.accept_invitation": ("Accept and start", "Принять и начать"),
    "corr.decline_invitation": ("Decline", "Отклонить"),
    "corr.withdraw_invitation": ("Withdraw the invitation", "Отозвать приглашение"),
    "corr.declined": ("The invitation was declined or withdrawn.",
                      "Приглашение отклонено или отозвано."),
    "corr.judge_optional": ("Judge (optional)", "Судья (необязательно)"),
    "corr.judge_help": ("An account with the arbiter's role who rules on this game "
                        "(Code 5.1.7); without one, the administrators do.",
                        "Учётная запись с ролью судьи, которая решает споры в этой партии "
                        "(Кодекс 5.1.7); без судьи — администраторы."),
    "error.corr_invited": ("The game has not started: it waits for the invitation's answer.",
                           "Партия не началась: приглашение ждёт ответа."),
    "error.corr_answered": ("The invitation has been answered already.",
                            "На приглашение уже ответили."),
    "error.corr_not_invited": ("Only the invited player accepts.",
                               "Принять может только приглашённый."),
    "error.corr_bad_judge": ("{name} cannot judge this game: a judge has the arbiter's role "
                             "and plays in neither colour.",
                             "{name} не может судить эту партию: судья — с ролью судьи и "
                             "не играет в ней."),
    "error.corr_not_judge": ("You judge no game of {name}'s.",
                             "Вы не судья ни одной партии игрока {name}."),
    "error.admin_reason": ("An administrator's action on a game must give its reason.",
                           "Администратор должен указать причину решения по партии."),
})


class Texts:
    """The texts of one language; call with a key (and format parameters)."""

    def __init__(self, language: str) -> None:
        self.language = language if language in LANGUAGES else "ru"

    def __call__(self, key: str, **params: Any) -> str:
        pair = _T.get(key)
        if pair is None:
            return key
        text = pair[1] if self.language == "ru" else pair[0]
        return text.format(**params) if params else text

    def has(self, key: str) -> bool:
        return key in _T

    def article(self, article: str | None) -> str:
        """An article reference in this language: ``Code 1.8.1`` is ``Кодекс 1.8.1``."""
        if not article:
            return ""
        if self.language == "ru" and article.startswith("Code "):
            return "Кодекс " + article[5:]
        return article

    def kind(self, kind: str | None) -> str:
        return self(f"kind.{kind}") if kind else ""

    def detail(self, text: str) -> str:
        """A detail from the rules library (English) in this language, where it is one of
        the common ones; other details are shown as they are."""
        if self.language != "ru":
            return text
        kind, sep, rest = text.partition(": ")
        if sep and f"kind.{kind}" in _T:
            return f"{self.kind(kind)}: {_detail_ru(rest)}"
        return _detail_ru(text)

    def color(self, color: str | None) -> str:
        return self(f"color.{color}") if color else ""

    def error(self, code: str, **params: Any) -> str:
        key = f"error.{code}"
        if key not in _T:
            key = "error.bad_request"
        try:
            text = self(key, **params)
        except (KeyError, IndexError):
            return self(key) if "{" not in self(key) else code
        return text.replace(" ()", "").replace(": .", ".").rstrip(": ")


def details() -> dict[str, str]:
    """The translated library details (for the page's script); the keys starting ``re:``
    are patterns (:data:`_DETAIL_PATTERNS`)."""
    return {**_DETAILS, **{f"re:{k}": v for k, v in _DETAIL_PATTERNS.items()}}


def all_texts() -> dict[str, tuple[str, str]]:
    """Every key with its (English, Russian) pair (for tests and the JavaScript)."""
    return dict(_T)

# --- draughts composition: composing tournaments, solving competitions (issue 18) ---------
_T.update({
    "nav.compose": ("Composition", "Композиция"),
    "comp.contests": ("Composition contests", "Конкурсы по композиции"),
    "comp.intro": ("Composing tournaments (entries under a pseudonym, judged on diagrams and "
                   "solutions) and solving competitions.",
                   "Конкурсы составления (композиции под девизом, судьи видят только "
                   "диаграммы и решения) и конкурсы решения."),
    "comp.create": ("New contest", "Новый конкурс"),
    "comp.create_button": ("Create the contest", "Создать конкурс"),
    "comp.organisers_only": ("Organisers create contests; the creator directs it.",
                             "Конкурсы создают организаторы; создатель — его директор."),
    "comp.name": ("Name", "Название"),
    "comp.kind": ("Kind", "Вид"),
    "comp.kind.composing": ("Composing tournament", "Конкурс составления"),
    "comp.kind.solving": ("Solving competition", "Конкурс решения"),
    "comp.status.open": ("open", "приём"),
    "comp.status.judging": ("judging", "судейство"),
    "comp.status.running": ("solving", "идёт решение"),
    "comp.status.closed": ("closed", "итоги"),
    "comp.scale": ("Marks and distinctions", "Оценки и отличия"),
    "comp.low": ("Lowest mark", "Низшая оценка"),
    "comp.high": ("Highest mark", "Высшая оценка"),
    "comp.step": ("Step", "Шаг"),
    "comp.prizes": ("Prizes", "Призы"),
    "comp.mentions": ("Honourable mentions", "Почётные отзывы"),
    "comp.commendations": ("Commendations", "Похвальные отзывы"),
    "comp.minutes": ("Time limit, minutes (solving)", "Время, минут (решение)"),
    "comp.minutes_help": ("for a solving competition", "для конкурса решения"),
    "comp.scale_is": ("Marks {low}–{high} in steps of {step}; an entry's mark is the "
                      "average of its judges'.",
                      "Оценки {low}–{high} с шагом {step}; оценка композиции — среднее "
                      "оценок судей."),
    "comp.time_limit": ("Time limit: {minutes} min; ties are broken by the time used.",
                        "Время: {minutes} мин; при равенстве очков выше тот, кто решил "
                        "быстрее."),
    "comp.director": ("Director", "Директор"),
    "comp.judges": ("Judges", "Судьи"),
    "comp.director_tools": ("Director", "Директор конкурса"),
    "comp.appoint_judge": ("Appoint a judge (account name)", "Назначить судью (имя)"),
    "comp.appoint": ("Appoint", "Назначить"),
    "comp.advance.composing.open": ("Close entries and start judging",
                                    "Закрыть приём и начать судейство"),
    "comp.advance.composing.judging": ("Publish the award", "Опубликовать итоги"),
    "comp.advance.solving.open": ("Start the clock", "Начать решение"),
    "comp.advance.solving.running": ("Close and publish the standings",
                                     "Завершить и опубликовать итоги"),
    "comp.submit": ("Send a composition", "Прислать композицию"),
    "comp.submit_help": ("Your name is seen by the director only; the judges see the "
                         "diagram and the solution. The checker proves it on arrival.",
                         "Ваше имя видит только директор; судьи видят диаграмму и "
                         "решение. Программа проверяет композицию при получении."),
    "comp.pseudonym": ("Pseudonym", "Девиз"),
    "comp.fen": ("Position (FEN, White to move)", "Позиция (FEN, ход белых)"),
    "comp.stipulation": ("Stipulation", "Задание"),
    "comp.stipulation_example": ("White to play and win", "Белые начинают и выигрывают"),
    "comp.solution": ("Solution", "Решение"),
    "comp.or_pdn": ("…or a PDN record", "…или запись PDN"),
    "comp.submit_button": ("Send", "Отправить"),
    "comp.entries": ("Entries", "Композиции"),
    "comp.judge_help": ("Mark each entry on the scale; your own entry is not shown for "
                        "marking.", "Оцените каждую композицию; свою вы не оцениваете."),
    "comp.diagram_of": ("Diagram № {number}", "Диаграмма № {number}"),
    "comp.checker": ("Checker", "Проверка"),
    "comp.verdict.sound": ("sound", "корректна"),
    "comp.verdict.dual": ("sound, with duals", "корректна, есть дуали"),
    "comp.verdict.unsound": ("unsound", "некорректна"),
    "comp.verdict.unproven": ("not proven within the limit", "не доказано в пределах"),
    "comp.defect.no-solution": ("no solution", "нет решения"),
    "comp.defect.cook": ("cook", "побочное решение"),
    "comp.defect.dual": ("dual", "дуаль"),
    "comp.defect.shorter": ("shorter solution", "более короткое решение"),
    "comp.defect.illegal": ("illegal position", "невозможная позиция"),
    "comp.defect.unreachable": ("unreachable position", "недостижимая позиция"),
    "comp.anticipated": ("same position in", "та же позиция в"),
    "comp.own_entry": ("Your own entry: you do not mark it.", "Ваша композиция: вы её не "
                                                               "оцениваете."),
    "comp.mark": ("Mark", "Оценка"),
    "comp.comment": ("Comment", "Отзыв"),
    "comp.save_mark": ("Save", "Сохранить"),
    "comp.final_table": ("Final table", "Итоговая таблица"),
    "comp.place": ("Place", "Место"),
    "comp.author": ("Author", "Автор"),
    "comp.marks": ("Marks", "Оценки"),
    "comp.average": ("Mark", "Оценка"),
    "comp.distinction": ("Distinction", "Отличие"),
    "comp.distinction.prize": ("Prize {n}", "{n}-й приз"),
    "comp.distinction.mention": ("Honourable mention {n}", "{n}-й почётный отзыв"),
    "comp.distinction.commendation": ("Commendation {n}", "{n}-й похвальный отзыв"),
    "comp.not_placed": ("not placed (unsound)", "вне зачёта (некорректна)"),
    "comp.award": ("Award", "Итоги конкурса"),
    "comp.award_pdf": ("The award (PDF)", "Итоги (PDF)"),
    "comp.add_position": ("Add a position", "Добавить позицию"),
    "comp.add_position_button": ("Add", "Добавить"),
    "comp.points": ("Points", "Очки"),
    "comp.points_n": ("{n} points", "{n} очк."),
    "comp.positions": ("Positions", "Позиции"),
    "comp.your_moves": ("Solution, move by move", "Решение, ход за ходом"),
    "comp.paper_solver": ("From paper: solver", "С бланка: решающий"),
    "comp.paper_minutes": ("his minutes", "его минуты"),
    "comp.send_solution": ("Send the solution", "Отправить решение"),
    "comp.standings": ("Standings", "Таблица"),
    "comp.solver": ("Solver", "Решающий"),
    "comp.total": ("Points", "Очки"),
    "comp.time": ("Time", "Время"),
    "error.comp_not_director": ("Only this contest's director may do that.",
                                "Это может только директор конкурса."),
    "error.comp_no_account": ("No account {name}.", "Нет учётной записи {name}."),
    "error.comp_director_judge": ("The director does not judge his contest.",
                                  "Директор не судит свой конкурс."),
    "error.comp_closed": ("The contest is closed.", "Конкурс завершён."),
    "error.comp_no_judges": ("Appoint the judges first.", "Сначала назначьте судей."),
    "error.comp_no_positions": ("Add the positions first.", "Сначала добавьте позиции."),
    "error.comp_entries_closed": ("Entries are closed.", "Приём композиций закрыт."),
    "error.comp_not_judge": ("Only this contest's judges mark.",
                             "Оценивают только судьи конкурса."),
    "error.comp_not_judging": ("Marks are given while the contest is judged.",
                               "Оценки ставятся во время судейства."),
    "error.comp_own_entry": ("A judge never marks his own entry.",
                             "Судья не оценивает свою композицию."),
    "error.comp_positions_closed": ("The positions are set before the start.",
                                    "Позиции задаются до начала."),
    "error.comp_not_running": ("The competition is not running.", "Решение не идёт."),
    "error.comp_time_over": ("The time limit is over.", "Время вышло."),
    "error.comp_hidden": ("Not shown to you at this stage.",
                          "На этом этапе вам не показывается."),
})
