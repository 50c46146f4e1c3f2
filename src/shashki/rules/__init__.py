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
    """The variant called ``name`` (or one of its aliases); raises KeyError otherwise."""
    key = name.strip().lower()
    if key in VARIANTS:
        return VARIANTS[key]
    if key in _ALIASES:
        return _ALIASES[key]
    raise KeyError(name)


def as_variant(variant: str | Variant) -> Variant:
    """``variant`` itself, or the variant of that name; raises
    :class:`~shashki.errors.UnknownVariant` (naming the known ones) otherwise."""
    if isinstance(variant, Variant):
        return variant
    try:
        return variant_by_name(variant)
    except KeyError:
        from shashki.errors import UnknownVariant

        raise UnknownVariant(variant, sorted(VARIANTS)) from None
