"""The build step that ``pyproject.toml`` cannot say: the translations (``.po``) are
compiled to ``.mo`` catalogues with Babel before the package is built, for a wheel, an
sdist install and an editable install alike (docs/translating.md)."""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

LOCALE = Path(__file__).resolve().parent / "src" / "shashki" / "locale"


def compile_catalogues() -> None:
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    for po in sorted(LOCALE.glob("*/LC_MESSAGES/*.po")):
        with po.open("rb") as f:
            catalog = read_po(f, locale=po.parent.parent.name)
        with po.with_suffix(".mo").open("wb") as f:
            write_mo(f, catalog)


class BuildWithCatalogues(build_py):
    def run(self) -> None:
        compile_catalogues()
        super().run()


setup(cmdclass={"build_py": BuildWithCatalogues})
