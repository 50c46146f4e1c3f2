"""``shashki serve`` arguments."""

from __future__ import annotations

import argparse
import socket
from pathlib import Path

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


def test_bad_database_and_busy_port_are_one_line(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """The findings: ``serve`` with a bad database URL or a port in use printed a
    traceback."""
    for url in ("nosuchdb://x/y", "postgresql://nobody@127.0.0.1:1/none",
                f"sqlite:///{tmp_path}/file.txt/inside.db"):
        (tmp_path / "file.txt").write_text("not a directory")
        assert cli.main(["serve", "--database", url, "--port", "8765"]) == 2
        err = capsys.readouterr().err
        assert err.startswith("shashki serve: error: ") and err.count("\n") == 1, err
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        db = f"sqlite:///{tmp_path}/ok.db"
        assert cli.main(["serve", "--database", db, "--port", str(port)]) == 2
        err = capsys.readouterr().err
        assert f"cannot listen on 127.0.0.1:{port}" in err and err.count("\n") == 1


def test_secure_cookies_follow_the_base_url() -> None:
    assert cli.settings_from(parse("--base-url", "https://shashki.example.org/")).secure
    assert not cli.settings_from(parse("--base-url", "http://192.0.2.1:8000")).secure
    assert not cli.settings_from(parse("--base-url", "https://x.org",
                                       "--no-secure-cookies")).secure
    assert cli.settings_from(parse("--secure-cookies")).secure
    assert cli.settings_from(parse("--behind-proxy")).behind_proxy == "127.0.0.1,::1"
