"""Who does what in a correspondence event (Code 5.1.6-5.1.8).

The organiser appoints a judge and a playing captain («староста», Code 5.1.6). The judge
rules on overstepped time, breaches and disputes (5.1.7); the captain registers finished
games, keeps the results table and reports (5.1.8). Without a captain the judge does his
duties (rules.md P8).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from shashki.correspondence.errors import NotAllowed
from shashki.i18n import N_, translation


class Role(StrEnum):
    """A person's role in an event: judge (Code 5.1.7), captain (5.1.8) or player.

    >>> [r.value for r in Role], Person("Petrov").role
    (['judge', 'captain', 'player'], <Role.PLAYER: 'player'>)
    """
    JUDGE = "judge"
    CAPTAIN = "captain"
    PLAYER = "player"


@dataclass(frozen=True)
class Person:
    """A participant or official: a name, an e-mail address, a role.

    >>> Person("Ivanov", email="ivanov@example.org")
    Person(name='Ivanov', role=<Role.PLAYER: 'player'>, email='ivanov@example.org')
    >>> Person("Judge", Role.JUDGE).role
    <Role.JUDGE: 'judge'>
    """

    name: str
    role: Role = Role.PLAYER
    email: str = ""


ROLE_NAMES = {Role.JUDGE: N_("judge"), Role.CAPTAIN: N_("captain"), Role.PLAYER: N_("player")}


def require(person: Person, *roles: Role, action: str, article: str) -> None:
    """Refuse ``action`` to ``person`` unless his role is one of ``roles``.

    Code 5.1.8 (last paragraph, rules.md P8): the judge may always act for the captain.
    """
    allowed = set(roles)
    if Role.CAPTAIN in allowed:
        allowed.add(Role.JUDGE)
    if person.role not in allowed:

        def need(lang: str) -> str:
            tr = translation(lang)
            return tr.gettext(" or ").join(tr.gettext(ROLE_NAMES[r]) for r in roles)

        raise NotAllowed(N_("{name} ({role}) may not {action}: only the {need} may ({article})"),
                         name=person.name, role=ROLE_NAMES[person.role], action=action,
                         need=need, article=article)
