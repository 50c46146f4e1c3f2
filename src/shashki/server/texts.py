"""The platform's texts in English and Russian.

>>> Texts("ru")("nav.login"), Texts("en")("nav.login")
('Вход', 'Log in')
>>> Texts("ru").article("Code 1.9.1.1")
'Кодекс 1.9.1.1'
>>> Texts("en")("error.rate_limited", seconds=3)
'Too many attempts; try again in 3 s.'
"""

from __future__ import annotations

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
}


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
            return f"{self.kind(kind)}: {_DETAILS.get(rest, rest)}"
        return _DETAILS.get(text, text)

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
    """The translated library details (for the page's script)."""
    return dict(_DETAILS)


def all_texts() -> dict[str, tuple[str, str]]:
    """Every key with its (English, Russian) pair (for tests and the JavaScript)."""
    return dict(_T)
