"""The rules of each variant: geometry, policies and the compiled kernels."""

from shashki.rules.brazilian import BRAZILIAN
from shashki.rules.eighty import RUSSIAN_80
from shashki.rules.geometry import Geometry
from shashki.rules.giveaway import RUSSIAN_GIVEAWAY
from shashki.rules.international import INTERNATIONAL
from shashki.rules.russian import RUSSIAN
from shashki.rules.variant import Goal, Variant

VARIANTS: dict[str, Variant] = {
    v.name: v for v in (RUSSIAN, BRAZILIAN, INTERNATIONAL, RUSSIAN_GIVEAWAY, RUSSIAN_80)
}
"""Every variant shashki plays, by name.

>>> list(VARIANTS)
['russian', 'brazilian', 'international', 'russian-giveaway', 'russian-80']
"""
_ALIASES = {a: v for v in VARIANTS.values() for a in v.aliases}

__all__ = [
    "BRAZILIAN",
    "INTERNATIONAL",
    "RUSSIAN",
    "RUSSIAN_80",
    "RUSSIAN_GIVEAWAY",
    "VARIANTS",
    "Geometry",
    "Goal",
    "Variant",
    "as_variant",
    "variant_by_name",
]


def variant_by_name(name: str) -> Variant:
    """The variant called ``name`` (or one of its aliases); raises KeyError otherwise.

    >>> variant_by_name("russian-giveaway").name
    'russian-giveaway'
    """
    key = name.strip().lower()
    if key in VARIANTS:
        return VARIANTS[key]
    if key in _ALIASES:
        return _ALIASES[key]
    raise KeyError(name)


def as_variant(variant: str | Variant) -> Variant:
    """``variant`` itself, or the variant of that name; raises
    :class:`~shashki.errors.UnknownVariant` (naming the known ones) otherwise.

    >>> from shashki.errors import UnknownVariant
    >>> as_variant("international") is INTERNATIONAL, as_variant(RUSSIAN) is RUSSIAN
    (True, True)
    >>> try:
    ...     as_variant("checkers")
    ... except UnknownVariant as e:
    ...     print(e.name)
    checkers
    """
    if isinstance(variant, Variant):
        return variant
    try:
        return variant_by_name(variant)
    except KeyError:
        from shashki.errors import UnknownVariant

        raise UnknownVariant(variant, sorted(VARIANTS)) from None
