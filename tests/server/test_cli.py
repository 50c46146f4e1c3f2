"""``shashki serve`` arguments."""

from __future__ import annotations

import argparse

import pytest

from shashki.server import cli
from shashki.server.core.settings import Settings, default_database_url


def parse(*argv: str) -> argparse.Namespace:
    return cli.build_parser().parse_args(["serve", *argv])


def test_defaults() -> None:
    args = parse()
    assert (args.host, args.port, args.open, args.database) == ("127.0.0.1", 8000, False, None)
    s = cli.settings_from(args)
    assert s.url == default_database_url() and s.url.endswith("shashki.db")
    assert s.url.startswith("sqlite:///")


def test_options() -> None:
    args = parse("--host", "0.0.0.0", "--port", "9001", "--database", "sqlite:////tmp/x.db",
                 "--open", "--language", "en")
    s = cli.settings_from(args)
    assert (s.host, s.port, s.url, s.language, args.open) == (
        "0.0.0.0", 9001, "sqlite:////tmp/x.db", "en", True)
    assert parse("--no-open").open is False


def test_register_adds_serve_to_another_parser() -> None:
    parser = argparse.ArgumentParser(prog="shashki")
    sub = parser.add_subparsers(dest="command")
    cli.register(sub)
    assert parser.parse_args(["serve", "--port", "1234"]).port == 1234


def test_bad_port_and_language(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["serve", "--port", "70000"]) == 2
    assert "bad port" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        parse("--language", "de")
    with pytest.raises(ValueError, match="language"):
        Settings(language="de")
